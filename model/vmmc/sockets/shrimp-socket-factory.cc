/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-socket-factory.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"
#include "ns3/vmmc-daemon.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShrimpSocketFactory");

NS_OBJECT_ENSURE_REGISTERED(ShrimpSocketFactory);

TypeId
ShrimpSocketFactory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ShrimpSocketFactory")
            .SetParent<SocketFactory>()
            .SetGroupName("San")
            .AddConstructor<ShrimpSocketFactory>()
            // Section 4.3: the three variants of the library.
            .AddAttribute("Variant",
                          "Data transfer of new connections: DU with two copies, DU with one "
                          "copy (two when misaligned), AU with two copies.",
                          EnumValue(ShrimpSocket::AU_2COPY),
                          MakeEnumAccessor(&ShrimpSocketFactory::m_variant),
                          MakeEnumChecker(ShrimpSocket::DU_2COPY,
                                          "DU-2copy",
                                          ShrimpSocket::DU_1COPY,
                                          "DU-1copy",
                                          ShrimpSocket::AU_2COPY,
                                          "AU-2copy"))
            // ASSUMED: the paper does not give the ring's size; 32 KB (eight 4 KB pages)
            // holds several of the 7 KB messages of the ttcp test.
            .AddAttribute("RingBytes",
                          "Bytes of each connection's receive ring (whole pages).",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&ShrimpSocketFactory::m_ringBytes),
                          MakeUintegerChecker<uint32_t>(4096))
            // ASSUMED: the data of send() calls not yet in the peer's ring that a socket
            // accepts before Send() refuses (ns-3's TCP default SndBufSize is 128 KB; a
            // blocking send() of the real library holds one call's data): 64 KB.
            .AddAttribute("SndBufSize",
                          "Bytes of send() data queued before Send() refuses more.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&ShrimpSocketFactory::m_sndBufSize),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: the application's receive buffer: 64 KB. When it is full the ring
            // fills and the sender's flow control holds the data back.
            .AddAttribute("RcvBufSize",
                          "Bytes copied out of the ring and not yet read by the application, "
                          "at most.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&ShrimpSocketFactory::m_rcvBufSize),
                          MakeUintegerChecker<uint32_t>(1))
            // A property of the application, not a cost: where its send buffer starts
            // within a word (0: word-aligned, as malloc gives).
            .AddAttribute("UserBufferOffset",
                          "Misalignment (bytes, 0-3) of the application's send buffer.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ShrimpSocketFactory::m_userOffset),
                          MakeUintegerChecker<uint32_t>(0, 3))
            // ASSUMED (section 4.3 names the work, not its size): a send() call's procedure
            // calls (the compatible entry point and the library's internal call, 2 x 15),
            // the descriptor lookup and its checks (20), the argument and state error checks
            // (connected, shut down, flags, length: 20), reading the ring's consumed pointer
            // and computing the free space with its wrap (20), choosing the copy strategy
            // (alignment: 10) and updating the outgoing structure (written pointer: 10):
            // about 110 instructions.
            .AddAttribute("SendInstructions",
                          "Instructions of a send() call besides its copies and transfers.",
                          DoubleValue(110),
                          MakeDoubleAccessor(&ShrimpSocketFactory::m_sendInstr),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a recv() call's procedure calls (30), descriptor lookup and checks (20),
            // error checks (20), reading the written pointer and computing the bytes present
            // with the wrap (20) and updating the incoming structure's consumed pointer (10):
            // about 100 instructions.
            .AddAttribute("RecvInstructions",
                          "Instructions of a recv() call besides its copy.",
                          DoubleValue(100),
                          MakeDoubleAccessor(&ShrimpSocketFactory::m_recvInstr),
                          MakeDoubleChecker<double>(0));
    return tid;
}

ShrimpSocketFactory::ShrimpSocketFactory() = default;

ShrimpSocketFactory::~ShrimpSocketFactory() = default;

void
ShrimpSocketFactory::Install(NodeContainer nodes)
{
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Ptr<Node> node = nodes.Get(i);
        NS_ABORT_MSG_IF(node->GetObject<VmmcDaemon>() == nullptr,
                        "ShrimpSocketFactory::Install: node "
                            << node->GetId() << " has no SHRIMP interface (VMMC daemon)");
        NS_ABORT_MSG_IF(node->GetObject<TcpSocketFactory>() == nullptr,
                        "ShrimpSocketFactory::Install: node "
                            << node->GetId()
                            << " has no internet stack (the Ethernet sets up connections: "
                               "ShrimpScenario::Spec::ethernet)");
        NS_ABORT_MSG_IF(node->GetObject<ShrimpSocketFactory>() != nullptr,
                        "ShrimpSocketFactory::Install: node " << node->GetId()
                                                              << " has one already");
        node->AggregateObject(CreateObject<ShrimpSocketFactory>());
    }
}

void
ShrimpSocketFactory::NotifyNewAggregate()
{
    if (m_node == nullptr)
    {
        m_node = GetObject<Node>();
    }
    SocketFactory::NotifyNewAggregate();
}

Ptr<Socket>
ShrimpSocketFactory::CreateSocket()
{
    NS_ABORT_MSG_IF(m_node == nullptr,
                    "ShrimpSocketFactory: not aggregated to a node (ShrimpSocketFactory::Install)");
    Ptr<ShrimpSocket> s = CreateObject<ShrimpSocket>();
    s->SetFactory(this);
    m_sockets.push_back(s);
    return s;
}

Ptr<VmmcEndpoint>
ShrimpSocketFactory::GetEndpoint()
{
    if (m_ep == nullptr)
    {
        m_ep = VmmcDaemon::Of(m_node)->CreateEndpoint();
    }
    return m_ep;
}

Ptr<Node>
ShrimpSocketFactory::GetNode() const
{
    return m_node;
}

ShrimpSocket::Variant
ShrimpSocketFactory::GetVariant() const
{
    return m_variant;
}

uint32_t
ShrimpSocketFactory::GetRingBytes() const
{
    return m_ringBytes;
}

uint32_t
ShrimpSocketFactory::GetSndBufSize() const
{
    return m_sndBufSize;
}

uint32_t
ShrimpSocketFactory::GetRcvBufSize() const
{
    return m_rcvBufSize;
}

uint32_t
ShrimpSocketFactory::GetUserBufferOffset() const
{
    return m_userOffset;
}

double
ShrimpSocketFactory::GetSendInstructions() const
{
    return m_sendInstr;
}

double
ShrimpSocketFactory::GetRecvInstructions() const
{
    return m_recvInstr;
}

double
ShrimpSocketFactory::GetPollInstructions()
{
    DoubleValue v;
    GetEndpoint()->GetAttribute("PollInstructions", v);
    return v.Get();
}

void
ShrimpSocketFactory::DoDispose()
{
    std::vector<Ptr<ShrimpSocket>> sockets;
    sockets.swap(m_sockets);
    for (Ptr<ShrimpSocket> s : sockets)
    {
        s->Dispose();
    }
    m_ep = nullptr;
    m_node = nullptr;
    SocketFactory::DoDispose();
}

} // namespace ns3
