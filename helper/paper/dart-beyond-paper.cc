/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-beyond-paper.h"

#include "ns3/dart-helper.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <functional>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartBeyondPaper");

DartBeyondPaper::HotSpot
DartBeyondPaper::RunHotSpot(Notify notify, uint32_t rounds)
{
    DartScenario s(DartScenario::ConfigureFatTree(DartScenario::HARDWARE_155));
    const uint32_t n = s.GetNHosts();
    const uint32_t senders = n - 1;
    Ptr<DartNetDevice> hot = s.nics[0];
    const uint32_t queue = hot->CreateActionQueue(notify != DELAYABLE, 4 * rounds + 8);
    // Register 0 counts arrivals, register 1 holds the count that ends the current round.
    hot->SetRegister(0, 0);
    hot->SetRegister(1, senders);
    std::vector<uint16_t> vcis(n, 0);
    for (uint32_t i = 1; i < n; ++i)
    {
        // Every connection's window at the hot host is registers 0 and 1: they overlap.
        vcis[i] = DartHelper::Connect(s.ctx[i],
                                      s.ctx[0],
                                      DartWindow{0, 2},
                                      DartWindow{0, 2},
                                      DartConnection::NO_QUEUE,
                                      queue)
                      .first;
    }
    Ptr<SanEventQueue> ring = hot->GetActionQueue(queue);
    const uint64_t total = static_cast<uint64_t>(senders) * rounds;
    // The host's part: take the actions; a completed round moves the threshold to the next
    // round's end (a store into the register through the kernel's mapping).
    auto take = [hot, ring, senders, notify]() {
        uint8_t e[DartAction::BYTES];
        while (ring->Pop(e))
        {
            if (notify != EVERY_MESSAGE)
            {
                hot->SetRegister(1, hot->GetRegister(1) + senders);
            }
        }
    };
    if (notify != DELAYABLE)
    {
        hot->SetActionHandler(queue, Callback<void>(take));
    }
    // Each write lands in its sender's block and counts itself: r0 <- r0 + 1 (slot I), then
    // the conditional compares the count with r1 (slot J).
    DartControl ctl;
    ctl.opcode = DartOpcode::WRITE;
    ctl.addressing = DartAddressing::DIRECT;
    ctl.index[0] = 0;
    ctl.index[1] = 1;
    ctl.regOp[0] =
        DartRegisterOp{DartRegisterOpKind::UNARY, DartAluOp::INC, DART_REG_I, DART_REG_I};
    if (notify == EVERY_MESSAGE)
    {
        // Holds for every message (the count never equals the all-ones threshold).
        ctl.cond = DartCondition{DartCompare::NE, DART_REG_I, DART_REG_J};
        hot->SetRegister(1, 0xffffffffu);
    }
    else
    {
        ctl.cond = DartCondition{DartCompare::EQ, DART_REG_I, DART_REG_J};
    }
    for (uint32_t i = 1; i < n; ++i)
    {
        for (uint32_t r = 0; r < rounds; ++r)
        {
            DartControl c = ctl;
            c.operand = (i * rounds + r) * 32 % (s.ctx[0]->GetSize() - 32);
            s.ctx[i]->Send(vcis[i], c, 0, 32);
        }
    }
    uint64_t deposits = 0;
    Time last;
    hot->TraceConnectWithoutContext(
        "MessageDone",
        MakeSanCallback<void, Ptr<const Packet>>([&deposits, &last](Ptr<const Packet>) {
            ++deposits;
            last = Simulator::Now();
        }));
    // A delayable queue is taken when the host is ready: here every 200 us, a short check on
    // the CPU (ASSUMED 50 instructions) while messages are still due.
    std::function<void()> poll = [&]() {
        s.GetHost(0)->GetCpu()->ExecuteInstructions(50, MakeSanCallback<void>([&]() {
                                                        take();
                                                        if (deposits < total &&
                                                            Simulator::Now() < Seconds(1))
                                                        {
                                                            Simulator::Schedule(MicroSeconds(200),
                                                                                [&]() { poll(); });
                                                        }
                                                    }));
    };
    if (notify == DELAYABLE)
    {
        Simulator::Schedule(MicroSeconds(200), [&]() { poll(); });
    }
    const Time start = Simulator::Now();
    Simulator::Run();
    HotSpot h;
    Ptr<HostCpu> cpu = s.GetHost(0)->GetCpu();
    h.messages = hot->GetNReceived();
    h.interrupts = cpu->GetInterrupts();
    h.actions = hot->GetNActions();
    h.cpuBusyUs = SanMicroseconds(cpu->GetResource()->GetBusyTime());
    h.elapsedUs = SanMicroseconds(last - start);
    Simulator::Destroy();
    return h;
}

