/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Figure 5 and the null call of section 4.2: VRPC round trips.

#include "shrimp-scenario.h"
#include "shrimp-socket-experiments.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"
#include "ns3/vrpc.h"

#include <functional>

namespace ns3
{

ShrimpSocketExperiments::RpcResult
ShrimpSocketExperiments::VrpcCall(uint32_t argBytes,
                                  uint32_t calls,
                                  VrpcConnection::Transfer transfer,
                                  bool receiverCopy)
{
    NS_ABORT_MSG_IF(calls == 0, "VrpcCall: calls must be positive");
    ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
    const uint32_t warmup = 2;
    const uint32_t PROG = 0x20000099; // a user-defined program number (RFC 1057, section 7.3)
    Ptr<VrpcServer> server = CreateObject<VrpcServer>();
    server->Setup(scenario.CreateEndpoint(3), PROG, 1);
    // Procedure 1: echo its opaque argument (a single argument and a single result of the
    // same size); with no argument, the null procedure.
    server->Register(1, [argBytes](XdrDecoder& args, XdrEncoder& results) {
        if (argBytes == 0)
        {
            return args.GetRemaining() == 0;
        }
        std::vector<uint8_t> a;
        if (!args.GetOpaque(a, argBytes))
        {
            return false;
        }
        results.PutOpaque(a.data(), static_cast<uint32_t>(a.size()));
        return true;
    });
    std::vector<uint8_t> arg(argBytes);
    for (uint32_t i = 0; i < argBytes; ++i)
    {
        arg[i] = static_cast<uint8_t>(i * 13 + 1);
    }
    XdrEncoder args;
    if (argBytes > 0)
    {
        args.PutOpaque(arg.data(), argBytes);
    }
    Ptr<VrpcClient> client;
    uint32_t done = 0;
    Time t0;
    Time t1;
    std::function<void()> call;
    call = [&]() {
        client->Call(1, args, [&](bool ok, uint32_t stat, std::vector<uint8_t> results) {
            NS_ABORT_MSG_UNLESS(ok && stat == RpcHeader::SUCCESS, "VrpcCall: the call failed");
            if (argBytes > 0)
            {
                XdrDecoder d(results.data(), static_cast<uint32_t>(results.size()));
                std::vector<uint8_t> r;
                NS_ABORT_MSG_UNLESS(d.GetOpaque(r) && r == arg, "VrpcCall: wrong result");
            }
            ++done;
            if (done == warmup)
            {
                t0 = Simulator::Now();
            }
            if (done == warmup + calls)
            {
                t1 = Simulator::Now();
                return;
            }
            call();
        });
    };
    VrpcClient::Bind(
        scenario.CreateEndpoint(0),
        server,
        [&](Ptr<VrpcClient> c) {
            client = c;
            call();
        },
        transfer,
        receiverCopy);
    Simulator::Run();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(t1 <= t0, "VrpcCall: the calls did not complete");
    RpcResult r;
    r.rttUs = (t1 - t0).GetSeconds() * 1e6 / calls;
    r.mbps = 2.0 * argBytes / r.rttUs;
    return r;
}

double
ShrimpSocketExperiments::VrpcNullRttUs(uint32_t argBytes)
{
    return VrpcCall(argBytes).rttUs;
}

} // namespace ns3
