/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_GROUP_APPLICATION_H
#define SAN_GROUP_APPLICATION_H

#include "san-messenger-application.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The base of the workloads in which every process of a group talks to others (all-to-all,
 * barrier): one process of the group, on one node, with its messenger.
 *
 * At start it opens its messenger. The group joins in rank order, one process at a time: rank 0
 * at once, each next one when the launcher (SanGroupWorkloadHelper) calls Join, once the one
 * before has fired "Connected". A process joining connects to each member of a lower rank that
 * it talks to (GetPeers; each pair is connected once, by the higher rank), one after another,
 * and fires "Connected" once they are up: one process of the group connects at a time (a
 * library whose set-up holds a process's CPU while it waits for the other end, as CLAN's cookie
 * exchange does, could otherwise wait in a cycle).
 * The launcher then calls Go() on every member, and each begins (Begin) as soon as the
 * connections later ranks made to it are up at its end too (at once, or a few microseconds
 * later). Where no launcher can see every process (a run cut over MPI ranks), each process is
 * given its own join and go times instead (SetLaunchTimes). A receive is posted only when the
 * workload waits for a message (Expect), as a program
 * calls receive when it needs one: with a library whose receive is a blocking call (NX's crecv) a
 * process cannot send while in it. What arrives goes to Arrived.
 */
class SanGroupApplication : public SanMessengerApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanGroupApplication();
    ~SanGroupApplication() override;

    /// \param members every member's node id, in rank order (this node among them)
    void SetMembers(const std::vector<uint32_t>& members);
    /// Connect to the lower ranks this process talks to (the one before has joined).
    void Join();
    /**
     * \brief Launch by time instead of by a launcher: Join at \p join and Go at \p go
     * (absolute simulated times, after the process starts), in this process's own node. The
     * caller chooses times by which the ranks before have joined (and checks it).
     * \param join when to join \param go when to go (not before join)
     */
    void SetLaunchTimes(Time join, Time go);
    /// Start the workload (every member's connections are up).
    void Go();
    /// \return true once the workload is done
    virtual bool IsDone() const = 0;
    /// \return when the first measured step began (zero before it)
    Time GetMeasuredFrom() const;
    /// \return when the last measured step ended (zero before it)
    Time GetMeasuredUntil() const;

  protected:
    void DoDispose() override;
    /// \return this process's rank (its place in the members)
    uint32_t GetRank() const;
    /// \return the members' node ids, in rank order
    const std::vector<uint32_t>& GetMembers() const;
    /**
     * \return the ranks this process exchanges messages with (both ways; each such pair is
     * connected): every other rank by default
     */
    virtual std::vector<uint32_t> GetPeers() const;
    /// Every connection is up everywhere: the workload begins.
    virtual void Begin() = 0;
    /// \param rank the sender's rank \param bytes a message's size: it arrived
    virtual void Arrived(uint32_t rank, uint32_t bytes) = 0;
    /// \param at the first measured step's start
    void SetMeasuredFrom(Time at);
    /// \param at the last measured step's end (so far)
    void SetMeasuredUntil(Time at);
    /// \param rank a member \return its node id
    uint32_t NodeOf(uint32_t rank) const;
    /// The workload is done here (a subclass calls it once): fires "Done".
    void Finished();
    /**
     * \brief The workload waits for a message: post a receive, unless one is posted.
     *
     * A message that came before the receive (the messenger held it) is handed over inside
     * this call: Arrived runs before it returns. A caller inside its own Advance loop, whose
     * nested Advance returns at once, must then look again.
     * \return true if the receive took a message at once (look again), false if it waits
     */
    bool Expect();

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Connect to the next lower peer, or, with none left, see every peer up.
    void ConnectNext();
    /// Every lower peer's connection is up: fire "Connected".
    void AllPeersUp();
    /// \param lowerOnly only the peers of lower rank \return every such connection is up here
    bool PeersUp(bool lowerOnly) const;
    /// Begin once every peer's connection is up at this end.
    void BeginWhenUp();
    /// A message from node \p peer.
    void Received(uint32_t peer, uint32_t bytes);

    std::vector<uint32_t> m_members;   //!< node ids, by rank
    uint32_t m_rank{0};                //!< this process's
    std::vector<uint32_t> m_toConnect; //!< lower peers not yet connected
    bool m_running{false};             //!< between start and stop
    bool m_posted{false};              //!< a receive is posted
    bool m_timed{false};               //!< launched by SetLaunchTimes
    Time m_joinAt;                     //!< its join time
    Time m_goAt;                       //!< its go time
    EventId m_joinEvent;               //!< the timed join, until it runs
    EventId m_goEvent;                 //!< the timed go, until it runs
    Time m_measuredFrom;               //!< the first measured step's start
    Time m_measuredUntil;              //!< the last measured step's end
    TracedCallback<> m_connectedTrace; //!< own connections up
    TracedCallback<> m_doneTrace;      //!< the workload done here
};

