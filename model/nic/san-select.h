/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SELECT_H
#define SAN_SELECT_H

#include "san-event-queue.h"

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A select-style wait of one process over several event sources: event queues in host
 * memory (SanEventQueue: CLAN's asynchronous event queue among them) and any other source that
 * can say whether it is ready and tell when it becomes so (a socket, a timer).
 *
 * Wait() continues at once (as a new event) if a source is ready; otherwise the process waits
 * on its CPU in the given mode (poll, block, poll then block: HostCpuWait) until a source
 * becomes ready. The costs of the select call itself (a system call, a scan per source) are the
 * caller's to charge, as a library charges its instruction counts.
 */
class SanSelect : public SimpleRefCount<SanSelect>
{
  public:
    /// \param cpu the waiting process's CPU
    explicit SanSelect(Ptr<HostCpu> cpu);
    ~SanSelect();

    /**
     * \brief Watch an event queue: ready while it holds an entry. Takes the queue's push
     * listener (SanEventQueue::SetPushCallback).
     * \param queue the queue
     * \return the source's index
     */
    uint32_t AddQueue(Ptr<SanEventQueue> queue);
    /**
     * \brief Watch another source; its owner calls Notify() when it becomes ready.
     * \param isReady tells whether the source is ready now
     * \return the source's index
     */
    uint32_t AddSource(Callback<bool> isReady);
    /// \brief A source may have become ready (wakes a waiting process).
    void Notify();
    /// \param inHandler sources become ready in a driver's interrupt handler, charged already:
    /// a blocked process pays the scheduler's wake-up only (default false: an interrupt too)
    void SetNotifiedByHandler(bool inHandler);

    /**
     * \brief Wait until a source is ready. Aborts if a wait is in progress.
     * \param mode how the process waits
     * \param resumed continuation
     */
    void Wait(HostCpuWait::Mode mode, Callback<void> resumed);
    /// \return true while a Wait is in progress
    bool IsWaiting() const;
    /// \brief The waiting process is gone (disposed): a Wait in progress resumes nobody.
    void Abandon();
    /// \return the indices of the sources ready now
    std::vector<uint32_t> GetReady() const;
    /// \return true if some source is ready now
    bool AnyReady() const;

  private:
    /// The wait ended.
    void OnResumed();

    Ptr<HostCpu> m_cpu;                       //!< the process's CPU
    std::vector<Callback<bool>> m_ready;      //!< readiness of each source
    std::vector<Ptr<SanEventQueue>> m_queues; //!< queues whose listener this is
    Ptr<HostCpuWait> m_wait;                  //!< wait in progress
    Callback<void> m_resumed;                 //!< its continuation
    bool m_inHandler{false};                  //!< notified by an interrupt handler
};

} // namespace ns3

#endif /* SAN_SELECT_H */
