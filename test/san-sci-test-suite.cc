/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-sci": Dolphin's PCI/SCI adapter (SciNetDevice) on the SCILAN paper's hosts
// (SciScenario: Pentium / 430HX, one SCI switch or a ringlet) and the host memory system it
// loads: interrupt-flag arithmetic, write gathering, hardware retries, remote loads, refused
// writes, DMA, the processor's copy loops on the system bus, and a process's SciContext.

#include "san-test-util.h"

#include "ns3/error-model.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-memory.h"
#include "ns3/pointer.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/sci-context.h"
#include "ns3/sci-helper.h"
#include "ns3/sci-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <memory>
#include <numeric>
#include <string>
#include <vector>

using namespace ns3;
using ns3::santest::AbortsWith;

namespace
{

/// Two (or more) SCI hosts; host 1 exports a region that host 0 maps.
struct SciRig
{
    std::unique_ptr<SciScenario> s; //!< hosts and adapters
    uint64_t region{0};             //!< host 1's exported region (host address)
    uint64_t segment{0};            //!< its SCI address in node 1
    uint64_t mapped{0};             //!< host 0's mapping of it

    /// \param hosts hosts \param ring a ringlet \param bytes region size
    explicit SciRig(uint32_t hosts = 2, bool ring = false, uint64_t bytes = 8192)
    {
        s = std::make_unique<SciScenario>(SciScenario::Configure(hosts, ring));
        region = Host(1)->GetMemory()->Allocate(bytes, "exported");
        segment = s->nics[1]->Export(region, bytes);
        mapped = s->nics[0]->Map(s->nics[1]->GetNodeId(), segment, bytes);
    }

    /// \param i host \return its SanHost
    Ptr<SanHost> Host(uint32_t i) const
    {
        return s->GetHost(i);
    }

    /// \param n bytes \return n bytes of a pattern
    static std::vector<uint8_t> Pattern(uint32_t n)
    {
        std::vector<uint8_t> v(n);
        std::iota(v.begin(), v.end(), uint8_t(7));
        return v;
    }

    /// \param n bytes \return host 1's first n exported bytes
    std::vector<uint8_t> Received(uint32_t n) const
    {
        std::vector<uint8_t> v(n);
        Host(1)->GetMemory()->Read(region, v.data(), n);
        return v;
    }
};

/// Many stimuli give one interrupt; re-arming by a write that clears the top bit gives the
/// next one; the flag counts every stimulus.
class SciInterruptFlagTestCase : public TestCase
{
  public:
    SciInterruptFlagTestCase()
        : TestCase("interrupt flag: one interrupt for many stimuli, re-armed by a write")
    {
    }

