/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// DART's compound operations, composed by senders from the primitives: store indirect with
// post-increment, priority queueing, fetch-and-increment from many senders, swap and
// test-and-set, compare-and-swap under contention, barrier synchronization across 64 hosts.

#include "dart-test-rig.h"

#include "ns3/dart-compound.h"
#include "ns3/host-cpu.h"
#include "ns3/san-event-queue.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <set>

using namespace ns3;
using namespace ns3::santest;

namespace
{

/// Consecutive stores through one pointer register land in consecutive blocks.
class DartStoreIndirectTestCase : public TestCase
{
  public:
    DartStoreIndirectTestCase()
        : TestCase("store indirect with post-increment: consecutive sends fill consecutive "
                   "blocks, by 32 and by a multi-cell message's size")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        auto vcis =
            DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 8}, DartWindow{16, 8});
        const uint32_t base = 8192;
        rig.nics[1]->SetRegister(16 + 3, base);
        // Five messages, each block of the data filled with its message's number.
        const uint32_t sizes[] = {32, 32, 32, 96, 96};
        uint32_t from = 0;
        for (uint32_t m = 0; m < 5; ++m)
        {
            std::vector<uint8_t> data(sizes[m], static_cast<uint8_t>(0x10 + m));
            rig.ctx[0]->Write(from, data.data(), sizes[m]);
            rig.ctx[0]->Send(vcis.first,
                             DartCompound::MakeStoreIndirect(3, sizes[m]),
                             from,
                             sizes[m]);
            from += sizes[m];
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetRegister(19), base + from, "pointer advanced by all");
        uint32_t at = base;
        for (uint32_t m = 0; m < 5; ++m)
        {
            std::vector<uint8_t> got(sizes[m]);
            rig.ctx[1]->Read(at, got.data(), sizes[m]);
            const auto want = static_cast<uint8_t>(0x10 + m);
            NS_TEST_ASSERT_MSG_EQ(std::count(got.begin(), got.end(), want),
                                  static_cast<std::ptrdiff_t>(sizes[m]),
                                  "message " << m << " fills [" << at << ", " << at + sizes[m]
                                             << ")");
            at += sizes[m];
        }
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(at), 0u, "nothing past the last block");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(base - 4), 0u, "nothing before the first");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetNReceived(), 5u, "five messages");
    }
};

