/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HamlynPaperExperiments: the LANai tables (Tables 3, 4 and 5: direct I/O, DMA, a 1 MB message).

#include "hamlyn-paper-experiments.h"
#include "hamlyn-paper-rigs.h"
#include "hamlyn-paper-rows.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace ns3
{

std::vector<SanPaperRow>
HamlynPaperExperiments::Table3()
{
    HamlynPaperRows r;
    const std::string e = "table3_direct_16B";
    const std::string src = "Table 3";
    HamlynPaperRigs::RunSpec s;
    s.dma = false;
    s.bytes = 16;
    s.notifySent = true;
    HamlynPaperRigs::Measured a = HamlynPaperRigs::Run(s);
    const double d = 16;
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "send_packet",
                  81 + d / 2,
                  2.03 + 0.013 * d,
                  a.last["send.packet"],
                  src + " sender send packet 81+d/2");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "sender_notify_host",
                  102,
                  2.55,
                  a.last["send.notify"],
                  src + " sender [notify host]");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "sender_total",
                  89,
                  2.23,
                  a.end["send.packet"] - a.posted,
                  src + " sender total");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "switch",
                  20,
                  0.5,
                  a.start["recv.link"] - a.end["send.packet"],
                  src + " switch");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "link_to_interface",
                  71 + d / 4,
                  1.78 + 0.006 * d,
                  a.last["recv.link"],
                  src + " receiver link to interface 71+d/4");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "interface_to_host",
                  14 * d / 16,
                  0.022 * d,
                  a.last["recv.host"],
                  src + " receiver interface to host 14d/16");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "receiver_notify_host",
                  89,
                  2.23,
                  a.last["recv.notify"],
                  src + " receiver [notify host]");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "receiver_total_no_notify",
                  89,
                  2.23,
                  a.delivered - a.start["recv.link"],
                  src + " receiver total (no recv notify)");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "receiver_total_notify",
                  178,
                  4.45,
                  HamlynPaperRigs::Notified(a) - a.start["recv.link"],
                  src + " receiver total (with recv notify)");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "all_total_no_notify",
                  198,
                  4.96,
                  a.delivered - a.posted,
                  src + " all total (no recv notify)");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "all_total_notify",
                  287,
                  7.18,
                  HamlynPaperRigs::Notified(a) - a.posted,
                  src + " all total (with recv notify)");
    return r.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Table4()
{
    HamlynPaperRows r;
    const std::string e = "table4_dma_512B";
    const std::string src = "Table 4";
    HamlynPaperRigs::RunSpec s;
    s.bytes = 512;
    HamlynPaperRigs::Measured b = HamlynPaperRigs::Run(s);
    const double d = 512;
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "start_data_to_card",
                  106,
                  2.65,
                  b.last["send.start"],
                  src + " sender start data to card");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "load_payload",
                  18 * d / 32,
                  0.38 + 0.014 * d,
                  b.last["send.load"],
                  src + " sender load payload 18d/32",
                  "0.38 + 0.014d",
                  "18d/32",
                  d);
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "send_packet",
                  21 + d / 2,
                  0.53 + 0.013 * d,
                  b.last["send.packet"],
                  src + " sender send packet 21+d/2",
                  "0.53 + 0.013d",
                  "21 + d/2",
                  d);
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "sender_total",
                  671,
                  16.78,
                  b.end["send.packet"] - b.posted,
                  src + " sender 512-byte total");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "switch",
                  20,
                  0.5,
                  b.start["recv.link"] - b.end["send.packet"],
                  src + " switch");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "link_to_interface",
                  71 + std::min(71.0, d / 4),
                  1.78 + std::min(1.78, 0.006 * d),
                  b.last["recv.link"],
                  src + " receiver link to interface 71+min(71,d/4)");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "interface_to_host",
                  59 + 18 * d / 32,
                  1.82 + 0.014 * d,
                  b.last["recv.host"],
                  src + " receiver interface to host 59+18d/32",
                  "1.82 + 0.014d",
                  "59 + 18d/32",
                  d);
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "receiver_notify_host",
                  89,
                  2.23,
                  b.last["recv.notify"],
                  src + " receiver notify host");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "receiver_total",
                  578,
                  14.45,
                  HamlynPaperRigs::Notified(b) - b.start["recv.link"],
                  src + " receiver 512-byte total");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "all_total",
                  1269,
                  31.73,
                  HamlynPaperRigs::Notified(b) - b.posted,
                  src + " all 512-byte total");
    return r.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Table5()
{
    HamlynPaperRows r;
    const std::string e = "table5_dma_1MB";
    const std::string src = "Table 5";
    HamlynPaperRigs::RunSpec s;
    s.bytes = 1 << 20;
    HamlynPaperRigs::Measured c = HamlynPaperRigs::Run(s);
    const double d = 512;
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "start_data_to_card",
                  106,
                  2.65,
                  c.last["send.start"],
                  src + " sender start data to card");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "load_payload",
                  18 * d / 32,
                  0.38 + 0.014 * d,
                  c.last["send.load"],
                  src + " sender load payload (per packet) 18d/32",
                  "0.38 + 0.014d",
                  "18d/32",
                  d);
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "last_send_packet",
                  21 + d / 2,
                  0.53 + 0.013 * d,
                  c.last["send.packet"],
                  src + " sender last send packet 21+d/2",
                  "0.53 + 0.013d",
                  "21 + d/2",
                  d);
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "sender_total",
                  589.9e3,
                  14.75e3,
                  c.end["send.packet"] - c.posted,
                  src + " sender 1MB/512-byte total");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "link_to_interface_last",
                  142,
                  3.56,
                  c.last["recv.link"],
                  src + " receiver link to interface 2x71");
    r.AddCyclesUs(SanPaperRow::INPUT,
                  e,
                  "receiver_notify_host",
                  89,
                  2.23,
                  c.last["recv.notify"],
                  src + " receiver notify host");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "all_total",
                  590.1e3,
                  14.75e3,
                  HamlynPaperRigs::Notified(c) - c.posted,
                  src + " all 1MB/512-byte total");
    // Section 4.2: "[withheld] MB/s with 1MB transfers": 1 MB (2^20 bytes) DMA transfers
    // back to back, in decimal MB/s.
    r.Add("transfer_bw",
          "transfer_1MB_bw_MBps",
          HamlynPaperRows::MBPS,
          NAN,
          TransferBandwidthMBps(1 << 20),
          "Section 4.2 (1MB transfers, back to back) (withheld in our copy of the paper)");
    return r.Get();
}

} // namespace ns3
