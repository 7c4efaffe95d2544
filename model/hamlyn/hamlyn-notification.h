/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_NOTIFICATION_H
#define HAMLYN_NOTIFICATION_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A Hamlyn notification-queue entry (section 2.5) as the device writes it into host
 * memory: which assembly area completed, the slot and sender of the packet that completed it,
 * the entry's number, and the out-of-band bytes that arrived with the message (the space "used
 * by higher-level protocols for out-of-band data" in the notification area, section 2.5; Rats'
 * tagged write carries its tag there).
 *
 * Layout (big-endian): area 2, slot 2, terminus 2, out-of-band length 1, reserved 1, node 4,
 * sequence 4, then the out-of-band bytes. The ring holds MAX_BYTES per entry; the device DMAs
 * FIXED_BYTES + the out-of-band length.
 */
struct HamlynNotification
{
    /// Bytes of the fixed part.
    static constexpr uint32_t FIXED_BYTES = 16;
    /// Out-of-band bytes a notification area holds (assumed: the paper gives no size; Rats'
    /// largest use is the tagged write's 4-byte tag).
    static constexpr uint32_t MAX_OUT_OF_BAND = 16;
    /// Bytes of one ring entry.
    static constexpr uint32_t MAX_BYTES = FIXED_BYTES + MAX_OUT_OF_BAND;

    uint16_t area{0};               //!< notification assembly area whose counter reached zero
    uint16_t slot{0};               //!< slot of the packet that completed it
    uint32_t node{0};               //!< sending node of that packet
    uint16_t terminus{0};           //!< sending terminus of that packet
    uint32_t sequence{0};           //!< entry number in its queue
    std::vector<uint8_t> outOfBand; //!< out-of-band bytes (at most MAX_OUT_OF_BAND)

    /// \return bytes the device writes for this entry
    uint32_t GetWireBytes() const;
    /// \param out MAX_BYTES bytes to fill
    void Serialize(uint8_t* out) const;
    /// \param in MAX_BYTES bytes read from the ring \return the entry
    static HamlynNotification Deserialize(const uint8_t* in);
};

} // namespace ns3

#endif /* HAMLYN_NOTIFICATION_H */
