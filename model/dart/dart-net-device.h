/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_NET_DEVICE_H
#define DART_NET_DEVICE_H

#include "dart-connection-table.h"
#include "dart-cost-model.h"
#include "dart-endpoint-table.h"
#include "dart-operation.h"

#include "ns3/host-pio-window.h"
#include "ns3/san-event-queue.h"
#include "ns3/san-nic-device.h"
#include "ns3/san-resource.h"

#include <deque>
#include <memory>
#include <utility>
#include <vector>

namespace ns3
{

class DartContext;

/**
 * \ingroup san
 * \brief An action the Operation Logic hands to the host: a conditional that held, or a
 * software exception. It is what an action queue's entry holds (16 bytes in host memory).
 */
struct DartAction
{
    /// Why the host is told.
    enum Kind : uint8_t
    {
        CONDITION = 1,          //!< a message's conditional held
        SOFTWARE_EXCEPTION = 2, //!< a SOFTWARE_EXCEPTION message
    };

    Kind kind{CONDITION}; //!< why
    uint16_t vci{0};      //!< the connection the message came on
    uint32_t value{0};    //!< the value path (effective address, or the operand)
    uint32_t lhs{0};      //!< the conditional's left side
    uint32_t rhs{0};      //!< its right side

    /// Bytes of an entry.
    static constexpr uint32_t BYTES = 16;
    /// \param out BYTES bytes
    void Encode(uint8_t* out) const;
    /// \param in BYTES bytes \return the action
    static DartAction Decode(const uint8_t* in);
};

/**
 * \ingroup san
 * \brief MERL's DART network interface (Osborne 1994): hybrid deposit over ATM cells.
 *
 * Send side: each connection has memory-mapped Send Registers (a HostPioWindow): the process
 * stores the control information, the message's offset in its endpoint and its size (24 bytes
 * of posted PIO stores); the interface reads the data from the endpoint and sends a control
 * cell (16 bytes of control, 32 of data) or, for a longer message, a control cell followed by
 * AAL5 cells (SanFabric Cell mode cuts the packet into 53-byte cells; see DartHeader).
 *
 * Receive side, one message at a time in arrival order: the Connection Table (unknown VCI:
 * dropped), the variant's fetch of the control word from the endpoint, the register window check
 * of every index the message uses, the Operation Logic (DartOperationLogic: up to four
 * primitives), the Endpoint Table's bound, the TLB (a miss interrupts the host, which loads the
 * entry; the operation then completes), then the opcode: a write deposits (masked words) into
 * host memory, a read is answered by the interface without the host, a software exception
 * interrupts. A conditional that holds posts an action to the connection's action queue at the
 * end of the message: queues marked immediate interrupt the host, the others accumulate until
 * the host takes them (any number of queues). A refused message is counted per reason
 * ("Drop" trace), raises an error trap to the host (TrapOnErrors), changes no register and
 * writes nothing.
 *
 * Who does the work is the cost model's: DartCostModel HOST_KERNEL runs the send path in a
 * system call and the receive path in the receive interrupt, with the host moving cells through
 * the card's FIFOs by programmed I/O (the paper's software DART); CARD_PROCESSOR runs them on the
 * card's processor with DMA over the host bus (the projected hardware DART).
 *
 * Stage trace names: "send" (registers landed or trap entered to cell handed to the fabric),
 * "receive" (message at the card to the end of its operation), "tlb-miss", "reply".
 */
class DartNetDevice : public SanNicDevice
{
  public:
    /// Drop reasons.
    enum DropReason : uint32_t
    {
        UNKNOWN_CONNECTION = 0, //!< no Connection Table entry for the VCI
        OUT_OF_WINDOW = 1,      //!< a register index outside the connection's window
        OUT_OF_BOUNDS = 2,      //!< an address outside the endpoint
        UNIMPLEMENTED = 3,      //!< an opcode or operation this interface does not have
        MALFORMED = 4,          //!< a packet too short, or whose length disagrees with it
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DartNetDevice();
    ~DartNetDevice() override;

