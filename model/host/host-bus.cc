/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-bus.h"

#include "san-callback.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostBus");

NS_OBJECT_ENSURE_REGISTERED(HostBus);

namespace
{

/**
 * \param a numerator
 * \param b denominator (> 0)
 * \return a / b rounded up
 */
uint64_t
DivCeil(uint64_t a, uint64_t b)
{
    return a / b + (a % b != 0 ? 1 : 0);
}

} // namespace

// Default timing: the GSC+ bus of the HP 9000 J200 host in Hamlyn 1995 (section 4.2, "a GSC+
// I/O bus that runs at 40MHz"). Width, burst and overhead are not stated by the paper; they are
// inferred from its GSC+ bus times (LANai 3 cycles are 25 ns, i.e. one 40 MHz bus cycle):
// Table 3 note a gives the interface-to-host GSC+ time as 14d/16 cycles for a 16-byte payload
// and 18d/32 for payloads of 32 bytes and more (Tables 4 and 5 use 18d/32 for any size). So a
// 16-byte transaction takes 14 cycles and a 32-byte one 18: 4 more cycles for 16 more bytes
// (4 bytes per beat), 10 cycles of fixed cost per transaction, and no transaction larger than
// 32 bytes (8 beats), since the per-byte cost never falls below 18/32.
TypeId
HostBus::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostBus")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<HostBus>()
            // Hamlyn 1995, section 4.2: GSC+ I/O bus "runs at 40MHz".
            .AddAttribute("ClockRate",
                          "Bus clock rate in Hz (> 0).",
                          DoubleValue(40e6),
                          MakeDoubleAccessor(&HostBus::SetClockRate, &HostBus::GetClockRate),
                          MakeDoubleChecker<double>())
            // Not stated; inferred from Hamlyn Table 3 note a (14d/16 vs 18d/32 cycles): 4 more
            // cycles per 16 more bytes, i.e. 4 bytes per beat.
            .AddAttribute("Width",
                          "Bytes moved per data beat (one bus cycle).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&HostBus::SetWidth, &HostBus::GetWidth),
                          MakeUintegerChecker<uint32_t>(1))
            // Not stated; inferred from Hamlyn Tables 3-5: the cost stays 18 cycles per 32 bytes
            // for all larger transfers, so a transaction moves at most 32 bytes = 8 beats.
            .AddAttribute("BurstLength",
                          "Maximum data beats per transaction.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&HostBus::SetBurstLength, &HostBus::GetBurstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // Not stated; inferred from Hamlyn Table 3 note a: 14 cycles for 16 bytes (4 beats)
            // and 18 cycles for 32 bytes (8 beats) leave 10 cycles per transaction.
            .AddAttribute("TransactionOverhead",
                          "Cycles of address, turnaround and handshake per transaction.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&HostBus::m_transactionOverhead),
                          MakeUintegerChecker<uint32_t>())
            // Not stated by any paper. By default a processor store pays what a DMA transaction
            // pays besides its data beats; host presets set their bus's own figure
            // (HpJ200HostPreset: GSC+ posted writes).
            .AddAttribute("PioTransactionOverhead",
                          "Cycles per programmed-I/O store besides its data beat (address, "
                          "turnaround).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&HostBus::m_pioOverhead),
                          MakeUintegerChecker<uint32_t>())
            // Not stated by any paper. By default a load pays what a store pays; host presets
            // set their bus's own figure (a load waits for the device's answer).
            .AddAttribute("PioLoadTransactionOverhead",
                          "Cycles per programmed-I/O load besides its data beat (address, "
                          "the device's access time, turnaround).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&HostBus::m_pioLoadOverhead),
                          MakeUintegerChecker<uint32_t>())
            // Not given by any paper for the buses of Hamlyn and DART, whose DMA figures do not
            // separate reads from writes: 0. Host presets set their bridge's figure.
            .AddAttribute("DmaReadLatency",
                          "Cycles a DMA read burst (device reading host memory) waits for its "
                          "first data, besides TransactionOverhead.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostBus::m_dmaReadLatency),
                          MakeUintegerChecker<uint32_t>())
            // Not separated by Hamlyn or DART, whose PIO figures are whole bus crossings: 0.
            // Host presets set their own (AlphaLinuxHostPreset).
            .AddAttribute("PostedWriteDelay",
                          "Time a processor store is held in the write buffer and host bridge "
                          "before it crosses this bus (pipelined: it does not occupy the bus).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&HostBus::m_postedWriteDelay),
                          MakeTimeChecker(Seconds(0)))
            // As above: 0 unless a host preset sets it.
            .AddAttribute("InboundWriteDelay",
                          "Time from a device's write crossing this bus to the data being "
                          "visible to the processor (bridge, memory, cache snoop and refill).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&HostBus::m_inboundWriteDelay),
                          MakeTimeChecker(Seconds(0)))
            // Not given separately by any paper; Hamlyn's GSC+ figures include whatever
            // arbitration there is in the 10-cycle transaction overhead, so the default is 0.
            .AddAttribute("ArbitrationCycles",
                          "Cycles to win the bus, paid once per grant.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostBus::m_arbitrationCycles),
                          MakeUintegerChecker<uint32_t>())
            // Modelling choice, not from a paper: 1 lets other masters in after every
            // transaction (finest interleaving).
            .AddAttribute("TransactionsPerGrant",
                          "Maximum transactions a transfer performs per bus grant.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HostBus::SetTransactionsPerGrant,
                                               &HostBus::GetTransactionsPerGrant),
                          MakeUintegerChecker<uint32_t>(1))
            // Hamlyn Table 1: direct I/O costs 3 instructions per 4 bytes of payload in
            // sendmsg, i.e. payload is stored a 32-bit word at a time (inferred).
            .AddAttribute(
                "PioStoreBytes",
                "Bytes per programmed-I/O store; each store is one transaction "
                "(must not exceed Width).",
                UintegerValue(4),
                MakeUintegerAccessor(&HostBus::SetPioStoreBytes, &HostBus::GetPioStoreBytes),
                MakeUintegerChecker<uint32_t>(1))
            // Hamlyn and DART stores are single-beat transactions: 1. Host presets whose
            // processor merges stores into bursts set their own (AlphaLinuxHostPreset).
            .AddAttribute("PioBurstLength",
                          "Most stores the processor's write buffer and host bridge merge into "
                          "one programmed-I/O write transaction (consecutive addresses).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HostBus::m_pioBurstLength),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "NumPriorities",
                "Number of bus priority classes (0 is served first, non-preemptive, "
                "at grant boundaries).",
                UintegerValue(1),
                MakeUintegerAccessor(&HostBus::SetNumPriorities, &HostBus::GetNumPriorities),
                MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("TransferStart",
                            "A DMA or PIO transfer was requested.",
                            MakeTraceSourceAccessor(&HostBus::m_transferStartTrace),
                            "ns3::HostBus::TransferTracedCallback")
            .AddTraceSource("TransferEnd",
                            "A DMA or PIO transfer completed.",
                            MakeTraceSourceAccessor(&HostBus::m_transferEndTrace),
                            "ns3::HostBus::TransferTracedCallback");
    return tid;
}

