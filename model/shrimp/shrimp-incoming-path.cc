/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The incoming datapath of Figure 2: the NIC chip's port (incoming first at the Arbiter), the
// Incoming Page Table, the Incoming DMA Engine over EISA, the freeze on a disabled page, and
// the notification interrupt.

#include "shrimp-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShrimpIncomingPath");

void
ShrimpNetDevice::ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost)
{
    if (packet == nullptr)
    {
        Drop(MALFORMED, packet, srcHost);
        return;
    }
    const Time port = m_cost->GetPortRate().CalculateBytesTxTime(packet->GetSize());
    const Time latency = m_cost->GetDatapathLatency() * (1 - m_cost->GetOutgoingShare());
    m_port->Submit(port,
                   MakeSanCallback<void>([this, packet, srcHost, latency]() {
                       Simulator::Schedule(latency, [this, packet, srcHost]() {
                           m_incoming.push_back(Incoming{packet, srcHost});
                           IncomingNext();
                       });
                   }),
                   PORT_INCOMING);
}

void
ShrimpNetDevice::IncomingNext()
{
    while (!m_dmaBusy && !m_frozen && !m_incoming.empty())
    {
        Incoming in = m_incoming.front();
        m_incoming.pop_front();
        if (in.packet->GetSize() < ShrimpHeader::BYTES)
        {
            Drop(MALFORMED, in.packet, in.srcHost);
            continue;
        }
        ShrimpHeader h;
        in.packet->PeekHeader(h);
        const uint32_t dataBytes = in.packet->GetSize() - ShrimpHeader::BYTES;
        if (h.kind == ShrimpHeader::FENCE || h.kind == ShrimpHeader::FENCE_ECHO ||
            h.kind == ShrimpHeader::KERNEL)
        {
            if (h.length != dataBytes || (h.kind != ShrimpHeader::KERNEL && dataBytes != 0) ||
                (h.kind == ShrimpHeader::KERNEL && m_kernelMessage.IsNull()))
            {
                Drop(MALFORMED, in.packet, in.srcHost);
                continue;
            }
            Control(h, in.srcHost, in.packet);
            continue;
        }
        if (h.kind != ShrimpHeader::DATA || h.length != dataBytes || dataBytes == 0)
        {
            Drop(MALFORMED, in.packet, in.srcHost);
            continue;
        }
        const uint64_t page = m_ipt.PageOf(h.address);
        if (m_ipt.OffsetOf(h.address) + dataBytes > m_pageBytes ||
            !GetMemory()->Contains(h.address, dataBytes))
        {
            Drop(BAD_ADDRESS, in.packet, in.srcHost);
            continue;
        }
        const std::optional<ShrimpIncomingEntry> e = m_ipt.Find(page);
        if (!e || !e->enabled)
        {
            // Freeze: nothing more is taken from the FIFO until the driver has dealt with it.
            m_frozen = true;
            ++m_freezes;
            GetCpu()->InterruptInstructions(
                m_cost->GetFaultHandlerInstructions(),
                MakeSanCallback<void>([this, in]() { FaultHandler(in); }));
            return;
        }
        const bool notify = (h.flags & ShrimpHeader::FLAG_INTERRUPT) && e->interrupt;
        std::vector<uint8_t> data(dataBytes);
        Ptr<Packet> copy = in.packet->Copy();
        copy->RemoveHeader(h);
        copy->CopyData(data.data(), dataBytes);
        m_dmaBusy = true;
        ++m_landing;
        ++m_checked;
        const uint32_t address = h.address;
        // The engine is busy while the data crosses EISA; the bridge posts it onto the memory
        // bus, so the next packet's EISA transfer overlaps this one's memory write.
        GetDmaEngine()->Transfer(dataBytes, MakeSanCallback<void>([this, address, data, notify]() {
                                     m_dmaBusy = false;
                                     Callback<void> landed([this, address, data, notify]() {
                                         Simulator::Schedule(GetIoBus()->GetInboundWriteDelay(),
                                                             &ShrimpNetDevice::IncomingLanded,
                                                             this,
                                                             address,
                                                             data,
                                                             notify);
                                     });
                                     if (m_memorySystem)
                                     {
                                         m_memorySystem->InboundWriteAt(address,
                                                                        data.size(),
                                                                        landed);
                                     }
                                     else
                                     {
                                         landed();
                                     }
                                     IncomingNext();
                                 }));
    }
}

