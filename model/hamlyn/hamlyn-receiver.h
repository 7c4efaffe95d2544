/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_RECEIVER_H
#define HAMLYN_RECEIVER_H

#include "hamlyn-header.h"
#include "hamlyn-slot-table.h"

#include "ns3/host-pinned-region.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <cstdint>
#include <memory>

namespace ns3
{

class HamlynNetDevice;

/**
 * \ingroup san
 * \brief The receive path of a HamlynNetDevice.
 *
 * Every packet's header is checked by the processor (Tables 3 and 4 "link to interface"; on a
 * store-and-forward card once the whole packet is there, on a cut-through one once the
 * header's bytes are). The slot is looked up (a slot-cache miss first fetches the descriptor
 * over the host bus); an unknown slot, a wrong key, an offset range outside the slot, a
 * released area, an unknown notification area or a malformed header drops the packet
 * (SanNicDevice::Drop) and nothing is written. Otherwise the payload is deposited by the host
 * DMA engine (after the processor's DMA setup on the LANai; streamed behind the arriving data
 * on a cut-through card), its out-of-band bytes go to the notification area, and its delta is
 * summed; a counter back at zero makes the processor write a notification entry into the
 * application's event queue in host memory.
 *
 * Revocation: when a deposit ends, the slot definition and the area it was admitted under
 * must still exist; otherwise it is cut off (REVOKED) and nothing lands.
 */
class HamlynReceiver
{
  public:
    /// \param device the device whose receive path this is
    explicit HamlynReceiver(HamlynNetDevice* device);

    /**
     * \brief A whole packet is on the card (store-and-forward presets, and tests).
     * \param packet Hamlyn header + payload
     * \param srcNode its source host
     */
    void Receive(Ptr<const Packet> packet, uint32_t srcNode);

    /**
     * \brief A packet's head is on the card (cut-through presets).
     * \param packet Hamlyn header + payload
     * \param srcNode its source host
     * \param tailArrival when its tail will be on the card
     */
    void Head(Ptr<const Packet> packet, uint32_t srcNode, Time tailArrival);

  private:
    /// A packet being received.
    struct RxPacket
    {
        HamlynHeader header;        //!< its header
        Ptr<Packet> data;           //!< its payload
        Ptr<const Packet> packet;   //!< as it arrived (drop traces)
        uint32_t src{0};            //!< source host
        Time arrival;               //!< when it reached the card
        Time tailArrival;           //!< when its tail is on the card
        HamlynSlot slot;            //!< the slot it was admitted under
        Ptr<HostPinnedRegion> area; //!< that slot's message area
        bool linkInOpen{false};     //!< the inbound DMA still steals from its header check
    };

    typedef std::shared_ptr<RxPacket> RxPtr; //!< shared by the steps that handle it

    /// \return the packet split, or null (dropped as malformed)
    RxPtr Parse(Ptr<const Packet> packet, uint32_t srcNode);
    /// The header is checked: look the slot up.
    void CheckSlot(RxPtr rx);
    /// The descriptor is on the card: admit or drop, then deposit.
    void Admit(RxPtr rx);
    /// \return N_DROP_REASONS if admitted, else why not
    uint32_t CheckAdmission(RxPtr rx) const;
    /// The deposit's DMA has ended: land the bytes unless revoked.
    void Land(RxPtr rx, Time start);
    /// The payload is in host memory: out-of-band bytes, delta, notification.
    void Landed(RxPtr rx);

    HamlynNetDevice* m_dev; //!< the device
};

} // namespace ns3

#endif /* HAMLYN_RECEIVER_H */
