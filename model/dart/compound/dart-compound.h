/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_COMPOUND_H
#define DART_COMPOUND_H

#include "ns3/callback.h"
#include "ns3/dart-operation.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class DartContext;

/**
 * \ingroup san
 * \brief DART's compound operations (Osborne 1994, section 2: "store indirect with
 * postincrement, priority queueing, and various atomic operations such as fetch-and-increment,
 * compare-and-swap, and barrier synchronization"), each composed by the sender from the
 * primitives of Figure 2 alone: nothing here adds an operation to the interface.
 *
 * The Make* builders return the control word of one message; register indices are slots of the
 * destination connection's window (DartControl::index). The asynchronous helpers drive a
 * requesting process through a remote operation: they write the request into its endpoint,
 * send, poll for the reply (DartContext::WaitForDeposit) and hand back the result.
 *
 * A READ request's data block is [reply offset][length][tag] (big-endian words); a READ with
 * returnValue replies with the value path (the register's value before the message's register
 * operations) in word 0 and the tag in word 1. The helpers keep the request descriptor in the
 * very 32-byte block the reply comes back to: the interface reads the descriptor before the
 * request leaves, so the reply cannot overwrite it too early, and one block per outstanding
 * request is all a requester needs.
 */
class DartCompound
{
  public:
    /// Bytes of a block (one cell's data).
    static constexpr uint32_t BLOCK = 32;
    /// Tag of CompareAndSwap's lock acquisition (test-and-set).
    static constexpr uint32_t CAS_ACQUIRE_TAG = 0xca50a001;
    /// Tag of CompareAndSwap's read of the value.
    static constexpr uint32_t CAS_READ_TAG = 0xca50a002;

    /// Done callback of a fetching operation: the register's old value.
    typedef Callback<void, uint32_t> FetchCallback;
    /// Done callback of CompareAndSwap: success, and the value found.
    typedef Callback<void, bool, uint32_t> CasCallback;

    // --- builders: one message each ---

    /**
     * \brief Store indirect with post-increment: a WRITE (WRITE_MULTIPLE above 32 bytes) to
     * the address held by register \p pointerIndex, then r_i <- r_i + size: consecutive
     * messages fill consecutive blocks (a receive buffer the sender does not manage).
     * \param pointerIndex slot I: the pointer register
     * \param size bytes the message carries (the increment; a multiple of 32 keeps blocks
     *        aligned)
     * \return the control word
     */
    static DartControl MakeStoreIndirect(uint8_t pointerIndex, uint32_t size = BLOCK);

    /**
     * \brief Priority queueing: an entry deposited at the tail of one priority's queue. The
     * sender picks the priority by naming that queue's tail register; the message post-
     * increments it (first register operation) and counts the entry in the queue's count
     * register (second: count <- count + 1), so the consumer learns how many entries wait
     * without scanning.
     * \param tailIndex slot I: the queue's tail register
     * \param countIndex slot J: its count register
     * \param entryBytes bytes per entry (32, or more as a multi-cell message)
     * \return the control word
     */
    static DartControl MakeEnqueue(uint8_t tailIndex, uint8_t countIndex, uint32_t entryBytes);
    /**
     * \brief MakeEnqueue with the conditional "count == 1": the entry that makes the queue
     * non-empty raises an action (an interrupt if the connection's queue is immediate), the
     * following ones do not. The operand carries the increment, so the 1 comes from a register
     * the kernel keeps at 1.
     * \param tailIndex slot I: the tail register
     * \param countIndex slot J: the count register
     * \param oneIndex slot K: a register holding 1
     * \param entryBytes bytes per entry
     * \return the control word
     */
    static DartControl MakeEnqueueNotify(uint8_t tailIndex,
                                         uint8_t countIndex,
                                         uint8_t oneIndex,
                                         uint32_t entryBytes);

    /**
     * \brief Fetch-and-add: a READ with returnValue whose address generation is INDIRECT
     * through the counter (so the value path, and the reply, carry the counter's old value),
     * then counter <- counter + increment. The Operation Logic runs one message at a time, so
     * concurrent requests from any number of connections are serialized.
     * \param counterIndex slot I: the counter
     * \param increment added (1: fetch-and-increment)
     * \return the control word
     */
    static DartControl MakeFetchAndAdd(uint8_t counterIndex, uint32_t increment = 1);
    /**
     * \brief Swap: READ returnValue of register \p index, then a register LOAD of \p value.
     * \param index slot I
     * \param value the new value (the operand)
     * \return the control word
     */
    static DartControl MakeSwap(uint8_t index, uint32_t value);
    /// \param index slot I: a lock register \return test-and-set: MakeSwap(index, 1)
    static DartControl MakeTestAndSet(uint8_t index);
    /// \param index slot I \return a READ returnValue of the register, which is left unchanged
    static DartControl MakeFetch(uint8_t index);
    /**
     * \param index slot I
     * \param value loaded
     * \return a register-only message (no address, no deposit): r_i <- value
     */
    static DartControl MakeLoad(uint8_t index, uint32_t value);
    /**
     * \brief The last message of CompareAndSwap's success path: value <- desired, then
     * lock <- lock XOR lock (= 0; the operand already carries \p desired). One message, so no
     * other requester can take the lock between the update and the release.
     * \param valueIndex slot I
     * \param lockIndex slot J
     * \param desired the new value
     * \return the control word
     */
    static DartControl MakeUpdateAndRelease(uint8_t valueIndex,
                                            uint8_t lockIndex,
                                            uint32_t desired);
    /**
     * \brief A barrier arrival: counter <- counter + 1 and the conditional "counter ==
     * participants" (the operand), which raises an action at the coordinator when the last
     * participant arrives. A register-only message: nothing is deposited.
     * \param counterIndex slot I
     * \param participants N
     * \return the control word
     */
    static DartControl MakeBarrierArrival(uint8_t counterIndex, uint32_t participants);

