/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SAN_PAPER_ROW_H
#define SAN_PAPER_ROW_H

#include "ns3/nstime.h"

#include <string>

namespace ns3
{

/// Tolerance of a stated end-to-end result: within 5% (the project's rule for stated values).
constexpr double SAN_END_TO_END_TOLERANCE = 0.05;

/// \param t a time \return it in microseconds, the unit of the papers' tables
inline double
SanMicroseconds(Time t)
{
    return t.GetSeconds() * 1e6;
}

/**
 * \ingroup san
 * \brief What a paper states about one figure: a value, a bound, a range, or nothing.
 *
 * The kinds and how a simulated value is judged against them with a relative tolerance tol
 * (the same rules as analysis/make_report.py):
 *
 * | kind  | paper says        | CSV paper_value | passes when                                  |
 * |-------|-------------------|-----------------|----------------------------------------------|
 * | value | "8.8 us"          | 8.8             | abs(sim - v) <= tol * abs(v)                 |
 * | under | "under 10 us"     | 10              | sim < bound + tol * abs(bound)               |
 * | over  | "over 40 MB/s"    | 40              | sim > bound - tol * abs(bound)               |
 * | range | "30-40 us"        | 30-40           | low - tol*abs(low) <= sim <= high + tol*abs(high)
 * | | none  | [withheld] or not in the paper | (empty) | sim is finite                      |
 *
 * For positive quantities these are the rules |rel err| <= tol, sim < bound (1 + tol),
 * sim > bound (1 - tol) and low (1 - tol) <= sim <= high (1 + tol). A simulated value that is
 * not finite fails every kind.
 */
class SanPaperValue
{
  public:
    /// What the paper value is.
    enum Kind
    {
        NONE,  //!< no value: withheld in our copy, or not in the paper
        VALUE, //!< a stated value
        UNDER, //!< an upper bound ("under X", "less than X")
        OVER,  //!< a lower bound ("over X", "at least X")
        RANGE  //!< a range ("X-Y")
    };

    /// A NONE value.
    SanPaperValue();

    /// \return no value (withheld, or not in the paper)
    static SanPaperValue None();
    /// \param v the stated value \return a VALUE (NONE if v is NaN)
    static SanPaperValue Value(double v);
    /// \param bound the upper bound \return an UNDER
    static SanPaperValue Under(double bound);
    /// \param bound the lower bound \return an OVER
    static SanPaperValue Over(double bound);
    /// \param low low end \param high high end (>= low) \return a RANGE
    static SanPaperValue Range(double low, double high);

    /// \return the kind
    Kind GetKind() const;
    /// \return true for NONE
    bool IsNone() const;
    /// \return the value or bound; the low end of a range; NaN for NONE
    double GetLow() const;
    /// \return the value or bound; the high end of a range; NaN for NONE
    double GetHigh() const;

    /// \return "value", "under", "over", "range" or "none" (the CSV's paper_kind)
    std::string GetKindName() const;
    /// \param kind a kind \return its name, as GetKindName
    static std::string KindName(Kind kind);

    /**
     * \brief The CSV's paper_value text: "" for NONE, the number (%.6g) for a value or a
     * bound, "low-high" for a range.
     * \return the text
     */
    std::string Format() const;

    /**
     * \brief Human-readable: "8.8", "< 10", "> 40", "30-40", "-".
     * \return the text
     */
    std::string Describe() const;

    /**
     * \brief Judge a simulated value (see the class description).
     * \param simulated the simulated value
     * \param tolerance relative tolerance (0.02 = 2%)
     * \return true if it passes
     */
    bool Admits(double simulated, double tolerance) const;

    /**
     * \brief The relative error written to the CSV's rel_error.
     *
     * value, under, over: (sim - v) / |v|, with v the value or bound; range: 0 inside the
     * range, else (sim - end) / |end| with end the nearer end; NONE (or a zero reference):
     * NaN. Float noise below 1e-9 is written as 0.
     * \param simulated the simulated value
     * \return the relative error
     */
    double RelativeError(double simulated) const;

