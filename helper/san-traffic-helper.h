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

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class SanTrafficGenerator;
class SanTrafficStats;

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
     * Give host i the destination permutation[i] (for the Permutation pattern; the generators'
     * Destination attribute). Empty: none.
     * \param permutation one destination per host
     */
    void SetPermutation(std::vector<uint32_t> permutation);
    /// \param stats statistics every generator installed next shares (nullptr: none)
    void SetStats(std::shared_ptr<SanTrafficStats> stats);

    /**
     * Read a permutation: one destination host per source host, in source order, as whitespace
     * separated unsigned decimal numbers; '#' starts a comment. Every host must appear exactly
     * once as a destination (a host that is its own destination stays idle).
     * \param fileName the file
     * \param nHosts hosts of the fabric
     * \param out filled with the destinations
     * \return "" on success, else a message naming the file and the bad entry
     */
    static std::string ReadPermutation(const std::string& fileName,
                                       uint32_t nHosts,
                                       std::vector<uint32_t>& out);

    /**
     * \param endpoints the hosts' SanEndpointDevices (from SanFabricHelper::Install)
     * \return one generator per endpoint, on the endpoint's node
     */
    ApplicationContainer Install(NetDeviceContainer endpoints);

    /**
     * Give each generator its own random stream, numbered by its host (stream + host), so that
     * a host draws the same numbers whichever generators are installed beside it (a
     * distributed run installs only the local hosts' generators).
     * \param apps generators
     * \param stream first random stream
     * \return streams used (the largest host plus one)
     */
    static int64_t AssignStreams(ApplicationContainer apps, int64_t stream);

    /// Statistics summed over generators.
    struct Totals
    {
        uint64_t generated{0};           //!< packets created
        uint64_t generatedMeasured{0};   //!< created in the window
        uint64_t received{0};            //!< packets received
        uint64_t receivedInWindow{0};    //!< received during the window
        uint64_t receivedMeasured{0};    //!< measured packets received
        double latencySum{0};            //!< seconds, measured packets
        double maxLatency{0};            //!< seconds
        uint64_t hopSum{0};              //!< switch hops, measured packets
        uint64_t reordered{0};           //!< out-of-order arrivals
        uint64_t notInjected{0};         //!< dropped at a full source queue
        uint64_t notInjectedMeasured{0}; //!< of them, created in the window
    };

    /// \param apps generators \return their summed statistics
    static Totals Sum(ApplicationContainer apps);

  private:
    ObjectFactory m_factory;                  //!< generators
    std::vector<uint32_t> m_permutation;      //!< per-host destinations, or empty
    std::shared_ptr<SanTrafficStats> m_stats; //!< shared statistics, or nullptr
};

} // namespace ns3

#endif /* SAN_TRAFFIC_HELPER_H */
