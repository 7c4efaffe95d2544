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

namespace ns3
{

/**
 * \ingroup san
 * \brief A NIC's host DMA engine: one engine, FIFO, between host memory and the card. Each
 * transfer holds the engine while it crosses the host's I/O bus (HostBus::Dma), so transfers
 * of one card queue behind each other and compete with other bus masters grant by grant.
 *
 * Payload loads and deposits, descriptor fetches, event-queue entries and completion words all
 * go through it, so their contention emerges.
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
    Ptr<HostBus> m_bus;               //!< the bus
    Ptr<SanResource> m_engine;        //!< the engine
    uint64_t m_transfers{0};          //!< completed
    uint64_t m_bytes{0};              //!< moved
    uint32_t m_running{0};            //!< transfers on the bus now
    TracedCallback<bool> m_busyTrace; //!< busy / idle
};

} // namespace ns3

#endif /* SAN_DMA_ENGINE_H */
