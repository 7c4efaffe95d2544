/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_STREAM_HELPER_H
#define SAN_STREAM_HELPER_H

#include "san-pair-workload-helper.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief Installs the streaming workload (SanStreamSink as the server, SanStreamSender as the
 * client) on a pair of hosts, each with its own messenger:
 *
 * \code
 *   SanStreamHelper stream;
 *   stream.SetMessengerAttribute("SocketFactory", StringValue("ns3::TcpSocketFactory"));
 *   stream.SetClientAttribute("MessageBytes", UintegerValue(8192));
 *   ApplicationContainer apps = stream.Install(hosts.Get(0), hosts.Get(1));
 *   apps.Start(MicroSeconds(10));
 *   // ... after the run: DynamicCast<SanStreamSink>(apps.Get(0))->GetBandwidthMBps()
 * \endcode
 */
class SanStreamHelper : public SanPairWorkloadHelper
{
  public:
    /// \param messengerType a SanMessenger TypeId
    explicit SanStreamHelper(const std::string& messengerType = "ns3::SanSocketMessenger");
};

} // namespace ns3

#endif /* SAN_STREAM_HELPER_H */
