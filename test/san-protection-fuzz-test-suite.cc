/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-protection-fuzz": the NIC layer's randomized protection harness
 * (SanProtectionFuzzer, model/nic/) run on the Hamlyn interface (HamlynProtectionFuzzAdapter):
 *
 *  - 4000 forged packets (live, revoked, released and unknown slots; right, flipped and
 *    wrong-length keys; offsets that fit, overrun by one byte or wrap near 2^32; random
 *    notification indices; truncated, empty and garbage packets), half over the fabric and
 *    half straight into the receive path, on the LANai 3 preset: nothing written outside what
 *    each packet was allowed, the expected bytes in place, every packet delivered or dropped
 *    with its case's reason, counters = trace = expectation;
 *  - a smaller run on the state-machine (cut-through) preset with 64-bit keys;
 *  - determinism: one seed, one result; another stream, another result;
 *  - the harness itself fails when a NIC misbehaves (a stray write, a misstated outcome);
 *  - revocation while a deposit is in flight (REVOKED): the slot revoked, or the area
 *    released, at every moment of a packet's life; after the call returns no byte of host
 *    memory changes, and each packet is delivered whole or dropped once, with the right reason;
 *  - the DART interface (DartProtectionFuzzAdapter): direct, indirect and indexed writes with
 *    random masks, multi-cell writes, register operations (post-increment), reads and the
 *    instruction-pointer variant, next to unknown VCIs, indices outside register windows that
 *    nest and overlap, addresses across and beyond an endpoint's bound, unimplemented opcodes
 *    and malformed cells; on the card processor (half over the fabric, half direct), on the host
 *    kernel, and direct only; every drop reason exercised, and the adapter's copy of the
 *    register file equal to the device's after every batch; the register check fails when a
 *    register changes behind the adapter's back.
 */

#include "dart-test-rig.h"
#include "protection-fuzz/dart-protection-fuzz-adapter.h"
#include "protection-fuzz/hamlyn-protection-fuzz-adapter.h"
#include "protection-fuzz/san-protection-fuzzer.h"

#include "ns3/core-module.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/hamlyn-scenario.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// \param stateMachine the cut-through preset (else LANai 3) \return a 2-host crossbar spec
HamlynScenario::Spec
TwoHosts(bool stateMachine)
{
    HamlynScenario::Spec spec;
    spec.hosts = 2;
    spec.stateMachine = stateMachine;
    spec.paperCables = false;
    return spec;
}

/// What one fuzz run is.
struct FuzzRun
{
    bool stateMachine{false}; //!< preset
    uint32_t keyBits{32};     //!< receiver's KeyBits
    uint32_t packets{4000};   //!< packets
    uint32_t slotCache{4};    //!< receiver's SlotCacheSize (small: misses)
    int64_t stream{1000};     //!< fuzzer's stream
    double fabricShare{0.5};  //!< share over the fabric
};

/**
 * Run the fuzzer on host 1 of a 2-host crossbar, packets sent over the fabric from host 0.
 * \param run what to run
 * \param wrap if set, wraps the Hamlyn adapter (to test the harness with a faulty "NIC")
 * \return the report
 */
SanFuzzReport
RunFuzz(
    const FuzzRun& run,
    std::function<Ptr<SanProtectionFuzzAdapter>(Ptr<HamlynProtectionFuzzAdapter>)> wrap = nullptr)
{
    HamlynScenario s(TwoHosts(run.stateMachine));
    Ptr<HamlynNetDevice> rx = s.nics[1];
    rx->SetAttribute("KeyBits", UintegerValue(run.keyBits));
    rx->SetAttribute("SlotCacheSize", UintegerValue(run.slotCache));
    Ptr<HamlynProtectionFuzzAdapter> hamlyn =
        Create<HamlynProtectionFuzzAdapter>(rx, s.nics[0]->GetFabricPort());
    Ptr<SanProtectionFuzzer> fuzzer = CreateObject<SanProtectionFuzzer>();
    fuzzer->SetAttribute("Packets", UintegerValue(run.packets));
    fuzzer->SetAttribute("FabricShare", DoubleValue(run.fabricShare));
    fuzzer->SetAdapter(wrap ? wrap(hamlyn) : Ptr<SanProtectionFuzzAdapter>(hamlyn));
    fuzzer->AssignStreams(run.stream);
    SanFuzzReport report = fuzzer->Run();
    fuzzer->Dispose();
    Simulator::Destroy();
    return report;
}

