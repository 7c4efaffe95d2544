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

/// Bytes of data a control cell carries (Osborne 1994, section 3).
constexpr uint32_t BLOCK = 32;
/// Bytes of the Send Registers a process stores: control, offset, size.
constexpr uint32_t SEND_REGISTER_BYTES = DartControl::BYTES + 8;
/// Bytes the host stores into the card to load one TLB entry (virtual page, frame).
constexpr uint32_t TLB_ENTRY_BYTES = 8;

void
PutU32(uint8_t* p, uint32_t v)
{
    p[0] = static_cast<uint8_t>(v >> 24);
    p[1] = static_cast<uint8_t>(v >> 16);
    p[2] = static_cast<uint8_t>(v >> 8);
    p[3] = static_cast<uint8_t>(v);
}

uint32_t
GetU32(const uint8_t* p)
{
    return (static_cast<uint32_t>(p[0]) << 24) | (static_cast<uint32_t>(p[1]) << 16) |
           (static_cast<uint32_t>(p[2]) << 8) | p[3];
}

} // namespace

void
DartAction::Encode(uint8_t* out) const
{
    out[0] = kind;
    out[1] = 0;
    out[2] = static_cast<uint8_t>(vci >> 8);
    out[3] = static_cast<uint8_t>(vci);
    PutU32(out + 4, value);
    PutU32(out + 8, lhs);
    PutU32(out + 12, rhs);
}

DartAction
DartAction::Decode(const uint8_t* in)
{
    DartAction a;
    a.kind = static_cast<Kind>(in[0]);
    a.vci = static_cast<uint16_t>((in[2] << 8) | in[3]);
    a.value = GetU32(in + 4);
    a.lhs = GetU32(in + 8);
    a.rhs = GetU32(in + 12);
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
                          MakeUintegerAccessor(&DartNetDevice::m_nConnections),
                          MakeUintegerChecker<uint32_t>(2, 65536))
            // Not given by the paper ("a small amount of state"). ASSUMED: 4096 32-bit
            // registers (16 KB of card memory).
            .AddAttribute("Registers",
                          "Address registers in the register file; set before Attach.",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&DartNetDevice::m_nRegisters),
                          MakeUintegerChecker<uint32_t>(1))
            // Not given by the paper. ASSUMED: 64 entries, the size of the R3000's own TLB
            // (MIPS R3000 has 64 fully associative entries).
            .AddAttribute("TlbEntries",
                          "Entries of the interface's TLB; set before Attach.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&DartNetDevice::m_tlbEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // MIPS R3000 and Intel x86 page size: 4 KB.
            .AddAttribute("PageSize",
                          "Page size of the endpoints' virtual memory in bytes; set before "
                          "Attach.",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&DartNetDevice::m_pageSize),
                          MakeUintegerChecker<uint32_t>(64))
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
    if (bytes <= BLOCK)
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
    const bool multi = size > BLOCK;
    std::vector<uint8_t> bytes(multi ? size + DartAal5Trailer::GetPadding(size) : BLOCK, 0);
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
    NS_ABORT_MSG_IF(!multi && size > BLOCK,
                    "DartNetDevice::Send: a single-cell message carries at most "
                        << BLOCK << " bytes, not " << size << " (use WRITE_MULTIPLE)");
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
    PutU32(p.regs.data() + DartControl::BYTES, offset);
    PutU32(p.regs.data() + DartControl::BYTES + 4, size);
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
             GetU32(data + DartControl::BYTES),
             GetU32(data + DartControl::BYTES + 4),
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
DartNetDevice::ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost)
{
    NS_LOG_FUNCTION(this << srcHost);
    m_arrivals.push_back(Arrival{packet, srcHost, Simulator::Now()});
    StartNext();
}

void
DartNetDevice::InjectForTest(Ptr<const Packet> packet, uint32_t srcHost)
{
    ReceiveFromFabric(packet, srcHost);
}

Time
DartNetDevice::Work(double units) const
{
    return m_cost->GetEngine() == DartCostModel::HOST_KERNEL ? GetCpu()->InstructionsToTime(units)
                                                             : m_cost->Cycles(units);
}

