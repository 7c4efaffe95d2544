/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// SciNetDevice's receive side: requests taken or refused with an echo, writes into memory in
// arrival order across the PCI bus and the system bus, read responses, and the atomic
// increment of interrupt flags (SCILAN 1998, sections 3.2 and 4.2).

#include "sci-net-device.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/san-fabric-port.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciReceivePath");

void
SciNetDevice::ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost)
{
    if (packet->GetSize() < SciHeader::BYTES)
    {
        Drop(DROP_MALFORMED, packet, srcHost);
        return;
    }
    Ptr<Packet> p = packet->Copy();
    SciHeader h;
    p->RemoveHeader(h);
    // The receive half of the adapter's datapath, then its fixed delay.
    m_rxPath.Cross(AdapterTime(packet->GetSize()), p, h, srcHost);
}

void
SciNetDevice::RxPathDone(Ptr<Packet> p, const SciHeader& h, uint32_t srcHost)
{
    Simulator::Schedule(m_cost->GetAdapterLatency(), &SciNetDevice::Accepted, this, p, h, srcHost);
}

void
SciNetDevice::Accepted(Ptr<Packet> p, SciHeader h, uint32_t srcHost)
{
    switch (h.GetType())
    {
    case SciHeader::ECHO:
        m_transactions.EchoReceived(h);
        return;
    case SciHeader::READ_RESPONSE: {
        uint32_t len = 0;
        ReadCallback done;
        if (!m_transactions.TakeResponse(h.GetTransaction(), len, done))
        {
            Drop(DROP_MALFORMED, p, srcHost);
            return;
        }
        // The data goes back to the stalled processor across the PCI bus.
        std::vector<uint8_t> bytes(p->GetSize());
        p->CopyData(bytes.data(), bytes.size());
        GetIoBus()->PioLoad(len, MakeSanCallback<void>([done, bytes]() {
                                done(bytes.data(), static_cast<uint32_t>(bytes.size()));
                            }));
        return;
    }
    case SciHeader::WRITE_REQUEST:
    case SciHeader::READ_REQUEST:
        break;
    default:
        Drop(DROP_MALFORMED, p, srcHost);
        return;
    }
    if (m_receiveErrors && m_receiveErrors->IsCorrupt(p))
    {
        // A corrupted send packet is not taken; the echo asks for it again (hardware retry).
        Drop(DROP_CORRUPT, p, srcHost);
        SendEcho(srcHost, h.GetTransaction(), SciHeader::RETRY);
        return;
    }
    const uint32_t len = h.GetType() == SciHeader::WRITE_REQUEST ? p->GetSize() : h.GetLength();
    uint64_t hostAddress = 0;
    int64_t flag = -1;
    bool plain = false;
    if (!Resolve(h.GetAddress(), len, hostAddress, flag, plain))
    {
        Drop(DROP_NO_SEGMENT, p, srcHost);
        if (h.GetType() == SciHeader::WRITE_REQUEST)
        {
            SendEcho(srcHost, h.GetTransaction(), SciHeader::ERROR);
        }
        return;
    }
    if (h.GetType() == SciHeader::WRITE_REQUEST)
    {
        SendEcho(srcHost, h.GetTransaction(), SciHeader::DONE); // taken
    }
    Inbound in{h, {}, srcHost, hostAddress, flag, plain};
    if (h.GetType() == SciHeader::WRITE_REQUEST && (flag < 0 || plain))
    {
        in.data = TakeBuffer();
        in.data.resize(p->GetSize());
        p->CopyData(in.data.data(), in.data.size());
    }
    m_inbound.push_back(std::move(in));
    NextInbound();
}

bool
SciNetDevice::Resolve(uint64_t address,
                      uint32_t len,
                      uint64_t& hostAddress,
                      int64_t& flag,
                      bool& plain) const
{
    if (address >= FLAG_SPACE)
    {
        plain = (address & FLAG_PLAIN) != 0;
        const uint64_t id = (address - FLAG_SPACE - (plain ? FLAG_PLAIN : 0)) / 4;
        if (id >= m_flags.size() || len != 4)
        {
            return false;
        }
        flag = static_cast<int64_t>(id);
        hostAddress = m_flags[id];
        return true;
    }
    auto it = m_segments.upper_bound(address);
    if (it == m_segments.begin())
    {
        return false;
    }
    --it;
    const uint64_t off = address - it->first;
    if (off + len > it->second.size)
    {
        return false;
    }
    hostAddress = it->second.hostAddress + off;
    return true;
}

void
SciNetDevice::SendEcho(uint32_t srcHost, uint16_t transaction, SciHeader::Status status)
{
    SciHeader e;
    e.SetType(SciHeader::ECHO);
    e.SetStatus(status);
    e.SetSourceNode(GetNodeId());
    e.SetTransaction(transaction);
    Transmit(static_cast<uint16_t>(srcHost), e, nullptr);
}

