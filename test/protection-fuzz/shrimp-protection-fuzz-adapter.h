/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_PROTECTION_FUZZ_ADAPTER_H
#define SHRIMP_PROTECTION_FUZZ_ADAPTER_H

#include "san-protection-fuzzer.h"

#include "ns3/shrimp-net-device.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief SHRIMP's adapter for the shared protection fuzzer (SanProtectionFuzzer): rogue
 * packets at a receiver whose Incoming Page Table enables some pages (exported buffers) and
 * not others (a private page, a revoked page). Only packets for enabled pages, whole inside
 * their page, may land; a disabled page freezes the datapath and is dropped by the driver;
 * malformed and misaddressed packets are dropped at once.
 */
class ShrimpProtectionFuzzAdapter : public SanProtectionFuzzAdapter
{
  public:
    /// Packet cases.
    enum Case : uint32_t
    {
        WRITE_ENABLED,   //!< data inside an enabled page: lands
        WRITE_CROSSING,  //!< data past its page's end
        WRITE_PRIVATE,   //!< data for a page never enabled
        WRITE_REVOKED,   //!< data for a page enabled then disabled (unexported)
        WRITE_NO_MEMORY, //!< an address outside memory
        LENGTH_MISMATCH, //!< the header's length disagrees with the packet
        EMPTY_DATA,      //!< a data packet without data
        TRUNCATED,       //!< shorter than a header
        BAD_KIND,        //!< an unknown kind
        FENCE_WITH_DATA, //!< a fence carrying bytes
        N_CASES
    };

    /// \param receiver the device attacked \param senderPort another host's fabric port
    ShrimpProtectionFuzzAdapter(Ptr<ShrimpNetDevice> receiver, SanFabricPort* senderPort);

    /// \return the drop reasons the cases exercise
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
    /// A page-aligned range of the receiver's memory.
    struct Range
    {
        uint64_t base; //!< first byte
        uint64_t size; //!< bytes
    };

    /// \return the raw bytes of a packet
    static Ptr<Packet> Raw(uint8_t kind,
                           uint16_t length,
                           uint32_t address,
                           const std::vector<uint8_t>& data);
    /// \return a page-aligned range of \p pages pages inside a new region
    Range AllocatePages(uint32_t pages);

    Ptr<ShrimpNetDevice> m_rx;            //!< the receiver
    SanFabricPort* m_sender;              //!< the rogue sender's port
    uint32_t m_page{4096};                //!< page size
    std::vector<Range> m_enabled;         //!< exported buffers
    Range m_private{0, 0};                //!< never enabled
    Range m_revoked{0, 0};                //!< enabled then disabled
    std::vector<SanFuzzWindow> m_windows; //!< windows, by address
};

} // namespace ns3

#endif /* SHRIMP_PROTECTION_FUZZ_ADAPTER_H */
