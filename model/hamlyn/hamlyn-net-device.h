/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_NET_DEVICE_H
#define HAMLYN_NET_DEVICE_H

#include "hamlyn-card.h"
#include "hamlyn-cost-model.h"
#include "hamlyn-header.h"
#include "hamlyn-notification-assembly.h"
#include "hamlyn-notification.h"
#include "hamlyn-receiver.h"
#include "hamlyn-send-terminus.h"
#include "hamlyn-slot-table.h"
#include "hamlyn-transmitter.h"

#include "ns3/host-pinned-region.h"
#include "ns3/san-event-queue.h"
#include "ns3/san-nic-device.h"
#include "ns3/san-resource.h"
#include "ns3/traced-callback.h"

#include <map>
#include <vector>

namespace ns3
{

class HamlynContext;

/**
 * \ingroup san
 * \brief The Hamlyn network interface (Hamlyn 1995): sender-based memory management with
 * message areas, slots and protection keys, send termini with direct I/O and DMA, packet-
 * counting notification, out-of-order reassembly.
 *
 * This class is the device shell and its control plane (what the paper's OS does when it sets
 * up applications, message areas, slots and termini). The send path, HamlynTransmitter, owns
 * the send termini and their completion words, the send buffers and the outbound link; the
 * receive path, HamlynReceiver, owns the receiving applications (notification queues and
 * assembly areas). Both see the device only through the narrow HamlynCard interface: the cost
 * preset, the interface processor and its cycle stealing (shared by both paths), the settings
 * and message areas, the host, the fabric port and the traces. The NIC layer (SanNicDevice)
 * gives it the host, the fabric port, the host DMA engine, the drop counters and the "Drop" and
 * "Stage" traces.
 *
 * A process uses the device through a HamlynContext (OpenContext()): its notification queue
 * and assembly areas, its send terminus, its message areas and its slots.
 *
 * Resources (everything that takes time is a step on a SanResource):
 * - "the processor" (the LANai 3 in the prototype, or the projected state machine): header
 *   checks, packet sends, DMA starts, notifications, with costs from the HamlynCostModel preset;
 * - the host DMA engine (SanNicDevice::GetDmaEngine) over the host's I/O bus;
 * - the outbound link engine, which holds a send buffer while a packet serializes;
 * - "SendBuffers" packet buffers in the card's SRAM.
 *
 * Protection: an incoming packet with an unknown slot, a wrong key, an offset range outside the
 * slot, a released message area, an unknown notification area or a malformed header is dropped
 * (SanNicDevice::Drop with a DropReason), and nothing reaches host memory. A deposit admitted
 * before its slot was revoked or its area released is cut off when it would land (REVOKED):
 * after RevokeSlot() or ReleaseMessageArea() returns, no byte lands in that memory.
 */
class HamlynNetDevice : public SanNicDevice, private HamlynCard
{
  public:
    /// Why an incoming packet was dropped (SanNicDevice's reason codes for Hamlyn).
    enum DropReason : uint8_t
    {
        UNKNOWN_SLOT = 0,        //!< the slot is not defined (or was revoked)
        BAD_KEY = 1,             //!< the protection key does not match the slot's
        OUT_OF_RANGE = 2,        //!< offset + length falls outside the slot's window
        UNKNOWN_AREA = 3,        //!< the slot's message area was released
        UNKNOWN_NOTIFY_AREA = 4, //!< no such notification assembly area
        MALFORMED = 5,           //!< too short for a Hamlyn header
        REVOKED = 6,             //!< admitted, but the slot or area went away before it landed
        N_DROP_REASONS = 7       //!< number of reasons
    };

    /**
     * TracedCallback signature for packets sent or delivered.
     * \param [in] header the packet's header
     * \param [in] payload payload bytes
     */
    typedef void (*PacketTracedCallback)(const HamlynHeader& header, uint32_t payload);

    /**
     * TracedCallback signature for notifications and send completions.
     * \param [in] id application (notifications) or terminus (sends)
     * \param [in] value notification area (notifications) or request handle (sends)
     */
    typedef void (*EventTracedCallback)(uint32_t id, uint64_t value);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HamlynNetDevice();
    ~HamlynNetDevice() override;

    /// \param model the cost preset (replaces the "CostModel" attribute)
    void SetCostModel(Ptr<HamlynCostModel> model);
    /// \return the cost preset
    Ptr<HamlynCostModel> GetCostModel() const;
    /// \param slots slots held on the card (> 0); empties the slot cache
    void SetSlotCacheSize(uint32_t slots);
    /// \return slots held on the card
    uint32_t GetSlotCacheSize() const;

