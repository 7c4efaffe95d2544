/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-request-response-helper.h"

#include "ns3/abort.h"
#include "ns3/san-request-response.h"

#include <algorithm>
#include <vector>

namespace ns3
{

SanRequestResponseHelper::SanRequestResponseHelper(const std::string& messengerType)
    : SanPairWorkloadHelper("SanRequestResponseHelper",
                            messengerType,
                            SanRequestServer::GetTypeId(),
                            SanRequestClient::GetTypeId())
{
}

namespace
{

/// \param sorted latencies, ascending \param p a fraction \return the nearest-rank percentile
Time
Percentile(const std::vector<Time>& sorted, double p)
{
    const auto n = static_cast<double>(sorted.size());
    auto rank = static_cast<size_t>(std::max(1.0, std::ceil(p * n)));
    return sorted[std::min(rank, sorted.size()) - 1];
}

} // namespace

SanRequestResponseHelper::Summary
SanRequestResponseHelper::Summarize(const ApplicationContainer& apps)
{
    NS_ABORT_MSG_IF(apps.GetN() < 2,
                    "SanRequestResponseHelper::Summarize: a server and its clients (Install)");
    Ptr<SanRequestServer> server = DynamicCast<SanRequestServer>(apps.Get(0));
    NS_ABORT_MSG_IF(server == nullptr,
                    "SanRequestResponseHelper::Summarize: the first application is no server");
    Summary s;
    std::vector<Time> latencies;
    for (uint32_t i = 1; i < apps.GetN(); ++i)
    {
        Ptr<SanRequestClient> c = DynamicCast<SanRequestClient>(apps.Get(i));
        NS_ABORT_MSG_IF(c == nullptr,
                        "SanRequestResponseHelper::Summarize: application " << i
                                                                            << " is no client");
        NS_ABORT_MSG_IF(!c->IsDone(),
                        "SanRequestResponseHelper::Summarize: client "
                            << i << " (node " << c->GetNode()->GetId()
                            << ") has not finished: run longer or stop later");
        ++s.clients;
        s.answered += c->GetLatencies().size();
        latencies.insert(latencies.end(), c->GetLatencies().begin(), c->GetLatencies().end());
        s.windowFrom = std::max(s.windowFrom, c->GetMeasuredFrom());
        s.windowUntil =
            s.clients == 1 ? c->GetMeasuredUntil() : std::min(s.windowUntil, c->GetMeasuredUntil());
    }
    std::sort(latencies.begin(), latencies.end());
    Time sum(0);
    for (const Time& t : latencies)
    {
        sum += t;
    }
    s.meanLatency = sum / static_cast<int64_t>(latencies.size());
    s.p50Latency = Percentile(latencies, 0.50);
    s.p90Latency = Percentile(latencies, 0.90);
    s.p99Latency = Percentile(latencies, 0.99);
    s.maxLatency = latencies.back();

    SummarizeServer(*server, s);
    return s;
}

void
SanRequestResponseHelper::SummarizeServer(const SanRequestServer& server, Summary& s)
{
    // The server's records inside the window: its rate and its host's costs between the first
    // and the last of them.
    const std::vector<SanRequestServer::Served>& served = server.GetServed();
    auto first =
        std::lower_bound(served.begin(),
                         served.end(),
                         s.windowFrom,
                         [](const SanRequestServer::Served& r, const Time& t) { return r.at < t; });
    auto end =
        std::upper_bound(served.begin(),
                         served.end(),
                         s.windowUntil,
                         [](const Time& t, const SanRequestServer::Served& r) { return t < r.at; });
    if (end - first >= 2)
    {
        const SanRequestServer::Served& a = *first;
        const SanRequestServer::Served& b = *(end - 1);
        const auto n = static_cast<int64_t>(end - first - 1);
        s.windowRequests = static_cast<uint64_t>(n);
        s.windowSpan = b.at - a.at;
        const double seconds = s.windowSpan.GetSeconds();
        if (seconds > 0)
        {
            s.requestsPerSecond = static_cast<double>(n) / seconds;
            s.interruptsPerSecond = static_cast<double>(b.interrupts - a.interrupts) / seconds;
        }
        s.cpuPerRequest = (b.cpuBusy - a.cpuBusy) / n;
    }
}

} // namespace ns3
