/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// CLAN's Tripwires (Pope et al. 1999, sections 2.5 and 3.3): the NIC's CAM (ranges, reads and
// writes, local and remote side, once-only, allocation, a full table, the match index's cost
// checked against a brute-force reference) and the driver/process state (the fired-bitmap in
// host memory, waiters, Tripsets).

#include "san-test-util.h"

#include "ns3/clan-tripwire-bitmap.h"
#include "ns3/clan-tripwire-state.h"
#include "ns3/clan-tripwire-table.h"
#include "ns3/host-memory.h"
#include "ns3/object-factory.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <vector>

using namespace ns3;
using namespace ns3::santest;

namespace
{

using T = ClanTripwireTable;

/// Every kind and side.
constexpr uint32_t ANY = T::READ | T::WRITE | T::LOCAL | T::REMOTE;

/// \return a table of \p capacity entries \param capacity entries
Ptr<ClanTripwireTable>
MakeTable(uint32_t capacity = T::DEFAULT_CAPACITY)
{
    return CreateObjectWithAttributes<ClanTripwireTable>("Capacity", UintegerValue(capacity));
}

/// \return a Tripwire allocated, set and enabled \param t table \param lo \param hi \param f flags
uint32_t
Arm(Ptr<ClanTripwireTable> t, uint64_t lo, uint64_t hi, uint32_t f)
{
    uint32_t id = t->Allocate();
    t->Set(id, lo, hi, f);
    t->Enable(id);
    return id;
}

/// \return the ids a burst fires \param t table \param a address \param n bytes \param w write
/// \param r remote
std::vector<uint32_t>
Hits(Ptr<ClanTripwireTable> t, uint64_t a, uint64_t n, bool w = true, bool r = true)
{
    std::vector<uint32_t> out;
    t->Match(a, n, w, r, out);
    return out;
}

/// Single addresses and ranges, with partial overlaps at both ends.
class ClanTripwireRangeTestCase : public TestCase
{
  public:
    ClanTripwireRangeTestCase()
        : TestCase("CAM: exact addresses and ranges, bursts overlapping either end")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ClanTripwireTable> t = MakeTable();
        NS_TEST_ASSERT_MSG_EQ(t->GetCapacity(), 4096u, "the paper's 4096 entries by default");
        uint32_t one = Arm(t, 0x1000, 0x1000, ANY);
        uint32_t range = Arm(t, 0x2000, 0x20ff, ANY);

        // One address: hit by any burst containing it, missed by its neighbours.
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x1000, 1).size(), 1u, "exact byte");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x1000, 4).at(0), one, "burst starting on it");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0xffc, 5).size(), 1u, "burst ending on it");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0xffc, 4).size(), 0u, "burst ending just before it");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x1001, 4).size(), 0u, "burst starting just after it");

        // A range: overlaps at the low end, the high end, inside, around; misses just outside.
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x1ff0, 0x11).size(), 1u, "last byte meets lo");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x1ff0, 0x10).size(), 0u, "ends at lo - 1");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x20ff, 8).at(0), range, "first byte meets hi");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x2100, 8).size(), 0u, "starts at hi + 1");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x2080, 4).size(), 1u, "inside");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x1000, 0x2000).size(), 2u, "around both");
        NS_TEST_ASSERT_MSG_EQ(t->Get(range).fired, 4u, "the range fired once per hitting burst");
        NS_TEST_ASSERT_MSG_EQ(t->GetNFired(), 8u, "firings counted");

        // The top of the 64-bit address space.
        uint32_t top = Arm(t, UINT64_MAX - 3, UINT64_MAX, ANY);
        NS_TEST_ASSERT_MSG_EQ(Hits(t, UINT64_MAX, 1).at(0), top, "last address");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, UINT64_MAX - 7, 4).size(), 0u, "just below it");
    }
};

/// Reads against writes, local against remote.
class ClanTripwireKindTestCase : public TestCase
{
  public:
    ClanTripwireKindTestCase()
        : TestCase("CAM: reads vs writes, local (outgoing) vs remote (incoming) accesses")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ClanTripwireTable> t = MakeTable();
        uint32_t rr = Arm(t, 0x100, 0x100, T::READ | T::REMOTE);
        uint32_t wr = Arm(t, 0x100, 0x100, T::WRITE | T::REMOTE);
        uint32_t wl = Arm(t, 0x100, 0x100, T::WRITE | T::LOCAL);
        uint32_t all = Arm(t, 0x100, 0x100, ANY);

