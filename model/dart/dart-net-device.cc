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

namespace
{

/// Bytes of the Send Registers a process stores: control, offset, size.
constexpr uint32_t SEND_REGISTER_BYTES = DartControl::BYTES + 8;

} // namespace

void
DartAction::Encode(uint8_t* out) const
{
    out[0] = kind;
    out[1] = 0;
    out[2] = static_cast<uint8_t>(vci >> 8);
    out[3] = static_cast<uint8_t>(vci);
    DartPutWord(out + 4, value);
    DartPutWord(out + 8, lhs);
    DartPutWord(out + 12, rhs);
}

DartAction
DartAction::Decode(const uint8_t* in)
{
    DartAction a;
    a.kind = static_cast<Kind>(in[0]);
    a.vci = static_cast<uint16_t>((in[2] << 8) | in[3]);
    a.value = DartGetWord(in + 4);
    a.lhs = DartGetWord(in + 8);
    a.rhs = DartGetWord(in + 12);
    return a;
}

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
            .AddAttribute("PageSize",
                          "Page size of the endpoints' virtual memory in bytes; set before "
                          "Attach.",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&DartNetDevice::m_pageSize),
                          MakeUintegerChecker<uint32_t>(64))
            // Not given by the paper; modelling choice: 64 entries of 16 bytes (1 KB of host
            // memory); a queue can be given its own size when it is created.
            .AddAttribute("ActionQueueEntries",
                          "Default entries of an action queue's ring.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&DartNetDevice::m_actionEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // Osborne 1994, section 3: "Exceptions arising due to error traps ... cause an
            // interrupt to the host processor."
            .AddAttribute("TrapOnErrors",
                          "Interrupt the host for every refused message (error trap).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&DartNetDevice::m_trapOnErrors),
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
      m_pageSize(4096),
      m_actionEntries(64),
      m_trapOnErrors(true)
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
    m_sendRegisters.clear();
    m_storeQueue.clear();
    m_queues.clear();
    m_arrivals.clear();
    m_cost = nullptr;
    m_card = nullptr;
    SanNicDevice::DoDispose();
}

void
DartNetDevice::SetCostModel(Ptr<DartCostModel> cost)
{
    m_cost = cost;
}

Ptr<DartCostModel>
DartNetDevice::GetCostModel() const
{
    return m_cost;
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
DartNetDevice::NotifyAttached()
{
    NS_ABORT_MSG_IF(!m_cost,
                    "DartNetDevice: no CostModel (use DartHelper, or set the CostModel "
                    "attribute to a DartCostModel preset)");
    m_connections = std::make_unique<DartConnectionTable>(m_nConnections, m_nRegisters);
    m_tlb = std::make_unique<DartTlb>(m_tlbEntries);
    m_sendRegisters.assign(m_nConnections, nullptr);
    m_card = CreateObject<SanResource>();
}

Ptr<DartContext>
DartNetDevice::OpenEndpoint(uint64_t size, uint64_t virtualBase)
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::OpenEndpoint: attach the device first");
    NS_ABORT_MSG_IF(size == 0, "DartNetDevice::OpenEndpoint: an endpoint needs a size");
    NS_ABORT_MSG_IF(virtualBase % m_pageSize != 0,
                    "DartNetDevice::OpenEndpoint: virtual base " << virtualBase
                                                                 << " is not page aligned");
    const uint64_t framesBytes = (size + m_pageSize - 1) / m_pageSize * m_pageSize;
    DartEndpoint e;
    e.virtualBase = virtualBase;
    e.size = size;
    e.frames = Create<HostPinnedRegion>(GetMemory(),
                                        framesBytes,
                                        m_pageSize,
                                        "dart-endpoint-" + std::to_string(m_endpoints.GetN()));
    const uint32_t index = m_endpoints.Add(e);
    Ptr<DartContext> ctx = CreateObject<DartContext>();
    ctx->Setup(this, index);
    m_contexts.push_back(ctx);
    return ctx;
}

void
DartNetDevice::SetConnection(uint16_t vci, const DartConnection& c)
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::SetConnection: attach the device first");
    NS_ABORT_MSG_IF(!m_endpoints.Find(c.endpoint),
                    "DartNetDevice::SetConnection: no endpoint " << c.endpoint);
    NS_ABORT_MSG_IF(c.actionQueue != DartConnection::NO_QUEUE && c.actionQueue >= m_queues.size(),
                    "DartNetDevice::SetConnection: no action queue " << c.actionQueue);
    m_connections->Set(vci, c);
    if (!m_sendRegisters[vci])
    {
        m_sendRegisters[vci] = Create<HostPioWindow>(
            GetIoBus(),
            SEND_REGISTER_BYTES,
            HostPioWindow::SinkCallback(
                [this, vci](uint64_t offset, const uint8_t* data, uint32_t len) {
                    SendRegistersLanded(vci, offset, data, len);
                }));
    }
}

