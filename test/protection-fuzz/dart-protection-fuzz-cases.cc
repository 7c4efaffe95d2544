/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// DartProtectionFuzzAdapter's cases: forging a packet of each case (valid deposits of every
// addressing mode, reads, register operations, the variant, and every way to be refused),
// judged by the reference model (dart-protection-fuzz-reference.cc) so that it does what its case
// intends. Set-up is dart-protection-fuzz-adapter.cc.

#include "dart-protection-fuzz-adapter.h"

#include "ns3/abort.h"
#include "ns3/dart-header.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

namespace
{

using dartfuzz::BLOCK;
using dartfuzz::CELL;
using dartfuzz::CONTROL;
using dartfuzz::SlotSource;
using dartfuzz::TRAILER;
/// Attempts to forge a packet of a case that fits its batch.
constexpr uint32_t ATTEMPTS = 256;

} // namespace

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
            } while (CONTROL + bad + DartAal5Trailer::GetPadding(bad) + TRAILER == size);
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
        DartPutWord(data.data() + 4, want);
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
            bytes = RandomBytes(rng, CONTROL + len + DartAal5Trailer::GetPadding(len) + TRAILER);
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
            DartPutWord(bytes.data() + 12, at);
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
