/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-clan-sync": CLAN's Tripwires (section 2.5 and 3.3 of the Tripwire paper) on the
// device and through ClanContext (a handler runs only once the tripping write is visible),
// out-of-band messages and endpoints (section 3.1), the receive path's protection (none in the
// paper's NIC; the ReceiveCheck option), and the shared protection fuzzer run on the NIC with
// ReceiveCheck on (ClanProtectionFuzzAdapter).

#include "protection-fuzz/clan-protection-fuzz-adapter.h"
#include "protection-fuzz/san-protection-fuzzer.h"

#include "ns3/clan-context.h"
#include "ns3/clan-endpoint.h"
#include "ns3/clan-helper.h"
#include "ns3/clan-net-device.h"
#include "ns3/clan-scenario.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Two CLAN hosts; host 1 exports a region host 0 maps.
struct SyncRig
{
    std::unique_ptr<ClanScenario> s; //!< hosts, NICs, processes
    uint64_t region{0};              //!< host 1's exported region
    uint64_t mapped{0};              //!< host 0's mapping of it
    Time visible;                    //!< when host 1 last saw a write visible

    /// \param check ReceiveCheck
    explicit SyncRig(bool check = false)
    {
        ClanScenario::Spec spec = ClanScenario::Configure(2);
        spec.receiveCheck = check;
        s = std::make_unique<ClanScenario>(spec);
        region = s->ctx[1]->Allocate(8192, "exported");
        mapped = s->ctx[0]->Map(s->ctx[1]->Export(region, 8192));
        s->nics[1]->TraceConnectWithoutContext(
            "Write",
            Callback<void, uint64_t, uint32_t, uint32_t>(
                [this](uint64_t, uint32_t, uint32_t) { visible = Simulator::Now(); }));
    }

    /// \param at when \param offset into the region \param value the word: host 0 stores it
    void StoreAt(Time at, uint32_t offset, uint32_t value)
    {
        Ptr<ClanContext> c = s->ctx[0];
        const uint64_t m = mapped + offset;
        Simulator::Schedule(at, [c, m, value]() { c->WriteWord(m, value, Callback<void>()); });
    }
};

/**
 * Remote writes and reads and local writes through a window fire the Tripwires that match
 * them (bitmap bit, interrupt, ids served); one that does not match stays clear; a once-only
 * Tripwire is disabled by its first firing.
 */
class ClanTripwireFiringTestCase : public TestCase
{
  public:
    ClanTripwireFiringTestCase()
        : TestCase("Tripwires fire on remote writes and reads and local writes")
    {
    }

  private:
    void DoRun() override
    {
        SyncRig r;
        Ptr<ClanContext> rx = r.s->ctx[1];
        Ptr<ClanContext> tx = r.s->ctx[0];
        typedef ClanTripwireTable T;
        const uint32_t remoteWrite = rx->CreateTripwire(r.region + 16, 4, T::WRITE | T::REMOTE);
        const uint32_t other = rx->CreateTripwire(r.region + 32, 4, T::WRITE | T::REMOTE);
        const uint32_t remoteRead = rx->CreateTripwire(r.region + 64, 8, T::READ | T::REMOTE);
        const uint32_t readOnWrite = rx->CreateTripwire(r.region + 16, 4, T::READ | T::REMOTE);
        const uint32_t local = tx->CreateTripwire(r.mapped + 128, 4, T::WRITE | T::LOCAL);
        const uint32_t once =
            rx->CreateTripwire(r.region + 256, 4, T::WRITE | T::REMOTE | T::ONCE_ONLY);
        const uint64_t irq1 = r.s->nics[1]->GetNTripwireInterrupts();
        const uint64_t irq0 = r.s->nics[0]->GetNTripwireInterrupts();
        r.StoreAt(MicroSeconds(100), 16, 1);
        r.StoreAt(MicroSeconds(150), 128, 2);
        Simulator::Schedule(MicroSeconds(200), [tx, &r]() {
            tx->Read(r.mapped + 68, 4, ClanContext::ReadCallback([](const uint8_t*, uint32_t) {}));
        });
        r.StoreAt(MicroSeconds(300), 256, 3);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(remoteWrite), true, "remote write fired");
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(other), false, "other address: not fired");
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(readOnWrite), false, "a write is no read");
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(remoteRead), true, "remote read fired");
        NS_TEST_EXPECT_MSG_EQ(tx->TestTripwire(local), true, "local write fired");
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(once), true, "once-only fired");
        Ptr<ClanTripwireTable> cam = r.s->nics[1]->GetTripwireTable();
        NS_TEST_EXPECT_MSG_EQ(cam->IsEnabled(once), false, "once-only: disabled after firing");
        NS_TEST_EXPECT_MSG_EQ(cam->IsEnabled(remoteWrite), true, "others stay enabled");
        NS_TEST_EXPECT_MSG_EQ(r.s->nics[1]->GetNTripwireInterrupts() - irq1,
                              3u,
                              "host 1: an interrupt per firing (they are apart)");
        NS_TEST_EXPECT_MSG_EQ(r.s->nics[0]->GetNTripwireInterrupts() - irq0,
                              1u,
                              "host 0: the local write's interrupt");
        // Cleared, the once-only Tripwire stays clear on the next write.
        rx->ClearTripwire(once);
        r.StoreAt(MicroSeconds(10), 256, 4);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(once), false, "disabled: no second firing");
        NS_TEST_EXPECT_MSG_EQ(rx->ReadLocalWord(r.region + 256), 4u, "the write itself landed");
        Simulator::Destroy();
    }
};