void
DartNetDevice::RunWork(double units, Callback<void> done)
{
    if (m_kernelHolds)
    {
        // Inside the receive interrupt's handler, which keeps the CPU.
        Simulator::Schedule(Work(units), [done]() { done(); });
        return;
    }
    if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
    {
        GetCpu()->Execute(Work(units), done);
    }
    else
    {
        m_card->Submit(Work(units), done);
    }
}

void
DartNetDevice::StartNext()
{
    if (m_busy || m_arrivals.empty())
    {
        return;
    }
    m_busy = true;
    Arrival a = m_arrivals.front();
    m_arrivals.pop_front();
    auto plan = std::make_shared<Plan>();
    plan->start = a.at;
    plan->packet = a.packet;
    if (!Decide(a, *plan))
    {
        Refused();
        return;
    }
    Execute(plan);
}

bool
DartNetDevice::Decide(const Arrival& a, Plan& plan)
{
    const uint32_t size = a.packet ? a.packet->GetSize() : 0;
    if (size < DartControl::BYTES + BLOCK)
    {
        Drop(MALFORMED, a.packet, a.src);
        return false;
    }
    std::vector<uint8_t> buf(size);
    a.packet->CopyData(buf.data(), size);
    plan.ctl = DartControl::Decode(buf.data(), plan.vci);
    uint32_t length = BLOCK;
    if (size > DartControl::BYTES + BLOCK)
    {
        length = (static_cast<uint32_t>(buf[size - 6]) << 8) | buf[size - 5];
        if (length <= BLOCK || size != DartControl::BYTES + length +
                                           DartAal5Trailer::GetPadding(length) +
                                           DartAal5Trailer::BYTES)
        {
            Drop(MALFORMED, a.packet, a.src);
            return false;
        }
    }
    plan.cells = CellsFor(length);
    plan.data.assign(buf.begin() + DartControl::BYTES, buf.begin() + DartControl::BYTES + length);

    plan.conn = m_connections->Find(plan.vci);
    if (plan.conn == nullptr)
    {
        Drop(UNKNOWN_CONNECTION, a.packet, a.src);
        return false;
    }
    const DartConnection& c = *plan.conn;
    if (plan.ctl.instructionPointer)
    {
        // The variant: the operation lives at the destination, at the operand's offset.
        const uint32_t at = plan.ctl.operand;
        if (!m_endpoints.InBounds(c.endpoint, at, DartControl::BYTES))
        {
            Drop(OUT_OF_BOUNDS, a.packet, a.src);
            return false;
        }
        uint8_t word[DartControl::BYTES];
        m_endpoints.Find(c.endpoint)->frames->Read(at, word, DartControl::BYTES);
        uint16_t ignored;
        plan.ctl = DartControl::Decode(word, ignored);
        plan.ctl.instructionPointer = false;
        plan.missingPages += CountMisses(c.endpoint, at, DartControl::BYTES);
        plan.fetched = true;
        plan.fetchOffset = at;
    }
    if (!plan.ctl.IsImplemented())
    {
        Drop(UNIMPLEMENTED, a.packet, a.src);
        return false;
    }
    if (plan.cells > 1 && plan.ctl.opcode != DartOpcode::WRITE_MULTIPLE)
    {
        Drop(MALFORMED, a.packet, a.src);
        return false;
    }
    const uint32_t used = plan.ctl.GetUsedSlots();
    uint32_t regs[3] = {0, 0, 0};
    for (uint32_t s = 0; s < 3; ++s)
    {
        if ((used & (1u << s)) == 0)
        {
            continue;
        }
        if (!DartConnectionTable::InWindow(c, plan.ctl.index[s]))
        {
            Drop(OUT_OF_WINDOW, a.packet, a.src);
            return false;
        }
        regs[s] = m_connections->GetRegister(c.regBase + plan.ctl.index[s]);
    }
    plan.x = DartOperationLogic::Execute(plan.ctl, regs);

    // The memory the opcode touches.
    plan.accessBytes = 0;
    switch (plan.ctl.opcode)
    {
    case DartOpcode::WRITE:
        plan.accessBytes = plan.x.hasAddress && plan.ctl.mask != 0 ? BLOCK : 0;
        break;
    case DartOpcode::WRITE_MULTIPLE:
        plan.accessBytes = plan.x.hasAddress ? length : 0;
        break;
    case DartOpcode::READ:
    case DartOpcode::READ_MULTIPLE: {
        plan.replyOffset = GetU32(plan.data.data());
        const uint32_t want =
            plan.ctl.opcode == DartOpcode::READ ? BLOCK : GetU32(plan.data.data() + 4);
        plan.replyTag = GetU32(plan.data.data() + 8);
        if (want == 0 || want > GetMaxMessageBytes() ||
            (!plan.x.hasAddress && !plan.ctl.returnValue))
        {
            Drop(MALFORMED, a.packet, a.src);
            return false;
        }
        plan.accessBytes = plan.ctl.returnValue ? 0 : want;
        if (plan.ctl.returnValue)
        {
            plan.data.assign(BLOCK, 0);
        }
        else
        {
            plan.data.assign(want, 0);
        }
        break;
    }
    default:
        break;
    }
    plan.accessOffset = plan.x.address;
    if (plan.accessBytes > 0 &&
        !m_endpoints.InBounds(c.endpoint, plan.accessOffset, plan.accessBytes))
    {
        Drop(OUT_OF_BOUNDS, a.packet, a.src);
        return false;
    }
    plan.missingPages += CountMisses(c.endpoint, plan.accessOffset, plan.accessBytes);
    return true;
}

