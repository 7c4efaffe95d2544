/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-tripwire-table.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanTripwireTable");
NS_OBJECT_ENSURE_REGISTERED(ClanTripwireTable);

namespace
{

/// Every flag bit that Set() accepts.
constexpr uint32_t ALL_FLAGS = ClanTripwireTable::READ | ClanTripwireTable::WRITE |
                               ClanTripwireTable::LOCAL | ClanTripwireTable::REMOTE |
                               ClanTripwireTable::ONCE_ONLY;

/**
 * SplitMix64's finaliser: spreads a counter into well-mixed treap priorities, the same for
 * every run (no dependence on ns-3's random streams, so tables never perturb a scenario's
 * random numbers).
 * \param x a counter
 * \return its hash
 */
uint64_t
Mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

} // namespace

TypeId
ClanTripwireTable::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanTripwireTable")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<ClanTripwireTable>()
            // Pope et al. 1999, section 2.5, footnote 2: "The current incarnation of the NIC
            // supports 4096 Tripwires."
            .AddAttribute("Capacity",
                          "Entries in the Tripwire CAM. Only settable while no Tripwire is "
                          "allocated.",
                          UintegerValue(DEFAULT_CAPACITY),
                          MakeUintegerAccessor(&ClanTripwireTable::SetCapacity,
                                               &ClanTripwireTable::GetCapacity),
                          MakeUintegerChecker<uint32_t>(1, MAX_CAPACITY))
            .AddTraceSource("Fired",
                            "A Tripwire fired: its id and the first address of the burst "
                            "inside its range.",
                            MakeTraceSourceAccessor(&ClanTripwireTable::m_firedTrace),
                            "ns3::ClanTripwireTable::FiredTracedCallback");
    return tid;
}

ClanTripwireTable::ClanTripwireTable()
{
    SetCapacity(DEFAULT_CAPACITY);
}

ClanTripwireTable::~ClanTripwireTable() = default;

void
ClanTripwireTable::SetCapacity(uint32_t capacity)
{
    NS_ABORT_MSG_IF(capacity == 0 || capacity > MAX_CAPACITY,
                    "ClanTripwireTable: capacity " << capacity << " outside 1.." << MAX_CAPACITY);
    NS_ABORT_MSG_IF(GetNAllocated() != 0,
                    "ClanTripwireTable: cannot resize the CAM while "
                        << GetNAllocated() << " Tripwires are allocated");
    m_capacity = capacity;
    m_entries.clear();
    m_free.clear();
    m_root = NIL;
    m_nEnabled = 0;
}

uint32_t
ClanTripwireTable::GetCapacity() const
{
    return m_capacity;
}

uint32_t
ClanTripwireTable::Allocate()
{
    if (m_free.empty() && m_entries.size() >= m_capacity)
    {
        // Section 3.3 gives no behaviour for a full CAM; a driver would fail the call, so the
        // caller gets a failure result rather than an abort.
        ++m_allocFailures;
        NS_LOG_WARN("ClanTripwireTable: all " << GetCapacity() << " Tripwires are allocated");
        return NO_TRIPWIRE;
    }
    // The lowest free id: a freed one (below every id never used), else the next unused.
    uint32_t id = 0;
    if (!m_free.empty())
    {
        id = m_free.back();
        m_free.pop_back();
    }
    else
    {
        id = static_cast<uint32_t>(m_entries.size());
        m_entries.emplace_back();
    }
    Entry& e = m_entries[id];
    e = Entry{};
    e.tw.allocated = true;
    NS_LOG_LOGIC("allocated Tripwire " << id);
    return id;
}

void
ClanTripwireTable::Free(uint32_t id)
{
    CheckAllocated(id, "Free");
    if (m_entries[id].tw.enabled)
    {
        IndexErase(id);
    }
    m_entries[id] = Entry{};
    // Keep the lowest free id on top, so allocation order stays easy to predict after frees.
    auto pos = std::lower_bound(m_free.begin(), m_free.end(), id, std::greater<uint32_t>());
    m_free.insert(pos, id);
    NS_LOG_LOGIC("freed Tripwire " << id);
}

void
ClanTripwireTable::Set(uint32_t id, uint64_t lo, uint64_t hi, uint32_t flags)
{
    CheckAllocated(id, "Set");
    NS_ABORT_MSG_IF(lo > hi,
                    "ClanTripwireTable::Set: Tripwire " << id << " range [0x" << std::hex << lo
                                                        << ", 0x" << hi << std::dec
                                                        << "] has lo > hi");
    NS_ABORT_MSG_IF((flags & ~ALL_FLAGS) != 0,
                    "ClanTripwireTable::Set: Tripwire " << id << " has unknown flag bits 0x"
                                                        << std::hex << (flags & ~ALL_FLAGS));
    NS_ABORT_MSG_IF((flags & (READ | WRITE)) == 0,
                    "ClanTripwireTable::Set: Tripwire " << id
                                                        << " detects neither reads nor writes");
    NS_ABORT_MSG_IF((flags & (LOCAL | REMOTE)) == 0,
                    "ClanTripwireTable::Set: Tripwire "
                        << id << " detects neither local nor remote accesses");
    bool enabled = m_entries[id].tw.enabled;
    if (enabled)
    {
        IndexErase(id); // its key (lo) changes
    }
    ClanTripwire& tw = m_entries[id].tw;
    tw.lo = lo;
    tw.hi = hi;
    tw.flags = flags;
    tw.hasRange = true;
    if (enabled)
    {
        IndexInsert(id);
    }
}

