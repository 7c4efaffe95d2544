/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-shrimp-rpc": SHRIMP RPC over VMMC automatic update (model/vmmc/rpc/, SHRIMP
 * 1996 section 5).
 *
 *  - a call's values: IN arguments reach the procedure in the server's buffer, OUT and INOUT
 *    results reach the caller's variables;
 *  - OUT values written during the procedure arrive at the client by automatic update while
 *    the server still computes, before the done flag;
 *  - arguments and flag travel as one packet;
 *  - the stub's marshalling cost per type shows in the round trip;
 *  - the null call's round trip (Figure 8) is printed and bounded below by two one-word
 *    VMMC latencies.
 */

#include "san-test-util.h"

#include "ns3/double.h"
#include "ns3/host-words.h"
#include "ns3/shrimp-nx-experiments.h"
#include "ns3/shrimp-paper-experiments.h"
#include "ns3/shrimp-rpc-binding.h"
#include "ns3/shrimp-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <functional>
#include <vector>

using namespace ns3;

namespace
{

ShrimpRpcBinding::Argument
Arg(ShrimpRpcBinding::Type t, ShrimpRpcBinding::Direction d, uint32_t bytes = 4)
{
    ShrimpRpcBinding::Argument a;
    a.type = t;
    a.dir = d;
    a.bytes = bytes;
    return a;
}

void
PutWord(Ptr<VmmcEndpoint> ep, uint64_t addr, uint32_t v)
{
    uint8_t b[4];
    HostWords::Store32(b, v);
    ep->GetMemory()->Write(addr, b, 4);
}

/// Round-trip time of calls to a procedure with one INT32 INOUT argument.
double
Int32CallRtt(double marshalInstructions)
{
    ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
    Ptr<VmmcEndpoint> client = scenario.CreateEndpoint(0);
    Ptr<VmmcEndpoint> server = scenario.CreateEndpoint(3);
    Ptr<ShrimpRpcBinding> rpc = CreateObject<ShrimpRpcBinding>();
    rpc->SetAttribute("Int32MarshalInstructions", DoubleValue(marshalInstructions));
    const uint64_t x = client->Allocate(4);
    ShrimpRpcBinding::Procedure null(
        [](Ptr<VmmcEndpoint>, std::vector<uint64_t>, Callback<void> done) { done(); });
    uint32_t calls = 0;
    Time t0;
    Time t1;
    std::function<void()> next = [&]() {
        if (calls == 2)
        {
            t0 = Simulator::Now();
        }
        if (calls == 7)
        {
            t1 = Simulator::Now();
            return;
        }
        ++calls;
        rpc->Call({x}, Callback<void>([&]() { next(); }));
    };
    rpc->Setup(client,
               server,
               {Arg(ShrimpRpcBinding::INT32, ShrimpRpcBinding::INOUT)},
               null,
               Callback<void>([&]() { next(); }));
    Simulator::Run();
    Simulator::Destroy();
    rpc->Dispose();
    return (t1 - t0).GetSeconds() * 1e6 / 5;
}

} // namespace

