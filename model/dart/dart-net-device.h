/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_NET_DEVICE_H
#define DART_NET_DEVICE_H

#include "dart-action-queues.h"
#include "dart-address-translation.h"
#include "dart-card.h"
#include "dart-connection-table.h"
#include "dart-cost-model.h"
#include "dart-endpoint-table.h"
#include "dart-engine.h"
#include "dart-operation.h"
#include "dart-receive-path.h"
#include "dart-register-file.h"
#include "dart-send-path.h"

#include "ns3/san-event-queue.h"
#include "ns3/san-nic-device.h"
#include "ns3/san-resource.h"

#include <utility>
#include <vector>

namespace ns3
{

class DartContext;

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
 *
 * This class is the NetDevice and its control plane (the kernel's set-up: endpoints,
 * connections, registers, action queues) and wires its parts, each of which owns its state and
 * sees the device only through the narrow DartCard interface: DartEngine (who does the work,
 * and the host interrupts), DartAddressTranslation (the TLB and its misses), DartActionQueues,
 * DartSendPath and DartReceivePath (the Operation Logic). The Connection Table, the register
 * file (DartRegisterFile) and the Endpoint Table are the device's, lent to the parts that use
 * them.
 */
class DartNetDevice : public SanNicDevice, private DartCard
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
    // DartCard: what the parts ask of the device.
    Ptr<HostCpu> GetHostCpu() const override;
    Ptr<HostBus> GetHostIoBus() const override;
    Ptr<SanDmaEngine> GetHostDma() const override;
    void HandToFabric(uint32_t dst, Ptr<Packet> packet) override;
    void RefuseMessage(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost) override;
    void MessageCompleted(Ptr<const Packet> packet) override;
    void TraceStage(const char* stage, Time start, Time end) override;

    /// \param bytes page size ("PageSize")
    void SetPageSize(uint32_t bytes);
    /// \return the page size
    uint32_t GetPageSize() const;
    /// \param entries default entries of an action queue ("ActionQueueEntries")
    void SetActionQueueEntries(uint32_t entries);
    /// \return default entries of an action queue
    uint32_t GetActionQueueEntries() const;
    /// \param trap interrupt the host for every refused message ("TrapOnErrors")
    void SetTrapOnErrors(bool trap);
    /// \return whether refused messages interrupt the host
    bool GetTrapOnErrors() const;

    uint32_t m_nConnections;                  //!< attribute
    uint32_t m_nRegisters;                    //!< attribute
    uint32_t m_tlbEntries;                    //!< attribute
    DartConnectionTable m_connections;        //!< Connection Table (built at Attach)
    DartRegisterFile m_registers;             //!< address registers (built at Attach)
    DartEndpointTable m_endpoints;            //!< Endpoint Table
    std::vector<Ptr<DartContext>> m_contexts; //!< per endpoint
    // The parts, each with its own state; each sees the device only as a DartCard.
    DartEngine m_engine;                         //!< who does the work (kernel or card processor)
    DartAddressTranslation m_translation;        //!< the TLB and its misses
    DartActionQueues m_queues;                   //!< action queues
    DartSendPath m_send;                         //!< send path
    DartReceivePath m_receive;                   //!< receive path (the Operation Logic)
    TracedCallback<Ptr<const Packet>> m_txTrace; //!< message to the fabric
    TracedCallback<Ptr<const Packet>> m_rxTrace; //!< message's operation completed
};

} // namespace ns3

#endif /* DART_NET_DEVICE_H */
