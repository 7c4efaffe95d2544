/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// DartProtectionFuzzAdapter's reference model: what a forged packet must do, judged from the
// documented rules of DART's receive path (Osborne 1994, section 3; doc/san.rst) and not from
// the device's code, with the adapter's own copy of the register file. Set-up and the cases are
// dart-protection-fuzz-adapter.cc.

#include "dart-protection-fuzz-adapter.h"

#include "ns3/abort.h"
#include "ns3/dart-header.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartProtectionFuzzReference");

namespace
{

using dartfuzz::BLOCK;
using dartfuzz::CONTROL;
using dartfuzz::TRAILER;

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

} // namespace

/// \param ctl control \return bit s set when a primitive uses slot s (the reference's count)
uint32_t
DartProtectionFuzzAdapter::RefUsedSlots(const DartControl& ctl)
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
        if (length <= BLOCK ||
            size != CONTROL + length + DartAal5Trailer::GetPadding(length) + TRAILER)
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
        const uint32_t want = ctl.opcode == DartOpcode::READ ? BLOCK : DartGetWord(data.data() + 4);
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

} // namespace ns3
