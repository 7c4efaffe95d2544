/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_INTERFACE_MANAGER_H
#define RATS_INTERFACE_MANAGER_H

#include "rats-cost-table.h"
#include "rats-hardware-interface.h"
#include "rats-server.h"

#include "ns3/hamlyn-net-device.h"
#include "ns3/object.h"

#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A piece of pinned memory handed out by RatsInterfaceManager::Malloc.
 */
struct RatsBuffer
{
    uint64_t offset{0}; //!< first byte in the pinned area
    uint32_t length{0}; //!< usable bytes

    /// \return true if the buffer is not empty
    bool IsValid() const
    {
        return length > 0;
    }
};

/**
 * \ingroup san
 * \brief The Rats "Hamlyn interface manager" (Hamlyn 1995, section 3.2) of one application:
 * "administers pinned memory using a malloc/free paradigm, and it allocates notification areas
 * associated with slots owned by the application process", and offers next_ready and poll.
 *
 * - Malloc/Free: first-fit over the pinned message area. Every allocation is preceded by
 *   "Headroom" spare bytes, so sendmsg can put a message's metadata in front of its data for
 *   a DMA send (Table 2's DMA sendmsg copies the m metadata bytes: 88 + 3m/4).
 * - Notification areas: each belongs to one protocol server; poll dispatches by area.
 * - NextReady(): the first registered protocol instance with data ready, or null.
 * - Poll(mode, done): waits for the next notification record (polling or blocking on the
 *   CPU), charges the owning protocol's poll and process_arrival counts, calls its
 *   ProcessArrival, then done. Concurrent Poll() calls share one wait (ns-3 has no threads:
 *   they are continuations of the one application process).
 */
class RatsInterfaceManager : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RatsInterfaceManager();
    ~RatsInterfaceManager() override;

    /**
     * \brief Open a context for this process on \p nic ("NotificationAreas" assembly areas)
     * and Setup() on it.
     * \param nic the host's Hamlyn device
     */
    void Open(Ptr<HamlynNetDevice> nic);

    /**
     * \brief Create the hardware interface on a process's context and take charge of it.
     * \param context the context (HamlynNetDevice::OpenContext)
     */
    void Setup(Ptr<HamlynContext> context);

    /// \return the hardware interface
    Ptr<RatsHardwareInterface> GetHardware() const;
    /// \return the cost table
    Ptr<RatsCostTable> GetCostTable() const;
    /// \return the CPU
    Ptr<HostCpu> GetCpu() const;
    /// \return this host's fabric index
    uint32_t GetHostIndex() const;

    // ---- pinned memory ---------------------------------------------------------------

    /**
     * \brief Allocate pinned memory.
     * \param length bytes (> 0)
     * \return the buffer (invalid if the pinned area is exhausted)
     */
    RatsBuffer Malloc(uint32_t length);
    /// \param buffer a buffer from Malloc (aborts otherwise)
    void Free(const RatsBuffer& buffer);
    /// \return pinned bytes free (including headroom of free blocks)
    uint64_t GetFreeBytes() const;
    /**
     * \brief The application writes its own memory.
     * \param offset first byte in the pinned area
     * \param data bytes
     */
    void Write(uint64_t offset, const std::vector<uint8_t>& data);
    /**
     * \param offset first byte in the pinned area
     * \param length bytes
     * \return the bytes there
     */
    std::vector<uint8_t> Read(uint64_t offset, uint32_t length) const;

    // ---- notification areas and slots ------------------------------------------------

    /**
     * \param server the owning protocol instance
     * \return a notification area index (aborts if none is left)
     */
    uint16_t AllocateNotificationArea(Ptr<RatsServer> server);
    /// \param index an area from AllocateNotificationArea
    void FreeNotificationArea(uint16_t index);
    /**
     * \brief A slot over a pinned buffer, with a notification area for its messages.
     * \param buffer the window
     * \param notifyIndex notification area carried by tickets for it
     * \return ticket for the whole window
     */
    RatsTicket CreateSlot(const RatsBuffer& buffer, uint16_t notifyIndex);

    // ---- next_ready and poll ---------------------------------------------------------

    /// \param server a protocol instance to consider in NextReady()
    void Register(Ptr<RatsServer> server);
    /// \param server a protocol instance to forget
    void Unregister(Ptr<RatsServer> server);
    /// \return the first registered instance with data ready, or null
    Ptr<RatsServer> NextReady() const;
    /**
     * \brief Wait for the next notification and dispatch it to its server's ProcessArrival.
     * A POLL wait holds the process's CPU: other work for that CPU (its own sends included)
     * waits until the notification is seen, so send first, then poll (HostCpuWait, POLL).
     * \param mode how to wait
     * \param done called after the dispatch
     */
    void Poll(HostCpuWait::Mode mode, std::function<void()> done);
    /// \brief Poll() in the manager's "WaitMode".
    /// \param done called after the dispatch
    void Poll(std::function<void()> done);
    /**
     * \brief End the wait in progress without a notification: its waiters resume with nothing
     * dispatched (each looks at its own state again and polls again if it must), as a
     * program's main loop in poll returns to the program when the program has work of its own
     * (a library call to make). A poll loop notices it at its next iteration (HostCpu
     * "PollInterval") and gives the CPU up; a sleeping process is woken (interrupt and
     * scheduler wake-up, as a signal wakes it). No-op when no wait is in progress.
     */
    void Wake();
    /// \return the default wait mode
    HostCpuWait::Mode GetWaitMode() const;
    /// \return notification records dispatched
    uint64_t GetNDispatched() const;
    /// \return notification records for areas no server owns (ignored)
    uint64_t GetNOrphans() const;

  protected:
    void DoDispose() override;

  private:
    /// Start the shared wait.
    void StartWait();
    /// A notification is there: dispatch it.
    void OnNotification();

    Ptr<RatsHardwareInterface> m_hw;                          //!< the hardware interface
    Ptr<RatsCostTable> m_costs;                               //!< instruction counts
    uint32_t m_headroom;                                      //!< bytes before each allocation
    uint32_t m_notifyAreas{256};                              //!< notification areas to open
    HostCpuWait::Mode m_waitMode;                             //!< default wait mode
    std::map<uint64_t, uint64_t> m_free;                      //!< free blocks: offset -> length
    std::map<uint64_t, std::pair<uint64_t, uint64_t>> m_used; //!< in use: data -> block, length
    std::map<uint16_t, Ptr<RatsServer>> m_areas;              //!< notification area owners
    uint32_t m_nextArea;                                      //!< next area index to try
    std::vector<Ptr<RatsServer>> m_servers;                   //!< registered instances
    bool m_waiting;                                           //!< a wait is in progress
    bool m_wake{false};                                       //!< Wake() ends it
    HostCpuWait::Mode m_currentMode;                          //!< its mode
    std::vector<std::function<void()>> m_pollWaiters;         //!< Poll() continuations
    uint64_t m_dispatched;                                    //!< records dispatched
    uint64_t m_orphans;                                       //!< records ignored
};

} // namespace ns3

#endif /* RATS_INTERFACE_MANAGER_H */
