/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-net-device.h"

#include "clan-cost-model.h"
#include "clan-endpoint.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanNetDevice");

NS_OBJECT_ENSURE_REGISTERED(ClanNetDevice);

TypeId
ClanNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanNetDevice")
            .SetParent<SanNicDevice>()
            .SetGroupName("San")
            .AddConstructor<ClanNetDevice>()
            .AddAttribute(
                "CostModel",
                "The card's and driver's costs (a ClanCostModel; the paper's card "
                "when none is set).",
                PointerValue(),
                MakePointerAccessor(&ClanNetDevice::SetCostModel, &ClanNetDevice::GetCostModel),
                MakePointerChecker<ClanCostModel>())
            // ASSUMED: the paper gives no depth; an FPGA FIFO of 1024 ids. Overflows are
            // counted (GetNFifoOverflows) so an experiment shows if it matters.
            .AddAttribute(
                "TripwireFifoDepth",
                "Entries of the NIC's FIFO of fired Tripwire ids.",
                UintegerValue(1024),
                MakeUintegerAccessor(&ClanNetDevice::SetFifoDepth, &ClanNetDevice::GetFifoDepth),
                MakeUintegerChecker<uint32_t>(1))
            // Sections 2.5 and 5.3: "when a Tripwire fires the NIC places an integer
            // identifier for the Tripwire into a FIFO and raises an interrupt": one interrupt
            // per firing, as built. Section 7 names fewer interrupts as future work; true is
            // that variant: the routine drains the FIFO, ids arriving meanwhile included.
            .AddAttribute(
                "DrainFifoPerInterrupt",
                "The interrupt routine serves every id in the FIFO, including ids "
                "that arrive while it runs (else, as the paper's NIC, one id per "
                "interrupt).",
                BooleanValue(false),
                MakeBooleanAccessor(&ClanNetDevice::SetDrainFifo, &ClanNetDevice::GetDrainFifo),
                MakeBooleanChecker())
            // ASSUMED: 256 records of 48 bytes.
            .AddAttribute("MailboxEntries",
                          "Slots of the driver's out-of-band mailbox ring.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&ClanNetDevice::SetMailboxEntries,
                                               &ClanNetDevice::GetMailboxEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // Section 3.2: "provides no explicit protection on the receive path ... We will
            // be addressing these problems in future revisions": off, as measured.
            .AddAttribute("ReceiveCheck",
                          "Admit incoming writes only inside exported apertures (a later "
                          "revision's check; the paper's NIC has none).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ClanNetDevice::m_receiveCheck),
                          MakeBooleanChecker())
            .AddTraceSource("Write",
                            "An incoming write became visible: host address, bytes, source.",
                            MakeTraceSourceAccessor(&ClanNetDevice::m_writeTrace),
                            "ns3::ClanNetDevice::WriteTracedCallback");
    return tid;
}

ClanNetDevice::ClanNetDevice()
    : m_windows(WINDOW_BASE, ClanHeader::MAX_ADDRESS),
      m_tripwires(CreateObject<ClanTripwireTable>()),
      m_rxDma(AddDmaEngine())
{
    NS_LOG_FUNCTION(this);
    // The DMA scheduler and the receive FIFO order the engines' transfers.
    GetDmaEngine()->SetImmediateStart(true);
    m_rxDma->SetImmediateStart(true);
    SetDropReasons(
        {"malformed", "no-memory", "not-exported", "unknown-reply", "no-endpoint", "mailbox-full"});
}

ClanNetDevice::~ClanNetDevice() = default;

void
ClanNetDevice::DoDispose()
{
    m_pio = nullptr;
    m_kernelPio = nullptr;
    m_tripwires = nullptr;
    m_tripState = nullptr;
    m_tripListeners.clear();
    m_tripFifo.Clear();
    m_dma = nullptr;
    m_rxDma = nullptr;
    m_cost = nullptr;
    m_rx.clear();
    m_loads.clear();
    m_mailbox.Clear();
    SanNicDevice::DoDispose();
}

void
ClanNetDevice::SetCostModel(Ptr<ClanCostModel> model)
{
    m_cost = model;
    if (IsAttached())
    {
        NS_ABORT_MSG_IF(m_cost == nullptr,
                        "ClanNetDevice: CostModel cannot be unset once attached");
        CheckDmaTransmitBurst();
    }
}

Ptr<ClanCostModel>
ClanNetDevice::GetCostModel() const
{
    return m_cost;
}

void
ClanNetDevice::SetMailboxEntries(uint32_t entries)
{
    RefuseAfterAttach("MailboxEntries", "the driver's mailbox ring in host memory");
    m_mailboxEntries = entries;
}

void
ClanNetDevice::SetFifoDepth(uint32_t depth)
{
    m_tripFifo.Configure(depth, m_tripFifo.IsDraining());
}

uint32_t
ClanNetDevice::GetFifoDepth() const
{
    return m_tripFifo.GetDepth();
}

void
ClanNetDevice::SetDrainFifo(bool drain)
{
    m_tripFifo.Configure(m_tripFifo.GetDepth(), drain);
}

