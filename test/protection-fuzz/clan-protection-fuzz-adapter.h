/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_PROTECTION_FUZZ_ADAPTER_H
#define CLAN_PROTECTION_FUZZ_ADAPTER_H

#include "san-protection-fuzzer.h"

#include "ns3/clan-net-device.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The CLAN NIC's adapter for the shared protection fuzzer (SanProtectionFuzzer), for a
 * ClanNetDevice with "ReceiveCheck" on (without it the paper's NIC admits any write to any
 * memory: there is nothing to fuzz).
 *
 * The receiver (Prepare): region A, exported whole; region B, of which only a middle part is
 * exported; region C, never exported; region D, whose aperture has been destroyed. The
 * exported parts are DATA windows, C and D GUARD windows, the driver's mailbox ring a GUARD
 * window too (no case sends a valid out-of-band record: the driver's demultiplexing drops have
 * no packet and could not be matched), the Tripwire bitmap SCRATCH. A READ | REMOTE Tripwire
 * over all four regions counts the read requests the NIC serves, since a served read writes
 * nothing: GetNDelivered() is the writes on the device's "Write" trace (the fabric here does
 * not split, so one per packet) plus the Tripwire's firings.
 *
 * Every case forges CLAN packets from their bytes (ClanHeader's layout) and knows its fate:
 * writes inside an aperture land; writes that straddle an aperture's ends, fall in unexported,
 * revoked memory or the mailbox ring's host address are NOT_EXPORTED; writes outside memory or
 * off a region's end NO_MEMORY; a mailbox record longer than its 48 bytes, an unknown type, a
 * packet shorter than its header, a bad read request MALFORMED; read requests are served
 * (delivered), refused (NOT_EXPORTED, NO_MEMORY); read replies nobody waits for are
 * UNKNOWN_REPLY. NO_ENDPOINT and MAILBOX_FULL are the driver's and are tested elsewhere (suite
 * san-clan-sync). "A piece outside its packet" needs a faulty fabric: not reachable here.
 */
class ClanProtectionFuzzAdapter : public SanProtectionFuzzAdapter
{
  public:
    /// The cases.
    enum Case : uint32_t
    {
        WRITE_INSIDE = 0,     //!< inside an aperture: lands
        WRITE_STRADDLE_END,   //!< from inside an aperture past its end
        WRITE_STRADDLE_START, //!< from before an aperture into it
        WRITE_UNEXPORTED,     //!< memory never exported
        WRITE_REVOKED,        //!< memory whose aperture was destroyed
        WRITE_MAILBOX_RING,   //!< the mailbox ring's host address (kernel memory)
        WRITE_NO_MEMORY,      //!< no memory at the address
        WRITE_PAST_REGION,    //!< from the end of an exported region into no memory
        MAILBOX_TOO_LONG,     //!< a mailbox record running past its 48 bytes
        BAD_TYPE,             //!< the unused packet type
        TRUNCATED,            //!< shorter than any header
        TRUNCATED_REQUEST,    //!< a read request's type, shorter than its header
        BAD_REQUEST,          //!< a read request with data, or of no or too many bytes
        READ_INSIDE,          //!< a read request inside an aperture: served
        READ_UNEXPORTED,      //!< a read request outside the apertures
        READ_NO_MEMORY,       //!< a read request outside memory
        UNKNOWN_REPLY,        //!< a read reply for no load
        N_CASES               //!< count
    };

    /**
     * \param receiver the device under test (attached, ReceiveCheck on)
     * \param senderPort another host's fabric port (null: inject directly only)
     */
    ClanProtectionFuzzAdapter(Ptr<ClanNetDevice> receiver, SanFabricPort* senderPort);

    /// \return the drop reasons some case provokes
    static std::vector<uint32_t> GetFuzzedReasons();

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

  private:
    /// An exported range.
    struct Range
    {
        uint64_t base; //!< first byte
        uint64_t size; //!< bytes
    };

    /// \param type type byte \param address the address field \param data bytes after the
    /// 8-byte header \return the packet
    static Ptr<Packet> Raw(uint8_t type, uint64_t address, const std::vector<uint8_t>& data);
    /// \param rng stream \param n bytes \return random bytes
    static std::vector<uint8_t> Bytes(Ptr<UniformRandomVariable> rng, uint32_t n);
    /// \param address where \param len bytes \param rng stream \return a read request
    static Ptr<Packet> Request(uint64_t address, uint32_t len, Ptr<UniformRandomVariable> rng);
    /// \param r a range \param rng stream \param maxLen longest \param[out] len its length
    /// \return an address with [address, +len) inside \p r
    static uint64_t Inside(const Range& r,
                           Ptr<UniformRandomVariable> rng,
                           uint32_t maxLen,
                           uint32_t& len);

    Ptr<ClanNetDevice> m_rx;              //!< device under test
    SanFabricPort* m_sender;              //!< where fabric packets leave
    std::vector<Range> m_exported;        //!< apertures (DATA windows)
    Range m_regionA{0, 0};                //!< exported whole
    Range m_regionB{0, 0};                //!< exported in part
    Range m_private{0, 0};                //!< never exported
    Range m_revoked{0, 0};                //!< aperture destroyed
    Range m_mailbox{0, 0};                //!< the driver's ring
    Range m_bits{0, 0};                   //!< the Tripwire bitmap
    uint32_t m_readTripwire{0};           //!< counts served reads
    uint64_t m_writes{0};                 //!< "Write" trace events
    uint32_t m_maxRead{0};                //!< longest read request
    std::vector<SanFuzzWindow> m_windows; //!< for the fuzzer
};

} // namespace ns3

#endif /* CLAN_PROTECTION_FUZZ_ADAPTER_H */
