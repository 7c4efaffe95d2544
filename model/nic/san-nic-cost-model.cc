/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-nic-cost-model.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanNicCostModel");

NS_OBJECT_ENSURE_REGISTERED(SanNicCostModel);

TypeId
SanNicCostModel::GetTypeId()
{
    // The default has no source of its own: every preset sets its interface's clock.
    static TypeId tid =
        TypeId("ns3::SanNicCostModel")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddAttribute(
                "ClockRate",
                "Clock rate of the interface's processor or state machine, in Hz.",
                DoubleValue(40e6),
                MakeDoubleAccessor(&SanNicCostModel::SetClockRate, &SanNicCostModel::GetClockRate),
                MakeDoubleChecker<double>());
    return tid;
}

SanNicCostModel::SanNicCostModel()
    : m_clockRate(40e6)
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
