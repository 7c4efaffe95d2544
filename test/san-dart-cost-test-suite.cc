/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of DART's cost presets (software DART on the DECstation 5000/240, projected
// hardware DART on PCI) and of the two host presets they need.

#include "san-test-util.h"

#include "ns3/dart-hardware-cost-model.h"
#include "ns3/dart-software-cost-model.h"
#include "ns3/data-rate.h"
#include "ns3/decstation-5000-host-preset.h"
#include "ns3/double.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/pci-workstation-host-preset.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

using namespace ns3;

namespace
{

using santest::AbortsWith;

/**
 * \param type a DartCostModel TypeId name
 * \return a model created through its TypeId (attribute defaults applied)
 */
Ptr<DartCostModel>
CreateModel(const std::string& type)
{
    ObjectFactory factory;
    factory.SetTypeId(type);
    return factory.Create<DartCostModel>();
}

/**
 * \param preset a SanHostPreset TypeId name
 * \return a new host configured by \p preset
 */
Ptr<SanHost>
MakeHost(const std::string& preset)
{
    SanHostHelper helper;
    helper.SetPreset(preset);
    Ptr<Node> node = CreateObject<Node>();
    return helper.Install(node);
}

/**
 * \ingroup san-tests
 * Both DART cost presets are created by TypeId and return their documented defaults; a
 * directly constructed object agrees with the attribute defaults.
 */
class DartCostDefaultsTestCase : public TestCase
{
  public:
    DartCostDefaultsTestCase()
        : TestCase("DART cost presets: created by TypeId, documented defaults")
    {
    }

  private:
    /**
     * Check that two models agree on every value.
     * \param a one model
     * \param b the other
     * \param what which pair
     */
    void ExpectSame(Ptr<const DartCostModel> a, Ptr<const DartCostModel> b, const std::string& what)
    {
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(a->GetEngine()),
                              static_cast<int>(b->GetEngine()),
                              what << ": Engine");
        NS_TEST_EXPECT_MSG_EQ(a->GetLinkRate(), b->GetLinkRate(), what << ": LinkRate");
        NS_TEST_EXPECT_MSG_EQ(a->GetClockRate(), b->GetClockRate(), what << ": ClockRate");
        NS_TEST_EXPECT_MSG_EQ(a->GetFifoCellBytes(),
                              b->GetFifoCellBytes(),
                              what << ": FifoCellBytes");
        NS_TEST_EXPECT_MSG_EQ(a->GetSendWork(), b->GetSendWork(), what << ": SendWork");
        NS_TEST_EXPECT_MSG_EQ(a->GetSendCellWork(), b->GetSendCellWork(), what << ": SendCellWork");
        NS_TEST_EXPECT_MSG_EQ(a->GetReceiveWork(), b->GetReceiveWork(), what << ": ReceiveWork");
        NS_TEST_EXPECT_MSG_EQ(a->GetPrimitiveWork(),
                              b->GetPrimitiveWork(),
                              what << ": PrimitiveWork");
        NS_TEST_EXPECT_MSG_EQ(a->GetReceiveCellWork(),
                              b->GetReceiveCellWork(),
                              what << ": ReceiveCellWork");
        NS_TEST_EXPECT_MSG_EQ(a->GetDepositWork(), b->GetDepositWork(), what << ": DepositWork");
        NS_TEST_EXPECT_MSG_EQ(a->GetReplyWork(), b->GetReplyWork(), what << ": ReplyWork");
        NS_TEST_EXPECT_MSG_EQ(a->GetTlbMissInstructions(),
                              b->GetTlbMissInstructions(),
                              what << ": TlbMissInstructions");
        NS_TEST_EXPECT_MSG_EQ(a->GetExceptionInstructions(),
                              b->GetExceptionInstructions(),
                              what << ": ExceptionInstructions");
    }

