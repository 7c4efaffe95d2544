/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_HEADER_H
#define SAN_FABRIC_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The fabric's routing header as it appears in pcap traces: source
 * and destination host, the sender's sequence number and the packet's size
 * on the wire. (Inside the simulator the fabric carries these fields in a
 * SanFabricPacket; the header is materialized only when a sniffer listens.)
 */
class SanFabricHeader : public Header
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    SanFabricHeader();

    /// \param src source host
    void SetSource(uint32_t src);
    /// \return source host
    uint32_t GetSource() const;
    /// \param dst destination host
    void SetDestination(uint32_t dst);
    /// \return destination host
    uint32_t GetDestination() const;
    /// \param seq sequence number
    void SetSequence(uint32_t seq);
    /// \return sequence number
    uint32_t GetSequence() const;
    /// \param bytes size on the wire
    void SetWireSize(uint32_t bytes);
    /// \return size on the wire
    uint32_t GetWireSize() const;

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    uint32_t m_src{0};      //!< source host
    uint32_t m_dst{0};      //!< destination host
    uint32_t m_seq{0};      //!< sequence number
    uint32_t m_wireSize{0}; //!< size on the wire
};

} // namespace ns3

#endif /* SAN_FABRIC_HEADER_H */