double
DartBeyondPaper::ReadRoundTripUs(DartScenario::Config config, bool busy, uint32_t reads)
{
    const uint32_t clients = 8;
    DartScenario s(DartScenario::Configure(config, clients + 1));
    Ptr<HostCpu> serverCpu = s.GetHost(0)->GetCpu();
    std::vector<uint16_t> vcis(clients + 1, 0);
    for (uint32_t i = 1; i <= clients; ++i)
    {
        vcis[i] = DartHelper::Connect(s.ctx[i], s.ctx[0], DartWindow{0, 1}, DartWindow{0, 1}).first;
        s.ctx[i]->WriteWord(0, 4096); // reply offset
        s.ctx[i]->WriteWord(4, 32);   // length
        s.ctx[i]->WriteWord(8, 1);    // tag
    }
    uint32_t done = 0;
    bool stop = false;
    Time total;
    uint32_t count = 0;
    // The server's own work: user code in 100 us slices (interrupts land between slices: the
    // model's CPU is not preemptive, a slice stands for the scheduling quantum's granularity).
    std::function<void()> slice = [&]() {
        if (!stop)
        {
            serverCpu->Execute(MicroSeconds(100), MakeSanCallback<void>([&slice]() { slice(); }));
        }
    };
    if (busy)
    {
        slice();
    }
    std::vector<std::function<void(uint32_t)>> loop(clients + 1);
    for (uint32_t i = 1; i <= clients; ++i)
    {
        loop[i] = [&, i](uint32_t left) {
            if (left == 0)
            {
                if (++done == clients)
                {
                    stop = true;
                }
                return;
            }
            const Time t0 = Simulator::Now();
            DartControl c;
            c.opcode = DartOpcode::READ;
            c.addressing = DartAddressing::DIRECT;
            c.operand = 1024 + 32 * i;
            s.ctx[i]->WaitForDeposit(4096, 32, MakeSanCallback<void>([&, i, left, t0]() {
                                         total += Simulator::Now() - t0;
                                         ++count;
                                         loop[i](left - 1);
                                     }));
            s.ctx[i]->Send(vcis[i], c, 0, 32);
        };
        loop[i](reads);
    }
    Simulator::Run();
    Simulator::Destroy();
    return count > 0 ? SanMicroseconds(total) / count : 0;
}

std::vector<SanPaperRow>
DartBeyondPaper::Rows()
{
    std::vector<SanPaperRow> rows;
    const uint32_t rounds = 20;
    const char* src = "beyond the paper: 64-host fat tree, hardware DART at 155 Mbit/s, 63 senders "
                      "x 20 writes to one host";
    const std::pair<Notify, const char*> modes[] = {{EVERY_MESSAGE, "every_message"},
                                                    {CONDITIONAL, "conditional"},
                                                    {DELAYABLE, "delayable"}};
    for (const auto& m : modes)
    {
        const HotSpot h = RunHotSpot(m.first, rounds);
        const std::string e = "beyond-hotspot-" + std::string(m.second);
        const std::string p = std::string("hotspot_") + m.second;
        rows.push_back(
            SanPaperRow::Unpapered(e, p + "_interrupts", "interrupts", h.interrupts, src));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              p + "_interrupts_per_message",
                                              "ratio",
                                              h.messages ? double(h.interrupts) / h.messages : 0,
                                              src));
        rows.push_back(SanPaperRow::Unpapered(e, p + "_host_cpu_us", "us", h.cpuBusyUs, src));
        rows.push_back(SanPaperRow::Unpapered(e, p + "_elapsed_us", "us", h.elapsedUs, src));
    }
    const char* rsrc = "beyond the paper: 8 clients reading 32 bytes from one server, one read "
                       "at a time each; busy = the server's CPU runs user work in 100 us slices";
    for (auto config : {DartScenario::HARDWARE_155, DartScenario::SOFTWARE_SWITCH})
    {
        const std::string name = DartScenario::GetName(config);
        for (bool busy : {false, true})
        {
            rows.push_back(SanPaperRow::Unpapered("beyond-reads-" + name,
                                                  std::string("read_rtt_") +
                                                      (busy ? "busy" : "idle") + "_host_us",
                                                  "us",
                                                  ReadRoundTripUs(config, busy, 20),
                                                  rsrc));
        }
    }
    return rows;
}

} // namespace ns3
