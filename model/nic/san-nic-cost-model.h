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
 * it, declare a "ClockRate" attribute bound to SetClockRate/GetClockRate with their own
 * default and source, and add their per-stage cycle counts as attributes (citing the paper's
 * table and row); the device charges them as steps on its resources.
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
