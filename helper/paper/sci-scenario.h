/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_SCENARIO_H
#define SCI_SCENARIO_H

#include "san-scenario.h"

#include "ns3/sci-net-device.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The SCILAN paper's cluster (Ryan and Bryhni 1998, section 4.1): 200 MHz Pentium /
 * 430HX hosts under Windows NT 4.0 with Dolphin PCI/SCI adapters (revision B, LC-1 links at
 * 200 MB/s), switched (one SCI switch) or on an SCI ringlet.
 */
class SciScenario : public SanScenario
{
  public:
    /// What to build.
    struct Spec : public SanScenarioSpec
    {
    };

    /**
     * \param hosts hosts
     * \param ring an SCI ringlet (at least 3 hosts) instead of one switch
     * \return the spec
     */
    static Spec Configure(uint32_t hosts = 2, bool ring = false);

    /// \param spec what to build
    explicit SciScenario(const Spec& spec);

    std::vector<Ptr<SciNetDevice>> nics; //!< adapters, by host
};

} // namespace ns3

#endif /* SCI_SCENARIO_H */
