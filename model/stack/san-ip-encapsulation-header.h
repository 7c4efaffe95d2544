/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_IP_ENCAPSULATION_HEADER_H
#define SAN_IP_ENCAPSULATION_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The link header an IP packet carries over a san fabric: its protocol number and
 * length, in a header of a configurable size so that it occupies what the emulated
 * encapsulation occupies (ATM LAN Emulation: 2 bytes of LEC ID and a 14-byte Ethernet header,
 * 16 bytes). The rest of the header is zero.
 */
class SanIpEncapsulationHeader : public Header
{
  public:
    /// Smallest size: the protocol and the length fields.
    static constexpr uint32_t MIN_SIZE = 4;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \param size header bytes on the wire (>= MIN_SIZE)
    explicit SanIpEncapsulationHeader(uint32_t size = MIN_SIZE);

    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;

    /// \param protocol the payload's protocol number
    void SetProtocol(uint16_t protocol);
    /// \return the payload's protocol number
    uint16_t GetProtocol() const;
    /// \param length payload bytes (before any padding or trailer)
    void SetPayloadLength(uint16_t length);
    /// \return payload bytes
    uint16_t GetPayloadLength() const;

  private:
    uint32_t m_size;        //!< bytes on the wire
    uint16_t m_protocol{0}; //!< payload protocol
    uint16_t m_length{0};   //!< payload bytes
};

} // namespace ns3

#endif /* SAN_IP_ENCAPSULATION_HEADER_H */