        std::vector<uint32_t> v = Hits(t, 0x100, 4, false, true);
        NS_TEST_ASSERT_MSG_EQ(v.size(), 2u, "remote read: read-remote and any");
        NS_TEST_ASSERT_MSG_EQ((v[0] == rr && v[1] == all), true, "those two, in id order");
        v = Hits(t, 0x100, 4, true, true);
        NS_TEST_ASSERT_MSG_EQ(v.size(), 2u, "remote write");
        NS_TEST_ASSERT_MSG_EQ((v[0] == wr && v[1] == all), true, "write-remote and any");
        v = Hits(t, 0x100, 4, true, false);
        NS_TEST_ASSERT_MSG_EQ(v.size(), 2u, "local write (e.g. our outgoing DMA)");
        NS_TEST_ASSERT_MSG_EQ((v[0] == wl && v[1] == all), true, "write-local and any");
        v = Hits(t, 0x100, 4, false, false);
        NS_TEST_ASSERT_MSG_EQ(v.size(), 1u, "local read: only any");
        NS_TEST_ASSERT_MSG_EQ(v[0], all, "any");
    }
};

/// Several Tripwires on one burst, disabled ones, moving an enabled one.
class ClanTripwireSeveralTestCase : public TestCase
{
  public:
    ClanTripwireSeveralTestCase()
        : TestCase("CAM: several fire on one burst in address order; disabled ones do not")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ClanTripwireTable> t = MakeTable();
        // Section 4.3: a Tripwire on a message's header and one on its body.
        uint32_t body = Arm(t, 0x5040, 0x507f, ANY);
        uint32_t header = Arm(t, 0x5000, 0x503f, ANY);
        uint32_t wide = Arm(t, 0x4000, 0x6000, ANY);
        uint32_t flag = Arm(t, 0x507c, 0x507f, ANY);
        std::vector<uint64_t> firstAddr;
        t->TraceConnectWithoutContext(
            "Fired",
            MakeBoundCallback(
                +[](std::vector<uint64_t>* v, uint32_t, uint64_t a) { v->push_back(a); },
                &firstAddr));

        std::vector<uint32_t> v = Hits(t, 0x5000, 0x80);
        NS_TEST_ASSERT_MSG_EQ(v.size(), 4u, "all four");
        // Words reach the CAM in address order: wide and header at 0x5000 (id order), body at
        // 0x5040, flag at 0x507c.
        NS_TEST_ASSERT_MSG_EQ(v[0], header, "header first (lower id of those at 0x5000)");
        NS_TEST_ASSERT_MSG_EQ(v[1], wide, "then wide");
        NS_TEST_ASSERT_MSG_EQ(v[2], body, "then body");
        NS_TEST_ASSERT_MSG_EQ(v[3], flag, "then flag");
        NS_TEST_ASSERT_MSG_EQ(firstAddr.size(), 4u, "traced");
        NS_TEST_ASSERT_MSG_EQ(firstAddr[2], 0x5040u, "body fired at its first address");
        NS_TEST_ASSERT_MSG_EQ(firstAddr[3], 0x507cu, "flag fired at its first address");

        t->Disable(wide);
        t->Disable(body);
        v = Hits(t, 0x5000, 0x80);
        NS_TEST_ASSERT_MSG_EQ(v.size(), 2u, "disabled ones do not match");
        NS_TEST_ASSERT_MSG_EQ((t->IsEnabled(wide) || t->IsEnabled(body)), false, "disabled");
        NS_TEST_ASSERT_MSG_EQ(t->GetNEnabled(), 2u, "two in the index");
        t->Disable(body); // twice: no effect
        t->Enable(body);
        t->Enable(body); // twice: no effect
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x5040, 4).at(0), body, "enabled again");

        // Set on an enabled Tripwire moves it; on a disabled one it stays disabled.
        t->Set(body, 0x9000, 0x9003, ANY);
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x5040, 4).size(), 0u, "old range gone");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x9002, 1).at(0), body, "new range matches");
        t->Set(wide, 0x9000, 0x9003, ANY);
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x9000, 4).size(), 1u, "disabled after Set too");
    }
};

