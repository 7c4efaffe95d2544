/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-stack-net-device.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostStackNetDevice");

NS_OBJECT_ENSURE_REGISTERED(HostStackNetDevice);

TypeId
HostStackNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostStackNetDevice")
            .SetParent<SanNetDevice>()
            .SetGroupName("San")
            .AddConstructor<HostStackNetDevice>()
            .AddTraceSource("Charge",
                            "A cost charged on the host (kind, duration).",
                            MakeTraceSourceAccessor(&HostStackNetDevice::m_chargeTrace),
                            "ns3::HostStackNetDevice::ChargeTracedCallback");
    return tid;
}

HostStackNetDevice::HostStackNetDevice()
{
    NS_LOG_FUNCTION(this);
}

HostStackNetDevice::~HostStackNetDevice()
{
    NS_LOG_FUNCTION(this);
}

uint64_t
HostStackNetDevice::InOrder::Begin()
{
    return ++m_begun;
}

void
HostStackNetDevice::InOrder::Done(uint64_t number, std::function<void()> then)
{
    if (number != m_next)
    {
        m_early.emplace(number, std::move(then));
        return;
    }
    ++m_next;
    then();
    // Those that finished early and whose turn has now come.
    for (auto it = m_early.begin(); it != m_early.end() && it->first == m_next;
         it = m_early.begin())
    {
        std::function<void()> next = std::move(it->second);
        m_early.erase(it);
        ++m_next;
        next();
    }
}

void
HostStackNetDevice::InOrder::Clear()
{
    m_early.clear();
}

void
HostStackNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_interruptTimer.Cancel();
    m_ring.clear();
    m_txOrder.Clear();
    m_rxOrder.Clear();
    if (m_lower)
    {
        m_lower->TraceDisconnectWithoutContext(
            "PhyTxEnd",
            MakeCallback(&HostStackNetDevice::TransmitEnded, this));
    }
    m_host = nullptr;
    m_lower = nullptr;
    m_os = nullptr;
    m_nic = nullptr;
    SanNetDevice::DoDispose();
}

void
HostStackNetDevice::Setup(Ptr<SanHost> host,
                          Ptr<NetDevice> lower,
                          Ptr<HostStackCosts> os,
                          Ptr<HostNicDriverCosts> nic)
{
    NS_LOG_FUNCTION(this << host << lower << os << nic);
    NS_ABORT_MSG_IF(m_lower, "HostStackNetDevice::Setup: called twice");
    NS_ABORT_MSG_IF(!host || !lower || !os || !nic,
                    "HostStackNetDevice::Setup: host, lower device and both cost presets needed");
    NS_ABORT_MSG_IF(!host->GetCpu() || !host->GetIoBus(),
                    "HostStackNetDevice::Setup: the host has no CPU or I/O bus (SanHost::Setup)");
    m_host = host;
    m_lower = lower;
    m_os = os;
    m_nic = nic;
    // The lower device now delivers to this device only; ns-3's IPv4 sees this one.
    lower->SetReceiveCallback(MakeCallback(&HostStackNetDevice::ReceiveFromLower, this));
    // The end of each frame on the wire (point-to-point and CSMA devices trace it), for NICs
    // that interrupt when their transmitter goes idle; a lower device without the trace source
    // takes no such interrupt.
    m_txEndTraced =
        lower->TraceConnectWithoutContext("PhyTxEnd",
                                          MakeCallback(&HostStackNetDevice::TransmitEnded, this));
}

Ptr<NetDevice>
HostStackNetDevice::GetLower() const
{
    return m_lower;
}

Ptr<HostStackCosts>
HostStackNetDevice::GetStackCosts() const
{
    return m_os;
}

Ptr<HostNicDriverCosts>
HostStackNetDevice::GetNicCosts() const
{
    return m_nic;
}

uint64_t
HostStackNetDevice::GetPacketsSent() const
{
    return m_sent;
}

uint64_t
HostStackNetDevice::GetPacketsReceived() const
{
    return m_received;
}

uint64_t
HostStackNetDevice::GetReceiveInterrupts() const
{
    return m_interrupts;
}

void
HostStackNetDevice::InNodeContext(std::function<void()> f)
{
    // The host's CPU and bus are FIFO servers fed from several contexts (a process started
    // from another node's callback, the fabric); ns-3's node and channel code expect their own
    // node's context, so cross into it (at the same time) where it differs.
    if (!m_node || Simulator::GetContext() == m_node->GetId())
    {
        f();
        return;
    }
    Simulator::ScheduleWithContext(m_node->GetId(), Seconds(0), f);
}

