/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_TEST_RIG_H
#define DART_TEST_RIG_H

// A DART network for the test suites: hosts on a Cell-mode crossbar, a DART interface each,
// with a cost preset of round numbers (not a paper's) so that expected times are easy to state.

#include "ns3/dart-context.h"
#include "ns3/dart-cost-model.h"
#include "ns3/dart-helper.h"
#include "ns3/dart-net-device.h"
#include "ns3/double.h"
#include "ns3/node-container.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <vector>

namespace ns3
{
namespace santest
{

/// Round-number costs: 100 MHz card, 10 cycles per stage, 10 per primitive.
class DartRoundCost : public DartCostModel
{
  public:
    /// \param engine who runs the work \param fifoBytes PIO bytes per cell (HOST_KERNEL)
    DartRoundCost(Engine engine = CARD_PROCESSOR, uint32_t fifoBytes = 0)
    {
        SetClockRate(100e6);
        m_engine = engine;
        m_linkRate = DataRate("155Mbps");
        m_sendWork = 10;
        m_sendCellWork = 2;
        m_fifoCellBytes = fifoBytes;
        m_receiveWork = 10;
        m_primitiveWork = 10;
        m_receiveCellWork = 2;
        m_depositWork = 10;
        m_replyWork = 10;
        m_tlbMiss = 100;
        m_exception = 100;
    }
};

/// The network.
struct DartRig
{
    SanFabricHelper fabric;               //!< fabric
    NodeContainer hosts;                  //!< hosts
    std::vector<Ptr<DartNetDevice>> nics; //!< interfaces
    std::vector<Ptr<DartContext>> ctx;    //!< one endpoint each

    /**
     * \param n hosts
     * \param engine who runs the work
     * \param endpointBytes size of each host's endpoint
     */
    explicit DartRig(uint32_t n,
                     DartCostModel::Engine engine = DartCostModel::CARD_PROCESSOR,
                     uint64_t endpointBytes = 65536)
    {
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(n));
        fabric.SetRouting("ns3::SanDimensionOrderRouting");
        fabric.SetFabricAttribute("SwitchingMode", StringValue("Cell"));
        hosts.Create(n);
        SanHostHelper().Install(hosts);
        NetDeviceContainer eps = fabric.Install(hosts);
        for (uint32_t i = 0; i < n; ++i)
        {
            Ptr<DartNetDevice> nic = CreateObject<DartNetDevice>();
            nic->SetCostModel(
                Create<DartRoundCost>(engine, engine == DartCostModel::HOST_KERNEL ? 52 : 0));
            hosts.Get(i)->AddDevice(nic);
            nic->Attach(SanHost::Of(hosts.Get(i)), eps.Get(i));
            nics.push_back(nic);
            ctx.push_back(nic->OpenEndpoint(endpointBytes));
        }
    }

    ~DartRig()
    {
        Simulator::Destroy();
    }
};

/// \return a plain direct write of one block at \p offset
inline DartControl
DirectWrite(uint32_t offset)
{
    DartControl c;
    c.opcode = DartOpcode::WRITE;
    c.addressing = DartAddressing::DIRECT;
    c.operand = offset;
    return c;
}

} // namespace santest
} // namespace ns3

#endif /* DART_TEST_RIG_H */
