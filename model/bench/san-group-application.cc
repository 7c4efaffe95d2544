/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-group-application.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanGroupApplication");

NS_OBJECT_ENSURE_REGISTERED(SanGroupApplication);
NS_OBJECT_ENSURE_REGISTERED(SanAllToAll);
NS_OBJECT_ENSURE_REGISTERED(SanBarrier);

TypeId
SanGroupApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanGroupApplication")
            .SetParent<SanMessengerApplication>()
            .SetGroupName("San")
            .AddTraceSource("Connected",
                            "This process's own connections are up.",
                            MakeTraceSourceAccessor(&SanGroupApplication::m_connectedTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("Done",
                            "The workload is done at this process.",
                            MakeTraceSourceAccessor(&SanGroupApplication::m_doneTrace),
                            "ns3::TracedCallback::Void");
    return tid;
}

SanGroupApplication::SanGroupApplication() = default;

SanGroupApplication::~SanGroupApplication() = default;

void
SanGroupApplication::DoDispose()
{
    m_joinEvent.Cancel();
    m_goEvent.Cancel();
    m_members.clear();
    SanMessengerApplication::DoDispose();
}

void
SanGroupApplication::SetMembers(const std::vector<uint32_t>& members)
{
    m_members = members;
}

uint32_t
SanGroupApplication::GetRank() const
{
    return m_rank;
}

const std::vector<uint32_t>&
SanGroupApplication::GetMembers() const
{
    return m_members;
}

uint32_t
SanGroupApplication::NodeOf(uint32_t rank) const
{
    return m_members.at(rank);
}

std::vector<uint32_t>
SanGroupApplication::GetPeers() const
{
    std::vector<uint32_t> peers;
    for (uint32_t r = 0; r < m_members.size(); ++r)
    {
        if (r != m_rank)
        {
            peers.push_back(r);
        }
    }
    return peers;
}

Time
SanGroupApplication::GetMeasuredFrom() const
{
    return m_measuredFrom;
}

Time
SanGroupApplication::GetMeasuredUntil() const
{
    return m_measuredUntil;
}

void
SanGroupApplication::SetMeasuredFrom(Time at)
{
    m_measuredFrom = at;
}

void
SanGroupApplication::SetMeasuredUntil(Time at)
{
    m_measuredUntil = at;
}

void
SanGroupApplication::Finished()
{
    m_doneTrace();
}

void
SanGroupApplication::StartApplication()
{
    const std::string who = GetInstanceTypeId().GetName();
    Ptr<SanMessenger> messenger = RequireMessenger(who);
    auto me = std::find(m_members.begin(), m_members.end(), GetNode()->GetId());
    NS_ABORT_MSG_IF(m_members.size() < 2 || me == m_members.end(),
                    who << ": node " << GetNode()->GetId()
                        << " is not among the group's members (install with its helper)");
    m_rank = static_cast<uint32_t>(me - m_members.begin());
    m_running = true;
    m_measuredFrom = Time(0);
    m_measuredUntil = Time(0);
    m_posted = false;
    messenger->Open(GetNode());
    if (m_timed)
    {
        const Time now = Simulator::Now();
        NS_ABORT_MSG_IF(m_joinAt < now,
                        who << ": rank " << m_rank << " is to join at " << m_joinAt.As(Time::US)
                            << ", before it starts at " << now.As(Time::US));
        m_joinEvent = Simulator::Schedule(m_joinAt - now, &SanGroupApplication::Join, this);
        m_goEvent = Simulator::Schedule(m_goAt - now, &SanGroupApplication::Go, this);
    }
    else if (m_rank == 0)
    {
        // After every member starting at this instant has opened.
        Simulator::ScheduleNow(&SanGroupApplication::Join, this);
    }
}

void
SanGroupApplication::StopApplication()
{
    m_running = false;
    m_joinEvent.Cancel();
    m_goEvent.Cancel();
}

void
SanGroupApplication::SetLaunchTimes(Time join, Time go)
{
    NS_ABORT_MSG_IF(join.IsNegative() || go < join,
                    GetInstanceTypeId().GetName()
                        << ": join at " << join.As(Time::US) << " and go at " << go.As(Time::US)
                        << ": go not before join");
    m_timed = true;
    m_joinAt = join;
    m_goAt = go;
}

void
SanGroupApplication::Join()
{
    NS_ABORT_MSG_IF(!m_running,
                    GetInstanceTypeId().GetName()
                        << ": rank " << m_rank
                        << " joins before it started (start every member at one time)");
    m_toConnect.clear();
    for (uint32_t r : GetPeers())
    {
        if (r < m_rank)
        {
            m_toConnect.push_back(r);
        }
    }
    ConnectNext();
}

void
SanGroupApplication::ConnectNext()
{
    if (m_toConnect.empty())
    {
        AllPeersUp();
        return;
    }
    const uint32_t r = m_toConnect.back();
    m_toConnect.pop_back();
    GetMessenger()->Connect(NodeList::GetNode(NodeOf(r)),
                            MakeCallback(&SanGroupApplication::ConnectNext, this));
}

bool
SanGroupApplication::PeersUp(bool lowerOnly) const
{
    for (uint32_t r : GetPeers())
    {
        if ((!lowerOnly || r < m_rank) && !GetMessenger()->IsConnected(NodeOf(r)))
        {
            return false;
        }
    }
    return true;
}

void
SanGroupApplication::AllPeersUp()
{
    NS_LOG_LOGIC("rank " << m_rank << ": joined");
    m_connectedTrace();
}

void
SanGroupApplication::BeginWhenUp()
{
    // A library tells the connecting end first: a connection a later rank started here may be
    // up at this end a little after the launcher's Go. The messenger gives no signal of an
    // accepted connection, so the process looks again a microsecond later (the launcher's
    // wait, charged to no simulated host).
    if (!m_running)
    {
        return;
    }
    if (!PeersUp(false))
    {
        Simulator::Schedule(MicroSeconds(1), &SanGroupApplication::BeginWhenUp, this);
        return;
    }
    Begin();
}

void
SanGroupApplication::Go()
{
    BeginWhenUp();
}

bool
SanGroupApplication::Expect()
{
    if (!m_running || m_posted)
    {
        return false;
    }
    m_posted = true;
    GetMessenger()->Receive(MakeCallback(&SanGroupApplication::Received, this));
    // A message the messenger held is taken inside Receive (Received clears m_posted).
    return !m_posted;
}

void
SanGroupApplication::Received(uint32_t peer, uint32_t bytes)
{
    if (!m_running)
    {
        return;
    }
    m_posted = false;
    auto it = std::find(m_members.begin(), m_members.end(), peer);
    NS_ABORT_MSG_IF(it == m_members.end(),
                    GetInstanceTypeId().GetName()
                        << ": a message from node " << peer << ", not a member");
    Arrived(static_cast<uint32_t>(it - m_members.begin()), bytes);
}

TypeId
SanAllToAll::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanAllToAll")
            .SetParent<SanGroupApplication>()
            .SetGroupName("San")
            .AddConstructor<SanAllToAll>()
            .AddAttribute("MessageBytes",
                          "Bytes of each message (at least the messenger's smallest).",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&SanAllToAll::m_bytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Rounds",
                          "Measured rounds.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&SanAllToAll::m_rounds),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WarmupRounds",
                          "Rounds before the measured ones.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&SanAllToAll::m_warmup),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanAllToAll::SanAllToAll() = default;

SanAllToAll::~SanAllToAll() = default;

bool
SanAllToAll::IsDone() const
{
    return m_done == m_warmup + m_rounds;
}

uint32_t
SanAllToAll::GetRoundsDone() const
{
    return m_done;
}

uint64_t
SanAllToAll::GetReceived() const
{
    return m_received;
}

void
SanAllToAll::Begin()
{
    NS_ABORT_MSG_IF(m_bytes < GetMessenger()->GetMinMessageBytes(),
                    "SanAllToAll: \"MessageBytes\" " << m_bytes
                                                     << " is below the smallest message of "
                                                     << GetMessenger()->GetDescription());
    m_done = 0;
    m_step = 0;
    m_received = 0;
    m_heard.assign(GetMembers().size(), 0);
    m_expected.assign(GetMembers().size(), 0);
    if (m_warmup == 0)
    {
        SetMeasuredFrom(Simulator::Now());
    }
    StartStep();
    Advance();
}

uint32_t
SanAllToAll::Steps() const
{
    const auto n = static_cast<uint32_t>(GetMembers().size());
    return n % 2 == 0 ? n - 1 : n;
}

uint32_t
SanAllToAll::Partner() const
{
    // The circle method over m = n rounded up to even players: player m - 1 stays, the others
    // turn; in step r, m - 1 meets r and every other i meets 2r - i (mod m - 1). A partner
    // equal to n is the odd group's missing player: idle.
    const auto n = static_cast<uint32_t>(GetMembers().size());
    const uint32_t m = n % 2 == 0 ? n : n + 1;
    const uint32_t i = GetRank();
    const uint32_t r = m_step;
    if (i == m - 1)
    {
        return r;
    }
    if (i == r)
    {
        return m - 1;
    }
    return (2 * r + (m - 1) - i) % (m - 1);
}

void
SanAllToAll::StartStep()
{
    const auto n = static_cast<uint32_t>(GetMembers().size());
    m_partner = Partner();
    if (m_partner == n)
    {
        EndStep(); // idle in this step
        return;
    }
    ++m_expected[m_partner];
    m_phase = GetRank() < m_partner ? SEND_FIRST : RECEIVE_FIRST;
}

void
SanAllToAll::EndStep()
{
    if (++m_step == Steps())
    {
        m_step = 0;
        ++m_done;
        if (m_done == m_warmup)
        {
            SetMeasuredFrom(Simulator::Now());
        }
        if (m_done > m_warmup)
        {
            SetMeasuredUntil(Simulator::Now());
        }
        if (IsDone())
        {
            m_phase = FINISHED;
            Finished();
            return;
        }
    }
    StartStep();
}

void
SanAllToAll::Sent()
{
    NS_LOG_LOGIC("rank " << GetRank() << ": sent to " << m_partner << " in step " << m_step);
    m_phase = m_phase == SENDING_FIRST ? RECEIVE_LAST : m_phase;
    if (m_phase == SENDING_LAST)
    {
        EndStep();
    }
    Advance();
}

void
SanAllToAll::Arrived(uint32_t rank, uint32_t bytes)
{
    NS_ABORT_MSG_IF(bytes != m_bytes,
                    "SanAllToAll: " << bytes << " bytes from rank " << rank << ", not " << m_bytes);
    NS_LOG_LOGIC("rank " << GetRank() << ": from " << rank << " in step " << m_step);
    ++m_received;
    ++m_heard[rank];
    Advance();
}

void
SanAllToAll::Advance()
{
    // Steps that can go on at once follow one another in this loop, not in nested calls (a
    // library that takes a send at once calls Sent from inside Send: it comes back here).
    if (m_advancing)
    {
        return;
    }
    m_advancing = true;
    bool progress = true;
    while (progress)
    {
        progress = false;
        switch (m_phase)
        {
        case SEND_FIRST:
        case SEND_LAST:
            m_phase = m_phase == SEND_FIRST ? SENDING_FIRST : SENDING_LAST;
            GetMessenger()->Send(NodeOf(m_partner),
                                 m_bytes,
                                 MakeCallback(&SanAllToAll::Sent, this));
            progress = m_phase != SENDING_FIRST && m_phase != SENDING_LAST;
            break;
        case RECEIVE_FIRST:
        case RECEIVE_LAST:
            if (m_heard[m_partner] < m_expected[m_partner])
            {
                // Wait for the partner's message; one already in (from the partner or any
                // other member) is taken at once, and its Arrived's Advance returned (this
                // loop is under way): look again.
                progress = Expect();
                break;
            }
            if (m_phase == RECEIVE_FIRST)
            {
                m_phase = SEND_LAST;
            }
            else
            {
                EndStep();
            }
            progress = true;
            break;
        default:
            break;
        }
    }
    m_advancing = false;
}

TypeId
SanBarrier::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanBarrier")
            .SetParent<SanGroupApplication>()
            .SetGroupName("San")
            .AddConstructor<SanBarrier>()
            .AddAttribute("MessageBytes",
                          "Bytes of each step's message (at least the messenger's smallest).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanBarrier::m_bytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Barriers",
                          "Measured barriers.",
                          UintegerValue(20),
                          MakeUintegerAccessor(&SanBarrier::m_barriers),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WarmupBarriers",
                          "Barriers before the measured ones.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&SanBarrier::m_warmup),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanBarrier::SanBarrier() = default;

SanBarrier::~SanBarrier() = default;

bool
SanBarrier::IsDone() const
{
    return m_done == m_warmup + m_barriers;
}

uint32_t
SanBarrier::GetBarriersDone() const
{
    return m_done;
}

Time
SanBarrier::GetMeanBarrier() const
{
    if (m_done <= m_warmup)
    {
        return Time(0);
    }
    return (GetMeasuredUntil() - GetMeasuredFrom()) / static_cast<int64_t>(m_done - m_warmup);
}

uint32_t
SanBarrier::Steps() const
{
    uint32_t steps = 0;
    while ((1u << steps) < GetMembers().size())
    {
        ++steps;
    }
    return steps;
}

std::vector<uint32_t>
SanBarrier::GetPeers() const
{
    const auto n = static_cast<uint32_t>(GetMembers().size());
    std::vector<uint32_t> peers;
    for (uint32_t k = 0; k < Steps(); ++k)
    {
        for (uint32_t r : {(GetRank() + (1u << k)) % n, (GetRank() + n - (1u << k) % n) % n})
        {
            if (r != GetRank() && std::find(peers.begin(), peers.end(), r) == peers.end())
            {
                peers.push_back(r);
            }
        }
    }
    return peers;
}

void
SanBarrier::Begin()
{
    NS_ABORT_MSG_IF(m_bytes < GetMessenger()->GetMinMessageBytes(),
                    "SanBarrier: \"MessageBytes\" " << m_bytes
                                                    << " is below the smallest message of "
                                                    << GetMessenger()->GetDescription());
    m_done = 0;
    m_step = 0;
    m_heard.assign(GetMembers().size(), 0);
    m_expected.assign(GetMembers().size(), 0);
    SendStep();
    Advance();
}

void
SanBarrier::SendStep()
{
    const auto n = static_cast<uint32_t>(GetMembers().size());
    if (m_step == 0 && m_done == m_warmup)
    {
        SetMeasuredFrom(Simulator::Now());
    }
    const uint32_t distance = (1u << m_step) % n;
    ++m_expected[(GetRank() + n - distance) % n];
    GetMessenger()->Send(NodeOf((GetRank() + distance) % n), m_bytes, Callback<void>());
}

void
SanBarrier::Arrived(uint32_t rank, uint32_t bytes)
{
    NS_ABORT_MSG_IF(bytes != m_bytes,
                    "SanBarrier: " << bytes << " bytes from rank " << rank << ", not " << m_bytes);
    ++m_heard[rank];
    Advance();
}

void
SanBarrier::Advance()
{
    // Steps whose messages are already in follow one another in this loop, not nested calls
    // (a message arriving during a send comes back here and is seen by the loop).
    if (m_advancing || IsDone() || m_expected.empty())
    {
        return;
    }
    m_advancing = true;
    const auto n = static_cast<uint32_t>(GetMembers().size());
    while (!IsDone())
    {
        const uint32_t from = (GetRank() + n - (1u << m_step) % n) % n;
        if (m_heard[from] < m_expected[from])
        {
            if (Expect())
            {
                continue; // a message already in was taken at once: look again
            }
            break; // wait for it
        }
        if (++m_step == Steps())
        {
            m_step = 0;
            ++m_done;
            if (m_done > m_warmup)
            {
                SetMeasuredUntil(Simulator::Now());
            }
            if (IsDone())
            {
                Finished();
                break;
            }
        }
        SendStep();
    }
    m_advancing = false;
}

} // namespace ns3
