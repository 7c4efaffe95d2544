/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SAN_PAPER_TEST_CASE_H
#define SAN_PAPER_TEST_CASE_H

#include "san-paper-row.h"

#include "ns3/test.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A test case that runs one experiment of a paper and checks its rows.
 *
 * - every row's simulated value is finite (and positive, with SetRequirePositive);
 * - every row with a paper value and no documented deviation passes SanPaperRow::Passes,
 *   i.e. SanPaperValue::Admits with the row's own tolerance; a failure names the experiment,
 *   metric, paper value (and its kind), simulated value, relative error, tolerance and source;
 * - a row with a documented deviation is printed, not asserted;
 * - at least minChecked rows were asserted (guards against silently empty experiments).
 *
 * Paper-specific checks (invariants between rows, counts) go in a subclass's DoCheckRows,
 * which runs after the generic checks.
 *
 * \code
 *   AddTestCase(new SanPaperTestCase("Table 3 within 2%", "hamlyn",
 *                                    &HamlynPaperExperiments::Table3, 22),
 *               TestCase::QUICK);
 * \endcode
 */
class SanPaperTestCase : public TestCase
{
  public:
    /// \param rows rows \return their simulated values by metric id
    static std::map<std::string, double> ByMetric(const std::vector<SanPaperRow>& rows);

    /// Runs the experiment and returns its rows.
    typedef std::function<std::vector<SanPaperRow>()> Producer;

    /**
     * \param name test name
     * \param paper the paper's name (for messages)
     * \param producer the experiment
     * \param minChecked rows that must be asserted against the paper
     */
    SanPaperTestCase(std::string name,
                     std::string paper,
                     Producer producer,
                     uint32_t minChecked = 0);

    /// \param require also require every simulated value to be > 0 (default false)
    void SetRequirePositive(bool require);

    /// \return the rows of the last run (empty before DoRun)
    const std::vector<SanPaperRow>& GetRows() const;

  protected:
    void DoRun() override;

    /**
     * \brief Paper-specific checks, after the generic ones; the default does nothing.
     * \param rows the experiment's rows
     */
    virtual void DoCheckRows(const std::vector<SanPaperRow>& rows);

    /// \return the paper's name
    const std::string& GetPaper() const;

  private:
    std::string m_paper;             //!< paper name
    Producer m_producer;             //!< the experiment
    uint32_t m_minChecked;           //!< rows that must be asserted
    bool m_requirePositive;          //!< simulated values must be > 0
    std::vector<SanPaperRow> m_rows; //!< last rows
};

} // namespace ns3

#endif /* SAN_PAPER_TEST_CASE_H */
