/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_SCENARIO_H
#define DART_SCENARIO_H

#include "san-scenario.h"

#include "ns3/dart-context.h"
#include "ns3/dart-net-device.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A DART scenario: SanScenario's hosts on a Cell-mode fabric whose links run at the
 * cost preset's link rate, a DartNetDevice on every host (DartHelper) and one endpoint per
 * host. The configurations of Osborne 1994 are named presets (Configure()).
 */
class DartScenario : public SanScenario
{
  public:
    /// The configurations of the paper.
    enum Config
    {
        SOFTWARE_SWITCHLESS, //!< in-kernel DART, DECstation 5000/240, TCA-100 back to back
        SOFTWARE_SWITCH,     //!< the same through one Fore ASX-100
        HARDWARE_155,        //!< projected hardware DART on PCI, 155 Mbit/s, one fast switch
        HARDWARE_622,        //!< the same at 622 Mbit/s
    };

    /// What to build.
    struct Spec : public SanScenarioSpec
    {
        std::string costModel{"ns3::DartHardwareCostModel"}; //!< DartCostModel TypeId
        std::string linkRate;            //!< cost model "LinkRate" override ("" keeps it)
        uint64_t endpointBytes{1 << 20}; //!< each host's endpoint
        bool warmTlb{true};              //!< load the endpoints' TLB entries at set-up
    };

    /**
     * \param config one of the paper's configurations
     * \param hosts hosts (crossbar)
     * \return its spec
     */
    static Spec Configure(Config config, uint32_t hosts = 2);
    /**
     * \param config one of the paper's configurations
     * \return it on the fabric's 64-host 4-ary 3-tree (Cell mode, up*\/down* routes so that a
     * virtual circuit's cells stay in order), for the runs beyond the paper
     */
    static Spec ConfigureFatTree(Config config);
    /// \param config a configuration \return its short name ("sw-switchless", ...)
    static std::string GetName(Config config);

    /// \param spec what to build
    explicit DartScenario(const Spec& spec);

    std::vector<Ptr<DartNetDevice>> nics; //!< devices, by host
    std::vector<Ptr<DartContext>> ctx;    //!< one endpoint per host
};

} // namespace ns3

#endif /* DART_SCENARIO_H */
