/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_CLAN_MESSENGER_H
#define SAN_CLAN_MESSENGER_H

#include "san-messenger.h"

#include "ns3/clan-context.h"
#include "ns3/event-id.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/san-fifo.h"

#include <functional>
#include <map>
#include <vector>

namespace ns3
{

class ClanConnection;
class ClanListener;
class ClanMessageChannel;

/**
 * \ingroup san
 * \brief The cluster's hosts file for CLAN processes: each node's CLAN host number, as the
 * start-up configuration names them (read from the nodes' CLAN NICs).
 *
 * A SanClanMessenger reads one when it opens. Without a "HostsFile" it reads a file of its own
 * (every node, at each Open); processes that share one (SanBenchTestbed gives its messengers
 * one) read the nodes once, at the first Open, and hold the table once rather than once per
 * process. The file is read again if nodes were created since.
 */
class SanClanHostsFile : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanClanHostsFile();
    ~SanClanHostsFile() override;

    /// Read every node's CLAN NIC (NodeList), unless read already and no node was created since.
    void Read();
    /// \return the largest CLAN host number + 1 (0 if no node has a CLAN NIC)
    uint32_t GetNHosts() const;
    /**
     * \param node a node id
     * \param[out] host its CLAN host number
     * \return whether the node has a CLAN NIC
     */
    bool FindHost(uint32_t node, uint32_t& host) const;
    /**
     * \param host a CLAN host number
     * \param[out] node the node with it (of several, the one with the largest id)
     * \return whether a node has it
     */
    bool FindNode(uint32_t host, uint32_t& node) const;

  private:
    /// A node id's entry when it has no CLAN NIC.
    static constexpr uint32_t NONE = 0xffffffff;

    bool m_read{false};                        //!< read at least once
    uint32_t m_nodes{0};                       //!< NodeList's nodes when read
    uint32_t m_hosts{0};                       //!< largest host number + 1
    std::vector<uint32_t> m_hostOfNode;        //!< by node id (NONE: no CLAN NIC)
    std::map<uint32_t, uint32_t> m_nodeOfHost; //!< host number -> node id
};

/**
 * \ingroup san
 * \brief Messages through CLAN's message channels (Riddoch et al. 1999, section 4.1, Figure 5
 * and Example 1): one channel each way per connected pair of processes, over the CLAN NIC's
 * non-coherent shared memory, with tx_ready / rx_ready flags.
 *
 * Set-up, during the run, over the fabric. Open starts the process: a ClanContext on the
 * node's CLAN NIC, a connection table in its memory (one 64-byte line per CLAN host, exported
 * once: its cookie is the offer of every connection), and a ClanListener on port "Port": one
 * endpoint that takes every peer's CONNECT and moves each connection to a port of its own
 * ("Port" + 1 + the peer's host). Connect sends CONNECT from port "Port" + 0x8001 + the peer's
 * host to the peer's "Port" (out-of-band messages, section 3.1). A process holds endpoints for
 * its listener and its connections only, not for every host that might connect. Once a
 * connection is established each end maps the other's table and builds its halves of the two
 * channels with processor writes only: it writes its receiving half's cookie into the peer's
 * line for it and sets a ready word there, spins on its own line until the peer's cookie has
 * come, builds its sending half over it, writes that half's cookie and a second ready word,
 * and spins for the peer's; then the connection is up.
 *
 * A message is carried in channel messages of at most "BufferBytes" (the channel's buffer),
 * each sent when tx_ready says the buffer is free again (the channel's own flow control: one
 * piece in flight per direction), as a program calling send_msg in a loop would. A piece
 * shorter than the buffer writes only its bytes; rx_ready carries its length. The message's
 * first word is its length, its second its sequence number; the rest is a pattern of sender,
 * sequence and offset that the receiver checks ("CheckPayload"): the bytes cross the model.
 *
 * The process runs one call at a time, as a single-threaded program does: Send is send_msg
 * for every piece (it returns, calling "sent", when the last piece is in the peer's buffer
 * and rx_ready written), Receive is a blocking receive that takes pieces from whichever
 * channel has one until a message is whole (pieces of different peers' messages interleave;
 * each connection reassembles its own). A call issued while another runs waits for it. Two
 * processes that both send large messages to each other with no receive posted wait for each
 * other forever (unbuffered blocking sends), as the library's would.
 *
 * How a receive learns that a piece has come ("Notification"): Poll (default) spins on the
 * rx_ready flags of all its connections (no Tripwire, no interrupt: section 5.2's and the MPI
 * port's "synchronisation is achieved by spinning"), giving the CPU up every "PollSlice" so
 * that other work of the process (a new connection's set-up) can run; Block puts a Tripwire on
 * each connection's rx_ready, all registered with the process's one asynchronous event queue
 * (section 3.5), and sleeps on the queue until one fires; PollThenBlock polls the queue for
 * the CPU's "PollBeforeBlock" first (section 4.3, and the event server of section 5.3). The
 * sending half waits for tx_ready in the matching way (spin, or block on a Tripwire).
 */