uint16_t
DartNetDevice::AllocateVci() const
{
    NS_ABORT_MSG_IF(!m_connections, "DartNetDevice::AllocateVci: attach the device first");
    return m_connections->AllocateVci();
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
    const DartConnection* c = m_connections ? m_connections->Find(vci) : nullptr;
    NS_ABORT_MSG_IF(c == nullptr, "DartNetDevice: no connection with VCI " << vci);
    return *c;
}

uint32_t
DartNetDevice::CreateActionQueue(bool immediate, uint32_t entries)
{
    NS_ABORT_MSG_IF(!IsAttached(), "DartNetDevice::CreateActionQueue: attach the device first");
    ActionQueue q;
    q.ring = Create<SanEventQueue>(GetMemory(),
                                   GetCpu(),
                                   entries == 0 ? m_actionEntries : entries,
                                   DartAction::BYTES,
                                   "dart-action-queue-" + std::to_string(m_queues.size()));
    q.immediate = immediate;
    m_queues.push_back(q);
    return static_cast<uint32_t>(m_queues.size() - 1);
}

Ptr<SanEventQueue>
DartNetDevice::GetActionQueue(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "DartNetDevice: no action queue " << queue);
    return m_queues[queue].ring;
}

bool
DartNetDevice::IsImmediateQueue(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "DartNetDevice: no action queue " << queue);
    return m_queues[queue].immediate;
}

void
DartNetDevice::SetActionHandler(uint32_t queue, Callback<void> handler)
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "DartNetDevice: no action queue " << queue);
    m_queues[queue].handler = handler;
}

void
DartNetDevice::SetRegister(uint32_t reg, uint32_t value)
{
    NS_ABORT_MSG_IF(!m_connections, "DartNetDevice::SetRegister: attach the device first");
    m_connections->SetRegister(reg, value);
}