/**
 * Waiting: a process blocked in WaitTripwire wakes after the interrupt and the scheduler's
 * wake-up (the Alpha preset's 3 + 8 us, plus the routine's PCI load and instructions); a
 * Tripset wait wakes on whichever member fires; the event queue gets a TRIPWIRE event carrying
 * the registered cookie.
 */
class ClanSyncTripwireWaitTestCase : public TestCase
{
  public:
    ClanSyncTripwireWaitTestCase()
        : TestCase("Tripwire waits, Tripsets and events")
    {
    }

  private:
    void DoRun() override
    {
        SyncRig r;
        Ptr<ClanContext> rx = r.s->ctx[1];
        typedef ClanTripwireTable T;
        const uint32_t a = rx->CreateTripwire(r.region, 4, T::WRITE | T::REMOTE);
        const uint32_t b = rx->CreateTripwire(r.region + 64, 4, T::WRITE | T::REMOTE);
        const uint32_t c = rx->CreateTripwire(r.region + 128, 4, T::WRITE | T::REMOTE);
        const uint32_t set = rx->CreateTripset();
        rx->AddToTripset(set, b);
        rx->AddToTripset(set, c);
        rx->RegisterTripwireEvent(a, 0xc0ffee);
        Time woken;
        Time arrivedA;
        Simulator::Schedule(MicroSeconds(50), [&]() {
            rx->WaitTripwire(a, Callback<void>([&]() { woken = Simulator::Now(); }));
        });
        r.StoreAt(MicroSeconds(100), 0, 1);
        Simulator::Run();
        arrivedA = r.visible;
        Ptr<HostCpu> cpu = rx->GetCpu();
        const Time floor = cpu->GetInterruptLatency() + cpu->GetWakeupLatency();
        NS_TEST_EXPECT_MSG_EQ_TOL(floor.GetMicroSeconds(), 11, 0, "Alpha: 3 + 8 us");
        const Time delay = woken - arrivedA;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(delay, floor - MicroSeconds(1), "interrupt + wake-up");
        NS_TEST_EXPECT_MSG_LT(delay, floor + MicroSeconds(2), "and little more");
        ClanEvent e;
        NS_TEST_ASSERT_MSG_EQ(rx->PollEvent(e), true, "an event");
        NS_TEST_EXPECT_MSG_EQ(int(e.kind), int(ClanEvent::TRIPWIRE), "a Tripwire event");
        NS_TEST_EXPECT_MSG_EQ(e.id, a, "its id");
        NS_TEST_EXPECT_MSG_EQ(e.cookie, 0xc0ffeeu, "the registered cookie");
        NS_TEST_EXPECT_MSG_EQ(rx->PollEvent(e), false, "only one");

        // A Tripset: a write to the second member wakes the waiter.
        bool setWoken = false;
        Simulator::Schedule(MicroSeconds(10), [&]() {
            rx->WaitTripset(set, Callback<void>([&]() { setWoken = true; }));
        });
        r.StoreAt(MicroSeconds(60), 200, 9); // no member: does not wake
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(setWoken, false, "a non-member write does not wake");
        r.StoreAt(MicroSeconds(10), 128, 2);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(setWoken, true, "member c woke the Tripset waiter");
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(c), true, "c fired");
        NS_TEST_EXPECT_MSG_EQ(rx->TestTripwire(b), false, "b did not");
        NS_TEST_EXPECT_MSG_EQ(rx->PollEvent(e), false, "b and c were not registered for events");
        Simulator::Destroy();
    }
};