    void DoRun() override
    {
        Ptr<DartCostModel> sw = CreateModel("ns3::DartSoftwareCostModel");
        NS_TEST_ASSERT_MSG_NE(sw, nullptr, "software preset created by TypeId");
        NS_TEST_EXPECT_MSG_EQ(sw->GetInstanceTypeId().GetName(),
                              "ns3::DartSoftwareCostModel",
                              "its TypeId");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(sw->GetEngine()),
                              static_cast<int>(DartCostModel::HOST_KERNEL),
                              "in-kernel engine");
        NS_TEST_EXPECT_MSG_EQ(sw->GetLinkRate(), DataRate("140Mbps"), "TCA-100 TAXI rate");
        NS_TEST_EXPECT_MSG_EQ(sw->GetClockRate(), 40e6, "host clock");
        NS_TEST_EXPECT_MSG_EQ(sw->GetFifoCellBytes(), 56u, "14 FIFO words per cell");
        NS_TEST_EXPECT_MSG_EQ(sw->GetSendWork(), 80.0, "SendWork");
        NS_TEST_EXPECT_MSG_EQ(sw->GetSendCellWork(), 20.0, "SendCellWork");
        NS_TEST_EXPECT_MSG_EQ(sw->GetReceiveWork(), 80.3, "ReceiveWork (fitted)");
        NS_TEST_EXPECT_MSG_EQ(sw->GetPrimitiveWork(), 8.0, "PrimitiveWork");
        NS_TEST_EXPECT_MSG_EQ(sw->GetReceiveCellWork(), 20.0, "ReceiveCellWork");
        NS_TEST_EXPECT_MSG_EQ(sw->GetDepositWork(), 20.0, "DepositWork");
        NS_TEST_EXPECT_MSG_EQ(sw->GetReplyWork(), 60.0, "ReplyWork");
        NS_TEST_EXPECT_MSG_EQ(sw->GetTlbMissInstructions(), 60.0, "TlbMissInstructions");
        NS_TEST_EXPECT_MSG_EQ(sw->GetExceptionInstructions(), 150.0, "ExceptionInstructions");
        ExpectSame(sw, Ptr<DartSoftwareCostModel>(new DartSoftwareCostModel, false), "software");

        Ptr<DartCostModel> hw = CreateModel("ns3::DartHardwareCostModel");
        NS_TEST_ASSERT_MSG_NE(hw, nullptr, "hardware preset created by TypeId");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(hw->GetEngine()),
                              static_cast<int>(DartCostModel::CARD_PROCESSOR),
                              "card processor");
        NS_TEST_EXPECT_MSG_EQ(hw->GetLinkRate(), DataRate("155Mbps"), "OC-3 by default");
        NS_TEST_EXPECT_MSG_EQ(hw->GetClockRate(), 33e6, "i960 clock");
        NS_TEST_EXPECT_MSG_EQ(hw->GetFifoCellBytes(), 0u, "the card DMAs");
        NS_TEST_EXPECT_MSG_EQ(hw->GetSendWork(), 40.0, "SendWork");
        NS_TEST_EXPECT_MSG_EQ(hw->GetSendCellWork(), 15.0, "SendCellWork");
        NS_TEST_EXPECT_MSG_EQ(hw->GetReceiveWork(), 35.0, "ReceiveWork");
        NS_TEST_EXPECT_MSG_EQ(hw->GetPrimitiveWork(), 10.0, "PrimitiveWork");
        NS_TEST_EXPECT_MSG_EQ(hw->GetReceiveCellWork(), 15.0, "ReceiveCellWork");
        NS_TEST_EXPECT_MSG_EQ(hw->GetDepositWork(), 8.0, "DepositWork");
        NS_TEST_EXPECT_MSG_EQ(hw->GetReplyWork(), 20.0, "ReplyWork");
        NS_TEST_EXPECT_MSG_EQ(hw->GetTlbMissInstructions(), 80.0, "TlbMissInstructions");
        NS_TEST_EXPECT_MSG_EQ(hw->GetExceptionInstructions(), 150.0, "ExceptionInstructions");
        NS_TEST_EXPECT_MSG_EQ(hw->Cycles(33), MicroSeconds(1), "33 i960 cycles are 1 us");
        ExpectSame(hw, Ptr<DartHardwareCostModel>(new DartHardwareCostModel, false), "hardware");

        // The 622 Mbit/s variant is the same preset with LinkRate set.
        ObjectFactory oc12;
        oc12.SetTypeId("ns3::DartHardwareCostModel");
        oc12.Set("LinkRate", DataRateValue(DataRate("622Mbps")));
        Ptr<DartCostModel> hw622 = oc12.Create<DartCostModel>();
        NS_TEST_EXPECT_MSG_EQ(hw622->GetLinkRate(), DataRate("622Mbps"), "OC-12 variant");
        NS_TEST_EXPECT_MSG_EQ(hw622->GetSendWork(), hw->GetSendWork(), "same work");
    }
};