HostBus::HostBus()
    : m_resource(CreateObject<SanResource>()),
      m_clockRate(40e6),
      m_width(4),
      m_burstLength(8),
      m_transactionOverhead(10),
      m_pioOverhead(10),
      m_pioLoadOverhead(10),
      m_dmaReadLatency(0),
      m_arbitrationCycles(0),
      m_transactionsPerGrant(1),
      m_pioStoreBytes(4),
      m_pioBurstLength(1),
      m_numPriorities(1),
      m_bytesTransferred(0),
      m_transactions(0),
      m_transfersDone(0)
{
    NS_LOG_FUNCTION(this);
}

HostBus::~HostBus()
{
    NS_LOG_FUNCTION(this);
}

void
HostBus::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_resource)
    {
        m_resource->Dispose();
        m_resource = nullptr;
    }
    m_transfers.clear();
    m_free.clear();
    Object::DoDispose();
}

void
HostBus::CheckConfig(bool isDma) const
{
    NS_ABORT_MSG_IF(!isDma && m_pioStoreBytes > m_width,
                    "HostBus: PioStoreBytes (" << m_pioStoreBytes << ") exceeds Width (" << m_width
                                               << "): a store is a single beat");
}

uint64_t
HostBus::TransactionBytes(bool isDma) const
{
    return isDma ? static_cast<uint64_t>(m_width) * m_burstLength
                 : static_cast<uint64_t>(m_pioStoreBytes) * m_pioBurstLength;
}