    /// \param cost the cost preset (before Attach)
    void SetCostModel(Ptr<DartCostModel> cost);
    /// \return the cost preset
    Ptr<DartCostModel> GetCostModel() const;

    // --- set-up (the kernel's part; DartHelper calls these) ---
    /**
     * \brief Create an endpoint: \p size bytes of a process's virtual memory at \p virtualBase,
     * backed by page frames in host memory. Returns the process's context.
     * \param size bytes (> 0)
     * \param virtualBase its first virtual address (page aligned)
     * \return the context
     */
    Ptr<DartContext> OpenEndpoint(uint64_t size, uint64_t virtualBase = 0x10000000);
    /**
     * \brief Fill a Connection Table entry (and give the connection Send Registers).
     * \param vci the entry (DartConnectionTable::AllocateVci() finds a free one)
     * \param c its contents
     */
    void SetConnection(uint16_t vci, const DartConnection& c);
    /// \return a free VCI
    uint16_t AllocateVci() const;
    /**
     * \brief The kernels' set-up of a duplex connection between two endpoints on two
     * interfaces: a Connection Table entry at each end (endpoint, register window, action
     * queue, peer) with its Send Registers.
     * \param a one endpoint
     * \param b the other (another host)
     * \param windowA registers of a's side (incoming messages from b name these)
     * \param windowB registers of b's side
     * \param queueA action queue at a's interface (DartConnection::NO_QUEUE: none)
     * \param queueB action queue at b's interface
     * \return the VCIs at a and at b: a sends on the first, b on the second
     */
    static std::pair<uint16_t, uint16_t> Connect(Ptr<DartContext> a,
                                                 Ptr<DartContext> b,
                                                 DartWindow windowA,
                                                 DartWindow windowB,
                                                 uint32_t queueA = DartConnection::NO_QUEUE,
                                                 uint32_t queueB = DartConnection::NO_QUEUE);
    /// \param vci a connection \return its entry (aborts if there is none)
    const DartConnection& GetConnection(uint16_t vci) const;
    /**
     * \brief Create an action queue in host memory.
     * \param immediate true: every action interrupts the host; false: delayable
     * \param entries ring entries (0: the "ActionQueueEntries" attribute)
     * \return its index
     */
    uint32_t CreateActionQueue(bool immediate, uint32_t entries = 0);
    /// \param queue an action queue \return its ring
    Ptr<SanEventQueue> GetActionQueue(uint32_t queue) const;
    /// \param queue an action queue \return true if it interrupts
    bool IsImmediateQueue(uint32_t queue) const;
    /**
     * \param queue an immediate queue
     * \param handler run (after the interrupt's dispatch and the handler's work) for each
     * action posted to it; it should Pop the entry
     */
    void SetActionHandler(uint32_t queue, Callback<void> handler);
    /// \param reg absolute register number \param value its value (the kernel's set-up)
    void SetRegister(uint32_t reg, uint32_t value);
    /// \param reg absolute register number \return its value
    uint32_t GetRegister(uint32_t reg) const;
    /// \return the register file's size
    uint32_t GetNRegisters() const;
    /// \param n connections (VCIs; "Connections": fixed once attached, see RefuseAfterAttach)
    void SetConnections(uint32_t n);
    /// \return connections ("Connections")
    uint32_t GetConnections() const;
    /// \param n registers per connection ("Registers": fixed once attached)
    void SetRegisters(uint32_t n);
    /// \param n TLB entries ("TlbEntries": fixed once attached)
    void SetTlbEntries(uint32_t n);
    /// \return TLB entries ("TlbEntries")
    uint32_t GetTlbEntries() const;

    // --- the process's side (DartContext calls these) ---
    /**
     * \brief Send a message on a connection: store the Send Registers, or trap (HOST_KERNEL).
     * Aborts on a message the interface cannot carry (a WRITE or READ request of more than 32
     * bytes, a multi-cell message beyond the AAL5 or fabric limit, no such connection).
     * \param vci the connection
     * \param ctl the control information
     * \param offset the data's offset in the connection's endpoint
     * \param size the data's size in bytes
     * \param issued called when the process may go on (the stores are posted, or the trap
     *        returned)
     */
    void Send(uint16_t vci,
              const DartControl& ctl,
              uint32_t offset,
              uint32_t size,
              Callback<void> issued);
    /// \return the largest multi-cell message's data
    uint32_t GetMaxMessageBytes() const;