  private:
    void DoRun() override
    {
        SciRig r;
        Ptr<SciNetDevice> a = r.s->nics[0];
        Ptr<SciNetDevice> b = r.s->nics[1];
        const uint32_t flag = b->CreateFlag();
        NS_TEST_ASSERT_MSG_EQ(b->ReadFlag(flag), 0x7FFFFFFFu, "initial value");
        uint32_t handled = 0;
        b->SetFlagHandler(flag, Callback<void>([&handled]() { ++handled; }));
        for (int i = 0; i < 10; ++i)
        {
            a->Stimulate(b->GetNodeId(), flag, Callback<void>());
        }
        Simulator::Schedule(MicroSeconds(200), [b, flag, a]() {
            // The owner re-arms: an ordinary write clearing the most significant bit.
            b->WriteFlag(flag, 0x7FFFFFFF);
            a->Stimulate(b->GetNodeId(), flag, Callback<void>());
            a->Stimulate(b->GetNodeId(), flag, Callback<void>());
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(b->GetStimuli(), 12u, "every stimulus counted");
        NS_TEST_ASSERT_MSG_EQ(b->GetFlagInterrupts(), 2u, "one interrupt per arming");
        NS_TEST_ASSERT_MSG_EQ(handled, 2u, "the driver routine ran per interrupt");
        NS_TEST_ASSERT_MSG_EQ(b->ReadFlag(flag), 0x80000001u, "0x7FFFFFFF + 2");
        Simulator::Destroy();
    }
};

/// Consecutive stores leave as 64-byte requests; a lone store as a partial one.
class SciGatherTestCase : public TestCase
{
  public:
    SciGatherTestCase()
        : TestCase("stores gathered into 64-byte SCI write requests")
    {
    }

  private:
    void DoRun() override
    {
        SciRig r;
        Ptr<SciNetDevice> a = r.s->nics[0];
        const std::vector<uint8_t> data = SciRig::Pattern(256);
        // 64 stores of 4 bytes, as a copy loop issues them.
        for (uint32_t i = 0; i < 64; ++i)
        {
            a->Store(r.mapped + 4 * i, data.data() + 4 * i, 4, Callback<void>());
        }
        const uint8_t word[4] = {1, 2, 3, 4};
        a->Store(r.mapped + 1024, word, 4, Callback<void>());
        bool checked = false;
        bool ok = false;
        a->CheckTransfers(SciNetDevice::CheckCallback([&](bool good) {
            checked = true;
            ok = good;
        }));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(checked && ok, true, "the check saw every request taken");
        NS_TEST_ASSERT_MSG_EQ(a->GetRequestsSent(), 5u, "four full requests and one partial");
        NS_TEST_ASSERT_MSG_EQ((r.Received(256) == data), true, "the bytes landed");
        uint8_t got[4];
        r.Host(1)->GetMemory()->Read(r.region + 1024, got, 4);
        NS_TEST_ASSERT_MSG_EQ(got[3], 4, "the partial request landed");
        Simulator::Destroy();
    }
};

/// Corrupted packets are sent again by the hardware: nothing lost, the check succeeds.
class SciRetryTestCase : public TestCase
{
  public:
    SciRetryTestCase()
        : TestCase("hardware retry: corrupted requests are resent, nothing is lost")
    {
    }

  private:
    void DoRun() override
    {
        SciRig r;
        Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
        em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
        em->SetRate(0.3);
        r.s->nics[1]->SetAttribute("ReceiveErrorModel", PointerValue(em));
        const std::vector<uint8_t> data = SciRig::Pattern(4096);
        Ptr<SciNetDevice> a = r.s->nics[0];
        a->Store(r.mapped, data.data(), 4096, Callback<void>());
        bool ok = false;
        a->CheckTransfers(SciNetDevice::CheckCallback([&ok](bool good) { ok = good; }));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ok, true, "the sender's check succeeds");
        NS_TEST_ASSERT_MSG_GT(a->GetRetries(), 0u, "some requests were retried");
        NS_TEST_ASSERT_MSG_EQ(r.s->nics[1]->GetNDropped(SciNetDevice::DROP_CORRUPT),
                              a->GetRetries(),
                              "one retry per corrupted packet");
        NS_TEST_ASSERT_MSG_EQ((r.Received(4096) == data), true, "every byte landed once");
        NS_TEST_ASSERT_MSG_EQ(r.s->nics[1]->GetBytesReceived(), 4096u, "no byte twice");
        Simulator::Destroy();
    }
};

/// A remote load returns the remote bytes after about 2 us (the paper's footnote 1).
class SciRemoteLoadTestCase : public TestCase
{
  public:
    SciRemoteLoadTestCase()
        : TestCase("remote load: the remote bytes, in about 2 us")
    {
    }

  private:
    void DoRun() override
    {
        SciRig r;
        const uint8_t word[4] = {0xde, 0xad, 0xbe, 0xef};
        r.Host(1)->GetMemory()->Write(r.region + 64, word, 4);
        std::vector<uint8_t> got;
        Time at;
        r.s->nics[0]->Load(r.mapped + 64,
                           4,
                           SciNetDevice::ReadCallback([&](const uint8_t* d, uint32_t n) {
                               got.assign(d, d + n);
                               at = Simulator::Now();
                           }));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(got.size(), 4u, "four bytes");
        NS_TEST_ASSERT_MSG_EQ((got[0] == 0xde && got[3] == 0xef), true, "the remote word");
        NS_TEST_ASSERT_MSG_GT(at, NanoSeconds(1500), "about 2 us");
        NS_TEST_ASSERT_MSG_LT(at, NanoSeconds(2500), "about 2 us");
        Simulator::Destroy();
    }
};

/// A write to an address no segment covers is refused: nothing written, the drop counted,
/// and the sender's check reports the error.
class SciRefusedWriteTestCase : public TestCase
{
  public:
    SciRefusedWriteTestCase()
        : TestCase("a write outside every exported segment is dropped and reported")
    {
    }

