/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-paper-row.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>

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

namespace
{

/// \param out the text to append to \param s a string: its length, ':', its bytes
void
EncodeRowString(std::string& out, const std::string& s)
{
    out += std::to_string(s.size());
    out += ':';
    out += s;
}

/// \param out the text to append to \param v a double: the 16 hex digits of its bits, ';'
void
EncodeRowDouble(std::string& out, double v)
{
    uint64_t bits;
    static_assert(sizeof(bits) == sizeof(v), "a double is 64 bits");
    std::memcpy(&bits, &v, sizeof(bits));
    char buf[24];
    std::snprintf(buf, sizeof(buf), "%016" PRIx64 ";", bits);
    out += buf;
}

/// Reads what EncodeRowString and EncodeRowDouble wrote, in order.
class RowTextReader
{
  public:
    /// \param text the text to read
    explicit RowTextReader(const std::string& text)
        : m_text(text)
    {
    }

    /// \param[out] s the next string \return false if there is none
    bool String(std::string& s)
    {
        const size_t colon = m_text.find(':', m_pos);
        if (colon == std::string::npos || colon == m_pos || colon - m_pos > 18)
        {
            return false;
        }
        uint64_t n = 0;
        for (size_t i = m_pos; i < colon; ++i)
        {
            if (m_text[i] < '0' || m_text[i] > '9')
            {
                return false;
            }
            n = n * 10 + static_cast<uint64_t>(m_text[i] - '0');
        }
        if (n > m_text.size() - colon - 1)
        {
            return false;
        }
        s = m_text.substr(colon + 1, n);
        m_pos = colon + 1 + n;
        return true;
    }

    /// \param[out] v the next double \return false if there is none
    bool Double(double& v)
    {
        if (m_text.size() - m_pos < 17 || m_text[m_pos + 16] != ';')
        {
            return false;
        }
        uint64_t bits = 0;
        for (size_t i = m_pos; i < m_pos + 16; ++i)
        {
            const char c = m_text[i];
            uint64_t digit;
            if (c >= '0' && c <= '9')
            {
                digit = static_cast<uint64_t>(c - '0');
            }
            else if (c >= 'a' && c <= 'f')
            {
                digit = static_cast<uint64_t>(c - 'a' + 10);
            }
            else
            {
                return false;
            }
            bits = (bits << 4) | digit;
        }
        std::memcpy(&v, &bits, sizeof(v));
        m_pos += 17;
        return true;
    }

    /// \return true once everything has been read
    bool AtEnd() const
    {
        return m_pos == m_text.size();
    }

  private:
    const std::string& m_text; //!< the text
    size_t m_pos{0};           //!< where the next field starts
};

} // namespace

std::string
SanPaperRow::Encode() const
{
    std::string out;
    EncodeRowString(out, experiment);
    EncodeRowString(out, metric);
    EncodeRowString(out, unit);
    EncodeRowString(out, std::to_string(static_cast<int>(paper.GetKind())));
    EncodeRowDouble(out, paper.GetLow());
    EncodeRowDouble(out, paper.GetHigh());
    EncodeRowDouble(out, simulated);
    EncodeRowString(out, source);
    EncodeRowDouble(out, tolerance);
    EncodeRowString(out, deviation);
    EncodeRowString(out, missing);
    EncodeRowString(out, paperInconsistency ? "1" : "0");
    EncodeRowString(out, std::to_string(static_cast<int>(role)));
    return out;
}

bool
SanPaperRow::Decode(const std::string& text, SanPaperRow& row)
{
    RowTextReader in(text);
    std::string kind;
    std::string inconsistency;
    std::string role;
    double low;
    double high;
    if (!in.String(row.experiment) || !in.String(row.metric) || !in.String(row.unit) ||
        !in.String(kind) || !in.Double(low) || !in.Double(high) || !in.Double(row.simulated) ||
        !in.String(row.source) || !in.Double(row.tolerance) || !in.String(row.deviation) ||
        !in.String(row.missing) || !in.String(inconsistency) || !in.String(role) || !in.AtEnd())
    {
        return false;
    }
    // The factories store exactly what they are given (and NONE is always NaN, NaN).
    if (kind == std::to_string(SanPaperValue::NONE))
    {
        row.paper = SanPaperValue::None();
    }
    else if (kind == std::to_string(SanPaperValue::VALUE) && !std::isnan(low))
    {
        row.paper = SanPaperValue::Value(low);
    }
    else if (kind == std::to_string(SanPaperValue::UNDER) && std::isfinite(low))
    {
        row.paper = SanPaperValue::Under(low);
    }
    else if (kind == std::to_string(SanPaperValue::OVER) && std::isfinite(low))
    {
        row.paper = SanPaperValue::Over(low);
    }
    else if (kind == std::to_string(SanPaperValue::RANGE) && std::isfinite(low) &&
             std::isfinite(high) && low <= high)
    {
        row.paper = SanPaperValue::Range(low, high);
    }
    else
    {
        return false;
    }
    if (inconsistency != "0" && inconsistency != "1")
    {
        return false;
    }
    row.paperInconsistency = inconsistency == "1";
    if (role == std::to_string(INPUT))
    {
        row.role = INPUT;
    }
    else if (role == std::to_string(PREDICTION))
    {
        row.role = PREDICTION;
    }
    else if (role == std::to_string(FITTED))
    {
        row.role = FITTED;
    }
    else if (role == std::to_string(DERIVED))
    {
        row.role = DERIVED;
    }
    else
    {
        return false;
    }
    return true;
}

} // namespace ns3
