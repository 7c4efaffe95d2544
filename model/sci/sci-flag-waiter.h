/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_FLAG_WAITER_H
#define SCI_FLAG_WAITER_H

#include "sci-context.h"

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief An SCI interrupt flag and the thread that may wait on it: the discipline SCILAN
 * describes (Ryan and Bryhni 1998, sections 3.2 and 3.5), for any user of a SciContext's flags.
 *
 * The flag is kept disabled (its top bit set) while the thread runs, so that stimuli do not
 * interrupt; only a thread that is about to sleep enables it, checks once more for what it
 * waits for, and sleeps in the driver until the interrupt's routine wakes it. Sleeping is a
 * kernel call: half of the processor's SyscallCost to enter it before the thread sleeps (off
 * the critical path when the data comes later) and half to return after the wake-up (ASSUMED
 * even split of NT's "roughly 6000 CPU cycles", section 2.2). Wait() either sleeps at once or
 * first polls (the thread spins on memory that the sender writes, noticing a change at the
 * next poll-loop boundary) and backs off to the interrupt when the poll time is up.
 */
class SciFlagWaiter : public SimpleRefCount<SciFlagWaiter>
{
  public:
    /// \param ctx the process's view of the adapter whose flag this is (creates it, disabled)
    explicit SciFlagWaiter(Ptr<SciContext> ctx);
    ~SciFlagWaiter();

    /// \return the flag's id on its adapter
    uint32_t GetId() const;

    /**
     * \brief Wait until \p ready holds. While it polls the thread holds its CPU: other work
     * for that CPU (its own sends included) waits until the poll ends (HostCpuWait, POLL).
     * \param pollTime poll this long first, then back off to the interrupt (zero: sleep at
     * once)
     * \param ready what the thread waits for (checked now, on every Changed(), and before it
     * sleeps)
     * \param resumed called when the thread runs again
     */
    void Wait(Time pollTime, Callback<bool> ready, Callback<void> resumed);

    /// \brief Memory the waiting thread watches has changed (a snoop): a polling thread
    /// notices it.
    void Changed();

    /// \return true while a thread waits
    bool IsWaiting() const;

    /// \brief Forget the thread and the handler (the owner closes).
    void Close();

    /// \brief Enable interrupts (an ordinary write of 0x7FFFFFFF: the next stimulus
    /// interrupts), unless enabled already.
    void Arm();
    /// \brief Disable interrupts (an ordinary write of 0x80000000).
    void Disarm();
    /// \return true if a stimulus has come since Arm() (the word moved on)
    bool StimulatedSinceArmed() const;
    /// \brief Enable interrupts again after one (the stimulus's increment disabled them).
    void Rearm();
    /// \brief A driver's own routine, run in every interrupt of this flag (kernel users: the
    /// SCI/NDIS driver) \param handler the routine
    void SetHandler(Callback<void> handler);

  private:
    /// The interrupt's driver routine.
    void Interrupted();
    /// A polling wait has just gone to sleep: enable the flag first.
    void BackOff(Ptr<HostCpuWait> wait);
    /// The thread runs again.
    void Resumed(Ptr<HostCpuWait> wait, Callback<void> resumed);

    Ptr<SciContext> m_ctx;    //!< the process's view of the adapter
    uint32_t m_id;            //!< flag id
    Ptr<HostCpuWait> m_wait;  //!< the waiting thread, if any
    Callback<bool> m_ready;   //!< what it waits for
    bool m_armed{false};      //!< interrupts enabled by Arm()
    Callback<void> m_handler; //!< a driver's routine
};

} // namespace ns3

#endif /* SCI_FLAG_WAITER_H */