uint64_t
HostBus::TransferCycles(uint64_t bytes, uint64_t txBytes, uint32_t overhead) const
{
    if (bytes == 0)
    {
        return 0;
    }
    uint64_t full = bytes / txBytes;
    uint64_t rest = bytes % txBytes;
    uint64_t transactions = full + (rest != 0 ? 1 : 0);
    uint64_t beats = full * DivCeil(txBytes, m_width) + DivCeil(rest, m_width);
    uint64_t grants = DivCeil(transactions, m_transactionsPerGrant);
    return grants * m_arbitrationCycles + transactions * overhead + beats;
}

uint64_t
HostBus::GetDmaCycles(uint64_t bytes, uint32_t maxBurstBeats) const
{
    NS_ABORT_MSG_IF(maxBurstBeats == 0, "HostBus::GetDmaCycles: a burst has at least one beat");
    const uint64_t beats = std::min(maxBurstBeats, m_burstLength);
    return TransferCycles(bytes, beats * m_width, m_transactionOverhead);
}

uint64_t
HostBus::GetDmaCycles(uint64_t bytes) const
{
    CheckConfig(true);
    return TransferCycles(bytes, TransactionBytes(true), m_transactionOverhead);
}

uint64_t
HostBus::GetPioCycles(uint64_t bytes) const
{
    CheckConfig(false);
    return TransferCycles(bytes, TransactionBytes(false), m_pioOverhead);
}

Time
HostBus::GetDmaTime(uint64_t bytes) const
{
    return SanDuration(GetDmaCycles(bytes) / m_clockRate, "HostBus");
}

Time
HostBus::GetPioTime(uint64_t bytes) const
{
    return SanDuration(GetPioCycles(bytes) / m_clockRate, "HostBus");
}

Time
HostBus::GetPioLoadTime(uint64_t bytes) const
{
    CheckConfig(false);
    return SanDuration(TransferCycles(bytes, TransactionBytes(false), m_pioLoadOverhead) /
                           m_clockRate,
                       "HostBus");
}

Time
HostBus::GetCycleTime() const
{
    return SanDuration(1.0 / m_clockRate, "HostBus");
}

Time
HostBus::GetCyclesTime(uint64_t cycles) const
{
    return SanDuration(double(cycles) / m_clockRate, "HostBus");
}

void
HostBus::Dma(uint64_t bytes, Callback<void> done, uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << bytes << priorityClass);
    StartTransfer(bytes, done, priorityClass, true);
}

void
HostBus::Pio(uint64_t bytes, Callback<void> done, uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << bytes << priorityClass);
    StartTransfer(bytes, done, priorityClass, false);
}

void
HostBus::DmaBursts(uint64_t bytes,
                   uint32_t maxBurstBeats,
                   Callback<void> done,
                   uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << bytes << maxBurstBeats << priorityClass);
    NS_ABORT_MSG_IF(maxBurstBeats == 0, "HostBus::DmaBursts: a burst has at least one beat");
    StartTransfer(bytes, done, priorityClass, true, false, maxBurstBeats);
}

void
HostBus::DmaRead(uint64_t bytes,
                 uint32_t maxBurstBeats,
                 Callback<void> done,
                 uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << bytes << maxBurstBeats << priorityClass);
    StartTransfer(bytes, done, priorityClass, true, true, maxBurstBeats);
}

Time
HostBus::GetDmaBurstTime(uint32_t bytes, bool isRead) const
{
    CheckConfig(true);
    const uint64_t beats = DivCeil(bytes, m_width);
    return SanDuration(
        (m_arbitrationCycles + beats + m_transactionOverhead + (isRead ? m_dmaReadLatency : 0)) /
            m_clockRate,
        "HostBus");
}

uint32_t
HostBus::GetDmaReadLatency() const
{
    return m_dmaReadLatency;
}

uint32_t
HostBus::GetPioBurstBytes() const
{
    return m_pioStoreBytes * m_pioBurstLength;
}

Time
HostBus::GetPostedWriteDelay() const
{
    return m_postedWriteDelay;
}

Time
HostBus::GetInboundWriteDelay() const
{
    return m_inboundWriteDelay;
}

