/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-paper-test-case.h"

#include "ns3/log.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPaperTestCase");

std::map<std::string, double>
SanPaperTestCase::ByMetric(const std::vector<SanPaperRow>& rows)
{
    std::map<std::string, double> v;
    for (const auto& r : rows)
    {
        v[r.metric] = r.simulated;
    }
    return v;
}

SanPaperTestCase::SanPaperTestCase(std::string name,
                                   std::string paper,
                                   Producer producer,
                                   uint32_t minChecked)
    : TestCase(name),
      m_paper(std::move(paper)),
      m_producer(std::move(producer)),
      m_minChecked(minChecked),
      m_requirePositive(false)
{
}

void
SanPaperTestCase::SetRequirePositive(bool require)
{
    m_requirePositive = require;
}

const std::vector<SanPaperRow>&
SanPaperTestCase::GetRows() const
{
    return m_rows;
}

const std::string&
SanPaperTestCase::GetPaper() const
{
    return m_paper;
}

void
SanPaperTestCase::DoCheckRows(const std::vector<SanPaperRow>& rows)
{
}

namespace
{
/// The recorded misses, by "paper/experiment/metric".
std::map<std::string, double>&
RecordedMisses()
{
    static std::map<std::string, double> misses;
    return misses;
}

/// \return the ratchet's key of a row of \p paper
std::string
MissKey(const std::string& paper, const std::string& experiment, const std::string& metric)
{
    return paper + "/" + experiment + "/" + metric;
}
} // namespace

void
SanPaperTestCase::SetRecordedMisses(const std::vector<SanRecordedMiss>& misses)
{
    RecordedMisses().clear();
    for (const auto& m : misses)
    {
        RecordedMisses()[MissKey(m.paper, m.experiment, m.metric)] = m.error;
    }
}

std::string
SanPaperTestCase::GetRowProblem(const std::string& paper, const SanPaperRow& r)
{
    if (r.paper.IsNone() || r.IsExcused())
    {
        return "";
    }
    const bool passes = r.Passes();
    const double rel = r.RelativeError();
    std::ostringstream what;
    what << paper << " " << r.experiment << " " << r.metric << ": paper " << r.paper.Describe()
         << " (" << r.paper.GetKindName() << "), simulated " << r.simulated << " (" << 100 * rel
         << "%), tolerance " << 100 * r.tolerance << "% (" << r.source << ")"
         << (r.deviation.empty() ? "" : "; documented: " + r.deviation);
    const auto recorded = RecordedMisses().find(MissKey(paper, r.experiment, r.metric));
    if (recorded == RecordedMisses().end())
    {
        return passes ? "" : what.str() + ": misses";
    }
    if (!passes && r.role == SanPaperRow::PREDICTION && r.missing.empty())
    {
        return what.str() + ": a prediction that misses must name the information that would "
                            "close it and the documents searched for it (SanPaperRow::missing)";
    }
    const double was = std::abs(recorded->second);
    if (passes)
    {
        return what.str() + ": passes now; remove it from the recorded misses "
                            "(test/san-paper-misses.h)";
    }
    if (std::abs(rel) > was + RATCHET_SLACK)
    {
        what << ": the miss grew from " << 100 * was << "%";
        return what.str();
    }
    if (std::abs(rel) < was - RATCHET_SLACK)
    {
        what << ": the miss shrank from " << 100 * was
             << "%; record the new error in test/san-paper-misses.h";
        return what.str();
    }
    return "";
}

void
SanPaperTestCase::DoRun()
{
    m_rows = m_producer();
    uint32_t checked = 0;
    for (const auto& r : m_rows)
    {
        const bool finite = std::isfinite(r.simulated);
        NS_TEST_EXPECT_MSG_EQ(
            (finite && (!m_requirePositive || r.simulated > 0)),
            true,
            m_paper << " " << r.experiment << " " << r.metric << " = " << r.simulated
                    << (m_requirePositive ? " (must be finite and > 0)" : " (must be finite)"));
        if (r.paper.IsNone())
        {
            continue;
        }
        const double rel = r.RelativeError();
        if (r.paperInconsistency)
        {
            std::printf("%s: paper inconsistency %s %s: paper %s, simulated %.4g (%+.1f%%): %s\n",
                        m_paper.c_str(),
                        r.experiment.c_str(),
                        r.metric.c_str(),
                        r.paper.Describe().c_str(),
                        r.simulated,
                        100 * rel,
                        r.deviation.c_str());
            continue;
        }
        ++checked;
        const bool passes = r.Passes();
        if (!passes)
        {
            std::printf("san-paper-miss: %s,%s,%s,%.4f\n",
                        m_paper.c_str(),
                        r.experiment.c_str(),
                        r.metric.c_str(),
                        rel);
        }
        const std::string problem = GetRowProblem(m_paper, r);
        NS_TEST_EXPECT_MSG_EQ(problem.empty(), true, problem);
    }
    NS_TEST_EXPECT_MSG_GT_OR_EQ(checked,
                                m_minChecked,
                                m_paper << ": rows checked against the paper");
    DoCheckRows(m_rows);
}

} // namespace ns3
