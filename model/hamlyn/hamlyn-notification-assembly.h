/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_NOTIFICATION_ASSEMBLY_H
#define HAMLYN_NOTIFICATION_ASSEMBLY_H

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An application's pool of notification assembly areas (Hamlyn 1995, section 2.5).
 *
 * Each area holds a 32-bit notification assembly counter, initially zero. Every arriving
 * packet adds its delta field modulo 2^32; when the counter comes back to zero the message (or
 * group of messages) is complete and a notification is due. The area can then be reused: the
 * pool needs as many areas as messages in flight, not as messages sent.
 *
 * (The out-of-band space of an area, used by the Rats protocols, is not modeled here.)
 */
class HamlynNotificationAssembly
{
  public:
    /// \param areas number of areas in the pool
    explicit HamlynNotificationAssembly(uint32_t areas = 0);

    /// \param areas new pool size (counters reset to zero)
    void Resize(uint32_t areas);
    /// \return number of areas
    uint32_t GetNAreas() const;

    /// \param index area index \return true if the pool has that area
    bool Has(uint32_t index) const;

    /**
     * \brief Add a packet's delta to an area's counter (modulo 2^32).
     * \param index area index (must exist: aborts otherwise)
     * \param delta the packet's delta field
     * \return true if the counter is now zero (a notification is due)
     */
    bool Add(uint32_t index, uint32_t delta);

    /// \param index area index \return the counter's value
    uint32_t GetCounter(uint32_t index) const;

    /// \return packets summed so far, all areas
    uint64_t GetPacketsSummed() const;

    /**
     * \brief Store out-of-band bytes that arrived for area \p index (the area's space for
     * higher-level protocols' data, section 2.5).
     * \param index area index
     * \param bytes the bytes
     */
    void SetOutOfBand(uint32_t index, const std::vector<uint8_t>& bytes);
    /// \param index area index \return its out-of-band bytes, which are cleared
    std::vector<uint8_t> TakeOutOfBand(uint32_t index);

  private:
    std::vector<uint32_t> m_counters; //!< one counter per area
    /// Out-of-band bytes of the areas that hold some (few at a time: a vector per area was
    /// most of a Hamlyn host's memory at thousands of hosts, a pool of hundreds of areas each)
    std::unordered_map<uint32_t, std::vector<uint8_t>> m_outOfBand;
    uint64_t m_packets; //!< packets summed
};

} // namespace ns3

#endif /* HAMLYN_NOTIFICATION_ASSEMBLY_H */