/**
 * \ingroup san-tests
 * The host presets configure a SanHost's CPU and I/O bus.
 */
class DartHostPresetsTestCase : public TestCase
{
  public:
    DartHostPresetsTestCase()
        : TestCase("DECstation 5000-240 and PCI workstation presets configure a host")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SanHost> dec = MakeHost("ns3::Decstation5000HostPreset");
        NS_TEST_EXPECT_MSG_EQ(dec->GetPresetName(), "decstation-5000-240", "preset name");
        Ptr<HostCpu> cpu = dec->GetCpu();
        NS_TEST_EXPECT_MSG_EQ(cpu->GetClockRate(), 40e6, "R3400 clock");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetCpi(), 1.5, "CPI");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetSyscallCost(), NanoSeconds(3750), "Mach trap");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetInterruptLatency(), NanoSeconds(4500), "interrupt");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetWakeupLatency(), NanoSeconds(18750), "wake-up");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetPollInterval(), NanoSeconds(150), "poll loop");
        NS_TEST_EXPECT_MSG_EQ_TOL(cpu->InstructionsToTime(1).GetSeconds(),
                                  37.5e-9,
                                  1e-9,
                                  "one instruction (ns resolution)");
        Ptr<HostBus> tc = dec->GetIoBus();
        NS_TEST_EXPECT_MSG_EQ(tc->GetClockRate(), 25e6, "TURBOchannel clock");
        NS_TEST_EXPECT_MSG_EQ(tc->GetWidth(), 4u, "32-bit path");
        NS_TEST_EXPECT_MSG_EQ(tc->GetBurstLength(), 128u, "DMA burst");
        NS_TEST_EXPECT_MSG_EQ(tc->GetPioStoreBytes(), 4u, "32-bit FIFO words");
        NS_TEST_EXPECT_MSG_EQ(tc->GetPioCycles(4), 3u, "PIO store: 2 + 1 beat");
        NS_TEST_EXPECT_MSG_EQ_TOL(tc->GetPioLoadTime(4).GetSeconds(),
                                  320e-9,
                                  1e-9,
                                  "PIO load: 7 + 1 beat");
        NS_TEST_EXPECT_MSG_EQ(tc->GetDmaCycles(32), 16u, "DMA: 8 + 8 beats");

        Ptr<SanHost> pc = MakeHost("ns3::PciWorkstationHostPreset");
        NS_TEST_EXPECT_MSG_EQ(pc->GetPresetName(), "pentium-100-pci", "preset name");
        cpu = pc->GetCpu();
        NS_TEST_EXPECT_MSG_EQ(cpu->GetClockRate(), 100e6, "Pentium clock");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetCpi(), 1.5, "CPI");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetSyscallCost(), NanoSeconds(2500), "system call");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetInterruptLatency(), NanoSeconds(6500), "interrupt");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetWakeupLatency(), MicroSeconds(10), "wake-up");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetPollInterval(), NanoSeconds(60), "poll loop");
        Ptr<HostBus> pci = pc->GetIoBus();
        NS_TEST_EXPECT_MSG_EQ(pci->GetClockRate(), 33e6, "PCI clock");
        NS_TEST_EXPECT_MSG_EQ(pci->GetWidth(), 4u, "32-bit PCI");
        NS_TEST_EXPECT_MSG_EQ(pci->GetBurstLength(), 8u, "one cache line per transaction");
        NS_TEST_EXPECT_MSG_EQ(pci->GetPioStoreBytes(), 4u, "32-bit stores");
        NS_TEST_EXPECT_MSG_EQ(pci->GetPioCycles(24), 24u, "6 posted stores of 4 cycles");
        NS_TEST_EXPECT_MSG_EQ_TOL(pci->GetPioLoadTime(4).GetSeconds(),
                                  11 / 33e6,
                                  1e-9,
                                  "PIO load: 10 + 1 data phase");
        NS_TEST_EXPECT_MSG_EQ(pci->GetDmaCycles(32), 20u, "DMA of a block: 12 + 8");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The arithmetic in the presets' comments: the fitted ReceiveWork makes the software DART's
 * components add up to the paper's 24.5 us, and the hardware table's totals follow from its
 * defaults. These sums check the documentation only; the reproduced figures come from the
 * device's simulation.
 */