/**
 * The interrupt routine never hands out a Tripwire's id before the write that tripped it is
 * visible to the processor, while the interrupt still overlaps the write's transfer: (a) a
 * Tripwire on the last word of a DMA transfer; (b) a flag stored as soon as a DMA has
 * completed at the sender (the flag queues on the receiving PCI bus behind the data, as CLAN
 * IP's completion queue does: before the NIC ordered the routine's FIFO read behind the
 * tripping write, (b) saw the flag still 0). A kernel handler (as CLAN IP's) reads the word
 * when the routine calls it.
 */
class ClanTripwireOrderTestCase : public TestCase
{
  public:
    ClanTripwireOrderTestCase()
        : TestCase("A Tripwire's handler runs after the write that tripped it is visible")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t pattern = 0xa5a5a5a5;
        const uint32_t flagValue = 7;
        for (bool flagAfterDma : {false, true})
        {
            SyncRig r;
            Ptr<ClanContext> tx = r.s->ctx[0];
            Ptr<ClanContext> rx = r.s->ctx[1];
            const uint32_t bytes = flagAfterDma ? 4096 : 8192;
            const uint64_t source = tx->Allocate(bytes, "source");
            std::vector<uint8_t> data(bytes);
            for (uint32_t i = 0; i < bytes; ++i)
            {
                data[i] = static_cast<uint8_t>(pattern >> (24 - 8 * (i % 4)));
            }
            tx->GetMemory()->Write(source, data.data(), bytes);
            // (a) the DMA's last word; (b) a word past the data.
            const uint32_t offset = flagAfterDma ? 8188 : bytes - 4;
            const uint32_t expected = flagAfterDma ? flagValue : pattern;
            const uint64_t word = r.region + offset;
            const uint32_t trip =
                rx->CreateTripwire(word, 4, ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
            uint32_t calls = 0;
            uint32_t seen = 0;
            Time handled;
            rx->SetTripwireHandler(trip, Callback<void>([&]() {
                                       ++calls;
                                       seen = rx->ReadLocalWord(word);
                                       handled = Simulator::Now();
                                   }));
            Time wordVisible;
            r.s->nics[1]->TraceConnectWithoutContext(
                "Write",
                Callback<void, uint64_t, uint32_t, uint32_t>(
                    [&](uint64_t address, uint32_t len, uint32_t) {
                        if (address <= word && word + 4 <= address + len)
                        {
                            wordVisible = Simulator::Now();
                        }
                    }));
            const uint64_t irqBefore = r.s->nics[1]->GetNTripwireInterrupts();
            const uint64_t flag = r.mapped + offset;
            Simulator::Schedule(MicroSeconds(10), [&]() {
                tx->Dma(source, r.mapped, bytes, Callback<void>(), Callback<void>([&]() {
                            if (flagAfterDma)
                            {
                                tx->WriteWord(flag, flagValue, Callback<void>());
                            }
                        }));
            });
            Simulator::Run();
            const std::string c = flagAfterDma ? "flag after DMA: " : "DMA's last word: ";
            NS_TEST_EXPECT_MSG_EQ(calls, 1u, c << "the handler ran once");
            NS_TEST_EXPECT_MSG_EQ(seen, expected, c << "and saw the word written");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(handled, wordVisible, c << "not before it was visible");
            // The routine's work after its load (ISR instructions) is under a microsecond: the
            // handler is not delayed by a further interrupt latency.
            NS_TEST_EXPECT_MSG_LT(handled,
                                  wordVisible + rx->GetCpu()->GetInterruptLatency(),
                                  c << "and soon after");
            NS_TEST_EXPECT_MSG_EQ(r.s->nics[1]->GetNTripwireInterrupts() - irqBefore,
                                  1u,
                                  c << "one interrupt");
            Simulator::Destroy();
        }
    }
};

