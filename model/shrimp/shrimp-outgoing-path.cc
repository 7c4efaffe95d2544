/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The outgoing datapath of Figure 2: snooped automatic updates and the Deliberate Update
// Engine, the Packetizing logic and the Outgoing FIFO, the Arbiter and the NIC chip.

#include "shrimp-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShrimpOutgoingPath");

/// A deliberate update the engine works on.
struct ShrimpNetDevice::DuJob : public SimpleRefCount<DuJob>
{
    uint64_t src{0};          //!< next source address
    uint64_t dst{0};          //!< next destination proxy address
    uint32_t remaining{0};    //!< bytes still to read
    bool interrupt{false};    //!< destination interrupt on the last packet
    Callback<void> read;      //!< the last byte has been read
    uint32_t pendingParts{0}; //!< the burst's EISA and memory-bus reads not yet done
};

bool
ShrimpNetDevice::IsAligned(uint64_t src, uint64_t dst)
{
    return src % 4 == 0 && dst % 4 == 0;
}

void
ShrimpNetDevice::Snooped(uint64_t addr, uint64_t len)
{
    if (m_selfWrite)
    {
        return; // the card's own incoming DMA: the snoop logic watches processor writes
    }
    if (m_memorySystem && m_memorySystem->GetCachePolicy(addr) == HostMemorySystem::WRITE_BACK)
    {
        return; // a store to a write-back page stays in the cache: the bus never sees it
    }
    while (len > 0)
    {
        const uint64_t pageEnd = (addr / m_pageBytes + 1) * m_pageBytes;
        const uint32_t n = static_cast<uint32_t>(
            std::min<uint64_t>({len, pageEnd - addr, static_cast<uint64_t>(m_maxPacketData)}));
        AutomaticUpdate(addr, n);
        addr += n;
        len -= n;
    }
}

void
ShrimpNetDevice::AutomaticUpdate(uint64_t addr, uint32_t len)
{
    const uint64_t page = m_opt.PageOf(addr);
    const std::optional<ShrimpOutgoingEntry> e = m_opt.Find(page);
    if (!e)
    {
        return; // not bound
    }
    ++m_updates;
    std::vector<uint8_t> bytes(len);
    NS_ABORT_MSG_UNLESS(GetMemory()->Read(addr, bytes.data(), len),
                        "ShrimpNetDevice: snooped a write outside memory");
    const uint64_t pageEnd = (page + 1) * m_pageBytes;
    if (m_open && m_openPacket.srcPage == page && m_openPacket.nextSource == addr &&
        m_openPacket.data.size() + len <= m_maxPacketData)
    {
        m_openPacket.data.insert(m_openPacket.data.end(), bytes.begin(), bytes.end());
        m_openPacket.nextSource = addr + len;
        if (m_openPacket.data.size() == m_maxPacketData || addr + len == pageEnd)
        {
            CloseOpenPacket();
        }
        else if (e->timer)
        {
            m_combineTimer.Cancel();
            m_combineTimer = Simulator::Schedule(m_cost->GetCombineTimeout(),
                                                 &ShrimpNetDevice::CombineTimeout,
                                                 this);
        }
        return;
    }
    CloseOpenPacket();
    if (!e->combine && m_memorySystem && len > m_memorySystem->GetStoreBytes())
    {
        // The memory system reports a line's stores together; without combining each store
        // is a packet of its own.
        const uint32_t store = m_memorySystem->GetStoreBytes();
        for (uint32_t off = 0; off < len; off += store)
        {
            Outgoing one;
            one.dstHost = e->dstHost;
            one.dstAddress = static_cast<uint32_t>(e->dstPage + m_opt.OffsetOf(addr + off));
            one.srcPage = page;
            one.interrupt = e->interrupt;
            one.data.assign(bytes.begin() + off, bytes.begin() + std::min(len, off + store));
            Enqueue(std::move(one));
        }
        return;
    }
    Outgoing out;
    out.dstHost = e->dstHost;
    out.dstAddress = static_cast<uint32_t>(e->dstPage + m_opt.OffsetOf(addr));
    out.srcPage = page;
    out.nextSource = addr + len;
    out.interrupt = e->interrupt;
    out.data = std::move(bytes);
    if (e->combine && out.data.size() < m_maxPacketData && addr + len < pageEnd)
    {
        m_open = true;
        m_openPacket = std::move(out);
        if (e->timer)
        {
            m_combineTimer.Cancel();
            m_combineTimer = Simulator::Schedule(m_cost->GetCombineTimeout(),
                                                 &ShrimpNetDevice::CombineTimeout,
                                                 this);
        }
        return;
    }
    Enqueue(std::move(out));
}