class DartCostArithmeticTestCase : public TestCase
{
  public:
    DartCostArithmeticTestCase()
        : TestCase("DART cost presets: the documented sums follow from the defaults")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t cellBytes = 53;
        Ptr<DartCostModel> sw = CreateModel("ns3::DartSoftwareCostModel");
        Ptr<SanHost> dec = MakeHost("ns3::Decstation5000HostPreset");
        Ptr<HostCpu> cpu = dec->GetCpu();
        Ptr<HostBus> tc = dec->GetIoBus();
        Time total = cpu->GetSyscallCost() + cpu->InstructionsToTime(sw->GetSendWork()) +
                     tc->GetPioTime(sw->GetFifoCellBytes()) +
                     sw->GetLinkRate().CalculateBytesTxTime(cellBytes) +
                     cpu->GetInterruptLatency() + cpu->InstructionsToTime(sw->GetReceiveWork()) +
                     tc->GetPioLoadTime(sw->GetFifoCellBytes()) +
                     cpu->InstructionsToTime(sw->GetPrimitiveWork()) +
                     cpu->InstructionsToTime(sw->GetDepositWork());
        NS_TEST_EXPECT_MSG_EQ_TOL(total.GetSeconds(),
                                  24.5e-6,
                                  0.01e-6,
                                  "software components add up to the fitted 24.5 us");

        Ptr<DartCostModel> hw = CreateModel("ns3::DartHardwareCostModel");
        Ptr<SanHost> pc = MakeHost("ns3::PciWorkstationHostPreset");
        Ptr<HostBus> pci = pc->GetIoBus();
        Time noLink =
            pci->GetPioTime(24) + hw->Cycles(hw->GetSendWork()) + pci->GetDmaTime(32) +
            hw->Cycles(hw->GetReceiveWork() + hw->GetPrimitiveWork() + hw->GetDepositWork()) +
            pci->GetDmaTime(32);
        Time at155 = noLink + hw->GetLinkRate().CalculateBytesTxTime(cellBytes);
        Time at622 = noLink + DataRate("622Mbps").CalculateBytesTxTime(cellBytes);
        NS_TEST_EXPECT_MSG_EQ_TOL(at155.GetSeconds(),
                                  7.49e-6,
                                  0.01e-6,
                                  "hardware switchless total at 155 Mbit/s");
        NS_TEST_EXPECT_MSG_EQ_TOL(at622.GetSeconds(),
                                  5.44e-6,
                                  0.01e-6,
                                  "hardware switchless total at 622 Mbit/s");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Invalid values abort with a message naming the attribute.
 */
class DartCostInvalidTestCase : public TestCase
{
  public:
    DartCostInvalidTestCase()
        : TestCase("DART cost presets: invalid values abort cleanly")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      CreateObject<DartSoftwareCostModel>()->SetAttribute(
                                          "ClockRate",
                                          DoubleValue(0));
                                  },
                                  "ClockRate"),
                              true,
                              "software preset: ClockRate 0");
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith([]() { CreateObject<DartHardwareCostModel>()->SetClockRate(0); },
                       "ClockRate must be > 0"),
            true,
            "hardware preset: ClockRate 0");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      SanHostHelper h;
                                      h.SetPreset("ns3::Decstation5000HostPreset");
                                      h.SetPresetAttribute("CpuClockRate", DoubleValue(0));
                                      h.Install(CreateObject<Node>());
                                  },
                                  "CpuClockRate"),
                              true,
                              "host preset: CpuClockRate 0");
    }
};

/// The DART cost suite.
class SanDartCostTestSuite : public TestSuite
{
  public:
    SanDartCostTestSuite()
        : TestSuite("san-dart-cost", UNIT)
    {
        AddTestCase(new DartCostDefaultsTestCase, TestCase::QUICK);
        AddTestCase(new DartHostPresetsTestCase, TestCase::QUICK);
        AddTestCase(new DartCostArithmeticTestCase, TestCase::QUICK);
        AddTestCase(new DartCostInvalidTestCase, TestCase::QUICK);
    }
};

/// Static instance.
static SanDartCostTestSuite g_sanDartCostTestSuite;

} // namespace
