/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_DART_MESSENGER_H
#define SAN_DART_MESSENGER_H

#include "san-messenger.h"

#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/san-fifo.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

class DartContext;
class DartNetDevice;
class HostCpuWait;

/**
 * \ingroup san
 * \brief The start-up wiring of a program's processes on DART hosts: one endpoint per host (its
 * DartContext) and a duplex connection between every pair of them, each with a window of two
 * address registers at either end.
 *
 * Osborne 1994 describes the Connection Table, not how the kernels fill it: connections are
 * start-up configuration (DartNetDevice::Connect refuses once simulated time has begun), wired
 * here before Simulator::Run, as a kernel would have set the circuits up before the program ran.
 * Everything else a SanDartMessenger needs (its ring buffers' places, its action queue, its
 * peers' readiness) it sets or learns during the run, over DART. Every pair is wired, so any
 * workload (request/response, incast, all-to-all) can use any pair; the endpoints must then hold
 * a ring per peer (SanDartMessenger::GetEndpointBytes).
 */
class SanDartWiring : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanDartWiring();
    ~SanDartWiring() override;

    /// One end of a connection, as its host's process sees it.
    struct Link
    {
        uint16_t vci{0};        //!< the connection at this host
        uint32_t windowBase{0}; //!< its window's first register at this host (two registers)
    };

    /**
     * \brief Connect every pair of \p hosts that may talk (before Simulator::Run).
     * \param hosts the hosts
     * \param contexts each host's endpoint, in the same order
     * \param groups hosts i and j may talk if i mod groups == j mod groups (1: every pair)
     */
    void Wire(const NodeContainer& hosts,
              const std::vector<Ptr<DartContext>>& contexts,
              uint32_t groups = 1);
    /// \param node a node id \return its endpoint (null if it is not wired)
    Ptr<DartContext> GetContext(uint32_t node) const;
    /// \param node a node id \return its connections, by peer node id (empty if none)
    const std::map<uint32_t, Link>& GetLinks(uint32_t node) const;

  protected:
    void DoDispose() override;

  private:
    /// One host's part.
    struct Host
    {
        Ptr<DartContext> ctx;          //!< its endpoint
        std::map<uint32_t, Link> link; //!< by peer node id
    };

    std::map<uint32_t, Host> m_hosts;   //!< by node id
    std::map<uint32_t, Link> m_noLinks; //!< what GetLinks returns for an unknown node
};

