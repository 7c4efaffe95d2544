/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-interface-manager.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/san-callback.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsInterfaceManager");

NS_OBJECT_ENSURE_REGISTERED(RatsInterfaceManager);

namespace
{
/// Allocation granule (bytes).
constexpr uint64_t GRANULE = 8;

/// \param n bytes \return n rounded up to GRANULE
uint64_t
RoundUp(uint64_t n)
{
    return (n + GRANULE - 1) / GRANULE * GRANULE;
}
} // namespace

TypeId
RatsInterfaceManager::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RatsInterfaceManager")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<RatsInterfaceManager>()
            // Hamlyn 1995, Table 2 caption: a full return ticket needs 44 bytes of metadata,
            // the most any Rats message here puts in front of its data.
            .AddAttribute("Headroom",
                          "Spare bytes before every Malloc'ed buffer, where a DMA send puts "
                          "the message's metadata.",
                          UintegerValue(48),
                          MakeUintegerAccessor(&RatsInterfaceManager::m_headroom),
                          MakeUintegerChecker<uint32_t>())
            // Hamlyn 1995, section 4.2: the measurements have "host ... processes in
            // busy-wait loops".
            .AddAttribute("WaitMode",
                          "How poll waits for a notification when none is queued.",
                          EnumValue(HostCpuWait::POLL),
                          MakeEnumAccessor(&RatsInterfaceManager::m_waitMode),
                          MakeEnumChecker(HostCpuWait::POLL,
                                          "Poll",
                                          HostCpuWait::BLOCK,
                                          "Block",
                                          HostCpuWait::POLL_THEN_BLOCK,
                                          "PollThenBlock"))
            // Not given by the paper (section 2.5: "the number of messages potentially in
            // flight at one time").
            .AddAttribute("NotificationAreas",
                          "Notification assembly areas of the application (read at Open).",
                          UintegerValue(256),
                          MakeUintegerAccessor(&RatsInterfaceManager::m_notifyAreas),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddAttribute("CostTable",
                          "The Rats instruction counts (Hamlyn 1995, Tables 1 and 2).",
                          PointerValue(),
                          MakePointerAccessor(&RatsInterfaceManager::m_costs),
                          MakePointerChecker<RatsCostTable>());
    return tid;
}

RatsInterfaceManager::RatsInterfaceManager()
    : m_headroom(48),
      m_waitMode(HostCpuWait::POLL),
      m_nextArea(0),
      m_waiting(false),
      m_currentMode(HostCpuWait::POLL),
      m_dispatched(0),
      m_orphans(0)
{
}

RatsInterfaceManager::~RatsInterfaceManager()
{
}

void
RatsInterfaceManager::DoDispose()
{
    m_areas.clear();
    m_servers.clear();
    m_pollWaiters.clear();
    if (m_hw != nullptr)
    {
        m_hw->Dispose();
    }
    m_hw = nullptr;
    m_costs = nullptr;
    Object::DoDispose();
}

void
RatsInterfaceManager::Open(Ptr<HamlynNetDevice> nic)
{
    NS_ABORT_MSG_IF(nic == nullptr, "RatsInterfaceManager::Open: no Hamlyn device");
    Setup(nic->OpenContext(m_notifyAreas));
}

void
RatsInterfaceManager::Setup(Ptr<HamlynContext> context)
{
    NS_ABORT_MSG_IF(m_hw != nullptr, "RatsInterfaceManager::Setup: called twice");
    if (m_costs == nullptr)
    {
        m_costs = CreateObject<RatsCostTable>();
    }
    m_hw = CreateObject<RatsHardwareInterface>();
    m_hw->Setup(context);
    m_free.clear();
    m_free[0] = m_hw->GetPinnedBytes();
}

Ptr<RatsHardwareInterface>
RatsInterfaceManager::GetHardware() const
{
    return m_hw;
}

Ptr<RatsCostTable>
RatsInterfaceManager::GetCostTable() const
{
    return m_costs;
}

Ptr<HostCpu>
RatsInterfaceManager::GetCpu() const
{
    return m_hw == nullptr ? nullptr : m_hw->GetCpu();
}

