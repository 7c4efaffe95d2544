/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_OPERATION_H
#define DART_OPERATION_H

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief DART main opcodes (Osborne 1994, section 3: "read, read multiple (32 byte blocks),
 * write, write multiple, and software exception").
 */
enum class DartOpcode : uint8_t
{
    WRITE = 1,              //!< deposit one 32-byte block (masked by words)
    WRITE_MULTIPLE = 2,     //!< deposit a multi-cell message's data
    READ = 3,               //!< answer with one 32-byte block (or the value path's result)
    READ_MULTIPLE = 4,      //!< answer with several 32-byte blocks
    SOFTWARE_EXCEPTION = 5, //!< interrupt the host with the message
};

/// \brief Address generation (Figure 2): where a write deposits or a read reads.
enum class DartAddressing : uint8_t
{
    NONE = 0,     //!< no address: a message that only operates on registers
    DIRECT = 1,   //!< effaddr = operand
    INDIRECT = 2, //!< effaddr = <addreg_i>
    INDEXED = 3,  //!< effaddr = <addreg_i> + operand
};

/// \brief Kinds of register operation (Figure 2).
enum class DartRegisterOpKind : uint8_t
{
    NONE = 0,   //!< no operation
    LOAD = 1,   //!< addreg_d <- source
    UNARY = 2,  //!< addreg_d <- op(source)
    BINARY = 3, //!< addreg_d <- <addreg_d> op source
};

/// \brief Arithmetic and logic of register operations (32-bit, wrapping).
enum class DartAluOp : uint8_t
{
    MOV = 0,  //!< unary: the source itself
    NEG = 1,  //!< unary: two's complement
    NOT = 2,  //!< unary: bitwise not
    INC = 3,  //!< unary: source + 1
    DEC = 4,  //!< unary: source - 1
    ADD = 5,  //!< binary
    SUB = 6,  //!< binary
    AND = 7,  //!< binary
    OR = 8,   //!< binary
    XOR = 9,  //!< binary
    MIN = 10, //!< binary, unsigned
    MAX = 11, //!< binary, unsigned
};

/// \brief Comparisons of the conditional operation (unsigned).
enum class DartCompare : uint8_t
{
    NONE = 0, //!< no conditional
    EQ = 1,   //!< equal
    NE = 2,   //!< not equal
    LT = 3,   //!< less than
    LE = 4,   //!< less or equal
    GT = 5,   //!< greater than
    GE = 6,   //!< greater or equal
};

/**
 * \ingroup san
 * \brief An operand source: the message's immediate operand, or one of the three register
 * indices of the message's index field (slots I, J, K).
 */
enum DartSource : uint8_t
{
    DART_OPERAND = 0, //!< the immediate operand
    DART_REG_I = 1,   //!< the register named by index slot I
    DART_REG_J = 2,   //!< slot J
    DART_REG_K = 3,   //!< slot K
};

/// \brief One register operation: destination slot (DART_REG_*), kind, ALU op, source.
struct DartRegisterOp
{
    DartRegisterOpKind kind{DartRegisterOpKind::NONE}; //!< kind
    DartAluOp op{DartAluOp::MOV};                      //!< ALU op (UNARY, BINARY)
    DartSource dst{DART_REG_I};                        //!< destination (a register slot)
    DartSource src{DART_OPERAND};                      //!< source
};

/// \brief The conditional: compare a register with the operand or another register; when
/// true, an action is raised at the end of the message.
struct DartCondition
{
    DartCompare cmp{DartCompare::NONE}; //!< comparison
    DartSource lhs{DART_REG_I};         //!< left side (a register slot)
    DartSource rhs{DART_OPERAND};       //!< right side
};

/**
 * \ingroup san
 * \brief The control information of a DART message (Figure 3): what the sender writes into a
 * connection's Send Registers and what the control cell carries: the main opcode, the
 * addressing mode, two register operations and a conditional, the immediate operand, the index
 * field naming up to three address registers of the connection's window, and the mask that
 * deselects 4-byte words of a 32-byte block.
 *
 * Flags of this model's encoding (the paper leaves the bit layout open):
 * - instructionPointer: the "variant of DART [that] interprets the operation field as an
 *   instruction pointer": the operand is the offset, in the destination endpoint, of a 16-byte
 *   control word (opcode, operand and the rest) that the destination holds; the message
 *   supplies only the data;
 * - returnValue: a READ answers with the value path's result (the effective address, i.e. the
 *   register's value before the message's register operations) in the reply's first word
 *   instead of memory: the way a register is fetched (fetch-and-increment, swap).
 */
struct DartControl
{
    DartOpcode opcode{DartOpcode::WRITE};              //!< main opcode
    DartAddressing addressing{DartAddressing::DIRECT}; //!< address generation
    bool instructionPointer{false};                    //!< the variant (see above)
    bool returnValue{false};                           //!< READ returns the value path
    DartRegisterOp regOp[2];                           //!< the two register operations
    DartCondition cond;                                //!< the conditional
    uint8_t mask{0xff};                                //!< bit w selects word w of a block
    uint8_t index[3]{0, 0, 0};                         //!< register indices (slots I, J, K)
    uint32_t operand{0};                               //!< immediate operand

    /// \return bit s set when slot s (0 = I, 1 = J, 2 = K) is used by some primitive
    uint32_t GetUsedSlots() const;
    /// \return primitive operations the message runs (0 to 4)
    uint32_t GetNPrimitives() const;
    /// \return true if the opcode is one this interface implements
    bool IsImplemented() const;
    /// \return a short description for logs
    std::string ToString() const;

    /// Serialized size of the control word in a cell.
    static constexpr uint32_t BYTES = 16;
    /// Bytes of data in a control cell: the unit of reads, writes and masks.
    static constexpr uint32_t BLOCK_BYTES = 32;
    /**
     * \brief Write the control word and \p vci into 16 bytes.
     * \param vci the connection
     * \param out 16 bytes
     */
    void Encode(uint16_t vci, uint8_t* out) const;
    /**
     * \brief Read a control word.
     * \param in 16 bytes
     * \param[out] vci the connection
     * \return the control information
     */
    static DartControl Decode(const uint8_t* in, uint16_t& vci);
};

/**
 * \param p 4 bytes \param v a word, written big-endian (the order of DART's control words,
 * read requests and action entries)
 */
inline void
DartPutWord(uint8_t* p, uint32_t v)
{
    p[0] = static_cast<uint8_t>(v >> 24);
    p[1] = static_cast<uint8_t>(v >> 16);
    p[2] = static_cast<uint8_t>(v >> 8);
    p[3] = static_cast<uint8_t>(v);
}

/// \param p 4 bytes \return the big-endian word there
inline uint32_t
DartGetWord(const uint8_t* p)
{
    return (static_cast<uint32_t>(p[0]) << 24) | (static_cast<uint32_t>(p[1]) << 16) |
           (static_cast<uint32_t>(p[2]) << 8) | p[3];
}

/**
 * \ingroup san
 * \brief What the Operation Logic computed for one message, before anything is committed.
 */
struct DartExecution
{
    bool hasAddress{false};               //!< address generation ran (addressing != NONE)
    uint32_t address{0};                  //!< effective address (offset in the endpoint)
    uint32_t value{0};                    //!< the value path after address generation
    bool condition{false};                //!< the conditional was true
    uint32_t lhs{0};                      //!< conditional's left side (for the action record)
    uint32_t rhs{0};                      //!< conditional's right side
    uint32_t primitives{0};               //!< primitive operations executed
    uint32_t regs[3]{0, 0, 0};            //!< register values after the message, per slot
    bool written[3]{false, false, false}; //!< slot's register was written
};

/**
 * \ingroup san
 * \brief DART's Operation Logic as a pure function: clocks the up to four primitive operations
 * of one message in order (address generation, register operation 1, register operation 2,
 * conditional), feeding each result forward ("value" path of Figure 5).
 *
 * It works on a copy of the three named registers (slots naming the same register share it),
 * so a caller can refuse the message (bounds) and commit nothing.
 */
class DartOperationLogic
{
  public:
    /**
     * \param ctl the message's control information
     * \param regs values of the registers named by slots I, J, K (unused slots: anything)
     * \return what the message does
     */
    static DartExecution Execute(const DartControl& ctl, const uint32_t regs[3]);
    /**
     * \param op an ALU op
     * \param a left operand (the destination's value for BINARY; ignored for UNARY)
     * \param b right operand (the source)
     * \param unary true for a unary op
     * \return the result
     */
    static uint32_t Alu(DartAluOp op, uint32_t a, uint32_t b, bool unary);
    /**
     * \param cmp a comparison
     * \param a left side
     * \param b right side
     * \return the comparison's truth (false for NONE)
     */
    static bool Compare(DartCompare cmp, uint32_t a, uint32_t b);
};

} // namespace ns3

#endif /* DART_OPERATION_H */
