/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-beyond-paper.h"

#include "shrimp-scenario.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <functional>
#include <memory>
#include <sstream>

namespace ns3
{

namespace
{

/// Host 0 imports a buffer host 3 exports (and binds \p sendPages of its own to it).
struct VmmcPair
{
    std::unique_ptr<ShrimpScenario> s; //!< the prototype
    Ptr<VmmcEndpoint> a;               //!< sender (host 0)
    Ptr<VmmcEndpoint> b;               //!< receiver (host 3)
    uint64_t recv{0};                  //!< B's buffer
    uint64_t send{0};                  //!< A's bound buffer (if bound)
    uint64_t user{0};                  //!< A's user memory
    uint32_t exportId{0};              //!< B's export
    int32_t handle{-1};                //!< A's import

    VmmcPair(uint32_t bytes, bool bind, VmmcEndpoint::BindOptions options)
    {
        s = std::make_unique<ShrimpScenario>(ShrimpScenario::Configure(2, 2));
        a = s->CreateEndpoint(0);
        b = s->CreateEndpoint(3);
        const uint32_t page = a->GetPageBytes();
        const uint32_t size = (bytes + page - 1) / page * page;
        recv = b->Allocate(size, HostMemorySystem::WRITE_THROUGH);
        send = a->Allocate(size);
        user = a->Allocate(size);
        b->Export(recv,
                  size,
                  {},
                  MakeSanCallback<void, uint32_t>([this, bind, options, size](uint32_t id) {
                      exportId = id;
                      a->Import(
                          3,
                          id,
                          MakeSanCallback<void, int32_t>([this, bind, options, size](int32_t h) {
                              handle = h;
                              if (bind)
                              {
                                  a->Bind(send,
                                          size,
                                          h,
                                          0,
                                          options,
                                          MakeSanCallback<void, bool>([](bool ok) {
                                              NS_ABORT_MSG_UNLESS(ok, "bind refused");
                                          }));
                              }
                          }));
                  }));
    }

