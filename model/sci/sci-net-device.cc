/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-net-device.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciNetDevice");

NS_OBJECT_ENSURE_REGISTERED(SciNetDevice);

namespace
{
/// Mappings start here in the adapter's PCI space (any non-zero base; a null address faults).
constexpr uint64_t MAP_BASE = uint64_t(1) << 32;
} // namespace

TypeId
SciNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SciNetDevice")
            .SetParent<SanNicDevice>()
            .SetGroupName("San")
            .AddConstructor<SciNetDevice>()
            .AddAttribute(
                "CostModel",
                "The adapter's and driver's costs (an SciCostModel; the paper's card when none is "
                "set).",
                PointerValue(),
                MakePointerAccessor(&SciNetDevice::SetCostModel, &SciNetDevice::GetCostModel),
                MakePointerChecker<SciCostModel>())
            // ASSUMED: 16 requests in flight (the adapter's transaction ids and buffers); at
            // 64 bytes each this covers several round trips of the link at 88 MB/s.
            .AddAttribute("MaxOutstandingRequests",
                          "Requests awaiting their echoes at most.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&SciNetDevice::SetMaxOutstanding,
                                               &SciNetDevice::GetMaxOutstanding),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddAttribute("ReceiveErrorModel",
                          "Corrupts incoming packets (each corrupted request is echoed RETRY "
                          "and sent again by its sender).",
                          PointerValue(),
                          MakePointerAccessor(&SciNetDevice::m_receiveErrors),
                          MakePointerChecker<ErrorModel>())
            .AddTraceSource("Retry",
                            "A request sent again after a RETRY echo: (node, data bytes).",
                            MakeTraceSourceAccessor(&SciNetDevice::m_retryTrace),
                            "ns3::SciNetDevice::RetryTracedCallback")
            .AddTraceSource("FlagInterrupt",
                            "A stimulus raised an interrupt: (flag, value before).",
                            MakeTraceSourceAccessor(&SciNetDevice::m_interruptTrace),
                            "ns3::SciNetDevice::FlagTracedCallback");
    return tid;
}

SciNetDevice::SciNetDevice()
    : m_inboundDma(AddDmaEngine())
{
    // The inbound queue and the DMA windows (at most two requests waiting) order the
    // transfers; several DMA jobs share the bus grant by grant.
    GetDmaEngine()->SetImmediateStart(true);
    m_inboundDma->SetImmediateStart(true);
    m_transactions.Setup(MakeCallback(&SciNetDevice::Transmit, this),
                         MakeSanCallback<void, uint16_t, uint32_t>(
                             [this](uint16_t node, uint32_t bytes) { m_retryTrace(node, bytes); }),
                         MakeCallback(&SciNetDevice::MaybeChecked, this));
    SetDropReasons({"no-segment", "corrupt", "malformed"});
    m_inboundWritten = MakeSanCallback<void>([this]() { InboundWritten(); });
    m_txPath.SetCrossedCallback(MakeCallback(&SciNetDevice::TxPathDone, this));
    m_rxPath.SetCrossedCallback(MakeCallback(&SciNetDevice::RxPathDone, this));
}

SciNetDevice::~SciNetDevice() = default;

void
SciNetDevice::DoDispose()
{
    m_pio = nullptr;
    m_cost = nullptr;
    m_receiveErrors = nullptr;
    m_transactions.Clear();
    m_checks.clear();
    m_inbound.clear();
    m_flagHandlers.clear();
    m_txPath.Dispose();
    m_rxPath.Dispose();
    m_inboundDma = nullptr;
    SanNicDevice::DoDispose();
}

void
SciNetDevice::NotifyAttached()
{
    NS_ABORT_MSG_IF(GetHostNumber() > 0xffff,
                    "SciNetDevice: host " << GetHostNumber()
                                          << " has no 16-bit SCI node id (at most 65535)");
    if (m_cost == nullptr)
    {
        m_cost = CreateObject<SciCostModel>(); // the paper's card
    }
    // One PCI window for all mappings: a process's stores reach the adapter in program order.
    m_pio = Create<HostPioWindow>(GetIoBus(),
                                  SciHeader::MAX_ADDRESS,
                                  MakeCallback(&SciNetDevice::StoresLanded, this));
    m_nextBus = MAP_BASE;
}

uint16_t
SciNetDevice::GetNodeId() const
{
    return static_cast<uint16_t>(GetHostNumber());
}

uint64_t
SciNetDevice::Export(uint64_t hostAddress, uint64_t size)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::Export: device not attached");
    NS_ABORT_MSG_IF(size == 0, "SciNetDevice::Export: an empty segment");
    NS_ABORT_MSG_IF(!GetMemory()->Contains(hostAddress, size),
                    "SciNetDevice::Export: " << size << " bytes at 0x" << std::hex << hostAddress
                                             << " are not allocated host memory");
    // Segments are page-aligned in the node's space, one after the other.
    const uint64_t at = m_nextSegment;
    m_nextSegment += (size + 4095) / 4096 * 4096;
    NS_ABORT_MSG_IF(m_nextSegment >= FLAG_SPACE, "SciNetDevice::Export: node address space full");
    m_segments[at] = Segment{hostAddress, size};
    return at;
}

void
SciNetDevice::Unexport(uint64_t sciAddress)
{
    NS_ABORT_MSG_IF(m_segments.erase(sciAddress) == 0,
                    "SciNetDevice::Unexport: no segment at 0x" << std::hex << sciAddress);
}