void
ShrimpNetDevice::CombineTimeout()
{
    NS_LOG_FUNCTION(this);
    CloseOpenPacket();
}

void
ShrimpNetDevice::CloseOpenPacket()
{
    if (!m_open)
    {
        return;
    }
    m_open = false;
    m_combineTimer.Cancel();
    Enqueue(std::move(m_openPacket));
    m_openPacket = Outgoing();
}

void
ShrimpNetDevice::Enqueue(Outgoing&& out)
{
    ShrimpHeader h;
    h.kind = ShrimpHeader::DATA;
    h.flags = out.interrupt ? ShrimpHeader::FLAG_INTERRUPT : 0;
    h.length = static_cast<uint16_t>(out.data.size());
    h.address = out.dstAddress;
    Ptr<Packet> p = Create<Packet>(out.data.data(), static_cast<uint32_t>(out.data.size()));
    p->AddHeader(h);
    ++m_packetsSent;
    m_bytesSent += out.data.size();
    const uint32_t dst = out.dstHost;
    const Time port = m_cost->GetPortRate().CalculateBytesTxTime(p->GetSize());
    ++m_fifoPackets;
    // The packetizing logic's latency, then the Arbiter grants the port (incoming first).
    Simulator::Schedule(m_cost->GetDatapathLatency() * m_cost->GetOutgoingShare(),
                        [this, dst, p, port]() {
                            m_port->Submit(
                                port,
                                MakeSanCallback<void>([this, dst, p]() { Transmit(dst, p); }),
                                PORT_OUTGOING);
                        });
}

void
ShrimpNetDevice::EnqueueControl(uint32_t dstHost, uint8_t kind, uint32_t token, Ptr<Packet> payload)
{
    ShrimpHeader h;
    h.kind = kind;
    h.address = token;
    Ptr<Packet> p = payload ? payload : Create<Packet>();
    h.length = static_cast<uint16_t>(p->GetSize());
    p->AddHeader(h);
    const Time port = m_cost->GetPortRate().CalculateBytesTxTime(p->GetSize());
    ++m_fifoPackets;
    Simulator::Schedule(
        m_cost->GetDatapathLatency() * m_cost->GetOutgoingShare(),
        [this, dstHost, p, port]() {
            m_port->Submit(port,
                           MakeSanCallback<void>([this, dstHost, p]() { Transmit(dstHost, p); }),
                           PORT_OUTGOING);
        });
}

void
ShrimpNetDevice::Transmit(uint32_t dstHost, Ptr<Packet> packet)
{
    NS_ASSERT(m_fifoPackets > 0);
    --m_fifoPackets;
    NS_ABORT_MSG_UNLESS(GetFabricPort()->SendPacket(dstHost, packet),
                        "ShrimpNetDevice: the fabric refused a packet to host "
                            << dstHost << " (an OPT entry names a host the fabric lacks?)");
}

void
ShrimpNetDevice::Fence(uint32_t dstHost, Callback<void> echoed)
{
    CloseOpenPacket();
    const uint32_t token = m_nextFence++;
    m_fences.emplace_back(token, echoed);
    EnqueueControl(dstHost, ShrimpHeader::FENCE, token);
}

void
ShrimpNetDevice::SendKernelMessage(uint32_t dstHost, uint32_t port, Ptr<const Packet> payload)
{
    NS_ABORT_MSG_IF(payload == nullptr || payload->GetSize() > m_maxPacketData,
                    "ShrimpNetDevice::SendKernelMessage: a message of "
                        << (payload ? payload->GetSize() : 0) << " bytes (at most "
                        << m_maxPacketData << ")");
    EnqueueControl(dstHost, ShrimpHeader::KERNEL, port, payload->Copy());
}

