/*
 * Copyright (c) 2026 The san authors
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FIFO_H
#define SAN_FIFO_H

#include <cstddef>
#include <memory>
#include <utility>

namespace ns3
{

/**
 * \ingroup san
 * \brief A first-in, first-out queue in one ring of slots that holds nothing until the first
 * push and doubles when full.
 *
 * Why not std::deque: libstdc++'s deque allocates a 512-byte block and its map when it is
 * made, even if it is never used, and a host has a queue per resource and priority class:
 * at thousands of hosts that was kilobytes a host of empty queues. A push into a ring with
 * room allocates nothing.
 *
 * Unlike std::deque's, a reference to an element does not survive a push that grows the ring:
 * copy or move the front out before anything may push.
 *
 * \tparam T a movable, default-constructible element
 */
template <typename T>
class SanFifo
{
  public:
    /// \return true if it holds nothing
    bool empty() const
    {
        return m_size == 0;
    }

    /// \return elements held
    std::size_t size() const
    {
        return m_size;
    }

    /// \return the oldest element (not empty)
    T& front()
    {
        return m_slots[m_head];
    }

    /// \return the oldest element (not empty)
    const T& front() const
    {
        return m_slots[m_head];
    }

    /// \param i 0 for the oldest element (i < size()) \return the i-th oldest element
    T& operator[](std::size_t i)
    {
        return m_slots[(m_head + i) & (m_capacity - 1)];
    }

    /// \param value appended last
    void push_back(T&& value)
    {
        if (m_size == m_capacity)
        {
            Grow();
        }
        m_slots[(m_head + m_size) & (m_capacity - 1)] = std::move(value);
        ++m_size;
    }

    /// \param value appended last
    void push_back(const T& value)
    {
        T copy(value);
        push_back(std::move(copy));
    }

    /// \param args an element's constructor arguments; the element is appended last
    template <typename... Args>
    void emplace_back(Args&&... args)
    {
        push_back(T(std::forward<Args>(args)...));
    }

    /// Remove the oldest element (not empty); its slot is reset, releasing what it held.
    void pop_front()
    {
        m_slots[m_head] = T();
        m_head = (m_head + 1) & (m_capacity - 1);
        --m_size;
    }

    /// Remove every element and release the ring.
    void clear()
    {
        m_slots.reset();
        m_capacity = 0;
        m_head = 0;
        m_size = 0;
    }

  private:
    /// Double the ring (4 slots at first), oldest element first.
    void Grow()
    {
        const std::size_t capacity = m_capacity == 0 ? 4 : 2 * m_capacity;
        std::unique_ptr<T[]> slots(new T[capacity]);
        for (std::size_t i = 0; i < m_size; ++i)
        {
            slots[i] = std::move(m_slots[(m_head + i) & (m_capacity - 1)]);
        }
        m_slots = std::move(slots);
        m_capacity = capacity;
        m_head = 0;
    }

    std::unique_ptr<T[]> m_slots; //!< the ring (a power of two slots), null until first push
    std::size_t m_capacity{0};    //!< slots
    std::size_t m_head{0};        //!< slot of the oldest element
    std::size_t m_size{0};        //!< elements held
};

} // namespace ns3

#endif /* SAN_FIFO_H */
