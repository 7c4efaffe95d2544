/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_ACTION_QUEUES_H
#define DART_ACTION_QUEUES_H

#include "dart-card.h"
#include "dart-engine.h"

#include "ns3/callback.h"
#include "ns3/host-memory.h"
#include "ns3/san-event-queue.h"

#include <cstdint>
#include <vector>

namespace ns3
{

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
 * \brief A DART interface's action queues: rings of DartAction entries in host memory (any
 * number of them). A queue marked immediate interrupts the host for every action (and runs
 * the handler the process gave it); the others accumulate until the host takes them. A
 * software exception interrupts whatever its queue. On CARD_PROCESSOR the card writes an entry
 * by DMA; on HOST_KERNEL the kernel writes it itself. A connection without a queue
 * (DartConnection::NO_QUEUE) still interrupts, and the kernel has nowhere to deliver it.
 */
class DartActionQueues
{
  public:
    /**
     * \param card the device
     * \param engine who writes entries and raises interrupts
     */
    DartActionQueues(DartCard& card, DartEngine& engine);

    /// \param entries default ring entries of a new queue ("ActionQueueEntries")
    void SetDefaultEntries(uint32_t entries);
    /// \return default ring entries of a new queue
    uint32_t GetDefaultEntries() const;
    /**
     * \brief Create an action queue in host memory.
     * \param memory the host's memory
     * \param cpu the host's CPU (the ring's consumer)
     * \param immediate true: every action interrupts the host; false: delayable
     * \param entries ring entries (0: the default)
     * \return its index
     */
    uint32_t Create(Ptr<HostMemory> memory, Ptr<HostCpu> cpu, bool immediate, uint32_t entries);
    /// \return queues created
    uint32_t GetN() const;
    /// \param queue an action queue \return its ring
    Ptr<SanEventQueue> GetRing(uint32_t queue) const;
    /// \param queue an action queue \return true if it interrupts
    bool IsImmediate(uint32_t queue) const;
    /// \param queue an immediate queue \param handler run for each action posted to it
    void SetHandler(uint32_t queue, Callback<void> handler);
    /// \param queue a queue (or DartConnection::NO_QUEUE) \param action post it there
    void Post(uint32_t queue, const DartAction& action);
    /// \return actions posted
    uint64_t GetNActions() const;
    /// \brief Forget the queues.
    void Clear();

  private:
    /// One action queue.
    struct Queue
    {
        Ptr<SanEventQueue> ring; //!< entries in host memory
        bool immediate;          //!< interrupts
        Callback<void> handler;  //!< immediate: the host's handler
    };

    /// \param queue an index \param what the caller (aborts if there is no such queue)
    void Check(uint32_t queue) const;

    DartCard& m_dev;               //!< the device
    DartEngine& m_engine;          //!< who works
    std::vector<Queue> m_queues;   //!< the queues
    uint32_t m_defaultEntries{64}; //!< "ActionQueueEntries"
    uint64_t m_actions{0};         //!< statistics
};

} // namespace ns3

#endif /* DART_ACTION_QUEUES_H */
