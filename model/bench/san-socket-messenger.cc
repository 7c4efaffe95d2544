/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-socket-messenger.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/host-nic-driver-costs.h"
#include "ns3/host-stack-net-device.h"
#include "ns3/host-words.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/scilan-socket-factory.h"
#include "ns3/scilan-stack.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanSocketMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanSocketMessenger);

TypeId
SanSocketMessenger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanSocketMessenger")
            .SetParent<SanMessenger>()
            .SetGroupName("San")
            .AddConstructor<SanSocketMessenger>()
            .AddAttribute("SocketFactory",
                          "The stream socket factory: ns3::ScilanSocketFactory (SCI), "
                          "ns3::ShrimpSocketFactory (SHRIMP) or ns3::TcpSocketFactory.",
                          TypeIdValue(TypeId::LookupByName("ns3::TcpSocketFactory")),
                          MakeTypeIdAccessor(&SanSocketMessenger::m_factory),
                          MakeTypeIdChecker())
            .AddAttribute("Port",
                          "The port each process listens on.",
                          UintegerValue(7000),
                          MakeUintegerAccessor(&SanSocketMessenger::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("SendSize",
                          "Bytes handed to one send() call at most (a program's buffer).",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&SanSocketMessenger::m_sendSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ChargeSocketCalls",
                          "Over a host's stack (a HostStackNetDevice on the node), once a "
                          "connection is up, make the process's sends and receives blocking "
                          "calls that cost the host (HostSocketCalls).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&SanSocketMessenger::m_chargeCalls),
                          MakeBooleanChecker())
            .AddAttribute("SegmentSize",
                          "The TCP sockets' maximum segment (their SegmentSize attribute); 0 "
                          "leaves the socket factory's default.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanSocketMessenger::m_segmentSize),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanSocketMessenger::SanSocketMessenger() = default;

SanSocketMessenger::~SanSocketMessenger() = default;

void
SanSocketMessenger::DoDispose()
{
    // No Close(): the node disposes its devices before its applications, so a socket's
    // closing handshake would run on a disposed interface. Only let the sockets go.
    for (auto& [raw, c] : m_connections)
    {
        if (c.calls)
        {
            c.calls->Dispose();
            c.calls = nullptr;
        }
        c.socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        c.socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    }
    m_connections.clear();
    m_byPeer.clear();
    m_waiting.clear();
    m_ready.clear();
    if (m_select)
    {
        m_select->Abandon();
        m_select = nullptr;
    }
    m_os = nullptr;
    if (m_listener)
    {
        m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                      MakeNullCallback<void, Ptr<Socket>, const Address&>());
        m_listener = nullptr;
    }
    m_resolver = AddressResolver();
    SanMessenger::DoDispose();
}

void
SanSocketMessenger::SetAddressResolver(AddressResolver resolver)
{
    m_resolver = resolver;
}

Ipv4Address
SanSocketMessenger::AddressOf(Ptr<Node> node) const
{
    if (!m_resolver.IsNull())
    {
        return m_resolver(node);
    }
    if (m_factory == ScilanSocketFactory::GetTypeId())
    {
        Ptr<ScilanStack> stack = node->GetObject<ScilanStack>();
        NS_ABORT_MSG_IF(stack == nullptr,
                        "SanSocketMessenger: node " << node->GetId()
                                                    << " has no SCILAN stack (ScilanHelper)");
        return stack->GetAddress();
    }
    Ptr<Ipv4> ip = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(ip == nullptr || ip->GetNInterfaces() < 2,
                    "SanSocketMessenger: node " << node->GetId()
                                                << " has no IPv4 interface besides loopback");
    return ip->GetAddress(1, 0).GetLocal();
}

void
SanSocketMessenger::Open(Ptr<Node> node)
{
    SetNode(node);
    m_listener = Socket::CreateSocket(node, m_factory);
    if (m_segmentSize > 0)
    {
        // Accepted sockets are forked from the listener and keep its segment size.
        m_listener->SetAttributeFailSafe("SegmentSize", UintegerValue(m_segmentSize));
    }
    NS_ABORT_MSG_IF(m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    "SanSocketMessenger::Open: port " << m_port << " of node " << node->GetId()
                                                      << " is taken");
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&SanSocketMessenger::Accepted, this));
}

