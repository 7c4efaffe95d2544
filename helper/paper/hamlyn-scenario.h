/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_SCENARIO_H
#define HAMLYN_SCENARIO_H

#include "san-scenario.h"

#include "ns3/hamlyn-net-device.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/rats-interface-manager.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A Hamlyn scenario: SanScenario's hosts and fabric, a HamlynNetDevice on every host
 * (HamlynHelper), and optionally Rats. The reproduction (HamlynPaperExperiments) and the
 * tests build their scenarios with it.
 */
class HamlynScenario : public SanScenario
{
  public:
    /// What to build.
    struct Spec : public SanScenarioSpec
    {
        bool stateMachine{false};  //!< the projected state-machine preset (else LANai 3)
        bool rats{false};          //!< a RatsInterfaceManager per host
        uint32_t ratsHeadroom{48}; //!< Rats "Headroom" (a simple datagram's 44 bytes + 4)
        int64_t stream{100};       //!< first random stream (protection keys)
        uint32_t packetSize{0};    //!< the devices' "PacketSize" (0: the device's default)
    };

    /// \param spec what to build
    explicit HamlynScenario(const Spec& spec);

    std::vector<Ptr<HamlynNetDevice>> nics;      //!< devices, by host
    std::vector<Ptr<HostCpu>> cpus;              //!< CPUs, by host
    std::vector<Ptr<HostBus>> buses;             //!< I/O buses, by host
    std::vector<Ptr<HostMemory>> memories;       //!< memories, by host
    std::vector<Ptr<RatsInterfaceManager>> rats; //!< Rats (if enabled), by host
};

} // namespace ns3

#endif /* HAMLYN_SCENARIO_H */
