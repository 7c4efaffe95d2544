/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_CPU_H
#define HOST_CPU_H

#include "san-duration-memo.h"
#include "san-fifo.h"
#include "san-resource.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

class HostCpu;

/**
 * \ingroup san
 * \brief A process on a HostCpu waiting for an event that someone else will Signal().
 *
 * Obtained from HostCpu::CreateWait() (then Begin()) or HostCpu::Wait(). The producer of the
 * event (a NIC model writing a notification, a memory word changing) calls Signal(); the waiting
 * process is resumed through the callback given to Begin(). Signal() may come before Begin():
 * the process then finds the event already there and continues at once (as a new event at the
 * Begin() time, at no cost). Further Signal() calls are ignored.
 *
 * Modes:
 * - POLL: the process spins. It needs the CPU to spin, so it first queues for the CPU; once
 *   running it holds the CPU (busy) until it notices the event at the next poll-loop boundary
 *   (HostCpu "PollInterval" after it started polling, or a multiple of it) at or after the
 *   signal. Then it releases the CPU and resumes. Interrupt handlers run on top of the loop;
 *   any other work for this CPU waits until the loop ends, so a process that spins before its
 *   own send has left the CPU waits for an answer that cannot come (a one-process ping-pong
 *   must send, then spin). The wait logs a warning (NS_LOG=HostCpuWait=level_warn) once when
 *   work queues behind its loop.
 * - BLOCK: the process sleeps; the CPU is free for other work. On Signal() the CPU takes an
 *   interrupt and the scheduler wakes the process: one CPU step of "InterruptLatency" +
 *   "WakeupLatency" (queued behind any running or waiting CPU work: the model is
 *   non-preemptive), after which the process resumes.
 * - POLL_THEN_BLOCK: polls as POLL for at most HostCpu "PollBeforeBlock", then releases the CPU
 *   and blocks as BLOCK.
 */
class HostCpuWait : public SimpleRefCount<HostCpuWait>
{
  public:
    /// How the process waits.
    enum Mode : uint8_t
    {
        POLL,            //!< spin on the CPU
        BLOCK,           //!< sleep; woken by interrupt + scheduler
        POLL_THEN_BLOCK, //!< spin for a while, then sleep
    };

    /// Where the wait is.
    enum State : uint8_t
    {
        IDLE,            //!< created, Begin() not called yet
        WAITING_FOR_CPU, //!< polling process queued for the CPU
        POLLING,         //!< spinning on the CPU
        BLOCKED,         //!< asleep
        WAKING,          //!< event seen or interrupt taken; resumption pending
        RESUMED,         //!< the resumed callback has run
    };

    /**
     * \brief Create a wait on a CPU; prefer HostCpu::CreateWait().
     * \param cpu the CPU the waiting process runs on
     */
    explicit HostCpuWait(Ptr<HostCpu> cpu);

    /**
     * \brief Start waiting. Aborts if called twice.
     * \param mode how to wait
     * \param resumed called when the process continues
     */
    void Begin(Mode mode, Callback<void> resumed);

    /// \brief The awaited event has happened (now).
    void Signal();

    /**
     * \brief The awaited event has happened, reported by an interrupt handler that the caller
     * has charged already (a driver's interrupt service routine waking a process): a blocked
     * process pays the scheduler's wake-up only, not a second interrupt. Otherwise as Signal().
     */
    void SignalInHandler();

    /// \return true once Signal() has been called
    bool IsSignalled() const;

    /**
     * \brief The waiting process is gone (disposed): drop its callbacks, which may hold it,
     * so that a wait still pending at the end of a run holds nothing of it. The wait goes on
     * as before and resumes nobody.
     */
    void Abandon();

    /**
     * \brief POLL_THEN_BLOCK: \p cb runs when the polling gives up and the process goes to
     * sleep (a library enables its interrupt there, then looks once more: SCILAN's flags).
     * \param cb called once, at the switch from polling to sleeping
     */
    void SetBackOffCallback(Callback<void> cb);
    /// \brief POLL_THEN_BLOCK: poll for \p limit instead of the CPU's "PollBeforeBlock"
    /// (a library with its own polling policy) \param limit how long to poll (before Begin)
    void SetPollBeforeBlock(Time limit);
    /// \brief One iteration of this process's poll loop instead of the CPU's "PollInterval"
    /// (a loop whose load misses the cache every time: SHRIMP's uncached pages)
    /// \param interval the iteration (before Begin; zero or more)
    void SetPollInterval(Time interval);

    /// \return the state of the wait
    State GetState() const;
    /// \return true if the process went to sleep during the wait (BLOCK, or a poll that
    /// timed out)
    bool WasBlocked() const;

    /// \return the mode given to Begin()
    Mode GetMode() const;

    /// \return time of the (first) Signal()
    Time GetSignalTime() const;

    /// \return time the process resumed
    Time GetResumeTime() const;

