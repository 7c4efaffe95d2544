/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_CONTEXT_H
#define CLAN_CONTEXT_H

#include "clan-aperture.h"
#include "clan-endpoint.h"
#include "clan-event-queue.h"
#include "clan-net-device.h"

#include "ns3/host-cpu.h"
#include "ns3/object.h"

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One process's view of a CLAN NIC: the thin library of section 3 over the device
 * driver and hardware. Libraries and applications (message transfer, distributed queues,
 * servers, CLAN IP) use only this.
 *
 * What costs what. A call into the driver is a system call on the process's CPU (HostCpu
 * "SyscallCost", 0.75 us on the Alpha) plus the driver's instructions (ClanNetDevice's
 * *CallInstructions). Processor stores into a mapped aperture occupy the CPU for as long as
 * the PCI bus takes them (the processor stalls on its write buffer) and then go on posted.
 * A load from a mapped aperture stalls the processor until the reply is back. Testing a
 * Tripwire's bit, polling the event queue and reading an out-of-band message are loads from
 * shared memory: no system call. Waiting for a Tripwire is a system call that returns at once
 * if the bit is set; otherwise the process sleeps until the interrupt routine wakes it (the
 * scheduler's wake-up; the interrupt itself is the device's).
 *
 * Calls that take time end in a continuation; calls whose result the process needs at once
 * (a new Tripwire's id, a window's address) return it and charge their system call as well,
 * with an optional continuation for when it is over (set-up code may ignore it).
 */