void
HostBus::DmaBurst(uint32_t bytes,
                  bool isRead,
                  Callback<void> started,
                  Callback<void> done,
                  uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << bytes << isRead << priorityClass);
    CheckConfig(true);
    NS_ABORT_MSG_IF(bytes == 0, "HostBus::DmaBurst: an empty burst");
    NS_ABORT_MSG_IF(bytes > static_cast<uint64_t>(m_width) * m_burstLength,
                    "HostBus::DmaBurst: " << bytes << " bytes exceed one burst of " << m_burstLength
                                          << " beats");
    NS_ABORT_MSG_IF(priorityClass >= m_numPriorities,
                    "HostBus::DmaBurst: priority class " << priorityClass << " out of range");
    m_transferStartTrace(bytes, true);
    const Time duration = SanDuration((m_arbitrationCycles + DivCeil(bytes, m_width) +
                                       m_transactionOverhead + (isRead ? m_dmaReadLatency : 0)) /
                                          m_clockRate,
                                      "HostBus");
    m_resource->SubmitWithStart(duration,
                                started,
                                MakeSanCallback<void>([this, bytes, done]() {
                                    ++m_transactions;
                                    ++m_transfersDone;
                                    m_bytesTransferred += bytes;
                                    m_transferEndTrace(bytes, true);
                                    if (!done.IsNull())
                                    {
                                        done();
                                    }
                                }),
                                priorityClass);
}

void
HostBus::PioLoad(uint64_t bytes, Callback<void> done, uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << bytes << priorityClass);
    StartTransfer(bytes, done, priorityClass, false, true);
}

void
HostBus::Transaction(uint32_t cycles, Callback<void> done, uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << cycles << priorityClass);
    NS_ABORT_MSG_IF(cycles == 0, "HostBus::Transaction: a transaction takes at least one cycle");
    NS_ABORT_MSG_IF(priorityClass >= m_numPriorities,
                    "HostBus::Transaction: priority class "
                        << priorityClass << " out of range (NumPriorities = " << m_numPriorities
                        << ")");
    // Counted when it ends, as DMA and PIO transactions are (GetTransactions: "completed").
    m_resource->Submit(Seconds((m_arbitrationCycles + cycles) / m_clockRate),
                       MakeSanCallback<void>([this, done]() {
                           ++m_transactions;
                           if (!done.IsNull())
                           {
                               done();
                           }
                       }),
                       priorityClass);
}

bool
HostBus::IsIdle() const
{
    return !m_resource->IsBusy() && m_resource->GetQueueLength() == 0;
}

void
HostBus::StartTransfer(uint64_t bytes,
                       Callback<void> done,
                       uint32_t priorityClass,
                       bool isDma,
                       bool isLoad,
                       uint32_t maxBurstBeats)
{
    CheckConfig(isDma);
    NS_ABORT_MSG_IF(priorityClass >= m_numPriorities,
                    "HostBus::" << (isDma ? "Dma" : "Pio") << ": priority class " << priorityClass
                                << " out of range (NumPriorities = " << m_numPriorities << ")");
    m_transferStartTrace(bytes, isDma);
    if (bytes == 0)
    {
        Simulator::ScheduleNow(&SanInvokeCallback, done);
        return;
    }
    uint32_t slot;
    if (m_free.empty())
    {
        slot = static_cast<uint32_t>(m_transfers.size());
        m_transfers.emplace_back();
        // Made once per pool slot and reused by every transfer that uses the slot.
        m_transfers[slot].next = MakeCallback(&HostBus::GrantDone, this, slot);
    }
    else
    {
        slot = m_free.back();
        m_free.pop_back();
    }
    Transfer& t = m_transfers[slot];
    t.remaining = bytes;
    t.txBytes = maxBurstBeats > 0
                    ? static_cast<uint64_t>(std::min(maxBurstBeats, m_burstLength)) * m_width
                    : TransactionBytes(isDma);
    t.bytes = bytes;
    t.grantBytes = 0;
    t.grantTx = 0;
    t.priorityClass = priorityClass;
    t.isDma = isDma;
    t.isLoad = isLoad;
    t.inUse = true;
    t.done = done;
    SubmitGrant(slot);
}

