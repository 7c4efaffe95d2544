/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_CENSUS_SCHEDULER_H
#define SAN_CENSUS_SCHEDULER_H

#include "ns3/object-factory.h"
#include "ns3/scheduler.h"

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <typeindex>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An ns-3 scheduler that counts the events a run executes by kind: where a model's events
 * go, before one sets out to make it cheaper.
 *
 * It keeps the events in another scheduler ("Inner", ns-3's MapScheduler by default) and runs
 * them in exactly that scheduler's order, so a run's results are those of the inner scheduler.
 * An event's kind is its implementation's type: each Simulator::Schedule of a member function
 * or of a lambda makes an event of a type of its own, which names the function (a lambda by
 * the function it is written in). Kinds that run many different callbacks (a SanResource's
 * end of step) may register a describer that names the event more closely (Describe).
 *
 * Use: set it as the simulator's scheduler before the simulator is made, e.g.
 * \code
 *   NS_GLOBAL_VALUE="SchedulerType=ns3::SanCensusScheduler" ./my-program
 * \endcode
 * or `Config::SetGlobal("SchedulerType", StringValue("ns3::SanCensusScheduler"))`. When the
 * simulator is destroyed it writes the census ("Report": stderr by default, or a file). While
 * the run is under way, GetCurrent() gives the scheduler for Write().
 */
class SanCensusScheduler : public Scheduler
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanCensusScheduler();
    ~SanCensusScheduler() override;

    void Insert(const Event& ev) override;
    bool IsEmpty() const override;
    Event PeekNext() const override;
    Event RemoveNext() override;
    void Remove(const Event& ev) override;

    /// The events of one kind.
    struct Counts
    {
        uint64_t executed{0};  //!< events of the kind the simulator took to run
        uint64_t cancelled{0}; //!< of those, cancelled ones (taken, not run)
        uint64_t removed{0};   //!< removed before their time (Simulator::Remove)
    };

    /// One kind of event and its counts.
    struct Kind : Counts
    {
        std::string name; //!< the kind (a readable type name, and a describer's words)
    };

    /// \return the kinds seen so far, the most executed first
    std::vector<Kind> GetKinds() const;

    /// \return every event the simulator took (run or cancelled)
    uint64_t GetExecuted() const;

    /**
     * \brief Write the census: each kind's events, their share and, if \p per is positive,
     * events per unit of \p per (per message, say).
     * \param os where to
     * \param top the most executed kinds to list (the rest summed on one line)
     * \param per a divisor (0: none)
     * \param perName what it counts
     */
    void Write(std::ostream& os,
               uint32_t top = 25,
               double per = 0,
               const std::string& perName = "") const;

    /// \return the census scheduler of the running simulator, or null if it uses another
    static SanCensusScheduler* GetCurrent();

    /// Names one event of a kind more closely (e.g. by the resource it belongs to).
    typedef std::function<std::string(const EventImpl*)> Describer;

    /**
     * \brief Register how to describe the events of one implementation type (once per type,
     * by the module that defines it).
     * \param type the EventImpl subclass
     * \param describer its describer
     */
    static void Describe(std::type_index type, Describer describer);

    /**
     * \param type a type
     * \return its name, demangled and shortened (ns-3's MakeEvent wrappers reduced to what they
     *         call)
     */
    static std::string ReadableName(std::type_index type);

  private:
    /// \return the inner scheduler, made on first use (attributes are set after construction)
    Scheduler& Inner() const;
    /// \param impl an event \return its counters
    Counts& CountsOf(const EventImpl* impl);

    ObjectFactory m_innerFactory;   //!< "Inner"
    mutable Ptr<Scheduler> m_inner; //!< the scheduler that holds the events
    std::string m_report;           //!< "Report"
    uint32_t m_reportTop;           //!< "ReportTop"
    uint64_t m_executed{0};         //!< all taken
    /// Counters by type (kinds without a describer).
    std::unordered_map<std::type_index, Counts> m_byType;
    /// Counters by type and description (kinds with one).
    std::unordered_map<std::string, Counts> m_byDescription;
};

} // namespace ns3

#endif /* SAN_CENSUS_SCHEDULER_H */
