/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-ip-transport.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciIpTransport");

NS_OBJECT_ENSURE_REGISTERED(SciIpTransport);

TypeId
SciIpTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SciIpTransport")
            .SetParent<SanIpTransport>()
            .SetGroupName("San")
            .AddConstructor<SciIpTransport>()
            // SCILAN 1998, section 4.1: "All technologies were tested at 1500 byte MTU size".
            .AddAttribute("Mtu",
                          "Largest IP packet.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&SciIpTransport::m_mtu),
                          MakeUintegerChecker<uint16_t>(68))
            // ASSUMED: 64 KB of receive ring per peer.
            .AddAttribute("RingBytes",
                          "Receive ring per peer, bytes (a multiple of 64).",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&SciIpTransport::m_ringBytes),
                          MakeUintegerChecker<uint32_t>(4096))
            // FITTED (the driver's one free parameter) to Table 3's SCI/NDIS latency, 394.1 us
            // (metric latency_ndis_sci_us): the driver's own work per interrupt besides NT's
            // dispatch ("a known weakness in the interrupt handling in the Dolphin driver
            // software for Windows NT", section 4.7).
            .AddAttribute("InterruptWork",
                          "Driver time per interrupt before it looks at the ring (FITTED).",
                          TimeValue(NanoSeconds(188025)),
                          MakeTimeAccessor(&SciIpTransport::m_interruptWork),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: ring bookkeeping per packet on each side (pointers, the record's
            // header): 100 instructions.
            .AddAttribute("RingInstructions",
                          "Driver instructions per packet to put it in or take it out of a "
                          "ring (besides the copy).",
                          DoubleValue(100),
                          MakeDoubleAccessor(&SciIpTransport::m_ringInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a sender that finds the peer's ring full tries again 20 us later.
            .AddAttribute("RetryDelay",
                          "Wait before a sender looks at a full ring again.",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&SciIpTransport::m_retryDelay),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
}

SciIpTransport::SciIpTransport() = default;

SciIpTransport::~SciIpTransport() = default;

void
SciIpTransport::DoDispose()
{
    for (auto& p : m_peers)
    {
        if (p.second.rx)
        {
            p.second.rx->Close();
        }
        if (p.second.tx)
        {
            p.second.tx->Close();
        }
    }
    m_peers.clear();
    if (m_ctx != nullptr)
    {
        m_ctx->Dispose();
    }
    m_ctx = nullptr;
    m_receive = ReceiveCallback();
    SanIpTransport::DoDispose();
}

void
SciIpTransport::Setup(Ptr<SciNetDevice> nic)
{
    NS_ABORT_MSG_IF(m_ctx != nullptr, "SciIpTransport::Setup: set up already");
    NS_ABORT_MSG_IF(nic == nullptr || !nic->IsAttached() ||
                        nic->GetHost()->GetMemorySystem() == nullptr,
                    "SciIpTransport: needs an attached SCI adapter on a host whose preset "
                    "models its memory system");
    // The driver's own mappings and flags: the kernel's context on the adapter.
    m_ctx = CreateObject<SciContext>();
    m_ctx->Open(nic);
}

void
SciIpTransport::Connect(Ptr<SciIpTransport> a, Ptr<SciIpTransport> b)
{
    NS_ABORT_MSG_IF(!a->m_ctx || !b->m_ctx, "SciIpTransport::Connect: not set up");
    NS_ABORT_MSG_IF(!Simulator::Now().IsZero(),
                    "SciIpTransport::Connect: the drivers' start-up wiring, before Simulator::Run "
                    "(at "
                        << Simulator::Now().As(Time::US) << ")");
    for (auto dir : {std::make_pair(a, b), std::make_pair(b, a)})
    {
        Ptr<SciIpTransport> from = dir.first;
        Ptr<SciIpTransport> to = dir.second;
        const uint32_t src = from->GetHostNumber();
        Peer& in = to->m_peers[src];
        in.rx = Create<SciRingReceiver>(to->m_ctx, to->m_ringBytes);
        // Raw: the transport owns the ring (and its flag), not the other way round.
        SciIpTransport* raw = PeekPointer(to);
        in.rx->GetFlag()->SetHandler(
            MakeSanCallback<void>([raw, src]() { raw->Interrupted(src); }));
        in.rx->GetFlag()->Arm(); // the driver keeps its flag enabled
        Peer& out = from->m_peers[to->GetHostNumber()];
        out.tx = Create<SciRingTransmitter>(from->m_ctx,
                                            in.rx->GetAddress(),
                                            Create<SciFlagWaiter>(from->m_ctx));
    }
}

uint64_t
SciIpTransport::GetInterrupts() const
{
    return m_interrupts;
}

uint32_t
SciIpTransport::RecordBytes(uint32_t bytes)
{
    return (RECORD_HEADER + bytes + 63) / 64 * 64;
}

bool
SciIpTransport::Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol)
{
    auto it = m_peers.find(dstHost);
    if (it == m_peers.end() || !it->second.tx || packet->GetSize() > m_mtu)
    {
        return false;
    }
    it->second.queue.emplace_back(packet, protocol);
    SendNext(dstHost);
    return true;
}

void
SciIpTransport::SendNext(uint32_t host)
{
    Peer& peer = m_peers[host];
    if (peer.sending || peer.queue.empty() || !m_ctx)
    {
        return;
    }
    peer.sending = true;
    Ptr<SciIpTransport> self = this;
    const uint32_t record = RecordBytes(peer.queue.front().first->GetSize());
    auto copy = [self, host, record]() {
        Peer& p = self->m_peers[host];
        const Ptr<Packet> packet = p.queue.front().first;
        std::vector<uint8_t> bytes(record, 0);
        HostWords::Store32(bytes.data(), packet->GetSize());
        HostWords::Store32(bytes.data() + 4, p.queue.front().second);
        packet->CopyData(bytes.data() + RECORD_HEADER, packet->GetSize());
        // The driver's bookkeeping, then its copy into the peer's ring, the check, the
        // stimulus.
        self->m_ctx->GetCpu()->ExecuteInstructions(
            self->m_ringInstructions,
            MakeSanCallback<void>([self, host, bytes]() {
                Peer& q = self->m_peers[host];
                q.tx->Write(bytes.data(),
                            static_cast<uint32_t>(bytes.size()),
                            MakeSanCallback<void>([self, host]() {
                                self->m_peers[host].tx->Publish(
                                    MakeSanCallback<void, bool>([self, host](bool ok) {
                                        Peer& r = self->m_peers[host];
                                        NS_ABORT_MSG_IF(!ok,
                                                        "SciIpTransport: a transfer failed "
                                                        "after SCI's retries");
                                        r.queue.pop_front();
                                        r.sending = false;
                                        self->SendNext(host);
                                    }));
                            }));
            }));
    };
    if (peer.tx->KnownRoom() >= record)
    {
        copy();
        return;
    }
    peer.tx->RefreshRoom(MakeSanCallback<void, uint32_t>([self, host, record, copy](uint32_t room) {
        if (room >= record)
        {
            copy();
            return;
        }
        self->m_peers[host].sending = false; // full: later
        Simulator::Schedule(self->m_retryDelay, &SciIpTransport::SendNext, self, host);
    }));
}

void
SciIpTransport::Interrupted(uint32_t host)
{
    ++m_interrupts;
    Peer& peer = m_peers[host];
    if (peer.draining)
    {
        return;
    }
    peer.draining = true;
    Ptr<SciIpTransport> self = this;
    m_ctx->GetCpu()->Execute(m_interruptWork,
                             MakeSanCallback<void>([self, host]() { self->Drain(host); }));
}

void
SciIpTransport::Drain(uint32_t host)
{
    if (!m_ctx)
    {
        return;
    }
    Peer& peer = m_peers[host];
    Ptr<SciRingReceiver> rx = peer.rx;
    if (rx->Available() < RECORD_HEADER)
    {
        // Empty: enable the flag again, then look once more (a packet may have come while it
        // was disabled, its stimulus absorbed).
        rx->GetFlag()->Rearm();
        if (rx->Available() >= RECORD_HEADER)
        {
            Drain(host);
            return;
        }
        peer.draining = false;
        return;
    }
    uint8_t header[RECORD_HEADER];
    rx->Peek(header, RECORD_HEADER);
    const uint32_t len = HostWords::Load32(header);
    const uint16_t protocol = static_cast<uint16_t>(HostWords::Load32(header + 4));
    const uint32_t record = RecordBytes(len);
    NS_ABORT_MSG_IF(rx->Available() < record, "SciIpTransport: a partial record in the ring");
    Ptr<SciIpTransport> self = this;
    Ptr<HostMemorySystem> system = m_ctx->GetMemorySystem();
    m_ctx->GetCpu()->ExecuteInstructions(
        m_ringInstructions,
        MakeSanCallback<void>([self, system, host, len, protocol, record]() {
            // The copy out of the ring into an NDIS packet.
            system->Copy(len, MakeSanCallback<void>([self, host, len, protocol, record]() {
                             Peer& p = self->m_peers[host];
                             std::vector<uint8_t> bytes(record);
                             p.rx->Peek(bytes.data(), record);
                             p.rx->Consume(record);
                             if (!self->m_receive.IsNull())
                             {
                                 self->m_receive(Create<Packet>(bytes.data() + RECORD_HEADER, len),
                                                 host,
                                                 protocol);
                             }
                             self->Drain(host);
                         }));
        }));
}

void
SciIpTransport::SetReceiveCallback(ReceiveCallback cb)
{
    m_receive = cb;
}

uint32_t
SciIpTransport::GetHostNumber() const
{
    NS_ABORT_MSG_IF(!m_ctx, "SciIpTransport: not set up");
    return m_ctx->GetHostNumber();
}

uint16_t
SciIpTransport::GetMtu() const
{
    return m_mtu;
}

} // namespace ns3