class ClanContext : public Object
{
  public:
    /// A remote read completed: the bytes and their number.
    typedef ClanNetDevice::ReadCallback ReadCallback;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * A protocol's Setup that takes both processes' contexts maps each one's buffers into the
     * other's at once: start-up wiring, as a launcher would hand out cookies before the run.
     * During a run, ends set up with messages over the fabric (ClanConnection, and the
     * protocols' one-sided halves, e.g. ClanDistributedQueue::SetupReceiver). Aborts, naming
     * the caller, once simulated time has begun.
     * \param caller the Setup's name, for the message
     */
    static void RequireStartUp(const char* caller);
    ClanContext();
    ~ClanContext() override;

    /// \param nic the host's (attached) CLAN device: opens this process's event queue and DMA
    /// queue on it
    void Open(Ptr<ClanNetDevice> nic);
    /// \return the process's CPU
    Ptr<HostCpu> GetCpu() const;
    /// \return host memory
    Ptr<HostMemory> GetMemory() const;
    /// \return this host's fabric number
    uint32_t GetHost() const;

    // --- memory and apertures ---
    /// \param bytes size \param name region name \return a locked-down region's address
    uint64_t Allocate(uint64_t bytes, const std::string& name = "");
    /// \brief Export local memory (system call). \param base first byte \param size bytes
    /// \param done after the call (may be null) \return the RDMA cookie
    ClanCookie Export(uint64_t base, uint64_t size, Callback<void> done = Callback<void>());
    /// \brief Map a remote aperture (system call). \param cookie it \param done after the
    /// call (may be null) \return the first address of the mapping
    uint64_t Map(const ClanCookie& cookie, Callback<void> done = Callback<void>());
    /// \param address local memory \return the 32-bit word there (no network)
    uint32_t ReadLocalWord(uint64_t address) const;
    /// \param address local memory \param value the 32-bit word to store (no network)
    void WriteLocalWord(uint64_t address, uint32_t value);

    // --- programmed I/O ---
    /**
     * \brief Store bytes into a mapping.
     * \param mapped a mapped address \param data bytes \param len length
     * \param done when the processor has issued the stores (they land later)
     */
    void Write(uint64_t mapped, const uint8_t* data, uint32_t len, Callback<void> done);
    /// \brief Store a 32-bit word (network byte order) into a mapping. \param mapped where
    /// \param value the word \param done when issued
    void WriteWord(uint64_t mapped, uint32_t value, Callback<void> done);
    /// \brief Load from a mapping (the processor stalls). \param mapped where \param len bytes
    /// \param done with the data
    void Read(uint64_t mapped, uint32_t len, ReadCallback done);
    /**
     * \brief Spin on local memory until \p ready holds, rechecked whenever an incoming write
     * touches [address, +len) (the cache snoops it); the process holds its CPU meanwhile, so
     * other work for that CPU (the process's own sends included) waits until the spin ends:
     * send first, then spin (HostCpuWait, POLL).
     * \param address first byte \param len bytes \param ready the loop's test
     * \param done when it holds
     */
    void SpinUntil(uint64_t address, uint32_t len, Callback<bool> ready, Callback<void> done);

    /// How a protocol waits for a word of local memory (section 4.3: "both of the protocols
    /// given above will work correctly without Tripwires, by polling ... and this choice can be
    /// made independently in the transmitter and receiver").
    enum WaitMode
    {
        SPIN,               //!< poll the word
        TRIPWIRE,           //!< block on a Tripwire on it (clear, test, wait)
        SPIN_THEN_TRIPWIRE, //!< poll for PollBeforeBlock, then block (section 4.3)
    };

    /**
     * \brief Wait until \p ready holds for local memory that remote writes change.
     * \param address first byte \param len bytes \param ready the test
     * \param mode how \param tripwire a Tripwire on the words (REMOTE | WRITE; TRIPWIRE and
     * SPIN_THEN_TRIPWIRE) \param done when it holds
     */
    void WaitUntil(uint64_t address,
                   uint32_t len,
                   Callback<bool> ready,
                   WaitMode mode,
                   uint32_t tripwire,
                   Callback<void> done);

    // --- Tripwires (section 3.3) ---
    /**
     * \brief Allocate, set up and enable a Tripwire (driver calls: one system call each).
     * \param address first byte (local memory, or a mapped address for local accesses)
     * \param len bytes \param flags ClanTripwireTable::Flag bits
     * \param done after the calls (may be null)
     * \return its id (aborts if the CAM is full)
     */
    uint32_t CreateTripwire(uint64_t address,
                            uint32_t len,
                            uint32_t flags,
                            Callback<void> done = Callback<void>());
    /// \brief Disable and free a Tripwire (system call). \param id it
    void DestroyTripwire(uint32_t id);
    /// \param id a Tripwire \return true if its bit is set (no system call)
    bool TestTripwire(uint32_t id) const;
    /// \param id a Tripwire: clear its bit (no system call)
    void ClearTripwire(uint32_t id);
    /// \brief Block until a Tripwire fires (system call; at once if its bit is set).
    /// \param id it \param done when woken
    void WaitTripwire(uint32_t id, Callback<void> done);
    /// \return a new Tripset (system call)
    uint32_t CreateTripset();
    /// \param tripset a Tripset \param id a Tripwire to add (system call)
    void AddToTripset(uint32_t tripset, uint32_t id);
    /// \brief Block until any member fires. \param tripset it \param done when woken
    void WaitTripset(uint32_t tripset, Callback<void> done);
    /**
     * \brief For a kernel service (CLAN IP; see "InKernel"), which synchronises in the kernel:
     * \p handler runs in the Tripwire interrupt's routine each time \p id fires, and schedules
     * its own work on the CPU (ClanNetDevice::SetTripwireHandler).
     * \param id a Tripwire \param handler the routine (null: none)
     */
    void SetTripwireHandler(uint32_t id, Callback<void> handler);

    // --- the asynchronous event queue (section 3.5) ---
    /// \return this process's event queue
    Ptr<ClanEventQueue> GetEventQueue() const;
    /// \brief Register interest in a Tripwire's firings (system call). \param id it
    /// \param cookie returned with each event
    void RegisterTripwireEvent(uint32_t id, uint64_t cookie);
    /// \brief Poll (shared memory, no system call). \param event out \return false if empty
    bool PollEvent(ClanEvent& event);

    // --- DMA (section 3.4) ---
    /**
     * \brief Queue a DMA transfer from local memory to a mapped address; the driver is
     * entered only if the queue was empty.
     * \param source local memory \param mapped destination (a mapped address) \param bytes
     * size \param issued when the process goes on (after the system call, if one was made)
     * \param done when it has completed (the completion interrupt has been taken)
     * \return false if the queue is full
     */
    bool Dma(uint64_t source,
             uint64_t mapped,
             uint32_t bytes,
             Callback<void> issued,
             Callback<void> done);
    /// \return this process's DMA queue id
    uint32_t GetDmaQueue() const;

    // --- endpoints and out-of-band messages (section 3.1) ---
    /// \brief Create an endpoint, or reuse a cached one (system call). \param port its port
    /// \return it
    Ptr<ClanEndpoint> OpenEndpoint(uint16_t port);
    /// \brief Close an endpoint into the cache (system call). \param port its port
    void CloseEndpoint(uint16_t port);
    /// \brief Send an out-of-band message (system call). \param dstHost to \param dstPort port
    /// \param srcPort from \param payload 40 bytes \param done after the call
    void SendOob(uint32_t dstHost,
                 uint16_t dstPort,
                 uint16_t srcPort,
                 const uint8_t* payload,
                 Callback<void> done);
    /// \return endpoint creations that were served from the cache
    uint64_t GetNEndpointCacheHits() const;

  protected:
    void DoDispose() override;

  private:
    /// Charge driver calls. \param call their kind \param done after them (may be null)
    /// \param count how many, one after another
    void DriverCall(ClanNetDevice::Call call, Callback<void> done, uint32_t count = 1);
    /// Block on a Tripwire or Tripset through the driver. \param registerWait registers the
    /// wake-up with ClanTripwireState (returns its token) \param done when woken
    void BlockUntilWoken(std::function<uint64_t(ClanTripwireState::WakeCallback)> registerWait,
                         Callback<void> done);
    /// A DMA request completed. \param request it \param queue its queue
    void DmaCompleted(const ClanDmaRequest& request, uint32_t queue);

    Ptr<ClanNetDevice> m_nic;                       //!< device
    Ptr<ClanEventQueue> m_events;                   //!< asynchronous event queue
    uint32_t m_dmaQueue{0};                         //!< DMA request queue
    std::map<uint32_t, Callback<void>> m_dmaDone;   //!< continuations by tag
    uint64_t m_nextDmaTag{1};                       //!< next tag
    std::vector<Ptr<ClanEndpoint>> m_endpointCache; //!< closed endpoints for reuse
    uint64_t m_cacheHits{0};                        //!< reused endpoints
    uint32_t m_eventEntries;                        //!< attribute: event queue size
    uint32_t m_dmaEntries;                          //!< attribute: DMA queue size
    uint32_t m_oobEntries;                          //!< attribute: OOB queue size
    bool m_inKernel{false};                         //!< attribute: a kernel service
};

} // namespace ns3

#endif /* CLAN_CONTEXT_H */
