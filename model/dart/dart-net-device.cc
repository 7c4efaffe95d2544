/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-net-device.h"

#include "dart-context.h"
#include "dart-header.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartNetDevice");

NS_OBJECT_ENSURE_REGISTERED(DartNetDevice);

TypeId
DartNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DartNetDevice")
            .SetParent<SanNicDevice>()
            .SetGroupName("San")
            .AddConstructor<DartNetDevice>()
            .AddAttribute(
                "CostModel",
                "Per-stage costs (a DartCostModel preset, e.g. "
                "ns3::DartSoftwareCostModel or ns3::DartHardwareCostModel).",
                PointerValue(),
                MakePointerAccessor(&DartNetDevice::SetCostModel, &DartNetDevice::GetCostModel),
                MakePointerChecker<DartCostModel>())
            // Not given by the paper: enough for every host of a 64-host experiment to hold
            // several connections to every other.
            .AddAttribute("Connections",
                          "Entries of the Connection Table (VCIs); set before Attach.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&DartNetDevice::SetConnections,
                                               &DartNetDevice::GetConnections),
                          MakeUintegerChecker<uint32_t>(2, 65536))
            // Not given by the paper ("a small amount of state"). ASSUMED: 4096 32-bit
            // registers (16 KB of card memory).
            .AddAttribute(
                "Registers",
                "Address registers in the register file; set before Attach.",
                UintegerValue(4096),
                MakeUintegerAccessor(&DartNetDevice::SetRegisters, &DartNetDevice::GetNRegisters),
                MakeUintegerChecker<uint32_t>(1))
            // Not given by the paper. ASSUMED: 64 entries, the size of the R3000's own TLB
            // (MIPS R3000 has 64 fully associative entries).
            .AddAttribute(
                "TlbEntries",
                "Entries of the interface's TLB; set before Attach.",
                UintegerValue(64),
                MakeUintegerAccessor(&DartNetDevice::SetTlbEntries, &DartNetDevice::GetTlbEntries),
                MakeUintegerChecker<uint32_t>(1))
            // MIPS R3000 and Intel x86 page size: 4 KB.
            .AddAttribute(
                "PageSize",
                "Page size of the endpoints' virtual memory in bytes; set before "
                "Attach.",
                UintegerValue(4096),
                MakeUintegerAccessor(&DartNetDevice::SetPageSize, &DartNetDevice::GetPageSize),
                MakeUintegerChecker<uint32_t>(64))
            // Not given by the paper; modelling choice: 64 entries of 16 bytes (1 KB of host
            // memory); a queue can be given its own size when it is created.
            .AddAttribute("ActionQueueEntries",
                          "Default entries of an action queue's ring.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&DartNetDevice::SetActionQueueEntries,
                                               &DartNetDevice::GetActionQueueEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // Osborne 1994, section 3: "Exceptions arising due to error traps ... cause an
            // interrupt to the host processor."
            .AddAttribute("TrapOnErrors",
                          "Interrupt the host for every refused message (error trap).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&DartNetDevice::SetTrapOnErrors,
                                              &DartNetDevice::GetTrapOnErrors),
                          MakeBooleanChecker())
            .AddTraceSource("PacketTx",
                            "A message was handed to the fabric.",
                            MakeTraceSourceAccessor(&DartNetDevice::m_txTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MessageDone",
                            "A message's operation completed.",
                            MakeTraceSourceAccessor(&DartNetDevice::m_rxTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

DartNetDevice::DartNetDevice()
    : m_nConnections(1024),
      m_nRegisters(4096),
      m_tlbEntries(64),
      m_engine(*this),
      m_translation(*this, m_engine, m_endpoints),
      m_queues(*this, m_engine),
      m_send(*this, m_engine, m_translation, m_connections, m_endpoints),
      m_receive(*this, m_engine, m_translation, m_queues, m_connections, m_registers, m_endpoints)
{
    SetDropReasons(
        {"unknown-connection", "out-of-window", "out-of-bounds", "unimplemented", "malformed"});
}

DartNetDevice::~DartNetDevice() = default;

void
DartNetDevice::DoDispose()
{
    for (auto& c : m_contexts)
    {
        c->Dispose();
    }
    m_contexts.clear();
    m_send.Clear();
    m_queues.Clear();
    m_receive.Clear();
    m_engine.Dispose();
    SanNicDevice::DoDispose();
}

void
DartNetDevice::SetCostModel(Ptr<DartCostModel> cost)
{
    m_engine.SetCostModel(cost);
}

Ptr<DartCostModel>
DartNetDevice::GetCostModel() const
{
    return m_engine.GetCostModel();
}

void
DartNetDevice::SetConnections(uint32_t n)
{
    RefuseAfterAttach("Connections", "the connection table");
    m_nConnections = n;
}

uint32_t
DartNetDevice::GetConnections() const
{
    return m_nConnections;
}

void
DartNetDevice::SetRegisters(uint32_t n)
{
    RefuseAfterAttach("Registers", "the connection table's registers");
    m_nRegisters = n;
}

void
DartNetDevice::SetTlbEntries(uint32_t n)
{
    RefuseAfterAttach("TlbEntries", "the TLB");
    m_tlbEntries = n;
}

uint32_t
DartNetDevice::GetTlbEntries() const
{
    return m_tlbEntries;
}

void
DartNetDevice::SetPageSize(uint32_t bytes)
{
    m_translation.SetPageSize(bytes);
}

uint32_t
DartNetDevice::GetPageSize() const
{
    return m_translation.GetPageSize();
}

void
DartNetDevice::SetActionQueueEntries(uint32_t entries)
{
    m_queues.SetDefaultEntries(entries);
}

uint32_t
DartNetDevice::GetActionQueueEntries() const
{
    return m_queues.GetDefaultEntries();
}

void
DartNetDevice::SetTrapOnErrors(bool trap)
{
    m_receive.SetTrapOnErrors(trap);
}

bool
DartNetDevice::GetTrapOnErrors() const
{
    return m_receive.GetTrapOnErrors();
}

void
DartNetDevice::NotifyAttached()
{
    NS_ABORT_MSG_IF(!GetCostModel(),
                    "DartNetDevice: no CostModel (use DartHelper, or set the CostModel "
                    "attribute to a DartCostModel preset)");
    m_connections = DartConnectionTable(m_nConnections, m_nRegisters);
    m_registers = DartRegisterFile(m_nRegisters);
    m_translation.Build(m_tlbEntries);
    m_send.Build(m_nConnections);
    m_engine.Start();
}

Ptr<DartContext>
DartNetDevice::OpenEndpoint(uint64_t size, uint64_t virtualBase)
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::OpenEndpoint: attach the device first");
    NS_ABORT_MSG_IF(size == 0, "DartNetDevice::OpenEndpoint: an endpoint needs a size");
    const uint32_t pageSize = GetPageSize();
    NS_ABORT_MSG_IF(virtualBase % pageSize != 0,
                    "DartNetDevice::OpenEndpoint: virtual base " << virtualBase
                                                                 << " is not page aligned");
    const uint64_t framesBytes = (size + pageSize - 1) / pageSize * pageSize;
    DartEndpoint e;
    e.virtualBase = virtualBase;
    e.size = size;
    e.frames = Create<HostPinnedRegion>(GetMemory(),
                                        framesBytes,
                                        pageSize,
                                        "dart-endpoint-" + std::to_string(m_endpoints.GetN()));
    const uint32_t index = m_endpoints.Add(e);
    Ptr<DartContext> ctx = CreateObject<DartContext>();
    ctx->Setup(this, index, *m_endpoints.Find(index));
    m_contexts.push_back(ctx);
    return ctx;
}

void
DartNetDevice::SetConnection(uint16_t vci, const DartConnection& c)
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::SetConnection: attach the device first");
    NS_ABORT_MSG_IF(!m_endpoints.Find(c.endpoint),
                    "DartNetDevice::SetConnection: no endpoint " << c.endpoint);
    NS_ABORT_MSG_IF(c.actionQueue != DartConnection::NO_QUEUE && c.actionQueue >= m_queues.GetN(),
                    "DartNetDevice::SetConnection: no action queue " << c.actionQueue);
    m_connections.Set(vci, c);
}

uint16_t
DartNetDevice::AllocateVci() const
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::AllocateVci: attach the device first");
    return m_connections.AllocateVci();
}

