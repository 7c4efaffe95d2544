/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-load-sweep.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-switch-port.h"
#include "ns3/san-switch.h"
#include "ns3/san-traffic-generator.h"
#include "ns3/san-traffic-helper.h"
#include "ns3/san-traffic-stats.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanLoadSweep");

SanLoadSweep::SanLoadSweep() = default;

void
SanLoadSweep::SetFabricSetup(FabricSetup setup)
{
    m_setup = setup;
    m_boundKnown = false;
}

void
SanLoadSweep::SetTrafficAttribute(const std::string& name, const AttributeValue& value)
{
    m_traffic.emplace_back(name, value.Copy());
    m_boundKnown = false;
}

void
SanLoadSweep::SetPermutation(std::vector<uint32_t> permutation)
{
    m_permutation = std::move(permutation);
    m_boundKnown = false;
}

void
SanLoadSweep::SetWindows(uint32_t warmup, uint32_t measure, uint32_t drain)
{
    NS_ABORT_MSG_IF(measure == 0, "SanLoadSweep: the measurement window must be at least 1");
    m_warmup = warmup;
    m_measure = measure;
    m_drain = drain;
}

void
SanLoadSweep::SetSeeds(uint32_t seeds, uint64_t firstRun)
{
    NS_ABORT_MSG_IF(seeds == 0, "SanLoadSweep: at least one seed");
    m_seeds = seeds;
    m_firstRun = firstRun;
}

void
SanLoadSweep::SetTolerance(double tolerance)
{
    m_tolerance = tolerance;
}

void
SanLoadSweep::SetTopLinks(uint32_t n)
{
    m_topLinks = n;
}

void
SanLoadSweep::SetRunHooks(RunHook installed, RunHook done)
{
    m_installed = std::move(installed);
    m_done = std::move(done);
}

void
SanLoadSweep::SetProgress(Time interval)
{
    m_progress = interval;
}

namespace
{
/// A port whose link the sweep watches.
struct WatchedPort
{
    const SanPort* port;    //!< the sending end (the fabric owns it)
    std::string name;       //!< the link's name
    bool interSwitch;       //!< both ends are switches
    int64_t busyAtStart{0}; //!< GetBusySteps at the window's start
};
} // namespace

