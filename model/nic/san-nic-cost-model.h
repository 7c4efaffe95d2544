/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_NIC_COST_MODEL_H
#define SAN_NIC_COST_MODEL_H

#include "ns3/nstime.h"
#include "ns3/object.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Base of every NIC cost preset: data only, the clock of the interface's processor or
 * state machine and the conversion of cycle counts to time. Each NIC's presets derive from
 * it and add their costs as attributes (citing the paper's table and row, or ASSUMED or
 * FITTED); the device, which holds its preset in a "CostModel" attribute, charges them as
 * steps on its resources. Presets of an interface with a processor or state machine counted
 * in cycles (Hamlyn, DART) declare a "ClockRate" attribute bound to SetClockRate/GetClockRate
 * with their own default and source; those whose costs are times, rates and host instructions
 * (ClanCostModel, SciCostModel, ShrimpCostModel) have no clock and do not call Cycles().
 */
class SanNicCostModel : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanNicCostModel();
    ~SanNicCostModel() override;

    /// \param cycles a cycle count (>= 0) \return its duration at the clock rate
    Time Cycles(double cycles) const;
    /// \return the clock rate in Hz
    double GetClockRate() const;
    /// \param hz the clock rate in Hz (> 0)
    void SetClockRate(double hz);

  private:
    double m_clockRate; //!< Hz
};

} // namespace ns3

#endif /* SAN_NIC_COST_MODEL_H */
