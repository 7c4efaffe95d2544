/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-protection-fuzz-adapter.h"

#include "dart-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartProtectionFuzzAdapter");

namespace
{

/// Case names, in Case order.
const char* const g_caseNames[] = {"WriteDirect",
                                   "WriteIndirect",
                                   "WriteIndexed",
                                   "WriteMultiple",
                                   "RegisterOps",
                                   "Read",
                                   "SoftwareException",
                                   "IpValid",
                                   "UnknownVci",
                                   "WindowAddressing",
                                   "WindowRegisterOp",
                                   "WindowConditional",
                                   "BoundCrossing",
                                   "BoundBeyond",
                                   "BoundViaRegister",
                                   "UnimplementedOp",
                                   "Runt",
                                   "BadAal5Length",
                                   "MultiCellNotWm",
                                   "BadRead",
                                   "IpOutOfBounds",
                                   "IpBadWord",
                                   "Garbage"};

/// Case weights, in Case order.
const uint32_t g_caseWeights[] = {4, 3, 3, 3, 2, 2, 1, 2, 2, 2, 2, 2,
                                  2, 2, 2, 2, 1, 2, 1, 1, 2, 2, 2};

static_assert(sizeof(g_caseNames) / sizeof(g_caseNames[0]) == DartProtectionFuzzAdapter::N_CASES,
              "a name per case");
static_assert(sizeof(g_caseWeights) / sizeof(g_caseWeights[0]) ==
                  DartProtectionFuzzAdapter::N_CASES,
              "a weight per case");

/// Bytes of data of a control cell.
constexpr uint32_t BLOCK = 32;
/// Bytes of a cell's payload.
constexpr uint32_t CELL = 48;
/// Bytes of the control word.
constexpr uint32_t CONTROL = 16;
/// Bytes of the AAL5 trailer.
constexpr uint32_t TRAILER = 8;
/// Attempts to forge a packet of a case that fits its batch.
constexpr uint32_t ATTEMPTS = 256;

uint32_t
GetU32(const uint8_t* p)
{
    return (static_cast<uint32_t>(p[0]) << 24) | (static_cast<uint32_t>(p[1]) << 16) |
           (static_cast<uint32_t>(p[2]) << 8) | p[3];
}

void
PutU32(uint8_t* p, uint32_t v)
{
    p[0] = static_cast<uint8_t>(v >> 24);
    p[1] = static_cast<uint8_t>(v >> 16);
    p[2] = static_cast<uint8_t>(v >> 8);
    p[3] = static_cast<uint8_t>(v);
}

/// \param len data bytes of a multi-cell message \return padding before its trailer
uint32_t
Padding(uint32_t len)
{
    const uint32_t used = (CONTROL + len + TRAILER) % CELL;
    return used == 0 ? 0 : CELL - used;
}

/// \param s a register source naming a slot (DART_OPERAND names slot I) \return the slot
uint32_t
SlotOf(DartSource s)
{
    return s == DART_OPERAND ? 0 : static_cast<uint32_t>(s) - 1;
}

/// The reference ALU: a unary op of \p b (a binary op used as unary moves its source).
uint32_t
RefUnary(DartAluOp op, uint32_t b)
{
    switch (op)
    {
    case DartAluOp::NEG:
        return 0u - b;
    case DartAluOp::NOT:
        return ~b;
    case DartAluOp::INC:
        return b + 1;
    case DartAluOp::DEC:
        return b - 1;
    default:
        return b;
    }
}

/// The reference ALU: \p a op \p b (a unary op used as binary acts on the source).
uint32_t
RefBinary(DartAluOp op, uint32_t a, uint32_t b)
{
    switch (op)
    {
    case DartAluOp::ADD:
        return a + b;
    case DartAluOp::SUB:
        return a - b;
    case DartAluOp::AND:
        return a & b;
    case DartAluOp::OR:
        return a | b;
    case DartAluOp::XOR:
        return a ^ b;
    case DartAluOp::MIN:
        return std::min(a, b);
    case DartAluOp::MAX:
        return std::max(a, b);
    default:
        return RefUnary(op, b);
    }
}

/// \param ctl control \return bit s set when a primitive uses slot s (the reference's count)
uint32_t
RefUsedSlots(const DartControl& ctl)
{
    uint32_t used = 0;
    if (ctl.addressing == DartAddressing::INDIRECT || ctl.addressing == DartAddressing::INDEXED)
    {
        used |= 1;
    }
    for (const auto& op : ctl.regOp)
    {
        if (op.kind != DartRegisterOpKind::NONE)
        {
            used |= 1u << SlotOf(op.dst);
            if (op.src != DART_OPERAND)
            {
                used |= 1u << SlotOf(op.src);
            }
        }
    }
    if (ctl.cond.cmp != DartCompare::NONE)
    {
        used |= 1u << SlotOf(ctl.cond.lhs);
        if (ctl.cond.rhs != DART_OPERAND)
        {
            used |= 1u << SlotOf(ctl.cond.rhs);
        }
    }
    return used;
}

/// \param i 0..2 \return the register source naming slot i
DartSource
SlotSource(uint32_t i)
{
    return static_cast<DartSource>(DART_REG_I + i);
}

} // namespace

DartProtectionFuzzAdapter::DartProtectionFuzzAdapter(Ptr<DartNetDevice> receiver,
                                                     SanFabricPort* senderPort,
                                                     const Config& config)
    : m_rx(receiver),
      m_senderPort(senderPort),
      m_config(config)
{
    NS_ABORT_MSG_IF(receiver == nullptr || !receiver->IsAttached(),
                    "DartProtectionFuzzAdapter: the receiver must be an attached device");
    NS_ABORT_MSG_IF(config.dataBytesA < 2 * CELL || config.dataBytesB < 2 * CELL ||
                        config.guardBytes == 0,
                    "DartProtectionFuzzAdapter: endpoints of at least 96 data bytes");
    NS_ABORT_MSG_IF(config.maxMultiple <= BLOCK,
                    "DartProtectionFuzzAdapter: MaxMultiple must exceed one block");
    NS_ABORT_MSG_IF(config.replyBytes < BLOCK,
                    "DartProtectionFuzzAdapter: read replies need at least 32 bytes");
}

DartProtectionFuzzAdapter::DartProtectionFuzzAdapter(Ptr<DartNetDevice> receiver,
                                                     SanFabricPort* senderPort)
    : DartProtectionFuzzAdapter(receiver, senderPort, Config())
{
}

Ptr<SanNicDevice>
DartProtectionFuzzAdapter::GetDevice() const
{
    return m_rx;
}

SanFabricPort*
DartProtectionFuzzAdapter::GetSenderPort() const
{
    return m_senderPort;
}

uint32_t
DartProtectionFuzzAdapter::GetNCases() const
{
    return N_CASES;
}

std::string
DartProtectionFuzzAdapter::GetCaseName(uint32_t c) const
{
    return c < N_CASES ? g_caseNames[c] : "?";
}

uint32_t
DartProtectionFuzzAdapter::GetCaseWeight(uint32_t c) const
{
    return c < N_CASES ? g_caseWeights[c] : 0;
}

uint64_t
DartProtectionFuzzAdapter::GetNDelivered() const
{
    return m_rx->GetNReceived();
}

void
DartProtectionFuzzAdapter::InjectDirect(Ptr<const Packet> packet, uint32_t srcHost)
{
    m_rx->InjectForTest(packet, srcHost);
}

uint64_t
DartProtectionFuzzAdapter::GetRegisterMismatches() const
{
    return m_regMismatches;
}

const std::vector<std::string>&
DartProtectionFuzzAdapter::GetRegisterFailures() const
{
    return m_regFailures;
}

uint64_t
DartProtectionFuzzAdapter::GetNRegisterWrites() const
{
    return m_regWrites;
}

uint64_t
DartProtectionFuzzAdapter::GetNAliasedUnusedSlots() const
{
    return m_aliased;
}

uint64_t
DartProtectionFuzzAdapter::GetNFallbacks() const
{
    return m_fallbacks;
}

// ---- set-up ---------------------------------------------------------------------------------

