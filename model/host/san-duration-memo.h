/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_DURATION_MEMO_H
#define SAN_DURATION_MEMO_H

#include "san-resource.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <cstring>
#include <unordered_map>

namespace ns3
{

/**
 * \ingroup san
 * \brief Durations of "count x perCount / rate" seconds (instructions at a CPI and a clock,
 * cycles at a clock), formed once for the process and shared by every object with the same
 * perCount and rate: forming a Time from a double is not cheap, a few counts recur for every
 * step, and thousands of hosts of one preset form the same ones. A table each (a map per CPU,
 * per memory system) cost a few hundred bytes a host and a cold look-up at scale.
 *
 * An object keeps a Table* for its current perCount and rate (Find, again when either changes)
 * and asks it for each count; the time is exactly SanDuration(count * perCount / rate), as if it
 * were formed there. A table holds at most MAX_COUNTS counts (then starts over), and is kept
 * for the time resolution it was made at.
 */
class SanDurationMemo
{
  public:
    /// One perCount and rate's durations, by count.
    class Table
    {
      public:
        /// \param perCount seconds x rate per count (a CPI; 1 for cycles) \param rate Hz
        Table(double perCount, double rate)
            : m_perCount(perCount),
              m_rate(rate)
        {
        }

        /**
         * \param count instructions or cycles \param who what asks, for SanDuration's message
         * \return its duration (aborts, as SanDuration, if it is outside ns-3's range)
         */
        Time Get(double count, const char* who)
        {
            auto it = m_times.find(Bits(count));
            if (it != m_times.end())
            {
                return it->second;
            }
            if (m_times.size() >= MAX_COUNTS)
            {
                m_times.clear();
            }
            const Time t = SanDuration(count * m_perCount / m_rate, who);
            m_times.emplace(Bits(count), t);
            return t;
        }

      private:
        /// \param v a double \return its bits (the key: equal doubles, equal bits)
        static uint64_t Bits(double v)
        {
            uint64_t b;
            std::memcpy(&b, &v, sizeof b);
            return b;
        }

        double m_perCount;                          //!< seconds x rate per count
        double m_rate;                              //!< Hz
        std::unordered_map<uint64_t, Time> m_times; //!< by the count's bits
    };

    /// Counts a table holds before it starts over.
    static constexpr size_t MAX_COUNTS = 4096;

    /**
     * \param perCount seconds x rate per count \param rate Hz
     * \return the process's table for them at the current time resolution (never moves)
     */
    static Table* Find(double perCount, double rate);
};

} // namespace ns3

#endif /* SAN_DURATION_MEMO_H */