/// Once-only Tripwires.
class ClanTripwireOnceOnlyTestCase : public TestCase
{
  public:
    ClanTripwireOnceOnlyTestCase()
        : TestCase("CAM: a once-only Tripwire fires exactly once, then is disabled")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ClanTripwireTable> t = MakeTable();
        uint32_t once = Arm(t, 0x100, 0x1ff, ANY | T::ONCE_ONLY);
        uint32_t again = Arm(t, 0x100, 0x1ff, ANY);
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x180, 4).size(), 2u, "both fire first");
        NS_TEST_ASSERT_MSG_EQ(t->IsEnabled(once), false, "once-only disabled when it fired");
        NS_TEST_ASSERT_MSG_EQ(t->IsAllocated(once), true, "but still allocated");
        std::vector<uint32_t> v = Hits(t, 0x100, 0x100);
        NS_TEST_ASSERT_MSG_EQ(v.size(), 1u, "only the other one after");
        NS_TEST_ASSERT_MSG_EQ(v[0], again, "the other one");
        NS_TEST_ASSERT_MSG_EQ(t->Get(once).fired, 1u, "fired once");
        NS_TEST_ASSERT_MSG_EQ(t->Get(again).fired, 2u, "fired twice");
        // A kind it does not detect does not use it up.
        uint32_t rd = Arm(t, 0x300, 0x300, T::READ | T::REMOTE | T::ONCE_ONLY);
        Hits(t, 0x300, 1, true, true);
        NS_TEST_ASSERT_MSG_EQ(t->IsEnabled(rd), true, "a write leaves a read Tripwire armed");
        // Re-armed by Enable, it fires once more.
        t->Enable(once);
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x100, 1).size(), 2u, "re-armed");
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x100, 1).size(), 1u, "and once only again");
    }
};

/// Allocation, freeing, reuse, a full table, the Capacity attribute.
class ClanTripwireAllocTestCase : public TestCase
{
  public:
    ClanTripwireAllocTestCase()
        : TestCase("CAM: allocate all 4096, the 4097th fails cleanly; free and reuse")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ClanTripwireTable> t = MakeTable();
        for (uint32_t i = 0; i < 4096; ++i)
        {
            uint32_t id = t->Allocate();
            NS_TEST_ASSERT_MSG_EQ(id, i, "ids are handed out from 0 upwards");
        }
        NS_TEST_ASSERT_MSG_EQ(t->Allocate(), T::NO_TRIPWIRE, "full: a failure result");
        NS_TEST_ASSERT_MSG_EQ(t->GetNAllocFailures(), 1u, "counted");
        NS_TEST_ASSERT_MSG_EQ(t->GetNAllocated(), 4096u, "all allocated");

        t->Set(7, 0x700, 0x7ff, ANY);
        t->Enable(7);
        t->Set(9, 0x900, 0x9ff, ANY);
        t->Enable(9);
        t->Free(9);
        t->Free(7);
        NS_TEST_ASSERT_MSG_EQ(Hits(t, 0x700, 0x300).size(), 0u, "freed ones stop matching");
        NS_TEST_ASSERT_MSG_EQ(t->GetNEnabled(), 0u, "and leave the index");
        NS_TEST_ASSERT_MSG_EQ(t->Allocate(), 7u, "lowest free id first");
        NS_TEST_ASSERT_MSG_EQ((t->Get(7).hasRange || t->Get(7).enabled || t->Get(7).fired != 0),
                              false,
                              "a reused id starts clean");
        NS_TEST_ASSERT_MSG_EQ(t->Allocate(), 9u, "then the next");
        NS_TEST_ASSERT_MSG_EQ(t->Allocate(), T::NO_TRIPWIRE, "full again");

        Ptr<ClanTripwireTable> small = MakeTable(8);
        for (uint32_t i = 0; i < 8; ++i)
        {
            small->Allocate();
        }
        NS_TEST_ASSERT_MSG_EQ(small->Allocate(), T::NO_TRIPWIRE, "Capacity attribute obeyed");
    }
};

