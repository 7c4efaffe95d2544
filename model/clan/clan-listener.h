/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CLAN_LISTENER_H
#define CLAN_LISTENER_H

#include "clan-connection.h"

#include "ns3/callback.h"
#include "ns3/object.h"

#include <cstdint>
#include <unordered_map>

namespace ns3
{

/**
 * \ingroup san
 * \brief A server's listening endpoint: one port that takes every client's CONNECT and hands
 * each to a ClanConnection of its own (ClanConnection::AcceptConnect, on a port the owner
 * names), as a sockets server's accept loop does. The endpoint stays open the whole time, so
 * CONNECTs that come together wait in its queue and none is lost; a server with thousands of
 * clients holds one endpoint for listening and one per connection made, not one per possible
 * client.
 */
class ClanListener : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanListener();
    ~ClanListener() override;

    /// Given a CONNECT's source host, the port its connection moves to.
    using PortOf = Callback<uint16_t, uint32_t>;
    /// A connection is up: (the connection, the client's host).
    using Accepted = Callback<void, Ptr<ClanConnection>, uint32_t>;

    /**
     * \brief Listen on \p port until disposed.
     * \param ctx this process \param port the listening port (an endpoint is opened on it)
     * \param offer the cookie of the aperture every connection offers
     * \param portOf the port each connection moves to
     * \param accepted called as each connection is established
     */
    void Listen(Ptr<ClanContext> ctx,
                uint16_t port,
                const ClanCookie& offer,
                PortOf portOf,
                Accepted accepted);

  protected:
    void DoDispose() override;

  private:
    /// Wait for the next message on the endpoint.
    void Await();
    /// Take every message waiting in the endpoint's queue.
    void OnMessage();

    Ptr<ClanContext> m_ctx;       //!< this process
    Ptr<ClanEndpoint> m_endpoint; //!< the listening endpoint
    ClanCookie m_offer;           //!< every connection's offer
    PortOf m_portOf;              //!< where a connection moves
    Accepted m_accepted;          //!< the owner
    /// Each client's connection by (host, port): a CONNECT sent again (ClanConnection
    /// ConnectRetry) while its first one's connection is open is not a new connection
    std::unordered_map<uint64_t, Ptr<ClanConnection>> m_clients;
};

} // namespace ns3

#endif /* CLAN_LISTENER_H */
