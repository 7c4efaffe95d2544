/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_HELPER_H
#define DART_HELPER_H

#include "san-nic-helper.h"

#include "ns3/dart-connection-table.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <cstdint>
#include <string>
#include <utility>

namespace ns3
{

class DartContext;
class DartCostModel;
class DartNetDevice;
class SanFabricHelper;

/**
 * \ingroup san
 * \brief Installs DART interfaces on hosts that already exist (SanHostHelper) and are attached
 * to a san fabric (SanFabricHelper), and does the kernel's part of setting up connections.
 *
 * \code
 *   SanHostHelper hostHelper;
 *   hostHelper.SetPreset("ns3::Decstation5000HostPreset");
 *   hostHelper.Install(hosts);
 *   DartHelper dart;
 *   dart.SetCostModel("ns3::DartSoftwareCostModel");
 *   dart.ConfigureFabric(fabric);                          // ATM cells at the card's rate
 *   NetDeviceContainer eps = fabric.Install(hosts);
 *   NetDeviceContainer nics = dart.Install(hosts, eps);
 *   Ptr<DartContext> a = DartHelper::GetDevice(hosts.Get(0))->OpenEndpoint(65536);
 *   Ptr<DartContext> b = DartHelper::GetDevice(hosts.Get(1))->OpenEndpoint(65536);
 *   auto vcis = DartHelper::Connect(a, b, DartWindow{0, 16}, DartWindow{0, 16});
 *   a->Send(vcis.first, ctl, 0, 32);                      // lands in b's endpoint
 * \endcode
 */
class DartHelper : public SanNicHelper
{
  public:
    DartHelper();
    // SetDeviceAttribute, SetCostModel (a DartCostModel TypeId; default
    // ns3::DartHardwareCostModel), SetCostModelAttribute and Install are SanNicHelper's.

    /// \param node a host \return its DartNetDevice (null if none)
    static Ptr<DartNetDevice> GetDevice(Ptr<Node> node);

    /**
     * \brief Make a fabric helper build the network DART is made for, before its Install:
     * ATM (Cell switching mode) with links at the rate of the cost preset chosen here (its
     * LinkRate: the card's physical link; the projected hardware preset's unless SetCostModel
     * chose another). Switch timing, buffers and routing stay the caller's (an up*\/down* or
     * dimension-order route keeps a circuit's cells in order; adaptive routing does not).
     * \param fabric the fabric helper
     */
    void ConfigureFabric(SanFabricHelper& fabric) const;
    /// \return a new cost preset as Install gives each device one
    Ptr<DartCostModel> CreateDartCostModel() const;

    /**
     * \brief The kernel's set-up of a duplex connection between two endpoints: a Connection
     * Table entry at each side (endpoint, register window, action queue, peer), and Send
     * Registers for each. The paper gives no set-up protocol (Osborne 1994 describes the
     * tables, not how the kernels fill them), so the helper wires both hosts' tables at once,
     * in no simulated time: call it before Simulator::Run, as a kernel would have set the
     * circuits up before the measured run.
     * \param a one endpoint
     * \param b the other (another host)
     * \param windowA registers of a's side (incoming messages from b name these)
     * \param windowB registers of b's side
     * \param queueA action queue at a's interface (DartConnection::NO_QUEUE: none)
     * \param queueB action queue at b's interface
     * \return the VCIs at a and at b: a sends on the first, b on the second
     */
    static std::pair<uint16_t, uint16_t> Connect(Ptr<DartContext> a,
                                                 Ptr<DartContext> b,
                                                 DartWindow windowA,
                                                 DartWindow windowB,
                                                 uint32_t queueA = DartConnection::NO_QUEUE,
                                                 uint32_t queueB = DartConnection::NO_QUEUE);

  private:
    void SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const override;
};

} // namespace ns3

#endif /* DART_HELPER_H */