void
HostBus::SubmitGrant(uint32_t slot)
{
    Transfer& t = m_transfers[slot];
    const uint64_t txBytes = t.txBytes;
    uint64_t grantBytes = std::min(t.remaining, txBytes * m_transactionsPerGrant);
    t.grantBytes = grantBytes;
    t.grantTx = static_cast<uint32_t>(DivCeil(grantBytes, txBytes));
    Time duration =
        GrantTime(TransferCycles(grantBytes,
                                 txBytes,
                                 t.isDma ? m_transactionOverhead + (t.isLoad ? m_dmaReadLatency : 0)
                                         : (t.isLoad ? m_pioLoadOverhead : m_pioOverhead)));
    m_resource->Submit(duration, t.next, t.priorityClass);
}

Time
HostBus::GrantTime(uint64_t cycles) const
{
    if (cycles >= MEMO_CYCLES)
    {
        return Seconds(cycles / m_clockRate);
    }
    if (m_grantTimes == nullptr || m_memoClock != m_clockRate)
    {
        m_grantTimes = &SanTimeTable::Shared<HostBus>(m_clockRate);
        m_memoClock = m_clockRate;
    }
    return m_grantTimes->Get(cycles, [this, cycles]() { return Seconds(cycles / m_clockRate); });
}

void
HostBus::GrantDone(uint32_t slot)
{
    Transfer& t = m_transfers[slot];
    m_transactions += t.grantTx;
    t.remaining -= t.grantBytes;
    if (t.remaining > 0)
    {
        SubmitGrant(slot);
        return;
    }
    uint64_t bytes = t.bytes;
    bool isDma = t.isDma;
    Callback<void> done = t.done;
    t.done = Callback<void>();
    t.inUse = false;
    m_free.push_back(slot);
    m_bytesTransferred += bytes;
    ++m_transfersDone;
    NS_LOG_LOGIC(this << (isDma ? " DMA " : " PIO ") << bytes << " bytes done");
    m_transferEndTrace(bytes, isDma);
    if (!done.IsNull())
    {
        done();
    }
}

Ptr<SanResource>
HostBus::GetResource() const
{
    return m_resource;
}

uint64_t
HostBus::GetBytesTransferred() const
{
    return m_bytesTransferred;
}

uint64_t
HostBus::GetTransactions() const
{
    return m_transactions;
}

uint64_t
HostBus::GetTransfers() const
{
    return m_transfersDone;
}

void
HostBus::SetClockRate(double hz)
{
    NS_ABORT_MSG_IF(!(hz > 0), "HostBus: ClockRate must be > 0 Hz, got " << hz);
    m_clockRate = hz;
}

double
HostBus::GetClockRate() const
{
    return m_clockRate;
}

void
HostBus::SetWidth(uint32_t bytes)
{
    NS_ABORT_MSG_IF(bytes == 0, "HostBus: Width must be at least 1 byte");
    m_width = bytes;
}

uint32_t
HostBus::GetWidth() const
{
    return m_width;
}

void
HostBus::SetBurstLength(uint32_t beats)
{
    NS_ABORT_MSG_IF(beats == 0, "HostBus: BurstLength must be at least 1 beat");
    m_burstLength = beats;
}

uint32_t
HostBus::GetBurstLength() const
{
    return m_burstLength;
}

void
HostBus::SetTransactionsPerGrant(uint32_t n)
{
    NS_ABORT_MSG_IF(n == 0, "HostBus: TransactionsPerGrant must be at least 1");
    m_transactionsPerGrant = n;
}

uint32_t
HostBus::GetTransactionsPerGrant() const
{
    return m_transactionsPerGrant;
}

void
HostBus::SetPioStoreBytes(uint32_t bytes)
{
    NS_ABORT_MSG_IF(bytes == 0, "HostBus: PioStoreBytes must be at least 1");
    m_pioStoreBytes = bytes;
}

uint32_t
HostBus::GetPioStoreBytes() const
{
    return m_pioStoreBytes;
}

void
HostBus::SetNumPriorities(uint32_t n)
{
    NS_ABORT_MSG_IF(n == 0, "HostBus: NumPriorities must be at least 1");
    m_resource->SetNumPriorities(n);
    m_numPriorities = n;
}

uint32_t
HostBus::GetNumPriorities() const
{
    return m_numPriorities;
}

} // namespace ns3
