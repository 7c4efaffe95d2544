/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_NET_DEVICE_H
#define SCI_NET_DEVICE_H

#include "sci-cost-model.h"
#include "sci-datapath.h"
#include "sci-header.h"
#include "sci-transactions.h"

#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-pio-window.h"
#include "ns3/san-nic-device.h"
#include "ns3/san-resource.h"

#include <cstdint>
#include <deque>
#include <map>
#include <unordered_map>
#include <vector>

namespace ns3
{

struct SciDmaJob;

/**
 * \ingroup san
 * \brief Dolphin's PCI/SCI cluster adapter, revision B (Ryan and Bryhni 1998, sections 2.1,
 * 3.2-3.5 and 4.4): remote memory through processor stores and loads, interrupt flags, and a
 * DMA engine.
 *
 * Addresses: each adapter is an SCI node with a 16-bit node id (its host number in the
 * fabric); the cluster's 64-bit address space is the node id followed by a 48-bit address
 * within the node. A node exports regions of its memory as segments (Export); a process maps
 * a remote segment (Map) into a window of the adapter's PCI space and then stores and loads
 * through it (the host layer's HostPioWindow: the stores cross the PCI bus in order).
 *
 * Stores: the adapter gathers consecutive stores into one 64-byte SCI write request (a
 * partial one leaves when a store goes elsewhere, on Flush, or after "GatherTimeout"); every
 * request is answered by an echo, and a request the target could not take (a corrupted packet:
 * "ReceiveErrorModel") is sent again by the hardware, so nothing is lost and the sender knows
 * at once whether its transfer succeeded (CheckTransfers). At most "MaxOutstandingRequests"
 * requests await their echoes. The adapter's datapath moves "AdapterRate" bytes per second
 * (88 MB/s, section 4.4) in each of its transmit and receive halves and adds
 * "AdapterLatency" per crossing; the link rate is the fabric's (LC-1: 200 MB/s). These costs,
 * GatherTimeout and the driver's instruction counts are the "CostModel" preset's
 * (SciCostModel).
 *
 * Loads: a load of remote memory stalls the processor until the response is back (about 2 us
 * on the paper's machines, section 2.1 footnote 1).
 *
 * Incoming writes cross the PCI bus into memory in arrival order, and the host's system bus
 * when its preset models one (HostMemorySystem): that is the receiver's bus traffic that
 * SCILAN's throughput depends on (section 4.2).
 *
 * Interrupt flags (section 3.2): a word in this host's memory; a remote store through a flag's
 * special mapping (Stimulate) makes the adapter increment the word atomically, and raise an
 * interrupt if its most significant bit was zero before. The initial value 0x7FFFFFFF makes
 * many stimuli give one interrupt; ordinary writes by the owner (WriteFlag) re-arm it.
 *
 * Packets for addresses no segment or flag covers are dropped, counted and traced (reason
 * "no-segment"), and the sender's echo carries ERROR.
 */
class SciNetDevice : public SanNicDevice
{
  public:
    /// Drop reasons.
    enum DropReason : uint32_t
    {
        DROP_NO_SEGMENT = 0, //!< no exported segment or flag at the address
        DROP_CORRUPT = 1,    //!< the packet was corrupted (the sender retries it)
        DROP_MALFORMED = 2,  //!< not an SCI packet
    };

    /// A load's data: (bytes, length).
    typedef Callback<void, const uint8_t*, uint32_t> ReadCallback;
    /// The result of CheckTransfers: true if every request since the last check was taken.
    typedef Callback<void, bool> CheckCallback;

    /// Where interrupt flags live in a node's 48-bit address space (their special mapping:
    /// a store increments, a load fetches and increments).
    static constexpr uint64_t FLAG_SPACE = uint64_t(1) << 47;
    /// Within FLAG_SPACE, the flags' ordinary mapping (plain writes of the word).
    static constexpr uint64_t FLAG_PLAIN = uint64_t(1) << 46;
    /// Bytes of an SCI write request's data at most.
    static constexpr uint32_t MAX_REQUEST_BYTES = 64;
    /// The flag's value when created (section 3.2).
    static constexpr uint32_t FLAG_INITIAL = 0x7FFFFFFF;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SciNetDevice();
    ~SciNetDevice() override;

