/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-protection-fuzz-adapter.h"

#include "ns3/abort.h"
#include "ns3/dart-header.h"
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
const char* const g_dartCaseNames[] = {"WriteDirect",
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

static_assert(sizeof(g_dartCaseNames) / sizeof(g_dartCaseNames[0]) ==
                  DartProtectionFuzzAdapter::N_CASES,
              "a name per case");
static_assert(sizeof(g_caseWeights) / sizeof(g_caseWeights[0]) ==
                  DartProtectionFuzzAdapter::N_CASES,
              "a weight per case");

using dartfuzz::BLOCK;
using dartfuzz::CELL;
using dartfuzz::CONTROL;
using dartfuzz::SlotSource;

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
    return c < N_CASES ? g_dartCaseNames[c] : "?";
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
        // DartNetDevice::OpenEndpoint names the frames of endpoint i "dart-endpoint-i" (a
        // HostPinnedRegion: one region, its pages one after another).
        const std::string name = "dart-endpoint-" + std::to_string(e.ctx->GetEndpoint());
        const HostMemoryRegion* r = memory->FindRegion(name);
        NS_ABORT_MSG_IF(r == nullptr,
                        "DartProtectionFuzzAdapter: no frames \"" << name << "\" in memory");
        for (uint64_t p = 0; p < pages; ++p)
        {
            e.pages.push_back(r->base + p * m_pageSize);
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
    add(m_eps[1], 0, m_eps[1].dataBegin, SanFuzzWindow::PRESET, "endpoint B's program");
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
        padded.resize(data.size() + DartAal5Trailer::GetPadding(static_cast<uint32_t>(data.size())),
                      0);
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
    DartPutWord(d.data(), rng->GetInteger(0, room));
    DartPutWord(d.data() + 4, want);
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

} // namespace ns3