  private:
    Kind m_kind;   //!< kind
    double m_low;  //!< value, bound or low end
    double m_high; //!< value, bound or high end
};

/**
 * \ingroup san
 * \brief One reproduced figure of a paper: a row of results/<paper>.csv.
 *
 * Paper-neutral: every paper's experiments return these, SanResultsWriter writes them and
 * SanPaperTestCase checks them. A row is judged (Passes) when the paper gives something to
 * judge against; a miss is a fail whatever note it carries, unless the paper disagrees with
 * itself on it (paperInconsistency).
 */
struct SanPaperRow
{
    /// What a row with a paper value shows.
    enum Role
    {
        /**
         * The simulation echoes one of its own inputs: a component cost the model takes from
         * the paper (an attribute default), or a plain sum of such costs. Agreement shows the
         * calibration is wired as the paper describes, not that the model predicts anything.
         */
        INPUT,
        /// A result the simulation predicts: it emerges from the model (totals, end to end).
        PREDICTION,
        /**
         * The one free parameter of a preset, fitted to this figure (the source names the
         * parameter): agreement is by construction.
         */
        FITTED,
        /**
         * A formula of other rows (a table total that is a plain sum of inputs, half a round
         * trip, the inverse of a rate, a rate from two fitted rates): it predicts nothing the
         * rows it is made of do not.
         */
        DERIVED
    };

    std::string experiment; //!< experiment id (variants and beyond-paper runs get their own)
    std::string metric;     //!< stable snake_case metric id
    std::string unit;       //!< unit (for MB/s: which megabyte)
    SanPaperValue paper;    //!< what the paper states
    double simulated{0};    //!< the simulated value
    std::string source;     //!< table, figure or section, and any fitted parameter
    /// Relative tolerance the row is judged with (0: exact, or strictly within the bound).
    double tolerance{0};
    /// Non-empty: why the row misses, as far as the model can tell (shown beside the verdict,
    /// never instead of it: a miss is a fail).
    std::string deviation;
    /**
     * For a row that misses: the information that would close the miss and that the model
     * lacks (a component cost, a mechanism's detail), with the documents searched for it and
     * not found. SanPaperTestCase requires it of every failing prediction, so a miss is never
     * left as "not documented" without saying what was looked for.
     */
    std::string missing;
    /// The deviation is the paper disagreeing with itself (e.g. a printed time that does not
    /// match its own instruction count), not the model disagreeing with the paper.
    bool paperInconsistency{false};
    /// Input, prediction, fitted or derived (see Role).
    Role role{PREDICTION};

    /**
     * \brief A row without a paper value: a result beyond the paper, or a component of one.
     * \param experiment experiment id
     * \param metric metric id
     * \param unit unit
     * \param simulated the value
     * \param source what was run
     * \return the row
     */
    static SanPaperRow Unpapered(const std::string& experiment,
                                 const std::string& metric,
                                 const std::string& unit,
                                 double simulated,
                                 const std::string& source);
    /**
     * \brief A row with a paper value.
     * \param experiment experiment id \param metric metric id \param unit unit
     * \param paper the paper's value \param simulated the model's \param source where it is
     * (and any fitted parameter) \param tolerance judged with \param role input or prediction
     * \return the row
     */
    static SanPaperRow Compared(const std::string& experiment,
                                const std::string& metric,
                                const std::string& unit,
                                SanPaperValue paper,
                                double simulated,
                                const std::string& source,
                                double tolerance,
                                Role role = PREDICTION);
    /// \return "input", "prediction", "fitted" or "derived" (the CSV check line's role)
    std::string GetRoleName() const;
    /// \return "" (not excused), "deviation" or "paper-inconsistency"
    std::string GetExcuseName() const;
    /// \return true if the paper contradicts itself on this row (it is listed apart, not
    /// judged); a documented deviation alone excuses nothing: a miss is a miss
    bool IsExcused() const;
    /// \return true if the row has a paper value to judge against and is not excused
    bool IsChecked() const;
    /// \return paper.Admits(simulated, tolerance)
    bool Passes() const;
    /// \return paper.RelativeError(simulated)
    double RelativeError() const;

    /**
     * \brief The row as text that Decode reads back exactly: every field, each string
     * length-prefixed (any bytes, newlines too), each double as the 16 hex digits of its bits
     * (so NaN, its sign, -0 and every last bit survive). SanPaper's worker processes send their
     * rows to the program this way.
     * \return the text
     */
    std::string Encode() const;
    /**
     * \brief Read a row that Encode wrote.
     * \param text Encode's text
     * \param[out] row the row, every field as it was encoded
     * \return false if \p text is not a whole encoded row (\p row is then unspecified)
     */
    static bool Decode(const std::string& text, SanPaperRow& row);
};

} // namespace ns3

#endif /* SAN_PAPER_ROW_H */