SanLoadPoint
SanLoadSweep::RunOnce(double load, uint64_t run)
{
    const auto wallStart = std::chrono::steady_clock::now();
    RngSeedManager::SetRun(run);
    SanFabricHelper fabric;
    if (m_setup)
    {
        m_setup(fabric);
    }
    NodeContainer hosts;
    hosts.Create(fabric.GetTopology()->GetNHosts());
    NetDeviceContainer endpoints = fabric.Install(hosts);
    fabric.AssignStreams(7);
    Ptr<SanFabric> fab = fabric.GetFabric();
    Ptr<SanTopology> topo = fab->GetTopology();
    const uint32_t nHosts = topo->GetNHosts();

    // A packet-time: a packet of the mean size on a host link.
    Ptr<SanTrafficGenerator> probe = CreateObject<SanTrafficGenerator>();
    for (const auto& a : m_traffic)
    {
        probe->SetAttribute(a.first, *a.second);
    }
    Ptr<SanEndpointDevice> ep0 = DynamicCast<SanEndpointDevice>(endpoints.Get(0));
    const int64_t ptSteps = std::max<int64_t>(
        1,
        ep0->GetSerializationSteps(static_cast<uint32_t>(std::lround(probe->GetMeanPacketSize()))));
    probe = nullptr;
    const Time packetTime = TimeStep(ptSteps);
    const Time start = packetTime * m_warmup;
    const Time stop = start + packetTime * m_measure;

    auto stats = std::make_shared<SanTrafficStats>(nHosts);
    SanTrafficHelper traffic;
    for (const auto& a : m_traffic)
    {
        traffic.SetAttribute(a.first, *a.second);
    }
    traffic.SetAttribute("OfferedLoad", DoubleValue(load));
    traffic.SetAttribute("MeasureStart", TimeValue(start));
    traffic.SetAttribute("MeasureStop", TimeValue(stop));
    traffic.SetPermutation(m_permutation);
    traffic.SetStats(stats);
    ApplicationContainer apps = traffic.Install(endpoints);
    SanTrafficHelper::AssignStreams(apps, 11);
    apps.Start(Seconds(0));
    apps.Stop(stop);

    // Links: every switch port (toward a switch or a host) and every host's port.
    std::vector<WatchedPort> ports;
    for (uint32_t s = 0; s < topo->GetNSwitches(); ++s)
    {
        for (uint32_t p = 0; p < topo->GetNPorts(s); ++p)
        {
            const SanPortPeer peer = topo->GetPeer(s, p);
            if (peer.kind == SanPortPeer::NONE)
            {
                continue;
            }
            const SanSwitchPort* port = fab->GetSwitch(s)->GetPort(p);
            if (port == nullptr)
            {
                continue;
            }
            std::ostringstream name;
            name << "switch " << s << " port " << p << " -> "
                 << (peer.kind == SanPortPeer::SWITCH ? "switch " : "host ") << peer.index;
            ports.push_back({port, name.str(), peer.kind == SanPortPeer::SWITCH});
        }
    }
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        std::ostringstream name;
        name << "host " << h << " -> switch " << topo->GetHostSwitch(h);
        ports.push_back({PeekPointer(fab->GetEndpoint(h)), name.str(), false});
    }
    const uint32_t nVcs = fab->GetNVcs();
    const uint32_t slotsPerVc = fab->GetSlotsPerVc();
    std::vector<double> vcSum(nVcs, 0);
    uint32_t samples = 0;
    uint32_t interSwitch = 0;
    for (const WatchedPort& w : ports)
    {
        interSwitch += w.interSwitch ? 1 : 0;
    }
    Simulator::Schedule(start, [&ports]() {
        for (WatchedPort& w : ports)
        {
            w.busyAtStart = w.port->GetBusySteps();
        }
    });
    const uint32_t nSamples = std::min<uint32_t>(50, m_measure);
    for (uint32_t i = 0; i < nSamples; ++i)
    {
        const Time at =
            start + packetTime * (static_cast<double>(m_measure) * (i + 0.5) / nSamples);
        Simulator::Schedule(at, [&]() {
            ++samples;
            for (const WatchedPort& w : ports)
            {
                if (!w.interSwitch)
                {
                    continue;
                }
                for (uint32_t vc = 0; vc < nVcs; ++vc)
                {
                    vcSum[vc] += double(w.port->GetSlotsInUse(vc)) / slotsPerVc;
                }
            }
        });
    }
    std::vector<std::pair<double, uint32_t>> utilisation;
    Simulator::Schedule(stop, [&]() {
        const double window = double(stop.GetTimeStep() - start.GetTimeStep());
        for (uint32_t i = 0; i < ports.size(); ++i)
        {
            const double busy = double(ports[i].port->GetBusySteps() - ports[i].busyAtStart);
            utilisation.emplace_back(std::min(1.0, busy / window), i);
        }
    });

    // Progress: 100 checks over the simulated time; a line on standard error when the run has
    // taken longer than the interval (so short runs print nothing).
    const Time end = stop + packetTime * m_drain;
    auto lastPrint = wallStart;
    std::function<void(uint32_t)> check;
    if (!m_progress.IsZero())
    {
        check = [&](uint32_t percent) {
            const auto now = std::chrono::steady_clock::now();
            const double interval = m_progress.GetSeconds();
            if (std::chrono::duration<double>(now - lastPrint).count() >= interval)
            {
                lastPrint = now;
                std::cerr << "san: load " << load << " run " << run << ": " << percent
                          << "% of simulated time, "
                          << std::chrono::duration<double>(now - wallStart).count() << " s"
                          << std::endl;
            }
            if (percent < 99)
            {
                Simulator::Schedule(end / 100, [&check, percent]() { check(percent + 1); });
            }
        };
        Simulator::Schedule(end / 100, [&check]() { check(1); });
    }
    if (m_installed)
    {
        m_installed(load, run);
    }
    Simulator::Stop(end);
    Simulator::Run();
    if (m_done)
    {
        m_done(load, run);
    }

    SanLoadPoint r;
    r.offered = load;
    r.packetTimeNs = packetTime.GetSeconds() * 1e9;
    uint64_t generatedMeasured = 0;
    double minFraction = 1;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        Ptr<SanTrafficGenerator> g = DynamicCast<SanTrafficGenerator>(apps.Get(i));
        if (g->GetGenerated() == 0)
        {
            continue;
        }
        ++r.senders;
        const uint64_t gen = g->GetGeneratedMeasured();
        generatedMeasured += gen;
        if (gen > 0)
        {
            const uint32_t host = DynamicCast<SanEndpointDevice>(endpoints.Get(i))->GetHost();
            minFraction = std::min(minFraction, double(stats->GetDeliveredFrom(host)) / gen);
        }
    }
    SanTrafficHelper::Totals t = SanTrafficHelper::Sum(apps);
    const double perSender = r.senders ? 1.0 / r.senders / m_measure : 0;
    r.offeredMeasured = double(generatedMeasured) * perSender;
    r.accepted = double(t.receivedInWindow) * perSender;
    r.deliveredFraction = generatedMeasured ? double(t.receivedMeasured) / generatedMeasured : 1;
    r.minSourceFraction = minFraction;
    const double pt = double(ptSteps);
    r.latencyMean =
        t.receivedMeasured ? t.latencySum / t.receivedMeasured / packetTime.GetSeconds() : 0;
    r.latencyP50 = stats->GetQuantile(0.5) / pt;
    r.latencyP99 = stats->GetQuantile(0.99) / pt;
    r.latencyMax = double(stats->GetMax()) / pt;
    r.hops = t.receivedMeasured ? double(t.hopSum) / t.receivedMeasured : 0;
    r.notInjected = t.notInjectedMeasured;
    for (uint32_t vc = 0; vc < nVcs; ++vc)
    {
        r.vcOccupancy.push_back(samples && interSwitch ? vcSum[vc] / samples / interSwitch : 0);
    }
    const size_t top = std::min<size_t>(m_topLinks, utilisation.size());
    std::partial_sort(utilisation.begin(),
                      utilisation.begin() + top,
                      utilisation.end(),
                      [](const auto& a, const auto& b) {
                          return a.first > b.first || (a.first == b.first && a.second < b.second);
                      });
    for (size_t i = 0; i < top; ++i)
    {
        r.topLinks.push_back({ports[utilisation[i].second].name, utilisation[i].first});
    }
    ports.clear();
    Simulator::Destroy();
    r.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    return r;
}

