/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_HEADER_H
#define CLAN_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The header of a CLAN packet (Riddoch et al. 1999, section 2.2).
 *
 * "A write packet header simply contains a destination address, and is followed by the burst
 * data. The length of the burst is not encoded in the header": a WRITE is 8 bytes of header,
 * then the data, and the fabric may split it at any word (the address of every later word is
 * the header's plus its offset) or coalesce it again. The paper gives no layout; this one is
 * the model's: one byte of type and flags, one reserved, six of address (a 48-bit bus address
 * at the destination host; the host itself is the fabric's routing).
 *
 * Reads are "a request and a reply": a READ_REQUEST adds the length wanted and the requester's
 * tag (16 bytes in all); the READ_REPLY is a write burst whose address field carries the tag,
 * so the requesting NIC can match it to the waiting load.
 */
class ClanHeader : public Header
{
  public:
    /// Packet types.
    enum Type : uint8_t
    {
        WRITE = 0,        //!< a write burst to the address
        READ_REQUEST = 1, //!< read Length bytes at the address, answer with Tag
        READ_REPLY = 2,   //!< the data of a read, for Tag
    };

    /// Bytes of a WRITE or READ_REPLY header.
    static constexpr uint32_t WRITE_BYTES = 8;
    /// Bytes of a READ_REQUEST header.
    static constexpr uint32_t REQUEST_BYTES = 16;
    /// Largest address the header carries.
    static constexpr uint64_t MAX_ADDRESS = (uint64_t(1) << 48) - 1;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    ClanHeader();

    /// \return the type
    Type GetType() const;
    /// \param type the type
    void SetType(Type type);
    /// \return the destination address (WRITE, READ_REQUEST) or the tag (READ_REPLY)
    uint64_t GetAddress() const;
    /// \param address the address (at most MAX_ADDRESS; aborts otherwise)
    void SetAddress(uint64_t address);
    /// \return true if the burst came from the sender's DMA engine (not processor stores)
    bool IsDma() const;
    /// \param dma the burst came from the DMA engine
    void SetDma(bool dma);
    /// \return READ_REQUEST: bytes wanted
    uint32_t GetLength() const;
    /// \param length READ_REQUEST: bytes wanted
    void SetLength(uint32_t length);
    /// \return READ_REQUEST: the requester's tag
    uint32_t GetTag() const;
    /// \param tag READ_REQUEST: the requester's tag
    void SetTag(uint32_t tag);

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    Type m_type{WRITE};    //!< type
    bool m_dma{false};     //!< from the DMA engine
    uint64_t m_address{0}; //!< address or tag
    uint32_t m_length{0};  //!< request length
    uint32_t m_tag{0};     //!< request tag
};

} // namespace ns3

#endif /* CLAN_HEADER_H */
