/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_RATS_MESSENGER_H
#define SAN_RATS_MESSENGER_H

#include "san-messenger.h"

#include "ns3/host-cpu.h"
#include "ns3/node-container.h"
#include "ns3/rats-initial-request.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/rats-stream.h"

#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The hosts' well-known Rats servers, as a file like /etc/services gives them (Hamlyn
 * 1995, section 3.2: an initial request's client seed "is an ASCII string, so it can be passed
 * by some simple out-of-band process, such as being written in a file (similar to
 * /etc/services)"): start-up configuration.
 *
 * Install() makes, in each host's Rats process (the RatsInterfaceManager HamlynHelper put on
 * the node), one initial request/response server, and writes its ASCII seed down. The process's
 * SanRatsMessenger serves it; a messenger elsewhere reads the seed to send it a connection
 * request.
 */
class SanRatsDirectory : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanRatsDirectory();
    ~SanRatsDirectory() override;

    /**
     * \brief A well-known server in each host's Rats process (before Simulator::Run).
     * \param hosts nodes with a RatsInterfaceManager (HamlynHelper::EnableRats)
     */
    void Install(const NodeContainer& hosts);
    /// \param node a node id \return its well-known server's ASCII seed (aborts if none)
    std::string GetSeed(uint32_t node) const;
    /**
     * \brief The process on \p node takes its well-known server (once).
     * \param node a node id \return the server (aborts if none, or if taken already)
     */
    Ptr<RatsInitialRequestServer> TakeServer(uint32_t node);

    /// Data bytes of a connection request and of its reply: the process's node id, a kind
    /// word, its "MaxMessageBytes", its stream sender's seed (a ticket).
    static constexpr uint32_t REQUEST_BYTES = 12 + RatsTicket::SERIALIZED_BYTES;

  protected:
    void DoDispose() override;

  private:
    /// One host's entry.
    struct Entry
    {
        Ptr<RatsInitialRequestServer> server; //!< in the host's Rats process
        std::string seed;                     //!< its ASCII seed
        bool taken{false};                    //!< a messenger serves it
    };

    std::map<uint32_t, Entry> m_entries; //!< by node id
};

/**
 * \ingroup san
 * \brief Messages through Rats, Hamlyn's user-level library (Hamlyn 1995, section 3.2): a
 * stream each way between two processes, messages as records.
 *
 * Why the stream: it is Rats' "one-way, one-to-one, in-order connection", whose sender never
 * overruns the receiver's ring (credits) and whose messages may span many packets; the
 * datagram protocols keep one receive buffer (simple datagram) or need the receiver's buffers
 * per message, and tagged write and the initial request are single-packet. Each message is
 * one write_record: of at least the stream's as-is threshold ("AsIsThreshold", the library's
 * 256 bytes) it is sent as-is (by DMA, or by direct I/O when it and its 48-byte header fit the
 * interface's cut-over) from one of the messenger's send buffers; a smaller one is copied into
 * the stream's staging buffer (the copy charged by the library); either way it is followed by
 * flush, so it is posted at once. The receiver's ring slots hold "MaxMessageBytes" each, so a
 * message is one stream message and read_record returns it whole, with no copy; the process
 * releases it (a credit to the sender) after its receive callback has run, as a program does
 * after handling a message.
 *
 * Buffers: per peer, "Slots" ring slots at the receiver and Slots + 1 send buffers of
 * MaxMessageBytes at the sender (Malloc'ed from the process's pinned area: size it with
 * RatsHardwareInterface "PinnedBytes", see GetPinnedBytesNeeded). A message is composed in a
 * free send buffer (its bytes a pattern of sender, message number and offset, which the
 * receiver checks: GetCorruptMessages); "sent" is called when the flush returns (the message
 * is posted); a send finding no free buffer (every one's message still being read by the
 * interface) waits for one.
 *
 * Set-up, during the run: each host's process has a well-known initial request/response
 * server (SanRatsDirectory, "Directory": its ASCII seed is start-up configuration). Connect
 * creates a stream sender first and sends its seed (and the process's node id) in an initial
 * request to the peer's server; the peer creates a stream receiver from that seed (whose hello
 * gives the sender its ring) and a sender of its own, whose seed goes back in the reply; the
 * connecting process then creates its receiver from that seed. Connect's callback runs once
 * the reply is in and the connecting side's sender has its ring.
 *
 * Notification: a receive is read_record on whichever peer's stream has a message (the
 * streams taken round-robin); while none has, the process waits in Rats' poll, as a program
 * does in its main loop, in the mode "Notification" sets on the process's interface manager
 * (its "WaitMode"): "Poll" (the paper's busy-wait, default), "Block" (sleep until the
 * notification's interrupt wakes it) or "PollThenBlock". Once opened, the process
 * waits in poll also when it has nothing of its own under way (a Rats program's main loop, as
 * RatsRemoteReadServer::Serve is): it serves connection requests as they come, so a process
 * that only waits to be connected to (a group member) accepts them. A call of the program made
 * during that idle wait ends it at once (RatsInterfaceManager::Wake: the poll loop returns to
 * the program at its next iteration, HostCpu "PollInterval"; a sleeping process is woken, as
 * a signal wakes it), so the call does not queue behind the loop; a receive ends it only if a
 * message is in already (otherwise the wait goes on as the receive's).
 *
 * One messenger per host: it is the host's Rats process.
 */
class SanRatsMessenger : public SanMessenger
{
  public:
    /// Ring slots per stream by default ("Slots").
    static constexpr uint32_t DEFAULT_SLOTS = 4;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanRatsMessenger();
    ~SanRatsMessenger() override;

