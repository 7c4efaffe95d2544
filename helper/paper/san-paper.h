/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PAPER_H
#define SAN_PAPER_H

#include "san-paper-row.h"

#include "ns3/object.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One paper's reproduction, as the harness sees it: its name, its experiments (each a
 * list of rows of results/<name>.csv, the paper's own or beyond it) and the data of its
 * figures. A paper is chosen by TypeId (ns3::HamlynPaper, ns3::DartPaper, ns3::TripwirePaper,
 * ns3::ScilanPaper, ns3::ShrimpPaper), so one program (examples/san-paper, and the
 * <paper>-paper programs, which are that program with the paper fixed) and one test suite
 * (san-paper-interface) serve every paper: a sixth paper is one class deriving from this one.
 *
 * A paper's options are attributes of its class (e.g. ns3::DartPaper::BreakdownBytes), which
 * the program's command line sets as --ns3::DartPaper::BreakdownBytes=64.
 */
class SanPaper : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanPaper();
    ~SanPaper() override;

    /// One experiment: a named producer of rows.
    struct Experiment
    {
        std::string name;                               //!< what it reproduces ("Table 3")
        std::function<std::vector<SanPaperRow>()> rows; //!< runs it
        bool beyondPaper{false}; //!< a run beyond the paper's own (more hosts, what-ifs)
    };

    /// \return the paper's id: the CSV's paper column and results/<name>.csv
    virtual std::string GetName() const = 0;
    /// \return one line naming the paper and the simulated system (printed first)
    virtual std::string GetTitle() const = 0;
    /// \return the experiments, in the order their rows are written
    virtual std::vector<Experiment> GetExperiments() const = 0;
    /**
     * \brief Write the data of the paper's figures (sweeps) beside the CSV; the default writes
     * nothing.
     * \param prefix the folder to write into, with its trailing '/' ("" for the current one)
     */
    virtual void WriteFigures(const std::string& prefix) const;
    /**
     * \brief Process-wide settings the paper's runs need, made once before anything is
     * simulated (e.g. Hamlyn's picosecond time resolution); the default makes none.
     */
    virtual void Prepare() const;

    /**
     * \brief Run the experiments in order.
     * \param beyond also the beyond-paper ones
     * \return their rows, in order
     */
    std::vector<SanPaperRow> RunRows(bool beyond) const;

    /**
     * \param typeId a TypeId name
     * \return a new paper of that type (aborts with the registered papers' names if
     *         \p typeId is unknown or not a SanPaper)
     */
    static Ptr<SanPaper> CreatePaper(const std::string& typeId);
    /// \return the TypeId names of every registered paper, sorted
    static std::vector<std::string> GetPaperTypeIds();

    /**
     * \brief The reproduction program: parse the command line (--output, --figures, --beyond,
     * and, when \p typeId is empty, --paper), run the paper's experiments, print the rows,
     * write the CSV and the figures' data. The scheduler is ns-3's PriorityQueueScheduler
     * (the same event order as the default MapScheduler, at less cost per event) unless
     * --SchedulerType names another.
     * \param argc argc of main \param argv argv of main
     * \param typeId the paper ("" : the --paper option chooses)
     * \return main's exit status
     */
    static int Main(int argc, char* argv[], const std::string& typeId);
};

} // namespace ns3

#endif /* SAN_PAPER_H */
