/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_RECEIVER_H
#define HAMLYN_RECEIVER_H

#include "hamlyn-card.h"
#include "hamlyn-header.h"
#include "hamlyn-notification-assembly.h"
#include "hamlyn-slot-table.h"

#include "ns3/host-pinned-region.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/san-event-queue.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

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
    /**
     * \param card the device whose receive path this is
     * \param slots the slot table (the device's control plane defines and revokes slots)
     */
    HamlynReceiver(HamlynCard& card, HamlynSlotTable& slots);

    /**
     * \brief Deliver to a receiving application from now on.
     * \param queue its notification queue in host memory
     * \param notifyAreas notification assembly areas in its pool
     * \return the application id
     */
    uint32_t AddApplication(Ptr<SanEventQueue> queue, uint32_t notifyAreas);
    /// \return receiving applications
    uint32_t GetNApplications() const;
    /// \param app application id \return its notification queue
    Ptr<SanEventQueue> GetNotificationQueue(uint32_t app) const;
    /// \param app application id \return its notification assembly areas
    const HamlynNotificationAssembly& GetNotificationAssembly(uint32_t app) const;
    /// \brief The device is disposed: forget the applications.
    void Dispose();

    /// \param bytes fetched over the host bus on a slot-cache miss ("SlotDescriptorBytes")
    void SetSlotDescriptorBytes(uint32_t bytes);
    /// \return bytes fetched on a slot-cache miss
    uint32_t GetSlotDescriptorBytes() const;

    /// \return packets whose payload reached host memory
    uint64_t GetNPacketsDelivered() const;
    /// \return notification entries written
    uint64_t GetNNotifications() const;
    /// \return notification entries lost to full queues
    uint64_t GetNNotificationsLost() const;

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
    /// A receiving application.
    struct Application
    {
        Ptr<SanEventQueue> queue;            //!< its notification queue
        HamlynNotificationAssembly assembly; //!< its notification assembly areas
    };

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

    /// \param app an application id (aborts if there is none)
    void CheckApplication(uint32_t app) const;

    HamlynCard& m_dev;                  //!< the device
    HamlynSlotTable& m_slots;           //!< slot table
    std::vector<Application> m_apps;    //!< receiving applications
    uint32_t m_slotDescriptorBytes{16}; //!< "SlotDescriptorBytes"
    uint64_t m_delivered{0};            //!< packets delivered
    uint64_t m_notifications{0};        //!< notification entries written
    uint64_t m_notificationsLost{0};    //!< notification entries lost
};

} // namespace ns3

#endif /* HAMLYN_RECEIVER_H */