void
SanSocketMessenger::Connect(Ptr<Node> peer, Callback<void> connected)
{
    NS_ABORT_MSG_IF(GetNode() == nullptr, "SanSocketMessenger::Connect: not open");
    NS_ABORT_MSG_IF(peer == nullptr || peer == GetNode(),
                    "SanSocketMessenger::Connect: a peer on another node");
    NS_ABORT_MSG_IF(m_byPeer.count(peer->GetId()),
                    "SanSocketMessenger::Connect: already connected to node " << peer->GetId());
    Ptr<Socket> s = Socket::CreateSocket(GetNode(), m_factory);
    if (m_segmentSize > 0)
    {
        s->SetAttributeFailSafe("SegmentSize", UintegerValue(m_segmentSize));
    }
    Connection& c = Adopt(s);
    c.peer = peer->GetId();
    c.connected = connected;
    m_byPeer[c.peer] = PeekPointer(s);
    s->SetConnectCallback(MakeCallback(&SanSocketMessenger::ConnectSucceeded, this),
                          MakeCallback(&SanSocketMessenger::ConnectFailed, this));
    s->Connect(InetSocketAddress(AddressOf(peer), m_port));
}

SanSocketMessenger::Connection&
SanSocketMessenger::Adopt(Ptr<Socket> socket)
{
    Connection& c = m_connections[PeekPointer(socket)];
    c.socket = socket;
    socket->SetRecvCallback(MakeCallback(&SanSocketMessenger::Readable, this));
    socket->SetSendCallback(MakeCallback(&SanSocketMessenger::Writable, this));
    return c;
}

SanSocketMessenger::Connection&
SanSocketMessenger::Of(Ptr<Socket> socket)
{
    auto it = m_connections.find(PeekPointer(socket));
    NS_ABORT_MSG_IF(it == m_connections.end(), "SanSocketMessenger: a socket it does not own");
    return it->second;
}

void
SanSocketMessenger::Accepted(Ptr<Socket> socket, const Address&)
{
    Adopt(socket); // its peer says who it is in its hello
}

void
SanSocketMessenger::ConnectSucceeded(Ptr<Socket> socket)
{
    Connection& c = Of(socket);
    Queue(c, FRAME_BYTES, HELLO | GetNode()->GetId(), Callback<void>());
}

void
SanSocketMessenger::ConnectFailed(Ptr<Socket> socket)
{
    NS_ABORT_MSG("SanSocketMessenger: node " << GetNode()->GetId() << " could not connect to node "
                                             << Of(socket).peer << " (has it opened?)");
}

bool
SanSocketMessenger::IsConnected(uint32_t peer) const
{
    auto it = m_byPeer.find(peer);
    return it != m_byPeer.end() && m_connections.at(it->second).up;
}

uint32_t
SanSocketMessenger::GetMinMessageBytes() const
{
    return FRAME_BYTES;
}

std::string
SanSocketMessenger::GetDescription() const
{
    return "stream sockets (" + m_factory.GetName() + ")";
}

uint64_t
SanSocketMessenger::GetSelectCalls() const
{
    return m_selects;
}

uint64_t
SanSocketMessenger::GetSelectSleeps() const
{
    return m_selectSleeps;
}

