/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-ip-transport.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanIpTransport");

NS_OBJECT_ENSURE_REGISTERED(ClanIpTransport);

namespace
{
/// Directory page: the cookies each end's queue halves need from the other end.
constexpr uint32_t DIRECTORY_BYTES = 128;
constexpr uint32_t DIR_COOKIES_IN = 0;      //!< this end's cookie queue (receiver) area
constexpr uint32_t DIR_DONE_IN = 24;        //!< this end's completion queue (receiver) area
constexpr uint32_t DIR_COOKIES_OUT_LR = 48; //!< this end's cookie queue sender: lazy_read_i
constexpr uint32_t DIR_DONE_OUT_LR = 72;    //!< this end's completion queue sender: lazy_read_i
constexpr uint32_t DIR_READY = 96;          //!< 1 once the two above are valid
/// A cookie queue element: the encoded cookie, padded to a multiple of 8.
constexpr uint32_t COOKIE_ELEMENT = 32;
/// A completion: the buffer's base (8), the packet's length (4) and protocol (2), padding.
constexpr uint32_t DONE_ELEMENT = 16;
/// ASSUMED: how long set-up waits between remote reads of the peer's directory.
const Time DIRECTORY_POLL = MicroSeconds(5);
} // namespace

TypeId
ClanIpTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanIpTransport")
            .SetParent<SanIpTransport>()
            .SetGroupName("San")
            .AddConstructor<ClanIpTransport>()
            // Section 6.1: "pre-allocates a small number of buffers". ASSUMED: 8.
            .AddAttribute("Buffers",
                          "Receive buffers each end posts for each peer.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&ClanIpTransport::m_buffers),
                          MakeUintegerChecker<uint32_t>(1, 1024))
            // ASSUMED: the paper gives no MTU; Ethernet's 1500 bytes, what a Linux 2.2
            // network device has unless its driver says otherwise.
            .AddAttribute("Mtu",
                          "Largest IP packet (each receive buffer holds one).",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&ClanIpTransport::m_mtu),
                          MakeUintegerChecker<uint16_t>(576))
            // Section 6.1: the early version "was only able to support a single packet in
            // flight at any one time" (Table 1 and Figure 12 were measured with it).
            .AddAttribute("OnePacketInFlight",
                          "At most one packet in flight per peer (the early implementation).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ClanIpTransport::m_onePacket),
                          MakeBooleanChecker())
            // Section 6.1: "Due to a bug in the CLAN NIC which caused deadlocks ... the
            // bandwidth is limited to 250 Mbit/s". 0: no cap.
            .AddAttribute("RateCap",
                          "Largest rate at which packets start (0: none).",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&ClanIpTransport::m_rateCap),
                          MakeDataRateChecker());
    return tid;
}

ClanIpTransport::ClanIpTransport() = default;

ClanIpTransport::~ClanIpTransport() = default;

void
ClanIpTransport::DoDispose()
{
    m_ctx = nullptr;
    m_rx = ReceiveCallback();
    m_peers.clear();
    m_listener = nullptr;
    m_listening = Peer();
    SanIpTransport::DoDispose();
}

void
ClanIpTransport::Setup(Ptr<ClanContext> kernel)
{
    NS_ABORT_MSG_IF(!kernel, "ClanIpTransport::Setup: no context");
    NS_ABORT_MSG_IF(m_ctx, "ClanIpTransport::Setup: twice");
    m_ctx = kernel;
    Listen();
}

uint32_t
ClanIpTransport::GetHostNumber() const
{
    NS_ABORT_MSG_IF(!m_ctx, "ClanIpTransport: not set up");
    return m_ctx->GetHost();
}

uint16_t
ClanIpTransport::GetMtu() const
{
    return m_mtu;
}

void
ClanIpTransport::SetReceiveCallback(ReceiveCallback cb)
{
    m_rx = cb;
}

ClanIpTransport::Peer&
ClanIpTransport::GetPeer(uint32_t host)
{
    return m_peers[host];
}

