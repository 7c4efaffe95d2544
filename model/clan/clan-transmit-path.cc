/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ClanNetDevice's transmit side: processor stores and loads into the windows, and the DMA
// engine (Riddoch et al. 1999, sections 2.2, 2.3 and 3.4).

#include "clan-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanTransmitPath");

void
ClanNetDevice::Store(uint64_t busAddress, const uint8_t* data, uint32_t len, Callback<void> landed)
{
    NS_ABORT_MSG_IF(!IsAttached(), "ClanNetDevice::Store: device not attached");
    NS_ABORT_MSG_IF(len == 0, "ClanNetDevice::Store: an empty store");
    m_windows.Find(busAddress, len); // a store outside every mapping faults
    m_pio->Store(busAddress - WINDOW_BASE, data, len, landed);
}

void
ClanNetDevice::StoresLanded(uint64_t offset, const uint8_t* data, uint32_t len)
{
    if (len == 0)
    {
        return; // a load's place in the order of stores (see Load)
    }
    const uint64_t busAddress = WINDOW_BASE + offset;
    const ClanWindow& w = m_windows.Find(busAddress, len);
    const uint64_t remote = w.remote.base + (busAddress - w.busBase);
    // The processor's write buffer and the host bridge merge stores into aligned blocks, one
    // PCI write transaction each; "each of which represents a write burst" and becomes a
    // packet (section 2.2).
    const uint32_t block = GetIoBus()->GetPioBurstBytes();
    uint32_t done = 0;
    while (done < len)
    {
        const uint64_t at = busAddress + done;
        const uint32_t room = block - static_cast<uint32_t>(at % block);
        const uint32_t n = std::min(room, len - done);
        SendBurst(w.remote.host, remote + done, data + done, n, false, at, Seconds(0));
        done += n;
    }
}

void
ClanNetDevice::SendBurst(uint32_t dstHost,
                         uint64_t address,
                         const uint8_t* data,
                         uint32_t len,
                         bool dma,
                         uint64_t localBus,
                         Time lastByteReady)
{
    // Local Tripwires watch this NIC's own accesses through its windows (section 2.5: "to
    // detect completion of an outgoing asynchronous DMA transfer for example").
    SendBurst(dstHost, address, Create<Packet>(data, len), dma, localBus, lastByteReady);
}

void
ClanNetDevice::SendBurst(uint32_t dstHost,
                         uint64_t address,
                         Ptr<Packet> p,
                         bool dma,
                         uint64_t localBus,
                         Time lastByteReady)
{
    MatchTripwires(localBus, p->GetSize(), true, false);
    ClanHeader h;
    h.SetType(ClanHeader::WRITE);
    h.SetAddress(address);
    h.SetDma(dma);
    p->AddHeader(h);
    ++m_packetsSent;
    const Time ready = std::max(lastByteReady, Simulator::Now()) + m_cost->GetTxPipelineDelay();
    Simulator::Schedule(m_cost->GetTxPipelineDelay(), [this, dstHost, p, ready]() {
        NS_ABORT_MSG_IF(
            !GetFabricPort()->SendSplittablePacket(dstHost, p, ClanHeader::WRITE_BYTES, ready),
            "ClanNetDevice: the fabric refused a burst of " << p->GetSize() << " bytes to host "
                                                            << dstHost);
    });
}

void
ClanNetDevice::Load(uint64_t busAddress, uint32_t len, ReadCallback done)
{
    NS_ABORT_MSG_IF(!IsAttached(), "ClanNetDevice::Load: device not attached");
    NS_ABORT_MSG_IF(len == 0 || len > m_cost->GetDmaTransmitBurst() * 4,
                    "ClanNetDevice::Load: a load of " << len << " bytes (1 to "
                                                      << m_cost->GetDmaTransmitBurst() * 4 << ")");
    const ClanWindow& w = m_windows.Find(busAddress, len);
    const uint32_t dstHost = w.remote.host;
    const uint64_t remote = w.remote.base + (busAddress - w.busBase);
    const uint32_t tag = m_nextTag++;
    m_loads.emplace(tag, PendingLoad{len, done});
    MatchTripwires(busAddress, len, false, false);
    // The load follows every earlier store through the write buffer and bridge (PCI ordering:
    // a read does not pass posted writes), then leaves as a request.
    m_pio->Store(busAddress - WINDOW_BASE,
                 nullptr,
                 0,
                 MakeSanCallback<void>([this, dstHost, remote, len, tag]() {
                     ClanHeader h;
                     h.SetType(ClanHeader::READ_REQUEST);
                     h.SetAddress(remote);
                     h.SetLength(len);
                     h.SetTag(tag);
                     Ptr<Packet> p = Create<Packet>();
                     p->AddHeader(h);
                     Simulator::Schedule(m_cost->GetTxPipelineDelay(), [this, dstHost, p]() {
                         NS_ABORT_MSG_IF(!GetFabricPort()->SendPacket(dstHost, p),
                                         "ClanNetDevice: the fabric refused a read request to "
                                         "host "
                                             << dstHost);
                     });
                 }));
}

void
ClanNetDevice::DmaStart(const ClanDmaRequest& request, uint32_t queue)
{
    NS_LOG_FUNCTION(this << request.bytes << queue);
    NS_ABORT_MSG_IF(!GetMemory()->Contains(request.source, request.bytes),
                    "ClanNetDevice: DMA source [0x" << std::hex << request.source << ", +"
                                                    << std::dec << request.bytes
                                                    << ") is not host memory");
    m_windows.Find(request.destination, request.bytes); // aborts unless mapped
    CheckDmaTransmitBurst();                            // the preset may have changed since Attach
    m_dmaRequest = request;
    m_dmaDone = 0;
    m_dmaRunning = true;
    DmaNextBurst();
}

void
ClanNetDevice::DmaNextBurst()
{
    const uint32_t n =
        static_cast<uint32_t>(std::min<uint64_t>(m_dmaRequest.bytes - m_dmaDone,
                                                 uint64_t(m_cost->GetDmaTransmitBurst()) * 4));
    Ptr<HostBus> bus = GetIoBus();
    const Time burst = bus->GetDmaBurstTime(n, true);
    // The first word is on the card after the burst's overhead and read latency: the packet
    // starts leaving then (section 2.2), and ends when the burst does.
    const Time firstWord = burst - bus->GetCyclesTime((n + 3) / 4 - 1);
    // The card's DMA engine (SanNicDevice's first) reads the burst from host memory.
    GetDmaEngine()->Burst(
        n,
        true,
        MakeSanCallback<void>([this, n, burst, firstWord]() {
            const uint64_t busAddress = m_dmaRequest.destination + m_dmaDone;
            const ClanWindow& w = m_windows.Find(busAddress, n);
            m_scratch.resize(n);
            GetMemory()->Read(m_dmaRequest.source + m_dmaDone, m_scratch.data(), n);
            const uint64_t remote = w.remote.base + (busAddress - w.busBase);
            const uint32_t host = w.remote.host;
            Ptr<Packet> payload = Create<Packet>(m_scratch.data(), n);
            const Time end = Simulator::Now() + burst;
            Simulator::Schedule(firstWord, [this, host, remote, payload, busAddress, end]() {
                SendBurst(host, remote, payload, true, busAddress, end);
            });
        }),
        MakeSanCallback<void>([this, n]() {
            m_dmaDone += n;
            if (m_dmaDone < m_dmaRequest.bytes)
            {
                DmaNextBurst();
                return;
            }
            m_dmaRunning = false;
            m_dma->Completed();
        }));
}

} // namespace ns3