/// IN values reach the procedure, OUT and INOUT results reach the caller.
class RpcValuesTestCase : public TestCase
{
  public:
    RpcValuesTestCase()
        : TestCase("a call's values and results")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
        Ptr<VmmcEndpoint> client = scenario.CreateEndpoint(0);
        Ptr<VmmcEndpoint> server = scenario.CreateEndpoint(3);
        Ptr<ShrimpRpcBinding> rpc = CreateObject<ShrimpRpcBinding>();
        // sum(a, b, out s, inout bytes[16]): s = a + b; bytes reversed.
        std::vector<ShrimpRpcBinding::Argument> args = {
            Arg(ShrimpRpcBinding::INT32, ShrimpRpcBinding::IN),
            Arg(ShrimpRpcBinding::INT32, ShrimpRpcBinding::IN),
            Arg(ShrimpRpcBinding::INT32, ShrimpRpcBinding::OUT),
            Arg(ShrimpRpcBinding::OPAQUE, ShrimpRpcBinding::INOUT, 16)};
        uint32_t seenA = 0;
        uint32_t seenB = 0;
        ShrimpRpcBinding::Procedure sum(
            [&](Ptr<VmmcEndpoint> ep, std::vector<uint64_t> a, Callback<void> done) {
                seenA = ep->ReadWord(a[0]);
                seenB = ep->ReadWord(a[1]);
                std::vector<uint8_t> v(16);
                ep->GetMemory()->Read(a[3], v.data(), 16);
                std::reverse(v.begin(), v.end());
                auto keep = std::make_shared<std::vector<uint8_t>>(v);
                ep->StoreWord(a[2], seenA + seenB, Callback<void>([ep, a, keep, done]() {
                                  ep->Store(a[3], keep->data(), 16, done);
                              }));
            });
        const uint64_t va = client->Allocate(4);
        const uint64_t vb = client->Allocate(4);
        const uint64_t vs = client->Allocate(4);
        const uint64_t vx = client->Allocate(16);
        PutWord(client, va, 1234);
        PutWord(client, vb, 4321);
        PutWord(client, vs, 0);
        std::vector<uint8_t> x(16);
        for (uint32_t i = 0; i < 16; ++i)
        {
            x[i] = static_cast<uint8_t>(i + 1);
        }
        client->GetMemory()->Write(vx, x.data(), 16);
        bool returned = false;
        uint32_t secondSum = 0;
        rpc->Setup(client, server, args, sum, Callback<void>([&]() {
                       rpc->Call({va, vb, vs, vx}, Callback<void>([&]() {
                                     returned = true;
                                     // A second call with other values.
                                     PutWord(client, va, 7);
                                     rpc->Call({va, vb, vs, vx}, Callback<void>([&]() {
                                                   secondSum = client->ReadWord(vs);
                                               }));
                                 }));
                   }));
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(returned, true, "the call returned");
        NS_TEST_EXPECT_MSG_EQ(secondSum, 7 + 4321, "OUT result of the second call");
        NS_TEST_EXPECT_MSG_EQ(seenA, 7, "IN value seen by the procedure (second call)");
        NS_TEST_EXPECT_MSG_EQ(seenB, 4321, "IN value seen by the procedure");
        std::vector<uint8_t> got(16);
        client->GetMemory()->Read(vx, got.data(), 16);
        // Reversed twice: back to the original.
        NS_TEST_EXPECT_MSG_EQ((got == x), true, "INOUT bytes after two reversals");
        NS_TEST_EXPECT_MSG_EQ(rpc->GetNCalls(), 2, "calls");
        Simulator::Destroy();
        rpc->Dispose();
    }
};

/// OUT values reach the client before the done flag, while the server computes.
class RpcOutBeforeFlagTestCase : public TestCase
{
  public:
    RpcOutBeforeFlagTestCase()
        : TestCase("OUT values arrive before the done flag")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
        Ptr<VmmcEndpoint> client = scenario.CreateEndpoint(0);
        Ptr<VmmcEndpoint> server = scenario.CreateEndpoint(3);
        Ptr<ShrimpRpcBinding> rpc = CreateObject<ShrimpRpcBinding>();
        const double work = 2000; // 50 us at 25 ns per instruction
        ShrimpRpcBinding::Procedure proc(
            [work](Ptr<VmmcEndpoint> ep, std::vector<uint64_t> a, Callback<void> done) {
                // Write the result first, then keep computing.
                ep->StoreWord(a[0], 0xfeedbeef, Callback<void>([ep, work, done]() {
                                  ep->Compute(work, done);
                              }));
            });
        const uint64_t out = client->Allocate(4);
        const uint64_t in = client->Allocate(4);
        Time outArrived;
        uint32_t outValue = 0;
        Time flagArrived;
        Time returned;
        Time called;
        rpc->Setup(
            client,
            server,
            {Arg(ShrimpRpcBinding::INT32, ShrimpRpcBinding::OUT),
             Arg(ShrimpRpcBinding::INT32, ShrimpRpcBinding::IN)},
            proc,
            Callback<void>([&]() {
                const uint64_t o = rpc->GetClientArgument(0);
                client->GetMemory()->WatchWrites(o, 4, Callback<void>([&, o]() {
                                                     outArrived = Simulator::Now();
                                                     outValue = client->ReadWord(o);
                                                 }));
                called = Simulator::Now();
                rpc->Call({out, in}, Callback<void>([&]() { returned = Simulator::Now(); }));
                // The client's own flag store has happened by the time the server
                // can answer; watch for the server's.
                Simulator::Schedule(MicroSeconds(3), [&]() {
                    client->GetMemory()->WatchWrites(rpc->GetClientFlag(), 4, Callback<void>([&]() {
                                                         flagArrived = Simulator::Now();
                                                     }));
                });
            }));
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(returned.IsStrictlyPositive(), true, "the call returned");
        NS_TEST_ASSERT_MSG_EQ(outArrived.IsStrictlyPositive(), true, "the OUT value arrived");
        NS_TEST_EXPECT_MSG_EQ(outValue, 0xfeedbeef, "the OUT value");
        NS_TEST_EXPECT_MSG_EQ(client->ReadWord(out), 0xfeedbeef, "the caller's variable");
        NS_TEST_ASSERT_MSG_EQ(flagArrived.IsStrictlyPositive(), true, "the done flag arrived");
        // The OUT value left when written (combining timer at most), the flag after 50 us
        // of computing.
        NS_TEST_EXPECT_MSG_GT((flagArrived - outArrived).GetMicroSeconds(),
                              40,
                              "the OUT value came well before the flag");
        NS_TEST_EXPECT_MSG_LT(outArrived, flagArrived, "order");
        NS_TEST_EXPECT_MSG_GT((returned - called).GetMicroSeconds(), 50, "the call took the work");
        Simulator::Destroy();
        rpc->Dispose();
    }
};

