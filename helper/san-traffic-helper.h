/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TRAFFIC_HELPER_H
#define SAN_TRAFFIC_HELPER_H

#include "ns3/application-container.h"
#include "ns3/net-device-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

class SanTrafficGenerator;

/**
 * \ingroup san
 * \brief Installs a SanTrafficGenerator on every host of a fabric and sums
 * their statistics.
 */
class SanTrafficHelper
{
  public:
    SanTrafficHelper();

    /// \param name attribute of SanTrafficGenerator \param value its value
    void SetAttribute(std::string name, const AttributeValue& value);

    /**
     * \param endpoints the hosts' SanEndpointDevices (from SanFabricHelper::Install)
     * \return one generator per endpoint, on the endpoint's node
     */
    ApplicationContainer Install(NetDeviceContainer endpoints);

    /**
     * \param apps generators
     * \param stream first random stream
     * \return streams used
     */
    static int64_t AssignStreams(ApplicationContainer apps, int64_t stream);

    /// Statistics summed over generators.
    struct Totals
    {
        uint64_t generated{0};         //!< packets created
        uint64_t generatedMeasured{0}; //!< created in the window
        uint64_t received{0};          //!< packets received
        uint64_t receivedInWindow{0};  //!< received during the window
        uint64_t receivedMeasured{0};  //!< measured packets received
        double latencySum{0};          //!< seconds, measured packets
        double maxLatency{0};          //!< seconds
        uint64_t hopSum{0};            //!< switch hops, measured packets
        uint64_t reordered{0};         //!< out-of-order arrivals
    };

    /// \param apps generators \return their summed statistics
    static Totals Sum(ApplicationContainer apps);

  private:
    ObjectFactory m_factory; //!< generators
};

} // namespace ns3

#endif /* SAN_TRAFFIC_HELPER_H */