void
DartProtectionFuzzAdapter::Prepare(Ptr<UniformRandomVariable> rng)
{
    NS_ABORT_MSG_IF(m_prepared, "DartProtectionFuzzAdapter: Prepare() ran already");
    m_prepared = true;
    UintegerValue v;
    m_rx->GetAttribute("PageSize", v);
    m_pageSize = static_cast<uint32_t>(v.Get());
    m_rx->GetAttribute("Connections", v);
    m_nConnections = static_cast<uint32_t>(v.Get());
    m_maxMessage = m_rx->GetMaxMessageBytes();
    const uint32_t nRegs = m_rx->GetNRegisters();
    NS_ABORT_MSG_IF(nRegs < 300, "DartProtectionFuzzAdapter: needs a file of >= 300 registers");
    NS_ABORT_MSG_IF(m_nConnections < 16, "DartProtectionFuzzAdapter: needs >= 16 VCIs");
    NS_ABORT_MSG_IF(m_maxMessage <= BLOCK,
                    "DartProtectionFuzzAdapter: the fabric carries no multi-cell message");

    // Endpoints A, B (a program page first) and C (no connection).
    Ptr<HostMemory> memory = m_rx->GetMemory();
    auto open = [this, &memory](uint64_t size, uint64_t dataBegin, uint64_t virtualPage) {
        Endpoint e;
        e.ctx = m_rx->OpenEndpoint(size, virtualPage * m_pageSize);
        e.size = size;
        e.dataBegin = dataBegin;
        const uint64_t pages = (size + m_pageSize - 1) / m_pageSize;
        for (uint64_t p = 0; p < pages; ++p)
        {
            // DartNetDevice::OpenEndpoint names the frames of endpoint i "dart-endpoint-i".
            const std::string name = "dart-endpoint-" + std::to_string(e.ctx->GetEndpoint()) +
                                     ".page" + std::to_string(p);
            const HostMemoryRegion* r = memory->FindRegion(name);
            NS_ABORT_MSG_IF(r == nullptr,
                            "DartProtectionFuzzAdapter: no frame \"" << name << "\" in memory");
            e.pages.push_back(r->base);
        }
        m_eps.push_back(e);
    };
    open(m_config.dataBytesA, 0, 0x1000);
    open(m_pageSize + m_config.dataBytesB, m_pageSize, 0x2000);
    open(m_config.guardBytes, 0, 0x3000);

    // Action queues: one delayable (it fills, then loses entries), one immediate whose
    // handler takes each entry.
    m_queues.push_back(m_rx->CreateActionQueue(false, 16));
    m_queues.push_back(m_rx->CreateActionQueue(true, 16));
    Ptr<SanEventQueue> ring = m_rx->GetActionQueue(m_queues[1]);
    m_rx->SetActionHandler(m_queues[1], Callback<void>([ring]() {
                               uint8_t entry[DartAction::BYTES];
                               ring->Pop(entry);
                           }));

    // Connections: windows that nest (1 in 0, 3 in 2) and overlap (2 and 6 share registers
    // with 0, across endpoints A and B); one has no registers, one every index.
    const uint32_t base = rng->GetInteger(0, nRegs - 300);

    struct Shape
    {
        uint32_t ep;
        uint32_t offset;
        uint32_t count;
        uint32_t queue; // 0, 1, or 2: none
    };

    const Shape shapes[] = {{0, 0, 16, 0},
                            {0, 4, 4, 1},
                            {1, 12, 16, 0},
                            {1, 20, 2, 2},
                            {0, 0, 0, 2},
                            {1, 40, 256, 1},
                            {0, 14, 16, 2}};
    const uint32_t replyHost =
        m_senderPort != nullptr ? m_senderPort->GetHostNumber() : m_config.replyHost;
    for (const auto& s : shapes)
    {
        Conn c;
        do
        {
            c.vci = static_cast<uint16_t>(rng->GetInteger(1, m_nConnections - 1));
        } while (m_vcis.count(c.vci) != 0);
        m_vcis.insert(c.vci);
        c.ep = s.ep;
        c.regBase = base + s.offset;
        c.regCount = s.count;
        DartConnection dc;
        dc.endpoint = m_eps[s.ep].ctx->GetEndpoint();
        dc.regBase = c.regBase;
        dc.regCount = c.regCount;
        dc.actionQueue = s.queue < m_queues.size() ? m_queues[s.queue] : DartConnection::NO_QUEUE;
        dc.remoteHost = replyHost;
        dc.remoteVci = m_config.replyVci;
        m_rx->SetConnection(c.vci, dc);
        m_conns.push_back(c);
        for (uint32_t r = c.regBase; r < c.regBase + c.regCount; ++r)
        {
            m_windowRegs.insert(r);
        }
    }

    // Registers: addresses inside A or B, near a bound, beyond it, near 2^32, small.
    for (uint32_t r : m_windowRegs)
    {
        uint32_t value = 0;
        const uint32_t kind = rng->GetInteger(0, 9);
        const Endpoint& a = m_eps[0];
        const Endpoint& b = m_eps[1];
        const Endpoint& e = rng->GetInteger(0, 1) == 0 ? a : b;
        if (kind <= 3)
        {
            value = static_cast<uint32_t>(Target(a, BLOCK, rng));
        }
        else if (kind <= 5)
        {
            value = static_cast<uint32_t>(Target(b, BLOCK, rng));
        }
        else if (kind == 6)
        {
            value = static_cast<uint32_t>(e.size - rng->GetInteger(0, 64));
        }
        else if (kind == 7)
        {
            value = rng->GetInteger(static_cast<uint32_t>(e.size), 0x7fffffff);
        }
        else if (kind == 8)
        {
            value = 0xffffffffU - rng->GetInteger(0, 4096);
        }
        else
        {
            value = rng->GetInteger(0, m_pageSize - 1);
        }
        m_rx->SetRegister(r, value);
    }
    m_regs.assign(nRegs, 0);
    for (uint32_t r = 0; r < nRegs; ++r)
    {
        m_regs[r] = m_rx->GetRegister(r);
    }

    // B's program page: random bytes, then control words at 16-byte steps.
    const Endpoint& b = m_eps[1];
    const uint64_t bEnd = b.size;
    std::vector<DartControl> words;
    auto direct = [](DartOpcode op, uint32_t operand) {
        DartControl c;
        c.opcode = op;
        c.addressing = DartAddressing::DIRECT;
        c.operand = operand;
        return c;
    };
    auto mask = [&rng]() { return static_cast<uint8_t>(rng->GetInteger(1, 255)); };
    {
        DartControl c = direct(DartOpcode::WRITE, static_cast<uint32_t>(Target(b, BLOCK, rng)));
        c.mask = mask();
        words.push_back(c); // a plain write
        c.instructionPointer = true;
        words.push_back(c); // the same, its own pointer flag set (ignored)
    }
    {
        DartControl c = direct(DartOpcode::WRITE, rng->GetInteger(0, 64));
        c.addressing = DartAddressing::INDEXED;
        c.index[0] = 1;
        words.push_back(c); // register 1 plus a little
    }
    {
        DartControl c = direct(DartOpcode::WRITE, BLOCK);
        c.addressing = DartAddressing::INDIRECT;
        c.index[0] = 2;
        c.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_I, DART_OPERAND};
        words.push_back(c); // store indirect with post-increment
    }
    words.push_back(direct(DartOpcode::WRITE_MULTIPLE,
                           static_cast<uint32_t>(b.dataBegin + rng->GetInteger(0, 256))));
    {
        DartControl c = direct(DartOpcode::WRITE_MULTIPLE, rng->GetInteger(0, 128));
        c.addressing = DartAddressing::INDEXED;
        c.index[0] = 3;
        words.push_back(c);
    }
    words.push_back(direct(DartOpcode::READ, static_cast<uint32_t>(Target(b, BLOCK, rng))));
    {
        DartControl c = direct(DartOpcode::READ, 0);
        c.addressing = DartAddressing::INDIRECT;
        c.returnValue = true;
        c.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::UNARY, DartAluOp::INC, DART_REG_I, DART_REG_I};
        words.push_back(c); // fetch-and-increment
    }
    words.push_back(direct(DartOpcode::SOFTWARE_EXCEPTION, rng->GetInteger(0, 0xffffffffU)));
    {
        DartControl c = direct(DartOpcode::WRITE, static_cast<uint32_t>(Target(b, BLOCK, rng)));
        c.addressing = DartAddressing::NONE;
        c.index[0] = 1;
        c.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::LOAD, DartAluOp::MOV, DART_REG_I, DART_OPERAND};
        words.push_back(c); // a register load only
    }
    {
        DartControl c = direct(DartOpcode::WRITE, static_cast<uint32_t>(Target(b, BLOCK, rng)));
        c.opcode = static_cast<DartOpcode>(0x42);
        words.push_back(c); // unimplemented opcode
        c.opcode = DartOpcode::WRITE;
        c.regOp[0] = DartRegisterOp{DartRegisterOpKind::UNARY,
                                    static_cast<DartAluOp>(13),
                                    DART_REG_J,
                                    DART_OPERAND};
        words.push_back(c); // unimplemented ALU op
    }
    {
        DartControl c = direct(DartOpcode::WRITE, 0);
        c.addressing = DartAddressing::INDIRECT;
        c.index[0] = 255;
        words.push_back(c); // outside every window but the 256-register one
    }
    words.push_back(direct(DartOpcode::WRITE, static_cast<uint32_t>(bEnd + 100)));
    words.push_back(direct(DartOpcode::WRITE, static_cast<uint32_t>(bEnd - 8)));
    {
        DartControl c = direct(DartOpcode::READ, 0);
        c.addressing = DartAddressing::NONE;
        words.push_back(c); // a read of no address
    }
    {
        DartControl c = direct(DartOpcode::WRITE, 0);
        c.addressing = DartAddressing::INDIRECT;
        c.index[0] = 1;
        c.mask = mask();
        words.push_back(c);
    }
    {
        DartControl c = direct(DartOpcode::WRITE, static_cast<uint32_t>(Target(b, BLOCK, rng)));
        c.cond = DartCondition{DartCompare::NE, DART_REG_J, DART_OPERAND};
        c.index[1] = 17;
        words.push_back(c); // a conditional on register 17
    }
    const uint32_t capacity = m_pageSize / CONTROL;
    while (words.size() < 24)
    {
        DartControl c =
            direct(rng->GetInteger(0, 3) == 0 ? DartOpcode::WRITE_MULTIPLE : DartOpcode::WRITE,
                   static_cast<uint32_t>(Target(b, BLOCK, rng)));
        c.mask = static_cast<uint8_t>(rng->GetInteger(0, 255));
        for (auto& op : c.regOp)
        {
            if (rng->GetInteger(0, 1) == 0)
            {
                op = RandomRegOp(rng, SlotSource(rng->GetInteger(0, 2)));
            }
        }
        for (auto& i : c.index)
        {
            i = static_cast<uint8_t>(rng->GetInteger(0, 19));
        }
        words.push_back(c);
    }
    words.resize(std::min<std::size_t>(words.size(), capacity));
    m_program = RandomBytes(rng, m_pageSize);
    for (std::size_t k = 0; k < words.size(); ++k)
    {
        words[k].Encode(static_cast<uint16_t>(rng->GetInteger(0, 0xffff)),
                        m_program.data() + CONTROL * k);
        m_programWords.push_back(static_cast<uint32_t>(CONTROL * k));
    }
    b.ctx->Write(0, m_program.data(), m_program.size());
}