uint32_t
DartNetDevice::CountMisses(uint32_t endpoint, uint64_t offset, uint32_t len)
{
    if (len == 0)
    {
        return 0;
    }
    const DartEndpoint* e = m_endpoints.Find(endpoint);
    const uint64_t first = (e->virtualBase + offset) / m_pageSize;
    const uint64_t last = (e->virtualBase + offset + len - 1) / m_pageSize;
    uint32_t misses = 0;
    for (uint64_t vpn = first; vpn <= last; ++vpn)
    {
        uint64_t frame;
        if (!m_tlb->Lookup(endpoint, vpn, frame))
        {
            ++misses;
        }
    }
    return misses;
}

void
DartNetDevice::FillTlb(uint32_t endpoint, uint64_t offset, uint32_t len)
{
    if (len == 0)
    {
        return;
    }
    const DartEndpoint* e = m_endpoints.Find(endpoint);
    const uint64_t first = (e->virtualBase + offset) / m_pageSize;
    const uint64_t last = (e->virtualBase + offset + len - 1) / m_pageSize;
    for (uint64_t vpn = first; vpn <= last; ++vpn)
    {
        const uint64_t pageOffset = vpn * m_pageSize - e->virtualBase;
        m_tlb->Insert(endpoint, vpn, e->frames->Translate(pageOffset));
    }
}

void
DartNetDevice::LoadTlb(std::shared_ptr<Plan> plan, Callback<void> then)
{
    if (plan->missingPages == 0)
    {
        then();
        return;
    }
    const uint32_t endpoint = plan->conn->endpoint;
    const Time start = Simulator::Now();
    auto fill = [this, plan, endpoint, start, then]() {
        FillTlb(endpoint, plan->accessOffset, plan->accessBytes);
        if (plan->fetched)
        {
            FillTlb(endpoint, plan->fetchOffset, DartControl::BYTES);
        }
        Stage("tlb-miss", start, Simulator::Now());
        then();
    };
    const double instructions = m_cost->GetTlbMissInstructions() * plan->missingPages;
    if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
    {
        // Already in the kernel: the handler walks the page table itself.
        RunWork(instructions, Callback<void>(fill));
        return;
    }
    // The card raises an exception; the host's handler loads the entries into the card.
    ++m_interrupts;
    const uint32_t pages = plan->missingPages;
    GetCpu()->InterruptInstructions(instructions, Callback<void>([this, pages, fill]() {
                                        GetIoBus()->Pio(pages * TLB_ENTRY_BYTES,
                                                        Callback<void>(fill));
                                    }));
}

