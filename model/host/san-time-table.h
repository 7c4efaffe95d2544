/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TIME_TABLE_H
#define SAN_TIME_TABLE_H

#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Durations by a small whole number (a bus grant's cycles, an SCI packet's bytes),
 * formed once for the process and shared by every object of one kind at one rate: forming a
 * Time from a double is not cheap, a few numbers recur at every step, and a table in every
 * object cost from 0.6 to 23 KiB a host at scale. SanDurationMemo is its sibling for counts
 * that are not whole numbers.
 *
 * An object keeps a pointer to Shared<Owner>(rate) for its current rate (Shared again when the
 * rate changes) and asks Get for each number with how to form its time; the result is exactly
 * what forming it there gives, since every object of the kind forms it alike at that rate. A
 * table is kept per time resolution (a Time formed at one resolution is not another's).
 */
class SanTimeTable
{
  public:
    /**
     * \tparam Owner the kind of object that forms the times (each kind its own tables)
     * \tparam Rate the type of the rate the times depend on
     * \param rate the rate
     * \return the process's table for \p Owner at \p rate and the current time resolution;
     * it never moves
     */
    template <typename Owner, typename Rate>
    static SanTimeTable& Shared(Rate rate)
    {
        static std::map<std::pair<int, Rate>, SanTimeTable> tables; // a node never moves
        return tables[{static_cast<int>(Time::GetResolution()), rate}];
    }

    /**
     * \param n the number (keep it small: the table grows to n + 1 entries)
     * \param form forms n's time, the first time it is asked for
     * \return n's time
     */
    template <typename Form>
    Time Get(uint64_t n, Form&& form)
    {
        if (n >= m_known.size())
        {
            m_times.resize(n + 1);
            m_known.resize(n + 1, false);
        }
        if (!m_known[n])
        {
            m_times[n] = form();
            m_known[n] = true;
        }
        return m_times[n];
    }

  private:
    std::vector<Time> m_times; //!< by number
    std::vector<bool> m_known; //!< which of m_times are formed
};

} // namespace ns3

#endif /* SAN_TIME_TABLE_H */
