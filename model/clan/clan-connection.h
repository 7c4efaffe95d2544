/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_CONNECTION_H
#define CLAN_CONNECTION_H

#include "clan-context.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief One end of a CLAN connection, set up and torn down with out-of-band messages
 * (Riddoch et al. 1999, section 3.1: out-of-band messages "are used for connection setup, tear
 * down and exceptional conditions").
 *
 * A connection joins two endpoints and gives each end the RDMA cookie of the aperture the other
 * offers (its receive buffers, flags or queue), which it maps. The client's CONNECT carries its
 * offer; the server, listening on its port, answers ACCEPT with its own; CLOSE ends it. Each
 * end waits for the other's message on its endpoint's queue, blocked (the driver's interrupt
 * routine wakes it). The messages travel through the fabric like any other traffic: nothing is
 * exchanged outside the model.
 */
class ClanConnection : public Object
{
  public:
    /// Where a connection is.
    enum State
    {
        CLOSED,      //!< not set up, or torn down
        CONNECTING,  //!< CONNECT sent, waiting for ACCEPT
        LISTENING,   //!< waiting for a CONNECT
        ESTABLISHED, //!< both cookies known, the peer's aperture mapped
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanConnection();
    ~ClanConnection() override;

    /**
     * \brief Client: connect to a listening endpoint.
     * \param ctx this process \param localPort this end's port (an endpoint is opened on it)
     * \param dstHost the server's host \param dstPort its port
     * \param offer the cookie of the aperture this end offers
     * \param established called once ACCEPT has come and the server's aperture is mapped
     */
    void Connect(Ptr<ClanContext> ctx,
                 uint16_t localPort,
                 uint32_t dstHost,
                 uint16_t dstPort,
                 const ClanCookie& offer,
                 Callback<void> established);

    /**
     * \brief Server: wait for one CONNECT on a port and accept it.
     * \param ctx this process \param localPort the port (an endpoint is opened on it)
     * \param offer the cookie of the aperture this end offers
     * \param established called once the client's aperture is mapped and ACCEPT sent
     * \param connectionPort if not 0: once a CONNECT has come, the connection moves to a new
     * endpoint on this port (ACCEPT comes from it) and the listening port is free to accept
     * the next connection
     */
    void Accept(Ptr<ClanContext> ctx,
                uint16_t localPort,
                const ClanCookie& offer,
                Callback<void> established,
                uint16_t connectionPort = 0);

    /**
     * \brief Server with a ClanListener: accept a CONNECT that came to the listener's
     * endpoint. The connection gets an endpoint of its own on \p connectionPort, maps the
     * client's aperture and answers ACCEPT from there; the listener keeps listening.
     * \param ctx this process \param connect the client's CONNECT
     * \param connectionPort the connection's own port
     * \param offer the cookie of the aperture this end offers
     * \param established called once the client's aperture is mapped and ACCEPT sent
     */
    void AcceptConnect(Ptr<ClanContext> ctx,
                       const ClanOobMessage& connect,
                       uint16_t connectionPort,
                       const ClanCookie& offer,
                       Callback<void> established);

    /// \return whether \p m is a CONNECT (what a ClanListener hands to AcceptConnect)
    static bool IsConnect(const ClanOobMessage& m);

    /// \brief Tear down: send CLOSE and close the endpoint into the cache.
    void Close();
    /// \param closed called when the peer tears the connection down
    void SetClosedCallback(Callback<void> closed);

    /// \return the state
    State GetState() const;
    /// \return the peer's cookie (ESTABLISHED)
    const ClanCookie& GetPeerCookie() const;
    /// \return this end's mapping of the peer's aperture (ESTABLISHED)
    uint64_t GetPeerMapping() const;
    /// \return the peer's host
    uint32_t GetPeerHost() const;
    /// \return the peer's port
    uint16_t GetPeerPort() const;

  protected:
    void DoDispose() override;

  private:
    /// Message types in the payload's first byte.
    enum Type : uint8_t
    {
        CONNECT = 1, //!< client's request, with its offer
        ACCEPT = 2,  //!< server's answer, with its offer
        CLOSE = 3,   //!< tear-down
    };

    /**
     * \brief This end's process, its endpoint on \p localPort, its offer and continuation
     * (every way a connection starts).
     */
    void Begin(Ptr<ClanContext> ctx,
               uint16_t localPort,
               const ClanCookie& offer,
               Callback<void> established);
    /// Send a message. \param type its type \param done after the call
    void SendMessage(Type type, Callback<void> done);
    /// Wait for the next message on the endpoint.
    void AwaitMessage();
    /// A message is in the endpoint's queue.
    void OnMessage();
    /// The peer's cookie arrived: map it. \param m the message
    void LearnPeer(const ClanOobMessage& m);
    /// A CONNECT has come (the peer is learnt): answer ACCEPT, then the connection is up.
    void Answer();
    /// Client: send CONNECT again after ConnectRetry unless ACCEPT comes first.
    void ArmRetry();
    /// Client: no ACCEPT yet: CONNECT again, or fail after ConnectAttempts.
    void Retry();

    Ptr<ClanContext> m_ctx;        //!< this process
    Ptr<ClanEndpoint> m_endpoint;  //!< this end's endpoint
    uint16_t m_localPort{0};       //!< its port
    State m_state{CLOSED};         //!< state
    ClanCookie m_offer;            //!< this end's cookie
    ClanCookie m_peer;             //!< the peer's cookie
    uint64_t m_peerMapping{0};     //!< its mapping
    uint32_t m_peerHost{0};        //!< peer host
    uint16_t m_peerPort{0};        //!< peer port
    Callback<void> m_established;  //!< pending continuation
    Callback<void> m_closed;       //!< tear-down listener
    uint16_t m_connectionPort{0};  //!< server: the connection's own port (0: the listener's)
    Time m_connectRetry;           //!< client: ConnectRetry
    Time m_connectRetryMax;        //!< client: ConnectRetryMax
    Time m_waited;                 //!< client: time waited for an ACCEPT so far
    uint32_t m_connectAttempts{0}; //!< client: ConnectAttempts
    uint32_t m_attempts{0};        //!< client: CONNECTs sent
    EventId m_retry;               //!< client: the next CONNECT
};

} // namespace ns3

#endif /* CLAN_CONNECTION_H */
