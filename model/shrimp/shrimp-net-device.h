/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_NET_DEVICE_H
#define SHRIMP_NET_DEVICE_H

#include "shrimp-cost-model.h"
#include "shrimp-header.h"
#include "shrimp-page-tables.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/san-fifo.h"
#include "ns3/san-nic-device.h"
#include "ns3/san-resource.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The SHRIMP network interface (Felten et al. 1996, section 3.2, Figure 2): an Xpress
 * card snooping the memory bus and an EISA card with the Deliberate Update Engine, the
 * page tables, the Outgoing FIFO, the Arbiter, Intel's Network Interface Chip and the
 * Incoming DMA Engine.
 *
 * Outgoing:
 * - automatic update: the device snoops processor writes that reach the memory bus in the
 *   regions it watches (SnoopRegion: HostMemory's snoop hook; only write-through and uncached
 *   pages put their stores on the bus, which VMMC's binding ensures). The write's page number
 *   indexes the Outgoing Page Table; a bound page forms a packet (destination page from the
 *   entry, offset from the address). A page configured for combining keeps the packet open
 *   in the Outgoing FIFO and appends a consecutive write to it; any other write, a
 *   deliberate update or a full packet ("MaxPacketData", or the page's end) sends it; with
 *   the page's timer a packet also leaves when no update follows within "CombineTimeout";
 * - deliberate update: the two-access initiation sequence crosses the EISA bus (a store and a
 *   load decoded by the card), then the engine reads the source by DMA over EISA (and the
 *   memory bus), one burst per packet, through the same packetizing path. Source and
 *   destination must be word-aligned; a transfer is sent in whole words;
 * - the Arbiter shares the NIC chip's processor port between outgoing and incoming packets,
 *   incoming first (a SanResource with two priority classes).
 *
 * Incoming: the Incoming DMA Engine takes packets in arrival order, checks the Incoming Page
 * Table, and writes the data over EISA into memory (the bridge posts the write onto the
 * memory bus, where the caches are snooped). A packet for a page that is not enabled freezes
 * the receive datapath and interrupts the CPU; nothing of it is written, the driver's handler
 * discards it ("Drop" trace, reason DISABLED_PAGE) and thaws the datapath. After a packet
 * reaches memory, the CPU is interrupted if the packet's sender flag and the page's receiver
 * flag are both set; the kernel's handler then calls the notification callback (VMMC turns it
 * into a signal).
 *
 * Costs (the datapath's latency, the port's rate, the combining timer, the handlers'
 * instructions) are the "CostModel" preset's (ShrimpCostModel).
 */
class ShrimpNetDevice : public SanNicDevice
{
  public:
    /// Drop reasons ("Drop" trace).
    enum DropReason : uint32_t
    {
        MALFORMED = 0,     //!< too short, unknown kind, or its length disagrees with its size
        DISABLED_PAGE = 1, //!< the IPT does not enable the page (the datapath froze)
        BAD_ADDRESS = 2,   //!< the data crosses its page or lies outside memory
    };

    /// Arbiter classes of the NIC chip's processor port: incoming has absolute priority.
    enum PortClass : uint32_t
    {
        PORT_INCOMING = 0, //!< incoming packets
        PORT_OUTGOING = 1, //!< outgoing packets
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ShrimpNetDevice();
    ~ShrimpNetDevice() override;

    /// \return bytes per page
    uint32_t GetPageBytes() const;
    /// \param bytes page size ("PageBytes": fixed once attached, it sizes the page tables)
    void SetPageBytes(uint32_t bytes);
    /// \param bytes data bytes per packet ("MaxPacketData"; checked against the fabric)
    void SetMaxPacketData(uint32_t bytes);
    /// \return data bytes per packet ("MaxPacketData")
    uint32_t GetMaxPacketData() const;
    /// \param model the interface's and driver's costs (replaces the "CostModel" attribute)
    void SetCostModel(Ptr<ShrimpCostModel> model);
    /// \return the cost preset (null until set or attached: Attach makes the paper's one)
    Ptr<ShrimpCostModel> GetCostModel() const;

    // ----- page tables (the daemon's work through memory-mapped I/O) ----------------------
    /// \param page a page number (local page for automatic update, proxy page for deliberate
    /// update) \param entry the binding
    void SetOutgoingEntry(uint64_t page, const ShrimpOutgoingEntry& entry);
    /// \param page a page number: remove its binding (an open packet of it is sent first)
    void ClearOutgoingEntry(uint64_t page);
    /// \param page a page number \return its binding, or none
    std::optional<ShrimpOutgoingEntry> FindOutgoingEntry(uint64_t page) const;
    /// \param page a local page number \param entry its IPT entry
    void SetIncomingEntry(uint64_t page, const ShrimpIncomingEntry& entry);
    /// \param page a local page number \return its IPT entry, or none (not enabled)
    std::optional<ShrimpIncomingEntry> FindIncomingEntry(uint64_t page) const;
    /// \brief Snoop the memory-bus writes into the region that holds \p addr.
    /// \param addr an address in an allocated region
    void SnoopRegion(uint64_t addr);

    // ----- deliberate update ------------------------------------------------------------
    /**
     * \brief A deliberate update: the initiation sequence, then the engine's DMA reads and
     * packets. Refused (false, nothing sent) if \p src or \p dst is not word-aligned, or if a
     * destination page has no OPT entry.
     * \param src source physical address (in host memory)
     * \param dst destination proxy address: proxy page number x page size + offset
     * \param bytes bytes (rounded up to whole words)
     * \param interrupt request a destination interrupt
     * \param initiated called when the initiation sequence has completed (the process may go
     *        on; the engine works on)
     * \param read called when the engine has read the last source byte (the source may be
     *        reused: a blocking send returns then)
     * \return false if refused
     */
    bool DeliberateUpdate(uint64_t src,
                          uint64_t dst,
                          uint32_t bytes,
                          bool interrupt,
                          Callback<void> initiated,
                          Callback<void> read);
    /// \param src source \param dst destination proxy address \return true if word-aligned
    static bool IsAligned(uint64_t src, uint64_t dst);

    // ----- daemon support -----------------------------------------------------------------
    /**
     * \brief Send a fence to \p dstHost behind every packet already in the Outgoing FIFO;
     * \p echoed runs (in the kernel's interrupt handler) when its echo is back, which the
     * far device sends once every earlier packet from this host is in its memory.
     * \param dstHost the destination
     * \param echoed called then
     */
    void Fence(uint32_t dstHost, Callback<void> echoed);

    /**
     * \brief Send a kernel message (a daemon's, to \p dstHost's daemon) over the SHRIMP
     * network: a control packet carrying \p payload, handed to the far kernel's
     * KernelMessageCallback from its interrupt handler. Set-up travels this way.
     * \param dstHost the destination host
     * \param port which of the far daemon's services it is for
     * \param payload the message (at most the largest packet's data)
     */
    void SendKernelMessage(uint32_t dstHost, uint32_t port, Ptr<const Packet> payload);
    /// Called in the kernel's interrupt handler for a kernel message: source host, port, payload.
    typedef Callback<void, uint32_t, uint32_t, Ptr<Packet>> KernelMessageCallback;
    /// \param cb called for each kernel message (null: they are dropped as MALFORMED)
    void SetKernelMessageCallback(KernelMessageCallback cb);

    /// Called in the kernel's interrupt handler for a notification: the written address.
    typedef Callback<void, uint64_t> NotifyCallback;
    /// \param cb called for each notification (null: none)
    void SetNotifyCallback(NotifyCallback cb);

    /**
     * \brief Run \p done once every data packet that has passed the IPT check by now is in
     * memory: a driver that has changed IPT flags waits for the Incoming DMA Engine, so that
     * a packet checked under the old flags cannot land after the caller looked.
     * \param done then (now if nothing is on its way)
     */
    void AfterLandings(Callback<void> done);

    // ----- statistics ----------------------------------------------------------------------
    /// \return true while the receive datapath is frozen
    bool IsFrozen() const;
    /// \return data packets sent
    uint64_t GetNPacketsSent() const;
    /// \return data bytes sent
    uint64_t GetNBytesSent() const;
    /// \return snooped writes to bound pages (each one update)
    uint64_t GetNUpdatesSnooped() const;
    /// \return data packets written into memory
    uint64_t GetNPacketsDelivered() const;
    /// \return notification interrupts raised
    uint64_t GetNNotifications() const;
    /// \return receive-datapath freezes
    uint64_t GetNFreezes() const;
    /// \return the NIC chip's processor port (the Arbiter's resource)
    Ptr<SanResource> GetPort() const;

  protected:
    void DoDispose() override;
    void NotifyAttached() override;
    void ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost) override;

  private:
    /// Stops with a message if MaxPacketData and the header exceed the fabric's packets.
    void CheckMaxPacketData() const;

    /// A packet being formed or waiting in the Outgoing FIFO.
    struct Outgoing
    {
        uint32_t dstHost{0};       //!< destination node
        uint32_t dstAddress{0};    //!< destination physical address
        uint64_t srcPage{0};       //!< OPT page it was formed for
        uint64_t nextSource{0};    //!< address a consecutive write must have
        bool interrupt{false};     //!< sender flag
        std::vector<uint8_t> data; //!< its data
    };

    /// A packet that reached the card.
    struct Incoming
    {
        Ptr<const Packet> packet; //!< the packet
        uint32_t srcHost;         //!< its source
    };

    // outgoing path (shrimp-outgoing-path.cc)
    /// A processor write reached the memory bus in a snooped region.
    void Snooped(uint64_t addr, uint64_t len);
    /// Automatic update of [addr, addr+len) within one page.
    void AutomaticUpdate(uint64_t addr, uint32_t len);
    /// Send the open packet, if any.
    void CloseOpenPacket();
    /// The combining timer expired.
    void CombineTimeout();
    /// Put a formed packet into the Outgoing FIFO (through the Arbiter to the NIC chip).
    void Enqueue(Outgoing&& out);
    /// Put a control packet into the FIFO.
    void EnqueueControl(uint32_t dstHost,
                        uint8_t kind,
                        uint32_t token,
                        Ptr<Packet> payload = nullptr);
    /// A packet's turn at the port is over: onto the fabric.
    void Transmit(uint32_t dstHost, Ptr<Packet> packet);
    /// Deliberate update: read and send the next burst of \p job.
    struct DuJob;
    void DuNextBurst(Ptr<DuJob> job);
    /// Deliberate update: a burst of \p job has been read.
    void DuBurstRead(Ptr<DuJob> job, uint64_t src, uint64_t dst, uint32_t n);

    // incoming path (shrimp-incoming-path.cc)
    /// Start the Incoming DMA Engine on the next packet, if idle and not frozen.
    void IncomingNext();
    /// The packet's data has crossed EISA and the memory bus: write it into memory.
    void IncomingLanded(uint32_t address, const std::vector<uint8_t>& data, bool notify);
    /// Echo the fences that waited for earlier packets to land.
    void EchoPendingFences();
    /// The driver's handler for a frozen datapath.
    void FaultHandler(Incoming in);
    /// A control packet (fence, echo, kernel message) arrived; \p p is the whole packet.
    void Control(const ShrimpHeader& h, uint32_t srcHost, Ptr<const Packet> p);

    // attributes
    Ptr<ShrimpCostModel> m_cost; //!< the interface's and driver's costs (read where used)
    uint32_t m_pageBytes;        //!< page size
    uint32_t m_maxPacketData;    //!< largest packet's data

    ShrimpPageTable<ShrimpOutgoingEntry> m_opt; //!< Outgoing Page Table
    ShrimpPageTable<ShrimpIncomingEntry> m_ipt; //!< Incoming Page Table
    Ptr<SanResource> m_port;                    //!< the Arbiter and the NIC chip's port
    Ptr<HostMemorySystem> m_memorySystem;       //!< the memory bus (null: not modelled)

    bool m_open{false};        //!< a combined packet is open
    Outgoing m_openPacket;     //!< ... this one
    EventId m_combineTimer;    //!< its timer
    uint32_t m_fifoPackets{0}; //!< packets between the FIFO and the fabric

    SanFifo<Incoming> m_incoming; //!< packets waiting for the Incoming DMA Engine
    bool m_dmaBusy{false};        //!< the engine works on a packet
    /// The outgoing datapath's bus master (deliberate update reads memory over EISA); the
    /// Incoming DMA Engine is SanNicDevice's first engine.
    Ptr<SanDmaEngine> m_outgoingDma;
    bool m_frozen{false};    //!< receive datapath frozen
    bool m_selfWrite{false}; //!< the card writes memory (not a snooped update)
    uint32_t m_landing{0};   //!< packets written and not yet in memory
    uint64_t m_checked{0};   //!< data packets past the IPT check
    /// AfterLandings() callers, with the count of landings each waits for.
    SanFifo<std::pair<uint64_t, Callback<void>>> m_landingWaiters;
    NotifyCallback m_notify;                                   //!< notification handler
    KernelMessageCallback m_kernelMessage;                     //!< kernel message handler
    uint32_t m_nextFence{1};                                   //!< next fence token
    std::vector<std::pair<uint32_t, Callback<void>>> m_fences; //!< fences awaiting echoes
    /// Fence echoes waiting for the packets before them to land.
    SanFifo<std::pair<uint32_t, uint32_t>> m_pendingEchoes;

    uint64_t m_packetsSent{0};   //!< data packets sent
    uint64_t m_bytesSent{0};     //!< data bytes sent
    uint64_t m_updates{0};       //!< snooped updates
    uint64_t m_delivered{0};     //!< data packets delivered
    uint64_t m_notifications{0}; //!< notification interrupts
    uint64_t m_freezes{0};       //!< freezes
};

} // namespace ns3

#endif /* SHRIMP_NET_DEVICE_H */