std::vector<SanFuzzWindow>
DartProtectionFuzzAdapter::GetWindows() const
{
    std::vector<SanFuzzWindow> out;
    auto add = [this, &out](const Endpoint& e,
                            uint64_t begin,
                            uint64_t end,
                            SanFuzzWindow::Kind kind,
                            const std::string& name) {
        for (uint64_t off = begin; off < end;)
        {
            const uint64_t piece = std::min<uint64_t>(end - off, m_pageSize - off % m_pageSize);
            SanFuzzWindow w;
            w.address = e.pages[off / m_pageSize] + off % m_pageSize;
            w.length = piece;
            w.kind = kind;
            w.name = name;
            out.push_back(w);
            off += piece;
        }
    };
    NS_ABORT_MSG_IF(m_eps.size() != 3, "DartProtectionFuzzAdapter: Prepare() has not run");
    add(m_eps[0], 0, m_eps[0].size, SanFuzzWindow::DATA, "endpoint A");
    add(m_eps[1], m_eps[1].dataBegin, m_eps[1].size, SanFuzzWindow::DATA, "endpoint B");
    add(m_eps[2],
        0,
        m_eps[2].pages.size() * m_pageSize,
        SanFuzzWindow::GUARD,
        "endpoint C (no connection)");
    Ptr<HostMemory> memory = m_rx->GetMemory();
    for (uint32_t q : m_queues)
    {
        const HostMemoryRegion* ring =
            memory->FindRegion(m_rx->GetActionQueue(q)->GetNextEntryAddress());
        NS_ABORT_MSG_IF(ring == nullptr, "DartProtectionFuzzAdapter: action queue not found");
        SanFuzzWindow w;
        w.address = ring->base;
        w.length = ring->size;
        w.kind = SanFuzzWindow::SCRATCH;
        w.name = "action queue " + std::to_string(q);
        out.push_back(w);
    }
    return out;
}

// ---- helpers --------------------------------------------------------------------------------

std::vector<uint8_t>
DartProtectionFuzzAdapter::RandomBytes(Ptr<UniformRandomVariable> rng, uint32_t n)
{
    std::vector<uint8_t> v(n);
    for (auto& b : v)
    {
        b = static_cast<uint8_t>(rng->GetInteger(0, 255));
    }
    return v;
}

bool
DartProtectionFuzzAdapter::Chance(Ptr<UniformRandomVariable> rng, double p)
{
    return rng->GetValue(0, 1) < p;
}

std::vector<uint8_t>
DartProtectionFuzzAdapter::Serialize(uint16_t vci,
                                     const DartControl& ctl,
                                     const std::vector<uint8_t>& data)
{
    NS_ABORT_MSG_IF(data.size() < BLOCK, "DartProtectionFuzzAdapter: data of fewer than 32 bytes");
    Ptr<Packet> p;
    if (data.size() == BLOCK)
    {
        p = Create<Packet>(data.data(), BLOCK);
        p->AddHeader(DartHeader(ctl, vci));
    }
    else
    {
        std::vector<uint8_t> padded(data);
        padded.resize(data.size() + Padding(static_cast<uint32_t>(data.size())), 0);
        p = Create<Packet>(padded.data(), static_cast<uint32_t>(padded.size()));
        p->AddHeader(DartHeader(ctl, vci));
        DartAal5Trailer t;
        t.SetLength(static_cast<uint16_t>(data.size()));
        p->AddTrailer(t);
    }
    std::vector<uint8_t> bytes(p->GetSize());
    p->CopyData(bytes.data(), bytes.size());
    return bytes;
}

std::vector<SanFuzzWrite>
DartProtectionFuzzAdapter::Pieces(const Endpoint& ep,
                                  uint64_t offset,
                                  const uint8_t* bytes,
                                  uint64_t len) const
{
    std::vector<SanFuzzWrite> out;
    for (uint64_t done = 0; done < len;)
    {
        const uint64_t off = offset + done;
        const uint64_t piece = std::min<uint64_t>(len - done, m_pageSize - off % m_pageSize);
        SanFuzzWrite w;
        w.address = ep.pages[off / m_pageSize] + off % m_pageSize;
        w.bytes.assign(bytes + done, bytes + done + piece);
        out.push_back(w);
        done += piece;
    }
    return out;
}

uint64_t
DartProtectionFuzzAdapter::Target(const Endpoint& ep,
                                  uint64_t len,
                                  Ptr<UniformRandomVariable> rng) const
{
    NS_ABORT_MSG_IF(len > ep.size - ep.dataBegin,
                    "DartProtectionFuzzAdapter: " << len << " bytes do not fit the endpoint");
    const uint64_t lo = ep.dataBegin;
    const uint64_t hi = ep.size - len;
    const uint32_t pick = rng->GetInteger(0, 9);
    if (pick == 0)
    {
        return lo;
    }
    if (pick == 1)
    {
        return hi;
    }
    const uint64_t any = lo + rng->GetInteger(0, static_cast<uint32_t>(hi - lo));
    if (pick == 2)
    {
        return std::max(lo, any & ~uint64_t(3)); // word aligned
    }
    if (pick == 3 && len > 1)
    {
        // Across a page boundary, if one lies in the range.
        const uint64_t boundary = (any / m_pageSize + 1) * m_pageSize;
        const uint64_t start = boundary - rng->GetInteger(1, static_cast<uint32_t>(len - 1));
        if (start >= lo && start <= hi)
        {
            return start;
        }
    }
    return any;
}

uint8_t
DartProtectionFuzzAdapter::InWindow(const Conn& c, Ptr<UniformRandomVariable> rng)
{
    NS_ABORT_MSG_IF(c.regCount == 0, "DartProtectionFuzzAdapter: a window of no registers");
    return static_cast<uint8_t>(rng->GetInteger(0, c.regCount - 1));
}