  private:
    void DoRun() override
    {
        SciRig r(2, false, 4096);
        Ptr<SciNetDevice> a = r.s->nics[0];
        // A mapping of node 1's space beyond its one segment.
        const uint64_t rogue = a->Map(r.s->nics[1]->GetNodeId(), r.segment + 65536, 4096);
        const uint64_t before = r.Host(1)->GetMemory()->GetBytesWritten();
        const std::vector<uint8_t> data = SciRig::Pattern(64);
        a->Store(rogue, data.data(), 64, Callback<void>());
        bool ok = true;
        a->CheckTransfers(SciNetDevice::CheckCallback([&ok](bool good) { ok = good; }));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ok, false, "the check reports the refused request");
        NS_TEST_ASSERT_MSG_EQ(a->GetErrors(), 1u, "one ERROR echo");
        NS_TEST_ASSERT_MSG_EQ(r.s->nics[1]->GetNDropped(SciNetDevice::DROP_NO_SEGMENT),
                              1u,
                              "dropped and counted");
        NS_TEST_ASSERT_MSG_EQ(r.Host(1)->GetMemory()->GetBytesWritten(), before, "nothing written");
        Simulator::Destroy();
    }
};

/// The DMA engine moves a buffer as requests; the data lands and the caller hears of it.
class SciDmaTestCase : public TestCase
{
  public:
    SciDmaTestCase()
        : TestCase("DMA engine: a buffer written remotely as 64-byte requests")
    {
    }

  private:
    void DoRun() override
    {
        SciRig r;
        const std::vector<uint8_t> data = SciRig::Pattern(5000);
        Ptr<HostMemory> mem = r.Host(0)->GetMemory();
        const uint64_t src = mem->Allocate(5000, "source");
        mem->Write(src, data.data(), 5000);
        bool done = false;
        r.s->nics[0]->DmaWrite(src,
                               r.s->nics[1]->GetNodeId(),
                               r.segment,
                               5000,
                               Callback<void>([&done]() { done = true; }));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(done, true, "completion");
        NS_TEST_ASSERT_MSG_EQ(r.s->nics[0]->GetRequestsSent(), 79u, "ceil(5000 / 64) requests");
        NS_TEST_ASSERT_MSG_EQ((r.Received(5000) == data), true, "the bytes landed");
        Simulator::Destroy();
    }
};

/// The processor's copy loops on the system bus: a memory-to-memory copy at the calibrated
/// rate on an idle host; with a device writing into memory at the same time, both slow down
/// (they share the bus), and the bus is never busier than the time elapsed.
class SciMemorySystemTestCase : public TestCase
{
  public:
    SciMemorySystemTestCase()
        : TestCase("system bus: copy rate, and contention with device writes")
    {
    }

  private:
    void DoRun() override
    {
        SciRig r;
        Ptr<HostMemorySystem> ms = r.Host(1)->GetMemorySystem();
        NS_TEST_ASSERT_MSG_NE(ms, nullptr, "the Pentium preset models its memory system");
        const uint64_t bytes = 1 << 20;
        Time alone;
        ms->Copy(bytes, Callback<void>([&alone]() { alone = Simulator::Now(); }));
        Simulator::Run();
        const double mbps = bytes / alone.GetSeconds() / 1e6;
        NS_TEST_ASSERT_MSG_EQ_TOL(mbps, 36.0, 0.5, "the receiver copy's calibration (Xr)");
        NS_TEST_ASSERT_MSG_EQ_TOL(alone.GetSeconds(),
                                  ms->GetCopyTime(bytes).GetSeconds(),
                                  1e-3 * alone.GetSeconds(),
                                  "an idle copy takes its computed time (to the ns per line)");
        // The same copy with 1 MB of device writes into memory meanwhile.
        const Time start = Simulator::Now();
        Time shared;
        ms->Copy(bytes, Callback<void>([&shared, start]() { shared = Simulator::Now() - start; }));
        for (int i = 0; i < 16384; ++i)
        {
            ms->InboundWrite(64, Callback<void>());
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(shared, alone, "the copy waits for the device's lines");
        NS_TEST_ASSERT_MSG_EQ(ms->GetBytesInbound(), bytes, "device bytes counted");
        Simulator::Destroy();
    }
};

/// A process's SciContext: it reaches only what it set up; Close withdraws its segments.
class SciContextTestCase : public TestCase
{
  public:
    SciContextTestCase()
        : TestCase("SCI context: a process reaches only its own mappings and flags; Close "
                   "withdraws its segments")
    {
    }

