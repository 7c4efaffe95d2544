/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-cost-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynCostModel");

NS_OBJECT_ENSURE_REGISTERED(HamlynCostModel);

TypeId
HamlynCostModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HamlynCostModel").SetParent<SanNicCostModel>().SetGroupName("San");
    return tid;
}

HamlynCostModel::HamlynCostModel()
    : m_directSend(0),
      m_dmaStart(0),
      m_dmaHeaderLoad(0),
      m_dmaSend(0),
      m_sendNotify(0),
      m_rxHeader(0),
      m_dmaStealRate(1.0),
      m_rxDmaSetup(0),
      m_rxFastPathBytes(0),
      m_rxNotify(0),
      m_cutThrough(false),
      m_startRequestBus(0),
      m_headerAssembly(0),
      m_chunkBytes(32)
{
}

HamlynCostModel::~HamlynCostModel() = default;

double
HamlynCostModel::GetDirectSendCycles() const
{
    return m_directSend;
}

double
HamlynCostModel::GetDmaStartCycles() const
{
    return m_dmaStart;
}

double
HamlynCostModel::GetDmaHeaderLoadCycles() const
{
    return m_dmaHeaderLoad;
}

double
HamlynCostModel::GetDmaSendCycles() const
{
    return m_dmaSend;
}

double
HamlynCostModel::GetSendNotifyCycles() const
{
    return m_sendNotify;
}

double
HamlynCostModel::GetReceiveCycles() const
{
    return m_rxHeader;
}

double
HamlynCostModel::GetDmaStealRate() const
{
    return m_dmaStealRate;
}

double
HamlynCostModel::GetReceiveDmaSetupCycles(uint32_t payload) const
{
    return payload <= m_rxFastPathBytes ? 0.0 : m_rxDmaSetup;
}

double
HamlynCostModel::GetReceiveNotifyCycles() const
{
    return m_rxNotify;
}

bool
HamlynCostModel::IsCutThrough() const
{
    return m_cutThrough;
}

double
HamlynCostModel::GetStartRequestBusCycles() const
{
    return m_startRequestBus;
}

double
HamlynCostModel::GetHeaderAssemblyCycles() const
{
    return m_headerAssembly;
}

uint32_t
HamlynCostModel::GetCutThroughChunkBytes() const
{
    return m_chunkBytes;
}

} // namespace ns3