uint8_t
DartProtectionFuzzAdapter::OutOfWindow(const Conn& c, Ptr<UniformRandomVariable> rng)
{
    NS_ABORT_MSG_IF(c.regCount > 255, "DartProtectionFuzzAdapter: every index is in the window");
    if (rng->GetInteger(0, 2) == 0)
    {
        return static_cast<uint8_t>(c.regCount); // one past the last
    }
    return static_cast<uint8_t>(rng->GetInteger(c.regCount, 255));
}

uint32_t
DartProtectionFuzzAdapter::Reg(const Conn& c, uint8_t index) const
{
    return m_regs[c.regBase + index];
}

int32_t
DartProtectionFuzzAdapter::PickConn(Ptr<UniformRandomVariable> rng,
                                    const std::function<bool(const Conn&)>& pred) const
{
    std::vector<int32_t> ok;
    for (std::size_t i = 0; i < m_conns.size(); ++i)
    {
        if (!pred || pred(m_conns[i]))
        {
            ok.push_back(static_cast<int32_t>(i));
        }
    }
    if (ok.empty())
    {
        return -1;
    }
    return ok[rng->GetInteger(0, static_cast<uint32_t>(ok.size() - 1))];
}

int32_t
DartProtectionFuzzAdapter::FindConn(uint16_t vci) const
{
    for (std::size_t i = 0; i < m_conns.size(); ++i)
    {
        if (m_conns[i].vci == vci)
        {
            return static_cast<int32_t>(i);
        }
    }
    return -1;
}

DartRegisterOp
DartProtectionFuzzAdapter::RandomRegOp(Ptr<UniformRandomVariable> rng, DartSource dst)
{
    DartRegisterOp op;
    op.dst = dst;
    op.src = rng->GetInteger(0, 1) == 0 ? DART_OPERAND : SlotSource(rng->GetInteger(0, 2));
    const uint32_t kind = rng->GetInteger(0, 19);
    if (kind < 7)
    {
        op.kind = DartRegisterOpKind::LOAD;
    }
    else if (kind < 13)
    {
        op.kind = DartRegisterOpKind::UNARY;
        op.op = static_cast<DartAluOp>(rng->GetInteger(static_cast<uint32_t>(DartAluOp::MOV),
                                                       static_cast<uint32_t>(DartAluOp::DEC)));
    }
    else
    {
        op.kind = DartRegisterOpKind::BINARY;
        op.op = static_cast<DartAluOp>(rng->GetInteger(static_cast<uint32_t>(DartAluOp::ADD),
                                                       static_cast<uint32_t>(DartAluOp::MAX)));
    }
    return op;
}

void
DartProtectionFuzzAdapter::Decorate(DartControl& ctl,
                                    const Conn& c,
                                    Ptr<UniformRandomVariable> rng,
                                    uint32_t pinned) const
{
    if (c.regCount > 0)
    {
        for (auto& op : ctl.regOp)
        {
            if (op.kind == DartRegisterOpKind::NONE && Chance(rng, 0.45))
            {
                op = RandomRegOp(rng, SlotSource(rng->GetInteger(0, 2)));
            }
        }
        if (ctl.cond.cmp == DartCompare::NONE && Chance(rng, 0.3))
        {
            ctl.cond.cmp = static_cast<DartCompare>(rng->GetInteger(1, 6));
            ctl.cond.lhs = SlotSource(rng->GetInteger(0, 2));
            ctl.cond.rhs =
                rng->GetInteger(0, 1) == 0 ? DART_OPERAND : SlotSource(rng->GetInteger(0, 2));
        }
    }
    const uint32_t used = RefUsedSlots(ctl);
    for (uint32_t s = 0; s < 3; ++s)
    {
        if ((pinned & (1u << s)) != 0 || (used & (1u << s)) == 0)
        {
            continue;
        }
        ctl.index[s] =
            c.regCount > 0 ? InWindow(c, rng) : static_cast<uint8_t>(rng->GetInteger(0, 255));
    }
    // Unused slots: any index (the window does not apply), often a used slot's.
    std::vector<uint32_t> usedSlots;
    for (uint32_t s = 0; s < 3; ++s)
    {
        if ((used & (1u << s)) != 0)
        {
            usedSlots.push_back(s);
        }
    }
    for (uint32_t s = 0; s < 3; ++s)
    {
        if ((pinned & (1u << s)) != 0 || (used & (1u << s)) != 0)
        {
            continue;
        }
        if (!usedSlots.empty() && Chance(rng, 0.4))
        {
            ctl.index[s] =
                ctl.index[usedSlots[rng->GetInteger(0,
                                                    static_cast<uint32_t>(usedSlots.size() - 1))]];
        }
        else
        {
            ctl.index[s] = static_cast<uint8_t>(rng->GetInteger(0, 255));
        }
    }
}

std::vector<uint8_t>
DartProtectionFuzzAdapter::ReadRequest(Ptr<UniformRandomVariable> rng, uint32_t want) const
{
    std::vector<uint8_t> d = RandomBytes(rng, BLOCK);
    const uint32_t reply = std::max(BLOCK, want);
    const uint32_t room = m_config.replyBytes > reply ? m_config.replyBytes - reply : 0;
    PutU32(d.data(), rng->GetInteger(0, room));
    PutU32(d.data() + 4, want);
    return d;
}

uint32_t
DartProtectionFuzzAdapter::MultipleLength(Ptr<UniformRandomVariable> rng, const Endpoint& ep) const
{
    const uint32_t most =
        static_cast<uint32_t>(std::min<uint64_t>(m_maxMessage, ep.size - ep.dataBegin));
    if (Chance(rng, 0.15))
    {
        return rng->GetInteger(BLOCK + 1, most);
    }
    return rng->GetInteger(BLOCK + 1, std::min(m_config.maxMultiple, most));
}

uint8_t
DartProtectionFuzzAdapter::RandomMask(Ptr<UniformRandomVariable> rng)
{
    const uint32_t pick = rng->GetInteger(0, 9);
    if (pick < 3)
    {
        return 0xff;
    }
    if (pick == 3)
    {
        return 0;
    }
    return static_cast<uint8_t>(rng->GetInteger(0, 255));
}

// ---- the reference model --------------------------------------------------------------------