/// The match index: few nodes visited, against a brute-force reference.
class ClanTripwireIndexTestCase : public TestCase
{
  public:
    ClanTripwireIndexTestCase()
        : TestCase("CAM index: a burst among 4096 enabled Tripwires visits few of them; "
                   "random operations agree with a full scan")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ClanTripwireTable> t = MakeTable();
        // Enabled in increasing address order, the worst case for an unbalanced tree.
        for (uint32_t i = 0; i < 4096; ++i)
        {
            Arm(t, 0x100000 + i * 64ull, 0x100000 + i * 64ull + 15, ANY);
        }
        uint32_t height = t->GetIndexHeight();
        NS_TEST_ASSERT_MSG_LT(height, 48u, "balanced (log2 4096 = 12)");
        std::vector<uint32_t> out;
        out.reserve(16);
        t->Match(0x100000 + 1000 * 64 + 32, 16, true, true, out); // in a gap
        NS_TEST_ASSERT_MSG_EQ(out.size(), 0u, "a gap matches nothing");
        uint32_t missCost = t->GetLastExamined();
        NS_TEST_ASSERT_MSG_LT(missCost, 2 * height + 2, "a miss walks about two paths");
        t->Match(0x10, 16, true, true, out); // below everything
        NS_TEST_ASSERT_MSG_LT(t->GetLastExamined(), height + 1, "below all: one path");
        t->Match(0x100000 + 4096 * 64, 16, true, true, out); // above everything
        NS_TEST_ASSERT_MSG_LT(t->GetLastExamined(), height + 1, "above all: one path");
        t->Match(0x100000 + 2000 * 64 + 8, 4, true, true, out);
        NS_TEST_ASSERT_MSG_EQ(out.size(), 1u, "a hit");
        NS_TEST_ASSERT_MSG_EQ(out[0], 2000u, "the right one");
        NS_TEST_ASSERT_MSG_LT(t->GetLastExamined(), 2 * height + 2, "a hit costs a path too");
        t->Match(0x100000 + 3000 * 64, 10 * 64, true, true, out);
        NS_TEST_ASSERT_MSG_EQ(out.size(), 10u, "ten in one burst");
        NS_TEST_ASSERT_MSG_LT(t->GetLastExamined(), 12 * height, "O((k + 1) log n), not n");
        uint64_t before = t->GetNExamined();
        for (uint32_t i = 0; i < 4096; ++i)
        {
            t->Match(0x100000 + i * 64 + 16, 48, i % 2 == 0, i % 3 == 0, out);
        }
        NS_TEST_ASSERT_MSG_LT((t->GetNExamined() - before) / 4096,
                              uint64_t(2 * height),
                              "a stream of misses never scans the table");

