/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-nic-cost-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanNicCostModel");

NS_OBJECT_ENSURE_REGISTERED(SanNicCostModel);

TypeId
SanNicCostModel::GetTypeId()
{
    // No attribute here: each preset declares "ClockRate" (bound to SetClockRate) with its
    // own default and source.
    static TypeId tid = TypeId("ns3::SanNicCostModel").SetParent<Object>().SetGroupName("San");
    return tid;
}

SanNicCostModel::SanNicCostModel()
    : m_clockRate(0)
{
}

SanNicCostModel::~SanNicCostModel() = default;

Time
SanNicCostModel::Cycles(double cycles) const
{
    NS_ABORT_MSG_IF(cycles < 0,
                    GetInstanceTypeId().GetName() << ": negative cycle count " << cycles);
    return Seconds(cycles / m_clockRate);
}

double
SanNicCostModel::GetClockRate() const
{
    return m_clockRate;
}

void
SanNicCostModel::SetClockRate(double hz)
{
    NS_ABORT_MSG_IF(!(hz > 0), "SanNicCostModel: ClockRate must be > 0, not " << hz);
    m_clockRate = hz;
}

} // namespace ns3