void
ClanIpTransport::PrepareEnd(Peer& peer)
{
    const uint32_t slots = m_buffers + 1; // full with one slot left
    peer.directory = m_ctx->Allocate(DIRECTORY_BYTES);
    peer.directoryCookie = m_ctx->Export(peer.directory, DIRECTORY_BYTES);
    peer.cookiesIn = CreateObject<ClanDistributedQueue>();
    peer.doneIn = CreateObject<ClanDistributedQueue>();
    uint8_t c[ClanCookie::BYTES];
    peer.cookiesIn->SetupReceiver(m_ctx, COOKIE_ELEMENT, slots, ClanContext::TRIPWIRE).Encode(c);
    m_ctx->GetMemory()->Write(peer.directory + DIR_COOKIES_IN, c, sizeof(c));
    peer.doneIn->SetupReceiver(m_ctx, DONE_ELEMENT, slots, ClanContext::TRIPWIRE).Encode(c);
    m_ctx->GetMemory()->Write(peer.directory + DIR_DONE_IN, c, sizeof(c));
    m_ctx->WriteLocalWord(peer.directory + DIR_READY, 0);
    for (uint32_t b = 0; b < m_buffers; ++b)
    {
        peer.buffers.push_back(m_ctx->Export(m_ctx->Allocate(m_mtu), m_mtu));
        peer.staging.push_back(m_ctx->Allocate(m_mtu));
    }
}

void
ClanIpTransport::Listen()
{
    m_listening = Peer();
    PrepareEnd(m_listening);
    m_listener = CreateObject<ClanConnection>();
    m_listener->Accept(m_ctx,
                       PORT,
                       m_listening.directoryCookie,
                       MakeCallback(&ClanIpTransport::Accepted, this),
                       m_nextPort++);
}

void
ClanIpTransport::Accepted()
{
    const uint32_t host = m_listener->GetPeerHost();
    auto it = m_peers.find(host);
    NS_ABORT_MSG_IF(it != m_peers.end() && it->second.state != Peer::NONE,
                    "ClanIpTransport: host " << m_ctx->GetHost() << " and host " << host
                                             << " opened connections to each other at once "
                                                "(simultaneous set-up is not modelled)");
    Peer& peer = m_peers[host];
    std::deque<Pending> waiting;
    waiting.swap(peer.queue);
    peer = m_listening;
    peer.queue.swap(waiting);
    peer.conn = m_listener;
    peer.state = Peer::CONNECTING;
    Listen();
    ExchangeDirectories(host);
}

bool
ClanIpTransport::Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol)
{
    NS_ABORT_MSG_IF(!m_ctx, "ClanIpTransport: not set up");
    if (packet->GetSize() > m_mtu || dstHost == m_ctx->GetHost())
    {
        return false;
    }
    Peer& peer = GetPeer(dstHost);
    peer.queue.push_back(Pending{packet, protocol});
    if (peer.state == Peer::NONE)
    {
        // "A single connection is made on demand".
        PrepareEnd(peer);
        peer.state = Peer::CONNECTING;
        peer.conn = CreateObject<ClanConnection>();
        peer.conn->Connect(
            m_ctx,
            m_nextPort++,
            dstHost,
            PORT,
            peer.directoryCookie,
            MakeSanCallback<void>([this, dstHost]() { ExchangeDirectories(dstHost); }));
        return true;
    }
    Pump(dstHost);
    return true;
}

void
ClanIpTransport::ExchangeDirectories(uint32_t host)
{
    Peer& peer = GetPeer(host);
    const uint64_t dir = peer.conn->GetPeerMapping();
    // Set-up only: read the peer's receiver areas' cookies across the network.
    m_ctx->Read(dir, 48, ClanContext::ReadCallback([this, host](const uint8_t* d, uint32_t) {
                    Peer& p = GetPeer(host);
                    const uint32_t slots = m_buffers + 1;
                    p.cookiesOut = CreateObject<ClanDistributedQueue>();
                    p.doneOut = CreateObject<ClanDistributedQueue>();
                    uint8_t c[ClanCookie::BYTES];
                    p.cookiesOut
                        ->SetupSender(m_ctx,
                                      ClanCookie::Decode(d + DIR_COOKIES_IN),
                                      COOKIE_ELEMENT,
                                      slots,
                                      ClanContext::SPIN)
                        .Encode(c);
                    m_ctx->GetMemory()->Write(p.directory + DIR_COOKIES_OUT_LR, c, sizeof(c));
                    p.doneOut
                        ->SetupSender(m_ctx,
                                      ClanCookie::Decode(d + DIR_DONE_IN),
                                      DONE_ELEMENT,
                                      slots,
                                      ClanContext::SPIN)
                        .Encode(c);
                    m_ctx->GetMemory()->Write(p.directory + DIR_DONE_OUT_LR, c, sizeof(c));
                    m_ctx->WriteLocalWord(p.directory + DIR_READY, 1);
                    AwaitPeerReady(host);
                }));
}