    /**
     * \brief Open a process's context: an application (notification queue and \p notifyAreas
     * assembly areas) and a send terminus.
     * \param notifyAreas notification assembly areas (< 65535)
     * \param priority the terminus' priority (0: plain round-robin)
     * \return the context
     */
    Ptr<HamlynContext> OpenContext(uint32_t notifyAreas, uint32_t priority = 0);

    // ---- control plane -------------------------------------------------------------------

    /**
     * \brief Register a receiving application: its notification queue ("NotificationQueue
     * Entries" entries in host memory) and a pool of notification assembly areas.
     * \param notifyAreas notification assembly areas in its pool (< 65535)
     * \return the application id
     */
    uint32_t AddApplication(uint32_t notifyAreas);
    /// \param app application id \return its notification queue
    Ptr<SanEventQueue> GetNotificationQueue(uint32_t app) const;
    /// \param app application id \return its notification assembly areas
    const HamlynNotificationAssembly& GetNotificationAssembly(uint32_t app) const;

    /**
     * \brief Allocate a message area of \p size bytes in host memory ("PageSize" pages).
     * \param size bytes (> 0)
     * \return the area id
     */
    uint32_t CreateMessageArea(uint64_t size);
    /// \param id area id \return the area, or nullptr if released or unknown
    Ptr<HostPinnedRegion> GetMessageArea(uint32_t id) const;
    /// \brief Release an area: packets for slots over it are dropped (UNKNOWN_AREA), and
    /// deposits in flight are cut off (REVOKED). \param id area id
    void ReleaseMessageArea(uint32_t id);

    /**
     * \brief Define slot \p slot: window [base, limit) of area \p area, guarded by \p key,
     * owned by application \p app. Aborts on bad arguments.
     * \param slot slot number
     * \param app owning application
     * \param area message area id
     * \param base first byte of the window
     * \param limit one past the last byte
     * \param key protection key (fits "KeyBits")
     */
    void DefineSlot(uint16_t slot,
                    uint32_t app,
                    uint32_t area,
                    uint64_t base,
                    uint64_t limit,
                    uint64_t key);
    /// \brief Revoke a slot: later packets are dropped (UNKNOWN_SLOT), deposits in flight are
    /// cut off (REVOKED). \param slot slot to revoke
    void RevokeSlot(uint16_t slot);
    /// \return the slot table
    const HamlynSlotTable& GetSlotTable() const;

    /**
     * \brief Create a send terminus ("WorkQueueEntries" entries).
     * \param priority served before lower priorities (0: plain round-robin)
     * \return the terminus
     */
    Ptr<HamlynSendTerminus> CreateTerminus(uint32_t priority = 0);
    /// \param id terminus id \return the terminus (aborts if unknown)
    Ptr<HamlynSendTerminus> GetTerminus(uint16_t id) const;
    /// \return the number of termini
    uint32_t GetNTermini() const;
    /// \param terminus terminus id \return host address of its completion word
    uint64_t GetCompletionWordAddress(uint16_t terminus) const;
    /// \param terminus terminus id \return bytes of its completion word (as created)
    uint32_t GetCompletionWordBytes(uint16_t terminus) const;

    /**
     * \brief Hand the device a packet as if it came from the fabric (tests deliver packets in
     * any order this way).
     * \param packet Hamlyn header + payload
     * \param srcNode sending fabric host
     */
    void Receive(Ptr<const Packet> packet, uint32_t srcNode);

    // ---- statistics ----------------------------------------------------------------------

