/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_RESOURCE_H
#define SAN_RESOURCE_H

#include "san-fifo.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/event-impl.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/simple-ref-count.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * A duration formed from cost parameters (cycles over a clock rate, ...), checked against
 * ns-3's time range: a parameter far out of range (a clock of 1e-9 Hz) must not turn into a
 * negative or wrapped time.
 * \param seconds the duration
 * \param who what formed it, for the message
 * \return it as a Time; aborts with a message if it is negative, not finite or beyond ns-3's
 * range (2^63 ns, about 292 years)
 */
inline Time
SanDuration(double seconds, const char* who)
{
    NS_ABORT_MSG_IF(!(seconds >= 0 && seconds < 9.2e9),
                    who << ": a duration of " << seconds
                        << " s is outside ns-3's time range (check its clock rate and costs)");
    return Seconds(seconds);
}

/**
 * \ingroup san
 * Run a callback unless it is null; lets a stored Callback be scheduled as an event.
 * \param cb the callback
 */
inline void
SanInvokeCallback(Callback<void> cb)
{
    if (!cb.IsNull())
    {
        cb();
    }
}

/**
 * \ingroup san
 * \brief What a step of a SanResource may continue when it ends, instead of a callback: an
 * object that is its own continuation (a SanOperation). The resource holds a reference to it
 * while the step waits and runs, and no callback is made for the step: an ns-3 Callback bound
 * to a member function and a Ptr is five allocations.
 */
class SanContinuation : public SimpleRefCount<SanContinuation>
{
  public:
    virtual ~SanContinuation() = default;
    /// The step ended: go on.
    virtual void Continue() = 0;
};

/**
 * \ingroup san
 * \brief A server that runs timed steps one at a time: the basic unit of time in the san module.
 *
 * Everything in the simulated system that takes time (a CPU, a host bus, a NIC processor, a DMA
 * engine, a link) is a SanResource. A step is a duration plus a callback; the resource runs one
 * step at a time and calls the step's callback when the step ends. Latency, bandwidth,
 * pipelining and contention are not parameters: they emerge from steps queueing for resources.
 *
 * Scheduling rules:
 * - Steps are served in order of submission within a priority class (FIFO).
 * - With several priority classes ("NumPriorities" > 1), the waiting step of the lowest-valued
 *   class is served first. Service is non-preemptive: a running step always finishes.
 * - The next step is chosen *after* the finishing step's callback has run, so a step submitted
 *   from that callback competes with the steps already waiting: within its class it queues behind
 *   them (round-robin between chained transfers); in a more urgent class it goes first (a chain
 *   of high-priority steps keeps the resource, as an arbiter with absolute priority does).
 * - A step submitted to an idle resource starts at once.
 *
 * Besides fixed-length steps, a holder may Acquire() the resource for a length of time not known
 * in advance (e.g. a process polling a memory word) and Release() it later.
 *
 * Queues are one SanFifo per class, and one end-of-step event is reused for every step: no
 * allocation per step beyond the Callback itself.
 */
