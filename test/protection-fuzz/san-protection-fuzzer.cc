/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-protection-fuzzer.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanProtectionFuzzer");

NS_OBJECT_ENSURE_REGISTERED(SanProtectionFuzzer);

// ---- adapter --------------------------------------------------------------------------------

uint32_t
SanProtectionFuzzAdapter::GetCaseWeight(uint32_t c) const
{
    return 1;
}

// ---- report ---------------------------------------------------------------------------------

bool
SanFuzzReport::Passed() const
{
    uint64_t expected = 0;
    for (auto d : expectedDrops)
    {
        expected += d;
    }
    return failures.empty() && drained && injected > 0 && delivered == expectDeliver &&
           dropsCounted == expected && dropsTraced == expected &&
           delivered + dropsCounted == injected && expectedDrops == countedDrops &&
           expectedDrops == tracedDrops && misclassified == 0 && unknownDrops == 0 &&
           wrongSource == 0 && writesOutside == 0 && writesUnexpected == 0 && accessErrors == 0 &&
           wrongBytes == 0 && canaryBytes == 0 && strayBytes == 0;
}

std::string
SanFuzzReport::Describe() const
{
    std::ostringstream os;
    os << (Passed() ? "PASSED" : "FAILED") << ": " << injected << " packets (" << viaFabric
       << " over the fabric, " << direct << " direct, " << fabricRefused
       << " refused by the fabric and injected directly) in " << batches << " batches (" << stalls
       << " postponed, " << skipped << " skipped" << (drained ? "" : ", NOT DRAINED") << ")\n";
    os << "  delivered " << delivered << " (expected " << expectDeliver << "), " << bytesExpected
       << " bytes expected to land\n";
    os << "  drops counted " << dropsCounted << ", traced " << dropsTraced << "; misclassified "
       << misclassified << ", unknown " << unknownDrops << ", wrong source " << wrongSource << "\n";
    for (std::size_t r = 0; r < reasonNames.size(); ++r)
    {
        os << "    " << reasonNames[r] << ": expected " << expectedDrops[r] << ", counted "
           << countedDrops[r] << ", traced " << tracedDrops[r] << "\n";
    }
    os << "  cases:";
    for (std::size_t c = 0; c < caseNames.size(); ++c)
    {
        os << " " << caseNames[c] << "=" << perCase[c];
    }
    os << "\n  memory: " << bytesCompared << " bytes compared; wrong " << wrongBytes << ", canary "
       << canaryBytes << ", stray " << strayBytes << "; writes outside " << writesOutside
       << ", unexpected " << writesUnexpected << ", access errors " << accessErrors << "\n";
    for (const auto& f : failures)
    {
        os << "  ! " << f << "\n";
    }
    return os.str();
}

// ---- engine ---------------------------------------------------------------------------------

