/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// clan-tripwire: CLAN in use, with a receiver that sleeps on a Tripwire. Sixteen 530 MHz
// Alphas under Linux 2.2 (AlphaLinuxHostPreset: the Tripwire paper's hosts) with CLAN NICs on
// a 4-ary 2-tree of wormhole switches. The links are the paper's G-Link fibre: 1.2 Gbit/s of
// data (1.5 Gbit/s serialised, 16 data bits in each 20-bit frame), Xon/Xoff flow control
// (Riddoch et al. 1999, section 2.2) and no propagation delay of their own (the paper's
// hosts sat back to back). The paper's switch was not yet built (its section 9), so the
// switches keep the fabric's default routing delay, 0.5 us a head.
//
// A ClanMessageChannel (the paper's Example 1, section 4.1) carries fixed-size messages from
// --from to --to: the sender stores each message into the receiver's buffer through a mapped
// aperture (programmed I/O) and then sets the receiver's rx_ready flag; the receiver waits for
// rx_ready, copies the message out, and sets the sender's tx_ready flag. The receiver waits in
// --wait mode: "tripwire" (a Tripwire on rx_ready: the NIC interrupts when the flag is
// written and the driver wakes the process), "spin-then-tripwire" (section 4.3), or "spin".
// The sender spins on tx_ready (it has nothing else to do).
//
//  1. one message on an idle channel, the receiver already asleep: its one-way latency is the
//     send call to the receive call's return (the message copied out);
//  2. --messages messages back to back: message rate and bandwidth, first send call to the
//     last receive's return, and how often the receiver had to be woken.
//
// Every message is checked; the program returns 1 if one is missing or wrong.
//
//   build/examples/clan-tripwire [--from=0] [--to=15] [--messageBytes=64] [--messages=1000]
//                                [--wait=tripwire]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// \param i a message number \param n its bytes \return its contents
std::vector<uint8_t>
Message(uint32_t i, uint32_t n)
{
    std::vector<uint8_t> v(n);
    for (uint32_t k = 0; k < n; ++k)
    {
        v[k] = static_cast<uint8_t>(i * 7 + k * 13 + (k >> 4));
    }
    return v;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t from = 0;
    uint32_t to = 15;
    uint32_t messageBytes = 64;
    uint32_t messages = 1000;
    std::string wait = "tripwire";
    CommandLine cmd(__FILE__);
    cmd.AddValue("from", "sending host (0-15)", from);
    cmd.AddValue("to", "receiving host (0-15)", to);
    cmd.AddValue("messageBytes", "bytes per message (4-8192, whole words)", messageBytes);
    cmd.AddValue("messages", "messages in the stream (1-1000000)", messages);
    cmd.AddValue("wait", "how the receiver waits: tripwire, spin-then-tripwire or spin", wait);
    cmd.Parse(argc, argv);
    if (from > 15 || to > 15 || from == to)
    {
        std::fprintf(stderr, "clan-tripwire: --from and --to must be two different hosts 0-15\n");
        return 1;
    }
    if (messageBytes < 4 || messageBytes > 8192 || messageBytes % 4 != 0 || messages == 0 ||
        messages > 1000000)
    {
        std::fprintf(stderr,
                     "clan-tripwire: need --messageBytes 4-8192 (a multiple of 4) and "
                     "--messages 1-1000000\n");
        return 1;
    }
    ClanContext::WaitMode mode;
    if (wait == "tripwire")
    {
        mode = ClanContext::TRIPWIRE;
    }
    else if (wait == "spin-then-tripwire")
    {
        mode = ClanContext::SPIN_THEN_TRIPWIRE;
    }
    else if (wait == "spin")
    {
        mode = ClanContext::SPIN;
    }
    else
    {
        std::fprintf(stderr,
                     "clan-tripwire: --wait must be tripwire, spin-then-tripwire or spin, not "
                     "'%s'\n",
                     wait.c_str());
        return 1;
    }

    NodeContainer hosts;
    hosts.Create(16);
    SanHostHelper hostHelper;
    hostHelper.SetPreset("ns3::AlphaLinuxHostPreset");
    hostHelper.Install(hosts);

    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(2));
    fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("1.2Gbps"))); // G-Link
    fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
    fabric.SetFlowControl("XonXoff");
    NetDeviceContainer endpoints = fabric.Install(hosts);

    ClanHelper clan;
    clan.Install(hosts, endpoints);
    Ptr<ClanContext> sender = ClanHelper::CreateContext(hosts.Get(from));
    Ptr<ClanContext> receiver = ClanHelper::CreateContext(hosts.Get(to));
    Ptr<ClanNetDevice> receiverNic = ClanHelper::GetDevice(hosts.Get(to));

    // Buffers, flags, apertures, mappings and the Tripwires: system calls at time 0, over well
    // before the first message at 100 us.
    Ptr<ClanMessageChannel> channel = CreateObject<ClanMessageChannel>();
    channel->Setup(sender, receiver, messageBytes, ClanContext::SPIN, mode);

    Time oneWayCalled;
    Time oneWayReturned;
    Time streamStart;
    Time streamEnd;
    uint32_t received = 0; // the stream's messages (the one-way message is number 0)
    uint32_t wrong = 0;
    uint64_t wakeupsBefore = 0;
    uint64_t interruptsBefore = 0;
    std::function<void(uint32_t)> send = [&](uint32_t i) {
        if (i <= messages)
        {
            channel->Send(Message(i, messageBytes), Callback<void>([&send, i]() { send(i + 1); }));
        }
    };
    std::function<void(uint32_t)> receive = [&](uint32_t i) {
        channel->Receive(ClanMessageChannel::ReceiveCallback([&, i](const std::vector<uint8_t>& m) {
            wrong += m != Message(i, messageBytes);
            if (i == 0)
            {
                // The one-way message is in; the stream starts 50 us later.
                oneWayReturned = Simulator::Now();
                Simulator::Schedule(MicroSeconds(50), [&]() {
                    streamStart = Simulator::Now();
                    wakeupsBefore = receiverNic->GetTripwireState()->GetNWakeups();
                    interruptsBefore = receiverNic->GetNTripwireInterrupts();
                    receive(1);
                    send(1);
                });
                return;
            }
            ++received;
            if (i < messages)
            {
                receive(i + 1);
            }
            else
            {
                streamEnd = Simulator::Now();
            }
        }));
    };
    // The receiver waits from 90 us (asleep on its Tripwire by 100 us); message 0 is sent
    // alone at 100 us.
    Simulator::Schedule(MicroSeconds(90), [&]() { receive(0); });
    Simulator::Schedule(MicroSeconds(100), [&]() {
        oneWayCalled = Simulator::Now();
        channel->Send(Message(0, messageBytes), Callback<void>());
    });
    Simulator::Stop(Seconds(100));
    Simulator::Run();

    const bool ok = !oneWayReturned.IsZero() && received == messages && wrong == 0;
    const double oneWayUs = (oneWayReturned - oneWayCalled).GetSeconds() * 1e6;
    const double streamUs = (streamEnd - streamStart).GetSeconds() * 1e6;
    const double rate = streamUs > 0 ? received / streamUs * 1e6 : 0.0;
    std::printf("clan-tripwire: one-way latency of a %u-byte message from host %u to host %u: "
                "%.2f us, send call to the receive's return (receiver waits: %s)\n",
                messageBytes,
                from,
                to,
                oneWayUs,
                wait.c_str());
    std::printf(
        "clan-tripwire: %u of %u messages of %u bytes in %.1f us: %.0f messages/s, "
        "%.2f MB/s, %llu Tripwire interrupts and %llu wake-ups at the receiver (%s)\n",
        received,
        messages,
        messageBytes,
        streamUs,
        rate,
        rate * messageBytes / 1e6,
        static_cast<unsigned long long>(receiverNic->GetNTripwireInterrupts() - interruptsBefore),
        static_cast<unsigned long long>(receiverNic->GetTripwireState()->GetNWakeups() -
                                        wakeupsBefore),
        ok ? "data checked" : "FAILED");
    Simulator::Destroy();
    return ok ? 0 : 1;
}
