/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-paper-row.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cmath>
#include <cstdio>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPaperRow");

namespace
{

/// \param v a number \return %.6g
std::string
Number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.6g", v);
    return buf;
}

} // namespace

SanPaperValue::SanPaperValue()
    : m_kind(NONE),
      m_low(NAN),
      m_high(NAN)
{
}

SanPaperValue
SanPaperValue::None()
{
    return SanPaperValue();
}

SanPaperValue
SanPaperValue::Value(double v)
{
    SanPaperValue p;
    if (!std::isnan(v))
    {
        p.m_kind = VALUE;
        p.m_low = v;
        p.m_high = v;
    }
    return p;
}

SanPaperValue
SanPaperValue::Under(double bound)
{
    NS_ABORT_MSG_IF(!std::isfinite(bound), "SanPaperValue::Under: bound " << bound);
    SanPaperValue p;
    p.m_kind = UNDER;
    p.m_low = bound;
    p.m_high = bound;
    return p;
}

SanPaperValue
SanPaperValue::Over(double bound)
{
    NS_ABORT_MSG_IF(!std::isfinite(bound), "SanPaperValue::Over: bound " << bound);
    SanPaperValue p;
    p.m_kind = OVER;
    p.m_low = bound;
    p.m_high = bound;
    return p;
}

SanPaperValue
SanPaperValue::Range(double low, double high)
{
    NS_ABORT_MSG_IF(!std::isfinite(low) || !std::isfinite(high) || low > high,
                    "SanPaperValue::Range: " << low << " to " << high);
    SanPaperValue p;
    p.m_kind = RANGE;
    p.m_low = low;
    p.m_high = high;
    return p;
}

SanPaperValue::Kind
SanPaperValue::GetKind() const
{
    return m_kind;
}

bool
SanPaperValue::IsNone() const
{
    return m_kind == NONE;
}

double
SanPaperValue::GetLow() const
{
    return m_low;
}

double
SanPaperValue::GetHigh() const
{
    return m_high;
}

std::string
SanPaperValue::KindName(Kind kind)
{
    switch (kind)
    {
    case VALUE:
        return "value";
    case UNDER:
        return "under";
    case OVER:
        return "over";
    case RANGE:
        return "range";
    case NONE:
        break;
    }
    return "none";
}

std::string
SanPaperValue::GetKindName() const
{
    return KindName(m_kind);
}

std::string
SanPaperValue::Format() const
{
    switch (m_kind)
    {
    case NONE:
        return "";
    case RANGE:
        return Number(m_low) + "-" + Number(m_high);
    default:
        return Number(m_low);
    }
}

std::string
SanPaperValue::Describe() const
{
    switch (m_kind)
    {
    case NONE:
        return "-";
    case UNDER:
        return "< " + Number(m_low);
    case OVER:
        return "> " + Number(m_low);
    default:
        return Format();
    }
}

bool
SanPaperValue::Admits(double simulated, double tolerance) const
{
    if (!std::isfinite(simulated))
    {
        return false;
    }
    switch (m_kind)
    {
    case VALUE:
        return std::fabs(simulated - m_low) <= tolerance * std::fabs(m_low);
    case UNDER:
        return simulated < m_high + tolerance * std::fabs(m_high);
    case OVER:
        return simulated > m_low - tolerance * std::fabs(m_low);
    case RANGE:
        return m_low - tolerance * std::fabs(m_low) <= simulated &&
               simulated <= m_high + tolerance * std::fabs(m_high);
    case NONE:
        break;
    }
    return true;
}

double
SanPaperValue::RelativeError(double simulated) const
{
    double reference = NAN;
    switch (m_kind)
    {
    case NONE:
        return NAN;
    case RANGE:
        if (simulated >= m_low && simulated <= m_high)
        {
            return 0;
        }
        reference = simulated < m_low ? m_low : m_high;
        break;
    default:
        reference = m_low;
        break;
    }
    if (reference == 0)
    {
        return NAN;
    }
    const double rel = (simulated - reference) / std::fabs(reference);
    return std::fabs(rel) < 1e-9 ? 0.0 : rel; // float noise of exact matches
}

SanPaperRow
SanPaperRow::Unpapered(const std::string& experiment,
                       const std::string& metric,
                       const std::string& unit,
                       double simulated,
                       const std::string& source)
{
    SanPaperRow r;
    r.experiment = experiment;
    r.metric = metric;
    r.unit = unit;
    r.paper = SanPaperValue::None();
    r.simulated = simulated;
    r.source = source;
    return r;
}

SanPaperRow
SanPaperRow::Compared(const std::string& experiment,
                      const std::string& metric,
                      const std::string& unit,
                      SanPaperValue paper,
                      double simulated,
                      const std::string& source,
                      double tolerance,
                      Role role)
{
    SanPaperRow r = Unpapered(experiment, metric, unit, simulated, source);
    r.paper = paper;
    r.tolerance = tolerance;
    r.role = role;
    return r;
}

std::string
SanPaperRow::GetRoleName() const
{
    switch (role)
    {
    case INPUT:
        return "input";
    case FITTED:
        return "fitted";
    case DERIVED:
        return "derived";
    default:
        return "prediction";
    }
}

std::string
SanPaperRow::GetExcuseName() const
{
    if (deviation.empty())
    {
        return "";
    }
    return paperInconsistency ? "paper-inconsistency" : "deviation";
}

bool
SanPaperRow::IsExcused() const
{
    return paperInconsistency;
}

bool
SanPaperRow::IsChecked() const
{
    return !paper.IsNone() && !IsExcused();
}

bool
SanPaperRow::Passes() const
{
    return paper.Admits(simulated, tolerance);
}

double
SanPaperRow::RelativeError() const
{
    return paper.RelativeError(simulated);
}

} // namespace ns3