/// A "NIC" that misbehaves: wraps the Hamlyn adapter and breaks one rule.
class FaultyAdapter : public SanProtectionFuzzAdapter
{
  public:
    /// How it misbehaves.
    enum Fault
    {
        STRAY_WRITE,    //!< the 50th direct packet also writes a byte next to a window
        WRONG_REASON,   //!< it claims BAD_KEY packets are dropped as OUT_OF_RANGE
        LOST_DROP,      //!< it expects unknown-slot packets to be delivered
        SILENT_OVERRUN, //!< every 10th LiveFit packet lands one byte more than allowed
    };

    /// \param inner the real adapter \param fault the fault
    FaultyAdapter(Ptr<HamlynProtectionFuzzAdapter> inner, Fault fault)
        : m_inner(inner),
          m_fault(fault)
    {
    }

    Ptr<SanNicDevice> GetDevice() const override
    {
        return m_inner->GetDevice();
    }

    SanFabricPort* GetSenderPort() const override
    {
        return m_inner->GetSenderPort();
    }

    void Prepare(Ptr<UniformRandomVariable> rng) override
    {
        m_inner->Prepare(rng);
    }

    std::vector<SanFuzzWindow> GetWindows() const override
    {
        return m_inner->GetWindows();
    }

    uint32_t GetNCases() const override
    {
        return m_inner->GetNCases();
    }

    std::string GetCaseName(uint32_t c) const override
    {
        return m_inner->GetCaseName(c);
    }

    uint32_t GetCaseWeight(uint32_t c) const override
    {
        return m_inner->GetCaseWeight(c);
    }

    Ptr<Packet> Forge(uint32_t c,
                      Ptr<UniformRandomVariable> rng,
                      SanFuzzExpectation& expect) override
    {
        Ptr<Packet> p = m_inner->Forge(c, rng, expect);
        if (m_fault == WRONG_REASON && !expect.deliver && expect.reason == HamlynNetDevice::BAD_KEY)
        {
            expect.reason = HamlynNetDevice::OUT_OF_RANGE;
        }
        if (m_fault == LOST_DROP && c == HamlynProtectionFuzzAdapter::UNKNOWN_SLOT)
        {
            expect.deliver = true;
            expect.writes.clear();
        }
        if (m_fault == SILENT_OVERRUN && c == HamlynProtectionFuzzAdapter::LIVE_FIT &&
            !expect.writes.empty() && ++m_live % 10 == 0)
        {
            m_overrun.insert(p->GetUid());
            m_overrunAt[p->GetUid()] =
                expect.writes.back().address + expect.writes.back().bytes.size();
        }
        return p;
    }

    void InjectDirect(Ptr<const Packet> packet, uint32_t srcHost) override
    {
        m_inner->InjectDirect(packet, srcHost);
        Ptr<HostMemory> memory = GetDevice()->GetMemory();
        if (m_fault == STRAY_WRITE && ++m_direct == 50)
        {
            // Once: a byte just before a DATA window, in its region, in no window.
            const std::vector<SanFuzzWindow> windows = GetWindows();
            for (const auto& w : windows)
            {
                const HostMemoryRegion* r = memory->FindRegion(w.address);
                if (w.kind != SanFuzzWindow::DATA || r == nullptr || w.address == r->base)
                {
                    continue;
                }
                const uint64_t a = w.address - 1;
                bool inWindow = false;
                for (const auto& o : windows)
                {
                    inWindow = inWindow || (a >= o.address && a < o.address + o.length);
                }
                if (!inWindow)
                {
                    uint8_t b = 0;
                    memory->Read(a, &b, 1);
                    b ^= 0x5a;
                    memory->Write(a, &b, 1);
                    break;
                }
            }
        }
        auto it = m_overrunAt.find(packet->GetUid());
        if (it != m_overrunAt.end() && memory->Contains(it->second, 1) &&
            m_hit.insert(it->second).second)
        {
            // One byte past the deposit, a while later (as if the DMA ran long).
            const uint64_t at = it->second;
            Simulator::Schedule(MicroSeconds(20), [memory, at]() {
                uint8_t b = 0;
                memory->Read(at, &b, 1);
                b ^= 0xa5;
                memory->Write(at, &b, 1);
            });
        }
    }