    // --- asynchronous helpers (the requesting process's side) ---

    /**
     * \brief Write a READ request's descriptor into a requester's endpoint.
     * \param ctx the requester
     * \param at where (a 32-byte block; the request's data)
     * \param replyOffset where the reply goes
     * \param tag echoed by the reply
     */
    static void WriteReadRequest(Ptr<DartContext> ctx,
                                 uint32_t at,
                                 uint32_t replyOffset,
                                 uint32_t tag);
    /**
     * \brief Run one READ-returnValue message (MakeFetchAndAdd, MakeSwap, MakeFetch, ...):
     * write the descriptor at \p replyOffset, send, poll for the reply, check its tag.
     * \param ctx the requester
     * \param vci its connection to the register's host
     * \param request the control word (a READ with returnValue)
     * \param replyOffset a 32-byte block of the requester's endpoint, free until \p done
     * \param tag echoed by the reply (a deposit with another tag is not the reply)
     * \param done receives the register's old value
     */
    static void Fetch(Ptr<DartContext> ctx,
                      uint16_t vci,
                      const DartControl& request,
                      uint32_t replyOffset,
                      uint32_t tag,
                      FetchCallback done);
    /**
     * \brief Fetch-and-add on a remote register (Fetch of MakeFetchAndAdd).
     * \param ctx the requester
     * \param vci its connection
     * \param counterIndex the counter's index in the connection's window at the destination
     * \param increment added
     * \param replyOffset a 32-byte block of the requester's endpoint
     * \param tag echoed by the reply
     * \param done receives the counter's old value
     */
    static void FetchAndAdd(Ptr<DartContext> ctx,
                            uint16_t vci,
                            uint8_t counterIndex,
                            uint32_t increment,
                            uint32_t replyOffset,
                            uint32_t tag,
                            FetchCallback done);
    /**
     * \brief Swap a remote register (Fetch of MakeSwap).
     * \param ctx the requester
     * \param vci its connection
     * \param index the register's index
     * \param value the new value
     * \param replyOffset a 32-byte block of the requester's endpoint
     * \param tag echoed by the reply
     * \param done receives the old value
     */
    static void Swap(Ptr<DartContext> ctx,
                     uint16_t vci,
                     uint8_t index,
                     uint32_t value,
                     uint32_t replyOffset,
                     uint32_t tag,
                     FetchCallback done);
    /**
     * \brief Compare-and-swap of a remote register, as several messages.
     *
     * Why one message is not enough: a message's register operations are unconditional and its
     * conditional only raises an action at the destination (an interrupt there, the very thing
     * the interface exists to avoid); nothing in the Operation Logic selects between two values
     * by a comparison, and the reply carries one value. So the comparison is done at the
     * sender, which needs the old value first (a round trip) and must keep other writers out
     * while it decides: a lock register guards the value.
     *
     * The messages: test-and-set of the lock (MakeTestAndSet), repeated until it returns 0;
     * a fetch of the value (MakeFetch); the comparison here; then either value <- desired and
     * lock <- 0 in one message (MakeUpdateAndRelease), or lock <- 0 alone (MakeLoad). Every
     * writer of the value must go through the lock. The last message is not waited for:
     * \p done runs once it is issued, and the connection's FIFO order keeps it ahead of the
     * requester's next message.
     *
     * \param ctx the requester
     * \param vci its connection
     * \param lockIndex the lock register's index (0: free)
     * \param valueIndex the value register's index
     * \param expected the value the swap requires
     * \param desired the value it stores
     * \param replyOffset a 32-byte block of the requester's endpoint (both round trips use it)
     * \param done receives true if the value was \p expected (and is now \p desired), and the
     *        value found
     */
    static void CompareAndSwap(Ptr<DartContext> ctx,
                               uint16_t vci,
                               uint8_t lockIndex,
                               uint8_t valueIndex,
                               uint32_t expected,
                               uint32_t desired,
                               uint32_t replyOffset,
                               CasCallback done);

  private:
    /// A compare-and-swap in progress.
    struct CasRequest
    {
        Ptr<DartContext> ctx; //!< requester
        uint16_t vci;         //!< its connection
        uint8_t lockIndex;    //!< lock register
        uint8_t valueIndex;   //!< value register
        uint32_t expected;    //!< compared
        uint32_t desired;     //!< stored on success
        uint32_t replyOffset; //!< reply block
        CasCallback done;     //!< continuation
    };

