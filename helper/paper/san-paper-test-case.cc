/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-paper-test-case.h"

#include "ns3/log.h"

#include <cmath>
#include <cstdio>

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
        if (r.IsExcused())
        {
            std::printf("%s: documented %s %s %s: paper %s, simulated %.4g (%+.1f%%): %s\n",
                        m_paper.c_str(),
                        r.GetExcuseName().c_str(),
                        r.experiment.c_str(),
                        r.metric.c_str(),
                        r.paper.Describe().c_str(),
                        r.simulated,
                        100 * rel,
                        r.deviation.c_str());
            continue;
        }
        ++checked;
        NS_TEST_EXPECT_MSG_EQ(r.Passes(),
                              true,
                              m_paper << " " << r.experiment << " " << r.metric << ": paper "
                                      << r.paper.Describe() << " (" << r.paper.GetKindName()
                                      << "), simulated " << r.simulated << " (" << 100 * rel
                                      << "%), tolerance " << 100 * r.tolerance << "% (" << r.source
                                      << ")");
    }
    NS_TEST_EXPECT_MSG_GT_OR_EQ(checked,
                                m_minChecked,
                                m_paper << ": rows checked against the paper");
    DoCheckRows(m_rows);
}

} // namespace ns3
