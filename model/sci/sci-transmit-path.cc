/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// SciNetDevice's transmit side: stores gathered into 64-byte requests (SciTransactions sends
// them and takes their echoes), the error check, remote loads and the DMA engine (SCILAN 1998,
// sections 3.2, 4.2).

#include "sci-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/san-fabric-port.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciTransmitPath");

namespace
{
/// Bytes a virtual-payload store stands for at most (a copy loop's line).
constexpr uint32_t ZERO_BYTES = 4096;
const uint8_t g_zeros[ZERO_BYTES] = {};
} // namespace

/// A DMA transfer in progress.
struct SciDmaJob : public SimpleRefCount<SciDmaJob>
{
    uint64_t hostAddress; //!< source in memory
    uint16_t node;        //!< target node
    uint64_t sciAddress;  //!< target address
    uint32_t len;         //!< bytes
    uint32_t next{0};     //!< next byte to read
    uint32_t unechoed{0}; //!< requests without their echo
    Callback<void> done;  //!< the caller
};

const SciNetDevice::Mapping&
SciNetDevice::FindMapping(uint64_t busAddress, uint32_t len) const
{
    // Mappings never overlap and are never removed: the one found last answers again.
    if (m_lastMapping != nullptr && busAddress >= m_lastMapping->busBase &&
        busAddress + len <= m_lastMapping->busBase + m_lastMapping->size)
    {
        return *m_lastMapping;
    }
    auto it = m_maps.upper_bound(busAddress);
    NS_ABORT_MSG_IF(it == m_maps.begin(),
                    "SciNetDevice: no mapping at bus address 0x" << std::hex << busAddress);
    --it;
    const Mapping& m = it->second;
    NS_ABORT_MSG_IF(busAddress + len > m.busBase + m.size,
                    "SciNetDevice: an access of " << len << " bytes at 0x" << std::hex << busAddress
                                                  << " runs past its mapping");
    m_lastMapping = &m;
    return m;
}

void
SciNetDevice::Store(uint64_t busAddress, const uint8_t* data, uint32_t len, Callback<void> landed)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::Store: device not attached");
    NS_ABORT_MSG_IF(len == 0, "SciNetDevice::Store: an empty store");
    FindMapping(busAddress, len); // a store outside every mapping faults now
    m_pio->Store(busAddress, data != nullptr ? data : g_zeros, len, landed);
}

HostMemorySystem::StoreSink
SciNetDevice::GetStoreSink(uint64_t busAddress)
{
    Ptr<SciNetDevice> self = this;
    return HostMemorySystem::StoreSink(
        [self, busAddress](uint64_t offset, const uint8_t* data, uint32_t len, Callback<void> l) {
            NS_ABORT_MSG_IF(data == nullptr && len > ZERO_BYTES,
                            "SciNetDevice: a virtual store of more than " << ZERO_BYTES
                                                                          << " bytes");
            self->Store(busAddress + offset, data, len, l);
        });
}

void
SciNetDevice::StoresLanded(uint64_t offset, const uint8_t* data, uint32_t len)
{
    if (len == 0)
    {
        return; // a load's or a check's place in the order of stores
    }
    if (offset >= FLAG_MAP_BASE)
    {
        // A store through a flag's special mapping (a stimulus) or its ordinary one: a
        // request of its own.
        uint64_t rel = offset - FLAG_MAP_BASE;
        const bool plain = rel >= FLAG_PLAIN_MAP;
        rel -= plain ? FLAG_PLAIN_MAP : 0;
        const uint16_t node = static_cast<uint16_t>(rel >> 24);
        const uint64_t flag = (rel & 0xffffff) / 4;
        SendGathered();
        QueueRequest(node,
                     FLAG_SPACE + (plain ? FLAG_PLAIN : 0) + flag * 4,
                     Create<Packet>(data, len),
                     Callback<void>());
        return;
    }
    const Mapping& m = FindMapping(offset, len);
    GatherStore(m.node, m.remote + (offset - m.busBase), data, len);
}

