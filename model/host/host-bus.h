/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_BUS_H
#define HOST_BUS_H

#include "san-resource.h"
#include "san-time-table.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A shared host I/O or memory bus (GSC+, EISA, Xpress, PCI, ...) crossed by DMA and PIO.
 *
 * The bus is a SanResource. Its timing is built from bus cycles only; bandwidth and latency are
 * not attributes but follow from them:
 * - a *transaction* moves up to "BurstLength" beats of "Width" bytes and costs
 *   "TransactionOverhead" cycles (address, turnaround, handshake) plus one cycle per beat;
 * - a *grant* is one tenure of the bus: "ArbitrationCycles" plus up to "TransactionsPerGrant"
 *   back-to-back transactions of the same transfer. Each grant is one step on the resource, so
 *   concurrent transfers interleave grant by grant (FIFO within a priority class), and a more
 *   urgent class (e.g. incoming data on SHRIMP, whose arbiter gives incoming transfers absolute
 *   priority) takes the bus at the next grant boundary;
 * - a DMA transfer of n bytes is split into transactions of at most Width x BurstLength bytes;
 * - a PIO transfer is a sequence of CPU stores of "PioStoreBytes" (<= Width) each, one
 *   transaction per store, each costing "PioTransactionOverhead" cycles + its data beat. Stores are
 * posted: whether the CPU waits for Pio()'s callback is the caller's choice.
 *
 * "TransactionsPerGrant" > 1 also cuts the number of simulator events for long transfers
 * (scaling runs), at the price of coarser interleaving.
 */
