/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-bench-preset.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/nstime.h"

#include <algorithm>

namespace ns3
{

namespace
{

/// The same-hosts preset's host.
const char* const SAME_HOST_PRESET = "ns3::PentiumNtHostPreset";
/// The modern preset's host: a 3 GHz core, PCIe Gen3 x8, Linux without page-table isolation.
const char* const MODERN_HOST_PRESET = "ns3::ModernServerHostPreset";

} // namespace

std::vector<std::string>
SanBenchPreset::GetNames()
{
    return {"as-published", "same-hosts", "modern"};
}

bool
SanBenchPreset::IsKnown(const std::string& preset)
{
    const std::vector<std::string> names = GetNames();
    return std::find(names.begin(), names.end(), preset) != names.end();
}

void
SanBenchPreset::Equalize(const std::string& preset, SanScenarioSpec& spec, uint32_t hosts)
{
    if (preset == "same-hosts")
    {
        // Hamlyn's Myrinet-class fabric is the fabric's default (SanScenarioSpec's defaults).
        SanScenarioSpec same;
        same.hosts = hosts;
        same.hostPreset = SAME_HOST_PRESET;
        spec = same;
    }
    else if (preset == "modern")
    {
        // Links and switches of today (SOURCES.md, "Modern hardware"): 100 Gbit/s links; 270 ns
        // through a switch (an InfiniBand SX6030 measured one way, IBM's tulips measurements);
        // virtual cut-through with room for four of the fabric's largest packets per input; 2 m
        // of fibre per link (about 5 ns per metre: 10 ns). A current switch's latency is
        // pipelined (it forwards back-to-back packets at line rate), while SanSwitch's
        // "RoutingDelay" is a decision each head waits for in turn, as the papers' switches made
        // it: 270 ns there capped a port at about 4.7 million packets a second (the first runs'
        // request/response saturated there whatever the hosts' speed). So the switch routes at
        // once and its latency travels with the packets, half on each of a crossbar path's two
        // links.
        SanScenarioSpec modern;
        modern.hosts = hosts;
        modern.hostPreset = MODERN_HOST_PRESET;
        modern.linkRate = "100Gbps";
        modern.switchRoutingDelay = Seconds(0);
        modern.linkDelay = NanoSeconds(10) + NanoSeconds(270) / 2;
        modern.cutThroughPacketBytes = 4096;
        modern.paperCables = false;
        spec = modern;
    }
    else
    {
        NS_ABORT_MSG_UNLESS(preset == "as-published",
                            "SanBenchPreset: no preset '" << preset << "'");
    }
}

void
SanBenchPreset::Equalize(const std::string& preset,
                         SanScenarioSpec& spec,
                         uint32_t hosts,
                         SanScopedDefaults& scoped,
                         const std::vector<CardAttribute>& card)
{
    const double speedUp = GetCardSpeedUp(preset, spec.hostPreset);
    Equalize(preset, spec, hosts);
    if (speedUp != 1)
    {
        for (const auto& [type, attribute] : card)
        {
            scoped.Scale(type, attribute, speedUp);
        }
    }
}

double
SanBenchPreset::GetCardSpeedUp(const std::string& preset, const std::string& paperHost)
{
    if (preset != "modern")
    {
        return 1;
    }
    auto clock = [](const std::string& host) {
        return DynamicCast<DoubleValue>(GetDefault(host, "CpuClockRate"))->Get();
    };
    return clock(MODERN_HOST_PRESET) / clock(paperHost);
}

std::string
SanBenchPreset::DescribeHosts(const std::string& preset, const std::string& published)
{
    if (preset == "modern")
    {
        return "3 GHz server, PCIe Gen3 x8";
    }
    return preset == "same-hosts" ? "200 MHz Pentium / NT 4.0, 33 MHz PCI" : published;
}

std::string
SanBenchPreset::DescribeFabric(const std::string& preset, const std::string& published)
{
    if (preset == "modern")
    {
        return "100 Gbit/s links, a 270 ns cut-through crossbar";
    }
    return preset == "same-hosts" ? "640 Mbit/s Myrinet-class crossbar" : published;
}

Ptr<AttributeValue>
SanBenchPreset::GetDefault(const std::string& type, const std::string& attribute)
{
    TypeId::AttributeInformation info;
    const bool found = TypeId::LookupByName(type).LookupAttributeByName(attribute, &info);
    NS_ABORT_MSG_UNLESS(found, "SanBenchPreset: no attribute " << type << "::" << attribute);
    return info.initialValue->Copy();
}

SanScopedDefaults::~SanScopedDefaults()
{
    for (auto it = m_before.rbegin(); it != m_before.rend(); ++it)
    {
        if (it->global)
        {
            Config::SetGlobal(it->path, *it->value);
        }
        else
        {
            Config::SetDefault(it->path, *it->value);
        }
    }
}

void
SanScopedDefaults::Set(const std::string& type,
                       const std::string& attribute,
                       const AttributeValue& value)
{
    m_before.push_back(
        {false, type + "::" + attribute, SanBenchPreset::GetDefault(type, attribute)});
    Config::SetDefault(m_before.back().path, value);
}

void
SanScopedDefaults::SetGlobal(const std::string& name, const AttributeValue& value)
{
    auto it = GlobalValue::Begin();
    while (it != GlobalValue::End() && (*it)->GetName() != name)
    {
        ++it;
    }
    NS_ABORT_MSG_IF(it == GlobalValue::End(), "SanScopedDefaults: no global value " << name);
    Ptr<AttributeValue> before = (*it)->GetChecker()->Create();
    (*it)->GetValue(*before);
    m_before.push_back({true, name, before});
    Config::SetGlobal(name, value);
}

void
SanScopedDefaults::Scale(const std::string& type, const std::string& attribute, double speedUp)
{
    Ptr<AttributeValue> value = SanBenchPreset::GetDefault(type, attribute);
    if (auto d = DynamicCast<DoubleValue>(value))
    {
        Set(type, attribute, DoubleValue(d->Get() * speedUp));
    }
    else if (auto r = DynamicCast<DataRateValue>(value))
    {
        const double bps = static_cast<double>(r->Get().GetBitRate()) * speedUp;
        Set(type, attribute, DataRateValue(DataRate(static_cast<uint64_t>(bps))));
    }
    else if (auto t = DynamicCast<TimeValue>(value))
    {
        Set(type, attribute, TimeValue(t->Get() / speedUp));
    }
    else
    {
        NS_ABORT_MSG("SanScopedDefaults: " << type << "::" << attribute << " is no rate or time");
    }
}

} // namespace ns3
