/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_NET_DEVICE_H
#define CLAN_NET_DEVICE_H

#include "clan-aperture.h"
#include "clan-cost-model.h"
#include "clan-dma-scheduler.h"
#include "clan-event-queue.h"
#include "clan-header.h"
#include "clan-mailbox.h"
#include "clan-tripwire-fifo.h"
#include "clan-tripwire-state.h"
#include "clan-tripwire-table.h"
#include "clan-window-table.h"

#include "ns3/host-pio-window.h"
#include "ns3/san-fifo.h"
#include "ns3/san-nic-device.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace ns3
{

class ClanEndpoint;

/**
 * \ingroup san
 * \brief AT&T Cambridge's CLAN NIC and its device driver (Riddoch et al. 1999): non-coherent
 * distributed shared memory over a 33 MHz PCI card, with Tripwires for synchronisation.
 *
 * Address spaces. Local memory is exported as apertures (ClanApertureTable; each named by an
 * RDMA cookie). A process maps a remote aperture by importing its cookie: the driver gives it
 * a window of this NIC's outgoing bus address space, "a very simple direct mapping between PCI
 * bus addresses and network addresses" (section 3.2). Processor stores into a window cross the
 * host's PCI bus (HostPioWindow: posted, in program order across all windows) and "are
 * serialised immediately into packets, each of which represents a write burst" (section 2.2);
 * loads become a read request and a reply. The single DMA engine reads local memory in PCI
 * bursts and sends each burst as a packet that starts leaving as its first word arrives
 * (cut-through: HostBus::DmaBurst); its queues are ClanDmaScheduler's.
 *
 * Receive: "incoming data is transferred directly into host memory, again without buffering"
 * (section 2.3), in FIFO order (PRAM, section 2.1): each piece of a burst (the fabric may have
 * split it) crosses the PCI bus in bursts of 16 DWORDs if it came from processor stores and
 * 256 if from DMA (section 5.2), and becomes visible to the processor after the bus's
 * InboundWriteDelay. Nothing is checked ("no explicit protection on the receive path"): a
 * faulty node can write any memory of this host. As an option (ReceiveCheck), a later
 * revision's check admits only writes inside an exported aperture and drops the rest,
 * counted and traced, nothing written.
 *
 * Tripwires (section 2.5): every burst in and out is matched against the CAM
 * (ClanTripwireTable) "without hindrance to the passing stream"; a match puts the Tripwire's id
 * in a FIFO on the NIC and raises an interrupt. The interrupt routine reads the ids from the
 * FIFO (a PCI load each), calls ClanTripwireState::Fire (bitmap bit, waiters, Tripsets) and
 * delivers the event to the event queue that registered the Tripwire, draining ids that arrive
 * meanwhile before it returns (so a busy server takes fewer interrupts than messages).
 * The CAM matches a write as it arrives, before it has crossed the PCI bus, so its interrupt
 * overlaps the write's transfer; but the routine's read of an id does not complete before the
 * write that tripped it is visible to the processor. ASSUMED (the paper does not say; its
 * protocols' "while (...) tripwire_wait(...)" loops need it, or a Tripwire could wake a
 * process that then finds nothing and sleeps for good): PCI's ordering rule that a read's
 * completion does not pass the device's writes posted before it (PCI Local Bus Specification
 * 2.1, section 3.2.5), with the NIC's receive stream and its FIFO reads on one internal bus
 * (footnote 7, on section 6.1's deadlocks: "a shared bus for transmit, receive and Tripwire
 * traffic"). Only the tripping write is waited for, not the rest of a long transfer (section
 * 4.3's overlap of a message's transfer with the receiver's scheduling still holds).
 *
 * Out-of-band messages (section 3.1) travel as write bursts to a well-known mailbox address;
 * the NIC places each in the next slot of the driver's mailbox ring, a kernel Tripwire on the
 * ring interrupts, and the interrupt routine demultiplexes it into its endpoint's queue (a
 * modelling choice: the paper says only that the driver implements them "using the NIC's
 * shared memory interface and Tripwires").
 *
 * Processes use the device through ClanContext (the library's API, which charges system
 * calls); the calls here are the hardware and driver.
 */
class ClanNetDevice : public SanNicDevice
{
  public:
    /// Reasons a packet is refused (counted, traced; nothing of it written).
    enum DropReason : uint32_t
    {
        MALFORMED = 0,     //!< unparsable header or a piece outside its packet
        NO_MEMORY = 1,     //!< the address is no memory of this host (master abort)
        NOT_EXPORTED = 2,  //!< ReceiveCheck on: outside every exported aperture
        UNKNOWN_REPLY = 3, //!< a read reply nobody waits for
        NO_ENDPOINT = 4,   //!< an out-of-band message to a port with no endpoint
        MAILBOX_FULL = 5,  //!< an out-of-band message found the mailbox ring full
        N_DROP_REASONS = 6 //!< count
    };

    /// Payload bytes of an out-of-band message (section 3.1, footnote 4).
    static constexpr uint32_t OOB_PAYLOAD_BYTES = 40;
    /// Bytes of an out-of-band record: source host, ports, payload (ClanOobMessage).
    static constexpr uint32_t OOB_RECORD_BYTES = 48;
    /// The mailbox's network address at every host (above any memory HostMemory allocates).
    static constexpr uint64_t MAILBOX_ADDRESS = 0xfff000000000ull;
    /// First bus address of the outgoing windows (imported apertures).
    static constexpr uint64_t WINDOW_BASE = 0x800000000000ull;

    /// A remote read completed: the bytes and their number.
    typedef Callback<void, const uint8_t*, uint32_t> ReadCallback;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanNetDevice();
    ~ClanNetDevice() override;

    // --- apertures and windows (driver) ---
    /**
     * \brief Export a region of this host's memory. Aborts unless it is allocated memory.
     * \param base first byte \param size bytes \return its cookie
     */
    ClanCookie CreateAperture(uint64_t base, uint64_t size);
    /// \param cookie an aperture of this host \return false if it was not live
    bool DestroyAperture(const ClanCookie& cookie);
    /// \return the exported apertures
    const ClanApertureTable& GetApertures() const;
    /**
     * \brief Map a remote aperture into this NIC's outgoing address space (page-level
     * protection: only a holder of the cookie can). Aborts on an invalid cookie or one of this
     * host (a process reaches its own memory directly).
     * \param cookie the aperture \return the window's first bus address
     */
    uint64_t Import(const ClanCookie& cookie);
    /// \param busAddress an address in a window \param len bytes
    /// \return true if [busAddress, +len) lies inside one window
    bool IsMapped(uint64_t busAddress, uint32_t len) const;

    // --- data path (hardware) ---
    /**
     * \brief Processor stores into a window (posted; in program order with all earlier stores).
     * Aborts if the range is not mapped (the process would fault).
     * \param busAddress first byte \param data bytes \param len length
     * \param landed called when the stores have crossed the PCI bus into the NIC
     */
    void Store(uint64_t busAddress, const uint8_t* data, uint32_t len, Callback<void> landed);
    /**
     * \brief A processor load from a window: a read request across the network and its reply.
     * \param busAddress first byte \param len bytes (at most a DMA burst)
     * \param done called with the bytes when the load completes
     */
    void Load(uint64_t busAddress, uint32_t len, ReadCallback done);
    /// \return the DMA engine's driver queues (requests: local source, window destination)
    Ptr<ClanDmaScheduler> GetDmaScheduler() const;

    // --- Tripwires and events ---
    /// \return the CAM
    Ptr<ClanTripwireTable> GetTripwireTable() const;
    /// \return the driver's and processes' shared Tripwire state (bitmap, waiters, Tripsets)
    Ptr<ClanTripwireState> GetTripwireState() const;
    /**
     * \param id a Tripwire \param queue the event queue its firings are delivered to (null:
     * none; the queue's own interest table still filters)
     */
    void SetTripwireQueue(uint32_t id, Ptr<ClanEventQueue> queue);
    /**
     * \param id a Tripwire \param handler called by the interrupt routine when it fires, for a
     * kernel service (CLAN IP) that synchronises in the kernel; it schedules its own work on
     * the CPU (null: none)
     */
    void SetTripwireHandler(uint32_t id, Callback<void> handler);

    // --- endpoints and out-of-band messages (driver) ---
    /**
     * \brief Create an endpoint (host, port). Aborts if the port is taken.
     * \param port the port \param queueEntries its out-of-band queue's entries
     * \return the endpoint
     */
    Ptr<ClanEndpoint> CreateEndpoint(uint16_t port, uint32_t queueEntries);
    /// \param port a port \return false if it had no endpoint
    bool DestroyEndpoint(uint16_t port);
    /// \brief Bind an existing (cached) endpoint under its port. Aborts if the port is taken.
    /// \param endpoint it
    void AdoptEndpoint(Ptr<ClanEndpoint> endpoint);
    /// \param port a port \return its endpoint (null if none)
    Ptr<ClanEndpoint> GetEndpoint(uint16_t port) const;
    /**
     * \brief The driver sends an out-of-band message: a 48-byte record stored into the
     * destination's mailbox (the caller charges the system call).
     * \param dstHost destination host \param dstPort its port \param srcPort the sender's port
     * \param payload OOB_PAYLOAD_BYTES bytes \param landed called when the stores have
     * crossed the PCI bus
     */
    void SendOob(uint32_t dstHost,
                 uint16_t dstPort,
                 uint16_t srcPort,
                 const uint8_t* payload,
                 Callback<void> landed);

    /// Driver calls whose work the library charges (with a system call).
    enum Call
    {
        TRIPWIRE_CALL, //!< a Tripwire or Tripset call
        APERTURE_CALL, //!< export or map an aperture
        ENDPOINT_CALL, //!< create an endpoint
        OOB_CALL,      //!< send an out-of-band message
    };

    /// \param call a driver call \return its instructions (besides the system call)
    double GetCallInstructions(Call call) const;

    // --- statistics ---
    /// \return interrupts raised for Tripwires (each serves one or more ids)
    uint64_t GetNTripwireInterrupts() const;
    /// \return Tripwire ids the interrupt routine has served
    uint64_t GetNTripwireIds() const;
    /// \return ids lost to a full Tripwire FIFO
    uint64_t GetNFifoOverflows() const;
    /// \return write-burst packets sent (PIO and DMA)
    uint64_t GetNPacketsSent() const;
    /// \return pieces received
    uint64_t GetNPiecesReceived() const;
    /// \return bytes written into host memory by the receive path
    uint64_t GetBytesReceived() const;
    /// \return out-of-band messages delivered into endpoint queues
    uint64_t GetNOobDelivered() const;

    /// TracedCallback of a write made visible: (host address, bytes, source host).
    typedef void (*WriteTracedCallback)(uint64_t address, uint32_t len, uint32_t srcHost);

    /// \param model the card's and driver's costs (replaces the "CostModel" attribute; once
    /// attached its DmaTransmitBurst is checked against the host's bus)
    void SetCostModel(Ptr<ClanCostModel> model);
    /// \return the cost preset (null until set or attached: Attach makes the paper's card)
    Ptr<ClanCostModel> GetCostModel() const;
    /// \param entries the driver's mailbox ring ("MailboxEntries": fixed once attached)
    void SetMailboxEntries(uint32_t entries);
    /// \return the mailbox ring's entries ("MailboxEntries")
    uint32_t GetMailboxEntries() const;

  protected:
    void DoDispose() override;
    void NotifyAttached() override;
    void ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost) override;

  private:
    /// Stops with a message if a transmit burst is more than one burst of the host's bus.
    void CheckDmaTransmitBurst() const;
    /// \return the DMA driver's work per entry, from the cost preset at the host's CPU
    Time GetDmaDriverWork() const;

    /// A piece waiting for the receive side's PCI bus (FIFO: PRAM order).
    struct RxItem
    {
        Ptr<const Packet> packet; //!< the packet (header included)
        uint32_t srcHost;         //!< sender
        uint32_t headerBytes;     //!< its header's size
        uint32_t offset;          //!< piece's first data byte, from the end of the header
        uint32_t length;          //!< piece's bytes
        ClanHeader header;        //!< parsed header
        uint64_t write{0};        //!< a write's place in the receive stream (from 1)
    };

    /// A load waiting for its reply.
    struct PendingLoad
    {
        uint32_t length;   //!< bytes wanted
        ReadCallback done; //!< the processor's continuation
    };

    // clan-transmit-path.cc
    /// HostPioWindow's sink: stores reached the NIC. \param offset window offset
    /// \param data bytes \param len length
    void StoresLanded(uint64_t offset, const uint8_t* data, uint32_t len);
    /// The driver's mailbox stores reached the NIC. \param offset host x record size
    /// \param data the record \param len its bytes
    void KernelStoresLanded(uint64_t offset, const uint8_t* data, uint32_t len);
    /// Send one write burst. \param dstHost destination \param address there \param data
    /// bytes \param len length \param dma from the DMA engine \param localBus the outgoing
    /// bus address (for local Tripwires) \param lastByteReady when its last byte is on the card
    void SendBurst(uint32_t dstHost,
                   uint64_t address,
                   const uint8_t* data,
                   uint32_t len,
                   bool dma,
                   uint64_t localBus,
                   Time lastByteReady);
    /// The same with the burst's data already in a packet (the header is added here).
    /// \param dstHost destination \param address there \param payload the data
    /// \param dma from the DMA engine \param localBus the outgoing bus address
    /// \param lastByteReady when its last byte is on the card
    void SendBurst(uint32_t dstHost,
                   uint64_t address,
                   Ptr<Packet> payload,
                   bool dma,
                   uint64_t localBus,
                   Time lastByteReady);
    /// The DMA scheduler starts a request. \param request it \param queue its queue
    void DmaStart(const ClanDmaRequest& request, uint32_t queue);
    /// The DMA engine moves its next burst.
    void DmaNextBurst();

    // clan-receive-path.cc
    /// A piece of a splittable packet arrived. \param packet it \param srcHost sender
    /// \param offset first data byte \param length bytes
    void PieceArrived(Ptr<const Packet> packet, uint32_t srcHost, uint32_t offset, uint32_t length);
    /// A piece is through the NIC's receive pipeline. \param item it
    void PieceReady(const RxItem& item);
    /// Start the next queued write on the PCI bus.
    void RxNext();
    /// The front write has crossed the bus.
    void RxBusDone();
    /// A write is visible to the processor. \param address first byte \param len bytes
    /// \param srcHost sender \param write its number in the receive stream
    void WriteVisible(uint64_t address, uint32_t len, uint32_t srcHost, uint64_t write);
    /// Serve a read request. \param item its piece
    void ServeRead(const RxItem& item);
    /// A read reply arrived. \param item its piece
    void ReplyArrived(const RxItem& item);

    // clan-net-device.cc: Tripwires and the interrupt routine
    /// Match a burst and queue its firings. \param address first byte \param len bytes
    /// \param isWrite write or read \param isRemote arriving from the network
    /// \param write an incoming write's place in the receive stream (0: not one)
    void MatchTripwires(uint64_t address,
                        uint64_t len,
                        bool isWrite,
                        bool isRemote,
                        uint64_t write = 0);
    /// The routine's work on an id: its time. \param id it \return the CPU's time for it
    Time IdWork(uint32_t id);
    /// The routine has read an id from the FIFO and done its work. \param id it
    void FireId(uint32_t id);
    /// \param depth the Tripwire FIFO's entries ("TripwireFifoDepth")
    void SetFifoDepth(uint32_t depth);
    /// \return the Tripwire FIFO's entries
    uint32_t GetFifoDepth() const;
    /// \param drain one interrupt serves every id ("DrainFifoPerInterrupt")
    void SetDrainFifo(bool drain);
    /// \return true if one interrupt serves every id
    bool GetDrainFifo() const;

    // Attributes
    Ptr<ClanCostModel> m_cost; //!< the card's and driver's costs (read where used)
    uint32_t m_mailboxEntries; //!< mailbox ring slots
    bool m_receiveCheck;       //!< later revision's receive-side protection

    // Tables and state
    ClanApertureTable m_apertures;      //!< exported memory
    ClanWindowTable m_windows;          //!< imported
    Ptr<HostPioWindow> m_pio;           //!< processor stores into the windows
    Ptr<HostPioWindow> m_kernelPio;     //!< the driver's stores into mailboxes
    Ptr<ClanTripwireTable> m_tripwires; //!< CAM
    Ptr<ClanTripwireState> m_tripState; //!< bitmap, waiters, Tripsets

    /// Who hears a Tripwire fire: its event queue, a kernel handler (either may be null).
    struct TripwireListener
    {
        Ptr<ClanEventQueue> queue; //!< its event queue
        Callback<void> handler;    //!< a kernel handler
    };

    /// Listeners of the Tripwires that have one (a map: a table for every id of the CAM cost
    /// 64 KiB a host)
    std::unordered_map<uint32_t, TripwireListener> m_tripListeners;
    uint32_t m_tripCapacity{0};  //!< ids a listener may be set for (the CAM's, once attached)
    ClanTripwireFifo m_tripFifo; //!< fired ids and the interrupt routine
    uint64_t m_rxWrites{0};      //!< incoming writes numbered so far
    std::vector<uint32_t> m_matchScratch; //!< Match() output, reused
    Ptr<ClanDmaScheduler> m_dma;          //!< driver queues of the DMA engine
    ClanDmaRequest m_dmaRequest;          //!< the running request
    uint64_t m_dmaDone{0};                //!< its bytes read so far
    bool m_dmaRunning{false};             //!< a request runs
    SanFifo<RxItem> m_rx;                 //!< receive FIFO
    bool m_rxBusy{false};                 //!< the front write is on the bus
    Ptr<SanDmaEngine> m_rxDma;      //!< the receiving bridge: a bus master of its own (section 5.2)
    std::vector<uint8_t> m_scratch; //!< bytes of a piece, reused
    ClanMailbox m_mailbox;          //!< the driver's mailbox ring and endpoints
    std::map<uint32_t, PendingLoad> m_loads; //!< loads by tag
    uint32_t m_nextTag{1};                   //!< next load tag

    // Statistics and traces
    uint64_t m_packetsSent{0};                                 //!< bursts sent
    uint64_t m_piecesReceived{0};                              //!< pieces received
    uint64_t m_bytesReceived{0};                               //!< bytes written
    TracedCallback<uint64_t, uint32_t, uint32_t> m_writeTrace; //!< "Write"
};

} // namespace ns3

#endif /* CLAN_NET_DEVICE_H */