    /// \return this adapter's 16-bit SCI node id
    uint16_t GetNodeId() const;

    // --- segments (the ICM driver's set-up, off the data path) ---

    /**
     * \brief Export \p size bytes of this host's memory at \p hostAddress as a segment.
     * \return the segment's address within this node (for remote Map calls)
     */
    uint64_t Export(uint64_t hostAddress, uint64_t size);
    /// \brief Withdraw the segment at \p sciAddress (later writes to it are dropped).
    void Unexport(uint64_t sciAddress);

    /**
     * \brief Map \p size bytes at \p sciAddress of node \p node into this adapter's PCI space.
     * \return the mapping's bus address, for Store/Load
     */
    uint64_t Map(uint16_t node, uint64_t sciAddress, uint64_t size);

    // --- processor access through mappings ---

    /**
     * \brief Processor stores of \p len bytes at \p busAddress (a mapping), posted: \p landed
     * runs when they have crossed the PCI bus into the adapter.
     */
    void Store(uint64_t busAddress, const uint8_t* data, uint32_t len, Callback<void> landed);
    /// \return the sink through which HostMemorySystem::CopyToDevice stores at \p busAddress
    HostMemorySystem::StoreSink GetStoreSink(uint64_t busAddress);
    /// \brief Send the partly gathered request now (a store barrier before a check).
    void Flush();
    /**
     * \brief Wait until every request sent so far has its echo, read the adapter's error
     * status (a PCI load) and clear it.
     * \param done called with true if all were taken
     */
    void CheckTransfers(CheckCallback done);
    /**
     * \brief A processor load of \p len bytes (1 to 64) at \p busAddress (a mapping). The
     * caller stalls its processor until \p done.
     */
    void Load(uint64_t busAddress, uint32_t len, ReadCallback done);

    // --- interrupt flags ---

    /// \brief Create an interrupt flag (value FLAG_INITIAL) \return its id
    uint32_t CreateFlag();
    /// \param flag a flag \return the host address of its word
    uint64_t GetFlagAddress(uint32_t flag) const;
    /// \param flag a flag \return its value (an ordinary local read)
    uint32_t ReadFlag(uint32_t flag) const;
    /// \brief An ordinary local write of the flag's word (toggling its most significant bit
    /// turns interrupts off and on) \param flag a flag \param value the new value
    void WriteFlag(uint32_t flag, uint32_t value);
    /// \brief The driver routine to run in the interrupt a stimulus raises \param flag a flag
    /// \param handler called in the interrupt handler (null: none; removing it is safe once
    /// the device is disposed)
    void SetFlagHandler(uint32_t flag, Callback<void> handler);
    /**
     * \brief Stimulate flag \p flag of node \p node: a 4-byte store through the flag's special
     * mapping, in order with this process's earlier stores.
     * \param landed called when the store has crossed the local PCI bus
     */
    void Stimulate(uint16_t node, uint32_t flag, Callback<void> landed);
    /**
     * \brief A load through flag \p flag's special mapping on node \p node: the adapter
     * increments the word atomically and returns its value before (a disabled flag, whose top
     * bit is set, used as test-and-set: section 3.4). The caller stalls its processor.
     * \param done called with the value before
     */
    void FetchAndIncrement(uint16_t node, uint32_t flag, Callback<void, uint32_t> done);
    /**
     * \brief An ordinary remote store of \p value into flag \p flag's word on node \p node
     * (in order with earlier stores).
     * \param landed called when the store has crossed the local PCI bus
     */
    void WriteRemoteFlag(uint16_t node, uint32_t flag, uint32_t value, Callback<void> landed);

    // --- DMA ---