        // Random operations on a small address space (many overlaps), checked against a
        // brute-force scan of every entry.
        Ptr<ClanTripwireTable> r = MakeTable(256);
        uint64_t seed = 12345;
        auto next = [&seed](uint64_t mod) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            return (seed >> 33) % mod;
        };
        std::vector<uint32_t> got;
        uint32_t mismatches = 0;
        for (uint32_t step = 0; step < 20000; ++step)
        {
            uint32_t op = static_cast<uint32_t>(next(10));
            uint32_t id = static_cast<uint32_t>(next(256));
            if (op == 0)
            {
                r->Allocate();
            }
            else if (op == 1 && r->IsAllocated(id))
            {
                r->Free(id);
            }
            else if (op <= 3 && r->IsAllocated(id))
            {
                uint64_t lo = next(4096);
                uint32_t f = static_cast<uint32_t>(next(32));
                f |= (f & (T::READ | T::WRITE)) == 0 ? uint32_t(T::WRITE) : 0u;
                f |= (f & (T::LOCAL | T::REMOTE)) == 0 ? uint32_t(T::REMOTE) : 0u;
                r->Set(id, lo, lo + next(64), f);
            }
            else if (op == 4 && r->IsAllocated(id) && r->Get(id).hasRange)
            {
                r->Enable(id);
            }
            else if (op == 5 && r->IsAllocated(id))
            {
                r->Disable(id);
            }
            else if (op >= 6)
            {
                uint64_t a = next(4200);
                uint64_t n = 1 + next(40);
                bool w = next(2) == 1;
                bool rem = next(2) == 1;
                // Reference: every enabled entry, sorted by firing order.
                std::vector<uint32_t> want;
                uint32_t need = (w ? T::WRITE : T::READ) | (rem ? T::REMOTE : T::LOCAL);
                for (uint32_t i = 0; i < 256; ++i)
                {
                    const ClanTripwire& e = r->Get(i);
                    if (e.enabled && e.lo <= a + n - 1 && e.hi >= a && (e.flags & need) == need)
                    {
                        want.push_back(i);
                    }
                }
                std::sort(want.begin(), want.end(), [&r, a](uint32_t x, uint32_t y) {
                    uint64_t fx = std::max(r->Get(x).lo, a);
                    uint64_t fy = std::max(r->Get(y).lo, a);
                    return fx != fy ? fx < fy : x < y;
                });
                std::vector<bool> onceBefore(256);
                for (uint32_t i : want)
                {
                    onceBefore[i] = (r->Get(i).flags & T::ONCE_ONLY) != 0;
                }
                r->Match(a, n, w, rem, got);
                mismatches += got != want ? 1 : 0;
                for (uint32_t i : want)
                {
                    mismatches += onceBefore[i] == r->IsEnabled(i) ? 1 : 0;
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(mismatches, 0u, "index agrees with a full scan");
        NS_TEST_ASSERT_MSG_GT(r->GetNFired(), 1000u, "the random run did fire Tripwires");
    }
};

/// Bad input: clear errors.
class ClanTripwireBadInputTestCase : public TestCase
{
  public:
    ClanTripwireBadInputTestCase()
        : TestCase("bad input: clear errors for bad ranges, flags, ids, bursts, Tripsets")
    {
    }

  private:
    void DoRun() override
    {
        auto table = []() {
            Ptr<ClanTripwireTable> t = MakeTable(16);
            t->Allocate();
            return t;
        };
        NS_TEST_ASSERT_MSG_EQ(AbortsWith([&]() { table()->Set(0, 9, 8, ANY); }, "lo > hi"),
                              true,
                              "lo > hi");
        NS_TEST_ASSERT_MSG_EQ(
            AbortsWith([&]() { table()->Set(0, 0, 8, T::LOCAL); }, "neither reads nor writes"),
            true,
            "no kind");
        NS_TEST_ASSERT_MSG_EQ(
            AbortsWith([&]() { table()->Set(0, 0, 8, T::READ); }, "neither local nor remote"),
            true,
            "no side");
        NS_TEST_ASSERT_MSG_EQ(
            AbortsWith([&]() { table()->Set(0, 0, 8, ANY | 0x100); }, "unknown flag bits"),
            true,
            "unknown flag");
        NS_TEST_ASSERT_MSG_EQ(AbortsWith([&]() { table()->Free(3); }, "is not allocated"),
                              true,
                              "free of a free id");
        NS_TEST_ASSERT_MSG_EQ(AbortsWith([&]() { table()->Enable(99); }, "not below the capacity"),
                              true,
                              "id out of range");
        NS_TEST_ASSERT_MSG_EQ(AbortsWith([&]() { table()->Enable(0); }, "has no range yet"),
                              true,
                              "enable before set");
        std::vector<uint32_t> out;
        NS_TEST_ASSERT_MSG_EQ(
            AbortsWith([&]() { table()->Match(0, 0, true, true, out); }, "at least one byte"),
            true,
            "empty burst");
        NS_TEST_ASSERT_MSG_EQ(AbortsWith([&]() { table()->Match(UINT64_MAX, 2, true, true, out); },
                                         "wraps past 2^64"),
                              true,
                              "wrapping burst");
        NS_TEST_ASSERT_MSG_EQ(
            AbortsWith([&]() { table()->SetCapacity(32); }, "cannot resize the CAM"),
            true,
            "resize while in use");

        auto state = []() {
            Ptr<HostMemory> m = CreateObject<HostMemory>();
            return Create<ClanTripwireState>(m, 16);
        };
        auto nop = MakeNullCallback<void, uint32_t>();
        NS_TEST_ASSERT_MSG_EQ(AbortsWith([&]() { state()->Fire(16); }, "is not below 16"),
                              true,
                              "fire of an unknown id");
        NS_TEST_ASSERT_MSG_EQ(AbortsWith([&]() { state()->Wait(0, nop); }, "no wake-up callback"),
                              true,
                              "null wake-up");
        NS_TEST_ASSERT_MSG_EQ(AbortsWith(
                                  [&]() {
                                      Ptr<ClanTripwireState> s = state();
                                      s->WaitAny(s->CreateTripset(),
                                                 MakeCallback(+[](uint32_t) {}));
                                  },
                                  "is empty and would never wake"),
                              true,
                              "wait on an empty Tripset");
        NS_TEST_ASSERT_MSG_EQ(AbortsWith(
                                  [&]() {
                                      Ptr<ClanTripwireState> s = state();
                                      uint32_t set = s->CreateTripset();
                                      s->DestroyTripset(set);
                                      s->AddToTripset(set, 1);
                                  },
                                  "no Tripset 0"),
                              true,
                              "destroyed Tripset");
    }
};

/// The fired-bitmap lives in host memory.
class ClanTripwireBitmapTestCase : public TestCase
{
  public:
    ClanTripwireBitmapTestCase()
        : TestCase("bitmap: the interrupt routine's bits land in host memory and read back")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<ClanTripwireState> s = Create<ClanTripwireState>(mem, 4096, "tripwire-bits");
        Ptr<ClanTripwireBitmap> b = s->GetBitmap();
        const HostMemoryRegion* region = mem->FindRegion("tripwire-bits");
        NS_TEST_ASSERT_MSG_EQ((region != nullptr), true, "a named region");
        NS_TEST_ASSERT_MSG_EQ(region->size, 512u, "4096 bits");
        NS_TEST_ASSERT_MSG_EQ(region->base, b->GetBase(), "where the bitmap says");

        s->Fire(0);
        s->Fire(13);
        s->Fire(4095);
        std::vector<uint8_t> bytes(512);
        mem->Read(b->GetBase(), bytes.data(), 512);
        NS_TEST_ASSERT_MSG_EQ(int(bytes[0]), 0x01, "bit 0 of byte 0");
        NS_TEST_ASSERT_MSG_EQ(int(bytes[1]), 0x20, "Tripwire 13: bit 5 of byte 1");
        NS_TEST_ASSERT_MSG_EQ(int(bytes[511]), 0x80, "Tripwire 4095: bit 7 of byte 511");
        uint32_t others = 0;
        for (uint32_t i = 2; i < 511; ++i)
        {
            others += bytes[i];
        }
        NS_TEST_ASSERT_MSG_EQ(others, 0u, "nothing else written");
        NS_TEST_ASSERT_MSG_EQ((s->Test(13) && s->Test(0) && s->Test(4095)),
                              true,
                              "Test reads them");
        NS_TEST_ASSERT_MSG_EQ((s->Test(12) || s->Test(14)), false, "neighbours clear");

        // The process's test reads memory: a byte written behind the bitmap's back is seen.
        uint8_t v = 0x24; // Tripwire 13's bit kept, 10's added
        mem->Write(b->GetByteAddress(10), &v, 1);
        NS_TEST_ASSERT_MSG_EQ(s->Test(10), true, "Test reads host memory");
        uint64_t reads = mem->GetBytesRead();
        s->Test(10);
        NS_TEST_ASSERT_MSG_EQ(mem->GetBytesRead(), reads + 1, "one byte read per test");

        s->Clear(13);
        mem->Read(b->GetBase(), bytes.data(), 2);
        NS_TEST_ASSERT_MSG_EQ(int(bytes[1]), 0x04, "clearing 13 kept 10");
        NS_TEST_ASSERT_MSG_EQ(s->Test(13), false, "cleared");

        // A bitmap in virtual-payload memory (scaling runs) still answers.
        Ptr<HostMemory> vmem = CreateObject<HostMemory>();
        vmem->SetVirtualPayload(true);
        Ptr<ClanTripwireState> vs = Create<ClanTripwireState>(vmem, 100);
        vs->Fire(42);
        NS_TEST_ASSERT_MSG_EQ((vs->Test(42) && !vs->Test(41)), true, "virtual payload");
        NS_TEST_ASSERT_MSG_EQ(vmem->GetWrites(), 1u, "the write was still made");
        vs->Clear(42);
        NS_TEST_ASSERT_MSG_EQ(vs->Test(42), false, "and cleared");
    }
};

