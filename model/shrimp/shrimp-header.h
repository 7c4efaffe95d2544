/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_HEADER_H
#define SHRIMP_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The header of a SHRIMP packet (SHRIMP 1996, section 3.2): the destination address
 * the Packetizing hardware formed from the OPT's destination page and the update's offset,
 * and the sender-specified interrupt flag. Data packets carry the written bytes after it.
 *
 * Layout (8 bytes, ASSUMED: the paper names the fields but not their widths): kind (1 byte),
 * flags (1), data length (2), destination physical address (4, the prototype's 32-bit
 * physical addresses). Two further kinds are the daemons' fence and its echo, which
 * unimport uses to learn that the packets sent before it have been delivered.
 */
class ShrimpHeader : public Header
{
  public:
    /// What the packet is.
    enum Kind : uint8_t
    {
        DATA = 1,       //!< an update: data for the destination address
        FENCE = 2,      //!< the daemon's fence (address: its token)
        FENCE_ECHO = 3, //!< the echo of a fence (address: its token)
        KERNEL = 4      //!< a daemon's message to another node's daemon (address: its port)
    };

    /// Flag: the sender asks for an interrupt at the destination.
    static constexpr uint8_t FLAG_INTERRUPT = 1;
    /// Serialized size.
    static constexpr uint32_t BYTES = 8;

    ShrimpHeader();

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;

    uint8_t kind{DATA};  //!< Kind
    uint8_t flags{0};    //!< FLAG_ bits
    uint16_t length{0};  //!< data bytes after the header
    uint32_t address{0}; //!< destination physical address (or fence token)
};

} // namespace ns3

#endif /* SHRIMP_HEADER_H */