DartProtectionFuzzAdapter::Verdict
DartProtectionFuzzAdapter::Judge(const std::vector<uint8_t>& bytes) const
{
    Verdict v;
    auto drop = [&v](uint32_t reason) {
        v.deliver = false;
        v.reason = reason;
        v.writes.clear();
        v.ranges.clear();
        v.regWrites.clear();
        return v;
    };
    const uint32_t size = static_cast<uint32_t>(bytes.size());
    if (size < CONTROL + BLOCK)
    {
        return drop(DartNetDevice::MALFORMED);
    }
    uint16_t vci = 0;
    DartControl ctl = DartControl::Decode(bytes.data(), vci);
    uint32_t length = BLOCK;
    if (size > CONTROL + BLOCK)
    {
        length = (static_cast<uint32_t>(bytes[size - 6]) << 8) | bytes[size - 5];
        if (length <= BLOCK || size != CONTROL + length + Padding(length) + TRAILER)
        {
            return drop(DartNetDevice::MALFORMED);
        }
    }
    const std::vector<uint8_t> data(bytes.begin() + CONTROL, bytes.begin() + CONTROL + length);
    v.conn = FindConn(vci);
    if (v.conn < 0)
    {
        return drop(DartNetDevice::UNKNOWN_CONNECTION);
    }
    const Conn& c = m_conns[v.conn];
    const Endpoint& ep = m_eps[c.ep];
    if (ctl.instructionPointer)
    {
        const uint64_t at = ctl.operand;
        if (at + CONTROL > ep.size)
        {
            return drop(DartNetDevice::OUT_OF_BOUNDS);
        }
        NS_ABORT_MSG_IF(c.ep != 1 || at + CONTROL > m_pageSize,
                        "DartProtectionFuzzAdapter: a forged pointer names a control word "
                        "outside B's program page");
        uint16_t ignored = 0;
        ctl = DartControl::Decode(m_program.data() + at, ignored);
        ctl.instructionPointer = false;
    }
    const auto opcode = static_cast<uint8_t>(ctl.opcode);
    bool implemented = opcode >= static_cast<uint8_t>(DartOpcode::WRITE) &&
                       opcode <= static_cast<uint8_t>(DartOpcode::SOFTWARE_EXCEPTION) &&
                       static_cast<uint8_t>(ctl.cond.cmp) <= static_cast<uint8_t>(DartCompare::GE);
    for (const auto& op : ctl.regOp)
    {
        implemented =
            implemented && static_cast<uint8_t>(op.op) <= static_cast<uint8_t>(DartAluOp::MAX);
    }
    if (!implemented)
    {
        return drop(DartNetDevice::UNIMPLEMENTED);
    }
    if (length > BLOCK && ctl.opcode != DartOpcode::WRITE_MULTIPLE)
    {
        return drop(DartNetDevice::MALFORMED);
    }
    const uint32_t usedSlots = RefUsedSlots(ctl);
    for (uint32_t s = 0; s < 3; ++s)
    {
        if ((usedSlots & (1u << s)) != 0 && ctl.index[s] >= c.regCount)
        {
            return drop(DartNetDevice::OUT_OF_WINDOW);
        }
    }
    for (uint32_t s = 0; s < 3; ++s)
    {
        if ((usedSlots & (1u << s)) != 0)
        {
            v.used.insert(c.regBase + ctl.index[s]);
        }
        else
        {
            for (uint32_t t = 0; t < 3; ++t)
            {
                v.aliasedUnused = v.aliasedUnused ||
                                  ((usedSlots & (1u << t)) != 0 && ctl.index[t] == ctl.index[s]);
            }
        }
    }
    v.valueDependent = !v.used.empty();

    // The primitives, on the registers themselves: slots that name one register share it.
    std::map<uint32_t, uint32_t> regs;
    auto abs = [&c, &ctl](uint32_t slot) { return c.regBase + ctl.index[slot]; };
    auto get = [this, &regs](uint32_t r) {
        auto it = regs.find(r);
        return it != regs.end() ? it->second : m_regs[r];
    };
    const bool hasAddress = ctl.addressing != DartAddressing::NONE;
    uint32_t address = 0;
    switch (ctl.addressing)
    {
    case DartAddressing::DIRECT:
        address = ctl.operand;
        break;
    case DartAddressing::INDIRECT:
        address = get(abs(0));
        break;
    case DartAddressing::INDEXED:
        address = get(abs(0)) + ctl.operand; // 32-bit: wraps
        break;
    default:
        break;
    }
    for (const auto& op : ctl.regOp)
    {
        if (op.kind == DartRegisterOpKind::NONE)
        {
            continue;
        }
        const uint32_t d = abs(SlotOf(op.dst));
        const uint32_t src = op.src == DART_OPERAND ? ctl.operand : get(abs(SlotOf(op.src)));
        uint32_t value = src;
        if (op.kind == DartRegisterOpKind::UNARY)
        {
            value = RefUnary(op.op, src);
        }
        else if (op.kind == DartRegisterOpKind::BINARY)
        {
            value = RefBinary(op.op, get(d), src);
        }
        regs[d] = value;
    }

    // The opcode's memory.
    auto inside = [&ep](uint64_t offset, uint64_t len) { return offset + len <= ep.size; };
    switch (ctl.opcode)
    {
    case DartOpcode::WRITE:
        if (hasAddress && ctl.mask != 0)
        {
            if (!inside(address, BLOCK))
            {
                return drop(DartNetDevice::OUT_OF_BOUNDS);
            }
            for (uint32_t w = 0; w < BLOCK / 4; ++w)
            {
                if ((ctl.mask & (1u << w)) != 0)
                {
                    v.ranges.emplace_back(uint64_t(address) + 4 * w, 4);
                    for (auto& p : Pieces(ep, uint64_t(address) + 4 * w, data.data() + 4 * w, 4))
                    {
                        v.writes.push_back(p);
                    }
                }
            }
        }
        break;
    case DartOpcode::WRITE_MULTIPLE:
        if (hasAddress)
        {
            if (!inside(address, length))
            {
                return drop(DartNetDevice::OUT_OF_BOUNDS);
            }
            v.ranges.emplace_back(address, length);
            v.writes = Pieces(ep, address, data.data(), length);
        }
        break;
    case DartOpcode::READ:
    case DartOpcode::READ_MULTIPLE: {
        const uint32_t want = ctl.opcode == DartOpcode::READ ? BLOCK : GetU32(data.data() + 4);
        if (want == 0 || want > m_maxMessage || (!hasAddress && !ctl.returnValue))
        {
            return drop(DartNetDevice::MALFORMED);
        }
        if (!ctl.returnValue && !inside(address, want))
        {
            return drop(DartNetDevice::OUT_OF_BOUNDS);
        }
        break;
    }
    default:
        break;
    }
    v.deliver = true;
    v.regWrites = regs;
    return v;
}

std::string
DartProtectionFuzzAdapter::Describe(const Verdict& v) const
{
    std::ostringstream os;
    if (v.deliver)
    {
        os << "delivered (" << v.writes.size() << " pieces, " << v.regWrites.size()
           << " registers)";
    }
    else
    {
        os << "dropped as " << m_rx->GetDropReasonName(v.reason);
    }
    return os.str();
}

bool
DartProtectionFuzzAdapter::Admissible(const Verdict& v) const
{
    if (v.deliver)
    {
        const Endpoint& ep = m_eps[m_conns[v.conn].ep];
        for (const auto& r : v.ranges)
        {
            if (r.first < ep.dataBegin || r.first + r.second > ep.size)
            {
                return false; // B's program page: legal, but it would change the program
            }
        }
        for (const auto& w : v.writes)
        {
            for (const auto& c : m_batchClaims)
            {
                if (w.address < c.second && c.first < w.address + w.bytes.size())
                {
                    return false;
                }
            }
        }
    }
    if (v.valueDependent)
    {
        for (uint32_t r : v.used)
        {
            if (m_batchLocked.count(r) != 0)
            {
                return false;
            }
        }
    }
    if (v.deliver && !v.regWrites.empty())
    {
        for (uint32_t r : v.used)
        {
            if (m_batchUsed.count(r) != 0)
            {
                return false;
            }
        }
    }
    return true;
}

void
DartProtectionFuzzAdapter::Commit(const Verdict& v)
{
    if (v.valueDependent)
    {
        m_batchUsed.insert(v.used.begin(), v.used.end());
    }
    if (!v.deliver)
    {
        return;
    }
    if (!v.regWrites.empty())
    {
        m_batchLocked.insert(v.used.begin(), v.used.end());
        for (const auto& r : v.regWrites)
        {
            m_regs[r.first] = r.second;
            ++m_regWrites;
        }
    }
    for (const auto& w : v.writes)
    {
        m_batchClaims.emplace_back(w.address, w.address + w.bytes.size());
    }
    if (v.aliasedUnused)
    {
        ++m_aliased;
    }
}

void
DartProtectionFuzzAdapter::MaybeNewBatch()
{
    const Time now = Simulator::Now();
    if (m_inBatch && now == m_batchTime)
    {
        return;
    }
    // The previous batch has drained (SanProtectionFuzzer forges a batch only then).
    CheckRegisters();
    m_inBatch = true;
    m_batchTime = now;
    m_batchUsed.clear();
    m_batchLocked.clear();
    m_batchClaims.clear();
}

uint64_t
DartProtectionFuzzAdapter::CheckRegisters()
{
    for (uint32_t r = 0; r < m_regs.size(); ++r)
    {
        const uint32_t actual = m_rx->GetRegister(r);
        if (actual != m_regs[r])
        {
            ++m_regMismatches;
            if (m_regFailures.size() < 10)
            {
                std::ostringstream os;
                os << "register " << r << " is 0x" << std::hex << actual << ", expected 0x"
                   << m_regs[r] << std::dec << " (at " << Simulator::Now().GetMicroSeconds()
                   << " us)";
                m_regFailures.push_back(os.str());
                NS_LOG_WARN(os.str());
            }
            m_regs[r] = actual; // resync: one difference is reported once
        }
    }
    return m_regMismatches;
}

// ---- the cases ------------------------------------------------------------------------------

bool
DartProtectionFuzzAdapter::Intended(uint32_t c, const Verdict& v) const
{
    auto dropped = [&v](uint32_t reason) { return !v.deliver && v.reason == reason; };
    switch (static_cast<Case>(c))
    {
    case WRITE_DIRECT:
    case WRITE_INDIRECT:
    case WRITE_INDEXED:
    case WRITE_MULTIPLE:
    case REGISTER_OPS:
    case READ:
    case SOFTWARE_EXCEPTION:
    case IP_VALID:
        return v.deliver;
    case UNKNOWN_VCI:
        return dropped(DartNetDevice::UNKNOWN_CONNECTION);
    case WINDOW_ADDRESSING:
    case WINDOW_REGISTER_OP:
    case WINDOW_CONDITIONAL:
        return dropped(DartNetDevice::OUT_OF_WINDOW);
    case BOUND_CROSSING:
    case BOUND_BEYOND:
    case BOUND_VIA_REGISTER:
    case IP_OUT_OF_BOUNDS:
        return dropped(DartNetDevice::OUT_OF_BOUNDS);
    case UNIMPLEMENTED_OP:
        return dropped(DartNetDevice::UNIMPLEMENTED);
    case RUNT:
    case BAD_AAL5_LENGTH:
    case MULTI_CELL_NOT_WM:
    case BAD_READ:
        return dropped(DartNetDevice::MALFORMED);
    case IP_BAD_WORD:
        return !v.deliver;
    default:
        return true;
    }
}