/// Two priorities, one queue each: entries land in their own queue in order, each queue counts
/// its entries, and the high queue's action fires exactly when it becomes non-empty.
class DartPriorityQueueTestCase : public TestCase
{
  public:
    DartPriorityQueueTestCase()
        : TestCase("priority queueing: entries in their own queue, counts, an action when the "
                   "high queue becomes non-empty")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        Ptr<DartNetDevice> rx = rig.nics[1];
        const uint32_t queue = rx->CreateActionQueue(true);
        auto vcis = DartHelper::Connect(rig.ctx[0],
                                        rig.ctx[1],
                                        DartWindow{0, 8},
                                        DartWindow{32, 8},
                                        DartConnection::NO_QUEUE,
                                        queue);
        // The window: 0 high tail, 1 high count, 2 low tail, 3 low count, 4 the constant 1.
        const uint32_t highBase = 4096;
        const uint32_t lowBase = 8192;
        rx->SetRegister(32 + 0, highBase);
        rx->SetRegister(32 + 2, lowBase);
        rx->SetRegister(32 + 4, 1);
        rx->LoadTlbEntries(rig.ctx[1]->GetEndpoint(), 0, 16384); // interrupts: actions only
        std::vector<DartAction> actions;
        rx->SetActionHandler(queue, Callback<void>([&actions, rx, queue]() {
                                 uint8_t e[DartAction::BYTES];
                                 while (rx->GetActionQueue(queue)->Pop(e))
                                 {
                                     actions.push_back(DartAction::Decode(e));
                                 }
                             }));
        const DartControl high = DartCompound::MakeEnqueueNotify(0, 1, 4, 32);
        const DartControl low = DartCompound::MakeEnqueue(2, 3, 32);
        // Entry m carries m in word 0; priorities L H L H H L.
        const bool isHigh[] = {false, true, false, true, true, false};
        for (uint32_t m = 0; m < 6; ++m)
        {
            rig.ctx[0]->WriteWord(32 * m, m);
            rig.ctx[0]->Send(vcis.first, isHigh[m] ? high : low, 32 * m, 32);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(32 + 1), 3u, "three high entries counted");
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(32 + 3), 3u, "three low entries counted");
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(32 + 0), highBase + 96, "high tail");
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(32 + 2), lowBase + 96, "low tail");
        const uint32_t highOrder[] = {1, 3, 4};
        const uint32_t lowOrder[] = {0, 2, 5};
        for (uint32_t k = 0; k < 3; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(highBase + 32 * k),
                                  highOrder[k],
                                  "high entry " << k);
            NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(lowBase + 32 * k),
                                  lowOrder[k],
                                  "low entry " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(actions.size(), 1u, "one action: the high queue became non-empty");
        NS_TEST_ASSERT_MSG_EQ(actions[0].value, highBase, "raised by the entry at the head");
        NS_TEST_ASSERT_MSG_EQ(actions[0].lhs, 1u, "with a count of 1");
        NS_TEST_ASSERT_MSG_EQ(actions[0].vci, vcis.second, "on the connection");

        // The consumer drains the high queue (its stores into its interface's registers); the
        // next high entry finds it empty and raises the action again; a low one does not.
        rx->SetRegister(32 + 0, highBase);
        rx->SetRegister(32 + 1, 0);
        rig.ctx[0]->WriteWord(0, 6);
        rig.ctx[0]->Send(vcis.first, low, 0, 32);
        rig.ctx[0]->WriteWord(32, 7);
        rig.ctx[0]->Send(vcis.first, high, 32, 32);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(actions.size(), 2u, "a second action");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(highBase), 7u, "entry 7 at the head");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(lowBase + 96), 6u, "entry 6 in the low queue");
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(32 + 3), 4u, "four low entries");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNActions(), 2u, "the interface raised two");
        NS_TEST_ASSERT_MSG_EQ(SanHost::Of(rig.hosts.Get(1))->GetCpu()->GetInterrupts(),
                              2u,
                              "the host was interrupted twice in eight entries");
    }
};

/// 64 clients fetch-and-increment one counter at once, through windows that overlap on it.
class DartFetchAndIncrementTestCase : public TestCase
{
  public:
    DartFetchAndIncrementTestCase()
        : TestCase("fetch-and-increment: 64 concurrent senders get 0..63 once each; the server's "
                   "host does nothing")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t clients = 64;
        DartRig rig(clients + 1);
        const uint32_t server = clients;
        const uint32_t counter = 207;
        std::vector<uint16_t> vcis(clients);
        std::vector<uint8_t> index(clients);
        for (uint32_t i = 0; i < clients; ++i)
        {
            // Eight different windows [200 + i % 8, 208 + i % 8): all hold register 207, each
            // under another index.
            const uint32_t base = 200 + i % 8;
            vcis[i] = DartHelper::Connect(rig.ctx[i],
                                          rig.ctx[server],
                                          DartWindow{0, 0},
                                          DartWindow{base, 8})
                          .first;
            index[i] = static_cast<uint8_t>(counter - base);
        }
        std::vector<uint32_t> got;
        std::vector<uint32_t> tags;
        Time firstReply;
        for (uint32_t i = 0; i < clients; ++i)
        {
            Ptr<DartContext> ctx = rig.ctx[i];
            Simulator::Schedule(
                NanoSeconds(10 * (i % 5)),
                [&got, &tags, &firstReply, ctx, &vcis, &index, i]() {
                    DartCompound::FetchAndAdd(
                        ctx,
                        vcis[i],
                        index[i],
                        1,
                        1024,
                        1000 + i,
                        DartCompound::FetchCallback([&got, &tags, &firstReply, ctx](uint32_t old) {
                            if (got.empty())
                            {
                                firstReply = Simulator::Now();
                            }
                            got.push_back(old);
                            tags.push_back(ctx->ReadWord(1024 + 4));
                        }));
                });
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(got.size(), clients, "every client got its reply");
        std::vector<uint32_t> sorted = got;
        std::sort(sorted.begin(), sorted.end());
        for (uint32_t k = 0; k < clients; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(sorted[k], k, "the old values are a permutation of 0..63");
        }
        NS_TEST_ASSERT_MSG_GT(firstReply,
                              NanoSeconds(40),
                              "all 64 requests were outstanding at once");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[server]->GetRegister(counter), clients, "final counter");
        for (uint32_t r = 200; r < 215; ++r)
        {
            if (r != counter)
            {
                NS_TEST_ASSERT_MSG_EQ(rig.nics[server]->GetRegister(r), 0u, "register " << r);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(std::set<uint32_t>(tags.begin(), tags.end()).size(),
                              clients,
                              "each reply carried its own tag");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[server]->GetNReadsServed(), clients, "served by the card");
        Ptr<HostCpu> cpu = SanHost::Of(rig.hosts.Get(server))->GetCpu();
        NS_TEST_ASSERT_MSG_EQ(cpu->GetInterrupts(), 0u, "no interrupt at the server");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetResource()->GetBusyTime(), Seconds(0), "server CPU idle");
    }
};

