/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "hamlyn-paper-experiments.h"

#include "hamlyn-scenario.h"

#include "ns3/config.h"
#include "ns3/hamlyn-cost-model.h"
#include "ns3/hamlyn-header.h"
#include "ns3/hamlyn-helper.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/hamlyn-send-terminus.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/host-pinned-region.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/rats-cost-table.h"
#include "ns3/rats-hardware-interface.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/rats-simple-datagram.h"
#include "ns3/rats-tagged-write.h"
#include "ns3/rats-ticket.h"
#include "ns3/rats-wire.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-resource.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynPaperExperiments");

namespace
{

const char* const MBPS = "MB/s (10^6 B)"; //!< unit of every bandwidth row
const double COMPONENT_TOL = 0.02;        //!< component tables (issue: within 2%)
/// Section 4.1: "the cycles-per-instruction value for an HP9000 Series J200 processor to be
/// 1.27"; the paper's own number, for the arithmetic of a paper inconsistency.
const double PAPER_J200_CPI = 1.27;
/// Section 4.1: "the processor clock speed of 120MHz" (the paper's own number).
const double PAPER_J200_MHZ = 120;
/// Tables 3-5: "25ns LANai clock ticks" (the paper's own number), in microseconds.
const double PAPER_LANAI_CYCLE_US = 0.025;
/// The paper prints Tables 1-2's times with two decimals.
const double PAPER_TIME_DECIMALS = 100;

/// \param format a printf format, then its arguments \return the text
std::string FormatText(const char* format, ...) __attribute__((format(printf, 1, 2)));

std::string
FormatText(const char* format, ...)
{
    char text[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    return text;
}

/// \param t a time \return LANai 3 cycles (25 ns)
double
Cycles(Time t)
{
    return t.GetSeconds() * 40e6;
}

/// The scenario every experiment builds (hosts, fabric, Hamlyn devices, Rats).
struct Scenario : public HamlynScenario
{
    /// How to build.
    struct Spec : public HamlynScenario::Spec
    {
        /// Fat tree runs: virtual cut-through, 4 packets per input buffer.
        bool cutThroughBuffers{false};
    };

    /// \param spec what to build
    explicit Scenario(const Spec& spec)
        : HamlynScenario(Adjust(spec))
    {
    }

    /// \param spec a spec \return it with the fabric settings its flags ask for
    static HamlynScenario::Spec Adjust(const Spec& spec)
    {
        HamlynScenario::Spec s = spec;
        // Room for four Hamlyn packets (512 bytes + header) per input buffer.
        s.cutThroughPacketBytes = spec.cutThroughBuffers ? 600 : 0;
        return s;
    }

    /// \param host host \param bytes size \return a pinned buffer of that size, filled
    RatsBuffer Buffer(uint32_t host, uint32_t bytes)
    {
        RatsBuffer b = rats[host]->Malloc(bytes);
        std::vector<uint8_t> v(bytes);
        for (uint32_t i = 0; i < bytes; ++i)
        {
            v[i] = static_cast<uint8_t>(host + 7 * i);
        }
        rats[host]->Write(b.offset, v);
        return b;
    }
};

// ---- NIC level (Tables 3-5) -----------------------------------------------------------------

/// What one NIC-level run measured.
struct Measured
{
    std::map<std::string, Time> start; //!< first start of each stage
    std::map<std::string, Time> end;   //!< last end of each stage
    std::map<std::string, Time> last;  //!< duration of the last occurrence of each stage
    std::vector<Time> notified;        //!< notification times
    Time posted;                       //!< first request posted
    Time firstDelivered;               //!< first payload in host memory
    Time delivered;                    //!< last payload in host memory
    uint64_t packets{0};               //!< payloads delivered
};

/// How to send in a NIC-level run.
struct RunSpec
{
    bool stateMachine{false}; //!< projected state-machine preset (else LANai 3)
    bool dma{true};           //!< DMA (else direct I/O)
    bool hostStores{false};   //!< the host stores the request into the work queue first
    uint32_t bytes{16};       //!< message size (payload + metadata: what crosses the link)
    uint32_t messages{1};     //!< messages posted back to back
    bool notifySent{false};   //!< sender's completion word
    uint32_t packetSize{0};   //!< the devices' PacketSize (0: default)
};

/// Two hosts on a crossbar; host 0 posts spec.messages requests to host 1, with no Rats code.
Measured
Run(const RunSpec& spec)
{
    Scenario::Spec ss;
    ss.stateMachine = spec.stateMachine;
    ss.packetSize = spec.packetSize;
    Scenario s(ss);
    Ptr<HamlynNetDevice> rx = s.nics[1];
    const uint64_t total = uint64_t(spec.bytes) * spec.messages;
    uint32_t app = rx->AddApplication(spec.messages);
    uint32_t area = rx->CreateMessageArea(total);
    rx->DefineSlot(1, app, area, 0, total, 0x1234);
    Ptr<HamlynSendTerminus> t = s.nics[0]->CreateTerminus();
    Measured m;
    for (auto& nic : s.nics)
    {
        nic->TraceConnectWithoutContext("Stage",
                                        Callback<void, const std::string&, Time, Time>(
                                            [&m](const std::string& stage, Time start, Time end) {
                                                if (m.start.count(stage) == 0)
                                                {
                                                    m.start[stage] = start;
                                                }
                                                m.end[stage] = end;
                                                m.last[stage] = end - start;
                                            }));
    }
    rx->TraceConnectWithoutContext(
        "PacketRx",
        Callback<void, const HamlynHeader&, uint32_t>([&m](const HamlynHeader&, uint32_t) {
            if (m.packets++ == 0)
            {
                m.firstDelivered = Simulator::Now();
            }
            m.delivered = Simulator::Now();
        }));
    rx->TraceConnectWithoutContext("Notification",
                                   Callback<void, uint32_t, uint64_t>([&m](uint32_t, uint64_t) {
                                       m.notified.push_back(Simulator::Now());
                                   }));
    if (spec.dma)
    {
        t->AddMessageArea(0, Create<HostPinnedRegion>(s.memories[0], total, 4096));
    }
    m.posted = MicroSeconds(10);
    for (uint32_t k = 0; k < spec.messages; ++k)
    {
        HamlynSendRequest r;
        r.dstNode = 1;
        r.slot = 1;
        r.key = 0x1234;
        r.offset = static_cast<uint32_t>(uint64_t(k) * spec.bytes);
        r.notifyIndex = static_cast<uint16_t>(k);
        r.notifySent = spec.notifySent;
        if (spec.dma)
        {
            r.kind = HamlynSendRequest::DMA;
            r.area = 0;
            r.areaOffset = uint64_t(k) * spec.bytes;
            r.length = spec.bytes;
        }
        else
        {
            r.data.assign(spec.bytes, 0x42);
        }
        if (spec.hostStores)
        {
            // The host stores the request (and, for direct I/O, the data) into the card's work
            // queue (section 2.3, "regular store instructions") over the GSC+ bus, as Rats'
            // sendmsg does; the request is posted when the stores have landed.
            Simulator::Schedule(m.posted, [t, r]() {
                t->StoreRequest(r, Callback<void>([t, r]() { t->Post(r); }));
            });
        }
        else
        {
            Simulator::Schedule(m.posted, [t, r]() { t->Post(r); });
        }
    }
    s.RunAndDestroy();
    return m;
}

Time
Notified(const Measured& m)
{
    return m.notified.empty() ? Time(0) : m.notified.back();
}

/// Appends rows.
class Rows
{
  public:
    /**
     * Add one row (a prediction; set the returned row's role for an input echo).
     * \return the row, valid until the next Add
     */
    SanPaperRow& Add(const std::string& exp,
                     const std::string& metric,
                     const std::string& unit,
                     double paper,
                     double sim,
                     const std::string& source,
                     double tol = 0,
                     const std::string& deviation = "")
    {
        SanPaperRow row;
        row.experiment = exp;
        row.metric = metric;
        row.unit = unit;
        row.paper = SanPaperValue::Value(paper); // NaN: none
        row.simulated = sim;
        row.source = source;
        row.tolerance = tol;
        row.deviation = deviation;
        m_rows.push_back(row);
        return m_rows.back();
    }

    /**
     * Cycles and microseconds rows of a LANai table entry (checked within 2%). The paper gives
     * each entry twice, as a cycle formula and as a microsecond formula; for Tables 4 and 5's
     * per-byte entries the two disagree (e.g. "load payload 18d/32" cycles is 7.20 us at
     * d = 512, its "0.38 + 0.014d" is 7.55 us). The cycle count is then asserted; when the
     * microsecond row misses, its deviation shows the arithmetic of the paper's two formulas
     * (\p usFormula and \p cycleFormula, the texts of the paper's formulas, at \p d bytes),
     * and it is a paper inconsistency if the paper's own two values are further apart than
     * the tolerance. \p role says whether the entry is a component the model takes from the
     * paper (INPUT) or a total it predicts.
     */
    void AddCyclesUs(SanPaperRow::Role role,
                     const std::string& exp,
                     const std::string& metric,
                     double paperCycles,
                     double paperUs,
                     Time sim,
                     const std::string& source,
                     const std::string& usFormula = "",
                     const std::string& cycleFormula = "",
                     double d = 0)
    {
        Add(exp,
            metric + "_cycles",
            "LANai cycles (25 ns)",
            paperCycles,
            Cycles(sim),
            source,
            COMPONENT_TOL)
            .role = role;
        SanPaperRow& us =
            Add(exp, metric + "_us", "us", paperUs, SanMicroseconds(sim), source, COMPONENT_TOL);
        us.role = role;
        if (!usFormula.empty() && !us.Passes())
        {
            // The paper's own two values of this entry, from its two formulas.
            const double cycleUs = paperCycles * PAPER_LANAI_CYCLE_US;
            const double apart = std::abs(paperUs - cycleUs) / std::abs(cycleUs);
            us.paperInconsistency = apart > COMPONENT_TOL;
            us.deviation = FormatText(
                "the paper's us formula %s gives %.3f us at d = %g, but its cycle formula %s "
                "gives %g cycles x %g ns = %.3f us: the paper's two values are %.1f%% apart, %s "
                "than the %g%% tolerance; the model follows the cycle count",
                usFormula.c_str(),
                paperUs,
                d,
                cycleFormula.c_str(),
                paperCycles,
                PAPER_LANAI_CYCLE_US * 1e3,
                cycleUs,
                100 * apart,
                us.paperInconsistency ? "more" : "less",
                100 * COMPONENT_TOL);
        }
    }

    /// \return the rows
    std::vector<SanPaperRow> Get() const
    {
        return m_rows;
    }

  private:
    std::vector<SanPaperRow> m_rows; //!< rows
};

// ---- Rats host costs (Tables 1 and 2) -------------------------------------------------------

/// Host CPU costs of one Rats message, split as the paper's tables split them.
struct HostCosts
{
    double sendOnUs{0};  //!< send call to its return
    double sendOffUs{0}; //!< sender CPU busy minus the on-cp part
    double recvOnUs{0};  //!< receive call (notification already queued) to its return
    double recvOffUs{0}; //!< receiver CPU busy minus the on-cp part
};

/// \param dma send by DMA (cut-over 0) \return a 16-byte tagged write's host costs
HostCosts
TaggedWriteCosts(bool dma)
{
    Scenario::Spec ss;
    ss.rats = true;
    Scenario s(ss);
    if (dma)
    {
        s.rats[0]->GetHardware()->SetAttribute("CutOver", UintegerValue(0));
    }
    Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[1], 1024);
    Ptr<RatsTaggedWriteClient> c = Create<RatsTaggedWriteClient>(s.rats[0], srv->MakeSeed());
    RatsBuffer b = s.Buffer(0, 16);
    Time called = MicroSeconds(1);
    Time returned;
    Simulator::Schedule(called, [&]() {
        c->Write(b.offset, 16, 0, 3, [&]() { returned = Simulator::Now(); });
    });
    // The receiver calls get_tag once the notification is queued: no spinning is counted.
    Time asked = MicroSeconds(100);
    Time tagged;
    Simulator::Schedule(asked, [&]() {
        srv->GetTag([&](RatsTaggedWriteServer::Tag) { tagged = Simulator::Now(); });
    });
    Simulator::Run();
    HostCosts h;
    h.sendOnUs = SanMicroseconds(returned - called);
    h.sendOffUs = SanMicroseconds(s.cpus[0]->GetResource()->GetBusyTime()) - h.sendOnUs;
    h.recvOnUs = SanMicroseconds(tagged - asked);
    h.recvOffUs = SanMicroseconds(s.cpus[1]->GetResource()->GetBusyTime()) - h.recvOnUs;
    Simulator::Destroy();
    return h;
}

/// \param reply carry a reply seed (44 bytes of metadata, else 12) \param dma by DMA
/// \return a 16-byte simple datagram's host costs
HostCosts
DatagramCosts(bool reply, bool dma)
{
    Scenario::Spec ss;
    ss.rats = true;
    Scenario s(ss);
    if (dma)
    {
        s.rats[0]->GetHardware()->SetAttribute("CutOver", UintegerValue(0));
    }
    Ptr<RatsSimpleDatagramServer> srv = RatsSimpleDatagramServer::Create(s.rats[1], 64);
    Ptr<RatsSimpleDatagramServer> self = RatsSimpleDatagramServer::Create(s.rats[0], 64);
    Ptr<RatsSimpleDatagramClient> c = Create<RatsSimpleDatagramClient>(s.rats[0], srv->MakeSeed());
    RatsBuffer b = s.Buffer(0, 16);
    Time called = MicroSeconds(1);
    Time returned;
    Simulator::Schedule(called, [&]() {
        c->Send(b.offset, 16, reply ? self->MetadataForSelf() : std::vector<uint8_t>(), [&]() {
            returned = Simulator::Now();
        });
    });
    Time asked = MicroSeconds(100);
    Time got;
    Simulator::Schedule(asked, [&]() {
        srv->Recv([&](RatsSimpleDatagramMessage) { got = Simulator::Now(); });
    });
    Simulator::Run();
    HostCosts h;
    h.sendOnUs = SanMicroseconds(returned - called);
    h.sendOffUs = SanMicroseconds(s.cpus[0]->GetResource()->GetBusyTime()) - h.sendOnUs;
    h.recvOnUs = SanMicroseconds(got - asked);
    h.recvOffUs = SanMicroseconds(s.cpus[1]->GetResource()->GetBusyTime()) - h.recvOnUs;
    Simulator::Destroy();
    return h;
}

/// One J200 instruction in microseconds (for the instruction-count rows): CPI 1.27 at 120 MHz
/// (section 4.1), read from the HostCpu defaults.
double
InstructionUs()
{
    Ptr<HostCpu> cpu = CreateObject<HostCpu>();
    const double us = SanMicroseconds(cpu->InstructionsToTime(1e6)) / 1e6;
    cpu->Dispose();
    return us;
}

/**
 * A Tables 1-2 time row that misses its printed value: its deviation shows the paper's own
 * arithmetic, the instruction count \p instr at the paper's CPI (1.27) and clock (120 MHz,
 * section 4.1), and the row is a paper inconsistency only if that time, at the two decimals the
 * paper prints, is not the printed time (else the miss is the paper's rounding: a deviation, and
 * the row is judged). \p note adds what else the paper prints for the same count, if anything.
 */
void
ExplainPrintedTime(SanPaperRow& row, double instr, const std::string& note)
{
    if (row.Passes())
    {
        return;
    }
    const double stated = row.paper.GetLow();
    const double us = instr * PAPER_J200_CPI / PAPER_J200_MHZ;
    const double rounded = std::round(us * PAPER_TIME_DECIMALS) / PAPER_TIME_DECIMALS;
    row.paperInconsistency = std::abs(rounded - stated) > 0.25 / PAPER_TIME_DECIMALS;
    const std::string arithmetic =
        FormatText("the paper prints %.2f us for %g instructions; at its own CPI and clock "
                   "(section 4.1) %g x %.2f / %g MHz = %.3f us, %.2f at the two decimals it prints",
                   stated,
                   instr,
                   instr,
                   PAPER_J200_CPI,
                   PAPER_J200_MHZ,
                   us,
                   rounded);
    if (row.paperInconsistency)
    {
        row.deviation =
            arithmetic + ", not " + FormatText("%.2f", stated) + (note.empty() ? "" : "; " + note);
    }
    else
    {
        row.deviation =
            arithmetic + FormatText(": the paper agrees with itself, and the model's %.3f us "
                                    "misses the printed %.2f by more than the %g%% tolerance "
                                    "through the paper's rounding alone",
                                    row.simulated,
                                    stated,
                                    100 * row.tolerance);
    }
}

/**
 * Rows of one side (sender / receiver / both) of Tables 1-2: instruction counts and times.
 * The counts are RatsCostTable's defaults (Tables 1-2) and the times those counts at the J200's
 * CPI and clock: the sender's and receiver's rows echo inputs (\p role INPUT); "both" is the
 * sum of the two sides' simulated costs (\p role DERIVED). A time row that misses gets the
 * paper's arithmetic (ExplainPrintedTime); \p offUsNote adds to the off-cp time's.
 */
void
AddHostRows(Rows& rows,
            SanPaperRow::Role role,
            const std::string& exp,
            const std::string& side,
            double paperOnInstr,
            double paperOffInstr,
            double paperOnUs,
            double paperOffUs,
            double simOnUs,
            double simOffUs,
            const std::string& source,
            const std::string& offUsNote = "")
{
    const double iu = InstructionUs();
    rows.Add(exp,
             side + "_on_cp_instr",
             "instructions",
             paperOnInstr,
             simOnUs / iu,
             source + " " + side + " on-cp",
             COMPONENT_TOL)
        .role = role;
    rows.Add(exp,
             side + "_off_cp_instr",
             "instructions",
             paperOffInstr,
             simOffUs / iu,
             source + " " + side + " off-cp",
             COMPONENT_TOL)
        .role = role;
    SanPaperRow& onUs = rows.Add(exp,
                                 side + "_on_cp_us",
                                 "us",
                                 paperOnUs,
                                 simOnUs,
                                 source + " " + side + " on-cp",
                                 COMPONENT_TOL);
    onUs.role = role;
    ExplainPrintedTime(onUs, paperOnInstr, "");
    SanPaperRow& offUs = rows.Add(exp,
                                  side + "_off_cp_us",
                                  "us",
                                  paperOffUs,
                                  simOffUs,
                                  source + " " + side + " off-cp",
                                  COMPONENT_TOL);
    offUs.role = role;
    ExplainPrintedTime(offUs, paperOffInstr, offUsNote);
}

/// 16-byte tagged write from host src to host dst: write call to get_tag's return (us).
double
TaggedWriteUs(const Scenario::Spec& spec, uint32_t src, uint32_t dst)
{
    Scenario s(spec);
    Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[dst], 1024);
    Ptr<RatsTaggedWriteClient> c = Create<RatsTaggedWriteClient>(s.rats[src], srv->MakeSeed());
    RatsBuffer b = s.Buffer(src, 16);
    // The receiver is already in get_tag (polling: section 4.2 assumes "both the host and
    // LANai processors are in busy-wait loops at the appropriate points").
    Time called = MicroSeconds(10);
    Time got;
    srv->GetTag([&](RatsTaggedWriteServer::Tag) { got = Simulator::Now(); });
    Simulator::Schedule(called, [&]() { c->Write(b.offset, 16, 0, 1); });
    s.RunAndDestroy();
    return SanMicroseconds(got - called);
}

