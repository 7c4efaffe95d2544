/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-socket-calls.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostSocketCalls");

NS_OBJECT_ENSURE_REGISTERED(HostSocketCalls);

TypeId
HostSocketCalls::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostSocketCalls")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<HostSocketCalls>()
            .AddTraceSource("Charge",
                            "A cost charged on the host (kind, duration).",
                            MakeTraceSourceAccessor(&HostSocketCalls::m_chargeTrace),
                            "ns3::HostSocketCalls::ChargeTracedCallback");
    return tid;
}

HostSocketCalls::HostSocketCalls()
{
    NS_LOG_FUNCTION(this);
}

HostSocketCalls::~HostSocketCalls()
{
    NS_LOG_FUNCTION(this);
    Detach(); // if released without Dispose: the socket may outlive this object
}

void
HostSocketCalls::Detach()
{
    if (!m_socket)
    {
        return;
    }
    // The socket's callbacks and its Tx trace hold this object's raw pointer.
    m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    m_socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    if (m_rcvBufSize)
    {
        m_socket->TraceDisconnectWithoutContext(
            "Tx",
            MakeCallback(&HostSocketCalls::OnSegmentSent, this));
    }
    m_socket = nullptr;
}

void
HostSocketCalls::DoDispose()
{
    NS_LOG_FUNCTION(this);
    Detach();
    m_host = nullptr;
    m_os = nullptr;
    m_message = nullptr;
    m_recvData = nullptr;
    m_sendDone = Callback<void>();
    m_recvDone = Callback<void, Ptr<Packet>>();
    m_dataCallback = Callback<void>();
    Object::DoDispose();
}

void
HostSocketCalls::Setup(Ptr<SanHost> host, Ptr<Socket> socket, Ptr<HostStackCosts> os)
{
    NS_LOG_FUNCTION(this << host << socket << os);
    NS_ABORT_MSG_IF(m_socket, "HostSocketCalls::Setup: called twice");
    NS_ABORT_MSG_IF(!host || !host->GetCpu() || !socket || !os,
                    "HostSocketCalls::Setup: a host with a CPU, a socket and OS costs needed");
    m_host = host;
    m_socket = socket;
    m_os = os;
    // The kernel copies into one segment-sized buffer at a time (Linux 2.2's tcp_sendmsg fills
    // one sk_buff per maximum segment); other sockets: the whole message at once.
    // A TCP socket's RcvBufSize and SegmentSize are looked up by name once, here.
    TypeId::AttributeInformation segSize;
    TypeId::AttributeInformation rcvBuf;
    const TypeId tid = socket->GetInstanceTypeId();
    if (tid.LookupAttributeByName("SegmentSize", &segSize))
    {
        UintegerValue segment;
        m_chunk = segSize.accessor->Get(PeekPointer(socket), segment) ? segment.Get() : 0;
        if (tid.LookupAttributeByName("RcvBufSize", &rcvBuf))
        {
            m_rcvBufSize = rcvBuf.accessor;
            m_segmentSize = segSize.accessor;
            // Every segment advertises the window (SendWindowUpdate).
            socket->TraceConnectWithoutContext("Tx",
                                               MakeCallback(&HostSocketCalls::OnSegmentSent, this));
        }
    }
    socket->SetRecvCallback(MakeCallback(&HostSocketCalls::OnData, this));
    socket->SetSendCallback(MakeCallback(&HostSocketCalls::OnSpace, this));
}

void
HostSocketCalls::SetTransmitChecksumOffload(bool offload)
{
    m_txChecksumOffload = offload;
}

void
HostSocketCalls::SetDataCallback(Callback<void> cb)
{
    m_dataCallback = cb;
}

bool
HostSocketCalls::IsBusy() const
{
    return m_message || m_recvData;
}

Ptr<Socket>
HostSocketCalls::GetSocket() const
{
    return m_socket;
}

uint64_t
HostSocketCalls::GetSyscalls() const
{
    return m_syscalls;
}

uint64_t
HostSocketCalls::GetWindowUpdates() const
{
    return m_windowUpdates;
}

uint64_t
HostSocketCalls::GetWakeups() const
{
    return m_wakeups;
}

void
HostSocketCalls::Trace(const char* kind, Time duration)
{
    m_chargeTrace(std::string(kind), duration);
}