TypeId
SanProtectionFuzzer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanProtectionFuzzer")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<SanProtectionFuzzer>()
            .AddAttribute("Packets",
                          "Packets to forge and inject.",
                          UintegerValue(4000),
                          MakeUintegerAccessor(&SanProtectionFuzzer::m_packets),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("BatchSize",
                          "Packets injected together (in flight at once).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanProtectionFuzzer::m_batchSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("FabricShare",
                          "Share of packets sent over the fabric (the rest go straight into the "
                          "receive path).",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&SanProtectionFuzzer::m_fabricShare),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("BatchInterval",
                          "Time from one batch to the next (a batch waits for the previous one "
                          "to drain).",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&SanProtectionFuzzer::m_batchInterval),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("BatchJitter",
                          "Injections of a batch are spread uniformly over this time.",
                          TimeValue(MicroSeconds(2)),
                          MakeTimeAccessor(&SanProtectionFuzzer::m_batchJitter),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MaxStalls",
                          "Consecutive postponements of a batch before the run is declared "
                          "stuck.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&SanProtectionFuzzer::m_maxStalls),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxReforge",
                          "Attempts to forge a packet whose deposit does not overlap another "
                          "one of its batch.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&SanProtectionFuzzer::m_maxReforge),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

SanProtectionFuzzer::SanProtectionFuzzer()
    : m_packets(4000),
      m_batchSize(8),
      m_fabricShare(0.5),
      m_batchInterval(MicroSeconds(100)),
      m_batchJitter(MicroSeconds(2)),
      m_maxStalls(1000),
      m_maxReforge(64),
      m_rng(CreateObject<UniformRandomVariable>())
{
}

SanProtectionFuzzer::~SanProtectionFuzzer() = default;

void
SanProtectionFuzzer::DoDispose()
{
    Disconnect();
    m_adapter = nullptr;
    m_device = nullptr;
    m_memory = nullptr;
    m_rng = nullptr;
    Object::DoDispose();
}

void
SanProtectionFuzzer::SetAdapter(Ptr<SanProtectionFuzzAdapter> adapter)
{
    NS_ABORT_MSG_IF(m_started, "SanProtectionFuzzer::SetAdapter: already started");
    m_adapter = adapter;
}

Ptr<SanProtectionFuzzAdapter>
SanProtectionFuzzer::GetAdapter() const
{
    return m_adapter;
}

int64_t
SanProtectionFuzzer::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

void
SanProtectionFuzzer::Fail(const std::string& what)
{
    NS_LOG_WARN("SanProtectionFuzzer: " << what);
    if (m_report.failures.size() < 20)
    {
        m_report.failures.push_back(what);
    }
}

const SanFuzzWindow*
SanProtectionFuzzer::FindWindow(uint64_t address, uint64_t length) const
{
    for (const auto& w : m_windows)
    {
        if (address >= w.address && address - w.address <= w.length &&
            length <= w.length - (address - w.address))
        {
            return &w;
        }
    }
    return nullptr;
}

void
SanProtectionFuzzer::Start()
{
    NS_ABORT_MSG_IF(m_started, "SanProtectionFuzzer::Start: started already");
    NS_ABORT_MSG_IF(m_adapter == nullptr, "SanProtectionFuzzer::Start: no adapter");
    m_started = true;
    m_device = m_adapter->GetDevice();
    NS_ABORT_MSG_IF(m_device == nullptr || !m_device->IsAttached(),
                    "SanProtectionFuzzer::Start: the adapter's device is not attached to a host");
    m_memory = m_device->GetMemory();
    m_adapter->Prepare(m_rng);
    m_windows = m_adapter->GetWindows();

    // Canaries: every region that holds a DATA or GUARD window gets random bytes, so a stray
    // deposit shows even if it writes zeros or the window's old contents.
    for (const auto& r : SanMemoryShadow::ListRegions(m_memory))
    {
        bool fill = false;
        std::vector<std::pair<uint64_t, uint64_t>> kept; // PRESET windows in it: [from, to)
        for (const auto& w : m_windows)
        {
            if (w.address < r.first + r.second && r.first < w.address + w.length)
            {
                fill = fill || w.kind == SanFuzzWindow::DATA || w.kind == SanFuzzWindow::GUARD;
                if (w.kind == SanFuzzWindow::PRESET)
                {
                    kept.emplace_back(w.address, w.address + w.length);
                }
            }
        }
        if (fill)
        {
            std::vector<uint8_t> bytes(r.second);
            for (auto& b : bytes)
            {
                b = static_cast<uint8_t>(m_rng->GetInteger(0, 255));
            }
            // Write what lies between the kept windows.
            std::sort(kept.begin(), kept.end());
            uint64_t at = r.first;
            kept.emplace_back(r.first + r.second, r.first + r.second);
            for (const auto& k : kept)
            {
                const uint64_t to = std::max(at, std::min(k.first, r.first + r.second));
                if (to > at)
                {
                    bool ok = m_memory->Write(at, bytes.data() + (at - r.first), to - at);
                    NS_ABORT_MSG_IF(!ok, "SanProtectionFuzzer: canary fill refused");
                }
                at = std::max(at, k.second);
            }
        }
    }
    m_shadow.Take(m_memory);

    const uint32_t cases = m_adapter->GetNCases();
    NS_ABORT_MSG_IF(cases == 0, "SanProtectionFuzzer: the adapter has no cases");
    m_report = SanFuzzReport();
    uint32_t sum = 0;
    m_weights.clear();
    for (uint32_t c = 0; c < cases; ++c)
    {
        sum += m_adapter->GetCaseWeight(c);
        m_weights.push_back(sum);
        m_report.caseNames.push_back(m_adapter->GetCaseName(c));
    }
    NS_ABORT_MSG_IF(sum == 0, "SanProtectionFuzzer: every case has weight 0");
    m_report.perCase.assign(cases, 0);
    const uint32_t reasons = m_device->GetNDropReasons();
    m_drops0.clear();
    for (uint32_t r = 0; r < reasons; ++r)
    {
        m_report.reasonNames.push_back(m_device->GetDropReasonName(r));
        m_drops0.push_back(m_device->GetNDropped(r));
    }
    m_dropsTotal0 = m_device->GetNDropped();
    m_report.expectedDrops.assign(reasons, 0);
    m_report.countedDrops.assign(reasons, 0);
    m_report.tracedDrops.assign(reasons, 0);
    m_delivered0 = m_adapter->GetNDelivered();
    m_accessErrors0 = m_memory->GetAccessErrors();

    m_device->TraceConnectWithoutContext("Drop", MakeCallback(&SanProtectionFuzzer::OnDrop, this));
    m_memory->TraceConnectWithoutContext("Write",
                                         MakeCallback(&SanProtectionFuzzer::OnWrite, this));
    m_memory->TraceConnectWithoutContext("AccessError",
                                         MakeCallback(&SanProtectionFuzzer::OnAccessError, this));
    m_connected = true;
    Simulator::ScheduleNow(&SanProtectionFuzzer::Batch, this);
}

void
SanProtectionFuzzer::Disconnect()
{
    if (!m_connected)
    {
        return;
    }
    m_connected = false;
    m_device->TraceDisconnectWithoutContext("Drop",
                                            MakeCallback(&SanProtectionFuzzer::OnDrop, this));
    m_memory->TraceDisconnectWithoutContext("Write",
                                            MakeCallback(&SanProtectionFuzzer::OnWrite, this));
    m_memory->TraceDisconnectWithoutContext(
        "AccessError",
        MakeCallback(&SanProtectionFuzzer::OnAccessError, this));
}

bool
SanProtectionFuzzer::Drained() const
{
    return (m_adapter->GetNDelivered() - m_delivered0) +
               (m_device->GetNDropped() - m_dropsTotal0) >=
           m_report.injected;
}

uint32_t
SanProtectionFuzzer::PickCase()
{
    const uint32_t x = m_rng->GetInteger(0, m_weights.back() - 1);
    return static_cast<uint32_t>(std::upper_bound(m_weights.begin(), m_weights.end(), x) -
                                 m_weights.begin());
}

Ptr<Packet>
SanProtectionFuzzer::ForgeOne(uint32_t& caseId,
                              SanFuzzExpectation& expect,
                              std::vector<std::pair<uint64_t, uint64_t>>& claims)
{
    for (uint32_t attempt = 0;; ++attempt)
    {
        caseId = PickCase();
        expect = SanFuzzExpectation();
        Ptr<Packet> p = m_adapter->Forge(caseId, m_rng, expect);
        NS_ABORT_MSG_IF(p == nullptr, "SanProtectionFuzzer: the adapter forged a null packet");
        bool clash = false;
        if (expect.deliver)
        {
            for (const auto& w : expect.writes)
            {
                for (const auto& c : claims)
                {
                    if (!w.bytes.empty() && w.address < c.second &&
                        c.first < w.address + w.bytes.size())
                    {
                        clash = true;
                    }
                }
            }
        }
        if (clash && attempt + 1 < m_maxReforge)
        {
            continue;
        }
        if (clash)
        {
            // Give up: inject nothing in this place (counted as skipped).
            return nullptr;
        }
        for (const auto& w : expect.writes)
        {
            claims.emplace_back(w.address, w.address + w.bytes.size());
        }
        return p;
    }
}

void
SanProtectionFuzzer::Batch()
{
    if (m_injectedSoFar >= m_packets)
    {
        return;
    }
    if (!Drained())
    {
        ++m_report.stalls;
        if (++m_consecutiveStalls > m_maxStalls)
        {
            m_report.drained = false;
            Fail("a batch did not drain: packets neither delivered nor dropped");
            return;
        }
        Simulator::Schedule(m_batchInterval, &SanProtectionFuzzer::Batch, this);
        return;
    }
    m_consecutiveStalls = 0;
    ++m_report.batches;
    std::vector<std::pair<uint64_t, uint64_t>> claims;
    const uint32_t n = std::min(m_batchSize, m_packets - m_injectedSoFar);
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t c = 0;
        SanFuzzExpectation expect;
        Ptr<Packet> p = ForgeOne(c, expect, claims);
        ++m_injectedSoFar;
        if (p == nullptr)
        {
            ++m_report.skipped;
            continue;
        }
        const bool viaFabric =
            m_adapter->GetSenderPort() != nullptr && m_rng->GetValue(0, 1) < m_fabricShare;
        const Time at =
            m_batchJitter.IsZero()
                ? Time(0)
                : NanoSeconds(
                      m_rng->GetInteger(0, static_cast<uint32_t>(m_batchJitter.GetNanoSeconds())));
        // Expectations are recorded now (the packet is in flight from now on).
        Pending pend;
        pend.caseId = c;
        pend.deliver = expect.deliver;
        pend.reason = expect.reason;
        SanFabricPort* port = m_adapter->GetSenderPort();
        pend.srcHost = port != nullptr ? port->GetHostNumber() : 0;
        NS_ABORT_MSG_IF(m_pending.count(p->GetUid()) != 0,
                        "SanProtectionFuzzer: the adapter forged two packets with one uid");
        m_pending[p->GetUid()] = pend;
        ++m_report.injected;
        ++m_report.perCase[c];
        if (expect.deliver)
        {
            ++m_report.expectDeliver;
            for (const auto& w : expect.writes)
            {
                if (w.bytes.empty())
                {
                    continue;
                }
                const SanFuzzWindow* win = FindWindow(w.address, w.bytes.size());
                NS_ABORT_MSG_IF(win == nullptr || win->kind != SanFuzzWindow::DATA,
                                "SanProtectionFuzzer: case "
                                    << m_adapter->GetCaseName(c) << " expects bytes at 0x"
                                    << std::hex << w.address << " outside every DATA window");
                m_shadow.Expect(w.address, w.bytes);
                m_report.bytesExpected += w.bytes.size();
                // Merge into the allowed set.
                uint64_t s = w.address;
                uint64_t e = w.address + w.bytes.size();
                auto it = m_allowed.upper_bound(s);
                if (it != m_allowed.begin() && std::prev(it)->second >= s)
                {
                    --it;
                }
                while (it != m_allowed.end() && it->first <= e)
                {
                    s = std::min(s, it->first);
                    e = std::max(e, it->second);
                    it = m_allowed.erase(it);
                }
                m_allowed[s] = e;
            }
        }
        else
        {
            NS_ABORT_MSG_IF(expect.reason >= m_report.expectedDrops.size(),
                            "SanProtectionFuzzer: case " << m_adapter->GetCaseName(c)
                                                         << " expects unknown drop reason "
                                                         << expect.reason);
            ++m_report.expectedDrops[expect.reason];
        }
        Simulator::Schedule(at, &SanProtectionFuzzer::Inject, this, p, viaFabric);
    }
    if (m_injectedSoFar < m_packets)
    {
        Simulator::Schedule(m_batchInterval, &SanProtectionFuzzer::Batch, this);
    }
}

void
SanProtectionFuzzer::Inject(Ptr<Packet> packet, bool viaFabric)
{
    SanFabricPort* port = m_adapter->GetSenderPort();
    const uint32_t src = port != nullptr ? port->GetHostNumber() : 0;
    if (viaFabric)
    {
        if (port->SendPacket(m_device->GetHostNumber(), packet))
        {
            ++m_report.viaFabric;
            return;
        }
        ++m_report.fabricRefused; // e.g. an empty packet: the fabric carries none
    }
    ++m_report.direct;
    m_adapter->InjectDirect(packet, src);
}

void
SanProtectionFuzzer::OnDrop(Ptr<const Packet> packet, uint32_t reason, uint32_t srcHost)
{
    if (reason < m_report.tracedDrops.size())
    {
        ++m_report.tracedDrops[reason];
    }
    ++m_report.dropsTraced;
    if (packet == nullptr)
    {
        ++m_report.unknownDrops;
        Fail("a drop was traced without its packet (reason " + m_device->GetDropReasonName(reason) +
             ")");
        return;
    }
    auto it = m_pending.find(packet->GetUid());
    if (it == m_pending.end())
    {
        ++m_report.unknownDrops;
        Fail("a packet the fuzzer did not inject was dropped (" +
             m_device->GetDropReasonName(reason) + ")");
        return;
    }
    Pending& p = it->second;
    if (p.accounted)
    {
        ++m_report.misclassified;
        Fail("packet of case " + m_report.caseNames[p.caseId] + " was dropped twice");
        return;
    }
    p.accounted = true;
    if (p.deliver || p.reason != reason)
    {
        ++m_report.misclassified;
        std::ostringstream os;
        os << "packet of case " << m_report.caseNames[p.caseId] << " dropped as "
           << m_device->GetDropReasonName(reason) << ", expected "
           << (p.deliver ? std::string("delivery") : m_device->GetDropReasonName(p.reason));
        Fail(os.str());
    }
    if (srcHost != p.srcHost)
    {
        ++m_report.wrongSource;
        Fail("a drop names source host " + std::to_string(srcHost) + ", not " +
             std::to_string(p.srcHost));
    }
}

void
SanProtectionFuzzer::OnWrite(uint64_t address, uint64_t length)
{
    const SanFuzzWindow* w = FindWindow(address, length);
    if (w == nullptr || w->kind == SanFuzzWindow::GUARD || w->kind == SanFuzzWindow::PRESET)
    {
        ++m_report.writesOutside;
        std::ostringstream os;
        os << "write of " << length << " bytes at 0x" << std::hex << address << std::dec
           << (w == nullptr ? " outside every window" : " into window " + w->name);
        Fail(os.str());
        return;
    }
    if (w->kind == SanFuzzWindow::SCRATCH || length == 0)
    {
        return;
    }
    auto it = m_allowed.upper_bound(address);
    if (it == m_allowed.begin() || std::prev(it)->second < address + length)
    {
        ++m_report.writesUnexpected;
        std::ostringstream os;
        os << "write of " << length << " bytes at 0x" << std::hex << address << std::dec
           << " in DATA window " << w->name << " on bytes no packet was expected to land";
        Fail(os.str());
    }
}

void
SanProtectionFuzzer::OnAccessError(uint64_t address, uint64_t length)
{
    std::ostringstream os;
    os << "rejected memory access of " << length << " bytes at 0x" << std::hex << address;
    Fail(os.str());
}

SanFuzzReport
SanProtectionFuzzer::Check()
{
    NS_ABORT_MSG_IF(!m_started, "SanProtectionFuzzer::Check: not started");
    Disconnect();
    SanFuzzReport& r = m_report;
    r.delivered = m_adapter->GetNDelivered() - m_delivered0;
    r.dropsCounted = 0;
    for (uint32_t k = 0; k < r.countedDrops.size(); ++k)
    {
        r.countedDrops[k] = m_device->GetNDropped(k) - m_drops0[k];
        r.dropsCounted += r.countedDrops[k];
    }
    r.accessErrors = m_memory->GetAccessErrors() - m_accessErrors0;
    if (r.delivered + r.dropsCounted != r.injected)
    {
        Fail("deliveries (" + std::to_string(r.delivered) + ") + drops (" +
             std::to_string(r.dropsCounted) + ") != packets injected (" +
             std::to_string(r.injected) + ")");
    }
    for (const auto& p : m_pending)
    {
        if (!p.second.deliver && !p.second.accounted)
        {
            Fail("a packet of case " + r.caseNames[p.second.caseId] +
                 " expected to be dropped as " + m_device->GetDropReasonName(p.second.reason) +
                 " was not traced as dropped");
            break;
        }
    }

    // Memory, byte by byte.
    std::vector<std::pair<uint64_t, uint64_t>> canaryRegions;
    for (const auto& reg : m_shadow.GetRegions())
    {
        for (const auto& w : m_windows)
        {
            if ((w.kind == SanFuzzWindow::DATA || w.kind == SanFuzzWindow::GUARD) &&
                w.address < reg.first + reg.second.size() && reg.first < w.address + w.length)
            {
                canaryRegions.emplace_back(reg.first, reg.first + reg.second.size());
                break;
            }
        }
    }
    r.wrongBytes = r.canaryBytes = r.strayBytes = 0;
    uint64_t scratch = 0;
    const uint64_t compared = m_shadow.ForEachDifference(
        m_memory,
        [this, &r, &canaryRegions, &scratch](const SanMemoryShadow::Difference& d) {
            const SanFuzzWindow* w = FindWindow(d.address, 1);
            std::ostringstream os;
            os << "0x" << std::hex << d.address << ": 0x" << unsigned(d.actual) << ", expected 0x"
               << unsigned(d.expected) << std::dec;
            if (w != nullptr && w->kind == SanFuzzWindow::SCRATCH)
            {
                ++scratch;
                return;
            }
            if (w != nullptr && w->kind == SanFuzzWindow::DATA)
            {
                if (r.wrongBytes++ == 0)
                {
                    Fail("wrong byte in DATA window " + w->name + " at " + os.str());
                }
                return;
            }
            bool canary = w != nullptr; // GUARD or PRESET
            for (const auto& c : canaryRegions)
            {
                canary = canary || (d.address >= c.first && d.address < c.second);
            }
            if (canary)
            {
                if (r.canaryBytes++ == 0)
                {
                    Fail("canary changed at " + os.str());
                }
                return;
            }
            if (r.strayBytes++ == 0)
            {
                Fail("stray byte at " + os.str());
            }
        });
    uint64_t scratchBytes = 0;
    for (const auto& w : m_windows)
    {
        scratchBytes += w.kind == SanFuzzWindow::SCRATCH ? w.length : 0;
    }
    r.bytesCompared = compared - std::min(compared, scratchBytes);
    r.memoryHash = m_shadow.Hash(m_memory);
    NS_LOG_INFO(r.Describe());
    return r;
}

SanFuzzReport
SanProtectionFuzzer::Run()
{
    Start();
    Simulator::Run();
    return Check();
}

} // namespace ns3
