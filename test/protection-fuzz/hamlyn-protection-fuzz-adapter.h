/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_PROTECTION_FUZZ_ADAPTER_H
#define HAMLYN_PROTECTION_FUZZ_ADAPTER_H

#include "san-protection-fuzzer.h"

#include "ns3/hamlyn-context.h"
#include "ns3/hamlyn-header.h"
#include "ns3/hamlyn-net-device.h"

#include <set>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The Hamlyn interface's adapter for SanProtectionFuzzer.
 *
 * Prepare() opens two processes' contexts on the receiving HamlynNetDevice (with different
 * numbers of notification areas), gives them message areas of a few pages, and defines live
 * slots over windows of those areas (large, medium and tiny windows, some at an area's start
 * or end, so deposits cross pages and the bytes around windows are canaries), slots that are
 * then revoked (over their own area, a GUARD window), and slots whose area is then released
 * (GUARD). Keys are random, of the device's "KeyBits".
 *
 * Cases (each forges one packet and states its outcome, by the rules of the receive path,
 * HamlynReceiver):
 * - LIVE_FIT: live slot, right key, an offset and length that fit its window (length 0 to
 *   "MaxPayload", with out-of-band bytes sometimes, a valid notification area or none, a random
 *   delta): delivered, and exactly its payload lands at window base + offset;
 * - OVERRUN_ONE: offset + length passes the window's end by one byte: OUT_OF_RANGE;
 * - OFFSET_PAST: an offset past the window's end: OUT_OF_RANGE;
 * - OFFSET_WRAP: an offset near 2^32 whose end wraps past 2^32 in 32 bits: OUT_OF_RANGE;
 * - FLIPPED_KEY: the right key with one bit flipped: BAD_KEY;
 * - WRONG_LENGTH_KEY: the right key's value in the other key length (32 vs 64 bits): BAD_KEY;
 * - WRONG_KEY: a random other key: BAD_KEY;
 * - REVOKED_SLOT: a revoked slot with its old key: UNKNOWN_SLOT;
 * - RELEASED_AREA: a slot over a released area with its key: UNKNOWN_AREA;
 * - UNKNOWN_SLOT: a slot never defined: UNKNOWN_SLOT;
 * - BAD_NOTIFY: a notification area index the slot's owner does not have (sometimes one the
 *   other process has): UNKNOWN_NOTIFY_AREA;
 * - TRUNCATED: a valid packet cut inside its header (or its out-of-band bytes): MALFORMED;
 * - EMPTY: a packet of no bytes: MALFORMED (the fabric carries no empty packet, so it is
 *   always injected directly);
 * - BAD_OOB_LENGTH: an out-of-band length over HamlynHeader::MAX_OUT_OF_BAND: MALFORMED;
 * - GARBAGE: random bytes (its slot field sometimes names a live slot); its outcome follows
 *   from the receive path's rules applied to what the bytes say.
 */
class HamlynProtectionFuzzAdapter : public SanProtectionFuzzAdapter
{
  public:
    /// The cases.
    enum Case : uint32_t
    {
        LIVE_FIT = 0,
        OVERRUN_ONE,
        OFFSET_PAST,
        OFFSET_WRAP,
        FLIPPED_KEY,
        WRONG_LENGTH_KEY,
        WRONG_KEY,
        REVOKED_SLOT,
        RELEASED_AREA,
        UNKNOWN_SLOT,
        BAD_NOTIFY,
        TRUNCATED,
        EMPTY,
        BAD_OOB_LENGTH,
        GARBAGE,
        N_CASES
    };

    /// The receiver's shape.
    struct Config
    {
        uint32_t liveSlots{12};             //!< live slots
        uint32_t revokedSlots{3};           //!< slots defined, then revoked
        uint32_t releasedSlots{3};          //!< slots whose area is released
        uint32_t areasPerContext{2};        //!< live message areas per process
        uint64_t areaBytes{3 * 4096 + 512}; //!< bytes per message area
        uint32_t maxPayload{600};           //!< payload bytes of a forged packet, at most
        uint32_t notifyAreasA{4};           //!< notification areas of process A
        uint32_t notifyAreasB{16};          //!< notification areas of process B
        uint32_t liveWeight{6};             //!< LIVE_FIT's weight (every other case: 1)
    };