void
DartNetDevice::Execute(std::shared_ptr<Plan> plan)
{
    const double prims = plan->x.primitives * m_cost->GetPrimitiveWork() +
                         (plan->cells - 1) * m_cost->GetReceiveCellWork();
    auto afterLogic = [this, plan]() {
        LoadTlb(plan, Callback<void>([this, plan]() {
                    const uint32_t blocks = (plan->ctl.opcode == DartOpcode::WRITE ||
                                             plan->ctl.opcode == DartOpcode::WRITE_MULTIPLE)
                                                ? (plan->accessBytes + BLOCK - 1) / BLOCK
                                                : 0;
                    if (blocks == 0)
                    {
                        Finish(plan);
                        return;
                    }
                    RunWork(blocks * m_cost->GetDepositWork(), Callback<void>([this, plan]() {
                                if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
                                {
                                    Finish(plan); // the kernel's copy was the deposit
                                    return;
                                }
                                GetDmaEngine()->Transfer(
                                    plan->accessBytes,
                                    Callback<void>([this, plan]() { Finish(plan); }));
                            }));
                }));
    };
    if (m_cost->GetEngine() != DartCostModel::HOST_KERNEL)
    {
        RunWork(m_cost->GetReceiveWork() + prims, Callback<void>(afterLogic));
        return;
    }
    // The software DART: the card interrupts; the handler reads the cells out of the receive
    // FIFO by programmed I/O (the processor stalls on the bus), then runs the Operation Logic.
    ++m_interrupts;
    const uint32_t fifoBytes = plan->cells * m_cost->GetFifoCellBytes();
    GetCpu()->InterruptHeld(Work(m_cost->GetReceiveWork()),
                            Callback<void>([this, fifoBytes, prims, afterLogic]() {
                                m_kernelHolds = true;
                                GetIoBus()->PioLoad(fifoBytes,
                                                    Callback<void>([this, prims, afterLogic]() {
                                                        RunWork(prims, Callback<void>(afterLogic));
                                                    }));
                            }));
}

void
DartNetDevice::ReleaseKernel()
{
    if (m_kernelHolds)
    {
        m_kernelHolds = false;
        GetCpu()->GetResource()->Release();
    }
}

void
DartNetDevice::Finish(std::shared_ptr<Plan> plan)
{
    const DartConnection& c = *plan->conn;
    // Commit the registers.
    for (uint32_t s = 0; s < 3; ++s)
    {
        if (plan->x.written[s])
        {
            m_connections->SetRegister(c.regBase + plan->ctl.index[s], plan->x.regs[s]);
        }
    }
    Ptr<HostPinnedRegion> frames = m_endpoints.Find(c.endpoint)->frames;
    const bool write =
        plan->ctl.opcode == DartOpcode::WRITE || plan->ctl.opcode == DartOpcode::WRITE_MULTIPLE;
    if (write && plan->accessBytes > 0)
    {
        if (plan->accessBytes == BLOCK && plan->ctl.opcode == DartOpcode::WRITE)
        {
            for (uint32_t w = 0; w < BLOCK / 4; ++w)
            {
                if (plan->ctl.mask & (1u << w))
                {
                    frames->Write(plan->accessOffset + 4 * w, plan->data.data() + 4 * w, 4);
                }
            }
        }
        else
        {
            frames->Write(plan->accessOffset, plan->data.data(), plan->accessBytes);
        }
        m_contexts[c.endpoint]->NotifyDeposit(plan->accessOffset, plan->accessBytes);
    }
    if (plan->ctl.opcode == DartOpcode::READ || plan->ctl.opcode == DartOpcode::READ_MULTIPLE)
    {
        Reply(plan);
        return;
    }
    // End of the message: the actions.
    if (plan->ctl.opcode == DartOpcode::SOFTWARE_EXCEPTION)
    {
        PostAction(c.actionQueue,
                   DartAction{DartAction::SOFTWARE_EXCEPTION,
                              plan->vci,
                              plan->x.value,
                              plan->x.lhs,
                              plan->x.rhs});
    }
    else if (plan->x.condition)
    {
        PostAction(
            c.actionQueue,
            DartAction{DartAction::CONDITION, plan->vci, plan->x.value, plan->x.lhs, plan->x.rhs});
    }
    ++m_received;
    m_rxTrace(plan->packet);
    Stage("receive", plan->start, Simulator::Now());
    ReleaseKernel();
    m_busy = false;
    StartNext();
}

