/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-traffic-helper.h"

#include "ns3/abort.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-traffic-generator.h"
#include "ns3/san-traffic-stats.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace ns3
{

SanTrafficHelper::SanTrafficHelper()
{
    m_factory.SetTypeId("ns3::SanTrafficGenerator");
}

void
SanTrafficHelper::SetAttribute(std::string name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
SanTrafficHelper::Install(NetDeviceContainer endpoints)
{
    ApplicationContainer apps;
    for (uint32_t i = 0; i < endpoints.GetN(); ++i)
    {
        Ptr<SanEndpointDevice> dev = DynamicCast<SanEndpointDevice>(endpoints.Get(i));
        NS_ABORT_MSG_IF(dev == nullptr,
                        "SanTrafficHelper::Install: device " << i << " is not a SanEndpointDevice");
        Ptr<SanTrafficGenerator> app = m_factory.Create<SanTrafficGenerator>();
        if (!m_permutation.empty())
        {
            NS_ABORT_MSG_IF(m_permutation.size() != endpoints.GetN(),
                            "SanTrafficHelper::Install: the permutation has "
                                << m_permutation.size() << " entries for " << endpoints.GetN()
                                << " hosts");
            app->SetAttribute("Destination", UintegerValue(m_permutation[dev->GetHost()]));
        }
        app->SetStats(m_stats);
        app->SetEndpoint(dev);
        dev->GetNode()->AddApplication(app);
        apps.Add(app);
    }
    return apps;
}

void
SanTrafficHelper::SetPermutation(std::vector<uint32_t> permutation)
{
    m_permutation = std::move(permutation);
}

void
SanTrafficHelper::SetStats(std::shared_ptr<SanTrafficStats> stats)
{
    m_stats = stats;
}

std::string
SanTrafficHelper::ReadPermutation(const std::string& fileName,
                                  uint32_t nHosts,
                                  std::vector<uint32_t>& out)
{
    out.clear();
    struct stat st;
    if (stat(fileName.c_str(), &st) != 0)
    {
        return "cannot open permutation file '" + fileName + "'";
    }
    if (!S_ISREG(st.st_mode))
    {
        return "permutation file '" + fileName + "' is not a regular file";
    }
    std::ifstream in(fileName);
    if (!in)
    {
        return "cannot open permutation file '" + fileName + "'";
    }
    std::vector<bool> used(nHosts, false);
    std::string line;
    uint32_t lineNo = 0;
    while (std::getline(in, line))
    {
        ++lineNo;
        const auto hash = line.find('#');
        if (hash != std::string::npos)
        {
            line.erase(hash);
        }
        std::istringstream fields(line);
        std::string token;
        while (fields >> token)
        {
            std::ostringstream where;
            where << fileName << ":" << lineNo << ": ";
            const std::string shown = token.size() <= 20 ? token : token.substr(0, 20) + "...";
            uint64_t v = 0;
            bool ok = token.size() <= 10;
            for (char c : token)
            {
                ok = ok && c >= '0' && c <= '9';
                v = ok ? v * 10 + static_cast<uint64_t>(c - '0') : v;
            }
            if (!ok)
            {
                return where.str() + "'" + shown + "' is not a host number";
            }
            if (out.size() >= nHosts)
            {
                return where.str() + "more than " + std::to_string(nHosts) +
                       " destinations (one per host)";
            }
            if (v >= nHosts)
            {
                return where.str() + "destination " + std::to_string(v) +
                       " out of range (hosts are 0.." + std::to_string(nHosts - 1) + ")";
            }
            if (used[v])
            {
                return where.str() + "destination " + std::to_string(v) +
                       " appears twice: not a permutation";
            }
            used[v] = true;
            out.push_back(static_cast<uint32_t>(v));
        }
    }
    if (out.size() != nHosts)
    {
        return fileName + ": " + std::to_string(out.size()) + " destinations for " +
               std::to_string(nHosts) + " hosts (one per host)";
    }
    return "";
}

int64_t
SanTrafficHelper::AssignStreams(ApplicationContainer apps, int64_t stream)
{
    int64_t used = 0;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        Ptr<SanTrafficGenerator> app = DynamicCast<SanTrafficGenerator>(apps.Get(i));
        if (app != nullptr)
        {
            const int64_t host = app->GetHost();
            app->AssignStreams(stream + host);
            used = std::max(used, host + 1);
        }
    }
    return used;
}

SanTrafficHelper::Totals
SanTrafficHelper::Sum(ApplicationContainer apps)
{
    Totals t;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        Ptr<SanTrafficGenerator> app = DynamicCast<SanTrafficGenerator>(apps.Get(i));
        if (app == nullptr)
        {
            continue;
        }
        t.generated += app->GetGenerated();
        t.generatedMeasured += app->GetGeneratedMeasured();
        t.received += app->GetReceived();
        t.receivedInWindow += app->GetReceivedInWindow();
        t.receivedMeasured += app->GetReceivedMeasured();
        t.latencySum += app->GetLatencySum();
        t.maxLatency = std::max(t.maxLatency, app->GetMaxLatency().GetSeconds());
        t.hopSum += app->GetHopSum();
        t.reordered += app->GetReordered();
        t.notInjected += app->GetNotInjected();
        t.notInjectedMeasured += app->GetNotInjectedMeasured();
    }
    return t;
}

} // namespace ns3
