/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_IP_TRANSPORT_H
#define CLAN_IP_TRANSPORT_H

#include "ns3/clan-connection.h"
#include "ns3/clan-context.h"
#include "ns3/clan-distributed-queue.h"
#include "ns3/data-rate.h"
#include "ns3/san-ip-transport.h"

#include <cstdint>
#include <deque>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief CLAN IP (Riddoch et al. 1999, section 6.1, Figure 11): IP packets over the CLAN NIC,
 * in the kernel, under ns-3's internet stack (SanIpNetDevice over this transport, with
 * HostStackNetDevice charging the stack's costs around it).
 *
 * "A single connection is made on demand between pairs of nodes which need to communicate
 * using IP. The receiving node pre-allocates a small number of buffers, and passes RDMA
 * cookies for these buffers to the sending node through a distributed queue. Completion
 * messages are passed through another queue in the opposite direction." To send, the
 * transport takes a cookie from the queue, DMAs the packet into that buffer and, when the DMA
 * has completed, puts a completion message into the completion queue. The receiver's Tripwire
 * on the completion queue interrupts; the driver hands each buffer to the stack and passes a
 * cookie back ("New buffers are allocated if necessary": here the same buffer, reposted).
 *
 * Connection set-up (on the first packet to a host) uses ClanConnection on a well-known port;
 * each end offers a directory page holding the cookies its halves of the four queues need,
 * and reads the peer's with remote reads (set-up only; data transfer uses writes alone).
 *
 * The early implementation's limits are options: one packet in flight (OnePacketInFlight) and
 * the 250 Mbit/s cap of the deadlock bug (RateCap), both of which Table 1's reproduction turns
 * on.
 */
class ClanIpTransport : public SanIpTransport
{
  public:
    /// The well-known port CLAN IP listens on for connections.
    static constexpr uint16_t PORT = 0x4950;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanIpTransport();
    ~ClanIpTransport() override;

    /// \param kernel the kernel's context on this host's CLAN NIC (ClanContext "InKernel")
    void Setup(Ptr<ClanContext> kernel);

    // SanIpTransport
    bool Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol) override;
    void SetReceiveCallback(ReceiveCallback cb) override;
    uint32_t GetHostNumber() const override;
    uint16_t GetMtu() const override;

    /// \return connections set up (either end)
    uint32_t GetNConnections() const;
    /// \return times a packet waited because the peer had no buffer posted
    uint64_t GetNStalls() const;
    /// \return packets handed to the stack
    uint64_t GetNReceived() const;
    /// \return packets sent
    uint64_t GetNSent() const;

  protected:
    void DoDispose() override;

  private:
    /// A packet waiting to be sent.
    struct Pending
    {
        Ptr<Packet> packet; //!< the IP packet
        uint16_t protocol;  //!< its protocol number
    };

    /// What this host keeps per peer.
    struct Peer
    {
        enum State
        {
            NONE,       //!< nothing yet
            CONNECTING, //!< the connection is being set up
            UP,         //!< all four queues connected
        };

        State state{NONE};                    //!< state
        Ptr<ClanConnection> conn;             //!< its connection
        uint64_t directory{0};                //!< this end's directory page
        ClanCookie directoryCookie;           //!< its cookie
        Ptr<ClanDistributedQueue> cookiesIn;  //!< peer's buffer cookies (receiver half)
        Ptr<ClanDistributedQueue> cookiesOut; //!< this end's buffer cookies (sender half)
        Ptr<ClanDistributedQueue> doneIn;     //!< peer's completions (receiver half)
        Ptr<ClanDistributedQueue> doneOut;    //!< this end's completions (sender half)
        std::vector<ClanCookie> buffers;      //!< this end's receive buffers
        std::map<uint64_t, uint64_t> windows; //!< peer buffer base -> mapping
        std::vector<uint64_t> staging;        //!< transmit buffers (the sk_buffs' data)
        uint32_t nextStaging{0};              //!< next transmit buffer
        std::deque<Pending> queue;            //!< packets waiting
        uint32_t inFlight{0};                 //!< DMAs not yet completed
        bool fetching{false};                 //!< a cookie is being taken
        Time nextStart;                       //!< rate cap: earliest next DMA
    };

    /// Prepare a peer's directory and receiver halves. \param peer its state
    void PrepareEnd(Peer& peer);
    /// Listen for the next connection.
    void Listen();
    /// A listener accepted a connection: bind its prepared end to the peer's host.
    void Accepted();
    /// Both ends' connection is up: read the peer's directory, build the sender halves.
    /// \param host the peer
    void ExchangeDirectories(uint32_t host);
    /// Wait for the peer's sender halves' cookies. \param host the peer
    void AwaitPeerReady(uint32_t host);
    /// The four queues are connected. \param host the peer
    void Up(uint32_t host);
    /// Send what can be sent to a peer. \param host the peer
    void Pump(uint32_t host);
    /// Completions arrived from a peer (its Tripwire fired). \param host the peer
    void DrainCompletions(uint32_t host);
    /// \param host a peer \return its state (created if new)
    Peer& GetPeer(uint32_t host);

    Ptr<ClanContext> m_ctx;           //!< the kernel's context
    ReceiveCallback m_rx;             //!< the IP device
    std::map<uint32_t, Peer> m_peers; //!< by host
    Ptr<ClanConnection> m_listener;   //!< waiting for the next connection
    Peer m_listening;                 //!< the end prepared for it
    uint32_t m_buffers;               //!< attribute: receive buffers per peer
    uint16_t m_mtu;                   //!< attribute: MTU
    bool m_onePacket;                 //!< attribute: one packet in flight
    DataRate m_rateCap;               //!< attribute: rate cap (0: none)
    uint32_t m_connections{0};        //!< statistics
    uint64_t m_stalls{0};             //!< statistics
    uint64_t m_received{0};           //!< statistics
    uint64_t m_sent{0};               //!< statistics
    uint16_t m_nextPort{0x5000};      //!< client ports
};

} // namespace ns3

#endif /* CLAN_IP_TRANSPORT_H */
