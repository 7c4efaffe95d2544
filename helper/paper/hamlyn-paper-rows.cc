/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HamlynPaperRows: how the Hamlyn reproduction writes and explains its rows.

#include "hamlyn-paper-rows.h"

#include "ns3/host-cpu.h"
#include "ns3/log.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynPaperRows");

namespace
{

/// Section 4.1: "the cycles-per-instruction value for an HP9000 Series J200 processor to be
/// 1.27"; the paper's own number, for the arithmetic of a paper inconsistency.
const double PAPER_J200_CPI = 1.27;
/// Section 4.1: "the processor clock speed of 120MHz" (the paper's own number).
const double PAPER_J200_MHZ = 120;
/// Tables 3-5: "25ns LANai clock ticks" (the paper's own number), in microseconds.
const double PAPER_LANAI_CYCLE_US = 0.025;
/// The paper prints Tables 1-2's times with two decimals.
const double PAPER_TIME_DECIMALS = 100;

/// \param t a time \return LANai 3 cycles (25 ns)
double
Cycles(Time t)
{
    return t.GetSeconds() * 40e6;
}

/// One J200 instruction in microseconds (for the instruction-count rows): CPI 1.27 at 120 MHz
/// (section 4.1), read from the HostCpu defaults.
double
InstructionUs()
{
    Ptr<HostCpu> cpu = CreateObject<HostCpu>();
    const double us = SanMicroseconds(cpu->InstructionsToTime(1e6)) / 1e6;
    cpu->Dispose();
    return us;
}

} // namespace

std::string
HamlynPaperRows::Format(const char* format, ...)
{
    char text[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    return text;
}

SanPaperRow&
HamlynPaperRows::Add(const std::string& exp,
                     const std::string& metric,
                     const std::string& unit,
                     double paper,
                     double sim,
                     const std::string& source,
                     double tol,
                     const std::string& deviation)
{
    SanPaperRow row;
    row.experiment = exp;
    row.metric = metric;
    row.unit = unit;
    row.paper = SanPaperValue::Value(paper); // NaN: none
    row.simulated = sim;
    row.source = source;
    row.tolerance = tol;
    row.deviation = deviation;
    m_rows.push_back(row);
    return m_rows.back();
}

void
HamlynPaperRows::AddCyclesUs(SanPaperRow::Role role,
                             const std::string& exp,
                             const std::string& metric,
                             double paperCycles,
                             double paperUs,
                             Time sim,
                             const std::string& source,
                             const std::string& usFormula,
                             const std::string& cycleFormula,
                             double d)
{
    Add(exp,
        metric + "_cycles",
        "LANai cycles (25 ns)",
        paperCycles,
        Cycles(sim),
        source,
        COMPONENT_TOL)
        .role = role;
    SanPaperRow& us =
        Add(exp, metric + "_us", "us", paperUs, SanMicroseconds(sim), source, COMPONENT_TOL);
    us.role = role;
    if (!usFormula.empty() && !us.Passes())
    {
        // The paper's own two values of this entry, from its two formulas.
        const double cycleUs = paperCycles * PAPER_LANAI_CYCLE_US;
        const double apart = std::abs(paperUs - cycleUs) / std::abs(cycleUs);
        us.paperInconsistency = apart > COMPONENT_TOL;
        us.deviation =
            Format("the paper's us formula %s gives %.3f us at d = %g, but its cycle formula %s "
                   "gives %g cycles x %g ns = %.3f us: the paper's two values are %.1f%% apart, %s "
                   "than the %g%% tolerance; the model follows the cycle count",
                   usFormula.c_str(),
                   paperUs,
                   d,
                   cycleFormula.c_str(),
                   paperCycles,
                   PAPER_LANAI_CYCLE_US * 1e3,
                   cycleUs,
                   100 * apart,
                   us.paperInconsistency ? "more" : "less",
                   100 * COMPONENT_TOL);
    }
}

std::vector<SanPaperRow>
HamlynPaperRows::Get() const
{
    return m_rows;
}

void
HamlynPaperRows::ExplainPrintedTime(SanPaperRow& row, double instr, const std::string& note)
{
    if (row.Passes())
    {
        return;
    }
    const double stated = row.paper.GetLow();
    const double us = instr * PAPER_J200_CPI / PAPER_J200_MHZ;
    const double rounded = std::round(us * PAPER_TIME_DECIMALS) / PAPER_TIME_DECIMALS;
    row.paperInconsistency = std::abs(rounded - stated) > 0.25 / PAPER_TIME_DECIMALS;
    const std::string arithmetic =
        Format("the paper prints %.2f us for %g instructions; at its own CPI and clock "
               "(section 4.1) %g x %.2f / %g MHz = %.3f us, %.2f at the two decimals it prints",
               stated,
               instr,
               instr,
               PAPER_J200_CPI,
               PAPER_J200_MHZ,
               us,
               rounded);
    if (row.paperInconsistency)
    {
        row.deviation =
            arithmetic + ", not " + Format("%.2f", stated) + (note.empty() ? "" : "; " + note);
    }
    else
    {
        row.deviation =
            arithmetic + Format(": the paper agrees with itself, and the model's %.3f us "
                                "misses the printed %.2f by more than the %g%% tolerance "
                                "through the paper's rounding alone",
                                row.simulated,
                                stated,
                                100 * row.tolerance);
    }
}

void
HamlynPaperRows::AddHostRows(SanPaperRow::Role role,
                             const std::string& exp,
                             const std::string& side,
                             double paperOnInstr,
                             double paperOffInstr,
                             double paperOnUs,
                             double paperOffUs,
                             double simOnUs,
                             double simOffUs,
                             const std::string& source,
                             const std::string& offUsNote)
{
    const double iu = InstructionUs();
    Add(exp,
        side + "_on_cp_instr",
        "instructions",
        paperOnInstr,
        simOnUs / iu,
        source + " " + side + " on-cp",
        COMPONENT_TOL)
        .role = role;
    Add(exp,
        side + "_off_cp_instr",
        "instructions",
        paperOffInstr,
        simOffUs / iu,
        source + " " + side + " off-cp",
        COMPONENT_TOL)
        .role = role;
    SanPaperRow& onUs = Add(exp,
                            side + "_on_cp_us",
                            "us",
                            paperOnUs,
                            simOnUs,
                            source + " " + side + " on-cp",
                            COMPONENT_TOL);
    onUs.role = role;
    ExplainPrintedTime(onUs, paperOnInstr, "");
    SanPaperRow& offUs = Add(exp,
                             side + "_off_cp_us",
                             "us",
                             paperOffUs,
                             simOffUs,
                             source + " " + side + " off-cp",
                             COMPONENT_TOL);
    offUs.role = role;
    ExplainPrintedTime(offUs, paperOffInstr, offUsNote);
}

} // namespace ns3