    uint64_t GetNDelivered() const override
    {
        return m_inner->GetNDelivered();
    }

  private:
    Ptr<HamlynProtectionFuzzAdapter> m_inner; //!< the real adapter
    Fault m_fault;                            //!< the fault
    uint32_t m_direct{0};                     //!< direct injections
    uint32_t m_live{0};                       //!< LiveFit packets
    std::set<uint64_t> m_overrun;             //!< packets that overrun
    std::set<uint64_t> m_hit;                 //!< bytes overrun (each once)
    std::map<uint64_t, uint64_t> m_overrunAt; //!< where
};

} // namespace

/**
 * \ingroup san-tests
 * 4000 packets on the LANai 3 preset (and a smaller run on the state machine).
 */
class HamlynFuzzTestCase : public TestCase
{
  public:
    /// \param run what to run \param name the test's name
    HamlynFuzzTestCase(const FuzzRun& run, const std::string& name)
        : TestCase(name),
          m_run(run)
    {
    }

  private:
    void DoRun() override
    {
        SanFuzzReport r = RunFuzz(m_run);
        const std::string text = r.Describe();
        NS_TEST_ASSERT_MSG_EQ(r.Passed(), true, text);
        NS_TEST_EXPECT_MSG_EQ(r.injected, m_run.packets, text);
        NS_TEST_EXPECT_MSG_EQ(r.drained, true, text);
        NS_TEST_EXPECT_MSG_EQ(r.skipped, 0u, text);
        NS_TEST_EXPECT_MSG_EQ(r.wrongBytes + r.canaryBytes + r.strayBytes, 0u, text);
        NS_TEST_EXPECT_MSG_EQ(r.writesOutside + r.writesUnexpected + r.accessErrors, 0u, text);
        NS_TEST_EXPECT_MSG_EQ(r.delivered, r.expectDeliver, text);
        NS_TEST_EXPECT_MSG_EQ(r.delivered + r.dropsCounted, r.injected, text);
        NS_TEST_EXPECT_MSG_EQ(r.misclassified + r.unknownDrops + r.wrongSource, 0u, text);
        // The run covered what it claims to cover.
        const uint32_t perCase = m_run.packets / 40; // LiveFit has weight 6 of 20
        for (std::size_t c = 0; c < r.perCase.size(); ++c)
        {
            NS_TEST_EXPECT_MSG_GT(r.perCase[c], perCase, "case " << r.caseNames[c] << "\n" << text);
        }
        for (uint32_t reason = 0; reason < HamlynNetDevice::N_DROP_REASONS; ++reason)
        {
            if (reason != HamlynNetDevice::REVOKED)
            {
                NS_TEST_EXPECT_MSG_GT(r.countedDrops[reason],
                                      0u,
                                      "reason " << r.reasonNames[reason] << "\n"
                                                << text);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(r.countedDrops[HamlynNetDevice::REVOKED], 0u, "static tables");
        NS_TEST_EXPECT_MSG_GT(r.delivered, m_run.packets / 5, text);
        NS_TEST_EXPECT_MSG_GT(r.bytesExpected, m_run.packets * 20u, text);
        NS_TEST_EXPECT_MSG_GT(r.viaFabric, m_run.packets * 4 / 10, "half over the fabric");
        NS_TEST_EXPECT_MSG_GT(r.direct, m_run.packets * 4 / 10, "half direct");
        NS_TEST_EXPECT_MSG_GT(r.fabricRefused, 0u, "empty packets go direct");
        NS_TEST_EXPECT_MSG_GT(r.bytesCompared, 8 * 3 * 4096u, "every area compared\n" << text);
    }

    FuzzRun m_run; //!< what to run
};

/**
 * \ingroup san-tests
 * One seed gives one result; another stream another.
 */
class FuzzDeterminismTestCase : public TestCase
{
  public:
    FuzzDeterminismTestCase()
        : TestCase("determinism: the same stream gives the same run, another stream another")
    {
    }

  private:
    void DoRun() override
    {
        FuzzRun run;
        run.packets = 600;
        SanFuzzReport a = RunFuzz(run);
        SanFuzzReport b = RunFuzz(run);
        run.stream = 2000;
        SanFuzzReport c = RunFuzz(run);
        NS_TEST_ASSERT_MSG_EQ(a.Passed() && b.Passed() && c.Passed(),
                              true,
                              a.Describe() << b.Describe() << c.Describe());
        NS_TEST_EXPECT_MSG_EQ(a.memoryHash, b.memoryHash, "same memory");
        NS_TEST_EXPECT_MSG_EQ((a.perCase == b.perCase), true, "same cases");
        NS_TEST_EXPECT_MSG_EQ((a.countedDrops == b.countedDrops), true, "same drops");
        NS_TEST_EXPECT_MSG_EQ(a.viaFabric, b.viaFabric, "same paths");
        NS_TEST_EXPECT_MSG_NE(a.memoryHash, c.memoryHash, "another stream, other bytes");
        NS_TEST_EXPECT_MSG_EQ((a.perCase == c.perCase), false, "another stream, other cases");
    }
};

/**
 * \ingroup san-tests
 * The harness fails when the "NIC" misbehaves.
 */
class FuzzHarnessCatchesTestCase : public TestCase
{
  public:
    FuzzHarnessCatchesTestCase()
        : TestCase("the harness fails on a stray write, a wrong reason, a lost drop, an overrun")
    {
    }

  private:
    void DoRun() override
    {
        FuzzRun run;
        run.packets = 800;
        auto faulty = [](FaultyAdapter::Fault f) {
            return [f](Ptr<HamlynProtectionFuzzAdapter> inner) -> Ptr<SanProtectionFuzzAdapter> {
                return Create<FaultyAdapter>(inner, f);
            };
        };
        SanFuzzReport stray = RunFuzz(run, faulty(FaultyAdapter::STRAY_WRITE));
        NS_TEST_EXPECT_MSG_EQ(stray.Passed(), false, stray.Describe());
        NS_TEST_EXPECT_MSG_GT(stray.canaryBytes, 0u, stray.Describe());
        NS_TEST_EXPECT_MSG_GT(stray.writesOutside, 0u, stray.Describe());

        SanFuzzReport reason = RunFuzz(run, faulty(FaultyAdapter::WRONG_REASON));
        NS_TEST_EXPECT_MSG_EQ(reason.Passed(), false, reason.Describe());
        NS_TEST_EXPECT_MSG_GT(reason.misclassified, 0u, reason.Describe());
        NS_TEST_EXPECT_MSG_EQ((reason.expectedDrops == reason.countedDrops), false, "per reason");

        SanFuzzReport lost = RunFuzz(run, faulty(FaultyAdapter::LOST_DROP));
        NS_TEST_EXPECT_MSG_EQ(lost.Passed(), false, lost.Describe());
        NS_TEST_EXPECT_MSG_NE(lost.delivered, lost.expectDeliver, lost.Describe());

        SanFuzzReport overrun = RunFuzz(run, faulty(FaultyAdapter::SILENT_OVERRUN));
        NS_TEST_EXPECT_MSG_EQ(overrun.Passed(), false, overrun.Describe());
        NS_TEST_EXPECT_MSG_GT(overrun.canaryBytes + overrun.wrongBytes + overrun.strayBytes,
                              0u,
                              overrun.Describe());
    }
};

/**
 * \ingroup san-tests
 * Revocation while a deposit is in flight: sweep the moment of RevokeSlot (or
 * ReleaseMessageArea) over a packet's life.
 */
class FuzzRevokedTestCase : public TestCase
{
  public:
    /// \param stateMachine preset \param release release the area (else revoke the slot)
    /// \param viaFabric send the packet over the fabric (else straight into Receive)
    FuzzRevokedTestCase(bool stateMachine, bool release, bool viaFabric)
        : TestCase(std::string("REVOKED: ") + (release ? "area released" : "slot revoked") +
                   " at every moment of a deposit's life (" +
                   (stateMachine ? "state machine" : "LANai 3") + ", " +
                   (viaFabric ? "over the fabric" : "direct") + ")"),
          m_stateMachine(stateMachine),
          m_release(release),
          m_viaFabric(viaFabric)
    {
    }

  private:
    /// The outcome of one run.
    struct Outcome
    {
        bool delivered{false};     //!< the packet landed
        int32_t reason{-1};        //!< drop reason traced (-1: none)
        uint32_t drops{0};         //!< drops traced
        Time landed;               //!< when it landed
        uint64_t changedAfter{0};  //!< bytes changed after the revoke returned
        bool wholeOrNothing{true}; //!< the area holds all of the payload or none of it
    };

    /// \param revokeAt when to revoke (negative: never) \return what happened
    Outcome RunOnce(Time revokeAt)
    {
        Outcome out;
        HamlynScenario s(TwoHosts(m_stateMachine));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        Ptr<HamlynContext> ctx = rx->OpenContext(1);
        const uint64_t size = 3 * 4096;
        const uint32_t area = ctx->CreateMessageArea(size);
        ctx->DefineSlot(9, area, 0, size, 0xfeed);
        Ptr<HostPinnedRegion> region = ctx->GetMessageArea(area);
        const uint32_t payloadBytes = 3000; // crosses a page
        std::vector<uint8_t> payload(payloadBytes);
        for (uint32_t i = 0; i < payloadBytes; ++i)
        {
            payload[i] = static_cast<uint8_t>(i * 13 + 1);
        }
        HamlynHeader h;
        h.SetSlot(9);
        h.SetOffset(4000);
        h.SetKey(0xfeed, 32);
        h.SetNotifyIndex(0);
        h.SetSourceNode(0);
        Ptr<Packet> p = Create<Packet>(payload.data(), payloadBytes);
        p->AddHeader(h);

        rx->TraceConnectWithoutContext("Drop",
                                       Callback<void, Ptr<const Packet>, uint32_t, uint32_t>(
                                           [&out](Ptr<const Packet>, uint32_t reason, uint32_t) {
                                               out.reason = static_cast<int32_t>(reason);
                                               ++out.drops;
                                           }));
        rx->TraceConnectWithoutContext(
            "PacketRx",
            Callback<void, const HamlynHeader&, uint32_t>([&out](const HamlynHeader&, uint32_t) {
                out.delivered = true;
                out.landed = Simulator::Now();
            }));
        SanFabricPort* port = s.nics[0]->GetFabricPort();
        Simulator::Schedule(MicroSeconds(1), [this, port, rx, p]() {
            if (m_viaFabric)
            {
                port->SendPacket(1, p);
            }
            else
            {
                rx->Receive(p, 0);
            }
        });
        Ptr<HostMemory> memory = s.memories[1];
        SanMemoryShadow after;
        const HostMemoryRegion* ring =
            memory->FindRegion(ctx->GetNotificationQueue()->GetNextEntryAddress());
        const uint64_t ringBase = ring->base;
        const uint64_t ringEnd = ring->base + ring->size;
        if (!revokeAt.IsNegative())
        {
            Simulator::Schedule(revokeAt, [this, ctx, area, memory, &after]() {
                if (m_release)
                {
                    ctx->ReleaseMessageArea(area);
                }
                else
                {
                    ctx->RevokeSlot(9);
                }
                after.Take(memory); // the call has returned: nothing may change from now on
            });
        }
        Simulator::Run();
        if (!revokeAt.IsNegative())
        {
            after.ForEachDifference(
                memory,
                [&out, ringBase, ringEnd](const SanMemoryShadow::Difference& d) {
                    if (d.address < ringBase || d.address >= ringEnd)
                    {
                        ++out.changedAfter;
                    }
                });
        }
        std::vector<uint8_t> now(payloadBytes);
        region->Read(4000, now.data(), payloadBytes);
        const bool all = now == payload;
        const bool none = std::count(now.begin(), now.end(), 0) == payloadBytes;
        out.wholeOrNothing = out.delivered ? all : none;
        Simulator::Destroy();
        return out;
    }

    void DoRun() override
    {
        // A run without revocation gives the packet's life: [injection, landing].
        const Outcome base = RunOnce(Seconds(-1));
        NS_TEST_ASSERT_MSG_EQ(base.delivered, true, "delivered without a revocation");
        NS_TEST_ASSERT_MSG_EQ(base.wholeOrNothing, true, "all of it");
        const Time start = MicroSeconds(1);
        const Time life = base.landed - start;
        const uint32_t steps = 40;
        std::map<int32_t, uint32_t> outcomes; // -1: delivered
        for (uint32_t k = 0; k <= steps + 2; ++k)
        {
            const Time at = start + NanoSeconds(life.GetNanoSeconds() * k / steps);
            const Outcome o = RunOnce(at);
            const std::string when = "revoked at " + std::to_string(at.GetNanoSeconds()) + " ns";
            NS_TEST_EXPECT_MSG_EQ(o.changedAfter, 0u, when << ": a byte changed after the call");
            NS_TEST_EXPECT_MSG_EQ(o.wholeOrNothing, true, when << ": all of the payload or none");
            NS_TEST_EXPECT_MSG_EQ(o.drops + (o.delivered ? 1 : 0), 1u, when << ": once");
            if (!o.delivered)
            {
                const int32_t early =
                    m_release ? HamlynNetDevice::UNKNOWN_AREA : HamlynNetDevice::UNKNOWN_SLOT;
                NS_TEST_EXPECT_MSG_EQ((o.reason == early || o.reason == HamlynNetDevice::REVOKED),
                                      true,
                                      when << ": reason " << o.reason);
            }
            else
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(o.landed, at, when << ": landed before the call");
            }
            ++outcomes[o.delivered ? -1 : o.reason];
        }
        NS_TEST_EXPECT_MSG_GT(outcomes[HamlynNetDevice::REVOKED], 0u, "some deposits cut off");
        NS_TEST_EXPECT_MSG_GT(outcomes[-1], 0u, "some landed before the call");
        NS_TEST_EXPECT_MSG_GT(
            outcomes[m_release ? HamlynNetDevice::UNKNOWN_AREA : HamlynNetDevice::UNKNOWN_SLOT],
            0u,
            "some refused at the header");
    }

    bool m_stateMachine; //!< preset
    bool m_release;      //!< release the area (else revoke the slot)
    bool m_viaFabric;    //!< over the fabric
};

/// What one DART fuzz run is.
struct DartFuzzRun
{
    DartCostModel::Engine engine{DartCostModel::CARD_PROCESSOR}; //!< who runs the receive path
    uint32_t packets{3000};                                      //!< packets
    int64_t stream{5000};                                        //!< fuzzer's stream
    double fabricShare{0.5};                                     //!< share over the fabric
    bool senderPort{true};      //!< give the adapter host 0's port (else direct only)
    Time tamperAt{Seconds(-1)}; //!< if not negative: change every register then, behind its back
};

/// What a DART fuzz run found besides the fuzzer's report.
struct DartFuzzResult
{
    SanFuzzReport report;           //!< the fuzzer's verdict
    uint64_t registerMismatches{0}; //!< the adapter's register check
    std::string registerFailures;   //!< described
    uint64_t registerWrites{0};     //!< register writes the accepted messages committed
    uint64_t aliased{0};            //!< accepted messages with unused slots aliasing used ones
    uint64_t fallbacks{0};          //!< packets forged as the fallback
    uint64_t readsServed{0};        //!< reads the receiver answered
    uint64_t tlbMisses{0};          //!< the receiver's TLB misses
};

/**
 * Run the fuzzer on host 1 of a 2-host DART rig; packets come from host 0, whose endpoint takes
 * the read replies.
 * \param run what to run
 * \return what it found
 */
DartFuzzResult
RunDartFuzz(const DartFuzzRun& run)
{
    DartFuzzResult out;
    santest::DartRig rig(2, run.engine);
    Ptr<DartNetDevice> tx = rig.nics[0];
    Ptr<DartNetDevice> rx = rig.nics[1];
    // Host 0's side of the replies: a connection to its endpoint, no registers.
    const uint16_t replyVci = tx->AllocateVci();
    DartConnection back;
    back.endpoint = rig.ctx[0]->GetEndpoint();
    back.remoteHost = rx->GetHostNumber();
    tx->SetConnection(replyVci, back);
    DartProtectionFuzzAdapter::Config config;
    config.replyHost = tx->GetHostNumber();
    config.replyVci = replyVci;
    config.replyBytes = static_cast<uint32_t>(rig.ctx[0]->GetSize());
    Ptr<DartProtectionFuzzAdapter> dart =
        Create<DartProtectionFuzzAdapter>(rx,
                                          run.senderPort ? tx->GetFabricPort() : nullptr,
                                          config);
    Ptr<SanProtectionFuzzer> fuzzer = CreateObject<SanProtectionFuzzer>();
    fuzzer->SetAttribute("Packets", UintegerValue(run.packets));
    fuzzer->SetAttribute("FabricShare", DoubleValue(run.fabricShare));
    fuzzer->SetAdapter(dart);
    fuzzer->AssignStreams(run.stream);
    if (!run.tamperAt.IsNegative())
    {
        Simulator::Schedule(run.tamperAt, [rx]() {
            for (uint32_t r = 0; r < rx->GetNRegisters(); ++r)
            {
                rx->SetRegister(r, rx->GetRegister(r) ^ 0x40);
            }
        });
    }
    out.report = fuzzer->Run();
    dart->CheckRegisters();
    out.registerMismatches = dart->GetRegisterMismatches();
    for (const auto& f : dart->GetRegisterFailures())
    {
        out.registerFailures += f + "\n";
    }
    out.registerWrites = dart->GetNRegisterWrites();
    out.aliased = dart->GetNAliasedUnusedSlots();
    out.fallbacks = dart->GetNFallbacks();
    out.readsServed = rx->GetNReadsServed();
    out.tlbMisses = rx->GetNTlbMisses();
    fuzzer->Dispose();
    return out;
}

/**
 * \ingroup san-tests
 * DART under the protection fuzzer.
 */
class DartFuzzTestCase : public TestCase
{
  public:
    /// \param run what to run \param name the test's name
    DartFuzzTestCase(const DartFuzzRun& run, const std::string& name)
        : TestCase(name),
          m_run(run)
    {
    }