void
SanSocketMessenger::Send(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    NS_ABORT_MSG_IF(!IsConnected(peer),
                    "SanSocketMessenger::Send: node " << (GetNode() ? GetNode()->GetId() : 0)
                                                      << " is not connected to node " << peer);
    NS_ABORT_MSG_IF(bytes < FRAME_BYTES,
                    "SanSocketMessenger::Send: a message of " << bytes << " bytes (at least "
                                                              << FRAME_BYTES << ")");
    Sending(peer, bytes);
    Connection& c = m_connections.at(m_byPeer.at(peer));
    if (!c.calls)
    {
        Queue(c, bytes, DATA, sent);
        return;
    }
    Socket* key = PeekPointer(c.socket);
    Call([this, key, bytes, sent]() {
        // write(): the frame's words, then the rest of the message as zeros.
        uint8_t frame[FRAME_BYTES];
        HostWords::Store32(frame, bytes);
        HostWords::Store32(frame + 4, DATA);
        Ptr<Packet> message = Create<Packet>(frame, FRAME_BYTES);
        message->AddAtEnd(Create<Packet>(bytes - FRAME_BYTES));
        m_connections.at(key).calls->Send(message, MakeSanCallback<void>([this, sent]() {
                                              CallReturned();
                                              if (!sent.IsNull())
                                              {
                                                  sent();
                                              }
                                          }));
    });
}

void
SanSocketMessenger::Receive(ReceiveCallback done)
{
    const uint32_t costed = CountCostedConnections();
    if (costed == 0)
    {
        SanMessenger::Receive(done);
        return;
    }
    if (m_connections.size() == 1)
    {
        // One connection: the process reads it.
        Socket* key = m_connections.begin()->first;
        Call([this, key, done]() { ReadMessage(key, done); });
        return;
    }
    Call([this, done]() { ReadNextReady(done); });
}

uint32_t
SanSocketMessenger::CountCostedConnections() const
{
    uint32_t n = 0;
    for (const auto& [raw, c] : m_connections)
    {
        n += c.calls ? 1 : 0;
    }
    return n;
}

void
SanSocketMessenger::ReadMessage(Socket* key, ReceiveCallback done)
{
    // read() the frame, then read() the body it announces.
    m_connections.at(key).calls->Recv(
        FRAME_BYTES,
        MakeSanCallback<void, Ptr<Packet>>([this, key, done](Ptr<Packet> head) {
            uint8_t frame[FRAME_BYTES];
            head->CopyData(frame, FRAME_BYTES);
            const uint32_t length = HostWords::Load32(frame);
            NS_ABORT_MSG_IF(length < FRAME_BYTES || HostWords::Load32(frame + 4) != DATA,
                            "SanSocketMessenger: a malformed frame on node " << GetNode()->GetId());
            Connection& c = m_connections.at(key);
            if (length == FRAME_BYTES)
            {
                CallReturned();
                Received(done, c.peer, length);
                return;
            }
            c.calls->Recv(
                length - FRAME_BYTES,
                MakeSanCallback<void, Ptr<Packet>>([this, key, done, length](Ptr<Packet>) {
                    CallReturned();
                    Received(done, m_connections.at(key).peer, length);
                }));
        }));
}

void
SanSocketMessenger::ReadNextReady(ReceiveCallback done)
{
    while (!m_ready.empty())
    {
        const uint32_t peer = m_ready.front();
        m_ready.pop_front();
        auto it = m_byPeer.find(peer);
        if (it == m_byPeer.end())
        {
            continue;
        }
        const Connection& c = m_connections.at(it->second);
        if (c.calls && c.socket->GetRxAvailable() > 0)
        {
            ReadMessage(it->second, done);
            return;
        }
    }
    Select(done);
}

void
SanSocketMessenger::CollectReady()
{
    m_ready.clear();
    for (const auto& [peer, raw] : m_byPeer)
    {
        const Connection& c = m_connections.at(raw);
        if (c.calls && c.socket->GetRxAvailable() > 0)
        {
            m_ready.push_back(peer);
        }
    }
}

