/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HamlynPaperExperiments: the projected state-machine implementation (section 4.2).

#include "hamlyn-paper-experiments.h"
#include "hamlyn-paper-rigs.h"
#include "hamlyn-paper-rows.h"

#include <cmath>
#include <string>
#include <vector>

namespace ns3
{

std::vector<SanPaperRow>
HamlynPaperExperiments::StateMachine()
{
    HamlynPaperRows r;
    auto packetTime = [](uint32_t bytes) {
        HamlynPaperRigs::RunSpec s;
        s.stateMachine = true;
        s.bytes = bytes;
        HamlynPaperRigs::Measured m = HamlynPaperRigs::Run(s);
        return m.delivered - m.posted;
    };
    // "1.15 + 0.014d us" at d = 16 (derived from the paper's stated formula).
    r.Add("state_machine",
          "sm_packet_16B_us",
          "us",
          1.15 + 0.014 * 16,
          SanMicroseconds(packetTime(16)),
          "Section 4.2 (1.15+0.014d us at d=16)",
          HamlynPaperRows::COMPONENT_TOL,
          "the paper's projection is 'close to the sum of' five components, 'about 46+18d/32' "
          "cycles; HamlynStateMachineCostModel composes those components bottom-up (assumed "
          "1-cycle header assembly and header check) and lands about 1 cycle (26 ns) above");
    HamlynPaperRigs::RunSpec big;
    big.stateMachine = true;
    big.bytes = 1 << 20;
    HamlynPaperRigs::Measured m = HamlynPaperRigs::Run(big);
    r.Add("state_machine",
          "sm_best_bw_MBps",
          HamlynPaperRows::MBPS,
          NAN,
          double(1 << 20) / (m.delivered - m.posted).GetSeconds() / 1e6,
          "Section 4.2 (best-case bandwidth; 1 MB message) (withheld in our copy of the paper)");
    // "64-byte packets achieve [...] while 512-byte packets get [...]": a stream of
    // back-to-back packets of that size (one long DMA transfer cut into them), its rate
    // measured between the first and the last packet's arrival in host memory.
    auto streamOf = [](uint32_t packetSize) {
        HamlynPaperRigs::RunSpec s;
        s.stateMachine = true;
        s.packetSize = packetSize;
        s.bytes = 256 * packetSize;
        HamlynPaperRigs::Measured m = HamlynPaperRigs::Run(s);
        return double(packetSize) * (m.packets - 1) /
               (m.delivered - m.firstDelivered).GetSeconds() / 1e6;
    };
    r.Add("state_machine",
          "sm_64B_packet_bw_MBps",
          HamlynPaperRows::MBPS,
          NAN,
          streamOf(64),
          "Section 4.2 (a stream of back-to-back 64-byte packets) (withheld in our copy of the "
          "paper)");
    r.Add("state_machine",
          "sm_512B_packet_bw_MBps",
          HamlynPaperRows::MBPS,
          NAN,
          streamOf(512),
          "Section 4.2 (a stream of back-to-back 512-byte packets) (withheld in our copy of the "
          "paper)");
    r.Add("state_machine",
          "sm_tagged_write_16B_send_recv_us",
          "us",
          NAN,
          TaggedWriteSendRecvUs(true),
          "Section 4.2 (same Rats layer over the state machines) (withheld in our copy of the "
          "paper)");
    return r.Get();
}

} // namespace ns3
