/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-address-translation.h"

#include "dart-operation.h"

#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartAddressTranslation");

namespace
{

/// Bytes the host stores into the card to load one TLB entry (virtual page, frame).
constexpr uint32_t DART_TLB_ENTRY_BYTES = 8;

} // namespace

DartAddressTranslation::DartAddressTranslation(DartCard& card,
                                               DartEngine& engine,
                                               const DartEndpointTable& endpoints)
    : m_dev(card),
      m_engine(engine),
      m_endpoints(endpoints)
{
}

void
DartAddressTranslation::Build(uint32_t entries)
{
    m_tlb = DartTlb(entries);
}

void
DartAddressTranslation::SetPageSize(uint32_t bytes)
{
    m_pageSize = bytes;
}

uint32_t
DartAddressTranslation::GetPageSize() const
{
    return m_pageSize;
}

uint32_t
DartAddressTranslation::CountMisses(uint32_t endpoint, uint64_t offset, uint32_t len)
{
    if (len == 0)
    {
        return 0;
    }
    const DartEndpoint* e = m_endpoints.Find(endpoint);
    const uint64_t first = (e->virtualBase + offset) / m_pageSize;
    const uint64_t last = (e->virtualBase + offset + len - 1) / m_pageSize;
    uint32_t misses = 0;
    for (uint64_t vpn = first; vpn <= last; ++vpn)
    {
        uint64_t frame;
        if (!m_tlb.Lookup(endpoint, vpn, frame))
        {
            ++misses;
        }
    }
    return misses;
}

void
DartAddressTranslation::Fill(uint32_t endpoint, uint64_t offset, uint32_t len)
{
    if (len == 0)
    {
        return;
    }
    const DartEndpoint* e = m_endpoints.Find(endpoint);
    const uint64_t first = (e->virtualBase + offset) / m_pageSize;
    const uint64_t last = (e->virtualBase + offset + len - 1) / m_pageSize;
    for (uint64_t vpn = first; vpn <= last; ++vpn)
    {
        const uint64_t pageOffset = vpn * m_pageSize - e->virtualBase;
        m_tlb.Insert(endpoint, vpn, e->frames->Translate(pageOffset));
    }
}

void
DartAddressTranslation::Load(const Access& access, Callback<void> then)
{
    if (access.missing == 0)
    {
        then();
        return;
    }
    const Time start = Simulator::Now();
    auto fill = [this, access, start, then]() {
        Fill(access.endpoint, access.offset, access.bytes);
        if (access.fetched)
        {
            Fill(access.endpoint, access.fetchOffset, DartControl::BYTES);
        }
        m_dev.TraceStage("tlb-miss", start, Simulator::Now());
        then();
    };
    const double instructions = m_engine.GetCostModel()->GetTlbMissInstructions() * access.missing;
    if (m_engine.IsHostKernel())
    {
        // Already in the kernel: the handler walks the page table itself.
        m_engine.RunWork(instructions, Callback<void>(fill));
        return;
    }
    // The card raises an exception; the host's handler loads the entries into the card.
    const uint32_t pages = access.missing;
    m_engine.Interrupt(instructions, MakeSanCallback<void>([this, pages, fill]() {
                           m_dev.GetHostIoBus()->Pio(pages * DART_TLB_ENTRY_BYTES,
                                                     Callback<void>(fill));
                       }));
}

void
DartAddressTranslation::Invalidate(uint32_t endpoint)
{
    m_tlb.Invalidate(endpoint);
}

const DartTlb&
DartAddressTranslation::GetTlb() const
{
    return m_tlb;
}

} // namespace ns3
