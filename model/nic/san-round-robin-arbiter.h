/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_ROUND_ROBIN_ARBITER_H
#define SAN_ROUND_ROBIN_ARBITER_H

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Chooses which of a device's clients (send termini, connections, channels) it serves
 * next: the highest priority among those with work, round-robin within that priority,
 * starting after the one served last (Hamlyn section 2.3: termini are served round-robin, one
 * packet at a time).
 */
class SanRoundRobinArbiter
{
  public:
    /// Returned by Pick() when no client has work.
    static constexpr int32_t NONE = -1;

    /**
     * \param n number of clients
     * \param hasWork hasWork(i): client i has work
     * \param priority priority(i): client i's priority (higher first)
     * \return the client to serve, or NONE
     */
    template <typename HasWork, typename Priority>
    int32_t Pick(uint32_t n, HasWork hasWork, Priority priority)
    {
        const int32_t i = Peek(n, hasWork, priority);
        if (i != NONE)
        {
            Commit(static_cast<uint32_t>(i), n);
        }
        return i;
    }

    /**
     * \brief The client Pick() would choose, without taking its turn (a device that may not
     * serve it yet asks again later).
     * \param n number of clients
     * \param hasWork hasWork(i): client i has work
     * \param priority priority(i): client i's priority (higher first)
     * \return the client, or NONE
     */
    template <typename HasWork, typename Priority>
    int32_t Peek(uint32_t n, HasWork hasWork, Priority priority) const
    {
        bool any = false;
        uint32_t best = 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            if (hasWork(i) && (!any || priority(i) > best))
            {
                best = priority(i);
                any = true;
            }
        }
        if (!any)
        {
            return NONE;
        }
        for (uint32_t k = 0; k < n; ++k)
        {
            const uint32_t i = (m_next + k) % n;
            if (hasWork(i) && priority(i) == best)
            {
                return static_cast<int32_t>(i);
            }
        }
        return NONE;
    }

    /// \brief Client \p i is being served: the next search starts after it.
    /// \param i the client \param n number of clients
    void Commit(uint32_t i, uint32_t n)
    {
        m_next = (i + 1) % n;
    }

    /// \param n number of clients \param hasWork as for Pick \return Pick with equal priorities
    template <typename HasWork>
    int32_t Pick(uint32_t n, HasWork hasWork)
    {
        return Pick(n, hasWork, [](uint32_t) { return 0U; });
    }

  private:
    uint32_t m_next{0}; //!< where the next search starts
};

} // namespace ns3

#endif /* SAN_ROUND_ROBIN_ARBITER_H */