  private:
    void DoRun() override
    {
        const DartFuzzResult d = RunDartFuzz(m_run);
        const SanFuzzReport& r = d.report;
        const std::string text = r.Describe() + d.registerFailures;
        NS_TEST_ASSERT_MSG_EQ(r.Passed(), true, text);
        NS_TEST_EXPECT_MSG_EQ(d.registerMismatches, 0u, "registers\n" << text);
        NS_TEST_EXPECT_MSG_EQ(r.injected, m_run.packets, text);
        NS_TEST_EXPECT_MSG_EQ(r.drained, true, text);
        NS_TEST_EXPECT_MSG_EQ(r.skipped, 0u, text);
        NS_TEST_EXPECT_MSG_EQ(r.wrongBytes + r.canaryBytes + r.strayBytes, 0u, text);
        NS_TEST_EXPECT_MSG_EQ(r.writesOutside + r.writesUnexpected + r.accessErrors, 0u, text);
        NS_TEST_EXPECT_MSG_EQ(r.delivered, r.expectDeliver, text);
        NS_TEST_EXPECT_MSG_EQ(r.delivered + r.dropsCounted, r.injected, text);
        NS_TEST_EXPECT_MSG_EQ(r.misclassified + r.unknownDrops + r.wrongSource, 0u, text);
        NS_TEST_EXPECT_MSG_LT(d.fallbacks, m_run.packets / 100 + 1, "cases fitted their batch");
        // The run covered what it claims to cover: every case (the lightest has weight 1 of
        // 47), every drop reason, deliveries, register writes, reads, aliased unused slots.
        const uint32_t perCase = m_run.packets / 47 / 3;
        for (std::size_t c = 0; c < r.perCase.size(); ++c)
        {
            NS_TEST_EXPECT_MSG_GT(r.perCase[c], perCase, "case " << r.caseNames[c] << "\n" << text);
        }
        for (std::size_t reason = 0; reason < r.countedDrops.size(); ++reason)
        {
            NS_TEST_EXPECT_MSG_GT(r.countedDrops[reason],
                                  m_run.packets / 100,
                                  "reason " << r.reasonNames[reason] << "\n"
                                            << text);
        }
        NS_TEST_EXPECT_MSG_GT(r.delivered, m_run.packets / 4, text);
        NS_TEST_EXPECT_MSG_GT(r.bytesExpected, m_run.packets * 20u, text);
        NS_TEST_EXPECT_MSG_GT(d.registerWrites, m_run.packets / 20, "registers written");
        NS_TEST_EXPECT_MSG_GT(d.aliased, 0u, "unused slots aliasing used ones");
        NS_TEST_EXPECT_MSG_GT(d.readsServed, m_run.packets / 50, "reads answered");
        NS_TEST_EXPECT_MSG_GT(d.tlbMisses, 0u, "TLB misses");
        if (m_run.senderPort && m_run.fabricShare > 0)
        {
            NS_TEST_EXPECT_MSG_GT(r.viaFabric, m_run.packets * 4 / 10, "half over the fabric");
            NS_TEST_EXPECT_MSG_GT(r.direct, m_run.packets * 4 / 10, "half direct");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(r.viaFabric, 0u, "direct only");
        }
        NS_TEST_EXPECT_MSG_GT(r.bytesCompared, 6 * 4096u, "every endpoint compared\n" << text);
    }

