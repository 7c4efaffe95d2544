/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SAN_RESULTS_WRITER_H
#define SAN_RESULTS_WRITER_H

#include "san-paper-row.h"

#include "ns3/san-output-file.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Writes a paper's rows as results/<paper>.csv (DESIGN.md, Results contract), with
 * the run's provenance, and prints them.
 *
 * The file starts with comment lines ("# key: value"), then the header
 *
 *     paper,experiment,metric,unit,paper_value,simulated_value,rel_error,source,paper_kind,
 *     missing
 *
 * and one line per row. paper_kind is value, under, over, range or none; paper_value is
 * empty for none and "low-high" for a range; rel_error is SanPaperValue::RelativeError. A
 * row's documented deviation is appended to its source ("source; deviation"); missing is
 * SanPaperRow::missing (what would close a miss, and the documents searched for it).
 *
 * The comment lines, in this order (analysis/sancsv.py parses them):
 *
 *     # san-results: <paper>                 the writer and the paper
 *     # commit: <id>                         env SAN_COMMIT, else git rev-parse --short HEAD
 *                                            in the module's source tree, else "unknown"
 *     # date: 2026-01-31T12:00:00Z           UTC, when the file was written
 *     # mode: full                           "quick" when env SAN_QUICK=1
 *     # seed: 1                              RngSeedManager::GetSeed()
 *     # run: 1                               RngSeedManager::GetRun()
 *     # parameters: <n>                      then n lines "# parameter: name=value":
 *     # parameter: output=results/x.csv      the program's own (AddParameter), then ns-3
 *                                            global values, attribute defaults and the Time
 *                                            resolution that differ from ns-3's defaults
 *     # checks: experiment,metric,role,tolerance,excuse
 *     # check: <experiment>,<metric>,<role>,<tolerance>,<excuse>   one per row, same order
 *
 * role is input (the row echoes a calibration input) or prediction; excuse is empty,
 * deviation or paper-inconsistency (SanPaperRow). The check lines let the report judge every
 * row by the rules of SanPaperValue::Admits without more CSV columns.
 */
class SanResultsWriter
{
  public:
    /// \param paper the paper's name: the CSV's paper column, e.g. "hamlyn"
    explicit SanResultsWriter(std::string paper);

    /// \return the paper's name
    std::string GetPaper() const;

    /**
     * \brief Record a non-default parameter of the run (e.g. a command-line option).
     * \param nameValue "name=value"
     */
    void AddParameter(const std::string& nameValue);
    /// \param nameValues "name=value" strings (see AddParameter)
    void AddParameters(const std::vector<std::string>& nameValues);

    /**
     * \brief The options a program was started with, as name=value ("--x=1" gives "x=1", a
     * bare "--flag" gives "flag", a positional argument is kept as it is).
     * \param argc main's argc \param argv main's argv
     * \return the parameters
     */
    static std::vector<std::string> CommandLineParameters(int argc, char* argv[]);

    /**
     * \brief The ns-3 settings that differ from ns-3's defaults: global values (other than
     * RngSeed and RngRun, recorded on their own), attribute defaults changed with
     * Config::SetDefault or on the command line, and the Time resolution.
     * \return "name=value" strings
     */
    static std::vector<std::string> ChangedNs3Settings();

    /// \return env SAN_COMMIT, else the module tree's `git rev-parse --short HEAD`, else
    /// "unknown"
    static std::string GetCommit();
    /// \return now, UTC, as 2026-01-31T12:00:00Z
    static std::string GetUtcDate();
    /**
     * Whether an experiment should take its quick settings. An experiment that has quick
     * settings asks this; a true answer is remembered, and the CSVs written afterwards by this
     * process say "mode: quick". The others say "full": they ran their full settings, whatever
     * SAN_QUICK said.
     * \return true if env SAN_QUICK is "1"
     */
    static bool IsQuick();
    /**
     * \return whether an experiment of this process took its quick settings (IsQuick answered
     * true), so that its CSVs say "mode: quick"; SanPaper's worker processes report it to the
     * program, which writes the CSV
     */
    static bool TookQuickSettings();

    /**
     * \brief The provenance comment lines, as (key, value) pairs in file order (without the
     * check lines); collected when called.
     * \return the pairs
     */
    std::vector<std::pair<std::string, std::string>> GetProvenance() const;

    /**
     * \brief Write the CSV (its folder is created).
     * \param path output file, e.g. results/hamlyn.csv
     * \param rows the rows
     */
    void Write(const std::string& path, const std::vector<SanPaperRow>& rows) const;

    /**
     * \brief Print rows as a table on stdout: paper value (as Describe), simulated value,
     * relative error, and pass / FAIL / FAIL (documented) / paper-inconsistent for the rows with
     * a paper value.
     * \param rows the rows
     */
    static void Print(const std::vector<SanPaperRow>& rows);

  private:
    std::string m_paper;                   //!< paper name
    std::vector<std::string> m_parameters; //!< the program's own parameters
};

} // namespace ns3

#endif /* SAN_RESULTS_WRITER_H */