class HostBus : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostBus();
    ~HostBus() override;

    /**
     * \brief DMA \p bytes across the bus.
     * \param bytes bytes to move (0: \p done runs at once, as a new event)
     * \param done called when the last transaction ends
     * \param priorityClass bus priority class (0 is served first)
     */
    void Dma(uint64_t bytes, Callback<void> done, uint32_t priorityClass = 0);

    /**
     * \brief DMA \p bytes in bursts of at most \p maxBurstBeats data beats (a bridge that bursts
     * shorter for some traffic: CLAN's receiving V3 writes PIO traffic in 16-DWORD bursts and
     * DMA traffic in 256-DWORD ones).
     * \param bytes bytes to move (0: \p done runs at once, as a new event)
     * \param maxBurstBeats beats per transaction at most (> 0; capped at "BurstLength")
     * \param done called when the last transaction ends
     * \param priorityClass bus priority class (0 is served first)
     */
    void DmaBursts(uint64_t bytes,
                   uint32_t maxBurstBeats,
                   Callback<void> done,
                   uint32_t priorityClass = 0);

    /**
     * \brief A DMA transfer that reads host memory (the device is the bus master and the
     * memory the target): like DmaBursts, but each burst also pays the bus's DmaReadLatency,
     * the cycles a read waits for its first data.
     * \param bytes transfer size
     * \param maxBurstBeats longest burst (0: the bus's BurstLength)
     * \param done called when the last byte has crossed
     * \param priorityClass bus priority class
     */
    void DmaRead(uint64_t bytes,
                 uint32_t maxBurstBeats,
                 Callback<void> done,
                 uint32_t priorityClass = 0);

    /**
     * \brief One DMA burst (a single transaction) with notice of its start, for a device that
     * streams a burst onwards while it crosses the bus (cut-through).
     * \param bytes burst size (at most BurstLength beats)
     * \param isRead true: it reads host memory (pays DmaReadLatency)
     * \param started called when the burst starts on the bus; it ends GetDmaBurstTime() later
     * \param done called when its last byte has crossed
     * \param priorityClass bus priority class
     */
    void DmaBurst(uint32_t bytes,
                  bool isRead,
                  Callback<void> started,
                  Callback<void> done,
                  uint32_t priorityClass = 0);

    /// \param bytes a burst's size \param isRead a read of host memory \return its time on
    /// the bus
    Time GetDmaBurstTime(uint32_t bytes, bool isRead) const;

    /// \return the cycles a DMA read burst waits for its first data
    uint32_t GetDmaReadLatency() const;

    /// \return the bytes of the longest programmed-I/O write transaction (stores merged)
    uint32_t GetPioBurstBytes() const;

    /// \return how long a processor store is held (write buffer, host bridge) before it
    /// reaches this bus (HostPioWindow applies it)
    Time GetPostedWriteDelay() const;

    /// \return how long a device's write crossing this bus takes to become visible to the
    /// processor (host bridge, memory, cache snoop and refill; a device applies it)
    Time GetInboundWriteDelay() const;

    /**
     * \brief Programmed I/O: \p bytes moved by CPU stores, one transaction per store.
     * \param bytes bytes to move (0: \p done runs at once, as a new event)
     * \param done called when the last store has crossed the bus
     * \param priorityClass bus priority class (0 is served first)
     */
    void Pio(uint64_t bytes, Callback<void> done, uint32_t priorityClass = 0);

    /**
     * \brief Programmed I/O loads: \p bytes read by CPU loads from a device, one transaction per
     * load ("PioStoreBytes" each), each paying "PioLoadTransactionOverhead" (a load waits for the
     * device's answer, so it usually costs more than a posted store).
     * \param bytes bytes to read (0: \p done runs at once, as a new event)
     * \param done called when the last load has its data
     * \param priorityClass bus priority class (0 is served first)
     */
    void PioLoad(uint64_t bytes, Callback<void> done, uint32_t priorityClass = 0);

    /**
     * \brief One bus transaction of a fixed number of cycles that moves no payload worth
     * counting (a control word, a doorbell, a "start transmission" request): one grant,
     * "ArbitrationCycles" + \p cycles.
     * \param cycles bus cycles the transaction occupies (> 0)
     * \param done called when it ends
     * \param priorityClass bus priority class (0 is served first)
     */
    void Transaction(uint32_t cycles, Callback<void> done, uint32_t priorityClass = 0);
    /**
     * \return true when no transfer or transaction holds or waits for the bus, so that one
     * started now ends after exactly GetDmaTime() (or GetPioTime()) unless a more urgent
     * class arrives before it ends
     */
    bool IsIdle() const;
    /**
     * \param bytes transfer size
     * \return time of a DMA of \p bytes on an idle bus
     */
    Time GetDmaTime(uint64_t bytes) const;

    /**
     * \param bytes transfer size
     * \return time of a PIO transfer of \p bytes on an idle bus
     */
    Time GetPioTime(uint64_t bytes) const;

    /**
     * \param bytes transfer size
     * \return bus cycles of a DMA of \p bytes on an idle bus
     */
    uint64_t GetDmaCycles(uint64_t bytes) const;

    /**
     * \param bytes transfer size
     * \param maxBurstBeats beats per transaction at most (capped at "BurstLength")
     * \return bus cycles of such a DMA on an idle bus
     */
    uint64_t GetDmaCycles(uint64_t bytes, uint32_t maxBurstBeats) const;

    /**
     * \param bytes transfer size
     * \return bus cycles of a PIO transfer of \p bytes on an idle bus
     */
    uint64_t GetPioCycles(uint64_t bytes) const;

    /**
     * \param bytes transfer size
     * \return time of PIO loads of \p bytes on an idle bus
     */
    Time GetPioLoadTime(uint64_t bytes) const;

    /// \return duration of one bus cycle, rounded to the time resolution (30 ns for 33 MHz at
    /// ns-3's default nanoseconds): for several cycles use GetCyclesTime, which rounds once
    Time GetCycleTime() const;
    /// \param cycles a number of bus cycles \return their duration, rounded once
    Time GetCyclesTime(uint64_t cycles) const;

    /// \return the bus resource (for SanOperation steps and statistics)
    Ptr<SanResource> GetResource() const;

    /// \return bytes moved by completed transfers
    uint64_t GetBytesTransferred() const;

    /// \return transactions completed
    uint64_t GetTransactions() const;

    /// \return transfers (Dma/Pio calls) completed
    uint64_t GetTransfers() const;

    /// \param hz bus clock rate in Hz (> 0)
    void SetClockRate(double hz);
    /// \return bus clock rate in Hz
    double GetClockRate() const;
    /// \param bytes bytes per beat (> 0)
    void SetWidth(uint32_t bytes);
    /// \return bytes per beat
    uint32_t GetWidth() const;
    /// \param beats maximum beats per transaction (> 0)
    void SetBurstLength(uint32_t beats);
    /// \return maximum beats per transaction
    uint32_t GetBurstLength() const;
    /// \param n transactions per grant (> 0)
    void SetTransactionsPerGrant(uint32_t n);
    /// \return transactions per grant
    uint32_t GetTransactionsPerGrant() const;
    /// \param bytes bytes per PIO store (> 0, <= Width when used)
    void SetPioStoreBytes(uint32_t bytes);
    /// \return bytes per PIO store
    uint32_t GetPioStoreBytes() const;
    /// \param n number of bus priority classes (>= 1)
    void SetNumPriorities(uint32_t n);
    /// \return number of bus priority classes
    uint32_t GetNumPriorities() const;

    /**
     * TracedCallback signature for transfers.
     * \param [in] bytes size of the transfer
     * \param [in] isDma true for DMA, false for PIO
     */
    typedef void (*TransferTracedCallback)(uint64_t bytes, bool isDma);

  protected:
    void DoDispose() override;

  private:
    /// A transfer in progress (pooled: no allocation per transaction).
    struct Transfer
    {
        uint64_t remaining;     //!< bytes not yet granted
        uint64_t txBytes;       //!< bytes per transaction of this transfer
        uint64_t bytes;         //!< total size
        uint64_t grantBytes;    //!< bytes of the grant in progress
        uint32_t grantTx;       //!< transactions of the grant in progress
        uint32_t priorityClass; //!< bus priority class
        bool isDma;             //!< DMA or PIO
        bool isLoad;            //!< PIO loads, or DMA reads of host memory
        bool inUse;             //!< slot in use
        Callback<void> done;    //!< completion callback
        Callback<void> next;    //!< this slot's grant-end callback (made once per transfer)
    };

    /// Start a transfer.
    void StartTransfer(uint64_t bytes,
                       Callback<void> done,
                       uint32_t priorityClass,
                       bool isDma,
                       bool isLoad = false,
                       uint32_t maxBurstBeats = 0);
    /// Submit the next grant of a transfer.
    void SubmitGrant(uint32_t slot);
    /// A grant ended.
    void GrantDone(uint32_t slot);
    /// Bytes per transaction for a DMA or PIO transfer.
    uint64_t TransactionBytes(bool isDma) const;
    /// Cycles of \p bytes on an idle bus, split into transactions of at most \p txBytes.
    uint64_t TransferCycles(uint64_t bytes, uint64_t txBytes, uint32_t overhead) const;
    /// Check attribute consistency before use; abort with a clear message otherwise.
    void CheckConfig(bool isDma) const;
    /// \param cycles bus cycles \return Seconds(cycles / ClockRate), memoized per cycle count
    /// (a transfer's grants repeat a few lengths, and forming a Time from a double is not cheap)
    Time GrantTime(uint64_t cycles) const;

    Ptr<SanResource> m_resource;     //!< the bus as a server
    double m_clockRate;              //!< Hz
    uint32_t m_width;                //!< bytes per beat
    uint32_t m_burstLength;          //!< max beats per transaction
    uint32_t m_transactionOverhead;  //!< cycles per DMA transaction
    uint32_t m_pioOverhead;          //!< cycles per PIO store
    uint32_t m_pioLoadOverhead;      //!< cycles per PIO load
    uint32_t m_dmaReadLatency;       //!< extra cycles per DMA read burst
    Time m_postedWriteDelay;         //!< store held before the bus
    Time m_inboundWriteDelay;        //!< device write to processor-visible
    uint32_t m_arbitrationCycles;    //!< cycles per grant
    uint32_t m_transactionsPerGrant; //!< transactions per grant
    uint32_t m_pioStoreBytes;        //!< bytes per PIO store
    uint32_t m_pioBurstLength;       //!< stores merged per PIO transaction
    uint32_t m_numPriorities;        //!< bus priority classes

    std::vector<Transfer> m_transfers; //!< pool of transfers
    std::vector<uint32_t> m_free;      //!< free slots in m_transfers
    uint64_t m_bytesTransferred;       //!< completed bytes
    uint64_t m_transactions;           //!< completed transactions
    uint64_t m_transfersDone;          //!< completed transfers
    /// Grant lengths in cycles whose time is memoized (longer ones are formed each time).
    static constexpr uint64_t MEMO_CYCLES = 4096;

    /// GrantTime's times by cycles, shared by every bus at m_memoClock (one per bus cost
    /// ~23 KiB a host at scale)
    mutable SanTimeTable* m_grantTimes{nullptr};
    mutable double m_memoClock{0}; //!< the clock rate m_grantTimes is for

    TracedCallback<uint64_t, bool> m_transferStartTrace; //!< transfer requested
    TracedCallback<uint64_t, bool> m_transferEndTrace;   //!< transfer completed
};

} // namespace ns3

#endif /* HOST_BUS_H */