    void Open(Ptr<Node> node) override;
    void Connect(Ptr<Node> peer, Callback<void> connected) override;
    void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) override;
    void Receive(ReceiveCallback done) override;
    bool IsConnected(uint32_t peer) const override;
    uint32_t GetMinMessageBytes() const override;
    std::string GetDescription() const override;

    /// \return messages received whose bytes were not the sender's
    uint64_t GetCorruptMessages() const;

    /**
     * \param peers processes one process connects with
     * \param maxBytes "MaxMessageBytes" \param slots "Slots"
     * \return pinned bytes a process needs for that (RatsHardwareInterface "PinnedBytes"),
     * with RatsInterfaceManager's default headroom
     */
    static uint64_t GetPinnedBytesNeeded(uint32_t peers, uint32_t maxBytes, uint32_t slots);
    /**
     * \param peers processes one process connects with \param slots "Slots"
     * \return notification areas a process needs for that (RatsInterfaceManager
     * "NotificationAreas": a ring slot's each, the stream sender's two, the connection
     * request's and its reply's, per peer, and the process's own)
     */
    static uint32_t GetNotificationAreasNeeded(uint32_t peers, uint32_t slots);

  protected:
    void DoDispose() override;

  private:
    /// A send buffer.
    struct SendBuffer
    {
        RatsBuffer buffer;          //!< in the pinned area
        Ptr<RatsSendHandle> handle; //!< its last message's write (null: never used)
    };

    /// A send waiting for a free buffer.
    struct WaitingSend
    {
        uint32_t bytes{0};   //!< size
        Callback<void> sent; //!< the caller's
    };

    /// One peer: a stream each way.
    struct Peer
    {
        Ptr<RatsStreamSender> tx;         //!< to the peer
        Ptr<RatsStreamReceiver> rx;       //!< from the peer (null until created)
        std::vector<SendBuffer> buffers;  //!< send buffers
        std::vector<WaitingSend> waiting; //!< sends waiting for a buffer
        uint32_t sent{0};                 //!< messages composed
        uint32_t received{0};             //!< messages read
        bool up{false};                   //!< both ends may send
        // Connecting side, until up:
        Ptr<RatsInitialRequestClient> client; //!< the request to the peer's server
        bool replied{false};                  //!< its reply is handled
        Callback<void> connected;             //!< Connect's callback
    };

    /// The process's library loop: serve requests and replies, read a message for a posted
    /// receive, else poll while anything waits. Runs one step at a time (no nesting).
    void Run();

    /// What a step of Run did.
    enum StepResult
    {
        AGAIN,   //!< did something at once: look again
        STARTED, //!< started a call or a poll: the loop resumes when it ends
    };

    /// \return what the step did
    StepResult Step();
    /**
     * \brief A call of the program while the loop waits in poll with nothing of its own under
     * way: end that wait (RatsInterfaceManager::Wake) so the call does not queue behind it.
     * \param always end it for any call (one that needs the CPU: a send, a connect); else
     * only if a message is in already (a receive: otherwise the wait goes on as its poll)
     */
    void EndIdle(bool always);
    /// \param r a connection request at the well-known server: accept it
    void Accept(const RatsInitialRequest& r);
    /// \param peer the peer \param reply its server's reply to this process's request
    void Replied(uint32_t peer, const RatsInitialReply& reply);
    /// \param peer the peer \param chunk its message, read: hand it to the receive, release
    void Deliver(uint32_t peer, const RatsStreamChunk& chunk);
    /// \param peer the peer: make its send buffers and stream sender (first)
    Peer& NewPeer(uint32_t peer);
    /// \param peer a peer \param bytes size \param sent the caller's: compose, write, flush
    void Write(uint32_t peer, uint32_t bytes, Callback<void> sent);
    /// \param peer a peer whose buffers may have freed: start its waiting sends
    void ResumeWaiting(uint32_t peer);
    /// \param sender node id \param seq message number \param i offset \return its byte
    static uint8_t Pattern(uint32_t sender, uint32_t seq, uint32_t i);

    Ptr<SanRatsDirectory> m_directory;      //!< the well-known servers
    uint32_t m_maxBytes;                    //!< largest message
    uint32_t m_slots;                       //!< ring slots per stream
    uint32_t m_threshold;                   //!< as-is threshold
    Time m_requestTimeout;                  //!< initial request's retransmission time-out
    Time m_requestTimeoutMax;               //!< its longest (RequestTimeoutMax)
    HostCpuWait::Mode m_notification;       //!< the process's wait mode
    bool m_checkPayload;                    //!< check received bytes
    Ptr<RatsInterfaceManager> m_manager;    //!< the host's Rats process
    Ptr<RatsInitialRequestServer> m_server; //!< its well-known server
    std::map<uint32_t, Peer> m_peers;       //!< by node id
    std::vector<uint32_t> m_order;          //!< peers in the order their streams are read
    uint32_t m_nextPeer{0};                 //!< round-robin position in m_order
    ReceiveCallback m_receive;              //!< the posted receive (null: none)
    uint32_t m_flushing{0};                 //!< flushes not yet returned
    bool m_busy{false};                     //!< a library call of the loop is running
    bool m_polling{false};                  //!< the loop waits in poll
    bool m_idle{false};                     //!< ... with nothing of its own under way
    bool m_delivering{false};               //!< a receive callback is running
    bool m_inRun{false};                    //!< inside Run
    bool m_again{false};                    //!< Run asked for while inside it
    uint64_t m_corrupt{0};                  //!< messages with wrong bytes
};

} // namespace ns3

#endif /* SAN_RATS_MESSENGER_H */
