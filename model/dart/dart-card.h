/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_CARD_H
#define DART_CARD_H

#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/san-dma-engine.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What DART's parts (DartEngine, DartAddressTranslation, DartActionQueues,
 * DartSendPath, DartReceivePath) ask of the device they sit in: the host it is attached to,
 * the fabric, and the device's traces and drop counters. DartNetDevice implements it; the
 * parts see nothing else of the device.
 */
class DartCard
{
  public:
    virtual ~DartCard() = default;

    /// \return the host's CPU
    virtual Ptr<HostCpu> GetHostCpu() const = 0;
    /// \return the host's I/O bus
    virtual Ptr<HostBus> GetHostIoBus() const = 0;
    /// \return the host DMA engine
    virtual Ptr<SanDmaEngine> GetHostDma() const = 0;
    /// \return the largest multi-cell message's data
    virtual uint32_t GetMaxMessageBytes() const = 0;
    /**
     * \brief Hand a message to the fabric ("PacketTx" trace); aborts if the fabric refuses it.
     * \param dst destination host
     * \param packet the message
     */
    virtual void HandToFabric(uint32_t dst, Ptr<Packet> packet) = 0;
    /**
     * \brief A message was refused: count, log and trace it ("Drop").
     * \param reason a DartNetDevice::DropReason
     * \param packet the message
     * \param srcHost its source host
     */
    virtual void RefuseMessage(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost) = 0;
    /// \param packet a message whose operation completed ("MessageDone" trace)
    virtual void MessageCompleted(Ptr<const Packet> packet) = 0;
    /// \param stage name \param start start \param end end ("Stage" trace)
    virtual void TraceStage(const char* stage, Time start, Time end) = 0;
};

} // namespace ns3

#endif /* DART_CARD_H */