uint64_t
SciNetDevice::Map(uint16_t node, uint64_t sciAddress, uint64_t size)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::Map: device not attached");
    NS_ABORT_MSG_IF(size == 0 || sciAddress > SciHeader::MAX_ADDRESS ||
                        size > SciHeader::MAX_ADDRESS - sciAddress,
                    "SciNetDevice::Map: " << size << " bytes at 0x" << std::hex << sciAddress
                                          << " are outside a node's 48-bit space");
    const uint64_t base = m_nextBus;
    m_nextBus += (size + 4095) / 4096 * 4096;
    NS_ABORT_MSG_IF(m_nextBus >= FLAG_MAP_BASE, "SciNetDevice::Map: PCI window space full");
    m_maps[base] = Mapping{base, size, node, sciAddress};
    return base;
}

uint32_t
SciNetDevice::CreateFlag()
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::CreateFlag: device not attached");
    const uint64_t at = GetMemory()->Allocate(4, "");
    const uint32_t id = static_cast<uint32_t>(m_flags.size());
    m_flags.push_back(at);
    m_flagHandlers.emplace_back();
    WriteFlag(id, FLAG_INITIAL);
    return id;
}

uint64_t
SciNetDevice::GetFlagAddress(uint32_t flag) const
{
    NS_ABORT_MSG_IF(flag >= m_flags.size(), "SciNetDevice: no interrupt flag " << flag);
    return m_flags[flag];
}

uint32_t
SciNetDevice::ReadFlag(uint32_t flag) const
{
    uint8_t b[4];
    GetMemory()->Read(GetFlagAddress(flag), b, 4);
    return HostWords::Load32(b);
}

void
SciNetDevice::WriteFlag(uint32_t flag, uint32_t value)
{
    uint8_t b[4];
    HostWords::Store32(b, value);
    GetMemory()->Write(GetFlagAddress(flag), b, 4);
}

void
SciNetDevice::SetFlagHandler(uint32_t flag, Callback<void> handler)
{
    GetFlagAddress(flag); // checks the id
    if (flag >= m_flagHandlers.size())
    {
        // Disposed: there is no handler left to remove, and none may be set.
        NS_ABORT_MSG_IF(!handler.IsNull(), "SciNetDevice::SetFlagHandler: disposed");
        return;
    }
    m_flagHandlers[flag] = handler;
}

uint64_t
SciNetDevice::FlagBusAddress(uint16_t node, uint32_t flag, bool plain)
{
    NS_ABORT_MSG_IF(flag >= (1u << 22), "SciNetDevice: flag id " << flag << " out of range");
    return FLAG_MAP_BASE + (plain ? FLAG_PLAIN_MAP : 0) + (uint64_t(node) << 24) +
           uint64_t(flag) * 4;
}

void
SciNetDevice::Stimulate(uint16_t node, uint32_t flag, Callback<void> landed)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::Stimulate: device not attached");
    // The special mapping of the remote flag: one 4-byte store, in order with earlier ones.
    const uint8_t b[4] = {1, 0, 0, 0};
    m_pio->Store(FlagBusAddress(node, flag, false), b, 4, landed);
}

void
SciNetDevice::WriteRemoteFlag(uint16_t node, uint32_t flag, uint32_t value, Callback<void> landed)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::WriteRemoteFlag: device not attached");
    uint8_t b[4];
    HostWords::Store32(b, value);
    m_pio->Store(FlagBusAddress(node, flag, true), b, 4, landed);
}

void
SciNetDevice::FetchAndIncrement(uint16_t node, uint32_t flag, Callback<void, uint32_t> done)
{
    NS_ABORT_MSG_IF(!IsAttached(), "SciNetDevice::FetchAndIncrement: device not attached");
    // A load through the special mapping, after the stores before it.
    m_pio->Store(FlagBusAddress(node, flag, false),
                 nullptr,
                 0,
                 MakeSanCallback<void>([this, node, flag, done]() {
                     LoadRemote(node,
                                FLAG_SPACE + uint64_t(flag) * 4,
                                4,
                                ReadCallback([done](const uint8_t* b, uint32_t) {
                                    done(HostWords::Load32(b));
                                }));
                 }));
}

uint64_t
SciNetDevice::GetRequestsSent() const
{
    return m_transactions.GetRequestsSent();
}

uint64_t
SciNetDevice::GetRetries() const
{
    return m_transactions.GetRetries();
}

uint64_t
SciNetDevice::GetErrors() const
{
    return m_transactions.GetErrors();
}

void
SciNetDevice::SetMaxOutstanding(uint32_t n)
{
    m_transactions.SetMaxOutstanding(n);
}

uint32_t
SciNetDevice::GetMaxOutstanding() const
{
    return m_transactions.GetMaxOutstanding();
}

uint64_t
SciNetDevice::GetFlagInterrupts() const
{
    return m_flagInterrupts;
}

uint64_t
SciNetDevice::GetStimuli() const
{
    return m_stimuli;
}

uint64_t
SciNetDevice::GetBytesReceived() const
{
    return m_bytesReceived;
}

void
SciNetDevice::SetCostModel(Ptr<SciCostModel> model)
{
    NS_ABORT_MSG_IF(model == nullptr && IsAttached(),
                    "SciNetDevice: CostModel cannot be unset once attached");
    m_cost = model;
}

Ptr<SciCostModel>
SciNetDevice::GetCostModel() const
{
    return m_cost;
}

Time
SciNetDevice::AdapterTime(uint32_t bytes) const
{
    return m_txPath.GetCrossingTime(m_cost->GetAdapterRate(), bytes);
}

std::vector<uint8_t>
SciNetDevice::TakeBuffer()
{
    std::vector<uint8_t> buffer;
    if (!m_buffers.empty())
    {
        buffer = std::move(m_buffers.back());
        m_buffers.pop_back();
        buffer.clear();
    }
    return buffer;
}

} // namespace ns3