bool
ShrimpNetDevice::DeliberateUpdate(uint64_t src,
                                  uint64_t dst,
                                  uint32_t bytes,
                                  bool interrupt,
                                  Callback<void> initiated,
                                  Callback<void> read)
{
    NS_LOG_FUNCTION(this << src << dst << bytes);
    if (!IsAligned(src, dst) || bytes == 0)
    {
        return false;
    }
    const uint32_t words = (bytes + 3) / 4 * 4;
    for (uint64_t page = dst / m_pageBytes; page <= (dst + words - 1) / m_pageBytes; ++page)
    {
        if (!m_opt.Find(page))
        {
            return false;
        }
    }
    NS_ABORT_MSG_UNLESS(GetMemory()->Contains(src, words),
                        "ShrimpNetDevice::DeliberateUpdate: source [" << src << ", +" << words
                                                                      << ") is not in memory");
    Ptr<DuJob> job = Create<DuJob>();
    job->src = src;
    job->dst = dst;
    job->remaining = words;
    job->interrupt = interrupt;
    job->read = read;
    // The initiation sequence: a store and a load decoded by the EISA card (section 2.2).
    Ptr<HostBus> eisa = GetIoBus();
    eisa->Pio(4,
              MakeSanCallback<void>([this, eisa, job, initiated]() {
                  eisa->PioLoad(4,
                                MakeSanCallback<void>([this, job, initiated]() {
                                    if (!initiated.IsNull())
                                    {
                                        initiated();
                                    }
                                    DuNextBurst(job);
                                }),
                                PORT_OUTGOING);
              }),
              PORT_OUTGOING);
    return true;
}

void
ShrimpNetDevice::DuNextBurst(Ptr<DuJob> job)
{
    if (job->remaining == 0)
    {
        if (!job->read.IsNull())
        {
            job->read();
        }
        return;
    }
    Ptr<HostBus> eisa = GetIoBus();
    const uint64_t pageEnd = (job->dst / m_pageBytes + 1) * m_pageBytes;
    const uint32_t burst = eisa->GetBurstLength() * eisa->GetWidth();
    const uint32_t n =
        static_cast<uint32_t>(std::min<uint64_t>({job->remaining,
                                                  pageEnd - job->dst,
                                                  static_cast<uint64_t>(burst),
                                                  static_cast<uint64_t>(m_maxPacketData)}));
    const uint64_t src = job->src;
    const uint64_t dst = job->dst;
    job->src += n;
    job->dst += n;
    job->remaining -= n;
    // The burst crosses EISA while the bridge reads memory over the Xpress bus.
    job->pendingParts = m_memorySystem ? 2 : 1;
    Callback<void> part([this, job, src, dst, n]() {
        if (--job->pendingParts == 0)
        {
            DuBurstRead(job, src, dst, n);
        }
    });
    m_outgoingDma->Read(n, 0, part);
    if (m_memorySystem)
    {
        m_memorySystem->InboundRead(n, part);
    }
}

void
ShrimpNetDevice::DuBurstRead(Ptr<DuJob> job, uint64_t src, uint64_t dst, uint32_t n)
{
    const std::optional<ShrimpOutgoingEntry> e = m_opt.Find(dst / m_pageBytes);
    NS_ABORT_MSG_IF(!e,
                    "ShrimpNetDevice: a deliberate update's destination page was unbound "
                    "while the update was in progress");
    Outgoing out;
    out.dstHost = e->dstHost;
    out.dstAddress = static_cast<uint32_t>(e->dstPage + dst % m_pageBytes);
    out.srcPage = dst / m_pageBytes;
    out.interrupt = job->interrupt && job->remaining == 0;
    out.data.resize(n);
    NS_ABORT_MSG_UNLESS(GetMemory()->Read(src, out.data.data(), n),
                        "ShrimpNetDevice: a deliberate update's source left memory");
    CloseOpenPacket(); // the FIFO keeps order: an open combined packet goes first
    Enqueue(std::move(out));
    DuNextBurst(job);
}

} // namespace ns3
