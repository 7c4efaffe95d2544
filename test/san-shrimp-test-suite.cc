/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-shrimp": the SHRIMP interface (ShrimpNetDevice) and VMMC (VmmcDaemon,
// VmmcEndpoint) on the SHRIMP prototype (ShrimpScenario): combining and its timer, the page
// tables (a disabled page freezes the datapath, interrupts, and nothing is written), the
// notification rule, the Arbiter's priority, unexport and unimport waiting for pending
// packets, deliberate update's alignment, import permissions, notifications' blocking and
// discarding, and the memory system's cache policies.

#include "protection-fuzz/san-protection-fuzzer.h"
#include "protection-fuzz/shrimp-protection-fuzz-adapter.h"
#include "san-test-util.h"

#include "ns3/config.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/shrimp-helper.h"
#include "ns3/shrimp-page-tables.h"
#include "ns3/shrimp-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/vmmc-daemon.h"
#include "ns3/vmmc-endpoint.h"

#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Host 0 (process A) and host 3 (process B, the opposite corner of the 2x2 mesh). B exports a
 * two-page receive buffer, cached write-through; A imports it and, if asked, binds a two-page
 * send buffer to it. Set-up takes simulated milliseconds; tests act from kStart on.
 */
struct ShrimpRig
{
    static constexpr uint32_t PAGES = 2; //!< buffer pages
    std::unique_ptr<ShrimpScenario> s;   //!< the prototype
    Ptr<VmmcEndpoint> a;                 //!< process A on host 0
    Ptr<VmmcEndpoint> b;                 //!< process B on host 3
    uint64_t recv{0};                    //!< B's receive buffer
    uint64_t send{0};                    //!< A's bound send buffer
    uint64_t user{0};                    //!< A's user memory (write-back)
    uint32_t exportId{0};                //!< B's export
    int32_t handle{-1};                  //!< A's import
    uint32_t page{4096};                 //!< page size

    /// \param bind bind A's send buffer \param options its options
    explicit ShrimpRig(bool bind = false, VmmcEndpoint::BindOptions options = {})
    {
        s = std::make_unique<ShrimpScenario>(ShrimpScenario::Configure(2, 2));
        a = s->CreateEndpoint(0);
        b = s->CreateEndpoint(3);
        page = a->GetPageBytes();
        recv = b->Allocate(PAGES * page, HostMemorySystem::WRITE_THROUGH);
        send = a->Allocate(PAGES * page);
        user = a->Allocate(PAGES * page);
        b->Export(recv, PAGES * page, {}, MakeCallback(&ShrimpRig::Exported, this));
        bindOptions = options;
        doBind = bind;
    }

    /// Time by which set-up is over.
    static Time Start()
    {
        return MilliSeconds(10);
    }

    /// \param i a host \return its device
    Ptr<ShrimpNetDevice> Nic(uint32_t i) const
    {
        return s->nics[i];
    }

    /// \param off offset in B's buffer \param n bytes \return them
    std::vector<uint8_t> Received(uint32_t off, uint32_t n) const
    {
        std::vector<uint8_t> v(n);
        b->GetMemory()->Read(recv + off, v.data(), n);
        return v;
    }

    /// \param n bytes \param seed first value \return a pattern
    static std::vector<uint8_t> Pattern(uint32_t n, uint8_t seed = 1)
    {
        std::vector<uint8_t> v(n);
        std::iota(v.begin(), v.end(), seed);
        return v;
    }

    bool doBind{false};                    //!< bind A's send buffer
    VmmcEndpoint::BindOptions bindOptions; //!< with these options

  private:
    void Exported(uint32_t id)
    {
        exportId = id;
        a->Import(3, id, MakeCallback(&ShrimpRig::Imported, this));
    }

    void Imported(int32_t h)
    {
        handle = h;
        if (doBind)
        {
            a->Bind(send, PAGES * page, h, 0, bindOptions, Callback<void, bool>([](bool ok) {
                        NS_ABORT_MSG_UNLESS(ok, "bind refused");
                    }));
        }
    }
};

/// Consecutive automatic updates to a combining page leave as one packet; a write elsewhere
/// sends it; without combining every write is a packet; a non-consecutive write starts a new
/// packet.
class ShrimpCombiningTestCase : public TestCase
{
  public:
    ShrimpCombiningTestCase()
        : TestCase("combining: consecutive writes share a packet, others start a new one")
    {
    }

  private:
    /// \param combine combining on \param offsets word offsets written, in order
    /// \return packets A sent
    uint64_t Run(bool combine, const std::vector<uint32_t>& offsets)
    {
        VmmcEndpoint::BindOptions o;
        o.combine = combine;
        o.timer = false;
        ShrimpRig r(true, o);
        // Words written one store at a time, then one write to the second page, which closes
        // any open packet. (The loop lives on this frame: no self-owning closure.)
        std::function<void(size_t)> next = [&r, &offsets, &next](size_t i) {
            if (i == offsets.size())
            {
                r.a->StoreWord(r.send + r.page, 0xAAAA, Callback<void>([]() {}));
                return;
            }
            r.a->StoreWord(r.send + offsets[i],
                           0x100 + static_cast<uint32_t>(i),
                           Callback<void>([&next, i]() { next(i + 1); }));
        };
        Simulator::Schedule(ShrimpRig::Start(), [&next]() { next(0); });
        Simulator::Run();
        const uint64_t sent = r.Nic(0)->GetNPacketsSent();
        for (size_t i = 0; i < offsets.size(); ++i)
        {
            const auto v = r.Received(offsets[i], 4);
            NS_TEST_EXPECT_MSG_EQ(uint32_t(v[0] | v[1] << 8), 0x100 + i, "word " << i << " landed");
        }
        NS_TEST_EXPECT_MSG_EQ(r.Nic(3)->GetNPacketsDelivered(), sent, "every packet landed");
        Simulator::Destroy();
        return sent;
    }

