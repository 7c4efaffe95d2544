/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PING_PONG_HELPER_H
#define SAN_PING_PONG_HELPER_H

#include "san-pair-workload-helper.h"

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
class SanPingPongHelper : public SanPairWorkloadHelper
{
  public:
    /// \param messengerType a SanMessenger TypeId
    explicit SanPingPongHelper(const std::string& messengerType = "ns3::SanSocketMessenger");
};

} // namespace ns3

#endif /* SAN_PING_PONG_HELPER_H */
