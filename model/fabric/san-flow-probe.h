/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FLOW_PROBE_H
#define SAN_FLOW_PROBE_H

namespace ns3
{

class SanFabricPacket;

/**
 * \ingroup san
 * \brief What a fabric tells of every packet its hosts send and receive, through a plain C++
 * interface (one pointer per fabric, none per host, no Callback on the hot path).
 * SanFlowMonitor is one; SanFabric::SetFlowProbe installs it.
 */
class SanFlowProbe
{
  public:
    virtual ~SanFlowProbe() = default;
    /// A host handed a packet to the fabric (it was accepted). \param p the packet
    virtual void PacketSent(const SanFabricPacket& p) = 0;
    /**
     * A packet, or a piece of a split burst when the host takes pieces as they land, was
     * handed up at its destination (SanFabricPacket::IsPiece tells which).
     * \param p the packet or piece (recycled as soon as this returns)
     */
    virtual void PacketDelivered(const SanFabricPacket& p) = 0;
};

} // namespace ns3

#endif /* SAN_FLOW_PROBE_H */