/// Simple-datagram round trip between hosts src and dst (see DatagramRoundTrip).
HamlynPaperExperiments::RoundTrip
RoundTripBetween(const Scenario::Spec& spec,
                 uint32_t src,
                 uint32_t dst,
                 uint32_t dataBytes,
                 uint32_t ackBytes,
                 uint32_t rounds = 1)
{
    Scenario s(spec);
    Ptr<RatsSimpleDatagramServer> a = RatsSimpleDatagramServer::Create(s.rats[src], 64 + ackBytes);
    Ptr<RatsSimpleDatagramServer> b = RatsSimpleDatagramServer::Create(s.rats[dst], 64 + dataBytes);
    RatsBuffer ping = s.Buffer(src, dataBytes);
    RatsBuffer ack = s.Buffer(dst, ackBytes);
    HamlynPaperExperiments::RoundTrip rt;
    Time arrived;
    std::function<void(RatsSimpleDatagramMessage)> serve = [&](RatsSimpleDatagramMessage m) {
        if (arrived.IsZero())
        {
            arrived = Simulator::Now();
        }
        RatsSimpleDatagramClient::SendWithSeed(s.rats[dst],
                                               RatsSimpleDatagramServer::ReplySeed(m),
                                               ack.offset,
                                               ackBytes);
        b->Recv(serve); // the next round's datagram
    };
    b->Recv(serve);
    Time notified;
    s.nics[src]->TraceConnectWithoutContext(
        "Notification",
        Callback<void, uint32_t, uint64_t>([&](uint32_t, uint64_t) {
            if (notified.IsZero())
            {
                notified = Simulator::Now();
            }
        }));
    Ptr<RatsSimpleDatagramClient> c = Create<RatsSimpleDatagramClient>(s.rats[src], b->MakeSeed());
    Time called = MicroSeconds(10);
    Time got;
    uint32_t done = 0;
    // Each round: send the datagram, wait for the ack, then (if more rounds) send the next.
    std::function<void()> round = [&]() {
        c->Send(ping.offset, dataBytes, a->MetadataForSelf(), [&]() {
            a->Recv([&](RatsSimpleDatagramMessage) {
                if (++done == 1)
                {
                    got = Simulator::Now();
                }
                if (done < rounds)
                {
                    round();
                }
                else
                {
                    rt.streamUs = SanMicroseconds(Simulator::Now() - called);
                }
            });
        });
    };
    Simulator::Schedule(called, round);
    s.RunAndDestroy();
    NS_ABORT_MSG_IF(done != rounds, "RoundTripBetween: " << done << " of " << rounds << " rounds");
    rt.toRecvUs = SanMicroseconds(got - called);
    rt.toNotifyUs = SanMicroseconds(notified - called);
    rt.outboundUs = SanMicroseconds(arrived - called);
    rt.rounds = rounds;
    rt.wireBytes =
        RatsSimpleDatagramServer::FIXED_METADATA + RatsTicket::SERIALIZED_BYTES + dataBytes;
    rt.ackWireBytes = RatsSimpleDatagramServer::FIXED_METADATA + ackBytes;
    return rt;
}

