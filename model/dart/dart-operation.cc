/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-operation.h"

#include <sstream>

namespace ns3
{

namespace
{

/// \return slot index (0..2) of a register source (DART_REG_*)
inline uint32_t
Slot(DartSource s)
{
    return static_cast<uint32_t>(s) - 1;
}

/// \param op a register operation \return its 12-bit encoding
uint32_t
EncodeRegOp(const DartRegisterOp& op)
{
    return (static_cast<uint32_t>(op.kind) & 0x3) | ((static_cast<uint32_t>(op.op) & 0xf) << 2) |
           ((static_cast<uint32_t>(op.dst) & 0x3) << 6) |
           ((static_cast<uint32_t>(op.src) & 0x3) << 8);
}

/// \param bits a 12-bit encoding \return the register operation
DartRegisterOp
DecodeRegOp(uint32_t bits)
{
    DartRegisterOp op;
    op.kind = static_cast<DartRegisterOpKind>(bits & 0x3);
    op.op = static_cast<DartAluOp>((bits >> 2) & 0xf);
    op.dst = static_cast<DartSource>((bits >> 6) & 0x3);
    op.src = static_cast<DartSource>((bits >> 8) & 0x3);
    return op;
}

} // namespace

uint32_t
DartControl::GetUsedSlots() const
{
    uint32_t used = 0;
    auto use = [&used](DartSource s) {
        if (s != DART_OPERAND)
        {
            used |= 1u << Slot(s);
        }
    };
    if (addressing == DartAddressing::INDIRECT || addressing == DartAddressing::INDEXED)
    {
        used |= 1u;
    }
    for (const auto& op : regOp)
    {
        if (op.kind != DartRegisterOpKind::NONE)
        {
            // A register operation's destination is always a register; DART_OPERAND there
            // names slot I (the encoding has no "no destination").
            use(op.dst == DART_OPERAND ? DART_REG_I : op.dst);
            use(op.src);
        }
    }
    if (cond.cmp != DartCompare::NONE)
    {
        use(cond.lhs == DART_OPERAND ? DART_REG_I : cond.lhs);
        use(cond.rhs);
    }
    return used;
}

uint32_t
DartControl::GetNPrimitives() const
{
    uint32_t n = addressing != DartAddressing::NONE ? 1 : 0;
    for (const auto& op : regOp)
    {
        n += op.kind != DartRegisterOpKind::NONE ? 1 : 0;
    }
    return n + (cond.cmp != DartCompare::NONE ? 1 : 0);
}

bool
DartControl::IsImplemented() const
{
    const auto op = static_cast<uint8_t>(opcode);
    if (op < static_cast<uint8_t>(DartOpcode::WRITE) ||
        op > static_cast<uint8_t>(DartOpcode::SOFTWARE_EXCEPTION))
    {
        return false;
    }
    for (const auto& r : regOp)
    {
        if (static_cast<uint8_t>(r.op) > static_cast<uint8_t>(DartAluOp::MAX))
        {
            return false;
        }
    }
    return static_cast<uint8_t>(cond.cmp) <= static_cast<uint8_t>(DartCompare::GE);
}

std::string
DartControl::ToString() const
{
    std::ostringstream os;
    os << "op=" << static_cast<uint32_t>(opcode) << " addr=" << static_cast<uint32_t>(addressing)
       << " operand=" << operand << " idx=" << static_cast<uint32_t>(index[0]) << ","
       << static_cast<uint32_t>(index[1]) << "," << static_cast<uint32_t>(index[2]) << " mask=0x"
       << std::hex << static_cast<uint32_t>(mask) << std::dec << " prims=" << GetNPrimitives()
       << (instructionPointer ? " ip" : "") << (returnValue ? " value" : "");
    return os.str();
}

void
DartControl::Encode(uint16_t vci, uint8_t* out) const
{
    out[0] = static_cast<uint8_t>(opcode);
    out[1] = static_cast<uint8_t>((static_cast<uint32_t>(addressing) & 0x3) |
                                  (instructionPointer ? 0x4 : 0) | (returnValue ? 0x8 : 0));
    const uint32_t ops = EncodeRegOp(regOp[0]) | (EncodeRegOp(regOp[1]) << 12);
    out[2] = static_cast<uint8_t>(ops);
    out[3] = static_cast<uint8_t>(ops >> 8);
    out[4] = static_cast<uint8_t>(ops >> 16);
    out[5] = static_cast<uint8_t>((static_cast<uint32_t>(cond.cmp) & 0x7) |
                                  ((static_cast<uint32_t>(cond.lhs) & 0x3) << 3) |
                                  ((static_cast<uint32_t>(cond.rhs) & 0x3) << 5));
    out[6] = mask;
    out[7] = index[0];
    out[8] = index[1];
    out[9] = index[2];
    out[10] = static_cast<uint8_t>(vci >> 8);
    out[11] = static_cast<uint8_t>(vci);
    out[12] = static_cast<uint8_t>(operand >> 24);
    out[13] = static_cast<uint8_t>(operand >> 16);
    out[14] = static_cast<uint8_t>(operand >> 8);
    out[15] = static_cast<uint8_t>(operand);
}

DartControl
DartControl::Decode(const uint8_t* in, uint16_t& vci)
{
    DartControl c;
    c.opcode = static_cast<DartOpcode>(in[0]);
    c.addressing = static_cast<DartAddressing>(in[1] & 0x3);
    c.instructionPointer = (in[1] & 0x4) != 0;
    c.returnValue = (in[1] & 0x8) != 0;
    const uint32_t ops =
        in[2] | (static_cast<uint32_t>(in[3]) << 8) | (static_cast<uint32_t>(in[4]) << 16);
    c.regOp[0] = DecodeRegOp(ops & 0xfff);
    c.regOp[1] = DecodeRegOp(ops >> 12);
    c.cond.cmp = static_cast<DartCompare>(in[5] & 0x7);
    c.cond.lhs = static_cast<DartSource>((in[5] >> 3) & 0x3);
    c.cond.rhs = static_cast<DartSource>((in[5] >> 5) & 0x3);
    c.mask = in[6];
    c.index[0] = in[7];
    c.index[1] = in[8];
    c.index[2] = in[9];
    vci = static_cast<uint16_t>((in[10] << 8) | in[11]);
    c.operand = (static_cast<uint32_t>(in[12]) << 24) | (static_cast<uint32_t>(in[13]) << 16) |
                (static_cast<uint32_t>(in[14]) << 8) | in[15];
    return c;
}

uint32_t
DartOperationLogic::Alu(DartAluOp op, uint32_t a, uint32_t b, bool unary)
{
    if (unary)
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
            return b; // MOV (binary ops used as unary move their source)
        }
    }
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
        return a < b ? a : b;
    case DartAluOp::MAX:
        return a > b ? a : b;
    default:
        return Alu(op, a, b, true); // unary ops used as binary act on the source
    }
}