void
ClanIpTransport::AwaitPeerReady(uint32_t host)
{
    Peer& peer = GetPeer(host);
    const uint64_t dir = peer.conn->GetPeerMapping();
    m_ctx->Read(
        dir + DIR_COOKIES_OUT_LR,
        DIR_READY + 4 - DIR_COOKIES_OUT_LR,
        ClanContext::ReadCallback([this, host](const uint8_t* d, uint32_t) {
            const uint32_t ready =
                (uint32_t(d[48]) << 24) | (uint32_t(d[49]) << 16) | (uint32_t(d[50]) << 8) | d[51];
            if (ready != 1)
            {
                Simulator::Schedule(DIRECTORY_POLL, &ClanIpTransport::AwaitPeerReady, this, host);
                return;
            }
            Peer& p = GetPeer(host);
            p.cookiesIn->ConnectReceiver(ClanCookie::Decode(d));
            p.doneIn->ConnectReceiver(ClanCookie::Decode(d + 24));
            Up(host);
        }));
}

void
ClanIpTransport::Up(uint32_t host)
{
    Peer& peer = GetPeer(host);
    peer.state = Peer::UP;
    ++m_connections;
    // The completion queue's Tripwire hands received packets to the stack; the cookie
    // queue's lets waiting packets go as soon as the peer posts a buffer.
    m_ctx->SetTripwireHandler(peer.doneIn->GetReceiverTripwire(),
                              MakeSanCallback<void>([this, host]() { DrainCompletions(host); }));
    m_ctx->SetTripwireHandler(peer.cookiesIn->GetReceiverTripwire(),
                              MakeSanCallback<void>([this, host]() { Pump(host); }));
    for (const ClanCookie& b : peer.buffers)
    {
        std::vector<uint8_t> elm(COOKIE_ELEMENT, 0);
        b.Encode(elm.data());
        NS_ABORT_MSG_IF(!peer.cookiesOut->TryPut(elm, Callback<void>()),
                        "ClanIpTransport: the cookie queue cannot hold the buffers");
    }
    DrainCompletions(host);
    Pump(host);
}