/// Records wake-ups.
struct WakeLog
{
    std::vector<std::pair<char, uint32_t>> log; //!< (waiter tag, Tripwire id)

    /// \param tag the waiter's tag \return a callback that logs to this record
    ClanTripwireState::WakeCallback Waiter(char tag)
    {
        return MakeBoundCallback(&WakeLog::Add, this, tag);
    }

    /// \param self the log \param tag waiter \param id Tripwire
    static void Add(WakeLog* self, char tag, uint32_t id)
    {
        self->log.emplace_back(tag, id);
    }
};

/// A process that clears the bit and waits again each time it is woken.
struct Rewaiter
{
    ClanTripwireState* state;    //!< the driver state
    std::vector<uint32_t> calls; //!< ids it was woken with

    /// \param id the Tripwire that fired
    void OnWake(uint32_t id)
    {
        calls.push_back(id);
        state->Clear(id);
        state->Wait(id, MakeCallback(&Rewaiter::OnWake, this));
    }
};

/// Waiting for one Tripwire.
class ClanTripwireWaitTestCase : public TestCase
{
  public:
    ClanTripwireWaitTestCase()
        : TestCase("waiters: woken once by a firing, not if the bit is set, cancellable")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<ClanTripwireState> s = Create<ClanTripwireState>(mem, 64);
        WakeLog w;
        uint64_t ta = s->Wait(5, w.Waiter('a'));
        uint64_t tb = s->Wait(5, w.Waiter('b'));
        NS_TEST_ASSERT_MSG_NE(ta, ClanTripwireState::NOT_WAITING, "blocked");
        NS_TEST_ASSERT_MSG_EQ(s->GetNWaiters(5), 2u, "two waiting");
        NS_TEST_ASSERT_MSG_EQ(s->Fire(6), 0u, "another Tripwire wakes nobody");
        NS_TEST_ASSERT_MSG_EQ(s->Fire(5), 2u, "both woken");
        NS_TEST_ASSERT_MSG_EQ(w.log.size(), 2u, "two wake-ups");
        NS_TEST_ASSERT_MSG_EQ((w.log[0].first == 'a' && w.log[1].first == 'b'), true, "in order");
        NS_TEST_ASSERT_MSG_EQ(w.log[0].second, 5u, "with the id");
        NS_TEST_ASSERT_MSG_EQ(s->Fire(5), 0u, "one-shot: nobody left");
        NS_TEST_ASSERT_MSG_EQ(s->Cancel(tb), false, "a woken waiter cannot be cancelled");