    void DoRun() override
    {
        // Four consecutive words, then the closing write to the other page: one packet when
        // combined (the closer opens a packet of its own, which stays open without a timer),
        // five without combining.
        NS_TEST_EXPECT_MSG_EQ(Run(true, {0, 4, 8, 12}), 1u, "combined: one packet");
        NS_TEST_EXPECT_MSG_EQ(Run(false, {0, 4, 8, 12}), 5u, "not combined: one per write");
        // A gap (offset 12 after 4) starts a new packet.
        NS_TEST_EXPECT_MSG_EQ(Run(true, {0, 4, 12, 16}), 2u, "a gap starts a new packet");
    }
};

/// With the timer a combined packet leaves CombineTimeout after the last write; without it,
/// it waits for the next write.
class ShrimpCombineTimerTestCase : public TestCase
{
  public:
    ShrimpCombineTimerTestCase()
        : TestCase("combining timer: an idle combined packet leaves after CombineTimeout")
    {
    }

  private:
    /// \param timer timer on \param[out] written when the last word was in memory
    /// \return when B's word landed (zero if never before the closing write at +1 ms)
    Time Run(bool timer, Time& written, uint64_t& packetsBeforeCloser)
    {
        VmmcEndpoint::BindOptions o;
        o.combine = true;
        o.timer = timer;
        ShrimpRig r(true, o);
        Time landed;
        r.b->GetMemory()->WatchWrites(r.recv, 8, Callback<void>([&landed]() {
                                          if (landed.IsZero())
                                          {
                                              landed = Simulator::Now();
                                          }
                                      }));
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            r.a->StoreWord(r.send, 1, Callback<void>([&]() {
                               r.a->StoreWord(r.send + 4, 2, Callback<void>([&]() {
                                                  written = Simulator::Now();
                                              }));
                           }));
        });
        Simulator::Schedule(ShrimpRig::Start() + MilliSeconds(1), [&]() {
            packetsBeforeCloser = r.Nic(0)->GetNPacketsSent();
            r.a->StoreWord(r.send + r.page, 3, Callback<void>([]() {}));
        });
        Simulator::Run();
        Simulator::Destroy();
        return landed;
    }

    void DoRun() override
    {
        Time written;
        uint64_t before = 0;
        const Time withTimer = Run(true, written, before);
        NS_TEST_EXPECT_MSG_EQ(before, 1u, "the timer sent the packet before the closing write");
        NS_TEST_EXPECT_MSG_GT(withTimer, written + MicroSeconds(2), "not before the timeout");
        NS_TEST_EXPECT_MSG_LT(withTimer, written + MicroSeconds(10), "soon after it");
        const Time withoutTimer = Run(false, written, before);
        NS_TEST_EXPECT_MSG_EQ(before, 0u, "without the timer the packet waited");
        NS_TEST_EXPECT_MSG_GT(withoutTimer,
                              ShrimpRig::Start() + MilliSeconds(1),
                              "until the next write");
    }
};

/// A packet for a page the IPT does not enable freezes the receive datapath and interrupts
/// the CPU; nothing is written; the driver drops it and later packets land.
class ShrimpDisabledPageTestCase : public TestCase
{
  public:
    ShrimpDisabledPageTestCase()
        : TestCase("IPT: a disabled page freezes, interrupts, writes nothing; then thaws")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpRig r;
        // A page of B's memory that nobody exported, full of canaries.
        const uint64_t secret = r.b->Allocate(r.page);
        const auto canary = ShrimpRig::Pattern(r.page, 99);
        r.b->GetMemory()->Write(secret, canary.data(), r.page);
        bool frozenSeen = false;
        uint64_t interruptsBefore = 0;
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            // A rogue sender: its OPT entry (as a compromised daemon would set) names B's
            // secret page. Then a legitimate deliberate update follows it.
            ShrimpOutgoingEntry e;
            e.dstHost = 3;
            e.dstPage = secret;
            const uint64_t rogueProxy = uint64_t(1) << 30;
            r.Nic(0)->SetOutgoingEntry(rogueProxy, e);
            const auto data = ShrimpRig::Pattern(64, 5);
            r.a->GetMemory()->Write(r.user, data.data(), 64);
            interruptsBefore = r.b->GetCpu()->GetInterrupts();
            NS_TEST_EXPECT_MSG_EQ(
                r.Nic(0)->DeliberateUpdate(r.user, rogueProxy * r.page, 64, false, {}, {}),
                true,
                "the rogue update leaves");
            r.a->SendDeliberate(r.handle, 128, r.user, 64, false, Callback<void, bool>([](bool) {
                                }));
        });
        Simulator::Schedule(ShrimpRig::Start() + MicroSeconds(9),
                            [&]() { frozenSeen = r.Nic(3)->IsFrozen(); });
        Simulator::Run();
        std::vector<uint8_t> after(r.page);
        r.b->GetMemory()->Read(secret, after.data(), r.page);
        NS_TEST_EXPECT_MSG_EQ((after == canary), true, "nothing written into the disabled page");
        NS_TEST_EXPECT_MSG_EQ(r.Nic(3)->GetNDropped(ShrimpNetDevice::DISABLED_PAGE),
                              1u,
                              "dropped as DISABLED_PAGE");
        NS_TEST_EXPECT_MSG_EQ(r.Nic(3)->GetNFreezes(), 1u, "one freeze");
        NS_TEST_EXPECT_MSG_GT(r.b->GetCpu()->GetInterrupts(),
                              interruptsBefore,
                              "the CPU was interrupted");
        NS_TEST_EXPECT_MSG_EQ(frozenSeen, true, "the datapath was frozen meanwhile");
        NS_TEST_EXPECT_MSG_EQ(r.Nic(3)->IsFrozen(), false, "and thawed");
        NS_TEST_EXPECT_MSG_EQ((r.Received(128, 64) == ShrimpRig::Pattern(64, 5)),
                              true,
                              "the legitimate update behind it landed");
        Simulator::Destroy();
    }
};