  private:
    friend class HostCpu; // HandlersDone
    /// The CPU granted the polling process.
    void OnPollGranted();
    /// Work waits for the CPU behind this poll loop: warn, once. \param steps how many
    void NoteQueuedBehind(uint32_t steps);
    /// The poll loop noticed the event.
    void OnNoticed();
    /// POLL_THEN_BLOCK: polling time is up.
    void OnPollTimeout();
    /// Interrupt handlers that ran on top of the poll loop have returned.
    void HandlersDone();
    /// The event has happened. \param inHandler reported by an interrupt handler
    void SignalImpl(bool inHandler);
    /// Take the interrupt (unless already taken) and the scheduler wake-up.
    /// \param inHandler the interrupt was taken by the caller's handler
    void StartWakeup(bool inHandler);
    /// Resume the process.
    void Resume();

    Ptr<HostCpu> m_cpu;               //!< the CPU
    Callback<void> m_resumed;         //!< resumption callback
    Mode m_mode;                      //!< mode
    State m_state;                    //!< state
    bool m_signalled;                 //!< Signal() seen
    Time m_signalTime;                //!< time of Signal()
    Time m_pollStart;                 //!< when polling started
    Time m_resumeTime;                //!< when the process resumed
    bool m_timeoutPending{false};     //!< POLL_THEN_BLOCK timed out during a handler
    bool m_blocked{false};            //!< went to sleep
    bool m_warned{false};             //!< NoteQueuedBehind has warned
    Callback<void> m_backOff;         //!< run when polling gives up
    Time m_pollLimit{Seconds(-1)};    //!< own poll duration (negative: the CPU's)
    Time m_pollInterval{Seconds(-1)}; //!< own poll iteration (negative: the CPU's)
};

/**
 * \ingroup san
 * \brief A host processor with its operating-system costs.
 *
 * The CPU is a SanResource (FIFO, non-preemptive): work runs one piece at a time, so everything
 * a host does (protocol code, interrupts, polling) contends for it.
 *
 * - Work is given as a duration or as an instruction count (instructions x "Cpi" / "ClockRate").
 * - Critical-path work (Execute*): the caller's callback runs when the work ends.
 * - Off-path work (Execute*OffPath): the caller continues at once (the call returns and nothing
 *   more happens for it), but the CPU is busy with the work afterwards, so work submitted later
 *   queues behind it. This is the "off-cp" column of Hamlyn's Tables 1 and 2.
 * - Syscall*: the work plus "SyscallCost", on the critical path.
 * - Waiting for an event: HostCpuWait (polling or blocking).
 *
 * The default parameters describe the HP 9000 Series J200 host of the Hamlyn paper where that
 * paper gives them; the operating-system costs, which Hamlyn does not give, are the ones CLAN
 * measured (a different host): set them per scenario.
 */
