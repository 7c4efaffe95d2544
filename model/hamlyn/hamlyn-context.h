/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_CONTEXT_H
#define HAMLYN_CONTEXT_H

#include "hamlyn-notification.h"
#include "hamlyn-send-terminus.h"
#include "hamlyn-slot-table.h"

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/host-pinned-region.h"
#include "ns3/ptr.h"
#include "ns3/san-event-queue.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <set>

namespace ns3
{

class HamlynNetDevice;

/**
 * \ingroup san
 * \brief One process's view of a Hamlyn interface (HamlynNetDevice::OpenContext): its
 * application (notification queue and assembly areas), its send terminus, its message areas
 * and its slots — the user-level interface the paper describes (sections 2.2-2.5), with the
 * operating system's set-up calls (areas, slots) folded in.
 *
 * Libraries (Rats) work through a context only: they never see the device's tables.
 *
 * "Sent": a request with notifySent makes the device write the request's handle into this
 * terminus' completion word in host memory; a process that watches the word
 * (SetCompletionCallback) sees the write as a spinning reader would, and reads the handle back
 * from memory.
 */
class HamlynContext : public SimpleRefCount<HamlynContext>
{
  public:
    /// Called with the handle read from the completion word, each time the device writes it.
    typedef Callback<void, uint64_t> CompletionCallback;
    /// Called with the handle of a request the device refused.
    typedef Callback<void, uint64_t> RejectCallback;

    /**
     * \param device the interface
     * \param application this process's application id on it
     * \param terminus this process's send terminus
     */
    HamlynContext(Ptr<HamlynNetDevice> device,
                  uint32_t application,
                  Ptr<HamlynSendTerminus> terminus);
    ~HamlynContext();

    /// \return this process's application id
    uint32_t GetApplication() const;
    /// \return the host's number in the fabric
    uint32_t GetHostNumber() const;
    /// \return the host CPU the process runs on
    Ptr<HostCpu> GetCpu() const;
    /// \return the host memory
    Ptr<HostMemory> GetMemory() const;

    // ---- sending -------------------------------------------------------------------------

    /// \return the send terminus (the process posts requests to its work queue)
    Ptr<HamlynSendTerminus> GetTerminus() const;
    /// \return payload bytes per packet
    uint32_t GetPacketSize() const;
    /// \return the header bytes per packet (without out-of-band bytes)
    uint32_t GetHeaderSize() const;
    /// \return host address of the terminus' completion word
    uint64_t GetCompletionWordAddress() const;
    /// \return the handle in the completion word, read from host memory
    uint64_t ReadCompletionWord() const;
    /// \param cb watch the completion word (null: stop; safe at any time, even once the
    /// device, its host or the host's memory has been disposed)
    void SetCompletionCallback(CompletionCallback cb);
    /// \param cb told of DMA requests the device refused (null: stop; safe at any time)
    void SetRejectCallback(RejectCallback cb);

    // ---- memory and slots ----------------------------------------------------------------

    /**
     * \brief Pin a message area of \p size bytes: a DMA source for this terminus and a place
     * for this process's slots.
     * \param size bytes (> 0)
     * \return the area id
     */
    uint32_t CreateMessageArea(uint64_t size);
    /// \param id an area of this process \return it (null if released)
    Ptr<HostPinnedRegion> GetMessageArea(uint32_t id) const;
    /// \brief Release one of this process's areas; no byte lands in it afterwards.
    /// \param id the area
    void ReleaseMessageArea(uint32_t id);
    /**
     * \brief Define slot \p slot over [base, limit) of one of this process's areas.
     * \param slot slot number (must be free on the device)
     * \param area the area
     * \param base first byte
     * \param limit one past the last byte
     * \param key protection key
     */
    void DefineSlot(uint16_t slot, uint32_t area, uint64_t base, uint64_t limit, uint64_t key);
    /// \brief Revoke one of this process's slots; no byte lands through it afterwards.
    /// \param slot the slot
    void RevokeSlot(uint16_t slot);
    /// \param slot a slot number \return true if any process on the device has defined it
    bool IsSlotInUse(uint16_t slot) const;
    /// \param slot one of this process's slots \return its definition, or null
    const HamlynSlot* FindSlot(uint16_t slot) const;

    // ---- notifications -------------------------------------------------------------------

    /// \return notification assembly areas of this process
    uint32_t GetNNotificationAreas() const;
    /// \return the notification queue in host memory
    Ptr<SanEventQueue> GetNotificationQueue() const;
    /// \param entry filled with the oldest entry, read from host memory \return false if none
    bool PopNotification(HamlynNotification& entry);
    /// \param mode poll, block or poll-then-block \param resumed continuation
    void WaitForNotification(HostCpuWait::Mode mode, Callback<void> resumed);
    /// \return true while waiting
    bool IsWaiting() const;
    /// \brief End a wait without an entry.
    void Wake();

  private:
    /// The device wrote the completion word. \param addr address \param len length
    void CompletionWritten(uint64_t addr, uint64_t len);
    /// The device refused a request. \param terminus its terminus \param handle its handle
    void Rejected(uint32_t terminus, uint64_t handle);
    /// Stop watching the completion word (nothing to do once the device is disposed).
    void ForgetCompletionWord();
    /// Disconnect from the device's "RequestReject" trace, if connected.
    void ForgetRejects();

    Ptr<HamlynNetDevice> m_device;      //!< the interface
    uint32_t m_app;                     //!< application id
    Ptr<HamlynSendTerminus> m_terminus; //!< send terminus
    std::set<uint32_t> m_areas;         //!< this process's areas
    std::set<uint16_t> m_ownSlots;      //!< this process's slots
    CompletionCallback m_completion;    //!< completion-word watcher
    RejectCallback m_reject;            //!< refusal watcher
    bool m_rejectConnected{false};      //!< trace connected
};

} // namespace ns3

#endif /* HAMLYN_CONTEXT_H */