/// A notification interrupt comes only when both the sender's and the receiver's flag are
/// set.
class ShrimpNotificationRuleTestCase : public TestCase
{
  public:
    ShrimpNotificationRuleTestCase()
        : TestCase("notification: interrupt only when sender and receiver flags are both set")
    {
    }

  private:
    /// \return handler runs
    uint32_t Run(bool senderFlag, bool receiverFlag)
    {
        ShrimpRig r;
        uint32_t handled = 0;
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            auto send = [&]() {
                r.a->SendDeliberate(r.handle,
                                    0,
                                    r.user,
                                    16,
                                    senderFlag,
                                    Callback<void, bool>([](bool) {}));
            };
            if (receiverFlag)
            {
                r.b->SetNotificationHandler(r.exportId,
                                            VmmcEndpoint::NotificationHandler(
                                                [&handled](uint32_t, uint64_t) { ++handled; }),
                                            Callback<void>(send));
            }
            else
            {
                send();
            }
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(r.Nic(3)->GetNPacketsDelivered(), 1u, "the data landed");
        NS_TEST_EXPECT_MSG_EQ(r.Nic(3)->GetNNotifications(),
                              uint64_t(handled),
                              "one interrupt per notification");
        Simulator::Destroy();
        return handled;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(Run(true, true), 1u, "both flags: notified");
        NS_TEST_EXPECT_MSG_EQ(Run(true, false), 0u, "receiver flag clear: not notified");
        NS_TEST_EXPECT_MSG_EQ(Run(false, true), 0u, "sender flag clear: not notified");
        NS_TEST_EXPECT_MSG_EQ(Run(false, false), 0u, "neither: not notified");
    }
};

/// Notifications are queued while blocked, delivered in order on unblock, discarded when
/// not accepted, and a process can wait for one.
class ShrimpNotificationQueueTestCase : public TestCase
{
  public:
    ShrimpNotificationQueueTestCase()
        : TestCase("notifications: blocked ones queue, discarded ones vanish, wait resumes")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpRig r;
        std::vector<uint64_t> seen;
        Time unblockAt = ShrimpRig::Start() + MilliSeconds(1);
        Time firstHandled;
        bool waited = false;
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            r.b->SetNotificationHandler(
                r.exportId,
                VmmcEndpoint::NotificationHandler([&](uint32_t, uint64_t addr) {
                    if (seen.empty())
                    {
                        firstHandled = Simulator::Now();
                    }
                    seen.push_back(addr - r.recv);
                }),
                Callback<void>([&]() {
                    r.b->BlockNotifications(r.exportId);
                    r.a->SendDeliberate(r.handle,
                                        0,
                                        r.user,
                                        8,
                                        true,
                                        Callback<void, bool>([&](bool) {
                                            r.a->SendDeliberate(r.handle,
                                                                256,
                                                                r.user,
                                                                8,
                                                                true,
                                                                Callback<void, bool>([](bool) {}));
                                        }));
                }));
        });
        Simulator::Schedule(unblockAt, [&]() {
            NS_TEST_EXPECT_MSG_EQ(seen.size(), 0u, "nothing delivered while blocked");
            r.b->UnblockNotifications(r.exportId);
        });
        Simulator::Schedule(unblockAt + MilliSeconds(1), [&]() {
            r.b->SetNotificationsAccepted(r.exportId, false);
            r.a->SendDeliberate(r.handle, 512, r.user, 8, true, Callback<void, bool>([](bool) {}));
        });
        Simulator::Schedule(unblockAt + MilliSeconds(2), [&]() {
            r.b->SetNotificationsAccepted(r.exportId, true);
            r.b->WaitForNotification(r.exportId, Callback<void>([&]() { waited = true; }));
            r.a->SendDeliberate(r.handle, 1024, r.user, 8, true, Callback<void, bool>([](bool) {}));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(seen.size(), 3u, "two queued + one after waiting");
        NS_TEST_EXPECT_MSG_EQ(seen[0], 0u, "in order");
        NS_TEST_EXPECT_MSG_EQ(seen[1], 256u, "in order");
        NS_TEST_EXPECT_MSG_EQ(seen[2], 1024u, "the discarded one never ran");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(firstHandled, unblockAt, "queued until unblocked");
        NS_TEST_EXPECT_MSG_EQ(r.b->GetNNotificationsDiscarded(), 1u, "one discarded");
        NS_TEST_EXPECT_MSG_EQ(waited, true, "the waiting process resumed");
        Simulator::Destroy();
    }
};

/// The Arbiter serves incoming packets before queued outgoing ones.
class ShrimpArbiterPriorityTestCase : public TestCase
{
  public:
    ShrimpArbiterPriorityTestCase()
        : TestCase("arbiter: incoming packets pass queued outgoing ones at the NIC chip's port")
    {
    }