void
HostSocketCalls::Send(Ptr<const Packet> message, Callback<void> done)
{
    NS_LOG_FUNCTION(this << message);
    NS_ABORT_MSG_IF(!m_socket, "HostSocketCalls::Send before Setup");
    NS_ABORT_MSG_IF(IsBusy(), "HostSocketCalls::Send: the process is already in a call");
    NS_ABORT_MSG_IF(!message || message->GetSize() == 0, "HostSocketCalls::Send: an empty message");
    m_message = message;
    m_sendOffset = 0;
    m_sendDone = done;
    ++m_syscalls;
    Ptr<HostCpu> cpu = m_host->GetCpu();
    const Time entry = cpu->InstructionsToTime(m_os->GetSocketCallInstructions());
    Trace("syscall", cpu->GetSyscallCost() + entry);
    cpu->Syscall(entry, MakeSanCallback<&HostSocketCalls::SendMore>(this));
}

void
HostSocketCalls::SendMore()
{
    NS_LOG_FUNCTION(this);
    if (!m_message)
    {
        return; // disposed
    }
    const uint32_t size = m_message->GetSize();
    if (m_sendOffset == size)
    {
        m_message = nullptr;
        Callback<void> done = m_sendDone;
        m_sendDone = Callback<void>();
        if (!done.IsNull())
        {
            done();
        }
        return;
    }
    const uint32_t available = m_socket->GetTxAvailable();
    if (available == 0)
    {
        m_sendBlocked = true; // sleep until TCP frees buffer space
        return;
    }
    uint32_t n = std::min(size - m_sendOffset, available);
    if (m_chunk > 0)
    {
        n = std::min(n, m_chunk);
    }
    const Time copy = m_os->CopyTime(n);
    const Time sum = m_txChecksumOffload ? Time(0) : m_os->ChecksumTime(n);
    Trace("copy", copy);
    Trace("checksum", sum);
    Ptr<HostSocketCalls> self = this;
    m_host->GetCpu()->Execute(copy + sum, MakeSanCallback<void>([self, n]() {
                                  if (!self->m_message)
                                  {
                                      return;
                                  }
                                  Ptr<Packet> chunk =
                                      self->m_message->CreateFragment(self->m_sendOffset, n);
                                  const int sent = self->m_socket->Send(chunk);
                                  NS_ABORT_MSG_IF(sent != static_cast<int>(n),
                                                  "HostSocketCalls: the socket took "
                                                      << sent << " of " << n << " bytes");
                                  self->m_sendOffset += n;
                                  self->SendMore();
                              }));
}

void
HostSocketCalls::OnSpace(Ptr<Socket> socket, uint32_t available)
{
    NS_LOG_FUNCTION(this << available);
    if (!m_sendBlocked || available == 0)
    {
        return;
    }
    m_sendBlocked = false;
    ++m_wakeups;
    Ptr<HostCpu> cpu = m_host->GetCpu();
    Trace("wakeup", cpu->GetWakeupLatency());
    cpu->Execute(cpu->GetWakeupLatency(), MakeSanCallback<&HostSocketCalls::SendMore>(this));
}

void
HostSocketCalls::Recv(uint32_t bytes, Callback<void, Ptr<Packet>> done)
{
    NS_LOG_FUNCTION(this << bytes);
    NS_ABORT_MSG_IF(!m_socket, "HostSocketCalls::Recv before Setup");
    NS_ABORT_MSG_IF(IsBusy(), "HostSocketCalls::Recv: the process is already in a call");
    NS_ABORT_MSG_IF(bytes == 0, "HostSocketCalls::Recv: zero bytes wanted");
    m_recvWanted = bytes;
    m_recvData = Create<Packet>();
    m_recvDone = done;
    ReadCall();
}