void
ClanIpTransport::Pump(uint32_t host)
{
    Peer& peer = GetPeer(host);
    if (peer.state != Peer::UP || peer.queue.empty() || peer.fetching)
    {
        return;
    }
    if ((m_onePacket && peer.inFlight > 0) || peer.inFlight >= peer.staging.size())
    {
        return;
    }
    if (peer.cookiesIn->IsEmpty())
    {
        ++m_stalls; // "we aim to prevent it from emptying, since this would cause the sender
                    // to stall": the cookie queue's Tripwire calls Pump again
        return;
    }
    if (m_rateCap.GetBitRate() > 0 && Simulator::Now() < peer.nextStart)
    {
        Simulator::Schedule(peer.nextStart - Simulator::Now(), &ClanIpTransport::Pump, this, host);
        return;
    }
    peer.fetching = true;
    peer.cookiesIn->TryGet(
        ClanDistributedQueue::GetCallback([this, host](const std::vector<uint8_t>& e) {
            Peer& p = GetPeer(host);
            p.fetching = false;
            const ClanCookie buffer = ClanCookie::Decode(e.data());
            const Pending pending = p.queue.front();
            p.queue.pop_front();
            const uint32_t size = pending.packet->GetSize();
            NS_ABORT_MSG_IF(size > buffer.size,
                            "ClanIpTransport: a packet of " << size << " bytes for a buffer of "
                                                            << buffer.size);
            auto w = p.windows.find(buffer.base);
            if (w == p.windows.end())
            {
                w = p.windows.emplace(buffer.base, m_ctx->Map(buffer)).first;
            }
            // The packet's data is in the kernel's memory (its sk_buff): the DMA reads it there.
            const uint64_t source = p.staging[p.nextStaging];
            p.nextStaging = (p.nextStaging + 1) % p.staging.size();
            std::vector<uint8_t> bytes(size);
            pending.packet->CopyData(bytes.data(), size);
            m_ctx->GetMemory()->Write(source, bytes.data(), size);
            ++p.inFlight;
            if (m_rateCap.GetBitRate() > 0)
            {
                p.nextStart = Simulator::Now() + m_rateCap.CalculateBytesTxTime(size);
            }
            const uint64_t base = buffer.base;
            const uint16_t protocol = pending.protocol;
            m_ctx->Dma(source,
                       w->second,
                       size,
                       Callback<void>(),
                       MakeSanCallback<void>([this, host, base, size, protocol]() {
                           // "A completion message is written into the completion queue."
                           Peer& q = GetPeer(host);
                           std::vector<uint8_t> done(DONE_ELEMENT, 0);
                           for (int k = 0; k < 8; ++k)
                           {
                               done[k] = static_cast<uint8_t>(base >> (56 - 8 * k));
                           }
                           for (int k = 0; k < 4; ++k)
                           {
                               done[8 + k] = static_cast<uint8_t>(size >> (24 - 8 * k));
                           }
                           done[12] = static_cast<uint8_t>(protocol >> 8);
                           done[13] = static_cast<uint8_t>(protocol);
                           NS_ABORT_MSG_IF(!q.doneOut->TryPut(done, Callback<void>()),
                                           "ClanIpTransport: the completion queue is full");
                           --q.inFlight;
                           ++m_sent;
                           Pump(host);
                       }));
            Pump(host);
        }));
}

void
ClanIpTransport::DrainCompletions(uint32_t host)
{
    Peer& peer = GetPeer(host);
    if (peer.state != Peer::UP)
    {
        return;
    }
    while (!peer.doneIn->IsEmpty())
    {
        peer.doneIn->TryGet(
            ClanDistributedQueue::GetCallback([this, host](const std::vector<uint8_t>& e) {
                uint64_t base = 0;
                for (int k = 0; k < 8; ++k)
                {
                    base = (base << 8) | e[k];
                }
                const uint32_t size = (uint32_t(e[8]) << 24) | (uint32_t(e[9]) << 16) |
                                      (uint32_t(e[10]) << 8) | e[11];
                const uint16_t protocol = static_cast<uint16_t>((e[12] << 8) | e[13]);
                Peer& p = GetPeer(host);
                const ClanCookie* buffer = nullptr;
                for (const ClanCookie& b : p.buffers)
                {
                    if (b.base == base)
                    {
                        buffer = &b;
                    }
                }
                NS_ABORT_MSG_IF(!buffer || size > buffer->size,
                                "ClanIpTransport: a completion for no buffer of this end");
                // The buffer goes up the stack ...
                std::vector<uint8_t> bytes(size);
                m_ctx->GetMemory()->Read(base, bytes.data(), size);
                ++m_received;
                if (!m_rx.IsNull())
                {
                    m_rx(Create<Packet>(bytes.data(), size), host, protocol);
                }
                // ... and a buffer's cookie goes back to the sender.
                std::vector<uint8_t> elm(COOKIE_ELEMENT, 0);
                buffer->Encode(elm.data());
                NS_ABORT_MSG_IF(!p.cookiesOut->TryPut(elm, Callback<void>()),
                                "ClanIpTransport: the cookie queue is full");
            }));
    }
}

uint32_t
ClanIpTransport::GetNConnections() const
{
    return m_connections;
}

uint64_t
ClanIpTransport::GetNStalls() const
{
    return m_stalls;
}

uint64_t
ClanIpTransport::GetNReceived() const
{
    return m_received;
}

uint64_t
ClanIpTransport::GetNSent() const
{
    return m_sent;
}

} // namespace ns3