std::vector<uint8_t>
DartProtectionFuzzAdapter::Fallback(Ptr<UniformRandomVariable> rng) const
{
    uint16_t vci = 0;
    do
    {
        vci = static_cast<uint16_t>(rng->GetInteger(0, 0xffff));
    } while (FindConn(vci) >= 0);
    DartControl ctl;
    ctl.operand = rng->GetInteger(0, 0xffffffffU);
    return Serialize(vci, ctl, RandomBytes(rng, BLOCK));
}

std::vector<uint8_t>
DartProtectionFuzzAdapter::Candidate(uint32_t c, Ptr<UniformRandomVariable> rng)
{
    const Conn& any = m_conns[PickConn(rng, nullptr)];
    std::vector<uint8_t> block = RandomBytes(rng, BLOCK);
    DartControl ctl;
    ctl.opcode = DartOpcode::WRITE;
    ctl.addressing = DartAddressing::DIRECT;
    ctl.mask = RandomMask(rng);
    for (auto& i : ctl.index)
    {
        i = static_cast<uint8_t>(rng->GetInteger(0, 255));
    }
    const std::function<bool(const Conn&)> all;
    const std::function<bool(const Conn&)> withRegs = [](const Conn& k) { return k.regCount > 0; };
    const std::function<bool(const Conn&)> narrow = [](const Conn& k) { return k.regCount < 256; };
    // A random valid opcode for a single cell, and its data.
    auto singleCell = [this, &rng, &ctl, &block]() {
        const uint32_t pick = rng->GetInteger(0, 4);
        ctl.opcode = pick == 0   ? DartOpcode::WRITE_MULTIPLE
                     : pick == 1 ? DartOpcode::READ
                     : pick == 2 ? DartOpcode::READ_MULTIPLE
                     : pick == 3 ? DartOpcode::SOFTWARE_EXCEPTION
                                 : DartOpcode::WRITE;
        if (pick == 1 || pick == 2)
        {
            block = ReadRequest(rng, rng->GetInteger(1, BLOCK));
        }
    };

    switch (static_cast<Case>(c))
    {
    case WRITE_DIRECT: {
        const Endpoint& ep = m_eps[any.ep];
        ctl.operand = static_cast<uint32_t>(Target(ep, BLOCK, rng));
        if (Chance(rng, 0.5))
        {
            Decorate(ctl, any, rng, 0);
        }
        return Serialize(any.vci, ctl, block);
    }
    case WRITE_INDIRECT:
    case WRITE_INDEXED:
    case WRITE_MULTIPLE: {
        const bool multi = c == WRITE_MULTIPLE;
        const Conn& k = m_conns[PickConn(rng, multi ? all : withRegs)];
        const Endpoint& ep = m_eps[k.ep];
        std::vector<uint8_t> data = block;
        if (multi)
        {
            ctl.opcode = DartOpcode::WRITE_MULTIPLE;
            if (!Chance(rng, 0.15))
            {
                data = RandomBytes(rng, MultipleLength(rng, ep));
            }
        }
        const uint32_t len = static_cast<uint32_t>(data.size());
        const uint32_t mode = c == WRITE_INDIRECT  ? 0
                              : c == WRITE_INDEXED ? 1
                              : k.regCount == 0    ? 2
                                                   : rng->GetInteger(0, 2);
        uint32_t pinned = 0;
        if (mode == 0)
        {
            // A register of the window that already holds an address where the data fits.
            std::vector<uint8_t> fit;
            for (uint32_t i = 0; i < k.regCount; ++i)
            {
                const uint32_t a = Reg(k, static_cast<uint8_t>(i));
                if (a >= ep.dataBegin && uint64_t(a) + len <= ep.size &&
                    m_batchLocked.count(k.regBase + i) == 0)
                {
                    fit.push_back(static_cast<uint8_t>(i));
                }
            }
            if (!fit.empty())
            {
                ctl.addressing = DartAddressing::INDIRECT;
                ctl.index[0] = fit[rng->GetInteger(0, static_cast<uint32_t>(fit.size() - 1))];
                pinned = 1;
                if (Chance(rng, 0.4))
                {
                    // Store indirect with post-increment.
                    ctl.regOp[0] = DartRegisterOp{DartRegisterOpKind::BINARY,
                                                  DartAluOp::ADD,
                                                  DART_REG_I,
                                                  DART_OPERAND};
                    ctl.operand = len;
                }
                else
                {
                    ctl.operand = rng->GetInteger(0, 0xffffffffU);
                }
            }
        }
        if (pinned == 0 && (mode == 0 || mode == 1))
        {
            // Register plus operand (the sum wraps at 2^32 when the register is larger).
            ctl.addressing = DartAddressing::INDEXED;
            ctl.index[0] = InWindow(k, rng);
            pinned = 1;
            ctl.operand = static_cast<uint32_t>(Target(ep, len, rng)) - Reg(k, ctl.index[0]);
        }
        if (pinned == 0)
        {
            ctl.operand = static_cast<uint32_t>(Target(ep, len, rng));
        }
        if (Chance(rng, 0.6))
        {
            Decorate(ctl, k, rng, pinned);
        }
        return Serialize(k.vci, ctl, data);
    }
    case REGISTER_OPS: {
        const Conn& k = m_conns[PickConn(rng, withRegs)];
        ctl.addressing = DartAddressing::NONE;
        ctl.operand = static_cast<uint32_t>(Target(m_eps[k.ep], BLOCK, rng));
        if (Chance(rng, 0.2))
        {
            ctl.opcode = DartOpcode::WRITE_MULTIPLE; // one cell, no address: nothing lands
        }
        ctl.regOp[0] = Chance(rng, 0.7) ? DartRegisterOp{DartRegisterOpKind::LOAD,
                                                         DartAluOp::MOV,
                                                         SlotSource(rng->GetInteger(0, 2)),
                                                         DART_OPERAND}
                                        : RandomRegOp(rng, SlotSource(rng->GetInteger(0, 2)));
        Decorate(ctl, k, rng, 0);
        return Serialize(k.vci, ctl, block);
    }
    case READ: {
        const Endpoint& ep = m_eps[any.ep];
        const uint32_t pick = rng->GetInteger(0, 2);
        uint32_t want = BLOCK;
        ctl.opcode = DartOpcode::READ;
        if (pick == 1)
        {
            ctl.opcode = DartOpcode::READ_MULTIPLE;
            want = rng->GetInteger(
                1,
                static_cast<uint32_t>(std::min<uint64_t>(
                    {m_config.replyBytes, m_maxMessage, ep.size, 2 * m_config.maxMultiple})));
        }
        uint32_t pinned = 0;
        if (pick == 2 && any.regCount > 0)
        {
            // Fetch-and-add: the register's value comes back, then it grows.
            ctl.returnValue = true;
            ctl.addressing = DartAddressing::INDIRECT;
            ctl.index[0] = InWindow(any, rng);
            pinned = 1;
            ctl.regOp[0] = DartRegisterOp{DartRegisterOpKind::BINARY,
                                          DartAluOp::ADD,
                                          DART_REG_I,
                                          DART_OPERAND};
            ctl.operand = rng->GetInteger(1, 64);
        }
        else if (pick == 2)
        {
            ctl.returnValue = true; // the value path: the operand, wherever it points
            ctl.operand = rng->GetInteger(0, 0xffffffffU);
        }
        else
        {
            ctl.operand = rng->GetInteger(0, static_cast<uint32_t>(ep.size - want)); // any byte
        }
        if (Chance(rng, 0.4))
        {
            Decorate(ctl, any, rng, pinned);
        }
        return Serialize(any.vci, ctl, ReadRequest(rng, want));
    }
    case SOFTWARE_EXCEPTION: {
        ctl.opcode = DartOpcode::SOFTWARE_EXCEPTION;
        ctl.addressing = static_cast<DartAddressing>(rng->GetInteger(0, 1));
        ctl.operand = rng->GetInteger(0, 0xffffffffU); // no memory is touched
        if (Chance(rng, 0.5))
        {
            Decorate(ctl, any, rng, 0);
        }
        return Serialize(any.vci, ctl, block);
    }
    case IP_VALID:
    case IP_BAD_WORD: {
        const Conn& k = m_conns[PickConn(rng, [](const Conn& x) { return x.ep == 1; })];
        // The message's own control fields are random: only the pointer counts.
        std::vector<uint8_t> junk = RandomBytes(rng, CONTROL);
        uint16_t ignored = 0;
        ctl = DartControl::Decode(junk.data(), ignored);
        ctl.instructionPointer = true;
        ctl.operand =
            Chance(rng, 0.9)
                ? m_programWords[rng->GetInteger(0,
                                                 static_cast<uint32_t>(m_programWords.size() - 1))]
                : rng->GetInteger(0, m_pageSize - CONTROL);
        DartControl word = DartControl::Decode(m_program.data() + ctl.operand, ignored);
        std::vector<uint8_t> data = block;
        if (word.opcode == DartOpcode::READ || word.opcode == DartOpcode::READ_MULTIPLE)
        {
            data = ReadRequest(rng, rng->GetInteger(1, BLOCK));
        }
        if ((word.opcode == DartOpcode::WRITE_MULTIPLE && Chance(rng, 0.5)) ||
            (c == IP_BAD_WORD && Chance(rng, 0.15)))
        {
            data = RandomBytes(rng, rng->GetInteger(BLOCK + 1, 400));
        }
        return Serialize(k.vci, ctl, data);
    }
    case UNKNOWN_VCI: {
        uint16_t vci = 0;
        const uint32_t pick = rng->GetInteger(0, 3);
        if (pick == 1 && m_nConnections < 65536)
        {
            vci = static_cast<uint16_t>(rng->GetInteger(m_nConnections, 0xffff));
        }
        else if (pick >= 2)
        {
            do
            {
                vci = static_cast<uint16_t>(rng->GetInteger(1, m_nConnections - 1));
            } while (m_vcis.count(vci) != 0);
        }
        ctl.operand = static_cast<uint32_t>(Target(m_eps[0], BLOCK, rng));
        if (Chance(rng, 0.3))
        {
            ctl.opcode = DartOpcode::WRITE_MULTIPLE;
            return Serialize(vci, ctl, RandomBytes(rng, MultipleLength(rng, m_eps[0])));
        }
        return Serialize(vci, ctl, block);
    }
    case WINDOW_ADDRESSING:
    case WINDOW_REGISTER_OP:
    case WINDOW_CONDITIONAL: {
        const Conn& k = m_conns[PickConn(rng, narrow)];
        const Endpoint& ep = m_eps[k.ep];
        singleCell();
        ctl.operand = static_cast<uint32_t>(Target(ep, BLOCK, rng));
        uint32_t s = 0;
        if (c == WINDOW_ADDRESSING)
        {
            ctl.addressing = Chance(rng, 0.5) ? DartAddressing::INDIRECT : DartAddressing::INDEXED;
        }
        else if (c == WINDOW_REGISTER_OP)
        {
            ctl.addressing = Chance(rng, 0.5) ? DartAddressing::DIRECT : DartAddressing::NONE;
            if (ctl.addressing == DartAddressing::NONE &&
                (ctl.opcode == DartOpcode::READ || ctl.opcode == DartOpcode::READ_MULTIPLE))
            {
                ctl.returnValue = true;
            }
            s = rng->GetInteger(0, 2);
            DartRegisterOp op;
            if (Chance(rng, 0.5))
            {
                op = RandomRegOp(rng, SlotSource(s)); // writes it
            }
            else
            {
                op = RandomRegOp(rng, SlotSource(rng->GetInteger(0, 2)));
                op.src = SlotSource(s); // reads it
            }
            ctl.regOp[rng->GetInteger(0, 1)] = op;
        }
        else
        {
            s = rng->GetInteger(0, 2);
            ctl.cond.cmp = static_cast<DartCompare>(rng->GetInteger(1, 6));
            if (Chance(rng, 0.5))
            {
                ctl.cond.lhs = SlotSource(s);
                ctl.cond.rhs = Chance(rng, 0.5) ? DART_OPERAND : SlotSource(rng->GetInteger(0, 2));
            }
            else
            {
                ctl.cond.lhs = SlotSource(rng->GetInteger(0, 2));
                ctl.cond.rhs = SlotSource(s);
            }
        }
        ctl.index[s] = OutOfWindow(k, rng);
        Decorate(ctl, k, rng, 1u << s);
        return Serialize(k.vci, ctl, block);
    }
    case BOUND_CROSSING:
    case BOUND_BEYOND:
    case BOUND_VIA_REGISTER: {
        const Conn& k = m_conns[PickConn(rng, c == BOUND_VIA_REGISTER ? withRegs : all)];
        const Endpoint& ep = m_eps[k.ep];
        std::vector<uint8_t> data = block;
        uint32_t len = BLOCK;
        const uint32_t pick = rng->GetInteger(0, 3);
        if (pick == 1)
        {
            ctl.opcode = DartOpcode::WRITE_MULTIPLE;
            data = RandomBytes(rng, MultipleLength(rng, ep));
            len = static_cast<uint32_t>(data.size());
        }
        else if (pick == 2)
        {
            ctl.opcode = Chance(rng, 0.5) ? DartOpcode::READ : DartOpcode::READ_MULTIPLE;
            len = ctl.opcode == DartOpcode::READ
                      ? BLOCK
                      : rng->GetInteger(1, std::min(m_config.replyBytes, m_maxMessage));
            data = ReadRequest(rng, len);
        }
        else if (ctl.mask == 0)
        {
            ctl.mask = static_cast<uint8_t>(rng->GetInteger(1, 255)); // a block that is written
        }
        // Where the access starts: across the bound, or beyond it.
        uint64_t start = 0;
        const bool crossing = c == BOUND_CROSSING || (c == BOUND_VIA_REGISTER && Chance(rng, 0.5));
        if (crossing && len > 1)
        {
            start = ep.size - rng->GetInteger(1, len - 1);
        }
        else if (crossing)
        {
            start = ep.size; // one byte cannot cross: it starts at the bound
        }
        else
        {
            const uint32_t far = rng->GetInteger(0, 2);
            start = far == 0   ? ep.size + rng->GetInteger(0, 64)
                    : far == 1 ? rng->GetInteger(static_cast<uint32_t>(ep.size), 0xffffffffU)
                               : 0xffffffffULL - rng->GetInteger(0, len);
        }
        uint32_t pinned = 0;
        if (c == BOUND_VIA_REGISTER)
        {
            std::vector<uint8_t> beyond;
            for (uint32_t i = 0; i < k.regCount; ++i)
            {
                if (uint64_t(Reg(k, static_cast<uint8_t>(i))) + len > ep.size &&
                    m_batchLocked.count(k.regBase + i) == 0)
                {
                    beyond.push_back(static_cast<uint8_t>(i));
                }
            }
            pinned = 1;
            if (!beyond.empty() && Chance(rng, 0.5))
            {
                ctl.addressing = DartAddressing::INDIRECT;
                ctl.index[0] = beyond[rng->GetInteger(0, static_cast<uint32_t>(beyond.size() - 1))];
                ctl.operand = rng->GetInteger(0, 0xffffffffU);
            }
            else
            {
                ctl.addressing = DartAddressing::INDEXED;
                ctl.index[0] = InWindow(k, rng);
                ctl.operand = static_cast<uint32_t>(start) - Reg(k, ctl.index[0]);
            }
        }
        else
        {
            ctl.operand = static_cast<uint32_t>(start);
        }
        if (Chance(rng, 0.6))
        {
            Decorate(ctl, k, rng, pinned); // register writes that must not be committed
        }
        return Serialize(k.vci, ctl, data);
    }
    case UNIMPLEMENTED_OP: {
        ctl.operand = static_cast<uint32_t>(Target(m_eps[any.ep], BLOCK, rng));
        const uint32_t pick = rng->GetInteger(0, 2);
        if (pick == 0)
        {
            const uint32_t op = rng->GetInteger(0, 250);
            ctl.opcode = static_cast<DartOpcode>(op == 0 ? 0 : op + 5);
        }
        else if (pick == 1)
        {
            DartRegisterOp& op = ctl.regOp[rng->GetInteger(0, 1)];
            op.kind = static_cast<DartRegisterOpKind>(rng->GetInteger(0, 3));
            op.op = static_cast<DartAluOp>(rng->GetInteger(12, 15));
            op.dst = SlotSource(rng->GetInteger(0, 2));
        }
        else
        {
            ctl.cond.cmp = static_cast<DartCompare>(7);
        }
        if (Chance(rng, 0.2))
        {
            return Serialize(any.vci, ctl, RandomBytes(rng, rng->GetInteger(BLOCK + 1, 300)));
        }
        return Serialize(any.vci, ctl, block);
    }
    case RUNT: {
        const uint32_t n = rng->GetInteger(0, CONTROL + BLOCK - 1);
        std::vector<uint8_t> bytes =
            Chance(rng, 0.7) ? Serialize(any.vci, ctl, block) : RandomBytes(rng, CONTROL + BLOCK);
        bytes.resize(n);
        return bytes;
    }
    case BAD_AAL5_LENGTH: {
        ctl.opcode = DartOpcode::WRITE_MULTIPLE;
        const uint32_t len = MultipleLength(rng, m_eps[any.ep]);
        ctl.operand = static_cast<uint32_t>(Target(m_eps[any.ep], len, rng));
        std::vector<uint8_t> bytes = Serialize(any.vci, ctl, RandomBytes(rng, len));
        const uint32_t size = static_cast<uint32_t>(bytes.size());
        const uint32_t pick = rng->GetInteger(0, 3);
        if (pick == 0)
        {
            const uint32_t bad = rng->GetInteger(0, BLOCK); // a multi-cell "message" of <= 32
            bytes[size - 6] = static_cast<uint8_t>(bad >> 8);
            bytes[size - 5] = static_cast<uint8_t>(bad);
        }
        else if (pick == 1)
        {
            uint32_t bad = 0;
            do
            {
                bad = rng->GetInteger(BLOCK + 1, 0xffff); // another number of cells
            } while (CONTROL + bad + Padding(bad) + TRAILER == size);
            bytes[size - 6] = static_cast<uint8_t>(bad >> 8);
            bytes[size - 5] = static_cast<uint8_t>(bad);
        }
        else if (pick == 2)
        {
            bytes.resize(size - rng->GetInteger(1, CELL - 1)); // cut inside a cell
        }
        else
        {
            std::vector<uint8_t> more = RandomBytes(rng, rng->GetInteger(1, CELL - 1));
            bytes.insert(bytes.end(), more.begin(), more.end()); // bytes after the trailer
        }
        return bytes;
    }
    case MULTI_CELL_NOT_WM: {
        const uint32_t pick = rng->GetInteger(0, 3);
        ctl.opcode = pick == 0   ? DartOpcode::WRITE
                     : pick == 1 ? DartOpcode::READ
                     : pick == 2 ? DartOpcode::READ_MULTIPLE
                                 : DartOpcode::SOFTWARE_EXCEPTION;
        ctl.operand = static_cast<uint32_t>(Target(m_eps[any.ep], BLOCK, rng));
        return Serialize(any.vci, ctl, RandomBytes(rng, MultipleLength(rng, m_eps[any.ep])));
    }
    case BAD_READ: {
        const Endpoint& ep = m_eps[any.ep];
        ctl.opcode = Chance(rng, 0.5) ? DartOpcode::READ : DartOpcode::READ_MULTIPLE;
        ctl.operand = static_cast<uint32_t>(Target(ep, BLOCK, rng));
        uint32_t want = BLOCK;
        if (ctl.opcode == DartOpcode::READ_MULTIPLE && Chance(rng, 0.7))
        {
            want = Chance(rng, 0.5) ? 0 : rng->GetInteger(m_maxMessage + 1, 0xffffffffU);
        }
        else
        {
            ctl.addressing = DartAddressing::NONE; // a read of no address, not of the value
        }
        Decorate(ctl, any, rng, 0);
        std::vector<uint8_t> data = ReadRequest(rng, 1);
        PutU32(data.data() + 4, want);
        return Serialize(any.vci, ctl, data);
    }
    case IP_OUT_OF_BOUNDS: {
        const Endpoint& ep = m_eps[any.ep];
        ctl.instructionPointer = true;
        const uint32_t pick = rng->GetInteger(0, 2);
        ctl.operand = pick == 0   ? static_cast<uint32_t>(ep.size - rng->GetInteger(1, 15))
                      : pick == 1 ? rng->GetInteger(static_cast<uint32_t>(ep.size), 0xffffffffU)
                                  : 0xffffffffU - rng->GetInteger(0, 15);
        ctl.opcode = static_cast<DartOpcode>(rng->GetInteger(0, 255)); // not looked at
        if (Chance(rng, 0.2))
        {
            return Serialize(any.vci, ctl, RandomBytes(rng, rng->GetInteger(BLOCK + 1, 300)));
        }
        return Serialize(any.vci, ctl, block);
    }
    case GARBAGE: {
        std::vector<uint8_t> bytes;
        const uint32_t pick = rng->GetInteger(0, 9);
        if (pick <= 5)
        {
            bytes = RandomBytes(rng, CONTROL + BLOCK);
        }
        else if (pick <= 7)
        {
            const uint32_t len = rng->GetInteger(BLOCK + 1, 400);
            bytes = RandomBytes(rng, CONTROL + len + Padding(len) + TRAILER);
            bytes[bytes.size() - 6] = static_cast<uint8_t>(len >> 8);
            bytes[bytes.size() - 5] = static_cast<uint8_t>(len);
        }
        else
        {
            bytes = RandomBytes(rng, rng->GetInteger(1, 200));
        }
        if (bytes.size() < CONTROL)
        {
            return bytes;
        }
        const Conn* k = nullptr;
        if (Chance(rng, 0.6))
        {
            k = &any;
            bytes[10] = static_cast<uint8_t>(any.vci >> 8);
            bytes[11] = static_cast<uint8_t>(any.vci);
        }
        if (Chance(rng, 0.5))
        {
            bytes[0] = static_cast<uint8_t>(rng->GetInteger(1, 5));
        }
        if (k != nullptr && k->regCount > 0 && Chance(rng, 0.5))
        {
            for (uint32_t s = 0; s < 3; ++s)
            {
                bytes[7 + s] = InWindow(*k, rng);
            }
        }
        uint16_t vci = 0;
        DartControl g = DartControl::Decode(bytes.data(), vci);
        const int32_t ci = FindConn(vci);
        if (g.instructionPointer && ci >= 0)
        {
            // The variant: a word of B's program, or a pointer out of bounds.
            const Endpoint& ep = m_eps[m_conns[ci].ep];
            const uint32_t at = m_conns[ci].ep == 1 && Chance(rng, 0.6)
                                    ? rng->GetInteger(0, m_pageSize - CONTROL)
                                    : static_cast<uint32_t>(ep.size) + rng->GetInteger(0, 64);
            PutU32(bytes.data() + 12, at);
        }
        return bytes;
    }
    default:
        NS_FATAL_ERROR("DartProtectionFuzzAdapter: no case " << c);
    }
    return {};
}