bool
ClanNetDevice::GetDrainFifo() const
{
    return m_tripFifo.IsDraining();
}

uint32_t
ClanNetDevice::GetMailboxEntries() const
{
    return m_mailboxEntries;
}

void
ClanNetDevice::CheckDmaTransmitBurst() const
{
    // Each burst is one PCI read transaction of the host's I/O bus.
    const uint64_t busBytes = uint64_t(GetIoBus()->GetWidth()) * GetIoBus()->GetBurstLength();
    const uint32_t dwords = m_cost->GetDmaTransmitBurst();
    NS_ABORT_MSG_IF(uint64_t(dwords) * 4 > busBytes,
                    "ClanNetDevice: DmaTransmitBurst of "
                        << dwords << " DWORDs is more than one burst of the host's I/O "
                        << "bus (" << busBytes << " bytes, HostBus BurstLength)");
}

void
ClanNetDevice::NotifyAttached()
{
    NS_LOG_FUNCTION(this);
    if (m_cost == nullptr)
    {
        m_cost = CreateObject<ClanCostModel>(); // the paper's card
    }
    CheckDmaTransmitBurst();
    m_apertures.SetHost(GetHostNumber());
    m_tripFifo.Setup(GetCpu(),
                     GetIoBus(),
                     MakeCallback(&ClanNetDevice::IdWork, this),
                     MakeCallback(&ClanNetDevice::FireId, this));
    // One window for every store into the outgoing address space: posted stores reach the NIC
    // in program order whatever aperture they go to (PRAM, section 2.1).
    m_pio = Create<HostPioWindow>(GetIoBus(),
                                  ClanHeader::MAX_ADDRESS - WINDOW_BASE,
                                  MakeCallback(&ClanNetDevice::StoresLanded, this));
    m_kernelPio = Create<HostPioWindow>(GetIoBus(),
                                        uint64_t(0xffffffffu) * OOB_RECORD_BYTES,
                                        MakeCallback(&ClanNetDevice::KernelStoresLanded, this));
    m_tripState =
        Create<ClanTripwireState>(GetMemory(), m_tripwires->GetCapacity(), "clan-tripwire-bits");
    m_tripCapacity = m_tripwires->GetCapacity();
    // The driver's work is read from the preset at each entry (a change applies to the next).
    m_dma = Create<ClanDmaScheduler>(GetCpu(),
                                     MakeCallback(&ClanNetDevice::DmaStart, this),
                                     MakeCallback(&ClanNetDevice::GetDmaDriverWork, this));
    // The driver's mailbox ring, with a kernel Tripwire on remote writes into it.
    m_mailbox.Setup(GetMemory(), m_mailboxEntries, OOB_RECORD_BYTES);
    const uint32_t tripwire = m_tripwires->Allocate();
    NS_ABORT_MSG_IF(tripwire == ClanTripwireTable::NO_TRIPWIRE,
                    "ClanNetDevice: no Tripwire left for the driver's mailbox");
    m_tripwires->Set(tripwire,
                     m_mailbox.GetBase(),
                     m_mailbox.GetBase() + m_mailbox.GetBytes() - 1,
                     ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
    m_tripwires->Enable(tripwire);
    m_mailbox.SetTripwire(tripwire);
    GetFabricPort()->SetPieceArrivalCallback(MakeCallback(&ClanNetDevice::PieceArrived, this));
}

// ---------------------------------------------------------------------------------------------
// Apertures and windows

ClanCookie
ClanNetDevice::CreateAperture(uint64_t base, uint64_t size)
{
    NS_ABORT_MSG_IF(!IsAttached(), "ClanNetDevice::CreateAperture: device not attached");
    NS_ABORT_MSG_IF(size == 0 || !GetMemory()->Contains(base, size),
                    "ClanNetDevice::CreateAperture: [0x" << std::hex << base << ", +" << std::dec
                                                         << size
                                                         << ") is not allocated host memory");
    return m_apertures.Create(base, size);
}

bool
ClanNetDevice::DestroyAperture(const ClanCookie& cookie)
{
    return m_apertures.Destroy(cookie);
}

const ClanApertureTable&
ClanNetDevice::GetApertures() const
{
    return m_apertures;
}

uint64_t
ClanNetDevice::Import(const ClanCookie& cookie)
{
    NS_ABORT_MSG_IF(!IsAttached(), "ClanNetDevice::Import: device not attached");
    NS_ABORT_MSG_IF(!cookie.IsValid(), "ClanNetDevice::Import: not an RDMA cookie");
    NS_ABORT_MSG_IF(cookie.host == GetHostNumber(),
                    "ClanNetDevice::Import: the aperture is this host's own memory");
    NS_ABORT_MSG_IF(cookie.base + cookie.size > ClanHeader::MAX_ADDRESS,
                    "ClanNetDevice::Import: aperture beyond the 48-bit network address space");
    return m_windows.Import(cookie);
}

bool
ClanNetDevice::IsMapped(uint64_t busAddress, uint32_t len) const
{
    return m_windows.Covers(busAddress, len);
}

// ---------------------------------------------------------------------------------------------
// Tripwires and the interrupt routine

Ptr<ClanTripwireTable>
ClanNetDevice::GetTripwireTable() const
{
    return m_tripwires;
}

Ptr<ClanTripwireState>
ClanNetDevice::GetTripwireState() const
{
    return m_tripState;
}

void
ClanNetDevice::SetTripwireQueue(uint32_t id, Ptr<ClanEventQueue> queue)
{
    NS_ABORT_MSG_IF(id >= m_tripCapacity, "ClanNetDevice::SetTripwireQueue: no Tripwire " << id);
    TripwireListener& l = m_tripListeners[id];
    l.queue = queue;
    if (l.queue == nullptr && l.handler.IsNull())
    {
        m_tripListeners.erase(id);
    }
}

void
ClanNetDevice::SetTripwireHandler(uint32_t id, Callback<void> handler)
{
    NS_ABORT_MSG_IF(id >= m_tripCapacity, "ClanNetDevice::SetTripwireHandler: no Tripwire " << id);
    TripwireListener& l = m_tripListeners[id];
    l.handler = handler;
    if (l.queue == nullptr && l.handler.IsNull())
    {
        m_tripListeners.erase(id);
    }
}

void
ClanNetDevice::MatchTripwires(uint64_t address,
                              uint64_t len,
                              bool isWrite,
                              bool isRemote,
                              uint64_t write)
{
    if (m_tripwires->GetNEnabled() == 0)
    {
        return;
    }
    m_matchScratch.clear();
    if (m_tripwires->Match(address, len, isWrite, isRemote, m_matchScratch) == 0)
    {
        return;
    }
    for (uint32_t id : m_matchScratch)
    {
        m_tripFifo.Push(id, write);
    }
    m_tripFifo.Raise();
}

Time
ClanNetDevice::IdWork(uint32_t id)
{
    // The routine's work on the id, and on each out-of-band record waiting in the mailbox if
    // it is the mailbox's Tripwire.
    double instructions = m_cost->GetIsrTripwireInstructions();
    if (m_mailbox.IsTripwire(id))
    {
        instructions += double(m_mailbox.GetWaiting()) * m_cost->GetOobDemuxInstructions();
    }
    return GetCpu()->InstructionsToTime(instructions);
}

void
ClanNetDevice::FireId(uint32_t id)
{
    if (m_mailbox.IsTripwire(id))
    {
        // Every record the NIC has placed and the driver has not taken.
        m_mailbox.Drain(ClanMailbox::RefusedCallback([this](uint32_t why, uint32_t srcHost) {
            Drop(why == ClanMailbox::NO_ENDPOINT ? NO_ENDPOINT : MAILBOX_FULL, nullptr, srcHost);
        }));
        return;
    }
    m_tripState->Fire(id);
    auto it = m_tripListeners.find(id);
    if (it == m_tripListeners.end())
    {
        return;
    }
    if (it->second.queue)
    {
        const Ptr<ClanEventQueue> queue = it->second.queue;
        queue->Deliver(ClanEvent::TRIPWIRE, id);
        it = m_tripListeners.find(id); // the delivery may have set or cleared listeners
    }
    if (it != m_tripListeners.end() && !it->second.handler.IsNull())
    {
        const Callback<void> handler = it->second.handler; // it may clear itself
        handler();
    }
}

// ---------------------------------------------------------------------------------------------
// Statistics

double
ClanNetDevice::GetCallInstructions(Call call) const
{
    switch (call)
    {
    case TRIPWIRE_CALL:
        return m_cost->GetTripwireCallInstructions();
    case APERTURE_CALL:
        return m_cost->GetApertureCallInstructions();
    case ENDPOINT_CALL:
        return m_cost->GetEndpointCreateInstructions();
    case OOB_CALL:
        return m_cost->GetOobSendInstructions();
    }
    return 0;
}

Time
ClanNetDevice::GetDmaDriverWork() const
{
    return GetCpu()->InstructionsToTime(m_cost->GetDmaDriverInstructions());
}

Ptr<ClanDmaScheduler>
ClanNetDevice::GetDmaScheduler() const
{
    return m_dma;
}

uint64_t
ClanNetDevice::GetNTripwireInterrupts() const
{
    return m_tripFifo.GetNInterrupts();
}

uint64_t
ClanNetDevice::GetNTripwireIds() const
{
    return m_tripFifo.GetNIds();
}

uint64_t
ClanNetDevice::GetNFifoOverflows() const
{
    return m_tripFifo.GetNOverflows();
}

uint64_t
ClanNetDevice::GetNPacketsSent() const
{
    return m_packetsSent;
}

uint64_t
ClanNetDevice::GetNPiecesReceived() const
{
    return m_piecesReceived;
}

uint64_t
ClanNetDevice::GetBytesReceived() const
{
    return m_bytesReceived;
}

uint64_t
ClanNetDevice::GetNOobDelivered() const
{
    return m_mailbox.GetNDelivered();
}

} // namespace ns3
