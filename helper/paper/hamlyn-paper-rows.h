/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_PAPER_ROWS_H
#define HAMLYN_PAPER_ROWS_H

#include "san-paper-row.h"

#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief How the Hamlyn reproduction's rows are written (HamlynPaperExperiments): one row at a
 * time, the LANai tables' entries as cycles and microseconds, the host tables' entries as
 * instructions and times, and, for an entry that misses, the paper's own arithmetic in its
 * deviation (a paper inconsistency only when the paper's own numbers disagree).
 */
class HamlynPaperRows
{
  public:
    /// Unit of every bandwidth row.
    static constexpr const char* MBPS = "MB/s (10^6 B)";
    /// Tolerance of the component tables (issue: within 2%).
    static constexpr double COMPONENT_TOL = 0.02;

    /**
     * Add one row (a prediction; set the returned row's role for an input echo).
     * \param exp experiment \param metric metric \param unit unit \param paper paper value
     * (NaN: none) \param sim simulated value \param source source \param tol tolerance
     * \param deviation deviation note
     * \return the row, valid until the next Add
     */
    SanPaperRow& Add(const std::string& exp,
                     const std::string& metric,
                     const std::string& unit,
                     double paper,
                     double sim,
                     const std::string& source,
                     double tol = 0,
                     const std::string& deviation = "");

    /**
     * Cycles and microseconds rows of a LANai table entry (checked within 2%). The paper gives
     * each entry twice, as a cycle formula and as a microsecond formula; for Tables 4 and 5's
     * per-byte entries the two disagree (e.g. "load payload 18d/32" cycles is 7.20 us at
     * d = 512, its "0.38 + 0.014d" is 7.55 us). The cycle count is then asserted; when the
     * microsecond row misses, its deviation shows the arithmetic of the paper's two formulas
     * (\p usFormula and \p cycleFormula, the texts of the paper's formulas, at \p d bytes),
     * and it is a paper inconsistency if the paper's own two values are further apart than
     * the tolerance. \p role says whether the entry is a component the model takes from the
     * paper (INPUT) or a total it predicts.
     * \param exp experiment \param metric metric (without unit suffix) \param paperCycles
     * the paper's cycles \param paperUs the paper's microseconds \param sim simulated time
     * \param source source
     */
    void AddCyclesUs(SanPaperRow::Role role,
                     const std::string& exp,
                     const std::string& metric,
                     double paperCycles,
                     double paperUs,
                     Time sim,
                     const std::string& source,
                     const std::string& usFormula = "",
                     const std::string& cycleFormula = "",
                     double d = 0);

    /**
     * Rows of one side (sender / receiver / both) of Tables 1-2: instruction counts and times.
     * The counts are RatsCostTable's defaults (Tables 1-2) and the times those counts at the J200's
     * CPI and clock: the sender's and receiver's rows echo inputs (\p role INPUT); "both" is the
     * sum of the two sides' simulated costs (\p role DERIVED). A time row that misses gets the
     * paper's arithmetic (ExplainPrintedTime); \p offUsNote adds to the off-cp time's.
     * \param role role \param exp experiment \param side side \param paperOnInstr,
     * paperOffInstr the paper's counts \param paperOnUs, paperOffUs its times \param simOnUs,
     * simOffUs the simulated times \param source source \param offUsNote note
     */
    void AddHostRows(SanPaperRow::Role role,
                     const std::string& exp,
                     const std::string& side,
                     double paperOnInstr,
                     double paperOffInstr,
                     double paperOnUs,
                     double paperOffUs,
                     double simOnUs,
                     double simOffUs,
                     const std::string& source,
                     const std::string& offUsNote = "");

    /// \return the rows
    std::vector<SanPaperRow> Get() const;

    /// \param format a printf format, then its arguments \return the text
    static std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));

  private:
    /**
     * A Tables 1-2 time row that misses its printed value: its deviation shows the paper's own
     * arithmetic, the instruction count \p instr at the paper's CPI (1.27) and clock (120 MHz,
     * section 4.1), and the row is a paper inconsistency only if that time, at the two decimals the
     * paper prints, is not the printed time (else the miss is the paper's rounding: a deviation,
     * and the row is judged). \p note adds what else the paper prints for the same count, if
     * anything.
     * \param row the row \param instr its instruction count \param note what else is printed
     */
    static void ExplainPrintedTime(SanPaperRow& row, double instr, const std::string& note);

    std::vector<SanPaperRow> m_rows; //!< rows
};

} // namespace ns3

#endif /* HAMLYN_PAPER_ROWS_H */