void
HostSocketCalls::SendWindowUpdate()
{
    // A receiver must tell a sender that its reads have opened the window, or a sender
    // stopped by a full window waits for its persist timer (seconds); ns-3.37's TCP sends no
    // such update after a read. When it does is the stack's own rule (HostStackCosts
    // "WindowUpdate"); both keep small reads from each sending an ACK (RFC 1122, section
    // 4.2.3.3, receiver-side silly-window avoidance). Every segment the socket sends
    // advertises its window, its right edge the bytes read by then plus the buffer
    // (OnSegmentSent notes those reads), so the edge moved by the bytes read since.
    //
    // The update goes through ns-3's own path for a buffer that grows: RcvBufSize is lowered
    // by one byte (which sends nothing) and set back, which sends the ACK with the window the
    // buffer really has. (Raising it by one byte first would advertise a byte the buffer
    // cannot hold: the sender's segment that uses it is cut at the receiver, comes back as a
    // SACK hole in a network that loses nothing, and ns-3.37's NextSeg can then hand
    // SendDataPacket an empty segment, a crash with windows of whole segments.)
    if (!m_rcvBufSize)
    {
        return; // not a TCP socket
    }
    UintegerValue buffer;
    UintegerValue segment;
    ObjectBase* socket = PeekPointer(m_socket);
    m_rcvBufSize->Get(socket, buffer);
    m_segmentSize->Get(socket, segment);
    const uint64_t size = buffer.Get();
    const uint64_t advance = m_bytesRead - m_readAtAdvertised; // the edge's move
    if (m_os->GetWindowUpdateRule() == HostStackCosts::BSD_WINDOW_UPDATE)
    {
        if (advance < 2 * uint64_t(segment.Get()) && 2 * advance < size)
        {
            return; // a small move: the next segment the socket sends carries it
        }
    }
    else
    {
        // Linux: the window left of the last advertisement (its edge less what has arrived)
        // against the window it would offer now: the buffer less what is unread, in whole
        // segments (__tcp_select_window offers none below one segment).
        const uint64_t mss = segment.Get();
        const uint64_t unread = m_socket->GetRxAvailable();
        const uint64_t arrived = m_bytesRead + unread;
        const uint64_t edge = m_readAtAdvertised + size;
        const uint64_t windowNow = edge > arrived ? edge - arrived : 0;
        const uint64_t offer = size > unread ? (size - unread) / mss * mss : 0;
        if (2 * windowNow > size || offer == 0 || offer < 2 * windowNow)
        {
            return;
        }
    }
    ++m_windowUpdates;
    // As SetAttribute would, without its lookup by name (both values are in range).
    m_rcvBufSize->Set(socket, UintegerValue(size - 1));
    m_rcvBufSize->Set(socket, UintegerValue(size));
}

void
HostSocketCalls::OnSegmentSent(Ptr<const Packet> packet,
                               const TcpHeader& header,
                               Ptr<const TcpSocketBase> socket)
{
    m_readAtAdvertised = m_bytesRead;
}

void
HostSocketCalls::ReadCall()
{
    NS_LOG_FUNCTION(this);
    ++m_syscalls;
    Ptr<HostCpu> cpu = m_host->GetCpu();
    const Time entry = cpu->InstructionsToTime(m_os->GetSocketCallInstructions());
    Trace("syscall", cpu->GetSyscallCost() + entry);
    cpu->Syscall(entry, MakeSanCallback<&HostSocketCalls::ReadTake>(this));
}

void
HostSocketCalls::ReadTake()
{
    NS_LOG_FUNCTION(this);
    if (!m_recvData)
    {
        return; // disposed
    }
    const uint32_t available = m_socket->GetRxAvailable();
    if (available == 0)
    {
        m_recvBlocked = true; // sleep until data arrives
        return;
    }
    Ptr<Packet> p = m_socket->Recv(std::min(available, m_recvWanted), 0);
    NS_ABORT_MSG_IF(!p || p->GetSize() == 0, "HostSocketCalls: the socket returned no data");
    m_bytesRead += p->GetSize();
    SendWindowUpdate();
    const Time copy = m_os->CopyTime(p->GetSize());
    Trace("copy", copy);
    Ptr<HostSocketCalls> self = this;
    m_host->GetCpu()->Execute(copy, MakeSanCallback<void>([self, p]() {
                                  if (!self->m_recvData)
                                  {
                                      return;
                                  }
                                  self->m_recvData->AddAtEnd(p);
                                  self->m_recvWanted -= p->GetSize();
                                  if (self->m_recvWanted > 0)
                                  {
                                      self->ReadCall(); // the process loops on read()
                                      return;
                                  }
                                  Ptr<Packet> data = self->m_recvData;
                                  self->m_recvData = nullptr;
                                  Callback<void, Ptr<Packet>> done = self->m_recvDone;
                                  self->m_recvDone = Callback<void, Ptr<Packet>>();
                                  if (!done.IsNull())
                                  {
                                      done(data);
                                  }
                              }));
}

void
HostSocketCalls::OnData(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this);
    if (!m_recvBlocked)
    {
        if (!m_dataCallback.IsNull())
        {
            m_dataCallback();
        }
        return;
    }
    m_recvBlocked = false;
    ++m_wakeups;
    Ptr<HostCpu> cpu = m_host->GetCpu();
    Trace("wakeup", cpu->GetWakeupLatency());
    cpu->Execute(cpu->GetWakeupLatency(), MakeSanCallback<&HostSocketCalls::ReadTake>(this));
}

} // namespace ns3