    /**
     * \brief The DMA engine: write \p len bytes of this host's memory at \p hostAddress to
     * \p sciAddress of node \p node, as 64-byte requests (set up by the driver: a system call
     * on the caller's processor).
     * \param done called when every request has its echo
     */
    void DmaWrite(uint64_t hostAddress,
                  uint16_t node,
                  uint64_t sciAddress,
                  uint32_t len,
                  Callback<void> done);

    // --- statistics ---

    /// \return write requests sent (first attempts)
    uint64_t GetRequestsSent() const;
    /// \return requests sent again after a RETRY echo
    uint64_t GetRetries() const;
    /// \return requests refused with ERROR
    uint64_t GetErrors() const;
    /// \return interrupts raised by this adapter's flags
    uint64_t GetFlagInterrupts() const;
    /// \return stimuli received by this adapter's flags
    uint64_t GetStimuli() const;
    /// \return bytes written into this host's memory by remote stores
    uint64_t GetBytesReceived() const;

    /// \param model the adapter's and driver's costs (replaces the "CostModel" attribute)
    void SetCostModel(Ptr<SciCostModel> model);
    /// \param n requests awaiting echoes at most ("MaxOutstandingRequests")
    void SetMaxOutstanding(uint32_t n);
    /// \return requests awaiting echoes at most
    uint32_t GetMaxOutstanding() const;
    /// \return the cost preset (null until set or attached: Attach makes the paper's card)
    Ptr<SciCostModel> GetCostModel() const;

  protected:
    void DoDispose() override;
    void NotifyAttached() override;
    void ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost) override;

  private:
    /// An exported segment.
    struct Segment
    {
        uint64_t hostAddress; //!< where it is in memory
        uint64_t size;        //!< bytes
    };

    /// The flags' special mappings sit above every ordinary mapping in the PCI space.
    static constexpr uint64_t FLAG_MAP_BASE = uint64_t(1) << 46;
    /// Above FLAG_MAP_BASE + this: the flags' ordinary mappings.
    static constexpr uint64_t FLAG_PLAIN_MAP = uint64_t(1) << 45;
    /// \param node a node \param flag its flag \param plain the ordinary mapping
    /// \return the bus address of the flag's word in this adapter's PCI space
    static uint64_t FlagBusAddress(uint16_t node, uint32_t flag, bool plain);

    /// A mapping of a remote segment.
    struct Mapping
    {
        uint64_t busBase; //!< first bus address
        uint64_t size;    //!< bytes
        uint16_t node;    //!< target node
        uint64_t remote;  //!< address within the target
    };

    /// The stores being gathered into one request.
    struct Gather
    {
        bool open{false};                  //!< a request is being gathered
        uint16_t node{0};                  //!< its target
        uint64_t start{0};                 //!< its first address (remote)
        uint32_t len{0};                   //!< bytes gathered
        uint8_t data[MAX_REQUEST_BYTES]{}; //!< the bytes
        uint64_t generation{0};            //!< for the gather timer
    };

    /// One incoming operation on memory, done in arrival order.
    struct Inbound
    {
        SciHeader header;          //!< the request
        std::vector<uint8_t> data; //!< WRITE: its bytes
        uint32_t srcHost;          //!< the requester's host number
        uint64_t hostAddress;      //!< where in memory
        int64_t flag;              //!< a flag's word: its id (else -1)
        bool plain;                //!< an ordinary write of the flag's word
    };

    // transmit path (sci-transmit-path.cc)
    void StoresLanded(uint64_t offset, const uint8_t* data, uint32_t len);
    const Mapping& FindMapping(uint64_t busAddress, uint32_t len) const;
    void GatherStore(uint16_t node, uint64_t remote, const uint8_t* data, uint32_t len);
    void SendGathered();
    void GatherTimeout(uint64_t generation);
    void QueueRequest(uint16_t node, uint64_t address, Ptr<Packet> data, Callback<void> echoed);
    void Transmit(uint16_t node, const SciHeader& header, Ptr<const Packet> data);
    void DmaNext(Ptr<SciDmaJob> job);
    void MaybeChecked();

