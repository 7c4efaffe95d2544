/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_SCENARIO_H
#define CLAN_SCENARIO_H

#include "san-scenario.h"

#include "ns3/clan-context.h"
#include "ns3/clan-net-device.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief CLAN hosts as the Tripwire paper measured them (Riddoch et al. 1999, sections 2 and
 * 5.1): 530 MHz Alphas under Linux 2.2 (AlphaLinuxHostPreset) with CLAN NICs, linked by G-Link
 * fibre, and one process (ClanContext) per host.
 *
 * The paper's hosts were "back to back": its switch was not yet built (section 9). The fabric
 * has no host-to-host link, so Configure() puts one wormhole switch with no routing delay and
 * cables without delay between them: it adds only a header's serialisation to a burst (the
 * NIC's 0.5 us of section 5.2 already holds the wire). The link carries data at 1.2 Gbit/s:
 * the G-Link serialises "at 1.5 Gbit/s" (section 2) with 16 data bits in each 20-bit frame
 * (HP HDMP-1022/1024 G-Link data sheet: 16-bit words with a 4-bit control field).
 */
class ClanScenario : public SanScenario
{
  public:
    /// What to build.
    struct Spec : public SanScenarioSpec
    {
        bool receiveCheck{false}; //!< ClanNetDevice "ReceiveCheck"
    };

    /// \param hosts hosts (back to back through one wormhole switch) \return the spec
    static Spec Configure(uint32_t hosts = 2);

    /// \param spec what to build
    explicit ClanScenario(const Spec& spec);

    std::vector<Ptr<ClanNetDevice>> nics; //!< devices, by host
    std::vector<Ptr<ClanContext>> ctx;    //!< one process per host
};

} // namespace ns3

#endif /* CLAN_SCENARIO_H */
