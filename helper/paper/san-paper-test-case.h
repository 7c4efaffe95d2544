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
 * \brief A paper row known to miss its paper value: the error it misses by, for the ratchet.
 */
struct SanRecordedMiss
{
    std::string paper;      //!< paper name, as the test case's
    std::string experiment; //!< experiment id
    std::string metric;     //!< metric id
    double error;           //!< its relative error (SanPaperRow::RelativeError) when recorded
};

/**
 * \ingroup san
 * \brief A test case that runs one experiment of a paper and checks its rows.
 *
 * - every row's simulated value is finite (and positive, with SetRequirePositive);
 * - every row with a paper value passes SanPaperRow::Passes, i.e. SanPaperValue::Admits with
 *   the row's own tolerance, unless it is a recorded miss; a failure names the experiment,
 *   metric, paper value (and its kind), simulated value, relative error, tolerance, source and
 *   any documented deviation (a deviation explains a miss, it does not excuse it);
 * - the ratchet: a recorded miss (SetRecordedMisses: the list in test/san-paper-misses.h) must
 *   still miss by its recorded relative error, within half a percentage point. A miss that
 *   grows fails; so does one that shrinks or now passes, until the list records it (the list
 *   and the model change in the same commit);
 * - a row the paper contradicts itself on (paperInconsistency, with the arithmetic in its
 *   deviation text) is printed, not asserted;
 * - at least minChecked rows were asserted (guards against silently empty experiments).
 *
 * Every miss, recorded or not, is printed as a line "san-paper-miss: paper,experiment,metric,
 * relative error", the form the list takes.
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

    /**
     * \brief Record the rows known to miss (for every SanPaperTestCase; see the class).
     * \param misses the list
     */
    static void SetRecordedMisses(const std::vector<SanRecordedMiss>& misses);

    /// Half a percentage point: how far a recorded miss's error may move (numerical noise).
    static constexpr double RATCHET_SLACK = 0.005;

    /**
     * \brief Judge one row as DoRun does (see the class): a miss that is not recorded, a
     * recorded miss that grew, shrank or passes.
     * \param paper the paper's name \param row the row
     * \return "" if the row is fine, else the message (what, where, why)
     */
    static std::string GetRowProblem(const std::string& paper, const SanPaperRow& row);

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