    /**
     * \param receiver the device under test (attached)
     * \param senderPort another host's fabric port (null: inject directly only)
     * \param config the receiver's shape
     */
    HamlynProtectionFuzzAdapter(Ptr<HamlynNetDevice> receiver,
                                SanFabricPort* senderPort,
                                const Config& config);
    /// \param receiver the device \param senderPort another host's port (default shape)
    HamlynProtectionFuzzAdapter(Ptr<HamlynNetDevice> receiver, SanFabricPort* senderPort);

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
     * \brief What the receive path must do with \p bytes (a whole packet), by its rules.
     * \param bytes the packet
     * \param[out] expect the outcome
     */
    void Judge(const std::vector<uint8_t>& bytes, SanFuzzExpectation& expect) const;

  private:
    /// A slot the adapter defined.
    struct Slot
    {
        uint16_t number{0};         //!< slot number
        uint32_t context{0};        //!< owning process (index into m_contexts)
        Ptr<HostPinnedRegion> area; //!< its area
        uint64_t base{0};           //!< window start
        uint64_t limit{0};          //!< window end
        uint64_t key{0};            //!< its key
    };

    /// \return a random key of the device's length
    uint64_t RandomKey(Ptr<UniformRandomVariable> rng) const;
    /// \return a slot number not used yet
    uint16_t FreshSlotNumber(Ptr<UniformRandomVariable> rng);
    /// \param n bytes \return random bytes
    static std::vector<uint8_t> RandomBytes(Ptr<UniformRandomVariable> rng, uint32_t n);
    /// \param s a slot \param rng stream \param[out] len \param[out] offset a fitting range
    void Fit(const Slot& s, Ptr<UniformRandomVariable> rng, uint32_t& len, uint32_t& offset) const;
    /// \param s a slot \param rng stream \return a valid notification index, or NO_NOTIFY
    uint16_t ValidNotify(const Slot& s, Ptr<UniformRandomVariable> rng) const;
    /// A header for \p s with its right key. \param s slot \param offset offset
    HamlynHeader MakeHeader(const Slot& s, uint32_t offset, uint16_t notify) const;
    /// \param area an area \param offset first byte \param bytes bytes \return per-page pieces
    static std::vector<SanFuzzWrite> Pieces(Ptr<HostPinnedRegion> area,
                                            uint64_t offset,
                                            const std::vector<uint8_t>& bytes);
    /// Add per-page windows for [begin, end) of \p area.
    static void AddWindows(std::vector<SanFuzzWindow>& out,
                           Ptr<HostPinnedRegion> area,
                           uint64_t begin,
                           uint64_t end,
                           SanFuzzWindow::Kind kind,
                           const std::string& name);
    /// \param h header \param payload bytes \return the packet's bytes
    static std::vector<uint8_t> Serialize(const HamlynHeader& h,
                                          const std::vector<uint8_t>& payload);

    Ptr<HamlynNetDevice> m_rx;                       //!< device under test
    SanFabricPort* m_senderPort;                     //!< sender's port
    Config m_config;                                 //!< shape
    uint32_t m_keyBits{32};                          //!< device's key length
    std::vector<Ptr<HamlynContext>> m_contexts;      //!< processes A and B
    std::vector<Slot> m_live;                        //!< live slots
    std::vector<Slot> m_revoked;                     //!< revoked slots
    std::vector<Slot> m_released;                    //!< slots over released areas
    std::vector<Ptr<HostPinnedRegion>> m_guardAreas; //!< revoked slots' and released areas
    std::set<uint16_t> m_used;                       //!< slot numbers used
};

} // namespace ns3

#endif /* HAMLYN_PROTECTION_FUZZ_ADAPTER_H */