    using SanNicDevice::GetNDropped;
    /// \param reason a reason \return packets dropped for it
    uint64_t GetNDropped(DropReason reason) const;
    /// \return packets handed to the fabric
    uint64_t GetNPacketsSent() const;
    /// \return packets whose payload reached host memory
    uint64_t GetNPacketsDelivered() const;
    /// \return notification entries written (entries lost to a full queue are not counted)
    uint64_t GetNNotifications() const;
    /// \return notification entries lost to full queues
    uint64_t GetNNotificationsLost() const;
    /// \return DMA requests refused (bad area, offset or length)
    uint64_t GetNRequestsRejected() const;
    /// \return the interface processor
    Ptr<SanResource> GetProcessor() const;
    /// \return the header length on the wire (without out-of-band bytes)
    uint32_t GetHeaderSize() const;
    /// \return payload bytes per packet ("PacketSize")
    uint32_t GetPacketSize() const;
    /// \param bits the key length, 32 or 64 ("KeyBits"; anything else stops with a message)
    void SetKeyBits(uint32_t bits);
    /// \return the key length ("KeyBits")
    uint32_t GetKeyBits() const;
    /**
     * \brief Why this interface could never send \p request (HamlynSendTerminus::Post asks
     * it): a destination host the fabric lacks, an offset whose message passes 2^32, a key
     * wider than KeyBits, too many out-of-band bytes, or a packet the fabric cannot carry.
     * Settings are read now, so a Config::Set of PacketSize or KeyBits counts from then on.
     * \param request a request
     * \return "" if it can be sent, else one line saying why not
     */
    std::string GetRequestError(const HamlynSendRequest& request) const;

  protected:
    void DoDispose() override;
    void NotifyAttached() override;
    void ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost) override;
    void HeadFromFabric(Ptr<const Packet> packet, uint32_t srcHost, Time tailArrival) override;

  private:
    // HamlynCard: what the send and receive paths ask of the device.
    bool IsReady() const override;
    void DmaActivity(int delta) override;
    Ptr<HostBus> GetHostIoBus() const override;
    Ptr<HostMemory> GetHostMemory() const override;
    Ptr<SanDmaEngine> GetHostDma() const override;
    SanFabricPort* GetPort() const override;
    uint32_t GetSourceHost() const override;
    void RefusePacket(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost) override;
    void TraceStage(const char* stage, Time start, Time end) override;
    void TracePacketSent(const HamlynHeader& header, uint32_t payload) override;
    void TracePacketDelivered(const HamlynHeader& header, uint32_t payload) override;
    void TraceNotification(uint32_t app, uint64_t area) override;
    void TraceSendComplete(uint32_t terminus, uint64_t handle) override;
    void TraceRequestReject(uint32_t terminus, uint64_t handle) override;

    /// Abort unless attached. \param what the call
    void CheckAttached(const char* what) const;
    /// The host DMA engine's Busy trace. \param busy started or stopped
    void HostDmaBusy(bool busy);
    /// \param buffers "SendBuffers" (the transmitter's)
    void SetSendBuffers(uint32_t buffers);
    /// \return "SendBuffers"
    uint32_t GetSendBuffers() const;
    /// \param bytes "SlotDescriptorBytes" (the receiver's)
    void SetSlotDescriptorBytes(uint32_t bytes);
    /// \return "SlotDescriptorBytes"
    uint32_t GetSlotDescriptorBytes() const;

    Ptr<HamlynCostModel> m_cost;    //!< cost preset
    Ptr<SanResource> m_processor;   //!< the interface processor
    uint32_t m_packetSize;          //!< payload bytes per packet
    uint32_t m_workQueueEntries;    //!< per terminus
    uint32_t m_keyBits;             //!< 32 or 64
    uint32_t m_pageSize;            //!< message-area page size
    uint32_t m_notifyQueueEntries;  //!< per application
    uint32_t m_completionWordBytes; //!< sender notification word
    uint32_t m_descriptorBytes;     //!< send request descriptor
    uint32_t m_slotCacheSize;       //!< slots held on the card
    uint32_t m_activeDmas{0};       //!< card DMA engines running now

    HamlynSlotTable m_slots;                           //!< slot table
    uint64_t m_slotGeneration{0};                      //!< definitions made
    std::map<uint32_t, Ptr<HostPinnedRegion>> m_areas; //!< message areas by id
    uint32_t m_nextArea{0};                            //!< next area id

    // The two paths, each with its own state; each sees the device only as a HamlynCard.
    HamlynTransmitter m_tx; //!< send path: termini, send buffers, outbound link
    HamlynReceiver m_rx;    //!< receive path: applications, notifications

    TracedCallback<const HamlynHeader&, uint32_t> m_txTrace; //!< sends
    TracedCallback<const HamlynHeader&, uint32_t> m_rxTrace; //!< deliveries
    TracedCallback<uint32_t, uint64_t> m_notifyTrace;        //!< notifications written
    TracedCallback<uint32_t, uint64_t> m_sendDoneTrace;      //!< sends done
    TracedCallback<uint32_t, uint64_t> m_rejectTrace;        //!< refused requests
};

} // namespace ns3

#endif /* HAMLYN_NET_DEVICE_H */