void
SciNetDevice::NextInbound()
{
    if (m_inboundBusy || m_inbound.empty())
    {
        return;
    }
    m_inboundBusy = true;
    const Inbound& in = m_inbound.front();
    if (in.flag >= 0)
    {
        const bool read = in.header.GetType() == SciHeader::READ_REQUEST;
        FlagAccess(!in.plain, read);
        return;
    }
    if (in.header.GetType() == SciHeader::READ_REQUEST)
    {
        // The adapter reads memory across the PCI bus and answers.
        m_inboundDma->Read(in.header.GetLength(), 0, MakeSanCallback<void>([this]() {
                               const Inbound& r = m_inbound.front();
                               std::vector<uint8_t> bytes(r.header.GetLength());
                               GetMemory()->Read(r.hostAddress, bytes.data(), bytes.size());
                               SciHeader h;
                               h.SetType(SciHeader::READ_RESPONSE);
                               h.SetSourceNode(GetNodeId());
                               h.SetTransaction(r.header.GetTransaction());
                               h.SetAddress(r.header.GetAddress());
                               Transmit(static_cast<uint16_t>(r.srcHost),
                                        h,
                                        Create<Packet>(bytes.data(), bytes.size()));
                               InboundDone();
                           }));
        return;
    }
    // A write: across the PCI bus, then the system bus, then it is in memory. The next one
    // starts on the PCI bus as soon as this one is off it (the bridge posts the write).
    m_inboundDma->Transfer(static_cast<uint32_t>(in.data.size()), m_inboundWritten);
}

void
SciNetDevice::InboundWritten()
{
    Inbound& w = m_inbound.front();
    Ptr<HostMemorySystem> system = GetHost()->GetMemorySystem();
    if (system)
    {
        uint32_t index;
        if (m_freeLandings.empty())
        {
            index = static_cast<uint32_t>(m_landings.size());
            m_landings.emplace_back();
            m_landings[index].landed =
                MakeSanCallback<void>([this, index]() { InboundLanded(index); });
        }
        else
        {
            index = m_freeLandings.back();
            m_freeLandings.pop_back();
        }
        InboundLanding& l = m_landings[index];
        l.hostAddress = w.hostAddress;
        l.data.swap(w.data);
        system->InboundWrite(l.data.size(), l.landed);
    }
    else
    {
        GetMemory()->Write(w.hostAddress, w.data.data(), w.data.size());
        m_bytesReceived += w.data.size();
    }
    InboundDone();
}

void
SciNetDevice::InboundLanded(uint32_t index)
{
    InboundLanding& l = m_landings[index];
    GetMemory()->Write(l.hostAddress, l.data.data(), l.data.size());
    m_bytesReceived += l.data.size();
    if (m_buffers.size() < 64)
    {
        m_buffers.push_back(std::move(l.data));
    }
    l.data = std::vector<uint8_t>();
    m_freeLandings.push_back(index);
}

void
SciNetDevice::FlagAccess(bool increment, bool respond)
{
    // A locked read-modify-write of the flag's word across the PCI bus (and the system bus):
    // an increment through the special mapping, a plain write or read through the ordinary.
    Ptr<HostMemorySystem> system = GetHost()->GetMemorySystem();
    m_inboundDma->Read(4, 0, MakeSanCallback<void>([this, system, increment, respond]() {
                           m_inboundDma->Transfer(
                               4,
                               MakeSanCallback<void>([this, system, increment, respond]() {
                                   auto apply = [this, increment, respond]() {
                                       const Inbound& in = m_inbound.front();
                                       const uint32_t flag = static_cast<uint32_t>(in.flag);
                                       const uint32_t before = ReadFlag(flag);
                                       if (increment)
                                       {
                                           WriteFlag(flag, before + 1);
                                           ++m_stimuli;
                                           if ((before & 0x80000000u) == 0)
                                           {
                                               m_interruptTrace(flag, before);
                                               RaiseFlagInterrupt(flag);
                                           }
                                       }
                                       else if (!respond)
                                       {
                                           GetMemory()->Write(in.hostAddress, in.data.data(), 4);
                                       }
                                       if (respond)
                                       {
                                           uint8_t b[4];
                                           HostWords::Store32(b, before);
                                           SciHeader h;
                                           h.SetType(SciHeader::READ_RESPONSE);
                                           h.SetSourceNode(GetNodeId());
                                           h.SetTransaction(in.header.GetTransaction());
                                           h.SetAddress(in.header.GetAddress());
                                           Transmit(static_cast<uint16_t>(in.srcHost),
                                                    h,
                                                    Create<Packet>(b, 4));
                                       }
                                       InboundDone();
                                   };
                                   if (system)
                                   {
                                       system->InboundWrite(4, Callback<void>(apply));
                                   }
                                   else
                                   {
                                       apply();
                                   }
                               }));
                       }));
}

void
SciNetDevice::InboundDone()
{
    m_inbound.pop_front();
    m_inboundBusy = false;
    NextInbound();
}

void
SciNetDevice::RaiseFlagInterrupt(uint32_t flag)
{
    ++m_flagInterrupts;
    GetCpu()->InterruptInstructions(m_cost->GetInterruptInstructions(),
                                    MakeSanCallback<void>([this, flag]() {
                                        if (!m_flagHandlers[flag].IsNull())
                                        {
                                            m_flagHandlers[flag]();
                                        }
                                    }));
}

} // namespace ns3