class SanClanMessenger : public SanMessenger
{
  public:
    /// How a receive learns a piece has come.
    enum Notification
    {
        POLL,            //!< spin on every connection's rx_ready
        BLOCK,           //!< sleep on the event queue fed by Tripwires on rx_ready
        POLL_THEN_BLOCK, //!< poll the event queue, then sleep on it
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanClanMessenger();
    ~SanClanMessenger() override;

    void Open(Ptr<Node> node) override;
    void Connect(Ptr<Node> peer, Callback<void> connected) override;
    void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) override;
    void Receive(ReceiveCallback done) override;
    bool IsConnected(uint32_t peer) const override;
    uint32_t GetMinMessageBytes() const override;
    std::string GetDescription() const override;

    /// \return the process's context (null before Open)
    Ptr<ClanContext> GetContext() const;
    /// \return channel messages (pieces) sent
    uint64_t GetNPiecesSent() const;
    /// \return channel messages (pieces) received
    uint64_t GetNPiecesReceived() const;
    /// \return payload bytes checked against the sender's pattern
    uint64_t GetNCheckedBytes() const;

  protected:
    void DoDispose() override;

  private:
    /// Bytes of a message's header: its length, its sequence number.
    static constexpr uint32_t HEADER_BYTES = 8;
    /// Bytes of each host's line in the connection table.
    static constexpr uint32_t LINE_BYTES = 64;

    /// One connected peer (by its CLAN host number).
    struct Peer
    {
        uint32_t node{0};               //!< its node id
        Ptr<ClanConnection> connection; //!< the set-up's connection
        uint64_t table{0};              //!< this end's mapping of the peer's table
        Ptr<ClanMessageChannel> in;     //!< from the peer (this end: receiver)
        Ptr<ClanMessageChannel> out;    //!< to the peer (this end: sender)
        bool up{false};                 //!< both channels built
        Callback<void> connected;       //!< Connect's callback
        uint32_t sequence{0};           //!< messages sent to it
        uint32_t expected{0};           //!< arriving message's length (0: none)
        uint32_t arrived{0};            //!< bytes of it so far
        uint32_t arrivingSequence{0};   //!< its sequence number
    };

    /// \param host a CLAN host number \return the port a connection accepted from it moves to
    uint16_t AcceptPort(uint32_t host) const;
    /// \param host a CLAN host number \return this process's connecting port to it
    uint16_t ConnectPort(uint32_t host) const;
    /// \param node a node id \return its CLAN host number (aborts if it has no CLAN NIC)
    uint32_t HostOf(uint32_t node) const;
    /// \return the channels' wait mode for this notification
    ClanContext::WaitMode ChannelMode() const;