/**
 * \ingroup san
 * \brief Messages through MERL's DART (Osborne 1994) as a program on its primitives would
 * carry them: DART has no message library of its own, so this one is built from the paper's
 * hybrid deposit, its register windows, its conditional actions and its remote read.
 *
 * The processes and connections are a SanDartWiring's ("Wiring": every pair connected at
 * start-up). Each process's endpoint holds, per connection: a receive ring of "Slots" slots of
 * "SlotBytes" bytes that this process set aside for that peer, a mirror of it to send from, and
 * a small control area; the endpoint's first block says the process has opened and the rings'
 * shape.
 *
 * - Set-up (Open, during the run): the process puts its ring's offset into register I of each
 *   connection's window and its credit word's offset into register J (stores into its
 *   interface's register file), creates its action queue and names it in its side of every
 *   connection (its kernel's own table), and writes its open block.
 * - Connect: a DART READ of the peer's open block (served by the peer's interface, without its
 *   host): the reply says the peer has opened and that its rings have this shape (else the run
 *   stops with one line). Then a HELLO in the peer's ring tells the peer's process who
 *   connected: from then on both ends may send.
 * - A message goes in pieces of at most one slot (and one DART message: the fabric's largest
 *   packet): each a WRITE (one cell, up to 32 bytes with its 16-byte header) or WRITE MULTIPLE
 *   with INDEXED addressing: the receiver's register I (its ring for this peer) plus the
 *   slot's offset (the operand, the sender's): the hybrid deposit. Each piece starts with a
 *   header: kind, the message's size, the piece's payload, and the credits the sender returns
 *   for the other direction.
 * - Notification: every piece carries a conditional that always holds (register I >= itself:
 *   DART hands the host an action only through a conditional or a software exception), so the
 *   receiver's interface posts, at the end of the piece, an action naming the connection (so
 *   the peer) and the effective address (so the slot) into the process's one action queue,
 *   which all its connections share: hence a receive from any peer. "Notification" POLLING
 *   (default): a delayable queue the process polls (it notices an entry as soon as it is
 *   written; like DartContext::WaitForDeposit, the poll loop's CPU is not charged: the
 *   software DART's receive interrupt must run meanwhile). INTERRUPT: an immediate queue,
 *   whose every action interrupts the host and runs the library's handler (the interface's
 *   cost model charges the interrupt and the handler).
 * - Flow control: a sender has as many pieces in flight to a peer as that peer's ring has
 *   slots. The receiver frees a slot once it has taken the piece, and returns credits (the
 *   count of slots freed) in the header of its next piece to that peer, or, once half the ring
 *   is free and unreported, in a one-cell WRITE into the sender's credit word (INDEXED through
 *   the sender's register J), which a blocked sender polls.
 *
 * Costs: none added. The interface's cost model charges the sends (the software DART's trap,
 * the hardware DART's Send Register stores), the receive path, the actions and the reads; the
 * process's own work (writing headers, reading them, the bookkeeping) and the copying of a piece
 * out of the ring are not charged, as the paper's latency figure (a process polling its memory)
 * charges none. Bytes move: the headers are real; with "CheckPayload" the payload is a pattern
 * of the sender, the piece number and the byte, checked by the receiver (GetNCorrupt).
 */