    // receive path (sci-receive-path.cc)
    void Accepted(Ptr<Packet> packet, SciHeader h, uint32_t srcHost);
    void SendEcho(uint32_t srcHost, uint16_t transaction, SciHeader::Status status);
    bool Resolve(uint64_t address,
                 uint32_t len,
                 uint64_t& hostAddress,
                 int64_t& flag,
                 bool& plain) const;
    void LoadRemote(uint16_t node, uint64_t remote, uint32_t len, ReadCallback done);
    void FlagAccess(bool increment, bool respond);
    void NextInbound();
    void InboundDone();
    void RaiseFlagInterrupt(uint32_t flag);
    Time AdapterTime(uint32_t bytes) const;

    /// A write from the fabric crossing the system bus into memory (pooled, with its callback
    /// made once).
    struct InboundLanding
    {
        uint64_t hostAddress{0};   //!< where in memory
        std::vector<uint8_t> data; //!< the bytes
        Callback<void> landed;     //!< InboundLanded of this landing
    };

    /// \param p a packet that has crossed the transmit half \param h unused \param node its target
    void TxPathDone(Ptr<Packet> p, const SciHeader& h, uint32_t node);
    /// \param p a packet that has crossed the receive half \param h its header
    /// \param srcHost its sender
    void RxPathDone(Ptr<Packet> p, const SciHeader& h, uint32_t srcHost);
    /// \param node the target \param p the packet: hand it to the fabric
    void SendToFabric(uint16_t node, Ptr<Packet> p);
    /// The front inbound write has crossed the PCI bus: on to the system bus.
    void InboundWritten();
    /// \param index the landing whose write is in memory
    void InboundLanded(uint32_t index);
    /// \return a byte buffer for a request's data (an earlier one's, emptied, if any)
    std::vector<uint8_t> TakeBuffer();

    // attributes
    Ptr<SciCostModel> m_cost;        //!< the adapter's and driver's costs (read where used)
    Ptr<ErrorModel> m_receiveErrors; //!< corrupts incoming packets

    Ptr<HostPioWindow> m_pio;                      //!< the adapter's PCI space (all mappings)
    uint64_t m_nextBus{0};                         //!< next free bus address for a mapping
    std::map<uint64_t, Mapping> m_maps;            //!< by bus base
    mutable const Mapping* m_lastMapping{nullptr}; //!< the mapping FindMapping found last
    uint64_t m_nextSegment{0};                     //!< next free address in this node
    std::map<uint64_t, Segment> m_segments;        //!< by SCI address
    Gather m_gather;                               //!< the open request
    SciTransactions m_transactions;                //!< requests and loads in flight
    std::vector<CheckCallback> m_checks;           //!< waiting for the echoes
    bool m_checkReading{false};                    //!< the status register is being read
    SciDatapath m_txPath;                          //!< the adapter's transmit datapath
    SciDatapath m_rxPath;                          //!< the adapter's receive datapath
    std::deque<Inbound> m_inbound;                 //!< memory operations in arrival order
    bool m_inboundBusy{false};                     //!< the front one is in progress
    std::vector<uint64_t> m_flags;                 //!< flag id -> host address
    std::vector<Callback<void>> m_flagHandlers;    //!< flag id -> driver routine
    Ptr<SanDmaEngine> m_inboundDma; //!< the bus master serving remote requests (not the DMA engine)

    std::vector<InboundLanding> m_landings;      //!< writes on the system bus
    std::vector<uint32_t> m_freeLandings;        //!< free landings
    std::vector<std::vector<uint8_t>> m_buffers; //!< spare byte buffers
    Callback<void> m_inboundWritten;             //!< InboundWritten (made once)

    uint64_t m_flagInterrupts{0}; //!< interrupts raised
    uint64_t m_stimuli{0};        //!< stimuli taken
    uint64_t m_bytesReceived{0};  //!< remote bytes written here

    TracedCallback<uint16_t, uint32_t> m_retryTrace;     //!< (node, bytes) sent again
    TracedCallback<uint32_t, uint32_t> m_interruptTrace; //!< (flag, value before)
};

} // namespace ns3

#endif /* SCI_NET_DEVICE_H */
