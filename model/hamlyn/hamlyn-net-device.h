/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_NET_DEVICE_H
#define HAMLYN_NET_DEVICE_H

#include "hamlyn-cost-model.h"
#include "hamlyn-header.h"
#include "hamlyn-message-area.h"
#include "hamlyn-notification-assembly.h"
#include "hamlyn-notification-queue.h"
#include "hamlyn-send-terminus.h"
#include "hamlyn-slot-table.h"

#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-resource.h"
#include "ns3/traced-callback.h"

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The Hamlyn network interface (Hamlyn 1995): sender-based memory management with
 * message areas, slots and protection keys, send termini with direct I/O and DMA, packet-
 * counting notification, out-of-order reassembly.
 *
 * The device sits on a host node between the host (HostCpu, HostBus, HostMemory, given to
 * Setup()) and the fabric (a SanEndpointDevice: packets leave by SendTo, or SendStreaming for
 * cut-through presets, with the Hamlyn header + payload as the ns-3 Packet; they arrive through
 * its deliver callback, or its head callback for cut-through presets).
 *
 * Resources (everything that takes time is a SanResource step, so pipelining emerges):
 * - "the processor" (the LANai 3 in the prototype): header checks, packet sends, DMA start,
 *   notifications; its per-step costs come from the HamlynCostModel preset;
 * - the host DMA engine: one engine, FIFO, whose transfers are HostBus::Dma (payload loads,
 *   payload deposits, notification entries, completion words, slot-descriptor fetches);
 * - the outbound link engine: holds a send buffer while the packet serializes onto the link
 *   (the fabric times the link itself; this engine only tracks when the buffer frees);
 * - "SendBuffers" packet buffers in the card's SRAM: a packet needs one from the start of its
 *   processing until its tail has left; two let one packet load while another is sent.
 *
 * Send: each application owns a HamlynSendTerminus. The device serves termini with work
 * round-robin, one packet at a time (section 2.3), higher "priority" termini first (an
 * optional embellishment; all 0 by default as in the prototype). Messages are cut into
 * packets of "PacketSize" payload bytes, each carrying its slot offset and delta field.
 *
 * Receive: the processor checks every packet's header (after its tail is on the card: see
 * HamlynLanai3CostModel): unknown slot, wrong key, offset range outside the slot, released
 * message area, unknown notification area -> the packet is dropped, counted per reason and
 * traced ("Drop"), and nothing reaches host memory. Otherwise the payload is DMAed to the
 * slot's message area (translated page by page), then its delta is added to the notification
 * assembly counter; a counter back at zero makes the processor write a notification-queue
 * entry to host memory (HamlynNotificationQueue wakes a sleeping application with a
 * coalesced interrupt).
 *
 * Cut-through (presets whose IsCutThrough() is true: HamlynStateMachineCostModel, section 4.2):
 * a packet streams through the cards instead of being handled whole, as one fabric packet
 * (Hamlyn header + payload) sent with SanEndpointDevice::SendStreaming. The sender puts a DMA
 * message's start request on the host bus ("StartRequestBusCycles", first packet only), then
 * assembles the header on the state machine while the host DMA engine loads the payload as one
 * transfer. The head goes on the link once the header is assembled and the load's end is
 * known: when the engine starts the load on an idle host bus, its end is start +
 * HostBus::GetDmaTime (the head may leave at once, with that as the tail's pace,
 * lastByteReady); when the bus is shared at that moment, the head waits for the load to end
 * (deviation: a bus user arriving after an idle-bus start may stretch the real load a little
 * past the pace already given to the wire). One packet at a time is on the link; its send
 * buffer frees when its tail has left and its load has ended. Direct-I/O data is on the card
 * already. The receiver listens to the endpoint's head callback: the state machine checks the
 * header once the header's bytes are on the card ("HeaderCheckCycles"), then deposits the
 * payload with one host DMA that starts when the header is admitted and enough data has
 * arrived (so that it ends no earlier than the tail's arrival + one "ChunkBytes" burst's bus
 * time, nor earlier than its start + the whole payload's bus time). The bytes are written to
 * host memory when that DMA ends. A packet that fails a check is dropped once, at its header,
 * and nothing of it is written; its tail is ignored. The LANai 3 preset is not cut-through:
 * its packets leave and arrive whole, as Tables 3-5 measure, and the endpoint's head callback
 * is not set.
 *
 * Not modeled: the host-side cost of writing requests (the library above charges it on the
 * HostCpu: Hamlyn Tables 1 and 2), out-of-band notification data, the page-vector fetch
 * (message areas' page vectors are held on the card).
 */
class HamlynNetDevice : public NetDevice
{
  public:
    /// Why an incoming packet was dropped.
    enum DropReason : uint8_t
    {
        UNKNOWN_SLOT = 0,        //!< the slot is not defined (or was revoked)
        BAD_KEY = 1,             //!< the protection key does not match the slot's
        OUT_OF_RANGE = 2,        //!< offset + length falls outside the slot's window
        UNKNOWN_AREA = 3,        //!< the slot's message area was released
        UNKNOWN_NOTIFY_AREA = 4, //!< no such notification assembly area
        MALFORMED = 5,           //!< too short for a Hamlyn header
        N_DROP_REASONS = 6       //!< number of reasons
    };

    /// \param reason a reason \return its name
    static const char* GetDropReasonName(DropReason reason);

    /**
     * TracedCallback signature for drops.
     * \param [in] reason a DropReason
     * \param [in] header the packet's header (default-constructed if MALFORMED)
     * \param [in] srcNode fabric host that sent the packet
     */
    typedef void (*DropTracedCallback)(uint8_t reason,
                                       const HamlynHeader& header,
                                       uint32_t srcNode);

    /**
     * TracedCallback signature for packets sent or delivered.
     * \param [in] header the packet's header
     * \param [in] payload payload bytes
     */
    typedef void (*PacketTracedCallback)(const HamlynHeader& header, uint32_t payload);

    /**
     * TracedCallback signature for timed stages.
     * \param [in] stage stage name ("send.start", "send.load", "send.packet", "send.notify",
     *        "recv.link", "recv.host", "recv.notify")
     * \param [in] start when the stage began (for receive stages: when the packet was ready
     *        for it, so queueing counts)
     * \param [in] end when it ended
     */
    typedef void (*StageTracedCallback)(const std::string& stage, Time start, Time end);

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

    /**
     * \brief Connect the device to its host and to the fabric (takes over the endpoint's
     * deliver callback, and its head callback with a cut-through preset).
     * \param cpu host CPU
     * \param bus host I/O bus (GSC+ on the prototype's J200)
     * \param memory host memory
     * \param endpoint the host's fabric endpoint
     */
    void Setup(Ptr<HostCpu> cpu,
               Ptr<HostBus> bus,
               Ptr<HostMemory> memory,
               Ptr<SanEndpointDevice> endpoint);

    /// \param slots slots held on the card (> 0); empties the slot cache
    void SetSlotCacheSize(uint32_t slots);
    /// \return slots held on the card
    uint32_t GetSlotCacheSize() const;

    /// \param model the cost preset (replaces the "CostModel" attribute)
    void SetCostModel(Ptr<HamlynCostModel> model);
    /// \return the cost preset
    Ptr<HamlynCostModel> GetCostModel() const;

    // ---- receiver side -------------------------------------------------------------------

    /**
     * \brief Register a receiving application: its notification queue ("NotificationQueue
     * Entries" entries in host memory) and a pool of notification assembly areas.
     * \param notifyAreas notification assembly areas in its pool (<= 65535)
     * \return the application id
     */
    uint32_t AddApplication(uint32_t notifyAreas);
    /// \param app application id \return its notification queue
    Ptr<HamlynNotificationQueue> GetNotificationQueue(uint32_t app) const;
    /// \param app application id \return its notification assembly areas
    const HamlynNotificationAssembly& GetNotificationAssembly(uint32_t app) const;

    /**
     * \brief Allocate a message area of \p size bytes in host memory ("PageSize" pages).
     * \param size bytes (> 0)
     * \return the area id
     */
    uint32_t CreateMessageArea(uint64_t size);
    /// \param id area id \return the area, or nullptr if released or unknown
    Ptr<HamlynMessageArea> GetMessageArea(uint32_t id) const;
    /// \brief Release an area: packets for slots over it are dropped (UNKNOWN_AREA).
    /// \param id area id
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
    /// \param slot slot to revoke
    void RevokeSlot(uint16_t slot);
    /// \return the slot table
    const HamlynSlotTable& GetSlotTable() const;

    /**
     * \brief Hand the device a packet from the fabric (the endpoint's deliver callback calls
     * this; tests may call it directly to deliver packets in any order).
     * \param packet Hamlyn header + payload
     * \param srcNode sending fabric host
     */
    void Receive(Ptr<const Packet> packet, uint32_t srcNode);

    // ---- sender side ---------------------------------------------------------------------

    /**
     * \brief Create a send terminus ("WorkQueueEntries" entries).
     * \param priority served before lower priorities (0: plain round-robin)
     * \return the terminus
     */
    Ptr<HamlynSendTerminus> CreateTerminus(uint32_t priority = 0);
    /// \param id terminus id \return the terminus (aborts if unknown)
    Ptr<HamlynSendTerminus> GetTerminus(uint16_t id) const;
    /// \param terminus terminus id \return host address of its completion word
    uint64_t GetCompletionWordAddress(uint16_t terminus) const;

    // ---- statistics ----------------------------------------------------------------------

    /// \param reason a reason \return packets dropped for it
    uint64_t GetNDropped(DropReason reason) const;
    /// \return packets dropped, all reasons
    uint64_t GetNDropped() const;
    /// \return packets handed to the fabric
    uint64_t GetNPacketsSent() const;
    /// \return packets whose payload reached host memory
    uint64_t GetNPacketsDelivered() const;
    /// \return notification entries written
    uint64_t GetNNotifications() const;
    /// \return DMA requests refused (bad area, offset or length)
    uint64_t GetNRequestsRejected() const;
    /// \return the interface processor
    Ptr<SanResource> GetProcessor() const;
    /// \return the header length on the wire
    uint32_t GetHeaderSize() const;

    // ---- NetDevice -----------------------------------------------------------------------
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
    /// Hamlyn is driven through send termini: plain Send() is refused (returns false).
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    /// Refused as Send().
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

  private:
    /// A receiving application.
    struct Application
    {
        Ptr<HamlynNotificationQueue> queue;  //!< its notification queue
        HamlynNotificationAssembly assembly; //!< its notification assembly areas
    };

    /// A packet on its way out.
    struct TxPacket
    {
        HamlynHeader header;    //!< its header
        Ptr<Packet> packet;     //!< payload (header added at transmission)
        uint32_t dst{0};        //!< destination host
        uint32_t payload{0};    //!< payload bytes
        bool last{false};       //!< last packet of its message
        bool notifySent{false}; //!< write the completion word after it
        uint16_t terminus{0};   //!< sending terminus
        uint64_t handle{0};     //!< request handle
    };

    /// Send-side state of a cut-through packet (cut-through presets).
    struct CtSend
    {
        int pending{2};        //!< header assembly + known last-byte time
        bool predicted{false}; //!< last-byte time taken from an idle-bus DMA at its start
        bool loaded{false};    //!< the payload DMA has ended
        bool tailGone{false};  //!< the packet's tail has left the card
        bool freed{false};     //!< its send buffer was given back
        Time lastByte;         //!< when the payload's last byte is on the card
        Time procStart;        //!< header assembly start
        Time loadStart;        //!< payload DMA start
    };

    /// Start as many packets as free send buffers allow.
    void Kick();
    /// \return the next terminus to serve, or nullptr
    Ptr<HamlynSendTerminus> PickTerminus();
    /// Start the next packet of \p t (takes a send buffer).
    void StartPacket(Ptr<HamlynSendTerminus> t);
    /// Put a packet on the link. \param tx the packet \param procStart start of its send step
    void Transmit(std::shared_ptr<TxPacket> tx, Time procStart);
    /// A message's last packet has left. \param tx that packet
    void MessageSent(std::shared_ptr<TxPacket> tx);
    /**
     * A transfer on the host DMA engine.
     * \param bytes size
     * \param done called when it ends
     * \param started called when the engine starts it (optional)
     */
    void HostDma(uint64_t bytes, Callback<void> done, Callback<void> started = Callback<void>());
    /// \param stage name \param start start \param end end
    void Stage(const char* stage, Time start, Time end);
    /**
     * Split an arriving packet into its header and payload; a malformed packet is dropped.
     * \param packet the packet (may be null) \param srcNode its source
     * \param header filled in \param data filled with a copy of the payload
     * \return false if it was dropped
     */
    bool ParseHeader(Ptr<const Packet> packet,
                     uint32_t srcNode,
                     HamlynHeader& header,
                     Ptr<Packet>& data);
    /**
     * Header checked: look the slot up (a cache miss fetches its descriptor first).
     * \param header the header \param data the payload \param srcNode its source
     * \param arrival when the packet reached the card
     * \param tailArrival when its tail is on the card (cut-through presets)
     */
    void CheckSlot(HamlynHeader header,
                   Ptr<Packet> data,
                   uint32_t srcNode,
                   Time arrival,
                   Time tailArrival);
    /**
     * Slot descriptor on the card: check the packet against it and deposit the payload (after
     * the DMA setup on a store-and-forward card; behind the arriving tail on a cut-through one).
     * \param header the header \param data the payload \param srcNode its source
     * \param tailArrival when its tail is on the card
     */
    void Admit(HamlynHeader header, Ptr<Packet> data, uint32_t srcNode, Time tailArrival);
    /// Count and trace a drop.
    void Drop(DropReason reason, const HamlynHeader& header, uint32_t srcNode);
    /// The payload is in host memory: sum its delta.
    void Landed(HamlynHeader header, uint32_t app, uint32_t payload, uint32_t srcNode);
    /**
     * Check a packet against slot \p slot (found by the caller).
     * \param header its header
     * \param payload its payload bytes
     * \param slot the slot descriptor
     * \param area set to the slot's message area when admitted
     * \return N_DROP_REASONS if admitted, else the reason to drop it
     */
    DropReason CheckAdmission(const HamlynHeader& header,
                              uint64_t payload,
                              const HamlynSlot& slot,
                              Ptr<HamlynMessageArea>& area) const;
    /// Cut-through: start the next packet of a request (after StartPacket built it).
    void StartPacketCutThrough(std::shared_ptr<TxPacket> tx,
                               const HamlynSendRequest& req,
                               bool first,
                               Ptr<HamlynMessageArea> area,
                               uint64_t src);
    /**
     * Cut-through: put a packet on the link as one streaming fabric packet.
     * \param tx the packet (payload filled in)
     * \param st its send state (lastByte and procStart set)
     */
    void CtTransmit(std::shared_ptr<TxPacket> tx, std::shared_ptr<CtSend> st);
    /// Cut-through: give the send buffer back once the tail is gone and the load has ended.
    /// \param tx the packet \param st its send state
    void CtMaybeFree(std::shared_ptr<TxPacket> tx, std::shared_ptr<CtSend> st);
    /// Cut-through: a packet's head reached the card (the endpoint's head callback).
    /// \param p the fabric packet \param tailArrival when its tail will be on the card
    void CtHead(const SanFabricPacket& p, Time tailArrival);
    /// Install the endpoint's head callback if (and only if) the preset is cut-through.
    void UpdateHeadCallback();

    /// \param bytes packet bytes \return their serialization time on the host link
    Time LinkTime(uint32_t bytes) const;
    /// Deliver callback of the endpoint.
    void FabricDeliver(const SanFabricPacket& p);

    Ptr<HamlynCostModel> m_cost;       //!< cost preset
    Ptr<HostCpu> m_cpu;                //!< host CPU
    Ptr<HostBus> m_bus;                //!< host bus
    Ptr<HostMemory> m_memory;          //!< host memory
    Ptr<SanEndpointDevice> m_endpoint; //!< fabric endpoint
    Ptr<SanResource> m_processor;      //!< the interface processor
    Ptr<SanResource> m_hostDma;        //!< host DMA engine
    Ptr<SanResource> m_linkOut;        //!< outbound link engine
    uint32_t m_packetSize;             //!< payload bytes per packet
    uint32_t m_workQueueEntries;       //!< per terminus
    uint32_t m_keyBits;                //!< 32 or 64
    uint32_t m_sendBuffers;            //!< SRAM packet buffers
    uint32_t m_freeBuffers;            //!< free SRAM packet buffers
    uint32_t m_pageSize;               //!< message-area page size
    uint32_t m_notifyQueueEntries;     //!< per application
    uint32_t m_slotDescriptorBytes;    //!< fetched on a slot-cache miss
    uint32_t m_completionWordBytes;    //!< sender notification word
    uint32_t m_slotCacheSize;          //!< slots held on the card

    HamlynSlotTable m_slots;                            //!< slot table
    std::vector<Application> m_apps;                    //!< receiving applications
    std::map<uint32_t, Ptr<HamlynMessageArea>> m_areas; //!< message areas by id
    uint32_t m_nextArea;                                //!< next area id
    std::vector<Ptr<HamlynSendTerminus>> m_termini;     //!< send termini by id
    std::vector<uint64_t> m_completionWords;            //!< per terminus
    uint32_t m_rrNext;                                  //!< round-robin position
    bool m_ctRequestPending;                            //!< a start request is on the bus
    bool m_headCbSet{false};                            //!< endpoint head callback is ours

    std::array<uint64_t, N_DROP_REASONS> m_drops; //!< drops per reason
    uint64_t m_sent;                              //!< packets sent
    uint64_t m_delivered;                         //!< packets delivered
    uint64_t m_notifications;                     //!< notification entries
    uint64_t m_rejected;                          //!< DMA requests refused

    Ptr<Node> m_node;                              //!< host node
    uint32_t m_ifIndex;                            //!< interface index
    Mac48Address m_address;                        //!< address
    uint16_t m_mtu;                                //!< MTU (unused by Hamlyn)
    NetDevice::ReceiveCallback m_rxCallback;       //!< unused: no protocol stack above
    NetDevice::PromiscReceiveCallback m_promiscCb; //!< unused

    TracedCallback<uint8_t, const HamlynHeader&, uint32_t> m_dropTrace; //!< drops
    TracedCallback<const HamlynHeader&, uint32_t> m_txTrace;            //!< sends
    TracedCallback<const HamlynHeader&, uint32_t> m_rxTrace;            //!< deliveries
    TracedCallback<const std::string&, Time, Time> m_stageTrace;        //!< stages
    TracedCallback<uint32_t, uint64_t> m_notifyTrace;                   //!< notifications
    TracedCallback<uint32_t, uint64_t> m_sendDoneTrace;                 //!< sends done
    TracedCallback<uint32_t, uint64_t> m_rejectTrace;                   //!< refused requests
};

} // namespace ns3

#endif /* HAMLYN_NET_DEVICE_H */