void
HostStackNetDevice::Trace(const char* kind, Time duration)
{
    m_chargeTrace(std::string(kind), duration);
}

bool
HostStackNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    NS_ABORT_MSG_IF(!m_lower, "HostStackNetDevice::Send before Setup");
    ++m_sent;
    Ptr<HostCpu> cpu = m_host->GetCpu();
    const Time protocol = cpu->InstructionsToTime(m_os->GetProtocolInstructions());
    const Time driver = cpu->InstructionsToTime(m_nic->GetTransmitInstructions());
    const Time setup = cpu->InstructionsToTime(m_nic->GetDmaSetupInstructions());
    Trace("tcpip-output", protocol);
    Trace("driver-transmit", driver);
    Trace("dma-setup", setup);
    // One CPU step: the kernel runs output processing and the driver without a break.
    Ptr<HostStackNetDevice> self = this;
    Address to = dest;
    cpu->Execute(protocol + driver + setup,
                 MakeSanCallback<void>([self, packet, to, protocolNumber]() {
                     if (self->m_nic->DoesOwnIo())
                     {
                         // The device moves the frame itself (and charges it).
                         self->InNodeContext([self, packet, to, protocolNumber]() {
                             if (self->m_lower)
                             {
                                 self->m_lower->Send(packet, to, protocolNumber);
                             }
                         });
                         return;
                     }
                     self->TransmitDma(packet, to, protocolNumber);
                 }));
    return true;
}

void
HostStackNetDevice::TransmitDma(Ptr<Packet> p, Address dest, uint16_t proto)
{
    NS_LOG_FUNCTION(this << p);
    if (!m_lower)
    {
        return; // disposed while the CPU worked
    }
    Ptr<HostBus> bus = m_host->GetIoBus();
    const uint64_t descriptor = m_nic->GetDescriptorBytes();
    const uint64_t frame = p->GetSize() + m_nic->GetLinkHeaderBytes();
    const uint64_t threshold = m_nic->GetTransmitStartBytes();
    // The part of the frame the NIC holds before the wire starts; the rest follows on the bus
    // while the frame is sent (the bus outruns the wire).
    const uint64_t first = threshold == 0 ? frame : std::min(frame, threshold);
    const uint64_t rest = frame - first;
    Trace("dma", bus->GetDmaTime(descriptor) + bus->GetDmaTime(first));
    if (rest > 0)
    {
        Trace("dma-overlap", bus->GetDmaTime(rest));
    }
    if (m_txEndTraced)
    {
        ++m_txInFlight;
    }
    Ptr<HostStackNetDevice> self = this;
    const uint64_t number = m_txOrder.Begin();
    // The NIC reads the descriptor, then the frame; the wire starts after the first part.
    bus->Dma(descriptor, MakeSanCallback<void>([self, bus, first, rest, p, dest, proto, number]() {
                 bus->Dma(first, MakeSanCallback<void>([self, p, dest, proto, number]() {
                              self->m_txOrder.Done(number, [self, p, dest, proto]() {
                                  self->InNodeContext([self, p, dest, proto]() {
                                      if (!self->m_lower)
                                      {
                                          return;
                                      }
                                      const bool queued = self->m_lower->Send(p, dest, proto);
                                      if (!queued && self->m_txEndTraced && self->m_txInFlight > 0)
                                      {
                                          --self->m_txInFlight; // dropped: it will never end
                                      }
                                  });
                              });
                          }));
                 if (rest > 0)
                 {
                     bus->Dma(rest, Callback<void>());
                 }
             }));
}

void
HostStackNetDevice::TransmitEnded(Ptr<const Packet> p)
{
    NS_LOG_FUNCTION(this << p);
    if (!m_lower || m_nic->DoesOwnIo() || m_txInFlight == 0)
    {
        return;
    }
    --m_txInFlight;
    if (m_txInFlight > 0 || !m_nic->HasTransmitIdleInterrupt())
    {
        return; // the transmitter goes on with the next frame, or never interrupts
    }
    // The transmitter found the ring empty and suspended: its interrupt, whose handler reaps
    // the sent frames. Nobody waits for it, but it holds the CPU.
    Ptr<HostCpu> cpu = m_host->GetCpu();
    const Time handler = cpu->InstructionsToTime(m_nic->GetTransmitIdleInstructions());
    Trace("tx-interrupt", cpu->GetInterruptLatency() + handler);
    cpu->Interrupt(handler, Callback<void>());
}