    // --- statistics ---
    /// \return messages sent
    uint64_t GetNSent() const;
    /// \return messages whose operation completed
    uint64_t GetNReceived() const;
    /// \return reads answered without the host
    uint64_t GetNReadsServed() const;
    /// \return actions posted (conditionals that held, software exceptions)
    uint64_t GetNActions() const;
    /// \return host interrupts raised by this interface (receive, TLB miss, actions, traps)
    uint64_t GetNInterrupts() const;
    /// \return TLB misses
    uint64_t GetNTlbMisses() const;
    /// \return error traps raised to the host
    uint64_t GetNErrorTraps() const;
    /// \return the TLB
    const DartTlb& GetTlb() const;
    /**
     * \brief The kernel loads the TLB with the translations of a range ahead of use (at set-up,
     * or for pages it knows are hot), so that their first touch does not interrupt the host.
     * \param endpoint an endpoint
     * \param offset first byte
     * \param len bytes
     */
    void LoadTlbEntries(uint32_t endpoint, uint64_t offset, uint64_t len);
    /// \param endpoint drop the TLB's entries of this endpoint (the host remapped it)
    void InvalidateTlb(uint32_t endpoint);
    /// \return the card processor (CARD_PROCESSOR presets)
    Ptr<SanResource> GetCardProcessor() const;

    /**
     * \brief Hand a packet to the receive path as if it came from the fabric (protection tests).
     * \param packet the packet
     * \param srcHost its claimed source
     */
    void InjectForTest(Ptr<const Packet> packet, uint32_t srcHost);

  protected:
    void DoDispose() override;
    void NotifyAttached() override;
    void ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost) override;

  private:
    friend class DartContext;

    /// A message waiting for the Operation Logic.
    struct Arrival
    {
        Ptr<const Packet> packet; //!< the packet
        uint32_t src;             //!< source host
        Time at;                  //!< arrival
    };

    /// What one message will do once its operation is decided.
    struct Plan
    {
        uint16_t vci{0};                     //!< connection
        const DartConnection* conn{nullptr}; //!< its entry
        DartControl ctl;                     //!< control (after the variant's fetch)
        DartExecution x;                     //!< the Operation Logic's result
        std::vector<uint8_t> data;           //!< the message's data
        uint32_t cells{1};                   //!< cells of the message
        uint64_t accessOffset{0};            //!< first byte of the endpoint touched
        uint32_t accessBytes{0};             //!< bytes touched (0: none)
        uint32_t replyOffset{0};             //!< read: where the reply goes at the requester
        uint32_t replyTag{0};                //!< read: the requester's tag
        uint32_t missingPages{0};            //!< pages the TLB must be loaded with
        bool fetched{false};                 //!< the variant fetched the control word
        uint32_t fetchOffset{0};             //!< from there
        Time start;                          //!< arrival at the card
        Ptr<const Packet> packet;            //!< the message
    };

    /// \param vci connection \param ctl control \param offset data \param size bytes
    /// \return the packet for it (reads the endpoint)
    Ptr<Packet> BuildMessage(uint16_t vci,
                             const DartControl& ctl,
                             const uint8_t* data,
                             uint32_t size) const;
    /// \param bytes data \return cells of a message with that much data
    static uint32_t CellsFor(uint32_t bytes);
    /// Send-side work on the card, then the message to the fabric.
    void CardSend(uint16_t vci, DartControl ctl, uint32_t offset, uint32_t size, Time start);
    /// Store the oldest waiting send's Send Registers, if no store is crossing the bus.
    void StoreNextSend();
    /// The Send Registers of a connection landed.
    void SendRegistersLanded(uint16_t vci, uint64_t offset, const uint8_t* data, uint32_t len);