/// What a many-flow run measured.
struct FlowResult
{
    double completionUs{0};  //!< first post to the last notification
    double aggregateMBps{0}; //!< bytes delivered / completion time
    uint64_t outOfOrder{0};  //!< packets that arrived after a later packet of their message
    uint32_t reassembled{0}; //!< messages notified once with every byte in place
    uint32_t messages{0};    //!< messages sent
};

/**
 * Every host s in \p pairs sends one \p bytes DMA message (several packets) to its partner
 * at the same instant; NIC level (no Rats code), fabric-default cables.
 */
FlowResult
ManyFlows(const Scenario::Spec& spec,
          const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
          uint32_t bytes)
{
    Scenario s(spec);
    const uint32_t n = spec.hosts;
    // Receive side: one application, one area with a slot per sender (keyed by sender).
    std::vector<uint32_t> app(n);
    std::vector<uint32_t> area(n);
    std::vector<uint32_t> senders(n, 0);
    for (const auto& p : pairs)
    {
        ++senders[p.second];
    }
    for (uint32_t h = 0; h < n; ++h)
    {
        if (senders[h] > 0)
        {
            app[h] = s.nics[h]->AddApplication(n);
            area[h] = s.nics[h]->CreateMessageArea(uint64_t(bytes) * n);
        }
    }
    FlowResult r;
    r.messages = static_cast<uint32_t>(pairs.size());
    // Out-of-order arrivals: per (receiver, source), the highest offset seen so far.
    std::map<std::pair<uint32_t, uint32_t>, int64_t> highest;
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> notifications;
    Time last;
    for (uint32_t h = 0; h < n; ++h)
    {
        if (senders[h] == 0)
        {
            continue;
        }
        s.nics[h]->TraceConnectWithoutContext(
            "PacketRx",
            Callback<void, const HamlynHeader&, uint32_t>(
                [&highest, &r, h](const HamlynHeader& hdr, uint32_t) {
                    auto key = std::make_pair(h, hdr.GetSourceNode());
                    auto it = highest.find(key);
                    if (it != highest.end() && int64_t(hdr.GetOffset()) < it->second)
                    {
                        ++r.outOfOrder;
                    }
                    else
                    {
                        highest[key] = hdr.GetOffset();
                    }
                }));
        s.nics[h]->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>([&notifications, &last, h](uint32_t, uint64_t a) {
                // The notification area is the sender's index (notifyIndex below).
                ++notifications[std::make_pair(h, static_cast<uint32_t>(a))];
                last = Simulator::Now();
            }));
    }
    const Time start = MicroSeconds(10);
    std::vector<std::vector<uint8_t>> payload(pairs.size());
    for (uint32_t k = 0; k < pairs.size(); ++k)
    {
        const uint32_t src = pairs[k].first;
        const uint32_t dst = pairs[k].second;
        const uint16_t slot = static_cast<uint16_t>(1 + src);
        s.nics[dst]->DefineSlot(slot,
                                app[dst],
                                area[dst],
                                uint64_t(src) * bytes,
                                uint64_t(src + 1) * bytes,
                                0x5000 + src);
        payload[k].resize(bytes);
        for (uint32_t i = 0; i < bytes; ++i)
        {
            payload[k][i] = static_cast<uint8_t>(src * 31 + i * 7 + (i >> 8));
        }
        Ptr<HamlynSendTerminus> t = s.nics[src]->CreateTerminus();
        Ptr<HostPinnedRegion> out = Create<HostPinnedRegion>(s.memories[src], bytes, 4096);
        out->Write(0, payload[k].data(), bytes);
        t->AddMessageArea(0, out);
        HamlynSendRequest q;
        q.dstNode = dst;
        q.slot = slot;
        q.key = 0x5000 + src;
        q.offset = 0;
        q.notifyIndex = static_cast<uint16_t>(src);
        q.kind = HamlynSendRequest::DMA;
        q.area = 0;
        q.areaOffset = 0;
        q.length = bytes;
        Simulator::Schedule(start, [t, q]() { t->Post(q); });
    }
    Simulator::Run();
    for (uint32_t k = 0; k < pairs.size(); ++k)
    {
        const uint32_t src = pairs[k].first;
        const uint32_t dst = pairs[k].second;
        std::vector<uint8_t> got(bytes);
        s.nics[dst]->GetMessageArea(area[dst])->Read(uint64_t(src) * bytes, got.data(), bytes);
        if (got == payload[k] && notifications[std::make_pair(dst, src)] == 1)
        {
            ++r.reassembled;
        }
    }
    r.completionUs = SanMicroseconds(last - start);
    r.aggregateMBps = double(bytes) * pairs.size() / (last - start).GetSeconds() / 1e6;
    Simulator::Destroy();
    return r;
}

} // namespace