std::pair<uint16_t, uint16_t>
DartNetDevice::Connect(Ptr<DartContext> a,
                       Ptr<DartContext> b,
                       DartWindow windowA,
                       DartWindow windowB,
                       uint32_t queueA,
                       uint32_t queueB)
{
    Ptr<DartNetDevice> da = a->m_device;
    Ptr<DartNetDevice> db = b->m_device;
    NS_ABORT_MSG_IF(da == db, "DartNetDevice::Connect: both endpoints are on one interface");
    // The kernels' connection set-up is not in the paper: it is start-up wiring, never a
    // zero-time exchange between hosts during a run.
    NS_ABORT_MSG_IF(!Simulator::Now().IsZero(),
                    "DartNetDevice::Connect: start-up wiring, before Simulator::Run (at "
                        << Simulator::Now().As(Time::US) << ")");
    const uint16_t vciA = da->AllocateVci();
    const uint16_t vciB = db->AllocateVci();
    DartConnection ca;
    ca.endpoint = a->GetEndpoint();
    ca.regBase = windowA.base;
    ca.regCount = windowA.count;
    ca.actionQueue = queueA;
    ca.remoteHost = db->GetHostNumber();
    ca.remoteVci = vciB;
    DartConnection cb;
    cb.endpoint = b->GetEndpoint();
    cb.regBase = windowB.base;
    cb.regCount = windowB.count;
    cb.actionQueue = queueB;
    cb.remoteHost = da->GetHostNumber();
    cb.remoteVci = vciA;
    da->SetConnection(vciA, ca);
    db->SetConnection(vciB, cb);
    return {vciA, vciB};
}