void
ShrimpNetDevice::IncomingLanded(uint32_t address, const std::vector<uint8_t>& data, bool notify)
{
    m_selfWrite = true;
    const bool ok = GetMemory()->Write(address, data.data(), data.size());
    m_selfWrite = false;
    NS_ASSERT_MSG(ok, "ShrimpNetDevice: checked address failed to write");
    ++m_delivered;
    NS_ASSERT(m_landing > 0);
    --m_landing;
    while (!m_landingWaiters.empty() && m_landingWaiters.front().first <= m_delivered)
    {
        Callback<void> cb = m_landingWaiters.front().second;
        m_landingWaiters.pop_front();
        cb();
    }
    if (notify)
    {
        ++m_notifications;
        GetCpu()->InterruptInstructions(m_cost->GetNotifyHandlerInstructions(),
                                        MakeSanCallback<void>([this, address]() {
                                            if (!m_notify.IsNull())
                                            {
                                                m_notify(address);
                                            }
                                        }));
    }
    if (m_landing == 0)
    {
        EchoPendingFences();
    }
}

void
ShrimpNetDevice::AfterLandings(Callback<void> done)
{
    if (m_delivered >= m_checked)
    {
        done();
        return;
    }
    m_landingWaiters.emplace_back(m_checked, done);
}

void
ShrimpNetDevice::FaultHandler(Incoming in)
{
    NS_LOG_FUNCTION(this << in.srcHost);
    Drop(DISABLED_PAGE, in.packet, in.srcHost);
    m_frozen = false;
    IncomingNext();
}

void
ShrimpNetDevice::Control(const ShrimpHeader& h, uint32_t srcHost, Ptr<const Packet> p)
{
    if (h.kind == ShrimpHeader::KERNEL)
    {
        // The driver's interrupt handler takes it off the card, as it takes a fence's echo,
        // and hands it to the daemon.
        Ptr<Packet> payload = p->Copy();
        ShrimpHeader stripped;
        payload->RemoveHeader(stripped);
        const uint32_t port = h.address;
        GetCpu()->InterruptInstructions(m_cost->GetFenceHandlerInstructions(),
                                        MakeSanCallback<void>([this, srcHost, port, payload]() {
                                            if (!m_kernelMessage.IsNull())
                                            {
                                                m_kernelMessage(srcHost, port, payload);
                                            }
                                        }));
        return;
    }
    if (h.kind == ShrimpHeader::FENCE)
    {
        // Echo once every packet taken before it is in memory.
        m_pendingEchoes.emplace_back(srcHost, h.address);
        if (m_landing == 0)
        {
            EchoPendingFences();
        }
        return;
    }
    const uint32_t token = h.address;
    GetCpu()->InterruptInstructions(m_cost->GetFenceHandlerInstructions(),
                                    MakeSanCallback<void>([this, token]() {
                                        for (auto it = m_fences.begin(); it != m_fences.end(); ++it)
                                        {
                                            if (it->first == token)
                                            {
                                                Callback<void> cb = it->second;
                                                m_fences.erase(it);
                                                cb();
                                                return;
                                            }
                                        }
                                    }));
}

void
ShrimpNetDevice::EchoPendingFences()
{
    while (!m_pendingEchoes.empty())
    {
        const auto [host, token] = m_pendingEchoes.front();
        m_pendingEchoes.pop_front();
        GetCpu()->InterruptInstructions(m_cost->GetFenceHandlerInstructions(),
                                        MakeSanCallback<void>([this, host = host, token = token]() {
                                            EnqueueControl(host, ShrimpHeader::FENCE_ECHO, token);
                                        }));
    }
}

} // namespace ns3
