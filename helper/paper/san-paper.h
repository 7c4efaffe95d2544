/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PAPER_H
#define SAN_PAPER_H

#include "san-paper-row.h"

#include "ns3/object.h"

#include <cstdint>
#include <functional>
#include <map>
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
 *
 * The program runs the experiments and figures side by side in worker processes (--jobs; see
 * Run): each experiment and each figure is one task, forked from the program once Prepare has
 * run, so every task starts from the same state, the state its first task would see in one
 * process. A paper's experiments must therefore not depend on what an earlier experiment left
 * in the process (attribute defaults, global values, statics, the automatic numbering of random
 * streams); each restores what it changes. Measurements a paper reuses within a process
 * (GetKept, Keep) travel back from the workers. san-paper-interface's test checks every
 * paper's rows with --jobs=2 against --jobs=1.
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
        /// About how many seconds it runs on one core, only to schedule worker processes (Run
        /// starts the costliest first); 0: short, started in list order after the costed ones
        double cost{0};
    };

    /// One figure (or a few): a writer of files beside the CSV.
    struct Figure
    {
        std::string name; //!< what it writes ("Figure 7")
        /// writes it; the argument is the folder, with its trailing '/' ("" for the current one)
        std::function<void(const std::string&)> write;
        double cost{0}; //!< as Experiment::cost
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
     * \brief The figures as separate writers, each of its own files, which worker processes
     * may run side by side; in order, they write what WriteFigures writes. The default is one
     * writer, WriteFigures.
     * \return the writers
     */
    virtual std::vector<Figure> GetFigures() const;
    /**
     * \brief Measurements the paper keeps for reuse within a process (e.g. SCILAN's
     * ScilanPaperExperiments::SetReuse): a worker process sends back those it made, and the
     * program keeps them (Keep) for the tasks it starts later. Reuse must give exactly the
     * value a new run would. The default keeps none.
     * \return the kept measurements, by key
     */
    virtual std::map<std::string, double> GetKept() const;
    /**
     * \brief Keep measurements a worker made (see GetKept); the default ignores them.
     * \param kept measurements, by key
     */
    virtual void Keep(const std::map<std::string, double>& kept) const;
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
     * \brief Run the experiments and, if asked, write the figures, with up to \p jobs worker
     * processes at a time. One job: in this process, the experiments in order, then the
     * figures (RunRows, then every GetFigures writer in order). More: each experiment and each
     * figure is a task forked from this process, started as workers free up: the costliest
     * first (Experiment::cost, Figure::cost), ties in that order; an experiment's worker sends its
     * rows back (SanPaperRow::Encode), with the measurements it kept (GetKept) and whether it took
     * quick settings; a figure's worker writes its files. Worker processes print nothing of their
     * own on stdout. A worker that fails (abort, signal, exit status) aborts the program, naming
     * its task, once the running ones have ended. \param beyond also the beyond-paper experiments
     * \param figures also write the figures
     * \param prefix the figures' folder, with its trailing '/' ("" for the current one)
     * \param jobs worker processes at most (at least 1)
     * \return the experiments' rows, in the experiments' order
     */
    std::vector<SanPaperRow> Run(bool beyond,
                                 bool figures,
                                 const std::string& prefix,
                                 uint32_t jobs) const;

    /// \return the cores this process may run on (at least 1): --jobs' default
    static uint32_t GetDefaultJobs();

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
     * --jobs, and, when \p typeId is empty, --paper), run the paper's experiments and write the
     * figures' data (Run: --jobs worker processes, by default one per core), print the rows and
     * write the CSV. Whatever --jobs, the rows, the CSV and the figures' files are the same. The
     * scheduler is SanNearHeapScheduler (the same event order as ns-3's default MapScheduler, at
     * less cost per event) unless --SchedulerType names another.
     * \param argc argc of main \param argv argv of main
     * \param typeId the paper ("" : the --paper option chooses)
     * \return main's exit status
     */
    static int Main(int argc, char* argv[], const std::string& typeId);
};

} // namespace ns3

#endif /* SAN_PAPER_H */