const DartConnection&
DartNetDevice::GetConnection(uint16_t vci) const
{
    return m_connections.Get(vci);
}

uint32_t
DartNetDevice::CreateActionQueue(bool immediate, uint32_t entries)
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::CreateActionQueue: attach the device first");
    return m_queues.Create(GetMemory(), GetCpu(), immediate, entries);
}

Ptr<SanEventQueue>
DartNetDevice::GetActionQueue(uint32_t queue) const
{
    return m_queues.GetRing(queue);
}

bool
DartNetDevice::IsImmediateQueue(uint32_t queue) const
{
    return m_queues.IsImmediate(queue);
}

void
DartNetDevice::SetActionHandler(uint32_t queue, Callback<void> handler)
{
    m_queues.SetHandler(queue, handler);
}

void
DartNetDevice::SetRegister(uint32_t reg, uint32_t value)
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::SetRegister: attach the device first");
    m_registers.Set(reg, value);
}

uint32_t
DartNetDevice::GetRegister(uint32_t reg) const
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::GetRegister: attach the device first");
    return m_registers.Get(reg);
}

uint32_t
DartNetDevice::GetNRegisters() const
{
    return m_nRegisters;
}

uint32_t
DartNetDevice::GetMaxMessageBytes() const
{
    // Whole cells of the fabric's largest packet, minus control and trailer; AAL5's length
    // field is 16 bits.
    const uint32_t maxPacket = GetFabricPort() ? GetFabricPort()->GetMaxPacketSize() : 4096;
    const uint32_t cells = maxPacket / 48;
    const uint32_t bytes = cells * 48 - DartControl::BYTES - DartAal5Trailer::BYTES;
    return std::min<uint32_t>(bytes, 65535);
}