  private:
    void DoRun() override
    {
        // A slow port (8 Mbit/s: 1 KB packets take 1 ms) makes the port the bottleneck.
        Config::SetDefault("ns3::ShrimpCostModel::PortRate", DataRateValue(DataRate("8Mbps")));
        ShrimpRig r;
        // B sends 16 KB to A's buffer (A exports too), queueing 16 packets at B's port; A's
        // one-word update to B arrives meanwhile.
        const uint64_t aRecv = r.a->Allocate(4 * r.page);
        int32_t bHandle = -1;
        r.a->Export(aRecv, 4 * r.page, {}, Callback<void, uint32_t>([&](uint32_t id) {
                        r.b->Import(0, id, Callback<void, int32_t>([&](int32_t h) {
                                        bHandle = h;
                                    }));
                    }));
        const uint64_t bUser = r.b->Allocate(4 * r.page);
        Time arrived;
        r.b->GetMemory()->WatchWrites(r.recv, 4, Callback<void>([&]() {
                                          arrived = Simulator::Now();
                                      }));
        Time sentAt;
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            r.b->SendDeliberate(bHandle,
                                0,
                                bUser,
                                4 * r.page,
                                false,
                                Callback<void, bool>([](bool) {}));
        });
        Simulator::Schedule(ShrimpRig::Start() + MilliSeconds(2), [&]() {
            sentAt = Simulator::Now();
            r.a->SendDeliberate(r.handle, 0, r.user, 4, false, Callback<void, bool>([](bool) {}));
        });
        Simulator::Run();
        Config::Reset();
        // FIFO service would make it wait behind most of B's packets (10+ ms).
        NS_TEST_EXPECT_MSG_GT(arrived, sentAt, "it arrived");
        NS_TEST_EXPECT_MSG_LT(arrived - sentAt,
                              MilliSeconds(5),
                              "after at most the packets in service");
        Simulator::Destroy();
    }
};

/// Unimport and unexport return only once the packets sent under the mapping have landed.
class ShrimpUnmapWaitsTestCase : public TestCase
{
  public:
    ShrimpUnmapWaitsTestCase()
        : TestCase("unimport and unexport wait until pending packets are delivered")
    {
    }

  private:
    /// \param unexport B unexports (else A unimports)
    void Run(bool unexport)
    {
        ShrimpRig r;
        const uint32_t bytes = ShrimpRig::PAGES * r.page;
        const auto data = ShrimpRig::Pattern(bytes, 3);
        r.a->GetMemory()->Write(r.user, data.data(), bytes);
        uint64_t deliveredAtDone = 0;
        bool done = false;
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            r.a->SendDeliberate(r.handle,
                                0,
                                r.user,
                                bytes,
                                false,
                                Callback<void, bool>([&](bool ok) {
                                    NS_TEST_EXPECT_MSG_EQ(ok, true, "sent");
                                    // The source has been read; its last packets are still on the
                                    // way.
                                    NS_TEST_EXPECT_MSG_LT(r.Nic(3)->GetNPacketsDelivered(),
                                                          r.Nic(0)->GetNPacketsSent(),
                                                          "packets pending");
                                    Callback<void> cb([&]() {
                                        done = true;
                                        deliveredAtDone = r.Nic(3)->GetNPacketsDelivered();
                                    });
                                    if (unexport)
                                    {
                                        r.b->Unexport(r.exportId, cb);
                                    }
                                    else
                                    {
                                        r.a->Unimport(r.handle, cb);
                                    }
                                }));
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(done, true, "it returned");
        NS_TEST_EXPECT_MSG_EQ(deliveredAtDone,
                              r.Nic(0)->GetNPacketsSent(),
                              "after every packet landed");
        NS_TEST_EXPECT_MSG_EQ((r.Received(0, bytes) == data), true, "all data there");
        if (unexport)
        {
            NS_TEST_EXPECT_MSG_EQ((!r.Nic(3)->FindIncomingEntry(r.recv / r.page) ||
                                   !r.Nic(3)->FindIncomingEntry(r.recv / r.page)->enabled),
                                  true,
                                  "the pages are disabled");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(r.a->GetImportSize(r.handle), 0u, "the import is gone");
        }
        Simulator::Destroy();
    }

    void DoRun() override
    {
        Run(false);
        Run(true);
    }
};

/// Deliberate update needs word-aligned source and destination; a process writes only to what
/// it imported, and only hosts an export allows may import it.
class ShrimpProtectionRulesTestCase : public TestCase
{
  public:
    ShrimpProtectionRulesTestCase()
        : TestCase("deliberate update alignment, import permissions, only imported buffers")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpRig r;
        std::vector<int> results;
        int32_t refusedImport = 7;
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            auto record = [&results](bool ok) { results.push_back(ok ? 1 : 0); };
            r.a->SendDeliberate(r.handle, 0, r.user + 2, 8, false, Callback<void, bool>(record));
            r.a->SendDeliberate(r.handle, 6, r.user, 8, false, Callback<void, bool>(record));
            r.a->SendDeliberate(r.handle + 5, 0, r.user, 8, false, Callback<void, bool>(record));
            r.a->SendDeliberate(r.handle,
                                2 * r.page - 4,
                                r.user,
                                8,
                                false,
                                Callback<void, bool>(record));
            r.a->SendDeliberate(r.handle, 8, r.user, 8, false, Callback<void, bool>(record));
            // An export only host 1 may import: host 0 is refused.
            const uint64_t priv = r.b->Allocate(r.page);
            r.b->Export(priv, r.page, {1}, Callback<void, uint32_t>([&](uint32_t id) {
                            r.a->Import(3, id, Callback<void, int32_t>([&](int32_t h) {
                                            refusedImport = h;
                                        }));
                        }));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(results.size(), 5u, "every call returned");
        NS_TEST_EXPECT_MSG_EQ(results[0], 0, "misaligned source refused");
        NS_TEST_EXPECT_MSG_EQ(results[1], 0, "misaligned destination refused");
        NS_TEST_EXPECT_MSG_EQ(results[2], 0, "a handle never imported refused");
        NS_TEST_EXPECT_MSG_EQ(results[3], 0, "past the buffer's end refused");
        NS_TEST_EXPECT_MSG_EQ(results[4], 1, "a proper one accepted");
        NS_TEST_EXPECT_MSG_EQ(r.Nic(0)->GetNPacketsSent(), 1u, "only it was sent");
        NS_TEST_EXPECT_MSG_EQ(refusedImport, -1, "import refused to a host not allowed");
        Simulator::Destroy();
    }
};