void
SanSocketMessenger::Select(ReceiveCallback done)
{
    ++m_selects;
    Ptr<HostCpu> cpu = SanHost::Of(GetNode())->GetCpu();
    const double scan = CountCostedConnections() * m_os->GetSelectInstructionsPerSocket();
    const Time entry = cpu->InstructionsToTime(m_os->GetSocketCallInstructions() + scan);
    cpu->Syscall(entry, MakeSanCallback<void>([this, done]() {
                     if (!m_select)
                     {
                         return; // disposed
                     }
                     if (m_select->AnyReady())
                     {
                         CollectReady();
                         ReadNextReady(done);
                         return;
                     }
                     // Nothing readable: sleep until an arrival wakes the process, then scan
                     // the connections once more.
                     ++m_selectSleeps;
                     m_select->Wait(HostCpuWait::BLOCK, MakeSanCallback<void>([this, done]() {
                                        Ptr<HostCpu> cpu = SanHost::Of(GetNode())->GetCpu();
                                        const double rescan =
                                            CountCostedConnections() *
                                            m_os->GetSelectInstructionsPerSocket();
                                        cpu->Execute(cpu->InstructionsToTime(rescan),
                                                     MakeSanCallback<void>([this, done]() {
                                                         CollectReady();
                                                         ReadNextReady(done);
                                                     }));
                                    }));
                 }));
}

void
SanSocketMessenger::CostedDataArrived()
{
    if (m_select)
    {
        m_select->Notify();
    }
}

void
SanSocketMessenger::UseProcessCalls(Connection& c)
{
    if (!m_chargeCalls || c.calls)
    {
        return;
    }
    Ptr<HostStackNetDevice> stack;
    for (uint32_t i = 0; i < GetNode()->GetNDevices() && !stack; ++i)
    {
        stack = DynamicCast<HostStackNetDevice>(GetNode()->GetDevice(i));
    }
    if (!stack)
    {
        return; // not ns-3's stack on a san host (SCILAN, SHRIMP: their libraries charge)
    }
    NS_ABORT_MSG_IF(!c.queue.empty() || c.socket->GetRxAvailable() != 0,
                    "SanSocketMessenger: node " << GetNode()->GetId()
                                                << " switches to costed calls mid-message");
    c.calls = CreateObject<HostSocketCalls>();
    c.calls->Setup(SanHost::Of(GetNode()), c.socket, stack->GetStackCosts());
    c.calls->SetTransmitChecksumOffload(stack->GetNicCosts()->HasTransmitChecksumOffload());
    c.calls->SetDataCallback(MakeCallback(&SanSocketMessenger::CostedDataArrived, this));
    m_os = stack->GetStackCosts();
    if (!m_select)
    {
        // The arrivals that make a connection readable are charged by the device's
        // interrupt: a process asleep in select() pays the scheduler's wake-up only.
        m_select = Create<SanSelect>(SanHost::Of(GetNode())->GetCpu());
        m_select->SetNotifiedByHandler(true);
    }
    Ptr<Socket> socket = c.socket;
    m_select->AddSource(MakeSanCallback<bool>([socket]() { return socket->GetRxAvailable() > 0; }));
    // A receive posted before the connection was up (a server's first) becomes a read.
    ReceiveCallback posted = TakePostedReceive();
    if (!posted.IsNull())
    {
        Receive(posted);
    }
}

void
SanSocketMessenger::Call(std::function<void()> call)
{
    m_waiting.push_back(std::move(call));
    if (!m_calling)
    {
        CallReturned();
    }
}

void
SanSocketMessenger::CallReturned()
{
    m_calling = false;
    if (m_waiting.empty())
    {
        return;
    }
    std::function<void()> next = std::move(m_waiting.front());
    m_waiting.pop_front();
    m_calling = true;
    next();
}

void
SanSocketMessenger::Queue(Connection& c, uint32_t bytes, uint32_t kind, Callback<void> sent)
{
    Outgoing o;
    o.bytes = bytes;
    o.kind = kind;
    o.sent = sent;
    c.queue.push_back(o);
    Pump(c);
}