uint32_t
DartNetDevice::GetRegister(uint32_t reg) const
{
    NS_ABORT_MSG_IF(!m_connections, "DartNetDevice::GetRegister: attach the device first");
    return m_connections->GetRegister(reg);
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

uint32_t
DartNetDevice::CellsFor(uint32_t bytes)
{
    if (bytes <= DartControl::BLOCK_BYTES)
    {
        return 1;
    }
    return (DartControl::BYTES + bytes + DartAal5Trailer::GetPadding(bytes) +
            DartAal5Trailer::BYTES) /
           48;
}

Ptr<Packet>
DartNetDevice::BuildMessage(uint16_t vci,
                            const DartControl& ctl,
                            const uint8_t* data,
                            uint32_t size) const
{
    const bool multi = size > DartControl::BLOCK_BYTES;
    std::vector<uint8_t> bytes(multi ? size + DartAal5Trailer::GetPadding(size)
                                     : DartControl::BLOCK_BYTES,
                               0);
    if (size > 0)
    {
        std::memcpy(bytes.data(), data, size);
    }
    Ptr<Packet> p = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    p->AddHeader(DartHeader(ctl, vci));
    if (multi)
    {
        DartAal5Trailer t;
        t.SetLength(static_cast<uint16_t>(size));
        p->AddTrailer(t);
    }
    return p;
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
    const Time start = Simulator::Now();
    if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
    {
        // The software DART: the Send Registers are the arguments of a trap into the kernel,
        // which forms the cells and stores them into the card's transmit FIFO.
        const uint32_t cells = CellsFor(size);
        const double work = m_cost->GetSendWork() + (cells - 1) * m_cost->GetSendCellWork();
        GetCpu()->Syscall(
            Work(work),
            Callback<void>([this, vci, ctl, offset, size, start, issued]() {
                const DartConnection& conn = GetConnection(vci);
                std::vector<uint8_t> data(size);
                m_endpoints.Find(conn.endpoint)->frames->Read(offset, data.data(), size);
                Ptr<Packet> p = BuildMessage(conn.remoteVci, ctl, data.data(), size);
                Transmit(conn.remoteHost, p, Callback<void>([this, start, issued]() {
                             Stage("send", start, Simulator::Now());
                             if (!issued.IsNull())
                             {
                                 issued();
                             }
                         }));
            }));
        return;
    }
    // The hardware DART: posted stores into the connection's Send Registers.
    PendingSend p;
    p.vci = vci;
    p.regs.assign(SEND_REGISTER_BYTES, 0);
    ctl.Encode(vci, p.regs.data());
    DartPutWord(p.regs.data() + DartControl::BYTES, offset);
    DartPutWord(p.regs.data() + DartControl::BYTES + 4, size);
    m_storeQueue.push_back(p);
    StoreNextSend();
    if (!issued.IsNull())
    {
        Simulator::ScheduleNow([issued]() { issued(); });
    }
}

void
DartNetDevice::StoreNextSend()
{
    // The processor's posted stores reach the bus in program order, whatever the connection:
    // a send's stores start once the previous send's have landed. (Each connection's Send
    // Registers are a window of their own; sends issued together through several connections
    // would otherwise share the bus transaction by transaction and all land late together.)
    if (m_storing || m_storeQueue.empty())
    {
        return;
    }
    m_storing = true;
    const PendingSend p = std::move(m_storeQueue.front());
    m_storeQueue.pop_front();
    m_sendRegisters[p.vci]->Store(0, p.regs.data(), SEND_REGISTER_BYTES, Callback<void>([this]() {
                                      m_storing = false;
                                      StoreNextSend();
                                  }));
}

void
DartNetDevice::SendRegistersLanded(uint16_t vci, uint64_t offset, const uint8_t* data, uint32_t len)
{
    NS_ASSERT(offset == 0 && len == SEND_REGISTER_BYTES);
    uint16_t stored;
    DartControl ctl = DartControl::Decode(data, stored);
    CardSend(vci,
             ctl,
             DartGetWord(data + DartControl::BYTES),
             DartGetWord(data + DartControl::BYTES + 4),
             Simulator::Now());
}

void
DartNetDevice::CardSend(uint16_t vci, DartControl ctl, uint32_t offset, uint32_t size, Time start)
{
    const DartConnection& c = GetConnection(vci);
    const uint32_t cells = CellsFor(size);
    const double work = m_cost->GetSendWork() + (cells - 1) * m_cost->GetSendCellWork();
    auto plan = std::make_shared<Plan>();
    plan->accessOffset = offset;
    plan->accessBytes = size;
    plan->missingPages = CountMisses(c.endpoint, offset, size);
    plan->conn = &c;
    RunWork(work, Callback<void>([this, plan, vci, ctl, offset, size, start]() {
                LoadTlb(plan, Callback<void>([this, vci, ctl, offset, size, start]() {
                            GetDmaEngine()->Transfer(
                                size,
                                Callback<void>([this, vci, ctl, offset, size, start]() {
                                    const DartConnection& conn = GetConnection(vci);
                                    std::vector<uint8_t> data(size);
                                    m_endpoints.Find(conn.endpoint)
                                        ->frames->Read(offset, data.data(), size);
                                    Transmit(conn.remoteHost,
                                             BuildMessage(conn.remoteVci, ctl, data.data(), size),
                                             Callback<void>([this, start]() {
                                                 Stage("send", start, Simulator::Now());
                                             }));
                                }));
                        }));
            }));
}

void
DartNetDevice::Transmit(uint32_t dst, Ptr<Packet> packet, Callback<void> done, bool cpuHeld)
{
    auto hand = [this, dst, packet, done]() {
        ++m_sent;
        m_txTrace(packet);
        const bool ok = GetFabricPort()->SendPacket(dst, packet);
        NS_ABORT_MSG_IF(!ok,
                        "DartNetDevice: the fabric refused a " << packet->GetSize()
                                                               << "-byte message to host " << dst);
        if (!done.IsNull())
        {
            done();
        }
    };
    const uint32_t fifoBytes = m_cost->GetFifoCellBytes();
    if (m_cost->GetEngine() != DartCostModel::HOST_KERNEL || fifoBytes == 0)
    {
        hand();
        return;
    }
    // The host stores every cell into the card's transmit FIFO; the processor stalls on the
    // I/O bus meanwhile.
    const uint32_t bytes = (packet->GetSize() + 47) / 48 * fifoBytes;
    if (cpuHeld)
    {
        GetIoBus()->Pio(bytes, Callback<void>(hand));
        return;
    }
    Ptr<SanResource> cpu = GetCpu()->GetResource();
    cpu->Acquire(Callback<void>([this, cpu, bytes, hand]() {
        GetIoBus()->Pio(bytes, Callback<void>([cpu, hand]() {
                            cpu->Release();
                            hand();
                        }));
    }));
}

void
DartNetDevice::LoadTlbEntries(uint32_t endpoint, uint64_t offset, uint64_t len)
{
    NS_ABORT_MSG_IF(!m_endpoints.InBounds(endpoint, offset, len),
                    "DartNetDevice::LoadTlbEntries: the range is outside endpoint " << endpoint);
    FillTlb(endpoint, offset, static_cast<uint32_t>(len));
}

void
DartNetDevice::InvalidateTlb(uint32_t endpoint)
{
    m_tlb->Invalidate(endpoint);
}

const DartTlb&
DartNetDevice::GetTlb() const
{
    return *m_tlb;
}

Ptr<SanResource>
DartNetDevice::GetCardProcessor() const
{
    return m_card;
}

uint64_t
DartNetDevice::GetNSent() const
{
    return m_sent;
}

uint64_t
DartNetDevice::GetNReceived() const
{
    return m_received;
}

uint64_t
DartNetDevice::GetNReadsServed() const
{
    return m_readsServed;
}

uint64_t
DartNetDevice::GetNActions() const
{
    return m_actions;
}

uint64_t
DartNetDevice::GetNInterrupts() const
{
    return m_interrupts;
}

uint64_t
DartNetDevice::GetNTlbMisses() const
{
    return m_tlb ? m_tlb->GetMisses() : 0;
}

uint64_t
DartNetDevice::GetNErrorTraps() const
{
    return m_errorTraps;
}

} // namespace ns3