void
SciNetDevice::GatherStore(uint16_t node, uint64_t remote, const uint8_t* data, uint32_t len)
{
    while (len > 0)
    {
        Gather& g = m_gather;
        if (g.open && (g.node != node || g.start + g.len != remote ||
                       g.start / MAX_REQUEST_BYTES != remote / MAX_REQUEST_BYTES))
        {
            SendGathered(); // a store elsewhere: the open request leaves as it is
        }
        if (!g.open)
        {
            g.open = true;
            g.node = node;
            g.start = remote;
            g.len = 0;
        }
        const uint32_t room = MAX_REQUEST_BYTES - static_cast<uint32_t>(remote % MAX_REQUEST_BYTES);
        const uint32_t n = std::min(room, len);
        std::copy(data, data + n, g.data + g.len);
        g.len += n;
        remote += n;
        data += n;
        len -= n;
        if ((g.start + g.len) % MAX_REQUEST_BYTES == 0)
        {
            SendGathered(); // a full 64-byte block
        }
    }
    if (m_gather.open)
    {
        const uint64_t generation = ++m_gather.generation;
        Simulator::Schedule(m_cost->GetGatherTimeout(),
                            &SciNetDevice::GatherTimeout,
                            this,
                            generation);
    }
}

void
SciNetDevice::GatherTimeout(uint64_t generation)
{
    if (m_gather.open && m_gather.generation == generation)
    {
        SendGathered();
    }
}

void
SciNetDevice::Flush()
{
    SendGathered();
}

void
SciNetDevice::SendGathered()
{
    Gather& g = m_gather;
    if (!g.open)
    {
        return;
    }
    g.open = false;
    ++g.generation;
    QueueRequest(g.node, g.start, Create<Packet>(g.data, g.len), Callback<void>());
}

void
SciNetDevice::QueueRequest(uint16_t node, uint64_t address, Ptr<Packet> data, Callback<void> echoed)
{
    SciHeader h;
    h.SetType(SciHeader::WRITE_REQUEST);
    h.SetSourceNode(GetNodeId());
    h.SetAddress(address);
    m_transactions.QueueWrite(node, h, data, echoed);
}

void
SciNetDevice::Transmit(uint16_t node, const SciHeader& header, Ptr<const Packet> data)
{
    Ptr<Packet> p = data ? data->Copy() : Create<Packet>();
    p->AddHeader(header);
    // The transmit half of the adapter's datapath, then its fixed delay, then the link.
    m_txPath.Cross(AdapterTime(p->GetSize()), p, header, node);
}

void
SciNetDevice::TxPathDone(Ptr<Packet> p, const SciHeader& /* h */, uint32_t node)
{
    Simulator::Schedule(m_cost->GetAdapterLatency(),
                        &SciNetDevice::SendToFabric,
                        this,
                        static_cast<uint16_t>(node),
                        p);
}

void
SciNetDevice::SendToFabric(uint16_t node, Ptr<Packet> p)
{
    NS_ABORT_MSG_IF(!GetFabricPort()->SendPacket(node, p),
                    "SciNetDevice: the fabric refused a packet to node " << node);
}

void
SciNetDevice::CheckTransfers(CheckCallback done)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::CheckTransfers: device not attached");
    // After the stores issued before it have reached the adapter.
    m_pio->Store(0, nullptr, 0, MakeSanCallback<void>([this, done]() {
                     SendGathered();
                     m_checks.push_back(done);
                     MaybeChecked();
                 }));
}