    DartFuzzRun m_run; //!< what to run
};

/**
 * \ingroup san-tests
 * The DART adapter's register check fails when the registers change behind its back.
 */
class DartFuzzRegisterCheckTestCase : public TestCase
{
  public:
    DartFuzzRegisterCheckTestCase()
        : TestCase("DART: the register check fails when registers change behind the adapter")
    {
    }

  private:
    void DoRun() override
    {
        DartFuzzRun run;
        run.packets = 400;
        run.tamperAt = MicroSeconds(1000);
        const DartFuzzResult d = RunDartFuzz(run);
        NS_TEST_EXPECT_MSG_GT(d.registerMismatches, 0u, d.report.Describe());
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanProtectionFuzzTestSuite : public TestSuite
{
  public:
    SanProtectionFuzzTestSuite()
        : TestSuite("san-protection-fuzz", UNIT)
    {
        FuzzRun lanai;
        AddTestCase(new HamlynFuzzTestCase(lanai,
                                           "4000 forged packets, LANai 3, 32-bit keys: nothing "
                                           "written outside, every packet accounted for"),
                    TestCase::QUICK);
        FuzzRun sm;
        sm.stateMachine = true;
        sm.keyBits = 64;
        sm.packets = 1200;
        sm.stream = 3000;
        AddTestCase(new HamlynFuzzTestCase(sm,
                                           "1200 forged packets, state machine (cut-through), "
                                           "64-bit keys"),
                    TestCase::QUICK);
        AddTestCase(new FuzzDeterminismTestCase, TestCase::QUICK);
        AddTestCase(new FuzzHarnessCatchesTestCase, TestCase::QUICK);
        for (bool stateMachine : {false, true})
        {
            for (bool release : {false, true})
            {
                AddTestCase(new FuzzRevokedTestCase(stateMachine, release, stateMachine),
                            TestCase::QUICK);
            }
        }
        AddTestCase(new FuzzRevokedTestCase(false, false, true), TestCase::QUICK);
        DartFuzzRun card;
        AddTestCase(new DartFuzzTestCase(card,
                                         "DART: 3000 forged packets, card processor, half over "
                                         "the fabric: nothing written outside, registers exact"),
                    TestCase::QUICK);
        DartFuzzRun kernel;
        kernel.engine = DartCostModel::HOST_KERNEL;
        kernel.packets = 1500;
        kernel.stream = 6000;
        AddTestCase(new DartFuzzTestCase(kernel,
                                         "DART: 1500 forged packets, host kernel (software "
                                         "DART), half over the fabric"),
                    TestCase::QUICK);
        DartFuzzRun direct;
        direct.packets = 1000;
        direct.stream = 7000;
        direct.fabricShare = 0;
        direct.senderPort = false;
        AddTestCase(new DartFuzzTestCase(direct,
                                         "DART: 1000 forged packets, straight into the receive "
                                         "path"),
                    TestCase::QUICK);
        AddTestCase(new DartFuzzRegisterCheckTestCase, TestCase::QUICK);
    }
};

static SanProtectionFuzzTestSuite g_sanProtectionFuzzTestSuite; //!< the suite
