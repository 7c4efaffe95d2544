/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-tripwire-state.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanTripwireState");

ClanTripwireState::ClanTripwireState(Ptr<HostMemory> memory,
                                     uint32_t nTripwires,
                                     const std::string& name)
    : m_bitmap(Create<ClanTripwireBitmap>(memory, nTripwires, name)),
      m_nTripwires(nTripwires)
{
}

uint32_t
ClanTripwireState::Fire(uint32_t id)
{
    CheckTripwire(id, "Fire");
    ++m_fires;
    // Section 3.3: the routine "wakes any process(es) waiting for that Tripwire, and sets a bit
    // in a bitmap". The bit goes first so that a woken process's Test sees it.
    m_bitmap->Set(id);
    // Take every list to wake before running any wake-up: a process that waits again from its
    // wake-up waits for the next firing, not this one.
    std::vector<Waiter> own;
    own.swap(m_waiters[id]);
    ForgetTokens(own);
    std::vector<uint32_t> sets = m_setsOf[id];
    std::sort(sets.begin(), sets.end());
    std::vector<std::vector<Waiter>> setWaiters(sets.size());
    for (size_t i = 0; i < sets.size(); ++i)
    {
        setWaiters[i].swap(m_tripsets[sets[i]].waiters);
        ForgetTokens(setWaiters[i]);
    }
    uint32_t woken = WakeAll(own, id);
    for (auto& w : setWaiters)
    {
        woken += WakeAll(w, id);
    }
    NS_LOG_LOGIC("Tripwire " << id << " fired: " << woken << " waiters woken");
    return woken;
}

bool
ClanTripwireState::Test(uint32_t id) const
{
    CheckTripwire(id, "Test");
    return m_bitmap->Test(id);
}

void
ClanTripwireState::Clear(uint32_t id)
{
    CheckTripwire(id, "Clear");
    m_bitmap->Clear(id);
}

uint64_t
ClanTripwireState::Wait(uint32_t id, WakeCallback wake)
{
    CheckTripwire(id, "Wait");
    NS_ABORT_MSG_IF(wake.IsNull(), "ClanTripwireState::Wait: no wake-up callback");
    if (m_bitmap->Test(id))
    {
        return NOT_WAITING; // fired since the process last cleared the bit
    }
    uint64_t token = m_nextToken++;
    m_waiters[id].push_back(Waiter{token, wake});
    m_tokens[token] = Place{false, id};
    return token;
}

uint64_t
ClanTripwireState::WaitAny(uint32_t tripset, WakeCallback wake)
{
    CheckTripset(tripset, "WaitAny");
    NS_ABORT_MSG_IF(wake.IsNull(), "ClanTripwireState::WaitAny: no wake-up callback");
    Tripset& s = m_tripsets[tripset];
    NS_ABORT_MSG_IF(s.members.empty(),
                    "ClanTripwireState::WaitAny: Tripset " << tripset
                                                           << " is empty and would never wake");
    for (uint32_t id : s.members)
    {
        if (m_bitmap->Test(id))
        {
            return NOT_WAITING;
        }
    }
    uint64_t token = m_nextToken++;
    s.waiters.push_back(Waiter{token, wake});
    m_tokens[token] = Place{true, tripset};
    return token;
}

bool
ClanTripwireState::Cancel(uint64_t token)
{
    auto it = m_tokens.find(token);
    if (it == m_tokens.end())
    {
        return false;
    }
    std::vector<Waiter>& list =
        it->second.inTripset ? m_tripsets[it->second.index].waiters : m_waiters[it->second.index];
    list.erase(std::find_if(list.begin(), list.end(), [token](const Waiter& w) {
        return w.token == token;
    }));
    m_tokens.erase(it);
    return true;
}

uint32_t
ClanTripwireState::CreateTripset()
{
    for (uint32_t i = 0; i < m_tripsets.size(); ++i)
    {
        if (!m_tripsets[i].live)
        {
            m_tripsets[i] = Tripset{};
            m_tripsets[i].live = true;
            return i;
        }
    }
    m_tripsets.emplace_back();
    m_tripsets.back().live = true;
    return static_cast<uint32_t>(m_tripsets.size() - 1);
}

