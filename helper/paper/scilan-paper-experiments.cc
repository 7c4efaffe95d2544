/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-paper-experiments.h"

#include "san-results-writer.h"
#include "sci-scenario.h"
#include "scilan-tcp-baselines.h"

#include "ns3/boolean.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-memory.h"
#include "ns3/inet-socket-address.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/packet.h"
#include "ns3/scilan-helper.h"
#include "ns3/scilan-socket-factory.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>

namespace ns3
{

namespace
{

/// Figure 7-10's message sizes.
std::vector<uint32_t>
Sizes(uint32_t from, uint32_t to)
{
    std::vector<uint32_t> v;
    for (uint32_t b = from; b <= to; b *= 2)
    {
        v.push_back(b);
    }
    return v;
}

} // namespace

std::vector<SanPaperRow>
ScilanPaperExperiments::CopyRows()
{
    std::vector<SanPaperRow> rows;
    // Section 4.2 and Figure 7: the two copies (the memory system's calibration).
    const double xt = RemoteCopyMBps(65536, true);
    const double xr = ReceiverCopyMBps();
    rows.push_back(
        SanPaperRow::Compared("copy_rates",
                              "xt_MBps",
                              "MB/s (10^6)",
                              SanPaperValue::Value(55),
                              xt,
                              "section 4.2 (the transmitter copy, 64 KB copies into remote memory, "
                              "checked); FITTED to this figure: PentiumNtHostPreset "
                              "MemoryLineReadCycles (the preset's second fit: MemoryStoreCycles, "
                              "to Xr)",
                              0.03,
                              SanPaperRow::FITTED));
    rows.push_back(
        SanPaperRow::Compared("copy_rates",
                              "xr_MBps",
                              "MB/s (10^6)",
                              SanPaperValue::Value(36),
                              xr,
                              "section 4.2 (the receiver copy, memory to memory); FITTED to this "
                              "figure: PentiumNtHostPreset MemoryStoreCycles (the preset's second "
                              "fit: MemoryLineReadCycles, to Xt)",
                              0.02,
                              SanPaperRow::FITTED));
    rows.push_back(
        SanPaperRow::Compared("copy_rates",
                              "remote_read_us",
                              "us",
                              SanPaperValue::Value(2),
                              RemoteReadUs(),
                              "section 2.1, footnote 1 (\"in the order of 2 us\"; a 4-byte remote "
                              "load); FITTED to this figure: SciNetDevice AdapterLatency",
                              0.05,
                              SanPaperRow::FITTED));
    const double xmax = xt * xr / (xt + xr);
    rows.push_back(
        SanPaperRow::Compared("copy_rates",
                              "xmax_MBps",
                              "MB/s (10^6)",
                              SanPaperValue::None(),
                              xmax,
                              "section 4.2: the paper's upper limit Xt Xr / (Xt + Xr), here of the "
                              "simulated Xt and Xr (withheld in our copy of the paper); the "
                              "simulated SCILAN throughput below does not use it; "
                              "PentiumNtHostPreset has two fitted parameters (MemoryLineReadCycles "
                              "to Xt, MemoryStoreCycles to Xr), so Xmax is not a prediction",
                              0,
                              SanPaperRow::DERIVED));
    return rows;
}

std::vector<SanPaperRow>
ScilanPaperExperiments::StreamRows()
{
    std::vector<SanPaperRow> rows;
    const double largeSize = 65536;
    const double xt = RemoteCopyMBps(65536, true);
    const double xr = ReceiverCopyMBps();
    const double xmax = xt * xr / (xt + xr);
    // SCILAN streams (Figures 7-9).
    Config pc;
    const double large = StreamMBps(pc, static_cast<uint32_t>(largeSize));
    rows.push_back(
        SanPaperRow::Compared("scilan_stream",
                              "scilan_large_bw_MBps",
                              "MB/s (10^6)",
                              SanPaperValue::None(),
                              large,
                              "section 4.5 and Figure 8 (\"true SCILAN performance at about ... "
                              "MByte/s\") (withheld in our copy of the paper): 64 KB send() "
                              "calls, MTU 1500",
                              0,
                              SanPaperRow::PREDICTION));
    const double at1500 = StreamMBps(pc, 1500);
    rows.push_back(SanPaperRow::Compared(
        "scilan_stream",
        "sockets_throughput_1500B_fraction_of_max",
        "fraction",
        SanPaperValue::None(),
        at1500 / large,
        "section 4.2, beside the size reaching 90% of maximum throughput (withheld in our copy "
        "of the paper): SCILAN throughput of 1500-byte send() calls over that of 64 KB calls",
        0,
        SanPaperRow::PREDICTION));
    // A quotient of two rows (scilan_large_bw_MBps / xmax_MBps): derived.
    SanPaperRow overXmax =
        SanPaperRow::Unpapered("scilan_stream",
                               "scilan_large_over_xmax",
                               "fraction",
                               large / xmax,
                               "section 4.2: \"measured SCILAN throughput reaches the hardware "
                               "limit Xmax\"; the simulated stream over the formula of the "
                               "simulated copies (scilan_large_bw_MBps / xmax_MBps)");
    overXmax.role = SanPaperRow::DERIVED;
    rows.push_back(overXmax);
    {
        // The smallest size reaching 90% of the large-message throughput.
        double first = std::nan("");
        for (uint32_t b : Sizes(64, 65536))
        {
            if (StreamMBps(pc, b) >= 0.9 * large)
            {
                first = b;
                break;
            }
        }
        rows.push_back(
            SanPaperRow::Compared("scilan_stream",
                                  "scilan_90pct_size_bytes",
                                  "bytes",
                                  SanPaperValue::None(),
                                  first,
                                  "section 4.2 (\"90% of maximum throughput is reached already at "
                                  "... bytes\") (withheld in our copy of the paper): smallest "
                                  "power of two from 64 B",
                                  0,
                                  SanPaperRow::PREDICTION));
    }
    return rows;
}

std::vector<SanPaperRow>
ScilanPaperExperiments::UltraSparcRows()
{
    std::vector<SanPaperRow> rows;
    const double largeSize = 65536;
    // Section 4.3 and Table 2: the UltraSPARCs' receiver copies (their presets' calibration).
    rows.push_back(SanPaperRow::Compared("ultrasparc",
                                         "xr_ultra1_MBps",
                                         "MB/s (10^6)",
                                         SanPaperValue::Value(178),
                                         ReceiverCopyMBps("ns3::UltraSparc1HostPreset"),
                                         "Table 2 (UltraSPARC-I 167 MHz, E3000); FITTED to "
                                         "this figure: UltraSparc1HostPreset MemoryStoreCycles",
                                         0.02,
                                         SanPaperRow::FITTED));
    rows.push_back(SanPaperRow::Compared("ultrasparc",
                                         "xr_ultra2_MBps",
                                         "MB/s (10^6)",
                                         SanPaperValue::Value(214),
                                         ReceiverCopyMBps("ns3::UltraSparc2HostPreset"),
                                         "Table 2 (UltraSPARC-II 296 MHz); FITTED to this figure: "
                                         "UltraSparc2HostPreset MemoryStoreCycles",
                                         0.02,
                                         SanPaperRow::FITTED));
    {
        Config ultra;
        ultra.preset = "ns3::UltraSparc2HostPreset";
        SanPaperRow r =
            SanPaperRow::Compared("ultrasparc",
                                  "ultra_flow_controlled_MBps",
                                  "MB/s (10^6)",
                                  SanPaperValue::Value(67),
                                  StreamMBps(ultra, static_cast<uint32_t>(largeSize)),
                                  "section 4.3 (flow-controlled transfers between UltraSPARC-IIs "
                                  "with the same PCI/SCI cards): a SCILAN stream of 64 KB calls, "
                                  "both hosts the 296 MHz preset",
                                  0.15,
                                  SanPaperRow::PREDICTION);
        rows.push_back(r);
    }
    return rows;
}

std::vector<SanPaperRow>
ScilanPaperExperiments::LatencyRows()
{
    std::vector<SanPaperRow> rows;
    // Table 3: SCILAN's latencies.
    {
        Config interrupt;
        Config polling;
        polling.polling = true;
        const double paperUs = 179.8; // Table 3, "SCILAN interrupt"
        SanPaperRow slept =
            SanPaperRow::Compared("table3_scilan",
                                  "latency_scilan_interrupt_us",
                                  "us",
                                  SanPaperValue::Value(paperUs),
                                  TransferTimeUs(interrupt, 1),
                                  "Table 3 (transfer time of the smallest message, 1 byte: half "
                                  "a ping-pong; receivers sleep on their flags)",
                                  0.15,
                                  SanPaperRow::PREDICTION);
        // The receiver's NT path, read from the preset the run used (not typed in here).
        Ptr<Object> nt = ObjectFactory(interrupt.preset).Create();
        TimeValue dispatch;
        TimeValue wakeup;
        TimeValue syscall;
        nt->GetAttribute("InterruptLatency", dispatch);
        nt->GetAttribute("WakeupLatency", wakeup);
        nt->GetAttribute("SyscallCost", syscall);
        const double ntPath = (dispatch.Get() + wakeup.Get() + syscall.Get() / 2).GetMicroSeconds();
        std::ostringstream why;
        why << std::fixed << std::setprecision(0) << "the receiver's NT path: the second-stage "
            << "handler after the interrupt (" << dispatch.Get().GetMicroSeconds()
            << " us, section 5.2's 6000 cycles), the DPC-to-thread wake-up ("
            << wakeup.Get().GetMicroSeconds()
            << " us: Chen et al. 1999's 16 us at 450 MHz scaled by cycles) and the return half "
            << "of the kernel call (" << syscall.Get().GetMicroSeconds() / 2 << " us): " << ntPath
            << " us; the rest of the simulated " << slept.simulated
            << " us is the hardware (PCI, adapter, link) and the library. The paper's " << paperUs
            << " us leaves " << paperUs - slept.simulated
            << " us that no document we found accounts for. The Dolphin driver's fitted weakness "
            << "is not charged here: SCILAN's flags interrupt through the ICM driver (section "
            << "4.1), not the SCI/NDIS driver (section 4.7); not tuned";
        slept.deviation = why.str();
        if (!slept.Passes())
        {
            slept.missing =
                "what the ICM driver and NT 4.0 spend between the adapter's interrupt and the "
                "woken thread beyond the NT path modelled. Searched: the ICM driver's report "
                "[RMG97], Ryan's 1997 Oslo report and Ryan and Bryhni's other SCILAN papers (not "
                "found); Dolphin's SCI software slides (the driver's layers, no timings); "
                "Cota-Robles and Held, OSDI 1999 (found, not read in full); Hansen and Jul, "
                "USENIX NT 1997 (ATM interrupts on NT, not read)";
        }
        rows.push_back(slept);
        SanPaperRow polled =
            SanPaperRow::Compared("table3_scilan",
                                  "latency_scilan_polling_us",
                                  "us",
                                  SanPaperValue::Value(16.1),
                                  TransferTimeUs(polling, 1),
                                  "Table 3 (1 byte, half a ping-pong; receivers poll first)",
                                  0.15,
                                  SanPaperRow::PREDICTION);
        polled.deviation =
            "the simulated hardware path (PCI, adapter, link, echo, error check) is about 5 us "
            "and SCILAN's library calls are assumed at 200 instructions each; the paper's "
            "16.1 us leaves about 9 us to library code we have no count for. No WinSock layer "
            "is on the path to model: SCILAN rewrites the process's run-time linked WinSock "
            "function table (sections 3.1 and 6), so a socket call reaches the library "
            "through one indirect call; not tuned";
        if (!polled.Passes())
        {
            polled.missing = "the instruction counts of SCILAN's send, receive and poll calls. "
                             "Searched: the ICM driver's report [RMG97], Ryan's 1997 Oslo report "
                             "and Ryan and Bryhni's other SCILAN papers (not found)";
        }
        rows.push_back(polled);
    }
    return rows;
}

std::vector<SanPaperRow>
ScilanPaperExperiments::PriceRows()
{
    std::vector<SanPaperRow> rows;
    // Table 4: prices (November 1997, eight nodes) per simulated MB/s. The prices are the
    // paper's inputs; each technology's throughput is simulated: four disjoint pairs of an
    // eight-node cluster streaming 64 KB calls at once (SCI: the ringlet and the switch as
    // simulated; 100baseT and ATM: four times a pair's stream, their switches assumed
    // non-blocking).
    {
        Config ring;
        ring.hosts = 8;
        ring.ring = true;
        Config switched;
        switched.hosts = 8;
        const double eth =
            4 * ScilanTcpBaselines::StreamMBps(ScilanTcpBaselines::FastEthernet(), 65536);
        const double atm = 4 * ScilanTcpBaselines::StreamMBps(ScilanTcpBaselines::AtmLane(), 65536);
        const double sciRing = AggregateMBps(ring, 65536);
        const double sciSwitched = AggregateMBps(switched, 65536);

        const struct
        {
            const char* tech;
            double usd;
            double mbps;
        } table[] = {{"100baset", 3680, eth},
                     {"sci_ring", 6960, sciRing},
                     {"atm", 10640, atm},
                     {"sci_switched", 11760, sciSwitched}};

        for (const auto& t : table)
        {
            rows.push_back(SanPaperRow::Unpapered("table4_price",
                                                  std::string("aggregate_8_") + t.tech + "_MBps",
                                                  "MB/s (10^6)",
                                                  t.mbps,
                                                  "four disjoint pairs of eight nodes, 64 KB "
                                                  "calls"));
            rows.push_back(SanPaperRow::Unpapered("table4_price",
                                                  std::string("usd_per_MBps_") + t.tech,
                                                  "USD per MB/s",
                                                  t.usd / t.mbps,
                                                  "Table 4's total for eight nodes over the "
                                                  "simulated aggregate throughput"));
        }
    }
    return rows;
}

std::vector<SanPaperRow>
ScilanPaperExperiments::AllRows()
{
    std::vector<SanPaperRow> rows;
    for (const auto& v : {CopyRows(),
                          StreamRows(),
                          UltraSparcRows(),
                          LatencyRows(),
                          ScilanTcpBaselines::Table3(),
                          ScilanTcpBaselines::NdisThroughput(),
                          ScilanTcpBaselines::SocketBufferSweep(),
                          PriceRows()})
    {
        rows.insert(rows.end(), v.begin(), v.end());
    }
    return rows;
}

void
ScilanPaperExperiments::WriteFigures(const std::string& prefix)
{
    WriteFigure7(prefix);
    WriteFigure8(prefix);
    WriteFigures9And10(prefix);
    WriteFigure11(prefix);
    ScilanTcpBaselines::WriteFigures(prefix);
}

void
ScilanPaperExperiments::WriteFigure7(const std::string& prefix)
{
    const Config pc;
    // Figure 7: the copies and SCILAN by size.
    SanOutputStream out(prefix + "scilan-fig7-copy.csv");
    out << "size_bytes,sci_memset_MBps,sci_memcpy_MBps,scilan_MBps\n";
    for (uint32_t b : Sizes(64, 65536))
    {
        out << b << "," << RemoteCopyMBps(b, false) << "," << RemoteCopyMBps(b, true) << ","
            << StreamMBps(pc, b) << "\n";
    }
}

void
ScilanPaperExperiments::WriteFigure8(const std::string& prefix)
{
    // Figure 8: MTU 1500 and 16 KB, with and without the receiver copy.
    SanOutputStream out(prefix + "scilan-fig8-flow-control.csv");
    out << "size_bytes,scilan_mtu1500_MBps,scilan_mtu16k_MBps,nocopy_mtu1500_MBps,"
           "nocopy_mtu16k_MBps\n";
    for (uint32_t b : Sizes(1024, 65536))
    {
        out << b;
        for (bool copy : {true, false})
        {
            for (uint32_t mtu : {1500u, 16384u})
            {
                Config c;
                c.mtu = mtu;
                c.receiverCopy = copy;
                out << "," << StreamMBps(c, b);
            }
        }
        out << "\n";
    }
}

void
ScilanPaperExperiments::WriteFigures9And10(const std::string& prefix)
{
    const Config pc;
    // Figures 9 and 10: SCILAN's throughput by size (the TCP/IP curves are in
    // scilan-tcp-throughput-vs-size.csv).
    SanOutputStream out(prefix + "scilan-fig9-10-throughput.csv");
    out << "size_bytes,scilan_MBps\n";
    for (uint32_t b : Sizes(64, 65536))
    {
        out << b << "," << StreamMBps(pc, b) << "\n";
    }
}

void
ScilanPaperExperiments::WriteFigure11(const std::string& prefix)
{
    const Config pc;
    // Figure 11: transfer time by size (TCP/IP: scilan-tcp-transfer-time.csv).
    SanOutputStream out(prefix + "scilan-fig11-transfer-time.csv");
    out << "size_bytes,scilan_interrupt_us,scilan_polling_us\n";
    Config polling;
    polling.polling = true;
    for (uint32_t b : {1u, 64u, 128u, 256u, 512u, 1024u, 1500u, 2048u, 4096u})
    {
        out << b << "," << TransferTimeUs(pc, b) << "," << TransferTimeUs(polling, b) << "\n";
    }
}

} // namespace ns3