void
SanSocketMessenger::Pump(Connection& c)
{
    while (!c.queue.empty())
    {
        Outgoing& o = c.queue.front();
        const uint32_t room = c.socket->GetTxAvailable();
        const uint32_t n = std::min({o.bytes - o.handed, m_sendSize, room});
        if (n == 0)
        {
            return; // Writable resumes
        }
        Ptr<Packet> piece;
        if (o.handed < FRAME_BYTES)
        {
            // The frame's words are real bytes; the rest of the message is zeros.
            uint8_t frame[FRAME_BYTES];
            HostWords::Store32(frame, o.bytes);
            HostWords::Store32(frame + 4, o.kind);
            const uint32_t head = std::min(n, FRAME_BYTES - o.handed);
            piece = Create<Packet>(frame + o.handed, head);
            if (n > head)
            {
                piece->AddAtEnd(Create<Packet>(n - head));
            }
        }
        else
        {
            piece = Create<Packet>(n);
        }
        const int taken = c.socket->Send(piece);
        if (taken <= 0)
        {
            return; // Writable resumes
        }
        o.handed += static_cast<uint32_t>(taken);
        if (o.handed < o.bytes)
        {
            continue;
        }
        Callback<void> sent = o.sent;
        c.queue.pop_front();
        if (!sent.IsNull())
        {
            sent();
        }
    }
}

void
SanSocketMessenger::Writable(Ptr<Socket> socket, uint32_t)
{
    Pump(Of(socket));
}

void
SanSocketMessenger::Readable(Ptr<Socket> socket)
{
    while (Ptr<Packet> p = socket->Recv())
    {
        uint32_t at = 0;
        const uint32_t size = p->GetSize();
        while (at < size)
        {
            // Look the connection up afresh: Arrived may have added others.
            Connection& c = Of(socket);
            if (c.frameBytes < FRAME_BYTES)
            {
                const uint32_t n = std::min(FRAME_BYTES - c.frameBytes, size - at);
                p->CreateFragment(at, n)->CopyData(c.frame + c.frameBytes, n);
                c.frameBytes += n;
                at += n;
                if (c.frameBytes < FRAME_BYTES)
                {
                    break;
                }
                const uint32_t length = HostWords::Load32(c.frame);
                NS_ABORT_MSG_IF(length < FRAME_BYTES,
                                "SanSocketMessenger: a malformed frame on node "
                                    << GetNode()->GetId());
                c.remaining = length - FRAME_BYTES;
            }
            const uint32_t body = std::min(c.remaining, size - at);
            c.remaining -= body;
            at += body;
            if (c.remaining == 0)
            {
                c.frameBytes = 0;
                Arrived(c, HostWords::Load32(c.frame), HostWords::Load32(c.frame + 4));
                if (Of(socket).calls)
                {
                    // The process's calls read from here on (nothing follows the hello or
                    // its answer until the connection is up).
                    NS_ABORT_MSG_IF(at != size, "SanSocketMessenger: data after the hello");
                    return;
                }
            }
        }
    }
}

void
SanSocketMessenger::Arrived(Connection& c, uint32_t bytes, uint32_t kind)
{
    if (kind & HELLO)
    {
        const uint32_t peer = kind & ~HELLO;
        NS_ABORT_MSG_IF(m_byPeer.count(peer),
                        "SanSocketMessenger: node " << peer << " connected twice to node "
                                                    << GetNode()->GetId());
        c.peer = peer;
        c.up = true;
        m_byPeer[peer] = PeekPointer(c.socket);
        Queue(c, FRAME_BYTES, ANSWER | GetNode()->GetId(), Callback<void>());
        UseProcessCalls(c);
        return;
    }
    if (kind & ANSWER)
    {
        c.up = true;
        UseProcessCalls(c);
        Callback<void> connected = c.connected;
        c.connected = Callback<void>();
        if (!connected.IsNull())
        {
            connected();
        }
        return;
    }
    Delivered(c.peer, bytes);
}

} // namespace ns3