    /// \p host connected to this process (its listener): a peer of it, then Established.
    void Accepted(uint32_t host, Ptr<ClanConnection> connection);
    /// A connection to \p host is established: build this end's halves.
    void Established(uint32_t host, Ptr<ClanConnection> connection);
    /// The peer's receiving cookie is in this end's table: build the sending half.
    void BuildSender(uint32_t host);
    /// The peer's sending cookie is in this end's table: connect the receiving half; up.
    void ConnectionUp(uint32_t host);
    /**
     * \brief Write a half's cookie and its ready word into the peer's table line for this
     * host, then spin until the peer's ready word at the same offset of this end's line for it.
     * \param p the peer \param host its CLAN host number \param cookie the encoded cookie
     * \param cookieOffset where in a line the cookie goes \param readyOffset its ready word
     * \param then called once the peer's is there
     */
    void PostCookieAndWait(const Peer& p,
                           uint32_t host,
                           const uint8_t* cookie,
                           uint64_t cookieOffset,
                           uint64_t readyOffset,
                           Callback<void> then);

    /// Run \p call once the process's earlier calls have returned.
    void Call(std::function<void()> call);
    /// The running call returned: the next.
    void Returned();

    /// Send the piece of a message at \p offset, then the rest.
    void SendPiece(uint32_t host,
                   uint32_t bytes,
                   uint32_t sequence,
                   uint32_t offset,
                   Callback<void> sent);
    /// The receive: take a piece from a ready channel, or wait for one.
    void ReceiveLoop();
    /// A piece from \p host has been copied out.
    void TookPiece(uint32_t host, const std::vector<uint8_t>& piece);
    /// Wait until some channel has a piece (the notification's way).
    void AwaitPiece();
    /// Poll: the current spin ended (a flag was written, or the slice ran out).
    void PollEnded(uint64_t generation);
    /// \param sender host \param sequence message \param offset byte \return the byte
    static uint8_t Pattern(uint32_t sender, uint32_t sequence, uint32_t offset);

    Notification m_notification{POLL}; //!< attribute
    uint32_t m_bufferBytes{32768};     //!< attribute: a channel's buffer
    uint32_t m_maxBytes{1048576};      //!< attribute: largest message
    uint16_t m_port{0x8000};           //!< attribute: first listening port
    Time m_pollSlice;                  //!< attribute: spin before giving the CPU up
    bool m_checkPayload{true};         //!< attribute

    Ptr<ClanContext> m_ctx;            //!< this process
    uint32_t m_host{0};                //!< its CLAN host number
    uint64_t m_table{0};               //!< the connection table
    ClanCookie m_tableCookie;          //!< its cookie (every connection's offer)
    Ptr<SanClanHostsFile> m_hostsFile; //!< attribute (or its own, made at Open)
    Ptr<ClanListener> m_listener;      //!< takes the peers' CONNECTs
    std::map<uint32_t, Peer> m_peers;  //!< by peer host, once established

    SanFifo<std::function<void()>> m_calls; //!< calls waiting for the process
    bool m_calling{false};                  //!< a call runs
    ReceiveCallback m_receive;              //!< the running receive's callback
    bool m_receiving{false};                //!< a receive is posted or running
    bool m_parked{false};                   //!< the receive waits for a first connection
    uint32_t m_nextHost{0};                 //!< where the next scan for a piece starts
    Ptr<HostCpuWait> m_spin;                //!< Poll: the current spin
    uint64_t m_spinGeneration{0};           //!< Poll: ends stale watches
    std::vector<uint64_t> m_watches;        //!< Poll: the spin's watch tokens
    EventId m_sliceEnd;                     //!< Poll: the spin's slice

    uint64_t m_piecesSent{0};     //!< statistics
    uint64_t m_piecesReceived{0}; //!< statistics
    uint64_t m_checkedBytes{0};   //!< statistics
};

} // namespace ns3

#endif /* SAN_CLAN_MESSENGER_H */