  private:
    void DoRun() override
    {
        for (int run = 0; run < 2; ++run) // twice, with Destroy between
        {
            SciScenario s(SciScenario::Configure(2, false));
            Ptr<SciContext> a = CreateObject<SciContext>();
            a->Open(s.nics[0]);
            Ptr<SciContext> b = CreateObject<SciContext>();
            b->Open(s.nics[1]);
            Ptr<SciContext> neighbour = CreateObject<SciContext>(); // another process on host 0
            neighbour->Open(s.nics[0]);
            const uint64_t region = s.GetHost(1)->GetMemory()->Allocate(256, "inbox");
            const uint64_t segment = b->Export(region, 256);
            const uint64_t mapped = a->Map(b->GetNodeId(), segment, 256);
            const std::vector<uint8_t> data = SciRig::Pattern(64);
            a->Store(mapped, data.data(), 64, Callback<void>());
            bool ok = false;
            a->CheckTransfers(SciContext::CheckCallback([&ok](bool good) { ok = good; }));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(ok, true, "the stores through the process's mapping were taken");
            std::vector<uint8_t> got(64);
            s.GetHost(1)->GetMemory()->Read(region, got.data(), 64);
            NS_TEST_EXPECT_MSG_EQ((got == data), true, "and landed");

            NS_TEST_EXPECT_MSG_EQ(
                AbortsWith([&]() { neighbour->Store(mapped, data.data(), 4, Callback<void>()); },
                           "outside this process's mappings"),
                true,
                "another process cannot store through it");
            NS_TEST_EXPECT_MSG_EQ(
                AbortsWith([&]() { a->Store(mapped + 250, data.data(), 8, Callback<void>()); },
                           "outside this process's mappings"),
                true,
                "nor past its end");
            const uint32_t flag = a->CreateFlag();
            NS_TEST_EXPECT_MSG_EQ(
                AbortsWith([&]() { neighbour->WriteFlag(flag, 0); }, "not this process's"),
                true,
                "another process cannot write its flag");
            NS_TEST_EXPECT_MSG_EQ(a->ReadFlag(flag), SciNetDevice::FLAG_INITIAL, "its own flag");

            // The exporting process exits: a later store is refused at the target.
            b->Close();
            NS_TEST_EXPECT_MSG_EQ(b->IsOpen(), false, "closed");
            a->Store(mapped, data.data(), 4, Callback<void>());
            ok = true;
            a->CheckTransfers(SciContext::CheckCallback([&ok](bool good) { ok = good; }));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(ok, false, "the check reports the refused store");
            NS_TEST_EXPECT_MSG_EQ(s.nics[1]->GetNDropped(SciNetDevice::DROP_NO_SEGMENT),
                                  1u,
                                  "dropped as no-segment");
            Simulator::Destroy();
        }
    }
};

/// A ringlet of four: every node writes to every other; all bytes land.
class SciRingTestCase : public TestCase
{
  public:
    SciRingTestCase()
        : TestCase("SCI ringlet of four: all-to-all writes land")
    {
    }