class SanDartMessenger : public SanMessenger
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanDartMessenger();
    ~SanDartMessenger() override;

    /// How the process learns a piece arrived.
    enum Notification
    {
        POLLING,   //!< a delayable action queue, polled
        INTERRUPT, //!< an immediate action queue: an interrupt per piece
    };

    /// Default "Slots".
    static constexpr uint32_t DEFAULT_SLOTS = 4;
    /// Default "SlotBytes".
    static constexpr uint32_t DEFAULT_SLOT_BYTES = 4096;
    /// Bytes of a piece's header.
    static constexpr uint32_t HEADER_BYTES = 16;

    /**
     * \param peers connections per process
     * \param slots "Slots"
     * \param slotBytes "SlotBytes"
     * \return the endpoint a process needs
     */
    static uint64_t GetEndpointBytes(uint32_t peers,
                                     uint32_t slots = DEFAULT_SLOTS,
                                     uint32_t slotBytes = DEFAULT_SLOT_BYTES);

    void Open(Ptr<Node> node) override;
    void Connect(Ptr<Node> peer, Callback<void> connected) override;
    void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) override;
    bool IsConnected(uint32_t peer) const override;
    uint32_t GetMinMessageBytes() const override;
    std::string GetDescription() const override;
    /// POLLING: while the receive waits, the process spins on its action queue, holding its
    /// host's CPU (as a polling program does); the default Receive otherwise.
    void Receive(ReceiveCallback done) override;

    /// \return pieces whose payload differed from the sender's pattern ("CheckPayload")
    uint64_t GetNCorrupt() const;
    /// \return credit messages sent (not piggybacked)
    uint64_t GetNCreditMessages() const;

  protected:
    void DoDispose() override;

  private:
    /// Kinds of piece.
    enum Kind : uint32_t
    {
        DATA = 0x44415441,  //!< part of a message
        HELLO = 0x48454c4f, //!< a connecting process
    };

    /// A message waiting to go out.
    struct Outgoing
    {
        uint32_t bytes{0};   //!< its size
        uint32_t kind{DATA}; //!< DATA or HELLO
        uint32_t done{0};    //!< payload bytes sent
        bool started{false}; //!< a piece of it has gone
        Callback<void> sent; //!< when its last piece is issued
    };

    /// A connection, as this process sees it.
    struct Peer
    {
        uint32_t node{0};           //!< the peer's node id
        uint16_t vci{0};            //!< the connection here
        uint32_t windowBase{0};     //!< its window here
        uint64_t area{0};           //!< its control area's offset in the endpoint
        bool opened{false};         //!< Connect's read answered (this end connected)
        bool helloed{false};        //!< the peer's hello came (the peer connected)
        Callback<void> connected;   //!< Connect's callback
        SanFifo<Outgoing> queue;    //!< messages not wholly issued
        bool issuing{false};        //!< a piece's send has not returned
        uint64_t txPieces{0};       //!< pieces sent
        uint64_t txMessages{0};     //!< messages begun
        uint64_t credits{0};        //!< slots the peer has freed (cumulative)
        bool watchingCredit{false}; //!< polling the credit word
        uint64_t rxPieces{0};       //!< pieces taken (slots freed)
        uint64_t reported{0};       //!< rxPieces told to the peer
        uint64_t rxMessages{0};     //!< messages taken
        uint32_t rxSoFar{0};        //!< payload of the arriving message so far
    };

    /// \param p a connection \return its receive ring's offset
    uint64_t RingOf(const Peer& p) const;
    /// \param p a connection \return its send mirror's offset
    uint64_t MirrorOf(const Peer& p) const;
    /// \param peer a node id \return its connection (aborts if none)
    Peer& PeerOf(uint32_t peer);
    /// Connect's read of the open block was answered. \param node the peer
    void OpenBlockRead(uint32_t node);
    /// Queue a message and push. \param p the connection \param o the message
    void Queue(Peer& p, const Outgoing& o);
    /// Issue the next piece to \p p if a slot is free. \param p the connection
    void Pump(Peer& p);
    /// Out of slots: poll the credit word. \param p the connection
    void WatchCredit(Peer& p);
    /// Take the action queue's entries.
    void TakeActions();
    /// A piece's or credit's send call begins. \param p the connection
    void BeginIssue(Peer& p);
    /// A send call returned. \param node the peer \param sent the message's callback (or null)
    void IssueReturned(uint32_t node, Callback<void> sent);
    /// POLLING with a receive posted: spin on the action queue (on the CPU) until an entry.
    void Spin();
    /// One action: a piece arrived. \param vci its connection \param address its slot
    void PieceArrived(uint16_t vci, uint32_t address);
    /// Return credits to \p p by a credit message if half the ring is unreported.
    void MaybeReturnCredits(Peer& p);
    /// \param sender node \param message its number \param at byte \return the pattern byte
    static uint8_t Pattern(uint32_t sender, uint64_t message, uint32_t at);

    Ptr<SanDartWiring> m_wiring;              //!< "Wiring"
    Ptr<DartContext> m_ctx;                   //!< this process's endpoint
    Ptr<DartNetDevice> m_device;              //!< its interface
    uint32_t m_slots{DEFAULT_SLOTS};          //!< "Slots"
    uint32_t m_slotBytes{DEFAULT_SLOT_BYTES}; //!< "SlotBytes"
    uint32_t m_maxBytes{1 << 20};             //!< "MaxMessageBytes"
    Notification m_notification{POLLING};     //!< "Notification"
    bool m_check{false};                      //!< "CheckPayload"
    uint32_t m_pieceBytes{0};                 //!< largest piece (header included)
    uint32_t m_queue{0};                      //!< the action queue
    bool m_taking{false};                     //!< inside TakeActions
    Ptr<HostCpuWait> m_spin;                  //!< the poll loop of a waiting receive
    Time m_pollSlice;                         //!< "PollSlice"
    bool m_anyUp{false};                      //!< a connection is up (either end)
    uint32_t m_inSend{0};                     //!< peers whose send call has not returned
    std::map<uint32_t, Peer> m_peers;         //!< by node id
    std::map<uint16_t, uint32_t> m_byVci;     //!< node id by VCI
    uint64_t m_corrupt{0};                    //!< statistics
    uint64_t m_creditMessages{0};             //!< statistics
};

} // namespace ns3

#endif /* SAN_DART_MESSENGER_H */