void
ClanTripwireState::DestroyTripset(uint32_t tripset)
{
    CheckTripset(tripset, "DestroyTripset");
    Tripset& s = m_tripsets[tripset];
    ForgetTokens(s.waiters);
    for (uint32_t id : s.members)
    {
        auto& sets = m_setsOf[id];
        sets.erase(std::find(sets.begin(), sets.end(), tripset));
    }
    s = Tripset{};
}

void
ClanTripwireState::AddToTripset(uint32_t tripset, uint32_t id)
{
    CheckTripset(tripset, "AddToTripset");
    CheckTripwire(id, "AddToTripset");
    if (!IsInTripset(tripset, id))
    {
        m_tripsets[tripset].members.push_back(id);
        m_setsOf[id].push_back(tripset);
    }
}

void
ClanTripwireState::RemoveFromTripset(uint32_t tripset, uint32_t id)
{
    CheckTripset(tripset, "RemoveFromTripset");
    CheckTripwire(id, "RemoveFromTripset");
    auto& members = m_tripsets[tripset].members;
    auto it = std::find(members.begin(), members.end(), id);
    if (it != members.end())
    {
        members.erase(it);
        auto& sets = m_setsOf[id];
        sets.erase(std::find(sets.begin(), sets.end(), tripset));
    }
}

bool
ClanTripwireState::IsInTripset(uint32_t tripset, uint32_t id) const
{
    CheckTripset(tripset, "IsInTripset");
    CheckTripwire(id, "IsInTripset");
    const auto it = m_setsOf.find(id);
    return it != m_setsOf.end() &&
           std::find(it->second.begin(), it->second.end(), tripset) != it->second.end();
}

const std::vector<uint32_t>&
ClanTripwireState::GetTripsetMembers(uint32_t tripset) const
{
    CheckTripset(tripset, "GetTripsetMembers");
    return m_tripsets[tripset].members;
}

void
ClanTripwireState::Release(uint32_t id)
{
    CheckTripwire(id, "Release");
    ForgetTokens(m_waiters[id]);
    m_waiters[id].clear();
    std::vector<uint32_t> sets = m_setsOf[id];
    for (uint32_t s : sets)
    {
        RemoveFromTripset(s, id);
    }
    m_bitmap->Clear(id);
}

uint32_t
ClanTripwireState::GetNWaiters(uint32_t id) const
{
    CheckTripwire(id, "GetNWaiters");
    const auto it = m_waiters.find(id);
    return it == m_waiters.end() ? 0 : static_cast<uint32_t>(it->second.size());
}

uint32_t
ClanTripwireState::GetNTripsetWaiters(uint32_t tripset) const
{
    CheckTripset(tripset, "GetNTripsetWaiters");
    return static_cast<uint32_t>(m_tripsets[tripset].waiters.size());
}

uint32_t
ClanTripwireState::GetNTripsets() const
{
    return static_cast<uint32_t>(std::count_if(m_tripsets.begin(),
                                               m_tripsets.end(),
                                               [](const Tripset& s) { return s.live; }));
}

uint64_t
ClanTripwireState::GetNFires() const
{
    return m_fires;
}

uint64_t
ClanTripwireState::GetNWakeups() const
{
    return m_wakeups;
}

Ptr<ClanTripwireBitmap>
ClanTripwireState::GetBitmap() const
{
    return m_bitmap;
}

void
ClanTripwireState::CheckTripwire(uint32_t id, const char* what) const
{
    NS_ABORT_MSG_IF(id >= m_nTripwires,
                    "ClanTripwireState::" << what << ": Tripwire id " << id << " is not below "
                                          << m_nTripwires);
}

void
ClanTripwireState::CheckTripset(uint32_t tripset, const char* what) const
{
    NS_ABORT_MSG_IF(tripset >= m_tripsets.size() || !m_tripsets[tripset].live,
                    "ClanTripwireState::" << what << ": no Tripset " << tripset);
}

uint32_t
ClanTripwireState::WakeAll(std::vector<Waiter>& waiters, uint32_t id)
{
    for (auto& w : waiters)
    {
        ++m_wakeups;
        w.wake(id);
    }
    return static_cast<uint32_t>(waiters.size());
}

void
ClanTripwireState::ForgetTokens(const std::vector<Waiter>& waiters)
{
    for (const auto& w : waiters)
    {
        m_tokens.erase(w.token);
    }
}

} // namespace ns3