uint32_t
RatsInterfaceManager::GetHostIndex() const
{
    return m_hw->GetHostIndex();
}

RatsBuffer
RatsInterfaceManager::Malloc(uint32_t length)
{
    NS_ABORT_MSG_IF(m_hw == nullptr, "RatsInterfaceManager: Malloc before Setup");
    NS_ABORT_MSG_IF(length == 0, "RatsInterfaceManager::Malloc: zero bytes");
    const uint64_t need = RoundUp(m_headroom) + RoundUp(length);
    for (auto it = m_free.begin(); it != m_free.end(); ++it)
    {
        if (it->second < need)
        {
            continue;
        }
        const uint64_t start = it->first;
        const uint64_t rest = it->second - need;
        m_free.erase(it);
        if (rest > 0)
        {
            m_free[start + need] = rest;
        }
        RatsBuffer b;
        b.offset = start + RoundUp(m_headroom);
        b.length = length;
        m_used[b.offset] = std::make_pair(start, need);
        NS_LOG_FUNCTION(this << length << b.offset);
        return b;
    }
    NS_LOG_WARN("RatsInterfaceManager::Malloc: pinned memory exhausted (" << length
                                                                          << " bytes asked)");
    return RatsBuffer();
}

void
RatsInterfaceManager::Free(const RatsBuffer& buffer)
{
    auto it = m_used.find(buffer.offset);
    NS_ABORT_MSG_IF(it == m_used.end(),
                    "RatsInterfaceManager::Free: " << buffer.offset << " was not Malloc'ed");
    uint64_t start = it->second.first;
    uint64_t len = it->second.second;
    m_used.erase(it);
    // Coalesce with the neighbours.
    auto next = m_free.lower_bound(start);
    if (next != m_free.end() && next->first == start + len)
    {
        len += next->second;
        next = m_free.erase(next);
    }
    if (next != m_free.begin())
    {
        auto prev = std::prev(next);
        if (prev->first + prev->second == start)
        {
            prev->second += len;
            return;
        }
    }
    m_free[start] = len;
}

uint64_t
RatsInterfaceManager::GetFreeBytes() const
{
    uint64_t n = 0;
    for (const auto& f : m_free)
    {
        n += f.second;
    }
    return n;
}

void
RatsInterfaceManager::Write(uint64_t offset, const std::vector<uint8_t>& data)
{
    if (!data.empty())
    {
        m_hw->GetPinnedArea()->Write(offset, data.data(), data.size());
    }
}

std::vector<uint8_t>
RatsInterfaceManager::Read(uint64_t offset, uint32_t length) const
{
    std::vector<uint8_t> out(length);
    if (length > 0)
    {
        m_hw->GetPinnedArea()->Read(offset, out.data(), length);
    }
    return out;
}

uint16_t
RatsInterfaceManager::AllocateNotificationArea(Ptr<RatsServer> server)
{
    NS_ABORT_MSG_IF(m_hw == nullptr, "RatsInterfaceManager: used before Setup");
    const uint32_t n = m_hw->GetNNotificationAreas();
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint16_t a = static_cast<uint16_t>((m_nextArea + i) % n);
        if (m_areas.count(a) == 0)
        {
            m_areas[a] = server;
            m_nextArea = (a + 1) % n;
            return a;
        }
    }
    NS_ABORT_MSG("RatsInterfaceManager: all " << n
                                              << " notification areas are in use (raise "
                                                 "RatsInterfaceManager::NotificationAreas)");
    return 0;
}

void
RatsInterfaceManager::FreeNotificationArea(uint16_t index)
{
    m_areas.erase(index);
}

RatsTicket
RatsInterfaceManager::CreateSlot(const RatsBuffer& buffer, uint16_t notifyIndex)
{
    NS_ABORT_MSG_IF(!buffer.IsValid(), "RatsInterfaceManager::CreateSlot: empty buffer");
    RatsTicket t = m_hw->AllocateSlot(buffer.offset, buffer.length);
    t.notifyIndex = notifyIndex;
    return t;
}

