/*
 * Copyright (c) 2026 The san authors
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SPARSE_ARRAY_H
#define SAN_SPARSE_ARRAY_H

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A fixed-size array of default-valued elements whose storage is allocated a page of
 * elements at a time, when an element of the page is first taken for writing.
 *
 * For a device's tables sized by its hardware (DART's 1,024 connections and 4,096 address
 * registers, a Send Register per VCI) of which a host uses a few: a dense table cost tens of
 * KiB a host at thousands of hosts. Reading an element never allocates (an unused page reads
 * as default-constructed elements).
 *
 * \tparam T a default-constructible element
 * \tparam PAGE elements per page
 */
template <typename T, std::size_t PAGE = 64>
class SanSparseArray
{
  public:
    /// \param n elements (all default-valued)
    explicit SanSparseArray(std::size_t n = 0)
        : m_size(n),
          m_pages((n + PAGE - 1) / PAGE)
    {
    }

    /// \return elements
    std::size_t size() const
    {
        return m_size;
    }

    /// \param i an index below size() \return element i (a default one if never written)
    const T& Get(std::size_t i) const
    {
        const std::unique_ptr<Page>& p = m_pages[i / PAGE];
        return p ? (*p)[i % PAGE] : s_default;
    }

    /// \param i an index below size() \return element i, for writing (allocates its page)
    T& Ref(std::size_t i)
    {
        std::unique_ptr<Page>& p = m_pages[i / PAGE];
        if (!p)
        {
            p = std::make_unique<Page>();
        }
        return (*p)[i % PAGE];
    }

    /// Release every page: every element reads as default again.
    void Reset()
    {
        for (auto& p : m_pages)
        {
            p.reset();
        }
    }

  private:
    using Page = std::array<T, PAGE>; //!< a page of elements (value-initialized)

    static inline const T s_default{};          //!< what an unwritten element reads as
    std::size_t m_size;                         //!< elements
    std::vector<std::unique_ptr<Page>> m_pages; //!< by page, null until written
};

} // namespace ns3

#endif /* SAN_SPARSE_ARRAY_H */