Ptr<Packet>
DartProtectionFuzzAdapter::Forge(uint32_t c,
                                 Ptr<UniformRandomVariable> rng,
                                 SanFuzzExpectation& expect)
{
    NS_ABORT_MSG_IF(!m_prepared, "DartProtectionFuzzAdapter: Prepare() has not run");
    NS_ABORT_MSG_IF(c >= N_CASES, "DartProtectionFuzzAdapter: no case " << c);
    MaybeNewBatch();
    std::vector<uint8_t> bytes;
    Verdict v;
    bool found = false;
    for (uint32_t attempt = 0; attempt < ATTEMPTS && !found; ++attempt)
    {
        bytes = Candidate(c, rng);
        v = Judge(bytes);
        if (!Intended(c, v))
        {
            // Only the variant's searches may miss: every other case builds its outcome.
            NS_ABORT_MSG_IF(c != IP_VALID && c != IP_BAD_WORD,
                            "DartProtectionFuzzAdapter: case " << GetCaseName(c)
                                                               << " forged a packet the model "
                                                                  "judges "
                                                               << Describe(v));
            continue;
        }
        found = Admissible(v);
    }
    if (!found)
    {
        // Nothing of this case fits the batch: a drop that fits any batch.
        ++m_fallbacks;
        bytes = Fallback(rng);
        v = Judge(bytes);
    }
    Commit(v);
    expect = SanFuzzExpectation();
    expect.deliver = v.deliver;
    expect.reason = v.reason;
    expect.writes = v.writes;
    if (bytes.empty())
    {
        return Create<Packet>();
    }
    return Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
}

} // namespace ns3
