/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-stack.h"

#include "scilan-datagram-socket.h"
#include "scilan-socket.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/host-memory.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanStack");

NS_OBJECT_ENSURE_REGISTERED(ScilanStack);

void
ScilanCluster::Add(Ipv4Address address, const Entry& entry)
{
    NS_ABORT_MSG_IF(!IsClusterAddress(address),
                    "ScilanCluster: " << address << " is not in the private 192.168.0.0/16 range");
    NS_ABORT_MSG_IF(!m_hosts.emplace(address.Get(), entry).second,
                    "ScilanCluster: " << address << " is taken");
}

bool
ScilanCluster::Find(Ipv4Address address, Entry& entry) const
{
    auto it = m_hosts.find(address.Get());
    if (it == m_hosts.end())
    {
        return false;
    }
    entry = it->second;
    return true;
}

bool
ScilanCluster::IsClusterAddress(Ipv4Address address)
{
    // Section 3.3: the class C private networks 192.168.0.0 - 192.168.255.0.
    return address.CombineMask(Ipv4Mask("255.255.0.0")) == Ipv4Address("192.168.0.0");
}

TypeId
ScilanStack::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScilanStack")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<ScilanStack>()
            // ASSUMED: 64 KB of page-locked receive buffer per socket (the paper does not give
            // it; it is SCILAN's window, section 2.1: "The window size is simply the size of
            // the receiver buffer").
            .AddAttribute("RingBytes",
                          "Receive buffer (ring) of each SCILAN socket, bytes (a multiple of 64).",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&ScilanStack::m_ringBytes),
                          MakeUintegerChecker<uint32_t>(64))
            // SCILAN 1998, section 4.1: "All technologies were tested at 1500 byte MTU size";
            // on SCILAN the MTU is "the maximum amount of data transmitted before checking for
            // transfer errors" (section 2.1).
            .AddAttribute("Mtu",
                          "Bytes sent between two checks of the adapter's error status.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&ScilanStack::m_mtu),
                          MakeUintegerChecker<uint32_t>(4))
            // Section 4.7: polling that "can back off to interrupts after prolonged
            // unsuccessful polling"; off, a receiver sleeps on its flag at once (the paper's
            // "SCILAN interrupt" graph). The poll lasts the CPU's PollBeforeBlock.
            .AddAttribute("Polling",
                          "Receivers poll before they sleep on their interrupt flag.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ScilanStack::m_polling),
                          MakeBooleanChecker())
            // ASSUMED: "prolonged unsuccessful polling" (section 4.7) lasts 200 us: longer than
            // a small message's round trip, far shorter than a scheduler quantum.
            .AddAttribute("PollTime",
                          "How long a receiver polls before it sleeps on its flag (with "
                          "Polling).",
                          TimeValue(MicroSeconds(200)),
                          MakeTimeAccessor(&ScilanStack::m_pollTime),
                          MakeTimeChecker(NanoSeconds(1)))
            // SCILAN 1998, section 4.5 and Figure 8: "nocopy SCILAN" adds the flow control but
            // leaves out the receiver copy on recv; for that measurement only.
            .AddAttribute("ReceiverCopy",
                          "recv() copies the data out of the ring (false: Figure 8's nocopy "
                          "variant, which only consumes it).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&ScilanStack::m_receiverCopy),
                          MakeBooleanChecker())
            // ASSUMED: the library's send(): look up the socket, check its state and the
            // ring's room, set up the copy loop: 200 instructions (no kernel entry, section
            // 2.2).
            .AddAttribute("SendInstructions",
                          "Instructions of one send() call besides its copy.",
                          DoubleValue(200),
                          MakeDoubleAccessor(&ScilanStack::m_sendInstr),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the library's recv() besides its copy: 200 instructions.
            .AddAttribute("RecvInstructions",
                          "Instructions of one recv() call besides its copy.",
                          DoubleValue(200),
                          MakeDoubleAccessor(&ScilanStack::m_recvInstr),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the bookkeeping around one error check (the status load itself is a
            // PCI load the adapter times): 40 instructions.
            .AddAttribute("CheckInstructions",
                          "Instructions around one error check (per MTU).",
                          DoubleValue(40),
                          MakeDoubleAccessor(&ScilanStack::m_checkInstr),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: connect() or accept() bookkeeping besides its remote accesses: 2000
            // instructions (set-up, off the data path).
            .AddAttribute("SetupInstructions",
                          "Instructions of a connect() or of accepting one connection.",
                          DoubleValue(2000),
                          MakeDoubleAccessor(&ScilanStack::m_setupInstr),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a connecting transmitter that finds the listener's lock held tries
            // again after 5 us.
            .AddAttribute("LockRetryDelay",
                          "Wait before a connecting transmitter retries a held lock.",
                          TimeValue(MicroSeconds(5)),
                          MakeTimeAccessor(&ScilanStack::m_lockRetry),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
}

ScilanStack::ScilanStack() = default;

ScilanStack::~ScilanStack() = default;

void
ScilanStack::DoDispose()
{
    // Sockets wait on flags whose callbacks hold them: dispose them here, as ns-3's transport
    // protocols dispose theirs.
    std::vector<Ptr<Socket>> sockets;
    sockets.swap(m_sockets);
    for (Ptr<Socket> s : sockets)
    {
        s->Dispose();
    }
    m_node = nullptr;
    if (m_ctx != nullptr)
    {
        m_ctx->Dispose();
    }
    m_ctx = nullptr;
    m_cluster = nullptr;
    Object::DoDispose();
}

void
ScilanStack::Setup(Ptr<Node> node,
                   Ptr<SciNetDevice> nic,
                   Ipv4Address address,
                   Ptr<ScilanCluster> cluster)
{
    NS_ABORT_MSG_IF(node == nullptr || nic == nullptr || cluster == nullptr,
                    "ScilanStack::Setup: needs a node, an SCI adapter and a cluster");
    NS_ABORT_MSG_IF(m_ringBytes % 64 != 0,
                    "ScilanStack: RingBytes " << m_ringBytes << " is not a multiple of 64");
    m_node = node;
    // The SCILAN library runs in the process it was linked into (section 3): one context.
    Ptr<SciContext> ctx = CreateObject<SciContext>();
    ctx->Open(nic);
    m_ctx = ctx;
    m_address = address;
    m_cluster = cluster;
    const uint64_t bytes = uint64_t(DIRECTORY_SLOTS) * SLOT_BYTES;
    m_directory = ctx->GetMemory()->Allocate(bytes, "");
    cluster->Add(address, ScilanCluster::Entry{ctx->GetNodeId(), ctx->Export(m_directory, bytes)});
}

Ptr<Socket>
ScilanStack::CreateSocket()
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "ScilanStack::CreateSocket: not set up");
    Ptr<ScilanSocket> s = CreateObject<ScilanSocket>();
    s->SetStack(this);
    m_sockets.push_back(s);
    return s;
}

Ptr<Socket>
ScilanStack::CreateDatagramSocket()
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "ScilanStack::CreateDatagramSocket: not set up");
    Ptr<ScilanDatagramSocket> s = CreateObject<ScilanDatagramSocket>();
    s->SetStack(this);
    m_sockets.push_back(s);
    return s;
}

Ptr<Node>
ScilanStack::GetNode() const
{
    return m_node;
}

Ptr<SciContext>
ScilanStack::GetContext() const
{
    return m_ctx;
}

Ipv4Address
ScilanStack::GetAddress() const
{
    return m_address;
}

Ptr<ScilanCluster>
ScilanStack::GetCluster() const
{
    return m_cluster;
}

uint32_t
ScilanStack::GetRingBytes() const
{
    return m_ringBytes;
}

uint32_t
ScilanStack::GetMtu() const
{
    return m_mtu;
}

bool
ScilanStack::IsPolling() const
{
    return m_polling;
}

Time
ScilanStack::GetPollTime() const
{
    return m_polling ? m_pollTime : Seconds(0);
}

bool
ScilanStack::HasReceiverCopy() const
{
    return m_receiverCopy;
}

double
ScilanStack::GetSendInstructions() const
{
    return m_sendInstr;
}

double
ScilanStack::GetRecvInstructions() const
{
    return m_recvInstr;
}

double
ScilanStack::GetCheckInstructions() const
{
    return m_checkInstr;
}

double
ScilanStack::GetSetupInstructions() const
{
    return m_setupInstr;
}

Time
ScilanStack::GetLockRetryDelay() const
{
    return m_lockRetry;
}

void
ScilanStack::Register(uint16_t port, const SciRingAddress& receiver, uint32_t lockFlag)
{
    NS_ABORT_MSG_IF(m_slots.count(port) != 0, "ScilanStack: port " << port << " listens already");
    // Open addressing from port % slots; a connecting socket probes the same way.
    for (uint32_t i = 0; i < DIRECTORY_SLOTS; ++i)
    {
        const uint32_t slot = (port + i) % DIRECTORY_SLOTS;
        uint8_t e[SLOT_BYTES];
        m_ctx->GetMemory()->Read(m_directory + slot * SLOT_BYTES, e, SLOT_BYTES);
        if (HostWords::Load32(e) != 0)
        {
            continue;
        }
        HostWords::Store32(e, uint32_t(port) + 1);
        HostWords::Store32(e + 4, receiver.ringBytes);
        HostWords::Store64(e + 8, receiver.segment);
        HostWords::Store32(e + 16, receiver.flag);
        HostWords::Store32(e + 20, lockFlag);
        m_ctx->GetMemory()->Write(m_directory + slot * SLOT_BYTES, e, SLOT_BYTES);
        m_slots[port] = slot;
        return;
    }
    NS_ABORT_MSG("ScilanStack: the port directory is full (" << DIRECTORY_SLOTS
                                                             << " listening sockets)");
}

void
ScilanStack::Unregister(uint16_t port)
{
    auto it = m_slots.find(port);
    if (it == m_slots.end())
    {
        return;
    }
    // A removed entry keeps the probe chain going (a tombstone: port 0xffff + 1 is never
    // looked up, since real ports fit in 16 bits and a slot of 0x10000 matches none).
    uint8_t e[SLOT_BYTES] = {};
    HostWords::Store32(e, 0x10000u + 1);
    m_ctx->GetMemory()->Write(m_directory + it->second * SLOT_BYTES, e, SLOT_BYTES);
    m_slots.erase(it);
}

uint16_t
ScilanStack::AllocatePort()
{
    for (uint32_t i = 0; i < 16384; ++i)
    {
        const uint16_t p = m_nextPort;
        m_nextPort = m_nextPort == 65535 ? 49152 : m_nextPort + 1;
        if (!IsPortUsed(p))
        {
            UsePort(p);
            return p;
        }
    }
    NS_ABORT_MSG("ScilanStack: no free ephemeral port");
    return 0;
}

bool
ScilanStack::IsPortUsed(uint16_t port) const
{
    return m_ports.count(port) != 0;
}

void
ScilanStack::UsePort(uint16_t port)
{
    m_ports[port] = true;
}

void
ScilanStack::FreePort(uint16_t port)
{
    m_ports.erase(port);
}

uint64_t
ScilanStack::MapDirectory(uint16_t node, uint64_t directory)
{
    auto it = m_directoryMaps.find(node);
    if (it != m_directoryMaps.end())
    {
        return it->second;
    }
    const uint64_t bus = m_ctx->Map(node, directory, uint64_t(DIRECTORY_SLOTS) * SLOT_BYTES);
    m_directoryMaps[node] = bus;
    return bus;
}

} // namespace ns3
