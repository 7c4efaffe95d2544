/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_DMA_SCHEDULER_H
#define CLAN_DMA_SCHEDULER_H

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/san-fifo.h"
#include "ns3/san-round-robin-arbiter.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One DMA request as an application queues it: local source, remote destination (a
 * network address inside a mapped aperture), size, and the application's tag.
 */
struct ClanDmaRequest
{
    uint64_t source{0};      //!< local address
    uint64_t destination{0}; //!< network address
    uint32_t bytes{0};       //!< size
    uint64_t tag{0};         //!< returned on completion
};

/**
 * \ingroup san
 * \brief How CLAN shares its single DMA engine (Tripwire paper, section 4.2): each application
 * keeps a queue of requests in memory it shares with the driver and enters the driver (a
 * system call) only when it queues onto an empty queue; the driver starts a request when the
 * engine is idle, and on each DMA-completion interrupt dequeues the finished request and starts
 * the next one, serving the non-empty queues round-robin.
 *
 * The engine itself is the device's (a start callback; the device calls Completed() when a
 * transfer ends). Costs are charged on the host CPU: the system call (HostCpu "SyscallCost" +
 * the driver's work) and the completion interrupt (HostCpu::Interrupt + the driver's work).
 */
class ClanDmaScheduler : public SimpleRefCount<ClanDmaScheduler>
{
  public:
    /// Starts a transfer on the engine: (request, queue).
    typedef Callback<void, const ClanDmaRequest&, uint32_t> StartCallback;
    /// A request is done: (request, queue).
    typedef Callback<void, const ClanDmaRequest&, uint32_t> DoneCallback;

    /**
     * \param cpu the host's CPU (system calls and interrupts)
     * \param start starts a transfer on the engine
     * \param driverWork the driver's work per system call and per completion interrupt
     */
    ClanDmaScheduler(Ptr<HostCpu> cpu, StartCallback start, Time driverWork);
    /**
     * \param cpu the host's CPU (system calls and interrupts)
     * \param start starts a transfer on the engine
     * \param driverWork asked at each entry into the driver for its work (the device reads
     * its cost preset, so a change applies to the next entry)
     */
    ClanDmaScheduler(Ptr<HostCpu> cpu, StartCallback start, Callback<Time> driverWork);

    /**
     * \brief A queue for one application (or endpoint).
     * \param capacity requests it holds
     * \param inKernel the queue is a kernel service's (CLAN IP): queueing onto it when empty
     * calls the driver as a function, not through a system call
     * \return its index
     */
    uint32_t AddQueue(uint32_t capacity, bool inKernel = false);
    /**
     * \brief The application queues a request (a few stores into shared memory); it enters
     * the driver only if the queue was empty.
     * \param queue the queue
     * \param request the request
     * \param issued called when the application may go on (after the system call, if any)
     * \return false if the queue was full (nothing queued)
     */
    bool Enqueue(uint32_t queue, const ClanDmaRequest& request, Callback<void> issued);
    /// \param queue a queue \param done called for each of its completed requests
    void SetDoneCallback(uint32_t queue, DoneCallback done);
    /// \brief The device: the running transfer has ended (raises the completion interrupt).
    void Completed();

    /// \return system calls made (queueing onto an empty queue)
    uint64_t GetNSyscalls() const;
    /// \return completion interrupts taken
    uint64_t GetNInterrupts() const;
    /// \param queue a queue \return requests completed from it
    uint64_t GetNServed(uint32_t queue) const;
    /// \param queue a queue \return requests waiting in it (the running one included)
    uint32_t GetNPending(uint32_t queue) const;
    /// \return true while a transfer runs
    bool IsBusy() const;

  private:
    /// One application's queue.
    struct Queue
    {
        SanFifo<ClanDmaRequest> requests; //!< head is running or next
        uint32_t capacity{0};             //!< size
        bool known{false};                //!< the driver knows it is non-empty
        bool inKernel{false};             //!< a kernel service's queue
        uint64_t served{0};               //!< completed
        DoneCallback done;                //!< completion listener
    };

    /// The driver: start the next request if the engine is idle.
    void StartNext();

    Ptr<HostCpu> m_cpu;             //!< host CPU
    StartCallback m_start;          //!< the engine
    Callback<Time> m_driverWork;    //!< per entry into the driver
    std::vector<Queue> m_queues;    //!< queues
    SanRoundRobinArbiter m_arbiter; //!< round-robin among known non-empty queues
    int32_t m_running{-1};          //!< queue whose head runs (-1: idle)
    uint64_t m_syscalls{0};         //!< statistics
    uint64_t m_interrupts{0};       //!< statistics
};

} // namespace ns3

#endif /* CLAN_DMA_SCHEDULER_H */