bool
DartOperationLogic::Compare(DartCompare cmp, uint32_t a, uint32_t b)
{
    switch (cmp)
    {
    case DartCompare::EQ:
        return a == b;
    case DartCompare::NE:
        return a != b;
    case DartCompare::LT:
        return a < b;
    case DartCompare::LE:
        return a <= b;
    case DartCompare::GT:
        return a > b;
    case DartCompare::GE:
        return a >= b;
    default:
        return false;
    }
}

DartExecution
DartOperationLogic::Execute(const DartControl& ctl, const uint32_t regs[3])
{
    DartExecution x;
    // Slots that name the same register share one value: alias[s] is the first such slot the
    // message uses (an unused slot's register was not read: its value in regs is not the
    // register's).
    const uint32_t used = ctl.GetUsedSlots();
    uint32_t alias[3];
    for (uint32_t s = 0; s < 3; ++s)
    {
        alias[s] = s;
        for (uint32_t t = 0; t < s; ++t)
        {
            if ((used & (1u << t)) != 0 && ctl.index[t] == ctl.index[s])
            {
                alias[s] = alias[t];
                break;
            }
        }
        x.regs[s] = regs[alias[s]];
    }
    auto reg = [&x, &alias](DartSource s) -> uint32_t& {
        return x.regs[alias[Slot(s == DART_OPERAND ? DART_REG_I : s)]];
    };
    auto source = [&ctl, &reg](DartSource s) -> uint32_t {
        return s == DART_OPERAND ? ctl.operand : reg(s);
    };

    // 1. Address generation.
    switch (ctl.addressing)
    {
    case DartAddressing::DIRECT:
        x.address = ctl.operand;
        break;
    case DartAddressing::INDIRECT:
        x.address = reg(DART_REG_I);
        break;
    case DartAddressing::INDEXED:
        x.address = reg(DART_REG_I) + ctl.operand;
        break;
    default:
        break;
    }
    x.hasAddress = ctl.addressing != DartAddressing::NONE;
    x.value = x.hasAddress ? x.address : ctl.operand;
    x.primitives = x.hasAddress ? 1 : 0;

    // 2, 3. Register operations, in order; each sees the previous one's result.
    for (const auto& op : ctl.regOp)
    {
        if (op.kind == DartRegisterOpKind::NONE)
        {
            continue;
        }
        uint32_t& d = reg(op.dst);
        const uint32_t src = source(op.src);
        switch (op.kind)
        {
        case DartRegisterOpKind::LOAD:
            d = src;
            break;
        case DartRegisterOpKind::UNARY:
            d = Alu(op.op, 0, src, true);
            break;
        default:
            d = Alu(op.op, d, src, false);
            break;
        }
        x.written[alias[Slot(op.dst == DART_OPERAND ? DART_REG_I : op.dst)]] = true;
        ++x.primitives;
    }
    // Slots aliasing a written register see its final value.
    for (uint32_t s = 0; s < 3; ++s)
    {
        x.regs[s] = x.regs[alias[s]];
        x.written[s] = x.written[alias[s]];
    }

    // 4. The conditional, on the registers as the message leaves them.
    if (ctl.cond.cmp != DartCompare::NONE)
    {
        x.lhs = reg(ctl.cond.lhs);
        x.rhs = source(ctl.cond.rhs);
        x.condition = Compare(ctl.cond.cmp, x.lhs, x.rhs);
        ++x.primitives;
    }
    return x;
}

} // namespace ns3