/// ExportAll exports several buffers at once: one call back with their ids in order, at the
/// time a single Export takes, each with its own import permission.
class ShrimpExportAllTestCase : public TestCase
{
  public:
    ShrimpExportAllTestCase()
        : TestCase("ExportAll: ids in order, the time of one Export, each region's permission")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpRig r;
        std::vector<uint32_t> ids;
        uint32_t calls = 0;
        Time oneDone;
        Time allDone;
        std::vector<int32_t> handles(3, 7);
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            const uint64_t one = r.b->Allocate(r.page);
            r.b->Export(one, r.page, {}, Callback<void, uint32_t>([&](uint32_t) {
                            oneDone = Simulator::Now();
                        }));
            std::vector<VmmcEndpoint::ExportRegion> regions;
            regions.push_back({r.b->Allocate(r.page), r.page, {}});          // any host
            regions.push_back({r.b->Allocate(2 * r.page), 2 * r.page, {0}}); // host 0 (A)
            regions.push_back({r.b->Allocate(r.page), r.page, {1}});         // host 1 only
            r.b->ExportAll(regions, VmmcEndpoint::ExportAllCallback([&](std::vector<uint32_t> v) {
                               ++calls;
                               ids = v;
                               allDone = Simulator::Now();
                               for (uint32_t i = 0; i < v.size(); ++i)
                               {
                                   r.a->Import(3, v[i], Callback<void, int32_t>([&, i](int32_t h) {
                                                   handles[i] = h;
                                               }));
                               }
                           }));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(calls, 1u, "one call back for all the regions");
        NS_TEST_ASSERT_MSG_EQ(ids.size(), 3u, "an id for each region");
        NS_TEST_EXPECT_MSG_EQ((ids[0] < ids[1] && ids[1] < ids[2]), true, "ids in region order");
        NS_TEST_EXPECT_MSG_EQ((ids[0] != r.exportId), true, "new exports");
        NS_TEST_EXPECT_MSG_GT(allDone, ShrimpRig::Start(), "set-up takes time");
        NS_TEST_EXPECT_MSG_EQ(allDone, oneDone, "the time one Export takes");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(handles[0], 0, "any host may import the first");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(handles[1], 0, "host 0 may import the second");
        NS_TEST_EXPECT_MSG_EQ(handles[2], -1, "host 0 may not import the third");
        Simulator::Destroy();
    }
};

/// Bound write-back pages would hide their stores in the cache: Bind makes them
/// write-through; an unbound page's writes are not sent.
class ShrimpCachePolicyTestCase : public TestCase
{
  public:
    ShrimpCachePolicyTestCase()
        : TestCase("cache policy: bound pages write-through, write-back stores are not snooped")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpRig r(true);
        Simulator::Schedule(ShrimpRig::Start(), [&]() {
            NS_TEST_EXPECT_MSG_EQ(r.a->GetMemorySystem()->GetCachePolicy(r.send),
                                  HostMemorySystem::WRITE_THROUGH,
                                  "bound page is write-through");
            // Someone (a buggy kernel) turns the page back to write-back: stores stay cached.
            r.a->GetMemorySystem()->SetCachePolicy(r.send, r.page, HostMemorySystem::WRITE_BACK);
            r.a->StoreWord(r.send, 42, Callback<void>([&]() {
                               r.a->GetMemorySystem()->SetCachePolicy(
                                   r.send,
                                   r.page,
                                   HostMemorySystem::WRITE_THROUGH);
                               r.a->StoreWord(r.send + r.page, 43, Callback<void>([]() {}));
                           }));
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(r.Nic(0)->GetNUpdatesSnooped(), 1u, "only the write-through store");
        NS_TEST_EXPECT_MSG_EQ(r.Received(0, 1)[0], 0, "the cached store never left");
        NS_TEST_EXPECT_MSG_EQ(r.Received(r.page, 1)[0], 43, "the write-through one did");
        Simulator::Destroy();
    }
};

/**
 * The shared protection fuzzer (SanProtectionFuzzer): rogue packets forged by
 * ShrimpProtectionFuzzAdapter, sent from another host or injected into the receive path; only
 * enabled pages may change, and every packet is accounted for.
 */
class ShrimpFuzzTestCase : public TestCase
{
  public:
    ShrimpFuzzTestCase()
        : TestCase("protection fuzzer: rogue packets never land outside enabled pages")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpScenario s(ShrimpScenario::Configure(2, 2));
        Ptr<ShrimpProtectionFuzzAdapter> adapter =
            Create<ShrimpProtectionFuzzAdapter>(s.nics[3], s.nics[0]->GetFabricPort());
        Ptr<SanProtectionFuzzer> fuzzer = CreateObject<SanProtectionFuzzer>();
        fuzzer->SetAttribute("Packets", UintegerValue(2000));
        fuzzer->SetAdapter(adapter);
        fuzzer->AssignStreams(1996);
        const SanFuzzReport report = fuzzer->Run();
        NS_TEST_EXPECT_MSG_EQ(report.Passed(), true, report.Describe());
        NS_TEST_EXPECT_MSG_EQ(report.injected, 2000u, "every packet injected");
        NS_TEST_EXPECT_MSG_GT(report.viaFabric, 0u, "some over the fabric");
        NS_TEST_EXPECT_MSG_GT(report.direct, 0u, "some straight into the receive path");
        NS_TEST_EXPECT_MSG_EQ(report.wrongBytes + report.strayBytes + report.canaryBytes,
                              0u,
                              "no wrong or stray bytes");
        NS_TEST_EXPECT_MSG_GT(report.bytesExpected, 0u, "writes landed");
        for (uint32_t reason : ShrimpProtectionFuzzAdapter::GetFuzzedReasons())
        {
            NS_TEST_EXPECT_MSG_GT(report.countedDrops[reason],
                                  0u,
                                  "reason " << report.reasonNames[reason] << " exercised");
        }
        for (uint32_t c = 0; c < report.perCase.size(); ++c)
        {
            NS_TEST_EXPECT_MSG_GT(report.perCase[c], 0u, "case " << report.caseNames[c]);
        }
        NS_TEST_EXPECT_MSG_EQ(s.nics[3]->GetNFreezes(),
                              report.countedDrops[ShrimpNetDevice::DISABLED_PAGE],
                              "a freeze per disabled-page packet");
        fuzzer->Dispose();
        Simulator::Destroy();
    }
};

