/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_PROTECTION_FUZZ_ADAPTER_H
#define DART_PROTECTION_FUZZ_ADAPTER_H

#include "san-protection-fuzzer.h"

#include "ns3/dart-context.h"
#include "ns3/dart-header.h"
#include "ns3/dart-net-device.h"
#include "ns3/dart-operation.h"
#include "ns3/nstime.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The DART interface's adapter for SanProtectionFuzzer.
 *
 * Prepare() builds the receiving DartNetDevice's state (the adapter owns its Connection Table:
 * the device must have no connections of its own):
 * - endpoint A (all of it a DATA window), endpoint B (its first page holds the control words of
 *   the instruction-pointer variant, the "program", and is in no window, so nothing may change
 *   there; the rest is DATA) and endpoint C, which no connection names (a GUARD). Sizes are not
 *   page multiples: the bytes of an endpoint's last frame beyond its bound are canaries;
 * - seven connections to A and B with register windows that nest and overlap (one shares
 *   registers between an A and a B connection, one has no registers, one has all 256 indices),
 *   their read replies sent to the sender's host (Config::replyVci there); two action queues
 *   (one delayable, one immediate whose handler pops it), SCRATCH windows;
 * - every register of the windows set to an address inside A or B, near a bound, beyond it,
 *   or near 2^32; every other VCI unconnected.
 *
 * Every forged packet is judged by a reference model of the receive path written from the
 * interface's rules (not the device's code): the checks in order (runt or AAL5 length:
 * MALFORMED; VCI: UNKNOWN_CONNECTION; the variant's control word outside the endpoint:
 * OUT_OF_BOUNDS; opcode, ALU op or comparison: UNIMPLEMENTED; several cells but not
 * WRITE_MULTIPLE: MALFORMED; any register index a primitive uses outside the window:
 * OUT_OF_WINDOW; a read of no bytes, too many, or of no address: MALFORMED; the block (WRITE
 * with a mask), the data (WRITE_MULTIPLE) or the bytes read outside the endpoint:
 * OUT_OF_BOUNDS), then the primitives on the adapter's own copy of the register file, slots
 * naming one register sharing it; WRITE deposits the selected 4-byte words of its block,
 * WRITE_MULTIPLE all its data; reads and software exceptions write nothing at the responder.
 *
 * Registers change with accepted messages (post-increment and the like), so the adapter tracks
 * them: a message's expected register writes are applied to its copy when it is forged. The
 * device works on one message at a time in arrival order, and a batch's packets arrive in any
 * order; so within a batch (the packets forged at one simulated time: SanProtectionFuzzer
 * forges a batch only once the previous one drained) a message that writes registers uses none
 * that another message of the batch uses, and a message whose outcome depends on register
 * values uses none that a writer of the batch uses. A writer's deposits never overlap another
 * packet's of its batch (the adapter checks that itself, so the fuzzer never discards a writer
 * after its effects were applied). When a batch begins, and in CheckRegisters(), the copy is
 * compared with the device's registers: a difference is a register a refused message changed,
 * or an accepted one changed wrongly.
 *
 * Cases (weight in brackets; each case's packet is judged, and must come out as the case
 * intends, else the adapter aborts):
 * - WRITE_DIRECT [4], WRITE_INDIRECT [3], WRITE_INDEXED [3] (address from an operand, a
 *   register, a register plus an operand, 32-bit wrap included): one block, random masks
 *   (all, none, some), often with register operations and a conditional (post-increment among
 *   them) and unused slots whose indices are random or repeat a used slot's: delivered, the
 *   selected words land (WRITE_INDIRECT uses register plus operand when no register of the
 *   window holds an address where the block fits);
 * - WRITE_MULTIPLE [3]: a multi-cell message (33 bytes to the largest), or one cell with the
 *   WRITE_MULTIPLE opcode: delivered, all its data lands;
 * - REGISTER_OPS [2]: no address, register operations only (loads of addresses in the endpoint
 *   keep the registers useful): delivered, nothing written;
 * - READ [2]: READ, READ_MULTIPLE, returnValue reads (fetch-and-increment): delivered, nothing
 *   written at the responder (the reply goes to the sender's host);
 * - SOFTWARE_EXCEPTION [1]: delivered, nothing written;
 * - IP_VALID [2]: the variant, naming a program word that is valid for the connection (the
 *   message's own control fields are random): delivered as the word says;
 * - UNKNOWN_VCI [2]: VCI 0, an unconnected VCI, or one beyond the Connection Table;
 * - WINDOW_ADDRESSING, WINDOW_REGISTER_OP, WINDOW_CONDITIONAL [2 each]: an index outside the
 *   window in address generation, a register operation, or the conditional: OUT_OF_WINDOW;
 * - BOUND_CROSSING, BOUND_BEYOND, BOUND_VIA_REGISTER [2 each]: a block, data or read that
 *   crosses the bound, starts beyond it (up to 2^32), or gets there from a register:
 *   OUT_OF_BOUNDS (register writes in these are not committed);
 * - UNIMPLEMENTED_OP [2]: an opcode outside 1..5, an ALU op beyond MAX, comparison 7;
 * - RUNT [1], BAD_AAL5_LENGTH [2], MULTI_CELL_NOT_WM [1], BAD_READ [1]: MALFORMED (a runt, a
 *   trailer length of at most 32 bytes or of another cell count, a size that is no whole cell
 *   count; several cells of another opcode; reads of 0 or too many bytes, or of no address);
 * - IP_OUT_OF_BOUNDS [2]: the variant with its pointer crossing or beyond the bound:
 *   OUT_OF_BOUNDS;
 * - IP_BAD_WORD [2]: the variant naming a program word the connection refuses (unimplemented,
 *   out of window, out of bounds, a read of no address, a WRITE word for several cells);
 * - GARBAGE [2]: random bytes (a cell, a multi-cell message with a consistent trailer, or any
 *   size; often a connected VCI, a valid opcode, in-window indices): whatever the model says.
 */
/// Sizes and helpers the fuzz adapter's files (adapter, cases, reference) share.
namespace dartfuzz
{
/// Bytes of data of a control cell.
constexpr uint32_t BLOCK = DartControl::BLOCK_BYTES;
/// Bytes of a cell's payload.
constexpr uint32_t CELL = 48;
/// Bytes of the control word.
constexpr uint32_t CONTROL = DartControl::BYTES;
/// Bytes of the AAL5 trailer.
constexpr uint32_t TRAILER = DartAal5Trailer::BYTES;

/// \param i 0..2 \return the register source naming slot i
inline DartSource
SlotSource(uint32_t i)
{
    return static_cast<DartSource>(DART_REG_I + i);
}
} // namespace dartfuzz

class DartProtectionFuzzAdapter : public SanProtectionFuzzAdapter
{
  public:
    /// The cases.
    enum Case : uint32_t
    {
        WRITE_DIRECT = 0,
        WRITE_INDIRECT,
        WRITE_INDEXED,
        WRITE_MULTIPLE,
        REGISTER_OPS,
        READ,
        SOFTWARE_EXCEPTION,
        IP_VALID,
        UNKNOWN_VCI,
        WINDOW_ADDRESSING,
        WINDOW_REGISTER_OP,
        WINDOW_CONDITIONAL,
        BOUND_CROSSING,
        BOUND_BEYOND,
        BOUND_VIA_REGISTER,
        UNIMPLEMENTED_OP,
        RUNT,
        BAD_AAL5_LENGTH,
        MULTI_CELL_NOT_WM,
        BAD_READ,
        IP_OUT_OF_BOUNDS,
        IP_BAD_WORD,
        GARBAGE,
        N_CASES
    };

    /// The receiver's shape.
    struct Config
    {
        uint64_t dataBytesA{3 * 4096 + 1000}; //!< endpoint A's size
        uint64_t dataBytesB{2 * 4096 + 300};  //!< endpoint B's size after its program page
        uint64_t guardBytes{2 * 4096};        //!< endpoint C's size (no connection)
        uint32_t maxMultiple{600};            //!< usual WRITE_MULTIPLE data, at most
        uint32_t replyHost{0};   //!< where read replies go (the sender port's host if it has one)
        uint16_t replyVci{0};    //!< the VCI of the reply connection at that host
        uint32_t replyBytes{32}; //!< bytes of that connection's endpoint replies may land in
                                 //!< (reads ask for at most this much)
    };

    /**
     * \param receiver the device under test (attached, no connections)
     * \param senderPort another host's fabric port (null: inject directly only)
     * \param config the receiver's shape
     */
    DartProtectionFuzzAdapter(Ptr<DartNetDevice> receiver,
                              SanFabricPort* senderPort,
                              const Config& config);
    /// \param receiver the device \param senderPort another host's port (default shape)
    DartProtectionFuzzAdapter(Ptr<DartNetDevice> receiver, SanFabricPort* senderPort);

    Ptr<SanNicDevice> GetDevice() const override;
    SanFabricPort* GetSenderPort() const override;
    void Prepare(Ptr<UniformRandomVariable> rng) override;
    std::vector<SanFuzzWindow> GetWindows() const override;
    uint32_t GetNCases() const override;
    std::string GetCaseName(uint32_t c) const override;
    uint32_t GetCaseWeight(uint32_t c) const override;
    Ptr<Packet> Forge(uint32_t c,
                      Ptr<UniformRandomVariable> rng,
                      SanFuzzExpectation& expect) override;
    void InjectDirect(Ptr<const Packet> packet, uint32_t srcHost) override;
    uint64_t GetNDelivered() const override;

    /**
     * \brief Compare the adapter's copy of the register file with the device's (call when no
     * packet is in flight, e.g. after the run). Differences are counted and the copy is resynced.
     * \return differences found so far (this call's and the batches')
     */
    uint64_t CheckRegisters();
    /// \return register differences found so far
    uint64_t GetRegisterMismatches() const;
    /// \return the first register differences, described
    const std::vector<std::string>& GetRegisterFailures() const;
    /// \return register writes the forged (accepted) messages were expected to commit
    uint64_t GetNRegisterWrites() const;
    /// \return accepted messages whose unused index slots repeated a used slot's index
    uint64_t GetNAliasedUnusedSlots() const;
    /// \return packets forged as a plain unknown-VCI drop because nothing of their case fitted
    /// the batch
    uint64_t GetNFallbacks() const;

  private:
    /// An endpoint of the receiver.
    struct Endpoint
    {
        Ptr<DartContext> ctx;        //!< its context
        uint64_t size{0};            //!< bound
        uint64_t dataBegin{0};       //!< first byte packets may deposit to
        std::vector<uint64_t> pages; //!< host addresses of its frames
    };

    /// A connection the adapter made.
    struct Conn
    {
        uint16_t vci{0};      //!< its VCI
        uint32_t ep{0};       //!< index into m_eps
        uint32_t regBase{0};  //!< window
        uint32_t regCount{0}; //!< window
    };

    /// What the reference model says a packet does.
    struct Verdict
    {
        bool deliver{false};                               //!< delivered (else dropped)
        uint32_t reason{0};                                //!< drop reason
        std::vector<SanFuzzWrite> writes;                  //!< bytes it lands
        std::vector<std::pair<uint64_t, uint64_t>> ranges; //!< endpoint ranges it deposits
        int32_t conn{-1};                                  //!< connection (index into m_conns)
        bool valueDependent{false};             //!< its outcome depends on register values
        std::set<uint32_t> used;                //!< absolute registers its primitives use
        std::map<uint32_t, uint32_t> regWrites; //!< registers it sets (if delivered)
        bool aliasedUnused{false};              //!< an unused slot repeats a used slot's index
    };

    /// \param bytes a whole packet \return what the receive path must do with it
    Verdict Judge(const std::vector<uint8_t>& bytes) const;
    /// \param ctl control \return bit s set when a primitive uses slot s (the reference's count)
    static uint32_t RefUsedSlots(const DartControl& ctl);
    /// \param v a verdict \return true if the packet may join the current batch
    bool Admissible(const Verdict& v) const;
    /// \param v the verdict of a packet that joins the batch (claims, locks, registers)
    void Commit(const Verdict& v);
    /// Start a new batch if the time moved on (checks the registers first).
    void MaybeNewBatch();

    /// \param vci VCI \param ctl control \param data data (32 bytes: one cell) \return bytes
    static std::vector<uint8_t> Serialize(uint16_t vci,
                                          const DartControl& ctl,
                                          const std::vector<uint8_t>& data);
    /// \param n bytes \return random bytes
    static std::vector<uint8_t> RandomBytes(Ptr<UniformRandomVariable> rng, uint32_t n);
    /// \param rng stream \param p probability \return true with probability p
    static bool Chance(Ptr<UniformRandomVariable> rng, double p);
    /// \param ep an endpoint \param offset first byte \param bytes bytes \param len how many
    /// \return per-page pieces
    std::vector<SanFuzzWrite> Pieces(const Endpoint& ep,
                                     uint64_t offset,
                                     const uint8_t* bytes,
                                     uint64_t len) const;
    /// \param ep endpoint \param len bytes \return a random offset where len bytes fit its data
    uint64_t Target(const Endpoint& ep, uint64_t len, Ptr<UniformRandomVariable> rng) const;
    /// \param c a connection \param rng stream \return an index inside its window
    static uint8_t InWindow(const Conn& c, Ptr<UniformRandomVariable> rng);
    /// \param c a connection (regCount < 256) \param rng stream \return an index outside it
    static uint8_t OutOfWindow(const Conn& c, Ptr<UniformRandomVariable> rng);
    /// \param c connection \param index index \return the register's value in the copy
    uint32_t Reg(const Conn& c, uint8_t index) const;
    /// \param vci a VCI \return its connection (index into m_conns), or -1
    int32_t FindConn(uint16_t vci) const;
    /// \param v a verdict \return it, described
    std::string Describe(const Verdict& v) const;
    /// \param rng stream \return a WRITE mask: all words, none, or random ones
    static uint8_t RandomMask(Ptr<UniformRandomVariable> rng);
    /// \param rng stream \param pred a filter \return a connection index (-1: none)
    int32_t PickConn(Ptr<UniformRandomVariable> rng,
                     const std::function<bool(const Conn&)>& pred) const;
    /**
     * \brief Add register operations and a conditional on in-window indices (and random
     * indices in the unused slots, sometimes a used slot's).
     * \param ctl control to decorate \param c its connection \param rng stream
     * \param pinned bit s set: leave slot s's index alone (the caller chose it)
     */
    void Decorate(DartControl& ctl,
                  const Conn& c,
                  Ptr<UniformRandomVariable> rng,
                  uint32_t pinned) const;
    /// \param rng stream \return a random register operation writing \p dst
    static DartRegisterOp RandomRegOp(Ptr<UniformRandomVariable> rng, DartSource dst);
    /// \param rng stream \param want bytes to read \return a read request's data (reply
    /// offset, bytes, tag)
    std::vector<uint8_t> ReadRequest(Ptr<UniformRandomVariable> rng, uint32_t want) const;
    /// \param rng stream \param ep endpoint \return a multi-cell data length that fits it
    uint32_t MultipleLength(Ptr<UniformRandomVariable> rng, const Endpoint& ep) const;

    /// One candidate packet of case \p c (its bytes). \param c case \param rng stream
    std::vector<uint8_t> Candidate(uint32_t c, Ptr<UniformRandomVariable> rng);
    /// \param c case \param v verdict \return true if \p v is what case \p c intends
    bool Intended(uint32_t c, const Verdict& v) const;
    /// \param rng stream \return a packet's bytes that is always admissible (a drop)
    std::vector<uint8_t> Fallback(Ptr<UniformRandomVariable> rng) const;

    Ptr<DartNetDevice> m_rx;              //!< device under test
    SanFabricPort* m_senderPort;          //!< sender's port
    Config m_config;                      //!< shape
    uint32_t m_pageSize{4096};            //!< device's page size
    uint32_t m_nConnections{0};           //!< device's Connection Table size
    uint32_t m_maxMessage{0};             //!< device's largest message
    std::vector<Endpoint> m_eps;          //!< A, B, C
    std::vector<Conn> m_conns;            //!< connections
    std::set<uint16_t> m_vcis;            //!< connected VCIs
    std::vector<uint32_t> m_queues;       //!< action queues
    std::vector<uint8_t> m_program;       //!< B's first page (the control words)
    std::vector<uint32_t> m_programWords; //!< offsets of the control words in it
    std::vector<uint32_t> m_regs;         //!< copy of the register file
    std::set<uint32_t> m_windowRegs;      //!< registers some window holds
    bool m_prepared{false};               //!< Prepare ran
    bool m_inBatch{false};                //!< a batch has begun
    Time m_batchTime;                     //!< when the current batch was forged
    std::set<uint32_t> m_batchUsed;       //!< registers value-dependent packets use
    std::set<uint32_t> m_batchLocked;     //!< registers writers use
    std::vector<std::pair<uint64_t, uint64_t>> m_batchClaims; //!< host bytes claimed
    uint64_t m_regMismatches{0};                              //!< register differences
    std::vector<std::string> m_regFailures;                   //!< described
    uint64_t m_regWrites{0};                                  //!< expected register writes
    uint64_t m_aliased{0};   //!< accepted messages with aliased unused slots
    uint64_t m_fallbacks{0}; //!< packets forged as the fallback
};

} // namespace ns3

#endif /* DART_PROTECTION_FUZZ_ADAPTER_H */
