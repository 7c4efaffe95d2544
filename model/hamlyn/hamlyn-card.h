/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_CARD_H
#define HAMLYN_CARD_H

#include "hamlyn-cost-model.h"
#include "hamlyn-header.h"

#include "ns3/host-bus.h"
#include "ns3/host-memory.h"
#include "ns3/host-pinned-region.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/san-dma-engine.h"
#include "ns3/san-fabric-port.h"
#include "ns3/san-resource.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What the send and receive paths of a Hamlyn interface (HamlynTransmitter,
 * HamlynReceiver) ask of the device they sit in: what they share (the cost preset, the
 * interface processor and its cycle stealing, the settings and message areas the control
 * plane keeps), the host and fabric, and the device's traces and drop counters.
 * HamlynNetDevice implements it; the paths see nothing else of the device.
 */
class HamlynCard
{
  public:
    virtual ~HamlynCard() = default;

    /// \return true once the device is attached and has a cost preset
    virtual bool IsReady() const = 0;
    /// \return the cost preset
    virtual Ptr<HamlynCostModel> GetCostModel() const = 0;
    /// \return the interface processor
    virtual Ptr<SanResource> GetProcessor() const = 0;
    /**
     * \brief A DMA engine of the card started (+1) or stopped (-1): while any runs, the
     * processor runs at the preset's DmaStealRate (cycle stealing, Hamlyn Table 4 note c).
     * \param delta +1 or -1
     */
    virtual void DmaActivity(int delta) = 0;
    /// \return payload bytes per packet ("PacketSize", read at each use)
    virtual uint32_t GetPacketSize() const = 0;
    /// \return the key length ("KeyBits", read at each use)
    virtual uint32_t GetKeyBits() const = 0;
    /// \param id area id \return the area, or nullptr if released or unknown
    virtual Ptr<HostPinnedRegion> GetMessageArea(uint32_t id) const = 0;

    /// \return the host's I/O bus
    virtual Ptr<HostBus> GetHostIoBus() const = 0;
    /// \return the host's memory
    virtual Ptr<HostMemory> GetHostMemory() const = 0;
    /// \return the host DMA engine
    virtual Ptr<SanDmaEngine> GetHostDma() const = 0;
    /// \return the fabric port
    virtual SanFabricPort* GetPort() const = 0;
    /// \return this host's number in the fabric
    virtual uint32_t GetSourceHost() const = 0;

    /**
     * \brief Count, log and trace a refused packet ("Drop").
     * \param reason a HamlynNetDevice::DropReason
     * \param packet the packet
     * \param srcHost its source host
     */
    virtual void RefusePacket(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost) = 0;
    /// \param stage name \param start start \param end end ("Stage" trace)
    virtual void TraceStage(const char* stage, Time start, Time end) = 0;
    /// \param header a packet handed to the fabric \param payload its bytes ("PacketTx")
    virtual void TracePacketSent(const HamlynHeader& header, uint32_t payload) = 0;
    /// \param header a packet whose payload landed \param payload its bytes ("PacketRx")
    virtual void TracePacketDelivered(const HamlynHeader& header, uint32_t payload) = 0;
    /// \param app application \param area notification area ("Notification")
    virtual void TraceNotification(uint32_t app, uint64_t area) = 0;
    /// \param terminus terminus \param handle request handle ("SendComplete")
    virtual void TraceSendComplete(uint32_t terminus, uint64_t handle) = 0;
    /// \param terminus terminus \param handle request handle ("RequestReject")
    virtual void TraceRequestReject(uint32_t terminus, uint64_t handle) = 0;
};

} // namespace ns3

#endif /* HAMLYN_CARD_H */