  private:
    void DoRun() override
    {
        SciScenario s(SciScenario::Configure(4, true));
        std::vector<uint64_t> region(4);
        std::vector<uint64_t> segment(4);
        for (uint32_t i = 0; i < 4; ++i)
        {
            region[i] = s.GetHost(i)->GetMemory()->Allocate(4 * 256, "inbox");
            segment[i] = s.nics[i]->Export(region[i], 4 * 256);
        }
        for (uint32_t i = 0; i < 4; ++i)
        {
            for (uint32_t j = 0; j < 4; ++j)
            {
                if (i == j)
                {
                    continue;
                }
                const uint64_t m =
                    s.nics[i]->Map(s.nics[j]->GetNodeId(), segment[j] + 256 * i, 256);
                std::vector<uint8_t> data(256, static_cast<uint8_t>(16 * i + j));
                s.nics[i]->Store(m, data.data(), 256, Callback<void>());
            }
        }
        Simulator::Run();
        for (uint32_t j = 0; j < 4; ++j)
        {
            for (uint32_t i = 0; i < 4; ++i)
            {
                if (i == j)
                {
                    continue;
                }
                std::vector<uint8_t> got(256);
                s.GetHost(j)->GetMemory()->Read(region[j] + 256 * i, got.data(), 256);
                NS_TEST_ASSERT_MSG_EQ((got == std::vector<uint8_t>(256, 16 * i + j)),
                                      true,
                                      "node " << i << " to node " << j);
            }
        }
        Simulator::Destroy();
    }
};

/// \param extra added to the cost preset's AdapterLatency through the helper (zero: the
/// helper's SetCostModel is not called) \return how long a remote load of a word takes
Time
SciPresetLoadTime(Time extra)
{
    NodeContainer hosts;
    hosts.Create(2);
    SanHostHelper hostHelper;
    hostHelper.SetPreset("ns3::PentiumNtHostPreset");
    hostHelper.Install(hosts);
    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
    NetDeviceContainer eps = fabric.Install(hosts);
    SciHelper sci;
    if (!extra.IsZero())
    {
        sci.SetCostModel("ns3::SciCostModel");
        sci.SetCostModelAttribute("AdapterLatency", TimeValue(NanoSeconds(70) + extra));
    }
    sci.Install(hosts, eps);
    Ptr<SciNetDevice> a = SciHelper::GetDevice(hosts.Get(0));
    Ptr<SciNetDevice> b = SciHelper::GetDevice(hosts.Get(1));
    const uint64_t region = b->GetMemory()->Allocate(4096, "preset-region");
    const uint64_t mapped = a->Map(b->GetNodeId(), b->Export(region, 4096), 4096);
    auto at = std::make_shared<Time>();
    a->Load(mapped, 4, SciNetDevice::ReadCallback([at](const uint8_t*, uint32_t) {
                *at = Simulator::Now();
            }));
    Simulator::Run();
    Simulator::Destroy();
    return *at;
}

/// The cost preset: SciHelper::SetCostModel and SetCostModelAttribute reach the adapter (a
/// remote load crosses the adapter four times, so 1 us more AdapterLatency makes it exactly
/// 4 us longer), and a preset of the wrong type stops with a message naming it.
class SciCostPresetTestCase : public TestCase
{
  public:
    SciCostPresetTestCase()
        : TestCase("cost preset: chosen through SciHelper, used by the adapter")
    {
    }

  private:
    void DoRun() override
    {
        const Time base = SciPresetLoadTime(Seconds(0));
        const Time slower = SciPresetLoadTime(MicroSeconds(1));
        NS_TEST_EXPECT_MSG_GT(base, Seconds(0), "the load completed");
        NS_TEST_EXPECT_MSG_EQ(slower - base, MicroSeconds(4), "4 crossings x 1 us");
        std::string why;
        NS_TEST_EXPECT_MSG_EQ(
            santest::DiesWithMessage([]() { SciHelper().SetCostModel("ns3::ClanCostModel"); },
                                     "SciHelper::SetCostModel: 'ns3::ClanCostModel' is not a "
                                     "ns3::SciCostModel",
                                     why),
            true,
            "another interface's preset: " << why);
        NS_TEST_EXPECT_MSG_EQ(santest::DiesWithMessage(
                                  []() {
                                      SciHelper().SetCostModelAttribute("AdapterLatency",
                                                                        TimeValue(Seconds(1)));
                                  },
                                  "SciHelper: SetCostModel before SetCostModelAttribute",
                                  why),
                              true,
                              "an attribute without a preset: " << why);
    }
};
} // namespace

/// The suite.
class SanSciTestSuite : public TestSuite
{
  public:
    SanSciTestSuite()
        : TestSuite("san-sci", UNIT)
    {
        AddTestCase(new SciInterruptFlagTestCase, TestCase::QUICK);
        AddTestCase(new SciGatherTestCase, TestCase::QUICK);
        AddTestCase(new SciRetryTestCase, TestCase::QUICK);
        AddTestCase(new SciRemoteLoadTestCase, TestCase::QUICK);
        AddTestCase(new SciRefusedWriteTestCase, TestCase::QUICK);
        AddTestCase(new SciDmaTestCase, TestCase::QUICK);
        AddTestCase(new SciMemorySystemTestCase, TestCase::QUICK);
        AddTestCase(new SciContextTestCase, TestCase::QUICK);
        AddTestCase(new SciRingTestCase, TestCase::QUICK);
        AddTestCase(new SciCostPresetTestCase, TestCase::QUICK);
    }
};

static SanSciTestSuite g_sanSciTestSuite; //!< registers the suite
