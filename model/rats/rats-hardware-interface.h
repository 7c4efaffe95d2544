/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_HARDWARE_INTERFACE_H
#define RATS_HARDWARE_INTERFACE_H

#include "rats-cost-table.h"
#include "rats-send-handle.h"
#include "rats-ticket.h"

#include "ns3/hamlyn-context.h"
#include "ns3/hamlyn-notification.h"
#include "ns3/hamlyn-send-terminus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-pinned-region.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A notification record as Rats' get_notification_record returns it: the interface's
 * notification-queue entry plus the out-of-band bytes the sender attached (a tagged write's
 * tag).
 */
struct RatsNotificationRecord
{
    HamlynNotification entry;       //!< the notification-queue entry
    std::vector<uint8_t> outOfBand; //!< out-of-band data (may be empty)
};

/**
 * \ingroup san
 * \brief The lower level of Rats, "the Rats hardware interface level" (Hamlyn 1995, section
 * 3.1): a user library over one HamlynNetDevice for one application process.
 *
 * - SendMsg(ticket, buffer): launches a message. The buffer lies in the process' pinned
 *   memory (one message area, which the terminus may also DMA from: "the buffer's virtual
 *   address is converted to an offset from the beginning of the sender's message area").
 *   Messages of at most "CutOver" bytes (metadata + data) are pushed by direct I/O, larger
 *   ones are sent by a DMA request. The host's sendmsg code is charged on the HostCpu from a
 *   RatsCostProfile (Tables 1 and 2); the request is posted when the on-critical-path part
 *   ends, and the off-critical-path part then occupies the CPU. Returns a RatsSendHandle.
 * - GetNotificationRecord(): the next notification record, or false if there is none.
 * - Slots and pinned memory: AllocateSlot() (a fresh slot number and a random protection
 *   key, the OS' job in the paper), RevokeSlot(); the pinned message area.
 *
 * Out-of-band data (the tagged write's tag) travels in the message's first packet and reaches
 * the receiver in its notification entry (HamlynHeader::SetOutOfBand, HamlynNotification).
 *
 * "Sent" comes from the terminus' completion word: every request asks the device to write it
 * (Table 3's sender [notify host], charged on the card), and the library watches it through
 * its HamlynContext.
 */
class RatsHardwareInterface : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RatsHardwareInterface();
    ~RatsHardwareInterface() override;

    /**
     * \brief Work through a process's context on a Hamlyn device: pins the message area
     * ("PinnedBytes") and watches the completion word. The context's notification areas are
     * the application's (open it with "NotificationAreas" of them).
     * \param context the process's context (HamlynNetDevice::OpenContext)
     */
    void Setup(Ptr<HamlynContext> context);

    /**
     * \brief sendmsg: launch a message of metadata followed by data.
     *
     * The message lands at [ticket.offset, ticket.offset + m + d) of the ticket's slot: the
     * metadata first, then the data. Direct I/O copies both from the pinned area when the
     * request is posted. DMA first writes the metadata into the m bytes just before the
     * buffer (RatsInterfaceManager::Malloc leaves room for it), then sends [offset - m,
     * offset + d) from the pinned area.
     *
     * \param ticket where the message goes (its delta is the packet counter's Y0)
     * \param offset first data byte in the pinned area
     * \param length data bytes
     * \param metadata bytes sent in front of the data (may be empty)
     * \param cost the calling protocol's profile: its opOn/opOff (the protocol's own send
     *        call) are charged together with sendmsg's counts
     * \param outOfBand bytes attached to the receiver's notification record (see above)
     * \param returned called when the call returns to the application: after the on-cp
     *        instructions, once the request is posted and the off-cp instructions are queued
     *        on the CPU (so the application's next work runs after them); on an error, at once
     * \return the handle
     */
    Ptr<RatsSendHandle> SendMsg(const RatsTicket& ticket,
                                uint64_t offset,
                                uint32_t length,
                                const std::vector<uint8_t>& metadata,
                                const RatsCostProfile& cost,
                                const std::vector<uint8_t>& outOfBand = {},
                                std::function<void()> returned = nullptr);

    /**
     * \brief get_notification_record: take the next record.
     * \param[out] record filled if there is one
     * \return false if there is none
     */
    bool GetNotificationRecord(RatsNotificationRecord& record);

    /**
     * \brief Wait (poll or block on the CPU) until a notification is queued.
     * \param mode how to wait
     * \param resumed called when the process continues
     */
    void WaitForNotification(HostCpuWait::Mode mode, Callback<void> resumed);

    /// \return true while WaitForNotification has not resumed
    bool IsWaiting() const;

    /**
     * \brief Define a slot over [offset, offset + length) of the pinned area, with a fresh slot
     * number and a random protection key.
     * \param offset first byte in the pinned area
     * \param length bytes (> 0)
     * \return a ticket for the whole window (offset 0, range length, no notification area)
     */
    RatsTicket AllocateSlot(uint64_t offset, uint32_t length);
    /// \param slot a slot from AllocateSlot()
    void RevokeSlot(uint16_t slot);

    /// \return the pinned message area
    Ptr<HostPinnedRegion> GetPinnedArea() const;
    /// \return size of the pinned area
    uint64_t GetPinnedBytes() const;
    /// \return notification assembly areas of the application
    uint32_t GetNNotificationAreas() const;
    /// \return this host's fabric index
    uint32_t GetHostIndex() const;
    /// \return the process's context on the device
    Ptr<HamlynContext> GetContext() const;
    /// \return the CPU
    Ptr<HostCpu> GetCpu() const;
    /// \return the terminus
    Ptr<HamlynSendTerminus> GetTerminus() const;
    /// \return the notification queue
    Ptr<SanEventQueue> GetNotificationQueue() const;
    /// \return the direct-I/O / DMA cut-over (bytes of metadata + data)
    uint32_t GetCutOver() const;
    /// \return the device's payload bytes per packet
    uint32_t GetPacketSize() const;
    /// \return messages sent by direct I/O
    uint64_t GetNDirect() const;
    /// \return messages sent by DMA
    uint64_t GetNDma() const;

    /**
     * \brief Assign a fixed random stream (ns-3 convention).
     * \param stream first stream
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /// The completion word was written. \param handle the handle read from it
    void OnSendComplete(uint64_t handle);
    /// The device refused a request. \param handle its handle
    void OnReject(uint64_t handle);

    Ptr<HamlynContext> m_ctx;                           //!< the process's context
    Ptr<HostCpu> m_cpu;                                 //!< the CPU
    Ptr<HamlynSendTerminus> m_terminus;                 //!< the send terminus
    uint32_t m_areaId;                                  //!< pinned area id
    Ptr<HostPinnedRegion> m_pinned;                     //!< pinned area
    uint32_t m_cutOver;                                 //!< direct/DMA cut-over
    uint64_t m_pinnedBytes;                             //!< pinned area size
    uint32_t m_notifyAreas;                             //!< notification areas
    uint32_t m_nextSlot;                                //!< next slot number to try
    uint64_t m_posted;                                  //!< requests posted (= last handle)
    std::map<uint64_t, Ptr<RatsSendHandle>> m_inFlight; //!< by request handle
    Ptr<UniformRandomVariable> m_keys;                  //!< protection-key generator
    uint64_t m_direct;                                  //!< direct-I/O sends
    uint64_t m_dma;                                     //!< DMA sends
};

} // namespace ns3

#endif /* RATS_HARDWARE_INTERFACE_H */