class HostCpu : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostCpu();
    ~HostCpu() override;

    /**
     * \param instructions instruction count (not negative)
     * \return instructions x CPI / clock rate
     */
    Time InstructionsToTime(double instructions) const;

    /**
     * \param cycles clock cycles (not negative)
     * \return cycles / clock rate
     */
    Time CyclesToTime(double cycles) const;

    /**
     * \brief Critical-path work given as a duration.
     * \param duration the work (not negative)
     * \param done called when the work ends
     */
    void Execute(Time duration, Callback<void> done);

    /**
     * \brief Critical-path work given as an instruction count.
     * \param instructions the work (not negative)
     * \param done called when the work ends
     */
    void ExecuteInstructions(double instructions, Callback<void> done);

    /**
     * \brief Off-path work: occupies the CPU, the caller continues at once. It queues with the
     * CPU's other work in order: Hamlyn 1995, section 4.1, "the time the host processor is busy
     * is given by the sum of on-cp and off-cp values: the latter represents work that can be
     * overlapped with interconnect activity". The process does it while its message is in
     * flight, and what it does next (its next send, the poll that waits for the answer) waits
     * for it, so a stream of messages or a busy server pays for it. (Until stop 50 it ran in a
     * lower class that later critical-path work overtook: a CPU never idle, a spinning server's,
     * piled it up unbounded and never charged it.)
     * \param duration the work (not negative)
     */
    void ExecuteOffPath(Time duration);

    /**
     * \brief Off-path work given as an instruction count.
     * \param instructions the work (not negative)
     */
    void ExecuteInstructionsOffPath(double instructions);

    /**
     * \brief A system call: "SyscallCost" plus the kernel work, on the critical path.
     * \param work the work done inside the kernel (not negative)
     * \param done called when the system call returns
     */
    void Syscall(Time work, Callback<void> done);

    /**
     * \brief A system call whose kernel work is given as an instruction count.
     * \param instructions the kernel work (not negative)
     * \param done called when the system call returns
     */
    void SyscallInstructions(double instructions, Callback<void> done);

    /**
     * \brief A device interrupt whose handler does \p handler of work: one CPU step of
     * "InterruptLatency" (dispatch) + \p handler, on the critical path (the model is
     * non-preemptive: it queues behind running work, except a process's poll loop, which it
     * interrupts: the handler runs on top of it and the loop notices an event only after the
     * handler returns). Counted with GetInterrupts().
     * \param handler the handler's work after dispatch (not negative)
     * \param done called when the handler returns
     */
    void Interrupt(Time handler, Callback<void> done);
    /**
     * \brief A device interrupt whose handler keeps the CPU after dispatch (a handler that runs
     * to completion while it waits on the bus, as an in-kernel protocol does): the CPU is
     * acquired (queued like any step), "InterruptLatency" + \p handler pass, then \p done runs
     * with the CPU still held; the caller ends the handler with EndInterrupt(). A poll loop
     * holding the CPU is interrupted as by Interrupt(). Counted with GetInterrupts().
     * \param handler the handler's first work after dispatch (not negative)
     * \param done called with the CPU held
     */
    void InterruptHeld(Time handler, Callback<void> done);
    /// \brief End a handler begun by InterruptHeld() (releases the CPU, or returns to the poll
    /// loop it interrupted).
    void EndInterrupt();
    /**
     * \brief Interrupt() with the handler's work given as an instruction count.
     * \param instructions the handler's work (not negative)
     * \param done called when the handler returns
     */
    void InterruptInstructions(double instructions, Callback<void> done);
    /**
     * \return a new wait on this CPU, not yet begun (Signal() may precede Begin())
     */
    Ptr<HostCpuWait> CreateWait();

    /**
     * \brief CreateWait() then Begin().
     * \param mode how to wait
     * \param resumed called when the process continues
     * \return the wait, to be Signal()led by the producer of the event
     */
    Ptr<HostCpuWait> Wait(HostCpuWait::Mode mode, Callback<void> resumed);

    /// \return the CPU resource (for SanOperation steps and statistics)
    Ptr<SanResource> GetResource() const;

    /// \param hz clock rate in Hz (> 0)
    void SetClockRate(double hz);
    /// \return clock rate in Hz
    double GetClockRate() const;
    /// \param cpi cycles per instruction (> 0)
    void SetCpi(double cpi);
    /// \return cycles per instruction
    double GetCpi() const;
    /// \return the fixed cost of a system call
    Time GetSyscallCost() const;
    /// \return the interrupt latency
    Time GetInterruptLatency() const;
    /// \return the scheduler wake-up latency
    Time GetWakeupLatency() const;
    /// \return the length of one poll-loop iteration
    Time GetPollInterval() const;
    /// \return how long POLL_THEN_BLOCK polls before blocking
    Time GetPollBeforeBlock() const;

    /// \return number of system calls made
    uint64_t GetSyscalls() const;
    /// \return number of interrupts taken (to wake blocked processes, and Interrupt())
    uint64_t GetInterrupts() const;

    /**
     * TracedCallback signature for a time value.
     * \param [in] time the value
     */
    typedef void (*TimeTracedCallback)(Time time);

  protected:
    void DoDispose() override;

  private:
    friend class HostCpuWait;

    /// Count and trace an interrupt.
    void NotifyInterrupt();
    /// Trace a resumption.
    /// \param delay time from the signal to the resumption
    void NotifyResume(Time delay);

    Ptr<SanResource> m_resource; //!< the CPU as a server
    double m_clockRate;          //!< Hz
    double m_cpi;                //!< cycles per instruction
    /// InstructionsToTime's memo, shared by every CPU at m_memoCpi and m_memoClock.
    mutable SanDurationMemo::Table* m_instructionTimes{nullptr};
    mutable double m_memoCpi{0};   //!< the CPI m_instructionTimes is for
    mutable double m_memoClock{0}; //!< the clock rate m_instructionTimes is for
    Time m_syscallCost;            //!< fixed system-call cost
    Time m_interruptLatency;       //!< interrupt latency
    Time m_wakeupLatency;          //!< scheduler wake-up latency
    Time m_pollInterval;           //!< one poll-loop iteration
    Time m_pollBeforeBlock;        //!< POLL_THEN_BLOCK polling time
    uint64_t m_syscalls;           //!< system calls made
    uint64_t m_interrupts;         //!< interrupts taken

    /// An interrupt handler waiting for the one that runs on top of the poll loop.
    struct PendingHandler
    {
        Time work;           //!< its length
        Callback<void> done; //!< its continuation
        bool held;           //!< it ends with EndInterrupt()
    };

    /// Run a handler on top of the polling process. \param work its length \param done its
    /// continuation \param held it ends with EndInterrupt()
    void RunOnPoller(Time work, Callback<void> done, bool held);
    /// The handler on top of the poll loop has returned.
    void HandlerEnded();
    Ptr<HostCpuWait> m_poller;   //!< process whose poll loop holds the CPU (kept alive by it)
    bool m_handlerActive{false}; //!< a handler runs on top of it
    bool m_handlerHeld{false};   //!< that handler ends with EndInterrupt()
    SanFifo<PendingHandler> m_pendingHandlers; //!< handlers waiting for it

    TracedCallback<Time> m_syscallTrace;   //!< system call (kernel work)
    TracedCallback<Time> m_interruptTrace; //!< interrupt (signal time)
    TracedCallback<Time> m_resumeTrace;    //!< resumption (signal-to-resume delay)
};

} // namespace ns3

#endif /* HOST_CPU_H */