    /// Start the next message if the Operation Logic is free.
    void StartNext();
    /// Decide a message's operation (protection, logic, bounds); false if refused.
    bool Decide(const Arrival& a, Plan& plan);
    /// Run the decided message's timed work, then Finish.
    void Execute(std::shared_ptr<Plan> plan);
    /// Commit registers, deposit, reply, post actions; start the next message.
    void Finish(std::shared_ptr<Plan> plan);
    /// \param plan a refused message: trap to the host if configured, then go on
    void Refused();
    /// Post an action to a queue.
    void PostAction(uint32_t queue, const DartAction& action);
    /// Load the TLB entries a plan misses (host exception), then continue.
    void LoadTlb(std::shared_ptr<Plan> plan, Callback<void> then);
    /// \param endpoint an endpoint \param offset where \param len bytes
    /// \return pages of the range the TLB lacks (counts misses, touches hits)
    uint32_t CountMisses(uint32_t endpoint, uint64_t offset, uint32_t len);
    /// Insert the range's translations (after the host loaded them).
    void FillTlb(uint32_t endpoint, uint64_t offset, uint32_t len);
    /// \param units work in the cost model's units \return its duration
    Time Work(double units) const;
    /// Run work on the engine (card processor, or the host CPU as kernel work).
    void RunWork(double units, Callback<void> done);
    /// Answer a read.
    void Reply(std::shared_ptr<Plan> plan);
    /// Hand a packet to the fabric, moving its cells through the FIFO first on HOST_KERNEL.
    /// \param cpuHeld the caller (the receive interrupt's handler) holds the CPU already
    void Transmit(uint32_t dst, Ptr<Packet> packet, Callback<void> done, bool cpuHeld = false);
    /// End the receive interrupt handler's hold of the CPU (HOST_KERNEL), if any.
    void ReleaseKernel();

    Ptr<DartCostModel> m_cost;                          //!< costs
    uint32_t m_nConnections;                            //!< attribute
    uint32_t m_nRegisters;                              //!< attribute
    uint32_t m_tlbEntries;                              //!< attribute
    uint32_t m_pageSize;                                //!< attribute
    uint32_t m_actionEntries;                           //!< attribute
    bool m_trapOnErrors;                                //!< attribute
    std::unique_ptr<DartConnectionTable> m_connections; //!< Connection Table + registers
    DartEndpointTable m_endpoints;                      //!< Endpoint Table
    std::unique_ptr<DartTlb> m_tlb;                     //!< TLB
    std::vector<Ptr<DartContext>> m_contexts;           //!< per endpoint
    std::vector<Ptr<HostPioWindow>> m_sendRegisters;    //!< per VCI (null if none)

    /// A send whose Send Registers the processor has yet to store.
    struct PendingSend
    {
        uint16_t vci;              //!< its connection
        std::vector<uint8_t> regs; //!< the registers' contents (control, offset, size)
    };

    std::deque<PendingSend> m_storeQueue; //!< sends in program order, not yet stored
    bool m_storing{false};                //!< a send's stores are crossing the bus

    /// One action queue.
    struct ActionQueue
    {
        Ptr<SanEventQueue> ring; //!< entries in host memory
        bool immediate;          //!< interrupts
        Callback<void> handler;  //!< immediate: the host's handler
    };

    std::vector<ActionQueue> m_queues;           //!< action queues
    Ptr<SanResource> m_card;                     //!< card processor
    std::deque<Arrival> m_arrivals;              //!< messages waiting for the Operation Logic
    bool m_busy{false};                          //!< a message is in the Operation Logic
    bool m_kernelHolds{false};                   //!< the receive interrupt's handler holds the CPU
    uint64_t m_sent{0};                          //!< statistics
    uint64_t m_received{0};                      //!< statistics
    uint64_t m_readsServed{0};                   //!< statistics
    uint64_t m_actions{0};                       //!< statistics
    uint64_t m_interrupts{0};                    //!< statistics
    uint64_t m_errorTraps{0};                    //!< statistics
    TracedCallback<Ptr<const Packet>> m_txTrace; //!< message to the fabric
    TracedCallback<Ptr<const Packet>> m_rxTrace; //!< message's operation completed
};

} // namespace ns3

#endif /* DART_NET_DEVICE_H */