void
SciNetDevice::MaybeChecked()
{
    if (m_checks.empty() || m_checkReading || !m_transactions.IsQuiet() || m_gather.open)
    {
        return;
    }
    // Every request has its echo: read and clear the adapter's error status (a PCI load).
    m_checkReading = true;
    GetIoBus()->PioLoad(4, MakeSanCallback<void>([this]() {
                            m_checkReading = false;
                            const bool ok = !m_transactions.TakeFailed();
                            std::vector<CheckCallback> checks;
                            checks.swap(m_checks);
                            for (auto& c : checks)
                            {
                                c(ok);
                            }
                        }));
}

void
SciNetDevice::Load(uint64_t busAddress, uint32_t len, ReadCallback done)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::Load: device not attached");
    NS_ABORT_MSG_IF(len == 0 || len > MAX_REQUEST_BYTES,
                    "SciNetDevice::Load: a load of " << len << " bytes (1 to " << MAX_REQUEST_BYTES
                                                     << ")");
    const Mapping& m = FindMapping(busAddress, len);
    const uint16_t node = m.node;
    const uint64_t remote = m.remote + (busAddress - m.busBase);
    // PCI ordering: the load does not pass the posted stores before it.
    m_pio->Store(busAddress, nullptr, 0, MakeSanCallback<void>([this, node, remote, len, done]() {
                     LoadRemote(node, remote, len, done);
                 }));
}

void
SciNetDevice::LoadRemote(uint16_t node, uint64_t remote, uint32_t len, ReadCallback done)
{
    SendGathered();
    SciHeader h;
    h.SetType(SciHeader::READ_REQUEST);
    h.SetSourceNode(GetNodeId());
    h.SetAddress(remote);
    h.SetLength(static_cast<uint16_t>(len));
    m_transactions.StartLoad(node, h, len, done);
}

void
SciNetDevice::DmaWrite(uint64_t hostAddress,
                       uint16_t node,
                       uint64_t sciAddress,
                       uint32_t len,
                       Callback<void> done)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::DmaWrite: device not attached");
    NS_ABORT_MSG_IF(len == 0, "SciNetDevice::DmaWrite: an empty transfer");
    NS_ABORT_MSG_IF(!GetMemory()->Contains(hostAddress, len),
                    "SciNetDevice::DmaWrite: the source is not allocated host memory");
    Ptr<SciDmaJob> job = Create<SciDmaJob>();
    job->hostAddress = hostAddress;
    job->node = node;
    job->sciAddress = sciAddress;
    job->len = len;
    job->done = done;
    // The driver starts the engine: a system call on the caller's processor.
    GetCpu()->SyscallInstructions(m_cost->GetDmaSetupInstructions(),
                                  MakeSanCallback<void>([this, job]() { DmaNext(job); }));
}

void
SciNetDevice::DmaNext(Ptr<SciDmaJob> job)
{
    if (job->next >= job->len)
    {
        return;
    }
    if (!m_transactions.HasRoom())
    {
        m_transactions.WhenRoom(MakeSanCallback<void>([this, job]() { DmaNext(job); }));
        return;
    }
    const uint64_t at = job->sciAddress + job->next;
    const uint32_t n =
        std::min<uint32_t>(MAX_REQUEST_BYTES - static_cast<uint32_t>(at % MAX_REQUEST_BYTES),
                           job->len - job->next);
    const uint32_t offset = job->next;
    job->next += n;
    ++job->unechoed;
    // The engine reads the block from memory across the PCI bus, then it leaves as a request.
    GetDmaEngine()->Read(n, 0, MakeSanCallback<void>([this, job, offset, n, at]() {
                             std::vector<uint8_t> bytes(n);
                             GetMemory()->Read(job->hostAddress + offset, bytes.data(), n);
                             QueueRequest(job->node,
                                          at,
                                          Create<Packet>(bytes.data(), n),
                                          MakeSanCallback<void>([job]() {
                                              if (--job->unechoed == 0 && job->next >= job->len &&
                                                  !job->done.IsNull())
                                              {
                                                  job->done();
                                              }
                                          }));
                             DmaNext(job);
                         }));
}

} // namespace ns3
