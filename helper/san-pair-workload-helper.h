/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PAIR_WORKLOAD_HELPER_H
#define SAN_PAIR_WORKLOAD_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief What every client/server workload's helper does (SanPingPongHelper, SanStreamHelper,
 * SanRequestResponseHelper): make each process's messenger from one factory, a server (or sink)
 * application on one node and a client (or sender) on another, or on each of many, aimed at it
 * ("Peer"), as UdpEchoHelper does for UDP.
 */
class SanPairWorkloadHelper
{
  public:
    /// \param name an attribute of the messengers \param value its value
    void SetMessengerAttribute(const std::string& name, const AttributeValue& value);
    /// \param name an attribute of the client (sender) \param value its value
    void SetClientAttribute(const std::string& name, const AttributeValue& value);
    /// \param name an attribute of the server (sink) \param value its value
    void SetServerAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \brief A server on \p server and a client on \p client aimed at it, each with its own
     * messenger.
     * \param client the client's node \param server the server's node
     * \return the server, then the client
     */
    ApplicationContainer Install(Ptr<Node> client, Ptr<Node> server) const;
    /**
     * \brief A server on \p server and a client on each of \p clients aimed at it, each process
     * with its own messenger (a server with many clients).
     * \param clients the clients' nodes (none of them \p server) \param server the server's
     * \return the server, then the clients in order
     */
    ApplicationContainer Install(const NodeContainer& clients, Ptr<Node> server) const;

  protected:
    /**
     * \param who the helper's name, for messages
     * \param messengerType a SanMessenger TypeId (checked)
     * \param serverType the server's TypeId \param clientType the client's TypeId (both
     * SanMessengerApplications; the client has a "Peer" attribute)
     */
    SanPairWorkloadHelper(const std::string& who,
                          const std::string& messengerType,
                          TypeId serverType,
                          TypeId clientType);

  private:
    std::string m_who;         //!< the helper's name
    ObjectFactory m_messenger; //!< makes each process's messenger
    ObjectFactory m_server;    //!< makes the server
    ObjectFactory m_client;    //!< makes the client
};

} // namespace ns3

#endif /* SAN_PAIR_WORKLOAD_HELPER_H */