/// Swap and test-and-set return the old value and leave the new one.
class DartSwapTestCase : public TestCase
{
  public:
    DartSwapTestCase()
        : TestCase("swap and test-and-set: the old value comes back, the new one stays")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        auto vcis = DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 0}, DartWindow{8, 4});
        rig.nics[1]->SetRegister(8 + 1, 0xabcd);
        std::vector<uint32_t> got;
        auto record = DartCompound::FetchCallback([&got](uint32_t v) { got.push_back(v); });
        Ptr<DartContext> c = rig.ctx[0];
        // Sequentially: swap 0xabcd -> 77, then test-and-set twice, then a plain fetch.
        DartCompound::Swap(
            c,
            vcis.first,
            1,
            77,
            512,
            1,
            DartCompound::FetchCallback([&got, c, vcis, record](uint32_t v) {
                got.push_back(v);
                DartCompound::Fetch(
                    c,
                    vcis.first,
                    DartCompound::MakeTestAndSet(2),
                    512,
                    2,
                    DartCompound::FetchCallback([&got, c, vcis, record](uint32_t v) {
                        got.push_back(v);
                        DartCompound::Fetch(
                            c,
                            vcis.first,
                            DartCompound::MakeTestAndSet(2),
                            512,
                            3,
                            DartCompound::FetchCallback([&got, c, vcis, record](uint32_t v) {
                                got.push_back(v);
                                DartCompound::Fetch(c,
                                                    vcis.first,
                                                    DartCompound::MakeFetch(1),
                                                    512,
                                                    4,
                                                    record);
                            }));
                    }));
            }));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(got.size(), 4u, "four replies");
        NS_TEST_ASSERT_MSG_EQ(got[0], 0xabcdu, "swap returned the old value");
        NS_TEST_ASSERT_MSG_EQ(got[1], 0u, "test-and-set of a free lock: 0");
        NS_TEST_ASSERT_MSG_EQ(got[2], 1u, "of a held lock: 1");
        NS_TEST_ASSERT_MSG_EQ(got[3], 77u, "fetch sees the swapped-in value");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetRegister(9), 77u, "fetch changed nothing");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetRegister(10), 1u, "lock held");
    }
};

/// 16 clients each increment one remote value k times with compare-and-swap retry loops.
class DartCompareAndSwapTestCase : public TestCase
{
  public:
    DartCompareAndSwapTestCase()
        : TestCase("compare-and-swap under contention: 16 clients x 4 increments, every success "
                   "saw a distinct old value")
    {
    }

  private:
    /// One client's loop.
    struct Client
    {
        Ptr<DartContext> ctx;
        uint16_t vci{0};
        uint32_t guess{0};
        uint32_t done{0};
        uint32_t failures{0};
    };

