/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-mailbox.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanMailbox");

void
ClanMailbox::Setup(Ptr<HostMemory> memory, uint32_t entries, uint32_t recordBytes)
{
    m_memory = memory;
    m_entries = entries;
    m_recordBytes = recordBytes;
    m_base = memory->Allocate(GetBytes(), "clan-mailbox");
}

uint64_t
ClanMailbox::GetBase() const
{
    return m_base;
}

uint64_t
ClanMailbox::GetBytes() const
{
    return uint64_t(m_entries) * m_recordBytes;
}

void
ClanMailbox::SetTripwire(uint32_t tripwire)
{
    m_tripwire = tripwire;
}

bool
ClanMailbox::IsTripwire(uint32_t id) const
{
    return id == m_tripwire;
}

bool
ClanMailbox::Place(bool first, uint64_t& slotAddress)
{
    if (first)
    {
        if (m_written - m_read >= m_entries)
        {
            return false;
        }
        ++m_written;
    }
    const uint64_t slot = (m_written - 1) % m_entries;
    slotAddress = m_base + slot * m_recordBytes;
    return true;
}

uint64_t
ClanMailbox::GetWaiting() const
{
    return m_written - m_read;
}

void
ClanMailbox::Drain(const RefusedCallback& refused)
{
    std::vector<uint8_t> record(m_recordBytes);
    while (m_read < m_written)
    {
        const uint64_t slot = m_read % m_entries;
        ++m_read;
        m_memory->Read(m_base + slot * m_recordBytes, record.data(), m_recordBytes);
        const ClanOobMessage m = ClanOobMessage::Decode(record.data());
        Ptr<ClanEndpoint> ep = GetEndpoint(m.dstPort);
        if (!ep)
        {
            refused(NO_ENDPOINT, m.srcHost);
        }
        else if (!ep->Deliver(record.data()))
        {
            refused(QUEUE_FULL, m.srcHost);
        }
        else
        {
            ++m_delivered;
        }
    }
}

uint64_t
ClanMailbox::GetNDelivered() const
{
    return m_delivered;
}

Ptr<ClanEndpoint>
ClanMailbox::CreateEndpoint(uint16_t port, uint32_t queueEntries, Ptr<HostCpu> cpu)
{
    NS_ABORT_MSG_IF(m_endpoints.count(port) != 0,
                    "ClanNetDevice::CreateEndpoint: port " << port << " is taken");
    auto ep = Create<ClanEndpoint>(port, static_cast<uint32_t>(port), m_memory, cpu, queueEntries);
    m_endpoints.emplace(port, ep);
    return ep;
}

void
ClanMailbox::AdoptEndpoint(Ptr<ClanEndpoint> endpoint)
{
    NS_ABORT_MSG_IF(!endpoint, "ClanNetDevice::AdoptEndpoint: no endpoint");
    NS_ABORT_MSG_IF(m_endpoints.count(endpoint->GetPort()) != 0,
                    "ClanNetDevice::AdoptEndpoint: port " << endpoint->GetPort() << " is taken");
    m_endpoints.emplace(endpoint->GetPort(), endpoint);
}

bool
ClanMailbox::DestroyEndpoint(uint16_t port)
{
    return m_endpoints.erase(port) != 0;
}

Ptr<ClanEndpoint>
ClanMailbox::GetEndpoint(uint16_t port) const
{
    auto it = m_endpoints.find(port);
    return it == m_endpoints.end() ? nullptr : it->second;
}

void
ClanMailbox::Clear()
{
    for (auto& [port, ep] : m_endpoints)
    {
        ep->GetQueue()->CancelWait(); // breaks a waiting process's hold on its endpoint
    }
    m_endpoints.clear();
    m_memory = nullptr;
}

} // namespace ns3