class SanResource : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanResource();
    ~SanResource() override;

    /**
     * \brief Queue a step of fixed length.
     * \param duration how long the step occupies the resource (must not be negative)
     * \param done called when the step ends (may be null)
     * \param priorityClass 0 is served first; must be below GetNumPriorities()
     */
    void Submit(Time duration, Callback<void> done, uint32_t priorityClass = 0);

    /**
     * \brief Queue a step of fixed length whose end continues \p next (as Submit with a
     * callback that calls next->Continue(), at the same point, without making one).
     * \param duration how long the step occupies the resource (must not be negative)
     * \param next continued when the step ends (not null; held until then)
     * \param priorityClass 0 is served first; must be below GetNumPriorities()
     */
    void SubmitThen(Time duration, Ptr<SanContinuation> next, uint32_t priorityClass = 0);

    /**
     * \brief Queue a step of fixed length and be told when it starts.
     * \param duration its length at full speed (not negative)
     * \param started called when the step starts (before its end is scheduled)
     * \param done called when it ends
     * \param priorityClass 0 is served first
     */
    void SubmitWithStart(Time duration,
                         Callback<void> started,
                         Callback<void> done,
                         uint32_t priorityClass = 0);

    /**
     * \brief Change the speed at which steps progress (a processor whose memory cycles are
     * stolen by DMA engines runs slower). Durations given to Submit are lengths at speed 1;
     * the running step's remaining work stretches or shrinks at once.
     * \param rate work per unit of time (> 0; 1 is full speed)
     */
    void SetRate(double rate);
    /// \return the current speed
    double GetRate() const;

    /**
     * \brief Queue a hold of unknown length: the resource is held from the moment \p granted is
     * called until Release() is called.
     * \param granted called (as a new event at the grant time) when the resource is granted
     * \param priorityClass 0 is served first; must be below GetNumPriorities()
     */
    void Acquire(Callback<void> granted, uint32_t priorityClass = 0);

    /**
     * \brief End the hold granted by Acquire(). Aborts if the resource is not held.
     */
    void Release();

    /// \return true while a step runs or a hold is active
    bool IsBusy() const;

    /// \return true while a hold (Acquire) is active
    bool IsHeld() const;

    /// \return the number of waiting steps (not counting the running one), all classes
    uint32_t GetQueueLength() const;

    /**
     * \param priorityClass the class
     * \return the number of waiting steps of that class
     */
    uint32_t GetQueueLength(uint32_t priorityClass) const;

    /// \return total time the resource has been busy since creation or ResetStatistics(),
    ///         including the elapsed part of the running step
    Time GetBusyTime() const;

    /// \return busy time divided by the time elapsed since creation or ResetStatistics()
    ///         (0 if no time has elapsed)
    double GetUtilization() const;

    /// \return the number of steps (and holds) that have ended
    uint64_t GetStepsCompleted() const;

    /// \brief Restart the busy-time and step counters from now.
    void ResetStatistics();

    /**
     * \brief Set the number of priority classes; only while idle with an empty queue.
     * \param n number of classes (at least 1)
     */
    void SetNumPriorities(uint32_t n);

    /// \return the number of priority classes
    uint32_t GetNumPriorities() const;

    /**
     * TracedCallback signature for step start and end.
     * \param [in] priorityClass the step's class
     * \param [in] time at StepStart: how long the step waited; at StepEnd: how long it ran
     */
    typedef void (*StepTracedCallback)(uint32_t priorityClass, Time time);

  protected:
    void DoDispose() override;

  private:
    /// A queued step.
    struct Entry
    {
        Time duration;               //!< length of the step (ignored for a hold)
        Time submitted;              //!< when it was queued
        Callback<void> done;         //!< end callback, or grant callback for a hold
        bool hold;                   //!< true for Acquire()
        Callback<void> started;      //!< called when a fixed-length step starts (may be null)
        Ptr<SanContinuation> next{}; //!< continued when it ends (SubmitThen; else null)
    };

    /// Validate a priority class and abort with a clear message if it is out of range.
    void CheckClass(uint32_t priorityClass, const char* what) const;
    /// Enqueue, or start at once if idle.
    void Enqueue(Entry&& entry, uint32_t priorityClass);
    /// Start the waiting step of the most urgent class, if any.
    void StartNext();
    /// Start an entry now.
    void StartEntry(Entry&& entry, uint32_t priorityClass);
    /// End the running fixed-length step (scheduled event).
    void EndStep();
    /// Common accounting when a step or hold ends.
    void Finish();
    /// Schedule EndStep after \p length with the reusable end event (a new one only when the
    /// last was cancelled): the same Schedule call as before, without an allocation per step.
    void ScheduleEnd(Time length);

    /// The end-of-step event, kept and scheduled again for every step (an event that has run
    /// can be scheduled again; a cancelled one cannot, so SetRate replaces it).
    class EndStepEvent : public EventImpl
    {
      public:
        /// \param resource the resource whose EndStep it runs (not owned: the resource owns it)
        explicit EndStepEvent(SanResource* resource);
        /// \return what the step's end calls (SanCensusScheduler's name for the event)
        std::string Describe() const;

      protected:
        void Notify() override;

      private:
        SanResource* m_resource; //!< the resource
    };

    std::vector<SanFifo<Entry>> m_queues; //!< one FIFO per priority class
    uint32_t m_numPriorities;             //!< number of classes
    bool m_busy;                          //!< a step or hold is active
    bool m_holding;                       //!< the active step is a hold
    bool m_dispatching;                   //!< a step-end callback is running
    uint32_t m_currentClass;              //!< class of the active step
    Callback<void> m_currentDone;         //!< callback of the active step
    Ptr<SanContinuation> m_currentNext;   //!< continuation of the active step (SubmitThen)
    Time m_currentStart;                  //!< when the active step started
    double m_rate{1.0};                   //!< speed (work per unit of time)
    Time m_remaining;                     //!< work left in the running step, at speed 1
    Time m_segmentStart;                  //!< when m_remaining was last brought up to date
    EventId m_endEvent;                   //!< end of the active fixed-length step
    Ptr<EndStepEvent> m_endStepEvent;     //!< the reused end-of-step event
    Time m_busyTime;                      //!< accumulated busy time of ended steps
    Time m_statsStart;                    //!< start of the statistics window
    uint64_t m_stepsCompleted;            //!< steps ended in the window

    TracedValue<uint32_t> m_queueLength;             //!< waiting steps, all classes
    TracedCallback<uint32_t, Time> m_stepStartTrace; //!< step starts (class, waited)
    TracedCallback<uint32_t, Time> m_stepEndTrace;   //!< step ends (class, ran)
};

} // namespace ns3

#endif /* SAN_RESOURCE_H */
