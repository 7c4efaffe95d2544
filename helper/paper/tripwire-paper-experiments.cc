/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tripwire-paper-experiments.h"

#include "ns3/abort.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <functional>
#include <memory>

namespace ns3
{

namespace
{

/// Two hosts back to back, each exporting a page and mapping the other's.
struct ClanPair
{
    ClanScenario s{ClanScenario::Configure(2)};
    uint64_t local[2]{};  //!< each host's exported buffer
    uint64_t remote[2]{}; //!< each host's mapping of the other's buffer

    /// \param bytes buffer size
    explicit ClanPair(uint64_t bytes)
    {
        ClanCookie c[2];
        for (int i = 0; i < 2; ++i)
        {
            local[i] = s.ctx[i]->Allocate(bytes, "buffer");
            c[i] = s.ctx[i]->Export(local[i], bytes);
        }
        for (int i = 0; i < 2; ++i)
        {
            remote[i] = s.ctx[i]->Map(c[1 - i]);
        }
    }
};

} // namespace

double
TripwirePaperExperiments::PioRoundTripUs(uint32_t iterations)
{
    NS_ABORT_MSG_IF(iterations == 0, "PioRoundTripUs: no iterations");
    ClanPair p(8192);
    Ptr<ClanContext> a = p.s.ctx[0];
    Ptr<ClanContext> b = p.s.ctx[1];
    // Set-up calls are over well before this.
    const Time start = MicroSeconds(100);
    Time end;
    uint32_t done = 0;
    auto echo = std::make_shared<std::function<void(uint32_t)>>();
    auto ping = std::make_shared<std::function<void(uint32_t)>>();
    // B waits for word n in its buffer, then copies it into A's.
    *echo = [&, echo](uint32_t n) {
        const uint64_t at = p.local[1];
        b->SpinUntil(at,
                     4,
                     MakeSanCallback<bool>([b, at, n]() { return b->ReadLocalWord(at) == n; }),
                     MakeSanCallback<void>([&, echo, n]() {
                         b->WriteWord(p.remote[1], b->ReadLocalWord(p.local[1]), Callback<void>());
                         if (n < iterations)
                         {
                             (*echo)(n + 1);
                         }
                     }));
    };
    // A writes word n into B's buffer and waits for it to come back.
    *ping = [&, ping](uint32_t n) {
        a->WriteWord(p.remote[0], n, Callback<void>());
        const uint64_t at = p.local[0];
        a->SpinUntil(at,
                     4,
                     MakeSanCallback<bool>([a, at, n]() { return a->ReadLocalWord(at) == n; }),
                     MakeSanCallback<void>([&, ping, n]() {
                         ++done;
                         if (n < iterations)
                         {
                             (*ping)(n + 1);
                         }
                         else
                         {
                             end = Simulator::Now();
                         }
                     }));
    };
    Simulator::Schedule(start, [&]() {
        (*echo)(1);
        (*ping)(1);
    });
    Simulator::Run();
    Simulator::Destroy();
    *echo = nullptr;
    *ping = nullptr;
    NS_ABORT_MSG_IF(done != iterations, "PioRoundTripUs: " << done << " of " << iterations);
    return (end - start).GetMicroSeconds() / double(iterations);
}

double
TripwirePaperExperiments::RawBandwidthMbps(uint32_t bytes, bool dma)
{
    NS_ABORT_MSG_IF(bytes < 8 || bytes % 4 != 0, "RawBandwidthMbps: size " << bytes);
    ClanPair p(bytes + 8192);
    Ptr<ClanContext> a = p.s.ctx[0];
    std::vector<uint8_t> data(bytes);
    for (uint32_t i = 0; i < bytes; ++i)
    {
        data[i] = static_cast<uint8_t>(i * 7 + 1);
    }
    p.s.GetHost(0)->GetMemory()->Write(p.local[0], data.data(), bytes);
    // First and last DWORD visible at the receiving processor.
    Time first = Seconds(-1);
    Time last = Seconds(-1);
    const uint64_t lo = p.local[1];
    Ptr<HostBus> bus = p.s.GetHost(1)->GetIoBus();
    const uint64_t hi = p.local[1] + bytes;
    p.s.nics[1]->TraceConnectWithoutContext(
        "Write",
        MakeSanCallback<void, uint64_t, uint32_t, uint32_t>(
            [&](uint64_t address, uint32_t len, uint32_t) {
                if (address <= lo && lo < address + len && first.IsStrictlyNegative())
                {
                    // The piece became visible with its last DWORD; its first DWORD crossed
                    // the bus that many data phases earlier.
                    const uint64_t after = (address + len - lo) / 4 - 1;
                    first = Simulator::Now() - bus->GetCyclesTime(after);
                }
                if (address < hi && hi <= address + len)
                {
                    last = Simulator::Now();
                }
            }));
    Simulator::Schedule(MicroSeconds(100), [&]() {
        if (dma)
        {
            a->Dma(p.local[0], p.remote[0], bytes, Callback<void>(), Callback<void>());
        }
        else
        {
            a->Write(p.remote[0], data.data(), bytes, Callback<void>());
        }
    });
    Simulator::Run();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(first.IsStrictlyNegative() || last.IsStrictlyNegative(),
                    "RawBandwidthMbps: the message did not arrive");
    // From the first DWORD's arrival to the last's: bytes - 4 moved in the interval.
    const double seconds = (last - first).GetSeconds();
    NS_ABORT_MSG_IF(seconds <= 0, "RawBandwidthMbps: one burst; no interval to measure");
    return (bytes - 4) * 8.0 / seconds / 1e6;
}

} // namespace ns3