/**
 * Out-of-band messages (section 3.1): the 40-byte payload arrives in the endpoint's queue with
 * its source host and port, and as an OOB_MESSAGE event when the endpoint has an event queue;
 * a message to a port without an endpoint is dropped (NO_ENDPOINT); a closed endpoint is
 * cached and reused by the next open; a message to an endpoint whose queue is full is dropped
 * (MAILBOX_FULL).
 */
class ClanOobTestCase : public TestCase
{
  public:
    ClanOobTestCase()
        : TestCase("Out-of-band messages and endpoints")
    {
    }

  private:
    void DoRun() override
    {
        SyncRig r;
        Ptr<ClanContext> rx = r.s->ctx[1];
        Ptr<ClanContext> tx = r.s->ctx[0];
        Ptr<ClanEndpoint> ep = rx->OpenEndpoint(7);
        ep->SetEventQueue(rx->GetEventQueue());
        rx->GetEventQueue()->Register(ClanEvent::OOB_MESSAGE, ep->GetId(), 77);
        uint8_t payload[ClanNetDevice::OOB_PAYLOAD_BYTES];
        for (uint32_t i = 0; i < sizeof(payload); ++i)
        {
            payload[i] = static_cast<uint8_t>(0xa0 + i);
        }
        Simulator::Schedule(MicroSeconds(100),
                            [&]() { tx->SendOob(1, 7, 5, payload, Callback<void>()); });
        Simulator::Schedule(MicroSeconds(200), [&]() {
            tx->SendOob(1, 9, 5, payload, Callback<void>()); // no endpoint on port 9
        });
        Simulator::Run();
        ClanOobMessage m;
        NS_TEST_ASSERT_MSG_EQ(ep->Receive(m), true, "a message");
        NS_TEST_EXPECT_MSG_EQ(m.srcHost, 0u, "source host");
        NS_TEST_EXPECT_MSG_EQ(m.srcPort, 5u, "source port");
        NS_TEST_EXPECT_MSG_EQ(m.dstPort, 7u, "destination port");
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(m.payload, payload, sizeof(payload)), 0, "payload");
        NS_TEST_EXPECT_MSG_EQ(ep->Receive(m), false, "only one");
        ClanEvent e;
        NS_TEST_ASSERT_MSG_EQ(rx->PollEvent(e), true, "an event");
        NS_TEST_EXPECT_MSG_EQ(int(e.kind), int(ClanEvent::OOB_MESSAGE), "OOB_MESSAGE");
        NS_TEST_EXPECT_MSG_EQ(e.cookie, 77u, "its cookie");
        NS_TEST_EXPECT_MSG_EQ(r.s->nics[1]->GetNOobDelivered(), 1u, "one delivered");
        NS_TEST_EXPECT_MSG_EQ(r.s->nics[1]->GetNDropped(ClanNetDevice::NO_ENDPOINT),
                              1u,
                              "no endpoint: dropped");
        NS_TEST_EXPECT_MSG_EQ(r.s->nics[1]->GetNDropped(), 1u, "nothing else dropped");
        // Close and reopen: the cached endpoint is reused, under its new port.
        NS_TEST_EXPECT_MSG_EQ(rx->GetNEndpointCacheHits(), 0u, "no reuse yet");
        rx->CloseEndpoint(7);
        NS_TEST_EXPECT_MSG_EQ((PeekPointer(r.s->nics[1]->GetEndpoint(7)) == nullptr),
                              true,
                              "closed");
        Ptr<ClanEndpoint> again = rx->OpenEndpoint(8);
        NS_TEST_EXPECT_MSG_EQ(rx->GetNEndpointCacheHits(), 1u, "reused from the cache");
        NS_TEST_EXPECT_MSG_EQ((PeekPointer(again) == PeekPointer(ep)), true, "the same endpoint");
        NS_TEST_EXPECT_MSG_EQ(again->GetPort(), 8u, "under its new port");
        Simulator::Schedule(MicroSeconds(10),
                            [&]() { tx->SendOob(1, 8, 6, payload, Callback<void>()); });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(again->Receive(m), true, "reached the reused endpoint");
        NS_TEST_EXPECT_MSG_EQ(m.srcPort, 6u, "its source port");
        // An endpoint whose queue is full: the driver drops the message (MAILBOX_FULL).
        rx->SetAttribute("OobQueueEntries", UintegerValue(1));
        Ptr<ClanEndpoint> small = rx->OpenEndpoint(10);
        for (uint32_t k = 0; k < 3; ++k)
        {
            Simulator::Schedule(MicroSeconds(10 + 30 * k),
                                [&]() { tx->SendOob(1, 10, 5, payload, Callback<void>()); });
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(r.s->nics[1]->GetNDropped(ClanNetDevice::MAILBOX_FULL),
                              2u,
                              "a full endpoint queue drops");
        NS_TEST_EXPECT_MSG_EQ(small->Receive(m), true, "the first is queued");
        NS_TEST_EXPECT_MSG_EQ(small->Receive(m), false, "only the first");
        Simulator::Destroy();
    }
};

