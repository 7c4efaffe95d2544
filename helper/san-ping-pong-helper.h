/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PING_PONG_HELPER_H
#define SAN_PING_PONG_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief Installs the ping-pong workload (SanPingPongServer, SanPingPongClient) on a pair of
 * hosts, each with its own messenger made here, as UdpEchoHelper does for UDP:
 *
 * \code
 *   SanPingPongHelper pingPong;                       // stream sockets (SanSocketMessenger)
 *   pingPong.SetMessengerAttribute("SocketFactory", StringValue("ns3::ScilanSocketFactory"));
 *   pingPong.SetClientAttribute("MessageBytes", UintegerValue(64));
 *   ApplicationContainer apps = pingPong.Install(hosts.Get(0), hosts.Get(1));
 *   apps.Start(MicroSeconds(10));                     // the server is first: it opens first
 * \endcode
 */
class SanPingPongHelper
{
  public:
    /// \param messengerType a SanMessenger TypeId
    explicit SanPingPongHelper(const std::string& messengerType = "ns3::SanSocketMessenger");

    /// \param name an attribute of the messengers \param value its value
    void SetMessengerAttribute(const std::string& name, const AttributeValue& value);
    /// \param name an attribute of SanPingPongClient \param value its value
    void SetClientAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief A server on \p server and a client on \p client aimed at it.
     * \param client the client's node \param server the server's node
     * \return the server, then the client
     */
    ApplicationContainer Install(Ptr<Node> client, Ptr<Node> server) const;

  private:
    ObjectFactory m_messenger; //!< makes each process's messenger
    ObjectFactory m_client;    //!< makes the client
};

} // namespace ns3

#endif /* SAN_PING_PONG_HELPER_H */