bool
HostStackNetDevice::ReceiveFromLower(Ptr<NetDevice> dev,
                                     Ptr<const Packet> p,
                                     uint16_t protocol,
                                     const Address& from)
{
    NS_LOG_FUNCTION(this << p << protocol);
    if (!m_lower)
    {
        return false;
    }
    if (m_nic->DoesOwnIo())
    {
        // The frame is in host memory and the device's interrupt has been taken: the deferred
        // processing follows (the driver's instructions, then the stack).
        auto batch = std::make_shared<std::deque<RxFrame>>();
        batch->push_back(RxFrame{p->Copy(), protocol, from});
        Ptr<HostCpu> cpu = m_host->GetCpu();
        const Time driver = cpu->InstructionsToTime(m_nic->GetReceiveInstructions());
        Trace("driver-receive", driver);
        Ptr<HostStackNetDevice> self = this;
        cpu->Execute(driver, MakeSanCallback<void>([self, batch]() { self->DeliverBatch(batch); }));
        return true;
    }
    Ptr<HostBus> bus = m_host->GetIoBus();
    const uint64_t frame = p->GetSize() + m_nic->GetLinkHeaderBytes();
    const uint64_t tailBytes = m_nic->GetReceiveDmaTailBytes();
    // What is left to move after the last bit; the rest moved while the frame arrived, and
    // its bus time is charged after the tail (it delays only other users of the bus).
    const uint64_t tail = tailBytes == 0 ? frame : std::min(frame, tailBytes);
    const uint64_t early = frame - tail;
    Trace("dma", bus->GetDmaTime(tail));
    if (early > 0)
    {
        Trace("dma-overlap", bus->GetDmaTime(early));
    }
    RxFrame f{p->Copy(), protocol, from};
    Ptr<HostStackNetDevice> self = this;
    const uint64_t number = m_rxOrder.Begin();
    auto dma = [self, bus, tail, early, f, number]() {
        bus->Dma(tail, MakeSanCallback<void>([self, f, number]() {
                     self->m_rxOrder.Done(number, [self, f]() { self->ReceiveDmaDone(f); });
                 }));
        if (early > 0)
        {
            bus->Dma(early, Callback<void>());
        }
    };
    const Time latency = m_nic->GetReceiveLatency();
    if (latency.IsZero())
    {
        dma();
    }
    else
    {
        // The card's own work (firmware, reassembly) before it starts the DMA.
        Simulator::Schedule(latency, dma);
    }
    return true;
}

void
HostStackNetDevice::ReceiveDmaDone(RxFrame frame)
{
    NS_LOG_FUNCTION(this);
    if (!m_lower)
    {
        return;
    }
    frame.number = ++m_ringFrames;
    m_ring.push_back(frame);
    const Time delay = m_nic->GetReceiveInterruptDelay();
    if (delay.IsZero() || m_ringFrames - m_raisedThrough >= m_nic->GetReceiveCoalesceFrames())
    {
        m_interruptTimer.Cancel();
        RaiseInterrupt();
    }
    else if (!m_interruptTimer.IsRunning())
    {
        m_interruptTimer = Simulator::Schedule(delay, &HostStackNetDevice::RaiseInterrupt, this);
    }
}

void
HostStackNetDevice::RaiseInterrupt()
{
    NS_LOG_FUNCTION(this << m_ringFrames - m_raisedThrough);
    if (m_ringFrames == m_raisedThrough)
    {
        return; // every frame in the ring has had its interrupt raised
    }
    ++m_interrupts;
    const uint64_t last = m_ringFrames;
    Ptr<HostCpu> cpu = m_host->GetCpu();
    const Time driver = cpu->InstructionsToTime(m_nic->GetReceiveInstructions());
    Time handler;
    Time copies;
    for (const RxFrame& f : m_ring)
    {
        if (f.number <= m_raisedThrough)
        {
            continue; // an earlier interrupt's frame
        }
        handler += driver;
        const uint32_t frame = f.packet->GetSize() + m_nic->GetLinkHeaderBytes();
        if (frame <= m_nic->GetReceiveCopyBreak())
        {
            // The driver copies small frames into a fresh buffer (Linux's rx_copybreak).
            const Time copy = m_os->CopyTime(frame);
            Trace("driver-copy", copy);
            copies += copy;
        }
    }
    m_raisedThrough = last;
    Trace("interrupt", cpu->GetInterruptLatency() + handler);
    handler += copies;
    Ptr<HostStackNetDevice> self = this;
    cpu->Interrupt(handler, MakeSanCallback<void>([self, last]() { self->HandlerReturned(last); }));
}