        // The bit is still set: waiting returns at once (no lost wake-up).
        NS_TEST_ASSERT_MSG_EQ(s->Wait(5, w.Waiter('c')), ClanTripwireState::NOT_WAITING, "set");
        s->Clear(5);
        uint64_t tc = s->Wait(5, w.Waiter('c'));
        NS_TEST_ASSERT_MSG_NE(tc, ClanTripwireState::NOT_WAITING, "blocked after Clear");
        NS_TEST_ASSERT_MSG_EQ(s->Cancel(tc), true, "cancelled");
        NS_TEST_ASSERT_MSG_EQ(s->Cancel(tc), false, "only once");
        s->Fire(5);
        NS_TEST_ASSERT_MSG_EQ(w.log.size(), 2u, "a cancelled waiter is not woken");

        // A waiter that waits again from its wake-up waits for the next firing.
        s->Clear(5);
        Rewaiter again{PeekPointer(s), {}};
        std::vector<uint32_t>& calls = again.calls;
        s->Wait(5, MakeCallback(&Rewaiter::OnWake, &again));
        s->Fire(5);
        NS_TEST_ASSERT_MSG_EQ(calls.size(), 1u, "woken once by one firing");
        NS_TEST_ASSERT_MSG_EQ(s->GetNWaiters(5), 1u, "waiting again");
        s->Fire(5);
        NS_TEST_ASSERT_MSG_EQ(calls.size(), 2u, "woken by the next");
        s->Release(5);
        NS_TEST_ASSERT_MSG_EQ(s->GetNWaiters(5), 0u, "Release drops waiters");
        NS_TEST_ASSERT_MSG_EQ(s->Test(5), false, "and clears the bit");
        s->Fire(5);
        NS_TEST_ASSERT_MSG_EQ(calls.size(), 2u, "dropped waiters are not woken");
        NS_TEST_ASSERT_MSG_EQ(s->GetNWakeups(), 4u, "wake-ups counted");
    }
};

/// Tripsets.
class ClanTripsetTestCase : public TestCase
{
  public:
    ClanTripsetTestCase()
        : TestCase("Tripsets: any member wakes; a Tripwire in two Tripsets wakes both")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<ClanTripwireState> s = Create<ClanTripwireState>(mem, 64);
        WakeLog w;
        uint32_t x = s->CreateTripset();
        uint32_t y = s->CreateTripset();
        NS_TEST_ASSERT_MSG_EQ((x != y && s->GetNTripsets() == 2), true, "two Tripsets");
        for (uint32_t id : {1u, 2u, 3u})
        {
            s->AddToTripset(x, id);
        }
        s->AddToTripset(x, 2); // twice: no effect
        s->AddToTripset(y, 3);
        s->AddToTripset(y, 4);
        NS_TEST_ASSERT_MSG_EQ(s->GetTripsetMembers(x).size(), 3u, "members");
        NS_TEST_ASSERT_MSG_EQ((s->IsInTripset(y, 3) && !s->IsInTripset(y, 1)), true, "membership");

        s->WaitAny(x, w.Waiter('x'));
        NS_TEST_ASSERT_MSG_EQ(s->Fire(9), 0u, "a non-member wakes nobody");
        NS_TEST_ASSERT_MSG_EQ(s->Fire(2), 1u, "any member wakes the Tripset's waiter");
        NS_TEST_ASSERT_MSG_EQ(w.log.size(), 1u, "once");
        NS_TEST_ASSERT_MSG_EQ(w.log[0].second, 2u, "told which member fired");
        s->Fire(1);
        NS_TEST_ASSERT_MSG_EQ(w.log.size(), 1u, "one-shot");

        // A member's bit set: WaitAny returns at once.
        NS_TEST_ASSERT_MSG_EQ(s->WaitAny(x, w.Waiter('x')), ClanTripwireState::NOT_WAITING, "");
        s->Clear(1);
        s->Clear(2);