void
DartNetDevice::Send(uint16_t vci,
                    const DartControl& ctl,
                    uint32_t offset,
                    uint32_t size,
                    Callback<void> issued)
{
    NS_LOG_FUNCTION(this << vci << ctl.ToString() << offset << size);
    const DartConnection& c = GetConnection(vci);
    const bool multi = ctl.opcode == DartOpcode::WRITE_MULTIPLE;
    NS_ABORT_MSG_IF(!multi && size > DartControl::BLOCK_BYTES,
                    "DartNetDevice::Send: a single-cell message carries at most "
                        << DartControl::BLOCK_BYTES << " bytes, not " << size
                        << " (use WRITE_MULTIPLE)");
    NS_ABORT_MSG_IF(multi && size > GetMaxMessageBytes(),
                    "DartNetDevice::Send: " << size << " bytes exceed the largest message ("
                                            << GetMaxMessageBytes() << " bytes)");
    NS_ABORT_MSG_IF(!m_endpoints.InBounds(c.endpoint, offset, size),
                    "DartNetDevice::Send: [" << offset << ", " << offset + size
                                             << ") is outside the sender's endpoint");
    m_send.Send(vci, ctl, offset, size, issued);
}

void
DartNetDevice::ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost)
{
    NS_LOG_FUNCTION(this << srcHost);
    m_receive.Receive(packet, srcHost);
}

void
DartNetDevice::InjectForTest(Ptr<const Packet> packet, uint32_t srcHost)
{
    ReceiveFromFabric(packet, srcHost);
}

void
DartNetDevice::LoadTlbEntries(uint32_t endpoint, uint64_t offset, uint64_t len)
{
    NS_ABORT_MSG_IF(!m_endpoints.InBounds(endpoint, offset, len),
                    "DartNetDevice::LoadTlbEntries: the range is outside endpoint " << endpoint);
    m_translation.Fill(endpoint, offset, static_cast<uint32_t>(len));
}

void
DartNetDevice::InvalidateTlb(uint32_t endpoint)
{
    m_translation.Invalidate(endpoint);
}

const DartTlb&
DartNetDevice::GetTlb() const
{
    return m_translation.GetTlb();
}

Ptr<SanResource>
DartNetDevice::GetCardProcessor() const
{
    return m_engine.GetCardProcessor();
}

// ---- DartCard: what the parts ask of the device ---------------------------------------------

Ptr<HostCpu>
DartNetDevice::GetHostCpu() const
{
    return GetCpu();
}

Ptr<HostBus>
DartNetDevice::GetHostIoBus() const
{
    return GetIoBus();
}

Ptr<SanDmaEngine>
DartNetDevice::GetHostDma() const
{
    return GetDmaEngine();
}

void
DartNetDevice::HandToFabric(uint32_t dst, Ptr<Packet> packet)
{
    m_txTrace(packet);
    const bool ok = GetFabricPort()->SendPacket(dst, packet);
    NS_ABORT_MSG_IF(!ok,
                    "DartNetDevice: the fabric refused a " << packet->GetSize()
                                                           << "-byte message to host " << dst);
}

void
DartNetDevice::RefuseMessage(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost)
{
    Drop(reason, packet, srcHost);
}

void
DartNetDevice::MessageCompleted(Ptr<const Packet> packet)
{
    m_rxTrace(packet);
}

void
DartNetDevice::TraceStage(const char* stage, Time start, Time end)
{
    Stage(stage, start, end);
}

// ---- statistics -----------------------------------------------------------------------------

uint64_t
DartNetDevice::GetNSent() const
{
    return m_engine.GetNSent();
}

uint64_t
DartNetDevice::GetNReceived() const
{
    return m_receive.GetNReceived();
}

uint64_t
DartNetDevice::GetNReadsServed() const
{
    return m_receive.GetNReadsServed();
}

uint64_t
DartNetDevice::GetNActions() const
{
    return m_queues.GetNActions();
}

uint64_t
DartNetDevice::GetNInterrupts() const
{
    return m_engine.GetNInterrupts();
}

uint64_t
DartNetDevice::GetNTlbMisses() const
{
    return m_translation.GetTlb().GetMisses();
}

uint64_t
DartNetDevice::GetNErrorTraps() const
{
    return m_receive.GetNErrorTraps();
}

} // namespace ns3