/**
 * Protection as the paper states it: "no explicit protection on the receive path". A faulty
 * host 0 forges a WRITE to a region of host 1 that was never exported: without ReceiveCheck
 * its bytes land; with ReceiveCheck the packet is dropped (NOT_EXPORTED), counted and traced,
 * nothing written. On the sending side only mapped addresses can be stored to (IsMapped).
 */
class ClanProtectionTestCase : public TestCase
{
  public:
    /// \param check ReceiveCheck
    explicit ClanProtectionTestCase(bool check)
        : TestCase(check ? "ReceiveCheck drops a forged write outside the apertures"
                         : "Without ReceiveCheck a forged write lands in unexported memory"),
          m_check(check)
    {
    }

  private:
    void DoRun() override
    {
        SyncRig r(m_check);
        Ptr<HostMemory> mem = r.s->nics[1]->GetMemory();
        const uint64_t secret = r.s->ctx[1]->Allocate(4096, "private");
        mem->Fill(secret, 0x5a, 4096);
        uint32_t traced = 0;
        uint32_t tracedReason = 99;
        r.s->nics[1]->TraceConnectWithoutContext(
            "Drop",
            Callback<void, Ptr<const Packet>, uint32_t, uint32_t>(
                [&](Ptr<const Packet>, uint32_t reason, uint32_t src) {
                    ++traced;
                    tracedReason = reason;
                    NS_TEST_EXPECT_MSG_EQ(src, 0u, "the forger is named");
                }));
        std::vector<uint8_t> evil(100, 0xee);
        ClanHeader h;
        h.SetType(ClanHeader::WRITE);
        h.SetAddress(secret + 1000);
        Ptr<Packet> p = Create<Packet>(evil.data(), evil.size());
        p->AddHeader(h);
        SanFabricPort* port = r.s->nics[0]->GetFabricPort();
        Simulator::Schedule(MicroSeconds(10), [port, p]() { port->SendPacket(1, p); });
        Simulator::Run();
        std::vector<uint8_t> after(4096);
        mem->Read(secret, after.data(), after.size());
        uint32_t changed = 0;
        for (uint32_t i = 0; i < after.size(); ++i)
        {
            changed += after[i] != (i >= 1000 && i < 1100 && !m_check ? 0xee : 0x5a);
        }
        NS_TEST_EXPECT_MSG_EQ(changed,
                              0u,
                              (m_check ? "nothing written" : "the forged bytes landed"));
        NS_TEST_EXPECT_MSG_EQ(r.s->nics[1]->GetNDropped(ClanNetDevice::NOT_EXPORTED),
                              m_check ? 1u : 0u,
                              "NOT_EXPORTED drops counted");
        NS_TEST_EXPECT_MSG_EQ(traced, m_check ? 1u : 0u, "drops traced");
        if (m_check)
        {
            NS_TEST_EXPECT_MSG_EQ(tracedReason, uint32_t(ClanNetDevice::NOT_EXPORTED), "reason");
        }
        // Writes inside the aperture are admitted either way.
        r.StoreAt(MicroSeconds(10), 40, 0xabcd);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(r.s->ctx[1]->ReadLocalWord(r.region + 40), 0xabcdu, "admitted");
        // Mapping-side protection: only the mapping's pages are addressable.
        Ptr<ClanNetDevice> nic0 = r.s->nics[0];
        NS_TEST_EXPECT_MSG_EQ(nic0->IsMapped(r.mapped, 8192), true, "the whole mapping");
        NS_TEST_EXPECT_MSG_EQ(nic0->IsMapped(r.mapped + 8190, 4), false, "across its end");
        NS_TEST_EXPECT_MSG_EQ(nic0->IsMapped(r.mapped + 8192, 4), false, "past its end");
        NS_TEST_EXPECT_MSG_EQ(nic0->IsMapped(r.mapped - 4, 4), false, "before it");
        NS_TEST_EXPECT_MSG_EQ(nic0->IsMapped(secret, 4), false, "a host address is no window");
        Simulator::Destroy();
    }