    /// \return when set-up is over
    static Time Start()
    {
        return MilliSeconds(10);
    }
};

} // namespace

ShrimpBeyondPaper::Combining
ShrimpBeyondPaper::AutomaticUpdateStream(bool combine, uint32_t bytes, uint32_t repeats)
{
    VmmcEndpoint::BindOptions o;
    o.combine = combine;
    o.timer = combine;
    VmmcPair p(bytes, true, o);
    Time lastLanded;
    std::function<void()> watch = [&]() {
        p.b->GetMemory()->WatchWrites(p.recv, bytes, MakeSanCallback<void>([&]() {
                                          lastLanded = Simulator::Now();
                                          watch();
                                      }));
    };
    watch();
    auto left = std::make_shared<uint32_t>(repeats);
    std::function<void()> copy = [&]() {
        if ((*left)-- == 0)
        {
            return;
        }
        p.a->Copy(p.send, p.user, bytes, MakeSanCallback<void>([&]() { copy(); }));
    };
    Simulator::Schedule(VmmcPair::Start(), [&]() { copy(); });
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    Combining r;
    const double words = double(bytes) * repeats / 4;
    r.packetsPerWord = p.s->nics[0]->GetNPacketsSent() / words;
    r.mbps = double(bytes) * repeats / ((lastLanded - VmmcPair::Start()).GetSeconds() * 1e6);
    Simulator::Destroy();
    return r;
}

ShrimpBeyondPaper::Waiting
ShrimpBeyondPaper::WaitForMessages(WaitMode mode, uint32_t messages, double intervalUs)
{
    const bool notifications = mode == WAIT_NOTIFICATION;
    VmmcPair p(4096, false, {});
    p.b->SetAttribute("WaitPolicy",
                      EnumValue(mode == WAIT_POLL_THEN_BLOCK ? VmmcEndpoint::POLL_THEN_BLOCK
                                                             : VmmcEndpoint::POLL));
    std::vector<Time> sent(messages);
    double latencySum = 0;
    uint32_t handled = 0;
    Time end;
    Time begin = VmmcPair::Start();
    uint64_t interruptsBefore = 0;
    Time busyBefore;
    // The receiver's loop: wait for message i (a running count at offset 0), then the next.
    std::function<void(uint32_t)> wait = [&](uint32_t i) {
        if (i == messages)
        {
            end = Simulator::Now();
            return;
        }
        auto got = [&, i]() {
            latencySum += (Simulator::Now() - sent[i]).GetSeconds() * 1e6;
            ++handled;
            wait(i + 1);
        };
        if (notifications)
        {
            if (p.b->ReadWord(p.recv) >= i + 1)
            {
                Simulator::ScheduleNow(got);
                return;
            }
            p.b->WaitForNotification(p.exportId, Callback<void>(got));
        }
        else
        {
            const uint64_t flag = p.recv;
            p.b->Poll(
                flag,
                4,
                MakeSanCallback<bool>([&p, flag, i]() { return p.b->ReadWord(flag) >= i + 1; }),
                Callback<void>(got));
        }
    };
    Simulator::Schedule(VmmcPair::Start() - MilliSeconds(2), [&]() {
        p.b->SetNotificationHandler(
            p.exportId,
            notifications ? VmmcEndpoint::NotificationHandler([](uint32_t, uint64_t) {})
                          : VmmcEndpoint::NotificationHandler(),
            MakeSanCallback<void>([]() {}));
    });
    Simulator::Schedule(VmmcPair::Start(), [&]() {
        interruptsBefore = p.b->GetCpu()->GetInterrupts();
        busyBefore = p.b->GetCpu()->GetResource()->GetBusyTime();
        wait(0);
    });
    for (uint32_t i = 0; i < messages; ++i)
    {
        Simulator::Schedule(VmmcPair::Start() + MicroSeconds(intervalUs * (i + 1)), [&, i]() {
            sent[i] = Simulator::Now();
            p.a->StoreWord(p.user, i + 1, MakeSanCallback<void>([&]() {
                               p.a->SendDeliberate(p.handle,
                                                   0,
                                                   p.user,
                                                   64,
                                                   true,
                                                   MakeSanCallback<void, bool>([](bool) {}));
                           }));
        });
    }
    Simulator::Stop(Seconds(2));
    Simulator::Run();
    NS_ABORT_MSG_IF(handled != messages, "WaitForMessages: " << handled << " of " << messages);
    Waiting r;
    const double span = (end - begin).GetSeconds();
    r.interruptsPerSecond = (p.b->GetCpu()->GetInterrupts() - interruptsBefore) / span;
    r.cpuShare = (p.b->GetCpu()->GetResource()->GetBusyTime() - busyBefore).GetSeconds() / span;
    r.latencyUs = latencySum / messages;
    Simulator::Destroy();
    return r;
}

std::vector<SanPaperRow>
ShrimpBeyondPaper::Rows()
{
    std::vector<SanPaperRow> rows;
    for (bool combine : {true, false})
    {
        const Combining c = AutomaticUpdateStream(combine, 8192, 4);
        const std::string tag = combine ? "on" : "off";
        rows.push_back(
            SanPaperRow::Unpapered("beyond_combining",
                                   "au_packets_per_word_combining_" + tag,
                                   "packets/word",
                                   c.packetsPerWord,
                                   "four 8 KB copies into a bound buffer, combining " + tag));
        rows.push_back(SanPaperRow::Unpapered("beyond_combining",
                                              "au_stream_MBps_combining_" + tag,
                                              "MB/s (10^6)",
                                              c.mbps,
                                              "four 8 KB copies into a bound buffer, combining " +
                                                  tag + ": bytes / time to the last landing"));
    }

    struct Case
    {
        WaitMode mode;
        double intervalUs;
        std::string tag;
        std::string how;
    };

    const std::vector<Case> cases = {
        {WAIT_NOTIFICATION, 100, "notifications", "a notification to its handler"},
        {WAIT_POLL, 100, "polling", "polling"},
        {WAIT_POLL_THEN_BLOCK,
         100,
         "poll_then_block",
         "the libraries' poll-then-block switch (section 6)"},
        {WAIT_POLL_THEN_BLOCK,
         10,
         "poll_then_block_10us",
         "the libraries' poll-then-block switch (section 6)"},
    };
    for (const Case& c : cases)
    {
        const Waiting w = WaitForMessages(c.mode, 200, c.intervalUs);
        const std::string tag = c.tag;
        std::ostringstream src;
        src << "200 64-byte deliberate updates asking for a notification, one every "
            << c.intervalUs << " us; the receiver waits by " << c.how;
        rows.push_back(SanPaperRow::Unpapered("beyond_notifications",
                                              "receiver_interrupts_per_s_" + tag,
                                              "1/s",
                                              w.interruptsPerSecond,
                                              src.str()));
        rows.push_back(SanPaperRow::Unpapered("beyond_notifications",
                                              "receiver_cpu_share_" + tag,
                                              "fraction",
                                              w.cpuShare,
                                              src.str()));
        rows.push_back(SanPaperRow::Unpapered("beyond_notifications",
                                              "receiver_latency_us_" + tag,
                                              "us",
                                              w.latencyUs,
                                              src.str() + " (send call to the receiver going on)"));
    }
    return rows;
}

} // namespace ns3