void
HostStackNetDevice::HandlerReturned(uint64_t last)
{
    NS_LOG_FUNCTION(this << last);
    // The driver takes frames from the ring in order. A handler can return before one raised
    // earlier (that one waited for the CPU while a poll loop took this one at once); it then
    // takes the earlier frames as well, so a stream is never handed up out of order (TCP
    // would read the gap as a loss). The other handler later finds its frames gone.
    auto batch = std::make_shared<std::deque<RxFrame>>();
    while (!m_ring.empty() && m_ring.front().number <= last)
    {
        batch->push_back(m_ring.front());
        m_ring.pop_front();
    }
    if (!batch->empty())
    {
        DeliverBatch(batch);
    }
}

void
HostStackNetDevice::DeliverBatch(std::shared_ptr<std::deque<RxFrame>> batch)
{
    if (!m_lower)
    {
        return;
    }
    Ptr<HostCpu> cpu = m_host->GetCpu();
    Ptr<HostStackNetDevice> self = this;
    // The deferred processing: one dispatch, then each frame up the stack.
    const Time softirq = cpu->InstructionsToTime(m_os->GetSoftIrqInstructions());
    Trace("softirq", softirq);
    cpu->Execute(softirq, Callback<void>());
    for (const RxFrame& f : *batch)
    {
        const Time protocol = cpu->InstructionsToTime(m_os->GetProtocolInstructions());
        Trace("tcpip-input", protocol);
        Time work = protocol;
        if (!m_nic->HasReceiveChecksumOffload())
        {
            const Time sum = m_os->ChecksumTime(f.packet->GetSize());
            Trace("checksum", sum);
            work += sum;
        }
        RxFrame frame = f;
        cpu->Execute(work, MakeSanCallback<void>([self, frame]() {
                         self->InNodeContext([self, frame]() {
                             if (self->m_lower && !self->m_rxCallback.IsNull())
                             {
                                 ++self->m_received;
                                 self->m_rxCallback(self, frame.packet, frame.protocol, frame.from);
                             }
                         });
                     }));
    }
}

bool
HostStackNetDevice::SendFrom(Ptr<Packet> packet,
                             const Address& source,
                             const Address& dest,
                             uint16_t protocolNumber)
{
    NS_ABORT_MSG("HostStackNetDevice::SendFrom: not supported (SupportsSendFrom is false)");
    return false;
}

Ptr<Channel>
HostStackNetDevice::GetChannel() const
{
    return m_lower ? m_lower->GetChannel() : nullptr;
}

void
HostStackNetDevice::SetAddress(Address address)
{
    NS_ABORT_MSG_IF(!m_lower, "HostStackNetDevice::SetAddress before Setup");
    m_lower->SetAddress(address);
}

Address
HostStackNetDevice::GetAddress() const
{
    NS_ABORT_MSG_IF(!m_lower, "HostStackNetDevice::GetAddress before Setup");
    return m_lower->GetAddress();
}

bool
HostStackNetDevice::SetMtu(const uint16_t mtu)
{
    return m_lower && m_lower->SetMtu(mtu);
}

uint16_t
HostStackNetDevice::GetMtu() const
{
    NS_ABORT_MSG_IF(!m_lower, "HostStackNetDevice::GetMtu before Setup");
    return m_lower->GetMtu();
}

bool
HostStackNetDevice::IsLinkUp() const
{
    return m_lower && m_lower->IsLinkUp();
}

void
HostStackNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    if (m_lower)
    {
        m_lower->AddLinkChangeCallback(callback);
    }
}

bool
HostStackNetDevice::IsBroadcast() const
{
    return m_lower && m_lower->IsBroadcast();
}

Address
HostStackNetDevice::GetBroadcast() const
{
    NS_ABORT_MSG_IF(!m_lower, "HostStackNetDevice::GetBroadcast before Setup");
    return m_lower->GetBroadcast();
}

bool
HostStackNetDevice::IsMulticast() const
{
    return m_lower && m_lower->IsMulticast();
}

Address
HostStackNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    NS_ABORT_MSG_IF(!m_lower, "HostStackNetDevice::GetMulticast before Setup");
    return m_lower->GetMulticast(multicastGroup);
}

Address
HostStackNetDevice::GetMulticast(Ipv6Address addr) const
{
    NS_ABORT_MSG_IF(!m_lower, "HostStackNetDevice::GetMulticast before Setup");
    return m_lower->GetMulticast(addr);
}

bool
HostStackNetDevice::IsPointToPoint() const
{
    return m_lower && m_lower->IsPointToPoint();
}

bool
HostStackNetDevice::NeedsArp() const
{
    return m_lower && m_lower->NeedsArp();
}

} // namespace ns3