void
RatsInterfaceManager::Register(Ptr<RatsServer> server)
{
    if (std::find(m_servers.begin(), m_servers.end(), server) == m_servers.end())
    {
        m_servers.push_back(server);
    }
}

void
RatsInterfaceManager::Unregister(Ptr<RatsServer> server)
{
    m_servers.erase(std::remove(m_servers.begin(), m_servers.end(), server), m_servers.end());
    for (auto it = m_areas.begin(); it != m_areas.end();)
    {
        it = it->second == server ? m_areas.erase(it) : std::next(it);
    }
}

Ptr<RatsServer>
RatsInterfaceManager::NextReady() const
{
    for (const auto& s : m_servers)
    {
        if (s->HasData())
        {
            return s;
        }
    }
    return nullptr;
}

void
RatsInterfaceManager::Poll(HostCpuWait::Mode mode, std::function<void()> done)
{
    NS_ABORT_MSG_IF(m_hw == nullptr, "RatsInterfaceManager: Poll before Setup");
    m_pollWaiters.push_back(done);
    if (!m_waiting)
    {
        m_currentMode = mode;
        StartWait();
    }
}

void
RatsInterfaceManager::Poll(std::function<void()> done)
{
    Poll(m_waitMode, done);
}

void
RatsInterfaceManager::Wake()
{
    if (!m_waiting || m_wake || !m_hw->IsWaiting())
    {
        return; // no wait, woken already, or a notification's dispatch is under way
    }
    m_wake = true;
    m_hw->GetContext()->Wake();
}

HostCpuWait::Mode
RatsInterfaceManager::GetWaitMode() const
{
    return m_waitMode;
}

void
RatsInterfaceManager::StartWait()
{
    m_waiting = true;
    m_hw->WaitForNotification(m_currentMode,
                              MakeSanCallback<&RatsInterfaceManager::OnNotification>(this));
}

void
RatsInterfaceManager::OnNotification()
{
    RatsNotificationRecord record;
    if (!m_hw->GetNotificationRecord(record))
    {
        if (m_wake)
        {
            // Wake(): the waiters look at their state again; nothing to dispatch, no charge.
            m_wake = false;
            m_waiting = false;
            std::vector<std::function<void()>> waiters;
            waiters.swap(m_pollWaiters);
            for (auto& w : waiters)
            {
                if (w)
                {
                    w();
                }
            }
            return;
        }
        StartWait();
        return;
    }
    auto it = m_areas.find(record.entry.area);
    if (it == m_areas.end())
    {
        ++m_orphans;
        NS_LOG_WARN("RatsInterfaceManager: notification for area " << record.entry.area
                                                                   << " that no server owns");
        StartWait();
        if (m_wake)
        {
            m_hw->GetContext()->Wake(); // the Wake() this record's wait absorbed
        }
        return;
    }
    Ptr<RatsServer> server = it->second;
    const RatsCostProfile cost = server->GetCostProfile();
    Ptr<HostCpu> cpu = m_hw->GetCpu();
    Ptr<RatsInterfaceManager> self(this);
    // poll (on-cp, then its off-cp part) and the server's process_arrival.
    cpu->ExecuteInstructions(cost.pollOn + cost.arrivalOn,
                             MakeSanCallback<void>([self, cpu, cost, server, record]() {
                                 ++self->m_dispatched;
                                 server->ProcessArrival(record);
                                 self->m_waiting = false;
                                 self->m_wake = false; // they resume now in any case
                                 std::vector<std::function<void()>> waiters;
                                 waiters.swap(self->m_pollWaiters);
                                 for (auto& w : waiters)
                                 {
                                     if (w)
                                     {
                                         w();
                                     }
                                 }
                                 // poll's off-cp part, after whatever the dispatch started.
                                 if (cost.pollOff > 0)
                                 {
                                     cpu->ExecuteInstructionsOffPath(cost.pollOff);
                                 }
                             }));
}

uint64_t
RatsInterfaceManager::GetNDispatched() const
{
    return m_dispatched;
}

uint64_t
RatsInterfaceManager::GetNOrphans() const
{
    return m_orphans;
}

} // namespace ns3
