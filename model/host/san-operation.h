/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_OPERATION_H
#define SAN_OPERATION_H

#include "san-resource.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An operation: a sequence of steps, each on a SanResource, run one after the other.
 *
 * A step starts when its predecessor is done and its resource is free (it is submitted to the
 * resource when the predecessor ends, and then queues like any other step). When the last step
 * ends, the completion callback runs. Several operations whose steps use the same resources
 * therefore pipeline and contend exactly as the resources' queues dictate.
 *
 * Besides resource steps an operation may contain:
 * - off-path steps: submitted to their resource, but the operation moves on at once (work that
 *   occupies a resource without delaying this operation, e.g. a CPU's off-critical-path code);
 * - pure delays that occupy no resource (e.g. a fixed latency);
 * - actions: callbacks run when the operation reaches them (e.g. "the data lands in memory
 *   now").
 *
 * Usage:
 * \code
 *   Ptr<SanOperation> op = Create<SanOperation>();
 *   op->AddStep(cpu, MicroSeconds(1)).AddStep(bus, NanoSeconds(450));
 *   op->Start(MakeCallback(&Done));
 * \endcode
 * A running operation keeps itself alive (its pending step holds a reference), so the caller
 * may drop its pointer after Start(). An operation may be started again once it has finished.
 */
class SanOperation : public SanContinuation
{
  public:
    SanOperation();

    /**
     * \brief Append a step on the critical path.
     * \param resource the resource the step occupies
     * \param duration how long it occupies it (not negative)
     * \param priorityClass the resource's priority class for this step
     * \return this operation, for chaining
     */
    SanOperation& AddStep(Ptr<SanResource> resource, Time duration, uint32_t priorityClass = 0);

    /**
     * \brief Append an off-path step: it occupies \p resource, but the next step does not wait
     * for it.
     * \param resource the resource the step occupies
     * \param duration how long it occupies it (not negative)
     * \param priorityClass the resource's priority class for this step
     * \return this operation, for chaining
     */
    SanOperation& AddOffPathStep(Ptr<SanResource> resource,
                                 Time duration,
                                 uint32_t priorityClass = 0);

    /**
     * \brief Append a delay that occupies no resource.
     * \param delay the delay (not negative)
     * \return this operation, for chaining
     */
    SanOperation& AddDelay(Time delay);

    /**
     * \brief Append an action run (synchronously, in zero time) when the operation reaches it.
     * \param action the callback
     * \return this operation, for chaining
     */
    SanOperation& AddAction(Callback<void> action);

    /// Starts an asynchronous piece of work; it must call the continuation it is given,
    /// exactly once, when the work ends (a DMA transfer, a bus transaction, a fabric send).
    typedef Callback<void, Callback<void>> AsyncWork;

    /**
     * \brief Append a step that waits for asynchronous work.
     * \param work started when the operation reaches it
     * \return this operation, for chaining
     */
    SanOperation& AddWait(AsyncWork work);

    /**
     * \brief Append a step that starts two pieces of asynchronous work together and waits for
     * both (a payload DMA that overlaps a header load, say).
     * \param first one piece
     * \param second the other
     * \return this operation, for chaining
     */
    SanOperation& AddParallel(AsyncWork first, AsyncWork second);

    /**
     * \brief Start the operation now. The first waiting step is submitted before Start()
     * returns; \p done is never called from inside Start() (if nothing waits, it runs as a new
     * event at the current time). Aborts if the operation is already running.
     * \param done called when the last step ends (may be null)
     */
    void Start(Callback<void> done = Callback<void>());

    /// \return true between Start() and completion
    bool IsRunning() const;

    /// \return true once the operation has completed at least once and is not running
    bool IsFinished() const;

    /// \return the number of steps (of all kinds)
    std::size_t GetNSteps() const;

    /// \return the sum of the durations of critical-path steps and delays: the operation's
    ///         latency if no resource is contended
    Time GetUncontendedLatency() const;

    /// \return the time of the last Start()
    Time GetStartTime() const;

    /// \return the time of the last completion
    Time GetFinishTime() const;

  private:
    /// What a step is.
    enum Kind : uint8_t
    {
        RESOURCE, //!< critical-path resource step
        OFF_PATH, //!< off-path resource step
        DELAY,    //!< a pure delay
        ACTION,   //!< a callback
        WAIT,     //!< asynchronous work (action)
        PARALLEL  //!< two pieces of asynchronous work (action, second)
    };

    /// One step.
    struct Step
    {
        Ptr<SanResource> resource; //!< resource (RESOURCE, OFF_PATH)
        Time duration;             //!< duration (RESOURCE, OFF_PATH, DELAY)
        Callback<void> action;     //!< callback (ACTION)
        AsyncWork work;            //!< asynchronous work (WAIT, PARALLEL)
        AsyncWork second;          //!< second piece (PARALLEL)
        uint32_t priorityClass;    //!< resource priority class
        Kind kind;                 //!< kind of step
    };

    /// A resource step ended (SanResource::SubmitThen): run the next steps.
    void Continue() override;
    /// Run steps from m_next until one must wait, or finish.
    void Advance();
    /// One piece of a PARALLEL step ended.
    void JoinOne();

    std::vector<Step> m_steps; //!< the steps, in order
    std::size_t m_next;        //!< index of the next step to run
    uint32_t m_joinPending{0}; //!< pieces of a PARALLEL step still running
    Callback<void> m_done;     //!< completion callback
    bool m_running;            //!< between Start() and completion
    bool m_finished;           //!< completed at least once and not running
    bool m_inStart;            //!< Advance() is running inside Start()
    Time m_startTime;          //!< time of the last Start()
    Time m_finishTime;         //!< time of the last completion
};

} // namespace ns3

#endif /* SAN_OPERATION_H */