    bool m_check; //!< ReceiveCheck
};

/**
 * The shared protection fuzzer (SanProtectionFuzzer) on the NIC with ReceiveCheck on, packets
 * forged by ClanProtectionFuzzAdapter and sent from host 0 or injected into the receive path:
 * nothing written outside what each accepted packet may write, every drop counted and traced
 * with its reason, and every reason the adapter can provoke provoked.
 */
class ClanFuzzTestCase : public TestCase
{
  public:
    ClanFuzzTestCase()
        : TestCase("Protection fuzzer with ReceiveCheck")
    {
    }

  private:
    void DoRun() override
    {
        SyncRig r(true);
        Ptr<ClanProtectionFuzzAdapter> adapter =
            Create<ClanProtectionFuzzAdapter>(r.s->nics[1], r.s->nics[0]->GetFabricPort());
        Ptr<SanProtectionFuzzer> fuzzer = CreateObject<SanProtectionFuzzer>();
        fuzzer->SetAttribute("Packets", UintegerValue(3000));
        fuzzer->SetAdapter(adapter);
        fuzzer->AssignStreams(4242);
        const SanFuzzReport report = fuzzer->Run();
        NS_TEST_EXPECT_MSG_EQ(report.Passed(), true, report.Describe());
        NS_TEST_EXPECT_MSG_EQ(report.injected, 3000u, "every packet injected");
        NS_TEST_EXPECT_MSG_GT(report.viaFabric, 0u, "some over the fabric");
        NS_TEST_EXPECT_MSG_GT(report.direct, 0u, "some straight into the receive path");
        NS_TEST_EXPECT_MSG_EQ(report.wrongBytes + report.strayBytes + report.canaryBytes,
                              0u,
                              "no wrong or stray bytes");
        NS_TEST_EXPECT_MSG_GT(report.bytesExpected, 0u, "writes landed");
        for (uint32_t reason : ClanProtectionFuzzAdapter::GetFuzzedReasons())
        {
            NS_TEST_EXPECT_MSG_GT(report.countedDrops[reason],
                                  0u,
                                  "reason " << report.reasonNames[reason] << " exercised");
        }
        for (uint32_t c = 0; c < report.perCase.size(); ++c)
        {
            NS_TEST_EXPECT_MSG_GT(report.perCase[c], 0u, "case " << report.caseNames[c]);
        }
        if (std::getenv("SAN_CLAN_FUZZ_REPORT"))
        {
            std::cout << report.Describe() << std::endl;
        }
        fuzzer->Dispose();
        Simulator::Destroy();
    }
};

} // namespace

/// CLAN's Tripwires, out-of-band messages and protection.
class SanClanSyncTestSuite : public TestSuite
{
  public:
    SanClanSyncTestSuite()
        : TestSuite("san-clan-sync", UNIT)
    {
        AddTestCase(new ClanTripwireFiringTestCase, TestCase::QUICK);
        AddTestCase(new ClanSyncTripwireWaitTestCase, TestCase::QUICK);
        AddTestCase(new ClanTripwireOrderTestCase, TestCase::QUICK);
        AddTestCase(new ClanOobTestCase, TestCase::QUICK);
        AddTestCase(new ClanProtectionTestCase(false), TestCase::QUICK);
        AddTestCase(new ClanProtectionTestCase(true), TestCase::QUICK);
        AddTestCase(new ClanFuzzTestCase, TestCase::QUICK);
    }
};

static SanClanSyncTestSuite g_sanClanSyncTestSuite; //!< registers the suite