    void Step(Client* c)
    {
        if (c->done == m_k)
        {
            return;
        }
        DartCompound::CompareAndSwap(c->ctx,
                                     c->vci,
                                     0,
                                     1,
                                     c->guess,
                                     c->guess + 1,
                                     2048,
                                     DartCompound::CasCallback([this, c](bool ok, uint32_t found) {
                                         if (ok)
                                         {
                                             m_olds.push_back(found);
                                             ++c->done;
                                             c->guess = found + 1;
                                         }
                                         else
                                         {
                                             ++c->failures;
                                             c->guess = found;
                                         }
                                         Step(c);
                                     }));
    }

    void DoRun() override
    {
        const uint32_t n = 16;
        DartRig rig(n + 1);
        const uint32_t server = n;
        std::vector<Client> clients(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            clients[i].ctx = rig.ctx[i];
            clients[i].vci = DartHelper::Connect(rig.ctx[i],
                                                 rig.ctx[server],
                                                 DartWindow{0, 0},
                                                 DartWindow{300, 2})
                                 .first;
        }
        for (auto& c : clients)
        {
            Step(&c);
        }
        Simulator::Run();
        const uint32_t total = n * m_k;
        NS_TEST_ASSERT_MSG_EQ(rig.nics[server]->GetRegister(301), total, "final value");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[server]->GetRegister(300), 0u, "lock released");
        NS_TEST_ASSERT_MSG_EQ(m_olds.size(), total, "every increment succeeded once");
        std::vector<uint32_t> sorted = m_olds;
        std::sort(sorted.begin(), sorted.end());
        for (uint32_t k = 0; k < total; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(sorted[k], k, "distinct old values 0.." << total - 1);
        }
        uint32_t failures = 0;
        for (const auto& c : clients)
        {
            NS_TEST_ASSERT_MSG_EQ(c.done, m_k, "each client finished");
            failures += c.failures;
        }
        // All start expecting 0: only one can find it.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(failures, n - 1, "contention made CASes fail");
        NS_TEST_ASSERT_MSG_EQ(SanHost::Of(rig.hosts.Get(server))->GetCpu()->GetInterrupts(),
                              0u,
                              "the server's host took no interrupt");
    }

    const uint32_t m_k{4};        //!< increments per client
    std::vector<uint32_t> m_olds; //!< old values of successful CASes
};