std::vector<SanPaperRow>
HamlynPaperExperiments::Table1()
{
    Rows rows;
    const std::string src = "Table 1";
    // A 16-byte message: sendmsg direct I/O is 69 + 3d/4 = 81 on-cp at d = 16.
    const double d = 16;
    // Table 1 prints 0.24 us (direct) and 0.25 us (DMA) for the same 24 receive off-cp
    // instructions, and 0.48 us for the 47 direct-I/O off-cp instructions of both sides; at
    // CPI 1.27 and 120 MHz (section 4.1) 24 instructions take 0.254 us and 47 take 0.497 us.
    // The counts are the measured data, so the model follows them; the two printed times are
    // reported with that arithmetic (ExplainPrintedTime), not asserted.
    const double sendOffUs[2] = {0.24, 0.20}; // printed, [dma]
    const double recvOffUs[2] = {0.24, 0.25};
    const double recvOffInstr = 24;
    for (bool dma : {false, true})
    {
        const HostCosts h = TaggedWriteCosts(dma);
        const std::string e =
            dma ? "table1_tagged_write_dma_16B" : "table1_tagged_write_direct_16B";
        const std::string s = src + (dma ? " DMA" : " direct I/O");
        AddHostRows(rows,
                    SanPaperRow::INPUT,
                    e,
                    "sender",
                    dma ? 98 : 79 + 3 * d / 4,
                    dma ? 19 : 23,
                    dma ? 1.03 : 0.96,
                    sendOffUs[dma],
                    h.sendOnUs,
                    h.sendOffUs,
                    s);
        AddHostRows(rows,
                    SanPaperRow::INPUT,
                    e,
                    "receiver",
                    62,
                    recvOffInstr,
                    0.66,
                    recvOffUs[dma],
                    h.recvOnUs,
                    h.recvOffUs,
                    s,
                    FormatText("its %s column prints %.2f us for the same %g instructions",
                               dma ? "direct I/O" : "DMA",
                               recvOffUs[!dma],
                               recvOffInstr));
        // "both" is the sum of the two sides' simulated costs: derived.
        AddHostRows(rows,
                    SanPaperRow::DERIVED,
                    e,
                    "both",
                    dma ? 160 : 141 + 3 * d / 4,
                    dma ? 43 : 47,
                    dma ? 1.69 : 1.63,
                    dma ? 0.45 : 0.48,
                    h.sendOnUs + h.recvOnUs,
                    h.sendOffUs + h.recvOffUs,
                    s,
                    FormatText("it is the sum of the two sides' printed times, %.2f + %.2f = %.2f",
                               sendOffUs[dma],
                               recvOffUs[dma],
                               sendOffUs[dma] + recvOffUs[dma]));
    }
    return rows.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Table2()
{
    Rows rows;
    const std::string src = "Table 2";
    // Receive side (same for all four cases): poll 28 + 4, process_arrival 39, recv 14 + 22.
    const double recvOffUs = 0.28; // printed
    bool receiverDone = false;
    for (bool reply : {false, true})
    {
        for (bool dma : {false, true})
        {
            const HostCosts h = DatagramCosts(reply, dma);
            const double m = reply ? 44 : 12;
            const double d = 16;
            const std::string size = reply ? "44+16" : "12+16";
            const std::string e = std::string("table2_simple_datagram_") +
                                  (dma ? "dma_" : "direct_") + (reply ? "44+16B" : "12+16B");
            const std::string s = src + (dma ? " DMA " : " direct I/O ") + size + " msg";
            // Sender: send 10 + sendmsg 67 + 3(m+d)/4 (+10 off) or 88 + 3m/4 (+7 off).
            const double sendOn = dma ? 98 + 3 * m / 4 : 77 + 3 * (m + d) / 4;
            const double sendOnUs[2][2] = {{1.04, 1.13}, {1.29, 1.39}}; // [reply][dma]
            const double sendOffUs = dma ? 0.07 : 0.11;                 // printed
            // The paper prints 0.11 us for sendmsg's 10 direct-I/O off-cp instructions (0.106
            // us) and 0.07 for the 7 DMA ones (0.074 us): its rounding (ExplainPrintedTime).
            AddHostRows(rows,
                        SanPaperRow::INPUT,
                        e,
                        "sender",
                        sendOn,
                        dma ? 7 : 10,
                        sendOnUs[reply][dma],
                        sendOffUs,
                        h.sendOnUs,
                        h.sendOffUs,
                        s);
            if (!receiverDone)
            {
                AddHostRows(rows,
                            SanPaperRow::INPUT,
                            "table2_simple_datagram_receive",
                            "receiver",
                            81,
                            26,
                            0.86,
                            recvOffUs,
                            h.recvOnUs,
                            h.recvOffUs,
                            src + " receive total");
                receiverDone = true;
            }
            // Both: grand total 158 + 3(m+d)/4 (direct) or 179 + 3m/4 (DMA); off 36 / 33. The
            // sum of the two sides' simulated costs: derived.
            const double bothOnUs[2][2] = {{1.90, 1.99}, {2.15, 2.25}};
            const double bothOffUs[2][2] = {{0.39, 0.35}, {0.11, 0.35}};
            const std::string note =
                reply ? FormatText("its 12+16 row prints %.2f us for the same count: a misprint",
                                   bothOffUs[0][dma])
                      : FormatText("it is the sum of the two sides' printed times, %.2f + %.2f = "
                                   "%.2f",
                                   sendOffUs,
                                   recvOffUs,
                                   sendOffUs + recvOffUs);
            AddHostRows(rows,
                        SanPaperRow::DERIVED,
                        e,
                        "both",
                        dma ? 179 + 3 * m / 4 : 158 + 3 * (m + d) / 4,
                        dma ? 33 : 36,
                        bothOnUs[reply][dma],
                        bothOffUs[reply][dma],
                        h.sendOnUs + h.recvOnUs,
                        h.sendOffUs + h.recvOffUs,
                        s,
                        note);
        }
    }
    return rows.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Table3()
{
    Rows r;
    const std::string e = "table3_direct_16B";
    const std::string src = "Table 3";
    RunSpec s;
    s.dma = false;
    s.bytes = 16;
    s.notifySent = true;
    Measured a = Run(s);
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
                  Notified(a) - a.start["recv.link"],
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
                  Notified(a) - a.posted,
                  src + " all total (with recv notify)");
    return r.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Table4()
{
    Rows r;
    const std::string e = "table4_dma_512B";
    const std::string src = "Table 4";
    RunSpec s;
    s.bytes = 512;
    Measured b = Run(s);
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
                  Notified(b) - b.start["recv.link"],
                  src + " receiver 512-byte total");
    r.AddCyclesUs(SanPaperRow::PREDICTION,
                  e,
                  "all_total",
                  1269,
                  31.73,
                  Notified(b) - b.posted,
                  src + " all 512-byte total");
    return r.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Table5()
{
    Rows r;
    const std::string e = "table5_dma_1MB";
    const std::string src = "Table 5";
    RunSpec s;
    s.bytes = 1 << 20;
    Measured c = Run(s);
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
                  Notified(c) - c.posted,
                  src + " all 1MB/512-byte total");
    // Section 4.2: "[withheld] MB/s with 1MB transfers": 1 MB (2^20 bytes) DMA transfers
    // back to back, in decimal MB/s.
    r.Add("transfer_bw",
          "transfer_1MB_bw_MBps",
          MBPS,
          NAN,
          TransferBandwidthMBps(1 << 20),
          "Section 4.2 (1MB transfers, back to back) (withheld in our copy of the paper)");
    return r.Get();
}

double
HamlynPaperExperiments::TaggedWriteSendRecvUs(bool stateMachine)
{
    Scenario::Spec ss;
    ss.rats = true;
    ss.stateMachine = stateMachine;
    return TaggedWriteUs(ss, 0, 1);
}

HamlynPaperExperiments::RoundTrip
HamlynPaperExperiments::DatagramRoundTrip(uint32_t dataBytes, uint32_t ackBytes, uint32_t rounds)
{
    Scenario::Spec ss;
    ss.rats = true;
    return RoundTripBetween(ss, 0, 1, dataBytes, ackBytes, rounds);
}

std::vector<SanPaperRow>
HamlynPaperExperiments::RatsEndToEnd()
{
    Rows r;
    // "8.8us for an application-to-application send + receive of a 16-byte tagged data
    // message" (section 4.2): write call to get_tag's return; the tag travels out of band, so
    // the packet carries 16 bytes (Table 3, d = 16), by direct I/O.
    r.Add("rats_end_to_end",
          "tagged_write_16B_send_recv_us",
          "us",
          8.8,
          TaggedWriteSendRecvUs(false),
          "Section 4.2 (Tables 1 and 3)",
          SAN_END_TO_END_TOLERANCE);
    // "42.2us for a round-trip that moves a 512-byte datagram and returns a 16-byte
    // acknowledgment". Interpretation (documented, not tuned):
    //  - the datagram carries a reply seed ("A datagram can be sent with reply information
    //    (which needs 44 bytes of metadata)", section 4.1) and is "512-byte" in the sense of
    //    Table 4, whose d is "bytes of payload data + metadata" and whose "512-byte total" is
    //    the hardware part of this round trip: 468 data bytes + 44 bytes of metadata = 512
    //    bytes on the wire, sent by DMA (Table 4 is the DMA table);
    //  - the acknowledgement is Table 2's "12+16 msg" ("a 16-byte message with 12 bytes of
    //    metadata", no reply seed), sent by direct I/O;
    //  - the round trip runs from the client's send call to its recv returning the ack,
    //    application to application like the 8.8 us figure (so it includes the final
    //    receive's 81 on-cp instructions, 0.86 us).
    // The 512-data-byte reading (556 bytes on the wire) and the end at the ack's notification
    // are reported beside it (no paper value).
    const uint32_t meta = RatsSimpleDatagramServer::FIXED_METADATA + RatsTicket::SERIALIZED_BYTES;
    const RoundTrip rt = DatagramRoundTrip(512 - meta, 16);
    r.Add("rats_end_to_end",
          "datagram_512B_ack_rtt_us",
          "us",
          42.2,
          rt.toRecvUs,
          "Section 4.2 (512 bytes on the wire = 468 data + 44 metadata, DMA; ack 16 data + 12 "
          "metadata, direct I/O; send call to the ack's recv return)",
          SAN_END_TO_END_TOLERANCE);
    // "Even this simple data-transfer protocol achieves a bandwidth of 12.1MB/s": the paper's
    // 512 B / 42.2 us, decimal megabytes. Measured on a stream: 16 round trips back to back,
    // one 512-byte datagram each.
    const uint32_t rounds = 16;
    const RoundTrip stream = DatagramRoundTrip(512 - meta, 16, rounds);
    r.Add("rats_end_to_end",
          "pingpong_512B_bw_MBps",
          MBPS,
          12.1,
          stream.wireBytes * double(rounds) / stream.streamUs,
          "Section 4.2 (512-byte datagram per round trip; 16 round trips back to back)",
          SAN_END_TO_END_TOLERANCE);
    // Sensitivity of the interpretation (no paper value).
    r.Add("rats_end_to_end_variants",
          "datagram_512B_ack_rtt_to_notify_us",
          "us",
          NAN,
          rt.toNotifyUs,
          "Section 4.2 round trip ended at the ack's notification (no final Rats receive)");
    const RoundTrip rt556 = DatagramRoundTrip(512, 16, rounds);
    r.Add("rats_end_to_end_variants",
          "datagram_512B_data_556B_wire_ack_rtt_us",
          "us",
          NAN,
          rt556.toRecvUs,
          "Section 4.2 round trip with 512 data bytes + 44 metadata (556 bytes on the wire)");
    r.Add("rats_end_to_end_variants",
          "pingpong_512B_data_556B_wire_bw_MBps",
          MBPS,
          NAN,
          512.0 * rounds / rt556.streamUs,
          "Section 4.2 ping-pong counting 512 data bytes per 556-byte round trip");
    return r.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Bandwidths()
{
    Rows r;
    r.Add(
        "transfer_bw",
        "transfer_4KB_bw_MBps",
        MBPS,
        NAN,
        TransferBandwidthMBps(4096),
        "Section 4.2 (4KB transfers, back to back; NIC level) (withheld in our copy of the paper)");
    RunSpec s;
    // 64 single-packet 512-byte DMA messages posted back to back (a full work queue); the
    // steady rate is measured between the first and the last notification.
    s.bytes = 512;
    s.messages = 64;
    Measured b = Run(s);
    const double span = (b.notified.back() - b.notified.front()).GetSeconds();
    r.Add(
        "pipelined_bw",
        "pipelined_512B_bw_MBps",
        MBPS,
        NAN,
        512.0 * (b.notified.size() - 1) / span / 1e6,
        "Section 4.2 (pipelined 512-byte messages; NIC level) (withheld in our copy of the paper)");
    return r.Get();
}

double
HamlynPaperExperiments::OneWayUs(uint32_t bytes, bool dma)
{
    RunSpec s;
    s.dma = dma;
    s.hostStores = true; // as Rats' sendmsg: descriptor (and direct data) by processor stores
    s.bytes = bytes;
    Measured m = Run(s);
    return SanMicroseconds(Notified(m) - m.posted);
}

double
HamlynPaperExperiments::TransferBandwidthMBps(uint32_t bytes)
{
    // A stream of DMA transfers posted back to back (at most a work queue's 64, at least 2,
    // about 8 MB in all); the rate between the first and the last notification.
    RunSpec s;
    s.bytes = bytes;
    s.messages = std::max<uint32_t>(2, std::min<uint32_t>(64, (8u << 20) / bytes));
    Measured m = Run(s);
    NS_ABORT_MSG_IF(m.notified.size() != s.messages, "TransferBandwidthMBps: lost a message");
    const double span = (m.notified.back() - m.notified.front()).GetSeconds();
    return double(bytes) * (m.notified.size() - 1) / span / 1e6;
}

namespace
{
/**
 * A tagged write of \p bytes from host 0 to host 1 as an application sees it, from its Rats
 * sendmsg call to the receiver's get_tag (us): the tagged-write protocol's message, host and
 * card costs together, of any length (the Rats call, not the one-packet tagged-write wrapper).
 * \p direct: Rats' CutOver sends it by direct I/O, else by a DMA request.
 */
double
RatsSendUs(uint32_t bytes, bool direct)
{
    Scenario::Spec ss;
    ss.rats = true;
    Scenario s(ss);
    Ptr<RatsHardwareInterface> hw = s.rats[0]->GetHardware();
    hw->SetAttribute("CutOver", UintegerValue(direct ? 0xffffffffU : 0));
    Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[1], bytes);
    const RatsTicket seed = srv->MakeSeed();
    const RatsCostProfile cost = s.rats[0]->GetCostTable()->GetTaggedWrite();
    RatsBuffer b = s.Buffer(0, bytes);
    std::vector<uint8_t> tag;
    rats::PutWord(tag, 1);
    const Time called = MicroSeconds(10);
    Time got;
    srv->GetTag([&got](RatsTaggedWriteServer::Tag) { got = Simulator::Now(); });
    Simulator::Schedule(called, [&]() { hw->SendMsg(seed, b.offset, bytes, {}, cost, tag); });
    s.RunAndDestroy();
    NS_ABORT_MSG_IF(got.IsZero(), "RatsSendUs: the message of " << bytes << " bytes never arrived");
    return SanMicroseconds(got - called);
}

/**
 * The size from which \p dmaUs(d) is no longer slower than \p directUs(d), for d in steps of
 * \p step bytes up to \p maxBytes, interpolated linearly between the last size where direct
 * I/O won and the first where it did not; \p maxBytes if direct I/O wins throughout (the row's
 * source says so).
 */
double
Crossing(const std::function<double(uint32_t)>& dmaUs,
         const std::function<double(uint32_t)>& directUs,
         uint32_t step,
         uint32_t maxBytes)
{
    double prevDiff = 0;
    for (uint32_t d = step; d <= maxBytes; d += step)
    {
        const double diff = dmaUs(d) - directUs(d);
        if (diff <= 0)
        {
            return d == step ? d : (d - step) + step * prevDiff / (prevDiff - diff);
        }
        prevDiff = diff;
    }
    return maxBytes;
}
} // namespace

std::vector<SanPaperRow>
HamlynPaperExperiments::Breakeven()
{
    // Section 4.2 compares the two at the Rats level: a direct-I/O sendmsg's host cost grows
    // with the message (Table 1: 69 + 3d/4 instructions), a DMA request's is "independent of
    // message size at the Rats level". So both are timed as an application sees them, from the
    // sendmsg call to the receiver's get_tag.
    const double rats = Crossing([](uint32_t d) { return RatsSendUs(d, false); },
                                 [](uint32_t d) { return RatsSendUs(d, true); },
                                 16,
                                 8192);
    // The card alone (no Rats instructions): direct I/O still pays the host's stores of the
    // data over the GSC+ bus.
    const double nic = Crossing([](uint32_t d) { return OneWayUs(d, true); },
                                [](uint32_t d) { return OneWayUs(d, false); },
                                4,
                                1024);
    Rows r;
    r.Add("dma_breakeven",
          "dma_breakeven_bytes",
          "bytes",
          NAN,
          rats,
          "Section 4.2 (DMA requests break even; a tagged-write message at the Rats level, "
          "sendmsg to get_tag, host costs included) (withheld in our copy of the paper)");
    r.Add("dma_breakeven_nic",
          "dma_breakeven_nic_bytes",
          "bytes",
          NAN,
          nic,
          "Variant of section 4.2's break-even: the card alone, without Rats' instructions");
    return r.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::StateMachine()
{
    Rows r;
    auto packetTime = [](uint32_t bytes) {
        RunSpec s;
        s.stateMachine = true;
        s.bytes = bytes;
        Measured m = Run(s);
        return m.delivered - m.posted;
    };
    // "1.15 + 0.014d us" at d = 16 (derived from the paper's stated formula).
    r.Add("state_machine",
          "sm_packet_16B_us",
          "us",
          1.15 + 0.014 * 16,
          SanMicroseconds(packetTime(16)),
          "Section 4.2 (1.15+0.014d us at d=16)",
          COMPONENT_TOL,
          "the paper's projection is 'close to the sum of' five components, 'about 46+18d/32' "
          "cycles; HamlynStateMachineCostModel composes those components bottom-up (assumed "
          "1-cycle header assembly and header check) and lands about 1 cycle (26 ns) above");
    RunSpec big;
    big.stateMachine = true;
    big.bytes = 1 << 20;
    Measured m = Run(big);
    r.Add("state_machine",
          "sm_best_bw_MBps",
          MBPS,
          NAN,
          double(1 << 20) / (m.delivered - m.posted).GetSeconds() / 1e6,
          "Section 4.2 (best-case bandwidth; 1 MB message) (withheld in our copy of the paper)");
    // "64-byte packets achieve [...] while 512-byte packets get [...]": a stream of
    // back-to-back packets of that size (one long DMA transfer cut into them), its rate
    // measured between the first and the last packet's arrival in host memory.
    auto streamOf = [](uint32_t packetSize) {
        RunSpec s;
        s.stateMachine = true;
        s.packetSize = packetSize;
        s.bytes = 256 * packetSize;
        Measured m = Run(s);
        return double(packetSize) * (m.packets - 1) /
               (m.delivered - m.firstDelivered).GetSeconds() / 1e6;
    };
    r.Add("state_machine",
          "sm_64B_packet_bw_MBps",
          MBPS,
          NAN,
          streamOf(64),
          "Section 4.2 (a stream of back-to-back 64-byte packets) (withheld in our copy of the "
          "paper)");
    r.Add("state_machine",
          "sm_512B_packet_bw_MBps",
          MBPS,
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

std::vector<SanPaperRow>
HamlynPaperExperiments::BeyondPaper()
{
    Rows r;
    // Section 2.1: Hamlyn allows "out-of-order packet delivery, since this allows low-level
    // packet-routing optimizations, such as adaptive routing"; section 2.5 reassembles by
    // packet counting. Here: a 64-host 4-ary 3-tree (Myrinet links and switches, virtual
    // cut-through with room for four packets per input buffer), the 56 off-diagonal hosts of
    // an 8 x 8 arrangement each sending one 16 KB DMA message (32 packets of 512 bytes) to
    // their transpose partner, all at once. Transpose is the permutation that up-down routing's
    // destination-digit up ports handle worst (fabric-load: saturation 0.29 vs at least 0.91
    // adaptive), so adaptive routing spreads the packets of a message over top switches with
    // different queues, and some overtake their predecessors. Every message is reassembled
    // and its bytes checked; out-of-order arrivals are counted per (receiver, sender).
    // (Traffic converging on a few receivers is limited by their ejection links instead, and
    // stays in order under either routing.)
    const uint32_t n = 64;
    const uint32_t bytes = 16384;
    std::vector<std::pair<uint32_t, uint32_t>> shift;
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t dst = (i % 8) * 8 + i / 8; // transpose of an 8 x 8 arrangement
        if (dst != i)
        {
            shift.emplace_back(i, dst);
        }
    }
    for (bool adaptive : {true, false})
    {
        Scenario::Spec ss;
        ss.hosts = n;
        ss.topology = "ns3::SanFatTreeTopology";
        ss.routing = adaptive ? "ns3::SanMinimalAdaptiveRouting" : "ns3::SanUpDownRouting";
        ss.paperCables = false;
        ss.cutThroughBuffers = true;
        const FlowResult f = ManyFlows(ss, shift, bytes);
        const std::string e =
            std::string("beyond-paper_fat_tree_64_") + (adaptive ? "minimal_adaptive" : "up_down");
        const std::string src =
            "Beyond the paper: 64-host fat tree, 56 x 16 KB DMA messages, transpose (" +
            std::string(adaptive ? "minimal adaptive" : "up*/down*") + " routing)";
        r.Add(e, "messages_sent", "messages", NAN, f.messages, src);
        r.Add(e, "messages_reassembled", "messages", NAN, f.reassembled, src + "; bytes checked");
        r.Add(e, "out_of_order_packets", "packets", NAN, double(f.outOfOrder), src);
        r.Add(e, "completion_us", "us", NAN, f.completionUs, src);
        r.Add(e, "aggregate_bw_MBps", MBPS, NAN, f.aggregateMBps, src);
    }
    // Static group receive as a barrier (section 2.5: "a single notification can be delivered
    // after a set of messages from a known list of senders has arrived (e.g., for a barrier)"):
    // 64 senders on a 256-host 4-ary 4-tree each send one simple datagram (12 bytes of
    // metadata, 4 data bytes) on a part of a seed split 63 times (Rats split_seed); host 0's
    // recv returns once, after all 64 have arrived.
    {
        Config::SetDefault("ns3::RatsHardwareInterface::PinnedBytes", UintegerValue(64 * 1024));
        Scenario::Spec ss;
        ss.hosts = 256;
        ss.topology = "ns3::SanFatTreeTopology";
        ss.routing = "ns3::SanMinimalAdaptiveRouting";
        ss.paperCables = false;
        ss.rats = true;
        ss.fatTreeLevels = 4;
        Scenario s(ss);
        Config::SetDefault("ns3::RatsHardwareInterface::PinnedBytes", UintegerValue(1 << 20));
        const uint32_t senders = 64;
        const uint32_t part = 64;
        Ptr<RatsSimpleDatagramServer> srv =
            RatsSimpleDatagramServer::Create(s.rats[0], senders * part);
        RatsTicket seed = srv->MakeSeed();
        std::vector<RatsTicket> parts;
        for (uint32_t j = 1; j < senders; ++j)
        {
            parts.push_back(RatsSimpleDatagramServer::SplitSeed(seed, part));
        }
        parts.push_back(seed);
        const Time start = MicroSeconds(10);
        for (uint32_t j = 0; j < senders; ++j)
        {
            const uint32_t host = 1 + 3 * j; // spread over the tree's sub-trees
            RatsBuffer b = s.Buffer(host, 4);
            Ptr<RatsInterfaceManager> m = s.rats[host];
            RatsTicket t = parts[j];
            Simulator::Schedule(start, [m, t, b]() {
                RatsSimpleDatagramClient::SendWithSeed(m, t, b.offset, 4);
            });
        }
        Time released;
        srv->Recv([&](RatsSimpleDatagramMessage) { released = Simulator::Now(); });
        Simulator::Run();
        const uint64_t notifications = srv->GetNArrivals();
        Simulator::Destroy();
        const std::string e = "beyond-paper_barrier_static_group_receive";
        const std::string src = "Beyond the paper: barrier over static group receive, 64 "
                                "senders, 256-host fat tree, minimal adaptive routing";
        r.Add(e, "barrier_senders", "senders", NAN, senders, src);
        r.Add(e, "barrier_notifications", "notifications", NAN, double(notifications), src);
        r.Add(e,
              "barrier_time_us",
              "us",
              NAN,
              SanMicroseconds(released - start),
              src + "; sends to recv");
    }
    // The paper's Rats benchmarks on an 8x8 mesh, corner to corner (host 0 to host 63),
    // under dimension-order and minimal adaptive routing; and a loaded case, a transpose of
    // 64 KB DMA messages (56 off-diagonal hosts at once).
    std::vector<std::pair<uint32_t, uint32_t>> transpose;
    for (uint32_t y = 0; y < 8; ++y)
    {
        for (uint32_t x = 0; x < 8; ++x)
        {
            if (x != y)
            {
                transpose.emplace_back(y * 8 + x, x * 8 + y);
            }
        }
    }
    for (bool adaptive : {false, true})
    {
        Scenario::Spec ss;
        ss.hosts = 64;
        ss.topology = "ns3::SanMeshTopology";
        ss.routing = adaptive ? "ns3::SanMinimalAdaptiveRouting" : "ns3::SanDimensionOrderRouting";
        ss.paperCables = false;
        ss.rats = true;
        const std::string e = std::string("beyond-paper_mesh_8x8_") +
                              (adaptive ? "minimal_adaptive" : "dimension_order");
        const std::string src = std::string("Beyond the paper: 8x8 mesh, ") +
                                (adaptive ? "minimal adaptive" : "dimension-order") + " routing";
        r.Add(e,
              "tagged_write_16B_send_recv_us",
              "us",
              NAN,
              TaggedWriteUs(ss, 0, 63),
              src + "; host 0 to host 63, idle");
        const uint32_t meta =
            RatsSimpleDatagramServer::FIXED_METADATA + RatsTicket::SERIALIZED_BYTES;
        const RoundTrip rt = RoundTripBetween(ss, 0, 63, 512 - meta, 16, 16);
        r.Add(e,
              "datagram_512B_ack_rtt_us",
              "us",
              NAN,
              rt.toRecvUs,
              src + "; host 0 to host 63, idle");
        r.Add(e,
              "pingpong_512B_bw_MBps",
              MBPS,
              NAN,
              rt.wireBytes * double(rt.rounds) / rt.streamUs,
              src + "; host 0 to host 63, idle");
        ss.rats = false;
        const FlowResult f = ManyFlows(ss, transpose, 65536);
        r.Add(e,
              "transpose_64KB_completion_us",
              "us",
              NAN,
              f.completionUs,
              src + "; transpose, 56 x 64 KB DMA");
        r.Add(e,
              "transpose_64KB_aggregate_bw_MBps",
              MBPS,
              NAN,
              f.aggregateMBps,
              src + "; transpose, 56 x 64 KB DMA");
        r.Add(e,
              "transpose_out_of_order_packets",
              "packets",
              NAN,
              double(f.outOfOrder),
              src + "; transpose, 56 x 64 KB DMA");
        r.Add(e,
              "transpose_messages_reassembled",
              "messages",
              NAN,
              f.reassembled,
              src + "; transpose, 56 x 64 KB DMA; bytes checked");
    }
    return r.Get();
}

} // namespace ns3