void
ClanTripwireTable::Enable(uint32_t id)
{
    CheckAllocated(id, "Enable");
    NS_ABORT_MSG_IF(!m_entries[id].tw.hasRange,
                    "ClanTripwireTable::Enable: Tripwire " << id << " has no range yet (call Set)");
    if (!m_entries[id].tw.enabled)
    {
        IndexInsert(id);
    }
}

void
ClanTripwireTable::Disable(uint32_t id)
{
    CheckAllocated(id, "Disable");
    if (m_entries[id].tw.enabled)
    {
        IndexErase(id);
    }
}

uint32_t
ClanTripwireTable::Match(uint64_t addr,
                         uint64_t len,
                         bool isWrite,
                         bool isRemote,
                         std::vector<uint32_t>& out)
{
    NS_ABORT_MSG_IF(len == 0, "ClanTripwireTable::Match: a burst has at least one byte");
    NS_ABORT_MSG_IF(len - 1 > UINT64_MAX - addr,
                    "ClanTripwireTable::Match: burst at 0x" << std::hex << addr << std::dec
                                                            << " of " << len
                                                            << " bytes wraps past 2^64");
    out.clear();
    ++m_matches;
    uint64_t before = m_examined;
    uint64_t last = addr + (len - 1);
    uint32_t need = (isWrite ? WRITE : READ) | (isRemote ? REMOTE : LOCAL);
    Collect(m_root, addr, last, need, out);
    m_lastExamined = static_cast<uint32_t>(m_examined - before);
    if (out.empty())
    {
        return 0;
    }
    // The burst's words pass the CAM in address order: a Tripwire fires at the first word in
    // its range, ties (several covering the first word) in id order.
    std::sort(out.begin(), out.end(), [this, addr](uint32_t a, uint32_t b) {
        uint64_t fa = std::max(m_entries[a].tw.lo, addr);
        uint64_t fb = std::max(m_entries[b].tw.lo, addr);
        return fa != fb ? fa < fb : a < b;
    });
    // The index is left untouched during the walk; once-only Tripwires leave it now
    // (section 3.3: "disabled when it fires").
    for (uint32_t id : out)
    {
        ClanTripwire& tw = m_entries[id].tw;
        ++tw.fired;
        ++m_fired;
        uint64_t first = std::max(tw.lo, addr);
        NS_LOG_LOGIC("Tripwire " << id << " fired at 0x" << std::hex << first << std::dec
                                 << (isWrite ? " (write" : " (read")
                                 << (isRemote ? ", remote)" : ", local)"));
        if ((tw.flags & ONCE_ONLY) != 0)
        {
            IndexErase(id);
        }
        m_firedTrace(id, first);
    }
    return static_cast<uint32_t>(out.size());
}

const ClanTripwire&
ClanTripwireTable::Get(uint32_t id) const
{
    NS_ABORT_MSG_IF(id >= m_capacity,
                    "ClanTripwireTable: Tripwire id " << id << " is not below the capacity "
                                                      << m_capacity);
    static const ClanTripwire never{}; // an entry never allocated
    return id < m_entries.size() ? m_entries[id].tw : never;
}

bool
ClanTripwireTable::IsAllocated(uint32_t id) const
{
    return id < m_entries.size() && m_entries[id].tw.allocated;
}

bool
ClanTripwireTable::IsEnabled(uint32_t id) const
{
    return IsAllocated(id) && m_entries[id].tw.enabled;
}

uint32_t
ClanTripwireTable::GetNAllocated() const
{
    return static_cast<uint32_t>(m_entries.size() - m_free.size());
}

uint32_t
ClanTripwireTable::GetNEnabled() const
{
    return m_nEnabled;
}

uint64_t
ClanTripwireTable::GetNAllocFailures() const
{
    return m_allocFailures;
}

uint64_t
ClanTripwireTable::GetNMatches() const
{
    return m_matches;
}

uint64_t
ClanTripwireTable::GetNFired() const
{
    return m_fired;
}

uint64_t
ClanTripwireTable::GetNExamined() const
{
    return m_examined;
}

uint32_t
ClanTripwireTable::GetLastExamined() const
{
    return m_lastExamined;
}