/// \param extra added to the cost preset's DatapathLatency through the helper (zero: the
/// helper's SetCostModel is not called) \return a 1 KB deliberate update's time from its
/// initiation to its last word in the receiver's memory
Time
ShrimpPresetUpdateTime(Time extra)
{
    NodeContainer hosts;
    hosts.Create(2);
    SanHostHelper hostHelper;
    hostHelper.SetPreset("ns3::Dec560stHostPreset");
    hostHelper.Install(hosts);
    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
    NetDeviceContainer eps = fabric.Install(hosts);
    ShrimpHelper shrimp;
    if (!extra.IsZero())
    {
        shrimp.SetCostModel("ns3::ShrimpCostModel");
        shrimp.SetCostModelAttribute("DatapathLatency", TimeValue(NanoSeconds(2300) + extra));
    }
    shrimp.Install(hosts, eps);
    Ptr<VmmcEndpoint> a = VmmcDaemon::Of(hosts.Get(0))->CreateEndpoint();
    Ptr<VmmcEndpoint> b = VmmcDaemon::Of(hosts.Get(1))->CreateEndpoint();
    const uint32_t page = a->GetPageBytes();
    const uint64_t recv = b->Allocate(page);
    const uint64_t src = a->Allocate(page);
    auto sent = std::make_shared<Time>();
    auto landed = std::make_shared<Time>();
    b->GetMemory()->WatchWrites(recv + 1020, 4, Callback<void>([landed]() {
                                    *landed = Simulator::Now();
                                }));
    b->Export(recv, page, {}, VmmcEndpoint::ExportCallback([a, b, src, sent](uint32_t id) {
                  a->Import(b->GetHostNumber(),
                            id,
                            VmmcEndpoint::ImportCallback([a, src, sent](int32_t h) {
                                *sent = Simulator::Now();
                                a->SendDeliberate(h, 0, src, 1024, false, Callback<void, bool>());
                            }));
              }));
    Simulator::Run();
    Simulator::Destroy();
    return *landed - *sent;
}

/// The cost preset: ShrimpHelper::SetCostModel and SetCostModelAttribute reach the interface
/// (1 us more DatapathLatency, split between the two cards, makes a one-packet deliberate
/// update exactly 1 us longer), and a preset of the wrong type stops with a message naming it.
class ShrimpCostPresetTestCase : public TestCase
{
  public:
    ShrimpCostPresetTestCase()
        : TestCase("cost preset: chosen through ShrimpHelper, used by the interface")
    {
    }

  private:
    void DoRun() override
    {
        const Time base = ShrimpPresetUpdateTime(Seconds(0));
        const Time slower = ShrimpPresetUpdateTime(MicroSeconds(1));
        NS_TEST_EXPECT_MSG_GT(base, Seconds(0), "the update landed");
        NS_TEST_EXPECT_MSG_EQ(slower - base, MicroSeconds(1), "DatapathLatency + 1 us");
        std::string why;
        NS_TEST_EXPECT_MSG_EQ(
            santest::DiesWithMessage([]() { ShrimpHelper().SetCostModel("ns3::SciCostModel"); },
                                     "ShrimpHelper::SetCostModel: 'ns3::SciCostModel' is not a "
                                     "ns3::ShrimpCostModel",
                                     why),
            true,
            "another interface's preset: " << why);
        NS_TEST_EXPECT_MSG_EQ(
            santest::DiesWithMessage([]() { ShrimpHelper().SetCostModel("ns3::SanNicCostModel"); },
                                     "ShrimpHelper::SetCostModel: 'ns3::SanNicCostModel' is not a "
                                     "ns3::ShrimpCostModel",
                                     why),
            true,
            "the base of all presets: " << why);
    }
};