bool
SanLoadSweep::IsSaturated(const SanLoadPoint& p) const
{
    return p.accepted < (1 - m_tolerance) * p.offeredMeasured ||
           p.minSourceFraction < 1 - m_tolerance;
}

SanStatistic
SanLoadSweep::Summarize(const std::vector<double>& values)
{
    SanStatistic s;
    const size_t n = values.size();
    if (n == 0)
    {
        return s;
    }
    double sum = 0;
    for (double v : values)
    {
        sum += v;
    }
    s.mean = sum / n;
    if (n < 2)
    {
        return s;
    }
    double ss = 0;
    for (double v : values)
    {
        ss += (v - s.mean) * (v - s.mean);
    }
    const double sd = std::sqrt(ss / (n - 1));
    // Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom; the normal's beyond.
    static const double t975[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                  2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                  2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                  2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    const size_t df = n - 1;
    const double t = df <= 30 ? t975[df - 1] : 1.960;
    s.ci95 = t * sd / std::sqrt(double(n));
    return s;
}

SanLoadSummary
SanLoadSweep::Measure(double load)
{
    SanLoadSummary s;
    s.offered = load;
    for (uint32_t i = 0; i < m_seeds; ++i)
    {
        s.runs.push_back(RunOnce(load, m_firstRun + i));
    }
    auto collect = [&s](double SanLoadPoint::*field) {
        std::vector<double> v;
        for (const SanLoadPoint& p : s.runs)
        {
            v.push_back(p.*field);
        }
        return Summarize(v);
    };
    s.offeredMeasured = collect(&SanLoadPoint::offeredMeasured);
    s.accepted = collect(&SanLoadPoint::accepted);
    s.minSourceFraction = collect(&SanLoadPoint::minSourceFraction);
    s.latencyMean = collect(&SanLoadPoint::latencyMean);
    s.latencyP50 = collect(&SanLoadPoint::latencyP50);
    s.latencyP99 = collect(&SanLoadPoint::latencyP99);
    s.latencyMax = collect(&SanLoadPoint::latencyMax);
    s.hops = collect(&SanLoadPoint::hops);
    for (const SanLoadPoint& p : s.runs)
    {
        s.notInjected += p.notInjected;
    }
    // On the means: a point is saturated when, over the seeds, demand was not met.
    SanLoadPoint mean;
    mean.accepted = s.accepted.mean;
    mean.offeredMeasured = s.offeredMeasured.mean;
    mean.minSourceFraction = s.minSourceFraction.mean;
    s.windowSaturated = IsSaturated(mean);
    const SanLoadBound& bound = GetLoadBound();
    s.aboveBound = bound.kind != SanLoadBound::NONE && load > bound.load * (1 + 1e-9);
    s.saturated = s.windowSaturated || s.aboveBound;
    return s;
}

const SanLoadBound&
SanLoadSweep::GetLoadBound()
{
    if (!m_boundKnown)
    {
        SanFabricHelper fabric;
        if (m_setup)
        {
            m_setup(fabric);
        }
        m_bound = SanLoadBound::Compute(fabric,
                                        SanTrafficGenerator::GetPatternSpec(m_traffic),
                                        m_permutation);
        m_boundKnown = true;
    }
    return m_bound;
}

SanSaturation
SanLoadSweep::FindSaturation(const std::vector<double>& loads,
                             uint32_t bisections,
                             uint32_t pastSaturation,
                             PointCallback onPoint)
{
    SanSaturation result;
    result.bound = GetLoadBound();
    auto run = [&](double load) {
        result.points.push_back(Measure(load));
        if (onPoint)
        {
            onPoint(result.points.back());
        }
        return result.points.back().saturated;
    };
    double lo = 0;
    double hi = -1;
    uint32_t past = 0;
    for (double load : loads)
    {
        if (hi >= 0 && past++ >= pastSaturation)
        {
            break;
        }
        const bool saturated = run(load);
        if (hi >= 0)
        {
            continue; // the curve past saturation
        }
        if (saturated)
        {
            hi = load;
        }
        else
        {
            lo = load;
        }
    }
    if (hi < 0)
    {
        result.load = lo;
        result.upper = lo;
        result.atLeast = true;
        return result;
    }
    for (uint32_t i = 0; i < bisections; ++i)
    {
        const double mid = (lo + hi) / 2;
        if (run(mid))
        {
            hi = mid;
        }
        else
        {
            lo = mid;
        }
    }
    result.load = lo;
    result.upper = hi;
    return result;
}

} // namespace ns3