uint32_t
ClanTripwireTable::GetIndexHeight() const
{
    return Height(m_root);
}

void
ClanTripwireTable::CheckAllocated(uint32_t id, const char* what) const
{
    NS_ABORT_MSG_IF(id >= m_capacity,
                    "ClanTripwireTable::" << what << ": Tripwire id " << id
                                          << " is not below the capacity " << m_capacity);
    NS_ABORT_MSG_IF(id >= m_entries.size() || !m_entries[id].tw.allocated,
                    "ClanTripwireTable::" << what << ": Tripwire " << id << " is not allocated");
}

bool
ClanTripwireTable::KeyLess(uint32_t a, uint32_t b) const
{
    uint64_t la = m_entries[a].tw.lo;
    uint64_t lb = m_entries[b].tw.lo;
    return la != lb ? la < lb : a < b;
}

void
ClanTripwireTable::Update(uint32_t n)
{
    Entry& e = m_entries[n];
    uint64_t m = e.tw.hi;
    if (e.left != NIL)
    {
        m = std::max(m, m_entries[e.left].maxHi);
    }
    if (e.right != NIL)
    {
        m = std::max(m, m_entries[e.right].maxHi);
    }
    e.maxHi = m;
}

uint32_t
ClanTripwireTable::Insert(uint32_t t, uint32_t n)
{
    if (t == NIL)
    {
        Update(n);
        return n;
    }
    if (KeyLess(n, t))
    {
        m_entries[t].left = Insert(m_entries[t].left, n);
        uint32_t l = m_entries[t].left;
        if (m_entries[l].priority > m_entries[t].priority)
        {
            // Rotate right: l becomes the subtree's root.
            m_entries[t].left = m_entries[l].right;
            m_entries[l].right = t;
            Update(t);
            Update(l);
            return l;
        }
    }
    else
    {
        m_entries[t].right = Insert(m_entries[t].right, n);
        uint32_t r = m_entries[t].right;
        if (m_entries[r].priority > m_entries[t].priority)
        {
            // Rotate left: r becomes the subtree's root.
            m_entries[t].right = m_entries[r].left;
            m_entries[r].left = t;
            Update(t);
            Update(r);
            return r;
        }
    }
    Update(t);
    return t;
}

uint32_t
ClanTripwireTable::Merge(uint32_t a, uint32_t b)
{
    if (a == NIL)
    {
        return b;
    }
    if (b == NIL)
    {
        return a;
    }
    if (m_entries[a].priority >= m_entries[b].priority)
    {
        m_entries[a].right = Merge(m_entries[a].right, b);
        Update(a);
        return a;
    }
    m_entries[b].left = Merge(a, m_entries[b].left);
    Update(b);
    return b;
}

uint32_t
ClanTripwireTable::Erase(uint32_t t, uint32_t n)
{
    NS_ABORT_MSG_IF(t == NIL, "ClanTripwireTable: Tripwire " << n << " missing from the index");
    if (t == n)
    {
        return Merge(m_entries[t].left, m_entries[t].right);
    }
    if (KeyLess(n, t))
    {
        m_entries[t].left = Erase(m_entries[t].left, n);
    }
    else
    {
        m_entries[t].right = Erase(m_entries[t].right, n);
    }
    Update(t);
    return t;
}

void
ClanTripwireTable::Collect(uint32_t t,
                           uint64_t a,
                           uint64_t b,
                           uint32_t need,
                           std::vector<uint32_t>& out)
{
    if (t == NIL)
    {
        return;
    }
    ++m_examined;
    const Entry& e = m_entries[t];
    if (e.maxHi < a)
    {
        return; // every range below here ends before the burst starts
    }
    Collect(e.left, a, b, need, out);
    if (e.tw.lo > b)
    {
        return; // this range and every one to its right start after the burst ends
    }
    if (e.tw.hi >= a && (e.tw.flags & need) == need)
    {
        out.push_back(t);
    }
    Collect(e.right, a, b, need, out);
}

uint32_t
ClanTripwireTable::Height(uint32_t t) const
{
    if (t == NIL)
    {
        return 0;
    }
    return 1 + std::max(Height(m_entries[t].left), Height(m_entries[t].right));
}

void
ClanTripwireTable::IndexInsert(uint32_t id)
{
    Entry& e = m_entries[id];
    e.left = NIL;
    e.right = NIL;
    e.priority = static_cast<uint32_t>(Mix(++m_priorityCounter) >> 32);
    m_root = Insert(m_root, id);
    e.tw.enabled = true;
    ++m_nEnabled;
}

void
ClanTripwireTable::IndexErase(uint32_t id)
{
    m_root = Erase(m_root, id);
    Entry& e = m_entries[id];
    e.left = NIL;
    e.right = NIL;
    e.tw.enabled = false;
    --m_nEnabled;
}

} // namespace ns3