void
DartNetDevice::Reply(std::shared_ptr<Plan> plan)
{
    const Time start = Simulator::Now();
    RunWork(m_cost->GetReplyWork(), Callback<void>([this, plan, start]() {
                const uint32_t readBytes = plan->accessBytes;
                auto send = [this, plan, start]() {
                    const DartConnection& c = *plan->conn;
                    if (plan->ctl.returnValue)
                    {
                        PutU32(plan->data.data(), plan->x.value);
                        PutU32(plan->data.data() + 4, plan->replyTag);
                    }
                    else
                    {
                        m_endpoints.Find(c.endpoint)
                            ->frames->Read(plan->accessOffset,
                                           plan->data.data(),
                                           plan->accessBytes);
                        if (plan->ctl.opcode == DartOpcode::READ)
                        {
                            for (uint32_t w = 0; w < BLOCK / 4; ++w)
                            {
                                if ((plan->ctl.mask & (1u << w)) == 0)
                                {
                                    std::memset(plan->data.data() + 4 * w, 0, 4);
                                }
                            }
                        }
                    }
                    DartControl reply;
                    reply.opcode =
                        plan->data.size() > BLOCK ? DartOpcode::WRITE_MULTIPLE : DartOpcode::WRITE;
                    reply.addressing = DartAddressing::DIRECT;
                    reply.operand = plan->replyOffset;
                    Ptr<Packet> p = BuildMessage(c.remoteVci,
                                                 reply,
                                                 plan->data.data(),
                                                 static_cast<uint32_t>(plan->data.size()));
                    ++m_readsServed;
                    Transmit(c.remoteHost,
                             p,
                             Callback<void>([this, plan, start]() {
                                 Stage("reply", start, Simulator::Now());
                                 if (plan->x.condition)
                                 {
                                     PostAction(plan->conn->actionQueue,
                                                DartAction{DartAction::CONDITION,
                                                           plan->vci,
                                                           plan->x.value,
                                                           plan->x.lhs,
                                                           plan->x.rhs});
                                 }
                                 ++m_received;
                                 m_rxTrace(plan->packet);
                                 Stage("receive", plan->start, Simulator::Now());
                                 ReleaseKernel();
                                 m_busy = false;
                                 StartNext();
                             }),
                             m_kernelHolds);
                };
                if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL || readBytes == 0)
                {
                    send();
                    return;
                }
                GetDmaEngine()->Transfer(readBytes, Callback<void>(send));
            }));
}

void
DartNetDevice::PostAction(uint32_t queue, const DartAction& action)
{
    ++m_actions;
    const bool exception = action.kind == DartAction::SOFTWARE_EXCEPTION;
    if (queue == DartConnection::NO_QUEUE)
    {
        // No queue: the kernel takes the interrupt and has nowhere to deliver it.
        ++m_interrupts;
        GetCpu()->InterruptInstructions(m_cost->GetExceptionInstructions(), Callback<void>());
        return;
    }
    ActionQueue& q = m_queues[queue];
    uint8_t entry[DartAction::BYTES];
    action.Encode(entry);
    Ptr<SanEventQueue> ring = q.ring;
    const bool interrupt = q.immediate || exception;
    Callback<void> handler = q.handler;
    auto push = [this, ring, interrupt, handler, entry]() {
        ring->Push(entry);
        if (interrupt)
        {
            ++m_interrupts;
            GetCpu()->InterruptInstructions(m_cost->GetExceptionInstructions(),
                                            handler.IsNull() ? Callback<void>() : handler);
        }
    };
    if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
    {
        push(); // the kernel writes the entry itself
        return;
    }
    GetDmaEngine()->Transfer(DartAction::BYTES, Callback<void>(push));
}

void
DartNetDevice::Refused()
{
    ++m_errorTraps;
    auto next = [this]() {
        m_busy = false;
        StartNext();
    };
    if (m_trapOnErrors)
    {
        ++m_interrupts;
        GetCpu()->InterruptInstructions(m_cost->GetExceptionInstructions(), Callback<void>());
    }
    RunWork(m_cost->GetReceiveWork(), Callback<void>(next));
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