/// Mapping set-up travels over the network: an import is a request to the exporter's daemon
/// and its answer (one packet each way, a round trip after the daemon's own time); a refused
/// import takes the same trip; an unexport asks the importer's daemon to fence and waits for
/// its answer; a library's start-up message reaches the listening port with its source host.
/// Twice, with Simulator::Destroy between.
class ShrimpSetupOverNetworkTestCase : public TestCase
{
  public:
    ShrimpSetupOverNetworkTestCase()
        : TestCase("SHRIMP: daemons set up and tear down mappings with messages over the network")
    {
    }

  private:
    static void CountSent(std::vector<uint32_t>* sent, uint32_t host, uint64_t, uint32_t, uint32_t)
    {
        ++(*sent)[host];
    }

    void DoRun() override
    {
        for (int run = 0; run < 2; ++run)
        {
            auto s = std::make_unique<ShrimpScenario>(ShrimpScenario::Configure(2, 2));
            Ptr<VmmcEndpoint> a = s->CreateEndpoint(0);
            Ptr<VmmcEndpoint> b = s->CreateEndpoint(3);
            std::vector<uint32_t> sent(4, 0);
            for (uint32_t h = 0; h < 4; ++h)
            {
                Ptr<Node> node = s->nics[h]->GetNode();
                for (uint32_t d = 0; d < node->GetNDevices(); ++d)
                {
                    if (DynamicCast<SanEndpointDevice>(node->GetDevice(d)))
                    {
                        node->GetDevice(d)->TraceConnectWithoutContext(
                            "PacketSent",
                            MakeBoundCallback(&ShrimpSetupOverNetworkTestCase::CountSent,
                                              &sent,
                                              h));
                    }
                }
            }
            const Time setup = a->GetDaemon()->GetSetupTime();
            const uint32_t page = a->GetPageBytes();
            const uint64_t recv = b->Allocate(page);
            Time exportedAt;
            Time importedAt;
            Time refusedAt;
            Time unexportedAt;
            int32_t handle = -2;
            int32_t refused = -2;
            std::vector<uint32_t> atImport;
            std::vector<uint32_t> atRefusal;
            std::vector<uint32_t> atUnexport;
            b->Export(recv, page, {}, Callback<void, uint32_t>([&](uint32_t id) {
                          exportedAt = Simulator::Now();
                          a->Import(3, id, Callback<void, int32_t>([&, id](int32_t h) {
                                        importedAt = Simulator::Now();
                                        handle = h;
                                        atImport = sent;
                                        a->Import(3,
                                                  id + 100,
                                                  Callback<void, int32_t>([&, id](int32_t h2) {
                                                      refusedAt = Simulator::Now();
                                                      refused = h2;
                                                      atRefusal = sent;
                                                      b->Unexport(id, Callback<void>([&]() {
                                                                      unexportedAt =
                                                                          Simulator::Now();
                                                                      atUnexport = sent;
                                                                  }));
                                                  }));
                                    }));
                      }));
            uint32_t postFrom = 99;
            std::vector<uint8_t> postData;
            b->Listen(VmmcDaemon::FIRST_LIBRARY_PORT + 4,
                      VmmcDaemon::PostHandler([&](uint32_t src, std::vector<uint8_t> data) {
                          postFrom = src;
                          postData = data;
                      }));
            Simulator::Schedule(MicroSeconds(5), [&]() {
                a->Post(3, VmmcDaemon::FIRST_LIBRARY_PORT + 4, {7, 8, 9});
            });
            Simulator::Run();

            NS_TEST_EXPECT_MSG_EQ(handle, 0, "the import is granted");
            NS_TEST_EXPECT_MSG_EQ((importedAt > exportedAt + setup),
                                  true,
                                  "an import takes the daemon's time and a network round trip");
            NS_TEST_EXPECT_MSG_LT((importedAt - exportedAt - setup),
                                  MicroSeconds(200),
                                  "the round trip is a network's, not another set-up time");
            NS_TEST_ASSERT_MSG_EQ(atImport.size(), 4u, "import counted");
            // The start-up post (host 0) and the request (host 0); the answer (host 3).
            NS_TEST_EXPECT_MSG_EQ(atImport[0], 2u, "the post and the import request left host 0");
            NS_TEST_EXPECT_MSG_EQ(atImport[3], 1u, "the answer left host 3");
            NS_TEST_EXPECT_MSG_EQ(refused, -1, "an unknown export is refused by its daemon");
            NS_TEST_EXPECT_MSG_EQ((refusedAt > importedAt + setup),
                                  true,
                                  "the refusal also makes the trip");
            NS_TEST_ASSERT_MSG_EQ(atRefusal.size(), 4u, "refusal counted");
            NS_TEST_EXPECT_MSG_EQ(atRefusal[0] - atImport[0], 1u, "one request");
            NS_TEST_EXPECT_MSG_EQ(atRefusal[3] - atImport[3], 1u, "one answer");
            NS_TEST_ASSERT_MSG_EQ(atUnexport.size(), 4u, "the unexport finished");
            // Host 3 asks host 0 to fence and echoes its fence; host 0 sends the fence and says
            // it is done.
            NS_TEST_EXPECT_MSG_EQ(atUnexport[3] - atRefusal[3], 2u, "fence request and echo");
            NS_TEST_EXPECT_MSG_EQ(atUnexport[0] - atRefusal[0], 2u, "fence and its answer");
            NS_TEST_EXPECT_MSG_EQ(postFrom, 0u, "the post names its source host");
            NS_TEST_EXPECT_MSG_EQ((postData == std::vector<uint8_t>{7, 8, 9}),
                                  true,
                                  "the post's data arrive intact");
            s.reset();
            Simulator::Destroy();
        }
    }
};

