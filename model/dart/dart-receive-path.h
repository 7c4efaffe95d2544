/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_RECEIVE_PATH_H
#define DART_RECEIVE_PATH_H

#include "dart-action-queues.h"
#include "dart-address-translation.h"
#include "dart-card.h"
#include "dart-connection-table.h"
#include "dart-endpoint-table.h"
#include "dart-engine.h"
#include "dart-operation.h"
#include "dart-register-file.h"

#include "ns3/packet.h"
#include "ns3/san-fifo.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The receive path of a DART interface (DartNetDevice): the Operation Logic's side of
 * the card (Osborne 1994, Figure 5), one message at a time in arrival order.
 *
 * Decide: the Connection Table (unknown VCI: dropped), the variant's fetch of the control word
 * from the endpoint, the register window check of every index the message uses, the
 * Operation Logic (DartOperationLogic: up to four primitives), the Endpoint Table's bound.
 * Then the timed work on the engine (on HOST_KERNEL inside the receive interrupt, reading the
 * cells out of the FIFO), the TLB (DartAddressTranslation), and the opcode: a write deposits
 * (masked words) into host memory, a read is answered without the host, a software exception
 * interrupts. A conditional that holds posts an action (DartActionQueues) at the end of the
 * message. A refused message is dropped with its reason (DartCard::RefuseMessage), raises an
 * error trap to the host if TrapOnErrors is set, changes no register and writes nothing.
 *
 * Stages: "receive" (message at the card to the end of its operation), "reply".
 */
class DartReceivePath
{
  public:
    /**
     * \param card the device
     * \param engine who does the work
     * \param translation the TLB
     * \param queues the action queues
     * \param connections the Connection Table
     * \param registers the register file (accepted messages' registers are committed here)
     * \param endpoints the Endpoint Table
     */
    DartReceivePath(DartCard& card,
                    DartEngine& engine,
                    DartAddressTranslation& translation,
                    DartActionQueues& queues,
                    const DartConnectionTable& connections,
                    DartRegisterFile& registers,
                    const DartEndpointTable& endpoints);

    /// \param packet a message at the card \param srcHost its source host
    void Receive(Ptr<const Packet> packet, uint32_t srcHost);
    /// \param trap interrupt the host for every refused message ("TrapOnErrors")
    void SetTrapOnErrors(bool trap);
    /// \return whether refused messages interrupt the host
    bool GetTrapOnErrors() const;
    /// \brief Forget the messages waiting.
    void Clear();

    /// \return messages whose operation completed
    uint64_t GetNReceived() const;
    /// \return reads answered without the host
    uint64_t GetNReadsServed() const;
    /// \return error traps raised
    uint64_t GetNErrorTraps() const;

  private:
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

        /// \return the pages the plan touches, for the TLB
        DartAddressTranslation::Access GetAccess() const;
    };

    /// Start the next message if the Operation Logic is free.
    void StartNext();
    /// Decide a message's operation (protection, logic, bounds); false if refused.
    bool Decide(const Arrival& a, Plan& plan);
    /// Run the decided message's timed work, then Finish.
    void Execute(std::shared_ptr<Plan> plan);
    /// Commit registers, deposit, reply, post actions; start the next message.
    void Finish(std::shared_ptr<Plan> plan);
    /// Answer a read.
    void Reply(std::shared_ptr<Plan> plan);
    /// The message's operation is over: count it, release the kernel, start the next.
    void Done(const Plan& plan);
    /// A refused message: trap to the host if configured, then go on.
    void Refused();

    DartCard& m_dev;                          //!< the device
    DartEngine& m_engine;                     //!< who works
    DartAddressTranslation& m_translation;    //!< the TLB
    DartActionQueues& m_queues;               //!< action queues
    const DartConnectionTable& m_connections; //!< Connection Table
    DartRegisterFile& m_registers;            //!< register file
    const DartEndpointTable& m_endpoints;     //!< Endpoint Table
    SanFifo<Arrival> m_arrivals;              //!< messages waiting for the Operation Logic
    bool m_busy{false};                       //!< a message is in the Operation Logic
    bool m_trapOnErrors{true};                //!< "TrapOnErrors"
    uint64_t m_received{0};                   //!< statistics
    uint64_t m_readsServed{0};                //!< statistics
    uint64_t m_errorTraps{0};                 //!< statistics
};

} // namespace ns3

#endif /* DART_RECEIVE_PATH_H */
