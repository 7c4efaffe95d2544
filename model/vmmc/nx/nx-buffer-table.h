/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_BUFFER_TABLE_H
#define NX_BUFFER_TABLE_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief What one side of an NX process knows of each packet buffer of each peer: one table
 * for the process, by peer then buffer (a vector or two in every peer's entry cost a few
 * allocations a peer).
 * \tparam T an entry
 */
template <typename T>
class NxBufferTable
{
  public:
    /// \param peers ranks \param buffers packet buffers a peer; every entry T()
    void Assign(uint32_t peers, uint32_t buffers)
    {
        m_buffers = buffers;
        m_entries.assign(static_cast<size_t>(peers) * buffers, T());
    }

    /// Drop every entry.
    void Clear()
    {
        m_entries.clear();
    }

    /// \param peer rank \param b packet buffer \return its entry
    T& Get(uint32_t peer, uint32_t b)
    {
        return m_entries[static_cast<size_t>(peer) * m_buffers + b];
    }

    /// \copydoc Get
    const T& Get(uint32_t peer, uint32_t b) const
    {
        return m_entries[static_cast<size_t>(peer) * m_buffers + b];
    }

  private:
    uint32_t m_buffers{0};    //!< packet buffers a peer
    std::vector<T> m_entries; //!< by peer, then buffer
};

} // namespace ns3

#endif /* NX_BUFFER_TABLE_H */