/// ShrimpPageTable against a map of pages: entries set, replaced and cleared at random, singly
/// and as runs of consecutive pages bound to consecutive destinations (which the table keeps
/// as one run, split where a page in it is cleared or rebound), read back as set; the count of
/// entries follows, and a buffer's pages bound in order take one run.
class ShrimpPageTableTestCase : public TestCase
{
  public:
    ShrimpPageTableTestCase()
        : TestCase("page table: random sets, runs and clears against a map")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t pageBytes = 4096;
        ShrimpPageTable<ShrimpOutgoingEntry> table(pageBytes);
        std::map<uint64_t, uint64_t> expected; // page -> dstPage
        santest::FixedSequence sequence(7);
        auto next = [&sequence](uint64_t n) { return sequence.Next(n); };
        // Pages near 0 and far above (a proxy space).
        auto somePage = [&next]() {
            return next(2) == 0 ? next(300) : (uint64_t(1) << 40) + next(300);
        };
        uint32_t wrong = 0;
        for (uint32_t round = 0; round < 5000; ++round)
        {
            const uint64_t page = somePage();
            const uint32_t what = next(4);
            if (what == 0)
            {
                table.Clear(page);
                expected.erase(page);
            }
            else if (what == 1)
            {
                // A run: consecutive pages to consecutive destinations, set in either order.
                const uint64_t n = 1 + next(20);
                const uint64_t dst = next(1000) * pageBytes;
                const bool down = next(2) == 0;
                for (uint64_t i = 0; i < n; ++i)
                {
                    const uint64_t k = down ? n - 1 - i : i;
                    ShrimpOutgoingEntry e;
                    e.dstPage = dst + k * pageBytes;
                    table.Set(page + k, e);
                    expected[page + k] = e.dstPage;
                }
            }
            else
            {
                ShrimpOutgoingEntry e;
                e.dstPage = next(1000000);
                table.Set(page, e);
                expected[page] = e.dstPage;
            }
            const uint64_t probe = somePage();
            const std::optional<ShrimpOutgoingEntry> found = table.Find(probe);
            auto it = expected.find(probe);
            wrong += found.has_value() != (it != expected.end());
            wrong += found && it != expected.end() && found->dstPage != it->second;
        }
        NS_TEST_EXPECT_MSG_EQ(wrong, 0, "every page as last set or cleared");
        for (const auto& [page, dst] : expected)
        {
            const std::optional<ShrimpOutgoingEntry> found = table.Find(page);
            wrong += !found || found->dstPage != dst;
        }
        NS_TEST_EXPECT_MSG_EQ(wrong, 0, "every page held, as set");
        NS_TEST_EXPECT_MSG_EQ(table.GetSize(), expected.size(), "entries in use");
        NS_TEST_EXPECT_MSG_LT(table.GetRuns(), expected.size(), "runs joined");
        for (const auto& [page, dst] : expected)
        {
            table.Clear(page);
        }
        NS_TEST_EXPECT_MSG_EQ(table.GetSize(), 0, "all cleared");
        NS_TEST_EXPECT_MSG_EQ(table.GetRuns(), 0, "no runs left");
        NS_TEST_EXPECT_MSG_EQ(table.Find(5).has_value(), false, "nothing left");

        // An imported buffer of 130 pages: one run; a page in the middle cleared, two; bound
        // again as before, one.
        for (uint64_t i = 0; i < 130; ++i)
        {
            ShrimpOutgoingEntry e;
            e.dstHost = 3;
            e.dstPage = (1000 + i) * pageBytes;
            table.Set(5000 + i, e);
        }
        NS_TEST_EXPECT_MSG_EQ(table.GetRuns(), 1, "a buffer, one run");
        table.Clear(5060);
        NS_TEST_EXPECT_MSG_EQ(table.GetRuns(), 2, "split around the cleared page");
        NS_TEST_EXPECT_MSG_EQ(table.Find(5060).has_value(), false, "cleared");
        NS_TEST_EXPECT_MSG_EQ(table.Find(5061)->dstPage, 1061u * pageBytes, "after the cut");
        ShrimpOutgoingEntry e;
        e.dstHost = 3;
        e.dstPage = 1060 * pageBytes;
        table.Set(5060, e);
        NS_TEST_EXPECT_MSG_EQ(table.GetRuns(), 1, "joined again");
        e.dstHost = 4; // another host: its own run
        table.Set(5060, e);
        NS_TEST_EXPECT_MSG_EQ(table.GetRuns(), 3, "a page rebound elsewhere splits the run");
        NS_TEST_EXPECT_MSG_EQ(table.GetSize(), 130, "still 130 pages");
    }
};

/// The suite.
class SanShrimpTestSuite : public TestSuite
{
  public:
    SanShrimpTestSuite()
        : TestSuite("san-shrimp", UNIT)
    {
        AddTestCase(new ShrimpCombiningTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpPageTableTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpCombineTimerTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpDisabledPageTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpNotificationRuleTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpNotificationQueueTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpArbiterPriorityTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpUnmapWaitsTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpProtectionRulesTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpExportAllTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpCachePolicyTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpFuzzTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpCostPresetTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpSetupOverNetworkTestCase, TestCase::QUICK);
    }
};

static SanShrimpTestSuite g_sanShrimpTestSuite; //!< registers the suite

} // namespace