/// A barrier across 64 hosts, twice.
class DartBarrierTestCase : public TestCase
{
  public:
    DartBarrierTestCase()
        : TestCase("barrier across 64 hosts: nobody released early, everyone released, one "
                   "action interrupt per episode, two episodes")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 64;
        const uint32_t releaseOffset = 2048;
        DartRig rig(n + 1);
        Ptr<DartContext> coord = rig.ctx[0];
        Ptr<DartNetDevice> coordNic = rig.nics[0];
        const uint32_t counter = 500;
        Ptr<DartBarrier> barrier = Create<DartBarrier>(coord, counter, 0);
        // The kernels have loaded the TLB entries of the blocks involved, so that the only
        // interrupts are the barrier's.
        coordNic->LoadTlbEntries(coord->GetEndpoint(), 0, 32);
        for (uint32_t i = 0; i < n; ++i)
        {
            Ptr<DartContext> p = rig.ctx[i + 1];
            rig.nics[i + 1]->LoadTlbEntries(p->GetEndpoint(), releaseOffset, 32);
            if (i % 2 == 0)
            {
                // Join: the connection (a window ending at the counter) and AddParticipant.
                NS_TEST_ASSERT_MSG_EQ(barrier->Join(p, static_cast<uint8_t>(i % 4), releaseOffset),
                                      i,
                                      "participant number");
                continue;
            }
            const uint32_t base = counter - i % 4; // overlapping windows of four
            auto v = DartHelper::Connect(p,
                                         coord,
                                         DartWindow{0, 0},
                                         DartWindow{base, 4},
                                         DartConnection::NO_QUEUE,
                                         barrier->GetActionQueue());
            NS_TEST_ASSERT_MSG_EQ(
                barrier->AddParticipant(p, v.first, v.second, i % 4, releaseOffset),
                i,
                "participant number");
        }
        // Episode e: participant i arrives at start + delay(i); released, it goes to the next.
        std::vector<std::vector<Time>> arrived(2, std::vector<Time>(n));
        std::vector<std::vector<Time>> released(2, std::vector<Time>(n));
        std::vector<uint32_t> episodes(n, 0);
        std::function<void(uint32_t)> arrive = [&](uint32_t i) {
            const uint32_t e = episodes[i];
            arrived[e][i] = Simulator::Now();
            barrier->Arrive(i, Callback<void>([&, i, e]() {
                                released[e][i] = Simulator::Now();
                                episodes[i] = e + 1;
                                if (e == 0)
                                {
                                    // The second episode in the reverse order.
                                    Simulator::Schedule(NanoSeconds(100 * (n - i)),
                                                        [&arrive, i]() { arrive(i); });
                                }
                            }));
        };
        // Episode 1: 63 arrive 500 ns apart; the last one long after they have all been
        // counted.
        const Time last = MicroSeconds(100);
        for (uint32_t i = 0; i < n; ++i)
        {
            Simulator::Schedule(i + 1 < n ? NanoSeconds(500 * i) : last,
                                [&arrive, i]() { arrive(i); });
        }
        // Just before the last arrival: 63 counted, nobody released.
        uint32_t counterBefore = 0;
        uint32_t releasedBefore = 0;
        Simulator::Schedule(last - NanoSeconds(1), [&]() {
            counterBefore = coordNic->GetRegister(counter);
            for (uint32_t i = 1; i <= n; ++i)
            {
                releasedBefore += rig.ctx[i]->ReadWord(releaseOffset) != 0 ? 1 : 0;
            }
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(counterBefore, n - 1, "63 arrivals counted");
        NS_TEST_ASSERT_MSG_EQ(releasedBefore, 0u, "nobody released before the last arrival");
        for (uint32_t e = 0; e < 2; ++e)
        {
            const Time lastArrival = *std::max_element(arrived[e].begin(), arrived[e].end());
            const Time firstRelease = *std::min_element(released[e].begin(), released[e].end());
            NS_TEST_ASSERT_MSG_GT(firstRelease, lastArrival, "episode " << e << ": none early");
        }
        NS_TEST_ASSERT_MSG_GT(*std::min_element(arrived[1].begin(), arrived[1].end()),
                              *std::min_element(released[0].begin(), released[0].end()),
                              "episode 2 began after a release");
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(episodes[i], 2u, "participant " << i << " released twice");
            NS_TEST_ASSERT_MSG_EQ(rig.ctx[i + 1]->ReadWord(releaseOffset), 2u, "epoch word");
        }
        NS_TEST_ASSERT_MSG_EQ(barrier->GetEpoch(), 2u, "two episodes");
        NS_TEST_ASSERT_MSG_EQ(barrier->GetNActions(), 2u, "the handler took two actions");
        NS_TEST_ASSERT_MSG_EQ(coordNic->GetNActions(), 2u, "one action per episode");
        NS_TEST_ASSERT_MSG_EQ(SanHost::Of(rig.hosts.Get(0))->GetCpu()->GetInterrupts(),
                              2u,
                              "one interrupt per episode at the coordinator");
        NS_TEST_ASSERT_MSG_EQ(coordNic->GetRegister(counter), 0u, "counter reset");
        NS_TEST_ASSERT_MSG_EQ(coordNic->GetNReceived(), 2u * n, "128 arrivals");
    }
};

/// The suite.
class SanDartCompoundTestSuite : public TestSuite
{
  public:
    SanDartCompoundTestSuite()
        : TestSuite("san-dart-compound", UNIT)
    {
        AddTestCase(new DartStoreIndirectTestCase, TestCase::QUICK);
        AddTestCase(new DartPriorityQueueTestCase, TestCase::QUICK);
        AddTestCase(new DartFetchAndIncrementTestCase, TestCase::QUICK);
        AddTestCase(new DartSwapTestCase, TestCase::QUICK);
        AddTestCase(new DartCompareAndSwapTestCase, TestCase::QUICK);
        AddTestCase(new DartBarrierTestCase, TestCase::QUICK);
    }
};

static SanDartCompoundTestSuite g_sanDartCompoundTestSuite; //!< registers the suite

} // namespace