/**
 * \brief All-to-all: in each round every process exchanges "MessageBytes" with every other, in
 * steps of disjoint pairs (the round-robin tournament's circle schedule: n - 1 steps for an even
 * number of processes, n for an odd one, each process idle in one). In a pair the lower rank
 * sends, then receives; the higher receives, then sends: no cycle of processes each blocked in a
 * send to the next, which a library with blocking sends and no buffering for them (NX's large
 * messages, CLAN's channel, Rats' credits) would turn into a deadlock. "WarmupRounds" then
 * "Rounds" rounds; a process's measured time runs from its first measured round's start to its
 * last round's end.
 */
class SanAllToAll : public SanGroupApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanAllToAll();
    ~SanAllToAll() override;

    bool IsDone() const override;
    /// \return rounds finished
    uint32_t GetRoundsDone() const;
    /// \return messages received
    uint64_t GetReceived() const;

  private:
    /// Where a step stands.
    enum Phase
    {
        SEND_FIRST,    //!< lower rank: to send
        SENDING_FIRST, //!< lower rank: sending
        RECEIVE_LAST,  //!< lower rank: sent, waiting for the partner's
        RECEIVE_FIRST, //!< higher rank: waiting for the partner's
        SEND_LAST,     //!< higher rank: received, to send
        SENDING_LAST,  //!< higher rank: sending
        FINISHED       //!< every round done
    };

    void Begin() override;
    void Arrived(uint32_t rank, uint32_t bytes) override;
    /// \return the steps of a round
    uint32_t Steps() const;
    /// \return this process's partner in step m_step (the group's size: idle)
    uint32_t Partner() const;
    /// Set up step m_step (skipping idle ones, ending rounds).
    void StartStep();
    /// The step is over: the next, or the round's end.
    void EndStep();
    /// The library took a send.
    void Sent();
    /// Take the steps that can be taken now, in a loop.
    void Advance();

    uint32_t m_bytes{4096};           //!< message bytes
    uint32_t m_rounds{10};            //!< measured rounds
    uint32_t m_warmup{2};             //!< rounds before them
    uint32_t m_done{0};               //!< rounds finished
    uint32_t m_step{0};               //!< step of the round under way
    uint32_t m_partner{0};            //!< its partner's rank
    Phase m_phase{FINISHED};          //!< where it stands
    uint64_t m_received{0};           //!< messages received, all rounds
    bool m_advancing{false};          //!< inside Advance
    std::vector<uint32_t> m_heard;    //!< per rank: messages received from it
    std::vector<uint32_t> m_expected; //!< per rank: messages awaited from it so far
};

/**
 * \brief A barrier by dissemination (Hensgen, Finkel and Manber 1988): in step k of a barrier,
 * process i sends a "MessageBytes" message to rank (i + 2^k) mod n and waits for one from rank
 * (i - 2^k) mod n; after ceil(log2 n) steps every process has heard, directly or not, from every
 * other. "WarmupBarriers" then "Barriers" barriers, back to back; the measured time per barrier is
 * what the papers' barriers report.
 */
class SanBarrier : public SanGroupApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanBarrier();
    ~SanBarrier() override;

    bool IsDone() const override;
    /// \return barriers finished
    uint32_t GetBarriersDone() const;
    /// \return the mean measured barrier (zero before any)
    Time GetMeanBarrier() const;

  private:
    std::vector<uint32_t> GetPeers() const override;
    void Begin() override;
    void Arrived(uint32_t rank, uint32_t bytes) override;
    /// \return the steps of one barrier
    uint32_t Steps() const;
    /// Send step m_step's message (and count the one it awaits).
    void SendStep();
    /// Advance while the awaited messages are in.
    void Advance();

    uint32_t m_bytes{8};              //!< message bytes
    uint32_t m_barriers{20};          //!< measured barriers
    uint32_t m_warmup{2};             //!< barriers before them
    uint32_t m_done{0};               //!< barriers finished
    uint32_t m_step{0};               //!< step under way
    bool m_advancing{false};          //!< inside Advance
    std::vector<uint32_t> m_heard;    //!< per rank: messages received from it
    std::vector<uint32_t> m_expected; //!< per rank: messages awaited from it so far
};

} // namespace ns3

#endif /* SAN_GROUP_APPLICATION_H */
