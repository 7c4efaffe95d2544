/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_DMA_ENGINE_H
#define SAN_DMA_ENGINE_H

#include "ns3/callback.h"
#include "ns3/host-bus.h"
#include "ns3/object.h"
#include "ns3/san-resource.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A NIC's host DMA engine: one engine, FIFO, between host memory and the card. Each
 * transfer holds the engine while it crosses the host's I/O bus, so transfers of one engine
 * queue behind each other and compete with other bus masters grant by grant.
 *
 * Payload loads and deposits, descriptor fetches, event-queue entries and completion words all
 * go through it, so their contention emerges. A card with several independent bus masters
 * (CLAN's transmit DMA and its receiving bridge, SCI's DMA engine and its inbound request
 * unit, SHRIMP's incoming and outgoing datapaths) has one engine per master
 * (SanNicDevice::AddDmaEngine), each with the bus priority class of its master.
 *
 * The kinds of transfer are the bus's (HostBus): a transfer in bursts of the bus's length
 * (Transfer), in shorter bursts (TransferBursts), a read of host memory that waits for its
 * first data in every burst (Read), and one burst with notice of when it is on the bus, for a
 * card that streams the burst onwards as it crosses (Burst).
 */
class SanDmaEngine : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanDmaEngine();
    ~SanDmaEngine() override;

    /// \param bus the host I/O bus the engine masters
    void SetBus(Ptr<HostBus> bus);
    /// \param busClass the bus priority class of this engine's transfers (0, the default,
    /// is served first; the bus must have that many classes)
    void SetBusPriority(uint32_t busClass);
    /**
     * \brief How transfers wait. false (the default): one at a time, FIFO (Hamlyn's and DART's
     * engines, whose descriptors queue at the engine). true: a transfer goes onto the bus as
     * soon as it is given, whatever else runs, because the card's own logic already orders
     * them (CLAN's receive FIFO and DMA scheduler, SCI's inbound queue and DMA windows,
     * SHRIMP's incoming FIFO and update jobs); the bus then arbitrates grant by grant.
     * Set it before the first transfer.
     * \param immediate true for immediate start
     */
    void SetImmediateStart(bool immediate);

    /**
     * \brief Queue a transfer.
     * \param bytes size (0: ends as soon as the engine is free)
     * \param done called when its last byte has crossed the bus
     * \param started called when the engine starts it (may be null)
     * \param priorityClass the engine's class for it (0 first)
     */
    void Transfer(uint64_t bytes,
                  Callback<void> done,
                  Callback<void> started = Callback<void>(),
                  uint32_t priorityClass = 0);

    /**
     * \brief Queue a transfer in bursts of at most \p maxBurstBeats data beats
     * (HostBus::DmaBursts): a bridge that bursts shorter for some traffic.
     * \param bytes size
     * \param maxBurstBeats beats per burst at most (> 0)
     * \param done called when its last byte has crossed the bus
     * \param priorityClass the engine's class for it (0 first)
     */
    void TransferBursts(uint64_t bytes,
                        uint32_t maxBurstBeats,
                        Callback<void> done,
                        uint32_t priorityClass = 0);

    /**
     * \brief Queue a read of host memory (HostBus::DmaRead: every burst also waits the bus's
     * read latency for its first data).
     * \param bytes size
     * \param maxBurstBeats longest burst (0: the bus's BurstLength)
     * \param done called when its last byte has crossed the bus
     * \param priorityClass the engine's class for it (0 first)
     */
    void Read(uint64_t bytes,
              uint32_t maxBurstBeats,
              Callback<void> done,
              uint32_t priorityClass = 0);

    /**
     * \brief Queue one burst (a single bus transaction) with notice of its start on the bus
     * (HostBus::DmaBurst), for a card that streams it onwards while it crosses (cut-through).
     * \param bytes burst size (at most the bus's BurstLength beats)
     * \param isRead true: it reads host memory (pays the bus's read latency)
     * \param onBus called when the burst starts on the bus; it ends
     *        HostBus::GetDmaBurstTime() later
     * \param done called when its last byte has crossed
     * \param priorityClass the engine's class for it (0 first)
     */
    void Burst(uint32_t bytes,
               bool isRead,
               Callback<void> onBus,
               Callback<void> done,
               uint32_t priorityClass = 0);

    /// \return true if no transfer runs or waits
    bool IsIdle() const;
    /// \return the engine as a resource (statistics, traces)
    Ptr<SanResource> GetResource() const;
    /// \return transfers completed
    uint64_t GetNTransfers() const;
    /// \return bytes moved
    uint64_t GetBytes() const;

    /**
     * TracedCallback signature for the engine starting or stopping work.
     * \param [in] busy true when a transfer starts on an idle engine, false when the last ends
     */
    typedef void (*BusyTracedCallback)(bool busy);

  protected:
    void DoDispose() override;

  private:
    /// The bus operation a transfer is.
    enum Kind : uint8_t
    {
        DMA,    //!< HostBus::Dma
        BURSTS, //!< HostBus::DmaBursts
        READ,   //!< HostBus::DmaRead
        BURST,  //!< HostBus::DmaBurst
    };

    /**
     * \brief Queue one transfer of any kind: take the engine, run the bus operation, free the
     * engine when it ends.
     * \param kind the bus operation
     * \param bytes size
     * \param beats longest burst (BURSTS, READ) or 1 for a read burst (BURST)
     * \param onBus BURST's start notice, else the engine's start notice (may be null)
     * \param done end
     * \param priorityClass the engine's class
     */
    void Queue(Kind kind,
               uint64_t bytes,
               uint32_t beats,
               Callback<void> onBus,
               Callback<void> done,
               uint32_t priorityClass);

    /// A queued or running transfer. Jobs are pooled by index, each with its start and end
    /// callbacks made once (not per transfer).
    struct Job
    {
        Kind kind{DMA};       //!< the bus operation
        uint64_t bytes{0};    //!< size
        uint32_t beats{0};    //!< longest burst, or the read flag of a burst
        Callback<void> onBus; //!< the start notice (may be null)
        Callback<void> done;  //!< the caller's end
        Callback<void> start; //!< Start(this job) (made once)
        Callback<void> end;   //!< Ended(this job) (made once)
    };

    /// Start job \p index on the bus (the engine is the caller's).
    void Start(uint32_t index);
    /// Job \p index has ended: free the engine and the job, tell the caller.
    void Ended(uint32_t index);

    Ptr<HostBus> m_bus;               //!< the bus
    uint32_t m_busClass{0};           //!< bus priority class of the transfers
    bool m_immediate{false};          //!< transfers start at once (SetImmediateStart)
    Ptr<SanResource> m_engine;        //!< the engine
    uint64_t m_transfers{0};          //!< completed
    uint64_t m_bytes{0};              //!< moved
    uint32_t m_running{0};            //!< transfers on the bus now
    TracedCallback<bool> m_busyTrace; //!< busy / idle
    std::vector<Job> m_jobs;          //!< the pool of jobs
    std::vector<uint32_t> m_freeJobs; //!< free entries of m_jobs
};

} // namespace ns3

#endif /* SAN_DMA_ENGINE_H */