    /// \param r the request: take the lock, then read the value
    static void CasAcquire(const CasRequest& r);
    /// \param r the request \param found the value read under the lock
    static void CasDecide(const CasRequest& r, uint32_t found);
};

/**
 * \ingroup san
 * \brief Barrier synchronization over DART. Each participant arrives with one message
 * (DartCompound::MakeBarrierArrival) that increments a counter register at a coordinator and
 * carries the conditional "counter == N". The N-th arrival raises an action on the
 * coordinator's immediate action queue: one interrupt per episode, however many participants.
 * The coordinator's handler loads 0 into the counter (a store into its interface's register
 * file; no arrival of the next episode can precede it, since nobody has been released yet) and
 * releases everyone: a WRITE of the new epoch into word 0 of each participant's release block.
 * A participant polls that word until the epoch it waits for appears.
 *
 * Set-up: create the barrier on the coordinator's endpoint (this creates its action queue),
 * connect each participant to the coordinator with the coordinator's side on GetActionQueue()
 * and with a window holding the counter register (the windows of all participants overlap on
 * it), then AddParticipant().
 *
 * \code
 *   Ptr<DartBarrier> b = Create<DartBarrier>(coord, 100, 0);   // counter: register 100
 *   for (auto& p : participants)
 *   {
 *       auto v = DartHelper::Connect(p, coord, DartWindow{}, DartWindow{100, 1},
 *                                    DartConnection::NO_QUEUE, b->GetActionQueue());
 *       b->AddParticipant(p, v.first, v.second, 0, 4096);
 *   }
 *   b->Arrive(i, released);
 * \endcode
 */
class DartBarrier : public SimpleRefCount<DartBarrier>
{
  public:
    /**
     * \param coordinator the coordinator's endpoint
     * \param counterRegister the counter: an absolute register number at its interface (set to
     *        0 here)
     * \param scratchOffset a 32-byte block of the coordinator's endpoint the releases are sent
     *        from
     */
    DartBarrier(Ptr<DartContext> coordinator, uint32_t counterRegister, uint32_t scratchOffset);
    ~DartBarrier();

    /// \return the coordinator's action queue (immediate) the arrivals' connections must name
    uint32_t GetActionQueue() const;
    /**
     * \brief Add a participant (before the first arrival).
     * \param participant its endpoint
     * \param vci its connection to the coordinator
     * \param coordinatorVci the coordinator's side of that connection
     * \param counterIndex the counter's index in that connection's window at the coordinator
     * \param releaseOffset a 32-byte block of the participant's endpoint: word 0 gets the epoch
     * \return the participant's number
     */
    uint32_t AddParticipant(Ptr<DartContext> participant,
                            uint16_t vci,
                            uint16_t coordinatorVci,
                            uint8_t counterIndex,
                            uint32_t releaseOffset);
    /**
     * \brief The kernel's part and AddParticipant in one: connect \p participant to the
     * coordinator with a window at the coordinator that ends at the counter (so the windows of
     * all participants overlap on it) and that posts to the barrier's action queue.
     * \param participant its endpoint (another host)
     * \param counterIndex the counter's index in the window (the window starts that many
     * registers below the counter)
     * \param releaseOffset a 32-byte block of the participant's endpoint: word 0 gets the epoch
     * \return the participant's number
     */
    uint32_t Join(Ptr<DartContext> participant, uint8_t counterIndex, uint32_t releaseOffset);
    /**
     * \brief Participant \p i arrives; \p released runs when the coordinator has released the
     * episode it arrived for.
     * \param i the participant
     * \param released continuation
     */
    void Arrive(uint32_t i, Callback<void> released);

    /// \return participants
    uint32_t GetNParticipants() const;
    /// \return episodes released (the epoch)
    uint32_t GetEpoch() const;
    /// \return actions the coordinator's handler took
    uint64_t GetNActions() const;

  private:
    /// One participant.
    struct Participant
    {
        Ptr<DartContext> ctx;    //!< its endpoint
        uint16_t vci;            //!< to the coordinator
        uint16_t coordinatorVci; //!< from the coordinator
        uint8_t counterIndex;    //!< counter in the window
        uint32_t releaseOffset;  //!< release word
        uint32_t arrivals;       //!< arrivals so far (the epoch it waits for)
        bool waiting;            //!< arrived and not yet released
    };

    /// The coordinator's action handler.
    void HandleActions();
    /// Participant \p i polls for epoch \p epoch.
    void WaitRelease(uint32_t i, uint32_t epoch, Callback<void> released);

    Ptr<DartContext> m_coordinator;          //!< coordinator's endpoint
    uint32_t m_counter;                      //!< absolute counter register
    uint32_t m_scratch;                      //!< releases' data block
    uint32_t m_queue;                        //!< coordinator's action queue
    std::vector<Participant> m_participants; //!< participants
    uint32_t m_epoch{0};                     //!< episodes released
    uint64_t m_actions{0};                   //!< actions handled
    bool m_started{false};                   //!< a participant arrived
};

} // namespace ns3

#endif /* DART_COMPOUND_H */