/// One packet carries the arguments and the flag.
class RpcOnePacketTestCase : public TestCase
{
  public:
    RpcOnePacketTestCase()
        : TestCase("arguments and flag travel in one packet")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
        Ptr<VmmcEndpoint> client = scenario.CreateEndpoint(0);
        Ptr<VmmcEndpoint> server = scenario.CreateEndpoint(3);
        Ptr<ShrimpRpcBinding> rpc = CreateObject<ShrimpRpcBinding>();
        ShrimpRpcBinding::Procedure null(
            [](Ptr<VmmcEndpoint>, std::vector<uint64_t>, Callback<void> done) { done(); });
        const uint64_t a = client->Allocate(64);
        uint64_t before = 0;
        uint64_t after = 0;
        Ptr<ShrimpNetDevice> nic = scenario.nics[0];
        rpc->Setup(client,
                   server,
                   {Arg(ShrimpRpcBinding::INT32, ShrimpRpcBinding::IN),
                    Arg(ShrimpRpcBinding::DOUBLE, ShrimpRpcBinding::IN),
                    Arg(ShrimpRpcBinding::OPAQUE, ShrimpRpcBinding::IN, 40)},
                   null,
                   Callback<void>([&]() {
                       before = nic->GetNPacketsSent();
                       rpc->Call({a, a + 8, a + 16},
                                 Callback<void>([&]() { after = nic->GetNPacketsSent(); }));
                   }));
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(after - before, 1, "packets the client sent for one call");
        Simulator::Destroy();
        rpc->Dispose();
    }
};

/// The stub's marshalling cost per type shows in the round trip.
class RpcMarshalCostTestCase : public TestCase
{
  public:
    RpcMarshalCostTestCase()
        : TestCase("marshalling cost per type matters")
    {
    }

  private:
    void DoRun() override
    {
        const double cheap = Int32CallRtt(3);
        const double dear = Int32CallRtt(403);
        // An INOUT integer is marshalled and unmarshalled by the client: 2 x 400 extra
        // instructions at 25 ns.
        NS_TEST_EXPECT_MSG_EQ_TOL(dear - cheap, 20.0, 1.0, "round trip grows by the stub's work");
    }
};

/// Figure 8's null call: printed, bounded below by the hardware.
class RpcNullRttTestCase : public TestCase
{
  public:
    RpcNullRttTestCase()
        : TestCase("null call round trip")
    {
    }

  private:
    void DoRun() override
    {
        const double rtt4 = ShrimpNxExperiments::ShrimpRpcNullRttUs(4);
        const double rtt1k = ShrimpNxExperiments::ShrimpRpcNullRttUs(1024);
        const double hw =
            ShrimpPaperExperiments::VmmcPingPong(ShrimpPaperExperiments::AU_1COPY, 4).oneWayUs;
        std::cout << "SHRIMP RPC null round trip: 4 B " << rtt4 << " us, 1 KB " << rtt1k
                  << " us (paper: 9.5 us small); VMMC AU one word one-way " << hw << " us"
                  << std::endl;
        NS_TEST_EXPECT_MSG_GT(rtt4, 2 * hw, "a round trip costs two one-way transfers at least");
        NS_TEST_EXPECT_MSG_GT(rtt1k, rtt4, "a larger argument costs more");
    }
};

/// The suite.
class SanShrimpRpcTestSuite : public TestSuite
{
  public:
    SanShrimpRpcTestSuite()
        : TestSuite("san-shrimp-rpc", UNIT)
    {
        AddTestCase(new RpcValuesTestCase(), TestCase::QUICK);
        AddTestCase(new RpcOutBeforeFlagTestCase(), TestCase::QUICK);
        AddTestCase(new RpcOnePacketTestCase(), TestCase::QUICK);
        AddTestCase(new RpcMarshalCostTestCase(), TestCase::QUICK);
        AddTestCase(new RpcNullRttTestCase(), TestCase::QUICK);
    }
};

static SanShrimpRpcTestSuite g_sanShrimpRpcTestSuite; //!< the suite's instance