        // Tripwire 3 is in both Tripsets and has its own waiter: all three wake.
        w.log.clear();
        s->WaitAny(y, w.Waiter('y'));
        s->WaitAny(x, w.Waiter('x'));
        s->Wait(3, w.Waiter('3'));
        NS_TEST_ASSERT_MSG_EQ(s->Fire(3), 3u, "three woken");
        NS_TEST_ASSERT_MSG_EQ(w.log.size(), 3u, "three wake-ups");
        NS_TEST_ASSERT_MSG_EQ(w.log[0].first, '3', "its own waiter first");
        NS_TEST_ASSERT_MSG_EQ(w.log[1].first, 'x', "then Tripset x (lower id)");
        NS_TEST_ASSERT_MSG_EQ(w.log[2].first, 'y', "then Tripset y");
        s->Clear(3);

        // Removing a member, cancelling, destroying, releasing.
        w.log.clear();
        s->RemoveFromTripset(x, 3);
        uint64_t tx = s->WaitAny(x, w.Waiter('x'));
        s->WaitAny(y, w.Waiter('y'));
        s->Fire(3);
        NS_TEST_ASSERT_MSG_EQ(w.log.size(), 1u, "a removed member no longer wakes x");
        NS_TEST_ASSERT_MSG_EQ(w.log[0].first, 'y', "only y");
        NS_TEST_ASSERT_MSG_EQ(s->GetNTripsetWaiters(x), 1u, "x still waiting");
        NS_TEST_ASSERT_MSG_EQ(s->Cancel(tx), true, "cancel x's waiter");
        NS_TEST_ASSERT_MSG_EQ(s->GetNTripsetWaiters(x), 0u, "gone");
        s->Clear(3);
        s->WaitAny(y, w.Waiter('y'));
        s->Release(4);
        NS_TEST_ASSERT_MSG_EQ(s->IsInTripset(y, 4), false, "a released Tripwire leaves Tripsets");
        s->DestroyTripset(y);
        NS_TEST_ASSERT_MSG_EQ(s->GetNTripsets(), 1u, "one left");
        NS_TEST_ASSERT_MSG_EQ(s->Fire(3), 0u, "a destroyed Tripset's waiter is dropped");
        NS_TEST_ASSERT_MSG_EQ(s->CreateTripset(), y, "its id is reused");
        NS_TEST_ASSERT_MSG_EQ(s->GetTripsetMembers(y).size(), 0u, "empty");
    }
};

/// The CAM and the driver state together, as the device will use them.
class ClanTripwireEndToEndTestCase : public TestCase
{
  public:
    ClanTripwireEndToEndTestCase()
        : TestCase("CAM to bitmap: a remote write fires a Tripwire, the process sees its bit")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ClanTripwireTable> t = MakeTable();
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<ClanTripwireState> s = Create<ClanTripwireState>(mem, t->GetCapacity());
        // Section 4.1: the receiver's Tripwire on rx_ready, the sender's on tx_ready.
        uint32_t rxReady = Arm(t, 0x8000, 0x8003, T::WRITE | T::REMOTE);
        uint32_t txReady = Arm(t, 0x9000, 0x9003, T::WRITE | T::REMOTE);
        uint32_t set = s->CreateTripset();
        s->AddToTripset(set, rxReady);
        s->AddToTripset(set, txReady);
        WakeLog w;
        s->WaitAny(set, w.Waiter('p'));
        std::vector<uint32_t> fifo;
        t->Match(0x7f00, 0x104, true, true, fifo); // message body, then the flag
        for (uint32_t id : fifo)
        {
            s->Fire(id); // the interrupt routine drains the NIC's FIFO
        }
        NS_TEST_ASSERT_MSG_EQ(fifo.size(), 1u, "the flag's Tripwire fired");
        NS_TEST_ASSERT_MSG_EQ(w.log.size(), 1u, "the process woke");
        NS_TEST_ASSERT_MSG_EQ(w.log[0].second, rxReady, "for rx_ready");
        NS_TEST_ASSERT_MSG_EQ((s->Test(rxReady) && !s->Test(txReady)), true, "bits in memory");
    }
};

} // namespace

/// The CLAN Tripwire suite.
class SanClanTripwireTestSuite : public TestSuite
{
  public:
    SanClanTripwireTestSuite()
        : TestSuite("san-clan-tripwire", UNIT)
    {
        AddTestCase(new ClanTripwireRangeTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireKindTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireSeveralTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireOnceOnlyTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireAllocTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireIndexTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireBadInputTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireBitmapTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireWaitTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripsetTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireEndToEndTestCase, TestCase::QUICK);
    }
};

static SanClanTripwireTestSuite g_sanClanTripwireTestSuite; //!< registers the suite
