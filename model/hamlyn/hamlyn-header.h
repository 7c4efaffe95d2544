/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_HEADER_H
#define HAMLYN_HEADER_H

#include "ns3/header.h"
#include "ns3/packet.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The Hamlyn packet header (Hamlyn 1995, sections 2.2-2.5 and Figure 1).
 *
 * Every packet of a segmented message carries its own destination so that packets can be
 * placed in any order: the slot (16 bits: the protocol addresses 2^16 slots, section 2.4), the
 * byte offset into the slot's message area, the protection key (32 or 64 bits, section 2.2),
 * the delta field (32 bits, summed modulo 2^32 into a notification assembly counter, section
 * 2.5), the index of the notification assembly area, and the sender (node and send terminus).
 *
 * Wire layout (network byte order):
 * \verbatim
 *   flags      1   bit 0: the key is 64 bits long
 *   reserved   1
 *   slot       2
 *   notify     2   notification assembly area index; NO_NOTIFY: no notification
 *   terminus   2   sending terminus
 *   source     4   sending node (fabric host index)
 *   offset     4   byte offset of the payload in the slot
 *   delta      4
 *   key        4 or 8
 * \endverbatim
 * 24 bytes with a 32-bit key, 28 with a 64-bit key. The header travels in the fabric packet's
 * payload and its bytes count toward the wire size (its link time is part of the constants of
 * Tables 3 and 4: see HamlynCostModel).
 */
class HamlynHeader : public Header
{
  public:
    /// Notification area index meaning "this packet takes part in no notification".
    static constexpr uint16_t NO_NOTIFY = 0xffff;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    HamlynHeader();

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /// \param keyBits 32 or 64
    /// \return the serialized size of a header with a key of that length
    static uint32_t SizeForKeyBits(uint32_t keyBits);

    /// \param slot destination slot
    void SetSlot(uint16_t slot);
    /// \return destination slot
    uint16_t GetSlot() const;
    /// \param offset byte offset in the slot
    void SetOffset(uint32_t offset);
    /// \return byte offset in the slot
    uint32_t GetOffset() const;
    /**
     * \param key protection key
     * \param keyBits 32 or 64 (a 32-bit key must fit in 32 bits)
     */
    void SetKey(uint64_t key, uint32_t keyBits = 32);
    /// \return protection key
    uint64_t GetKey() const;
    /// \return key length in bits (32 or 64)
    uint32_t GetKeyBits() const;
    /// \param delta delta field (added modulo 2^32)
    void SetDelta(uint32_t delta);
    /// \return delta field
    uint32_t GetDelta() const;
    /// \param index notification assembly area index (NO_NOTIFY: none)
    void SetNotifyIndex(uint16_t index);
    /// \return notification assembly area index
    uint16_t GetNotifyIndex() const;
    /// \param node sending node (fabric host index)
    void SetSourceNode(uint32_t node);
    /// \return sending node
    uint32_t GetSourceNode() const;
    /// \param terminus sending terminus
    void SetSourceTerminus(uint16_t terminus);
    /// \return sending terminus
    uint16_t GetSourceTerminus() const;

    /**
     * \brief Out-of-band bytes for the receiver's notification area (Hamlyn section 2.5): they
     * travel after the fixed header and are counted on the wire.
     * \param bytes at most MAX_OUT_OF_BAND bytes (aborts otherwise)
     */
    void SetOutOfBand(const std::vector<uint8_t>& bytes);
    /// \return the out-of-band bytes
    const std::vector<uint8_t>& GetOutOfBand() const;

    /// Out-of-band bytes one packet can carry (HamlynNotification::MAX_OUT_OF_BAND).
    static constexpr uint32_t MAX_OUT_OF_BAND = 16;

    /**
     * \brief Check that \p packet starts with a well-formed header: long enough for its key
     * length and its out-of-band bytes.
     * \param packet the packet
     * \return true if RemoveHeader() may be used on it
     */
    static bool IsWellFormed(Ptr<const Packet> packet);

  private:
    uint16_t m_slot;                  //!< destination slot
    uint32_t m_offset;                //!< offset in the slot
    uint64_t m_key;                   //!< protection key
    bool m_longKey;                   //!< 64-bit key
    uint32_t m_delta;                 //!< delta field
    uint16_t m_notifyIndex;           //!< notification assembly area
    uint32_t m_sourceNode;            //!< sending node
    uint16_t m_terminus;              //!< sending terminus
    std::vector<uint8_t> m_outOfBand; //!< out-of-band bytes
};

} // namespace ns3

#endif /* HAMLYN_HEADER_H */
