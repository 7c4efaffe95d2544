/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/object-factory.h"
#include "ns3/san-crossbar-topology.h"
#include "ns3/san-fat-tree-topology.h"
#include "ns3/san-graph-topology.h"
#include "ns3/san-mesh-topology.h"
#include "ns3/san-ring-topology.h"
#include "ns3/san-topology-graph.h"
#include "ns3/san-topology.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#define SAN_TOPOLOGY_TEST_CAN_FORK 1
#endif

/**
 * \file
 * \ingroup san-tests
 * Unit tests of the san fabric topologies: structure, diameters, routing
 * arithmetic, graph file parsing and up*\/down* tables.
 */

/**
 * \defgroup san-tests Tests for the san module
 * \ingroup san
 * \ingroup tests
 */

using namespace ns3;

namespace
{

constexpr uint32_t UNREACHED = std::numeric_limits<uint32_t>::max();

/**
 * Switch-to-switch distances to one switch, by a breadth-first search over
 * GetPeer() (independent of the topology's own Boost.Graph code).
 * \param topo the topology
 * \param dst the destination switch
 * \return hops from every switch to dst (UNREACHED if none)
 */
std::vector<uint32_t>
DistancesTo(const SanTopology& topo, uint32_t dst)
{
    std::vector<uint32_t> dist(topo.GetNSwitches(), UNREACHED);
    std::vector<uint32_t> queue{dst};
    dist[dst] = 0;
    for (size_t head = 0; head < queue.size(); ++head)
    {
        const uint32_t s = queue[head];
        for (uint32_t p = 0; p < topo.GetNPorts(s); ++p)
        {
            const SanPortPeer peer = topo.GetPeer(s, p);
            if (peer.kind == SanPortPeer::SWITCH && dist[peer.index] == UNREACHED)
            {
                dist[peer.index] = dist[s] + 1;
                queue.push_back(peer.index);
            }
        }
    }
    return dist;
}

/**
 * \return the switches that have at least one host
 * \param topo the topology
 */
std::vector<uint32_t>
SwitchesWithHosts(const SanTopology& topo)
{
    std::set<uint32_t> set;
    for (uint32_t h = 0; h < topo.GetNHosts(); ++h)
    {
        set.insert(topo.GetHostSwitch(h));
    }
    return std::vector<uint32_t>(set.begin(), set.end());
}

/**
 * \return the largest distance between two switches that have hosts
 * \param topo the topology
 */
uint32_t
ReferenceDiameter(const SanTopology& topo)
{
    const std::vector<uint32_t> ends = SwitchesWithHosts(topo);
    uint32_t diameter = 0;
    for (uint32_t d : ends)
    {
        const std::vector<uint32_t> dist = DistancesTo(topo, d);
        for (uint32_t s : ends)
        {
            diameter = std::max(diameter, dist[s]);
        }
    }
    return diameter;
}

/**
 * \return all switches 0..S-1
 * \param topo the topology
 */
std::vector<uint32_t>
AllSwitches(const SanTopology& topo)
{
    std::vector<uint32_t> all(topo.GetNSwitches());
    for (uint32_t s = 0; s < all.size(); ++s)
    {
        all[s] = s;
    }
    return all;
}

} // namespace

/**
 * \ingroup san-tests
 * Common checks shared by the topology test cases. Checks that loop over many
 * cases count failures and report the first one, so one bug gives one line.
 */
class SanTopologyTestBase : public TestCase
{
  public:
    /**
     * Constructor.
     * \param name the test case name
     */
    explicit SanTopologyTestBase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * Check counts, peer symmetry, host placement, GetLinks, the Boost.Graph
     * form, CountConnectedPorts and ComputeDiameter.
     * \param topo the topology
     * \param what a label for messages
     * \param nSwitches expected switches
     * \param nHosts expected hosts
     * \param switchLinks expected switch-to-switch links
     * \param diameter expected diameter
     */
    void CheckStructure(const SanTopology& topo,
                        const std::string& what,
                        uint32_t nSwitches,
                        uint32_t nHosts,
                        uint32_t switchLinks,
                        uint32_t diameter)
    {
        NS_TEST_ASSERT_MSG_EQ(topo.GetNSwitches(), nSwitches, what << ": switches");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNHosts(), nHosts, what << ": hosts");

        uint32_t errors = 0;
        std::string first;
        auto fail = [&errors, &first](const std::string& msg) {
            if (errors++ == 0)
            {
                first = msg;
            }
        };
        std::vector<uint32_t> hostSeen(nHosts, 0);
        uint32_t halfLinks = 0;
        uint32_t hostPorts = 0;
        for (uint32_t s = 0; s < nSwitches; ++s)
        {
            for (uint32_t p = 0; p < topo.GetNPorts(s); ++p)
            {
                std::ostringstream at;
                at << what << ": switch " << s << " port " << p << ": ";
                const SanPortPeer peer = topo.GetPeer(s, p);
                if (peer.kind == SanPortPeer::SWITCH)
                {
                    ++halfLinks;
                    if (peer.index >= nSwitches || peer.port >= topo.GetNPorts(peer.index))
                    {
                        fail(at.str() + "peer out of range");
                        continue;
                    }
                    if (peer.index == s)
                    {
                        fail(at.str() + "self-link");
                    }
                    const SanPortPeer back = topo.GetPeer(peer.index, peer.port);
                    if (back.kind != SanPortPeer::SWITCH || back.index != s || back.port != p)
                    {
                        fail(at.str() + "peer does not point back");
                    }
                }
                else if (peer.kind == SanPortPeer::HOST)
                {
                    ++hostPorts;
                    if (peer.index >= nHosts)
                    {
                        fail(at.str() + "host out of range");
                        continue;
                    }
                    ++hostSeen[peer.index];
                    if (topo.GetHostSwitch(peer.index) != s || topo.GetHostPort(peer.index) != p)
                    {
                        fail(at.str() + "GetHostSwitch/GetHostPort disagree with GetPeer");
                    }
                }
            }
        }
        for (uint32_t h = 0; h < nHosts; ++h)
        {
            if (hostSeen[h] != 1)
            {
                fail(what + ": host " + std::to_string(h) + " not on exactly one port");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(errors, 0, first);
        NS_TEST_EXPECT_MSG_EQ(halfLinks, 2 * switchLinks, what << ": switch links");
        NS_TEST_EXPECT_MSG_EQ(hostPorts, nHosts, what << ": host ports");
        NS_TEST_EXPECT_MSG_EQ(topo.CountConnectedPorts(),
                              2 * static_cast<uint64_t>(switchLinks) + nHosts,
                              what << ": connected ports");

        // GetLinks: every link once, sorted, ends agreeing with GetPeer.
        const std::vector<SanTopologyLink> links = topo.GetLinks();
        NS_TEST_EXPECT_MSG_EQ(links.size(),
                              static_cast<size_t>(switchLinks) + nHosts,
                              what << ": GetLinks size");
        uint32_t linkErrors = 0;
        uint32_t toSwitch = 0;
        for (size_t i = 0; i < links.size(); ++i)
        {
            const SanTopologyLink& l = links[i];
            const SanPortPeer peer = topo.GetPeer(l.switchA, l.portA);
            if (l.toHost)
            {
                linkErrors += peer.kind != SanPortPeer::HOST || peer.index != l.b;
            }
            else
            {
                ++toSwitch;
                linkErrors += peer.kind != SanPortPeer::SWITCH || peer.index != l.b ||
                              peer.port != l.portB || l.switchA >= l.b;
            }
            if (i > 0)
            {
                const SanTopologyLink& prev = links[i - 1];
                linkErrors += prev.switchA > l.switchA ||
                              (prev.switchA == l.switchA && prev.portA >= l.portA);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(linkErrors, 0, what << ": GetLinks entries");
        NS_TEST_EXPECT_MSG_EQ(toSwitch, switchLinks, what << ": GetLinks switch links");

        // The Boost.Graph form.
        const SanTopologyGraph g = BuildSanTopologyGraph(topo);
        NS_TEST_EXPECT_MSG_EQ(boost::num_vertices(g),
                              static_cast<size_t>(nSwitches) + nHosts,
                              what << ": graph vertices");
        NS_TEST_EXPECT_MSG_EQ(boost::num_edges(g),
                              static_cast<size_t>(switchLinks) + nHosts,
                              what << ": graph edges");
        NS_TEST_EXPECT_MSG_EQ(g[boost::graph_bundle].nSwitches, nSwitches, what);
        NS_TEST_EXPECT_MSG_EQ(g[boost::graph_bundle].nHosts, nHosts, what);
        if (nHosts > 0)
        {
            const uint32_t v = nSwitches + nHosts - 1;
            NS_TEST_EXPECT_MSG_EQ(g[v].isHost, true, what << ": last vertex is a host");
            NS_TEST_EXPECT_MSG_EQ(g[v].index, nHosts - 1, what << ": last host index");
            NS_TEST_EXPECT_MSG_EQ(boost::out_degree(v, g), 1, what << ": host degree");
        }

        NS_TEST_EXPECT_MSG_EQ(topo.ComputeDiameter(), diameter, what << ": diameter");
        NS_TEST_EXPECT_MSG_EQ(ReferenceDiameter(topo), diameter, what << ": reference diameter");
    }

    /**
     * Check routing from every source to every destination: the deterministic
     * route reaches the destination in exactly the minimal number of hops
     * (if minimalDeterministic) and every deterministic port is a minimal
     * port; GetMinimalPorts returns exactly the ports that reduce the distance
     * by one (at most MAX_CANDIDATES).
     * \param topo the topology
     * \param what a label for messages
     * \param sources source switches
     * \param destinations destination switches
     * \param minimalDeterministic whether deterministic routes must be shortest
     */
    void CheckRouting(const SanTopology& topo,
                      const std::string& what,
                      const std::vector<uint32_t>& sources,
                      const std::vector<uint32_t>& destinations,
                      bool minimalDeterministic = true)
    {
        uint32_t errors = 0;
        std::string first;
        auto fail = [&errors, &first](const std::string& msg) {
            if (errors++ == 0)
            {
                first = msg;
            }
        };
        uint64_t routes = 0;
        const uint32_t nSwitches = topo.GetNSwitches();
        std::vector<std::vector<uint32_t>> hostsOf(nSwitches);
        for (uint32_t h = 0; h < topo.GetNHosts(); ++h)
        {
            hostsOf[topo.GetHostSwitch(h)].push_back(h);
        }
        for (uint32_t dst : destinations)
        {
            const std::vector<uint32_t> dist = DistancesTo(topo, dst);
            for (uint32_t src : sources)
            {
                if (src == dst)
                {
                    continue;
                }
                ++routes;
                std::ostringstream pair;
                pair << what << ": " << src << " -> " << dst << ": ";

                // Minimal ports of src.
                uint32_t ports[SanTopology::MAX_CANDIDATES];
                const uint32_t n = topo.GetMinimalPorts(src, dst, ports);
                uint32_t expected = 0;
                for (uint32_t p = 0; p < topo.GetNPorts(src); ++p)
                {
                    const SanPortPeer peer = topo.GetPeer(src, p);
                    expected +=
                        peer.kind == SanPortPeer::SWITCH && dist[peer.index] + 1 == dist[src];
                }
                if (n != std::min(expected, SanTopology::MAX_CANDIDATES) || n == 0)
                {
                    fail(pair.str() + "minimal port count " + std::to_string(n) + ", expected " +
                         std::to_string(expected));
                }
                std::set<uint32_t> distinct;
                for (uint32_t i = 0; i < n && i < SanTopology::MAX_CANDIDATES; ++i)
                {
                    distinct.insert(ports[i]);
                    const SanPortPeer peer = topo.GetPeer(src, ports[i]);
                    if (peer.kind != SanPortPeer::SWITCH || dist[peer.index] + 1 != dist[src])
                    {
                        fail(pair.str() + "minimal port " + std::to_string(ports[i]) +
                             " does not get closer");
                    }
                }
                if (distinct.size() != n)
                {
                    fail(pair.str() + "duplicate minimal ports");
                }

                // Deterministic route.
                uint32_t cur = src;
                uint32_t hops = 0;
                while (cur != dst && hops <= nSwitches)
                {
                    const uint32_t p = topo.GetDeterministicPort(cur, dst);
                    const SanPortPeer peer =
                        p < topo.GetNPorts(cur) ? topo.GetPeer(cur, p) : SanPortPeer();
                    if (peer.kind != SanPortPeer::SWITCH)
                    {
                        fail(pair.str() + "deterministic port " + std::to_string(p) + " at " +
                             std::to_string(cur) + " does not lead to a switch");
                        break;
                    }
                    if (minimalDeterministic)
                    {
                        uint32_t m[SanTopology::MAX_CANDIDATES];
                        const uint32_t nm = topo.GetMinimalPorts(cur, dst, m);
                        if (std::find(m, m + nm, p) == m + nm)
                        {
                            fail(pair.str() + "deterministic port not among the minimal ones");
                        }
                    }
                    cur = peer.index;
                    ++hops;
                }
                if (cur != dst)
                {
                    fail(pair.str() + "deterministic route does not arrive");
                }
                else if (minimalDeterministic && hops != dist[src])
                {
                    fail(pair.str() + "deterministic route takes " + std::to_string(hops) +
                         " hops, shortest is " + std::to_string(dist[src]));
                }

                // Deterministic routes toward each host of dst.
                for (uint32_t host : hostsOf[dst])
                {
                    cur = src;
                    hops = 0;
                    while (cur != dst && hops <= nSwitches)
                    {
                        const uint32_t p = topo.GetDeterministicPortFor(cur, dst, host);
                        const SanPortPeer peer =
                            p < topo.GetNPorts(cur) ? topo.GetPeer(cur, p) : SanPortPeer();
                        if (peer.kind != SanPortPeer::SWITCH ||
                            (minimalDeterministic && dist[peer.index] + 1 != dist[cur]))
                        {
                            fail(pair.str() + "GetDeterministicPortFor(host " +
                                 std::to_string(host) + ") leaves the shortest paths at " +
                                 std::to_string(cur));
                            break;
                        }
                        cur = peer.index;
                        ++hops;
                    }
                    if (cur != dst)
                    {
                        fail(pair.str() + "route toward host " + std::to_string(host) +
                             " does not arrive");
                    }
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(errors, 0, first);
        if (nSwitches > 1)
        {
            NS_TEST_EXPECT_MSG_GT(routes, 0, what << ": no route checked");
        }
    }

    /**
     * Count the wrap ports of a topology.
     * \param topo the topology
     * \return the number of (switch, port) pairs for which IsWrapPort is true
     */
    static uint32_t CountWrapPorts(const SanTopology& topo)
    {
        uint32_t n = 0;
        for (uint32_t s = 0; s < topo.GetNSwitches(); ++s)
        {
            for (uint32_t p = 0; p < topo.GetNPorts(s); ++p)
            {
                n += topo.IsWrapPort(s, p);
            }
        }
        return n;
    }
};

/**
 * \ingroup san-tests
 * The crossbar: one switch, host h on port h.
 */
class SanCrossbarTopologyTestCase : public SanTopologyTestBase
{
  public:
    SanCrossbarTopologyTestCase()
        : SanTopologyTestBase("Crossbar: one switch, host h on port h, diameter 0")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SanCrossbarTopology> xbar = CreateObject<SanCrossbarTopology>();
        NS_TEST_EXPECT_MSG_EQ(xbar->GetName(), "crossbar", "name");
        CheckStructure(*xbar, "crossbar", 1, 8, 0, 0);
        NS_TEST_EXPECT_MSG_EQ(xbar->GetNPorts(0), 8, "Myrinet 8x8 switch");
        NS_TEST_EXPECT_MSG_EQ(xbar->GetHostPort(5), 5, "host 5 on port 5");
        NS_TEST_EXPECT_MSG_EQ(xbar->GetHostSwitch(5), 0, "host 5 on switch 0");
        NS_TEST_EXPECT_MSG_EQ(xbar->IsMinimalRoutingDeadlockFree(), true, "deadlock free");
        NS_TEST_EXPECT_MSG_EQ(xbar->GetNDatelineClasses(), 1, "no dateline");
        NS_TEST_EXPECT_MSG_EQ(xbar->GetPortDimension(0, 0), SanTopology::NO_PORT, "dimension");
        NS_TEST_EXPECT_MSG_EQ(xbar->IsWrapPort(0, 0), false, "no wrap");
        NS_TEST_EXPECT_MSG_EQ(xbar->GetPeer(0, 8).kind, SanPortPeer::NONE, "beyond last port");
        NS_TEST_EXPECT_MSG_EQ(xbar->GetDeterministicPort(0, 0), SanTopology::NO_PORT, "no route");
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        NS_TEST_EXPECT_MSG_EQ(xbar->GetMinimalPorts(0, 0, ports), 0, "no candidates");

        xbar->SetAttribute("NHosts", UintegerValue(16));
        CheckStructure(*xbar, "crossbar 16", 1, 16, 0, 0);
    }
};

/**
 * \ingroup san-tests
 * The ring: port conventions, wrap ports, shortest-direction routing.
 */
class SanRingTopologyTestCase : public SanTopologyTestBase
{
  public:
    SanRingTopologyTestCase()
        : SanTopologyTestBase("Ring: ports, wrap ports, shortest-direction routing")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SanRingTopology> ring = CreateObject<SanRingTopology>();
        NS_TEST_EXPECT_MSG_EQ(ring->GetName(), "ring", "name");
        CheckStructure(*ring, "ring 8", 8, 8, 8, 4);
        CheckRouting(*ring, "ring 8", AllSwitches(*ring), AllSwitches(*ring));
        NS_TEST_EXPECT_MSG_EQ(ring->GetNDatelineClasses(), 2, "dateline classes");
        NS_TEST_EXPECT_MSG_EQ(ring->IsMinimalRoutingDeadlockFree(), false, "ring can deadlock");
        NS_TEST_EXPECT_MSG_EQ(CountWrapPorts(*ring), 2, "one wrap link, two wrap ports");
        NS_TEST_EXPECT_MSG_EQ(ring->IsWrapPort(7, 0), true, "port 0 of switch N-1 wraps");
        NS_TEST_EXPECT_MSG_EQ(ring->IsWrapPort(0, 1), true, "port 1 of switch 0 wraps");
        NS_TEST_EXPECT_MSG_EQ(ring->GetPeer(7, 0).index, 0, "7 + 1 = 0");
        NS_TEST_EXPECT_MSG_EQ(ring->GetPeer(7, 0).port, 1, "arrives on port 1");
        NS_TEST_EXPECT_MSG_EQ(ring->GetPeer(0, 1).index, 7, "0 - 1 = 7");
        NS_TEST_EXPECT_MSG_EQ(ring->GetPortDimension(3, 0), 0, "dimension of port 0");
        NS_TEST_EXPECT_MSG_EQ(ring->GetPortDimension(3, 1), 0, "dimension of port 1");
        NS_TEST_EXPECT_MSG_EQ(ring->GetPortDimension(3, 2), SanTopology::NO_PORT, "host port");
        NS_TEST_EXPECT_MSG_EQ(ring->GetDeterministicPort(0, 4), 0, "tie goes +");
        NS_TEST_EXPECT_MSG_EQ(ring->GetDeterministicPort(0, 5), 1, "shorter way is -");
        NS_TEST_EXPECT_MSG_EQ(ring->GetDeterministicPort(6, 1), 0, "6 -> 1 goes + (3 hops)");
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        NS_TEST_EXPECT_MSG_EQ(ring->GetMinimalPorts(2, 6, ports), 2, "tie: both directions");

        Ptr<SanRingTopology> odd = CreateObjectWithAttributes<SanRingTopology>("NSwitches",
                                                                               UintegerValue(7),
                                                                               "HostsPerSwitch",
                                                                               UintegerValue(3));
        CheckStructure(*odd, "ring 7x3", 7, 21, 7, 3);
        CheckRouting(*odd, "ring 7x3", AllSwitches(*odd), AllSwitches(*odd));
        NS_TEST_EXPECT_MSG_EQ(odd->GetHostSwitch(8), 2, "host 8 on switch 8 / 3");
        NS_TEST_EXPECT_MSG_EQ(odd->GetHostPort(8), 4, "host 8 on port 2 + 8 % 3");
        NS_TEST_EXPECT_MSG_EQ(odd->GetNPorts(0), 5, "2 ring ports + 3 hosts");

        Ptr<SanRingTopology> three =
            CreateObjectWithAttributes<SanRingTopology>("NSwitches", UintegerValue(3));
        CheckStructure(*three, "ring 3", 3, 3, 3, 1);
        CheckRouting(*three, "ring 3", AllSwitches(*three), AllSwitches(*three));
    }
};

/**
 * \ingroup san-tests
 * The mesh: port conventions, edges, dimension-order routing.
 */
class SanMeshTopologyTestCase : public SanTopologyTestBase
{
  public:
    SanMeshTopologyTestCase()
        : SanTopologyTestBase("Mesh: ports, edges, dimension-order routing")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SanMeshTopology> mesh = CreateObject<SanMeshTopology>();
        NS_TEST_EXPECT_MSG_EQ(mesh->GetName(), "mesh", "name");
        CheckStructure(*mesh, "mesh 8x8", 64, 64, 112, 14);
        CheckRouting(*mesh, "mesh 8x8", AllSwitches(*mesh), AllSwitches(*mesh));
        NS_TEST_EXPECT_MSG_EQ(mesh->GetNDatelineClasses(), 1, "no dateline in a mesh");
        NS_TEST_EXPECT_MSG_EQ(CountWrapPorts(*mesh), 0, "no wrap ports in a mesh");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(7, 0).kind, SanPortPeer::NONE, "east edge");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(8, 1).kind, SanPortPeer::NONE, "west edge");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(3, 3).kind, SanPortPeer::NONE, "south edge");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(60, 2).kind, SanPortPeer::NONE, "north edge");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(9, 0).index, 10, "(1,1) +x is (2,1)");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(9, 0).port, 1, "arrives on -x port");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(9, 2).index, 17, "(1,1) +y is (1,2)");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPeer(9, 2).port, 3, "arrives on -y port");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPortDimension(9, 1), 0, "port 1 is x");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPortDimension(9, 3), 1, "port 3 is y");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetPortDimension(9, 4), SanTopology::NO_PORT, "host port");
        // (1,1) -> (3,0): x first.
        NS_TEST_EXPECT_MSG_EQ(mesh->GetDeterministicPort(9, 3), 0, "x first");
        NS_TEST_EXPECT_MSG_EQ(mesh->GetDeterministicPort(11, 3), 3, "then y");
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        NS_TEST_EXPECT_MSG_EQ(mesh->GetMinimalPorts(9, 3, ports), 2, "two productive ports");

        Ptr<SanMeshTopology> line = CreateObjectWithAttributes<SanMeshTopology>("X",
                                                                                UintegerValue(1),
                                                                                "Y",
                                                                                UintegerValue(6),
                                                                                "HostsPerSwitch",
                                                                                UintegerValue(2));
        CheckStructure(*line, "mesh 1x6", 6, 12, 5, 5);
        CheckRouting(*line, "mesh 1x6", AllSwitches(*line), AllSwitches(*line));
        NS_TEST_EXPECT_MSG_EQ(line->GetHostSwitch(7), 3, "host 7 on switch 7 / 2");
        NS_TEST_EXPECT_MSG_EQ(line->GetHostPort(7), 5, "host 7 on port 4 + 7 % 2");

        Ptr<SanMeshTopology> row = CreateObjectWithAttributes<SanMeshTopology>("X",
                                                                               UintegerValue(6),
                                                                               "Y",
                                                                               UintegerValue(1));
        CheckStructure(*row, "mesh 6x1", 6, 6, 5, 5);
        CheckRouting(*row, "mesh 6x1", AllSwitches(*row), AllSwitches(*row));

        Ptr<SanMeshTopology> single = CreateObjectWithAttributes<SanMeshTopology>("X",
                                                                                  UintegerValue(1),
                                                                                  "Y",
                                                                                  UintegerValue(1));
        CheckStructure(*single, "mesh 1x1", 1, 1, 0, 0);

        Ptr<SanMeshTopology> rect = CreateObjectWithAttributes<SanMeshTopology>("X",
                                                                                UintegerValue(5),
                                                                                "Y",
                                                                                UintegerValue(3),
                                                                                "HostsPerSwitch",
                                                                                UintegerValue(2));
        CheckStructure(*rect, "mesh 5x3", 15, 30, 22, 6);
        CheckRouting(*rect, "mesh 5x3", AllSwitches(*rect), AllSwitches(*rect));
    }
};

/**
 * \ingroup san-tests
 * The torus: wrap links, wrap ports, shorter-way-round dimension order.
 */
class SanTorusTopologyTestCase : public SanTopologyTestBase
{
  public:
    SanTorusTopologyTestCase()
        : SanTopologyTestBase("Torus: wrap links and ports, shorter-way-round dimension order")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SanMeshTopology> torus =
            CreateObjectWithAttributes<SanMeshTopology>("Wrap", BooleanValue(true));
        NS_TEST_EXPECT_MSG_EQ(torus->GetName(), "torus", "name");
        CheckStructure(*torus, "torus 8x8", 64, 64, 128, 8);
        CheckRouting(*torus, "torus 8x8", AllSwitches(*torus), AllSwitches(*torus));
        NS_TEST_EXPECT_MSG_EQ(torus->GetNDatelineClasses(), 2, "dateline classes");
        NS_TEST_EXPECT_MSG_EQ(CountWrapPorts(*torus), 32, "2 wrap ports per ring, 16 rings");
        NS_TEST_EXPECT_MSG_EQ(torus->GetPeer(7, 0).index, 0, "(7,0) +x wraps to (0,0)");
        NS_TEST_EXPECT_MSG_EQ(torus->GetPeer(7, 0).port, 1, "on its -x port");
        NS_TEST_EXPECT_MSG_EQ(torus->IsWrapPort(7, 0), true, "(7,0) +x is a wrap port");
        NS_TEST_EXPECT_MSG_EQ(torus->IsWrapPort(0, 1), true, "(0,0) -x is a wrap port");
        NS_TEST_EXPECT_MSG_EQ(torus->IsWrapPort(61, 2), true, "(5,7) +y is a wrap port");
        NS_TEST_EXPECT_MSG_EQ(torus->IsWrapPort(5, 3), true, "(5,0) -y is a wrap port");
        NS_TEST_EXPECT_MSG_EQ(torus->IsWrapPort(6, 0), false, "(6,0) +x is not");
        NS_TEST_EXPECT_MSG_EQ(torus->IsWrapPort(7, 1), false, "(7,0) -x is not");
        NS_TEST_EXPECT_MSG_EQ(torus->GetPeer(61, 2).index, 5, "(5,7) +y wraps to (5,0)");
        NS_TEST_EXPECT_MSG_EQ(torus->GetDeterministicPort(0, 4), 0, "x tie goes +");
        NS_TEST_EXPECT_MSG_EQ(torus->GetDeterministicPort(0, 6), 1, "x: shorter way is -");
        NS_TEST_EXPECT_MSG_EQ(torus->GetDeterministicPort(0, 32), 2, "y tie goes +");
        NS_TEST_EXPECT_MSG_EQ(torus->GetDeterministicPort(0, 40), 3, "y: 3 hops - beat 5 +");
        NS_TEST_EXPECT_MSG_EQ(torus->GetDeterministicPort(0, 56), 3, "y: shorter way is -");
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        NS_TEST_EXPECT_MSG_EQ(torus->GetMinimalPorts(0, 36, ports), 4, "ties in x and y");

        Ptr<SanMeshTopology> odd = CreateObjectWithAttributes<SanMeshTopology>("X",
                                                                               UintegerValue(3),
                                                                               "Y",
                                                                               UintegerValue(5),
                                                                               "HostsPerSwitch",
                                                                               UintegerValue(2),
                                                                               "Wrap",
                                                                               BooleanValue(true));
        CheckStructure(*odd, "torus 3x5", 15, 30, 30, 3);
        CheckRouting(*odd, "torus 3x5", AllSwitches(*odd), AllSwitches(*odd));
        NS_TEST_EXPECT_MSG_EQ(CountWrapPorts(*odd), 16, "2 x (5 x-rings + 3 y-rings)");

        // Built by TypeId name, as a helper would.
        ObjectFactory factory("ns3::SanMeshTopology");
        factory.Set("X", UintegerValue(4));
        factory.Set("Y", UintegerValue(6));
        factory.Set("Wrap", BooleanValue(true));
        Ptr<SanTopology> made = factory.Create<SanTopology>();
        CheckStructure(*made, "torus 4x6", 24, 24, 48, 5);
        CheckRouting(*made, "torus 4x6", AllSwitches(*made), AllSwitches(*made));
    }
};

/**
 * \ingroup san-tests
 * The k-ary n-tree: counts, connection rule, sub-trees, up/down routing.
 */
class SanFatTreeTopologyTestCase : public SanTopologyTestBase
{
  public:
    SanFatTreeTopologyTestCase()
        : SanTopologyTestBase("Fat tree: counts, sub-trees, routing through the common ancestors")
    {
    }

  private:
    /**
     * Check one k-ary n-tree.
     * \param k arity
     * \param n levels
     * \param full also check routes from every switch (not only leaves)
     */
    void CheckTree(uint32_t k, uint32_t n, bool full)
    {
        std::ostringstream name;
        name << k << "-ary " << n << "-tree";
        const std::string what = name.str();
        Ptr<SanFatTreeTopology> tree =
            CreateObjectWithAttributes<SanFatTreeTopology>("K",
                                                           UintegerValue(k),
                                                           "N",
                                                           UintegerValue(n));
        uint32_t perLevel = 1;
        for (uint32_t i = 0; i + 1 < n; ++i)
        {
            perLevel *= k;
        }
        const uint32_t nHosts = perLevel * k;
        NS_TEST_EXPECT_MSG_EQ(tree->GetName(), "fat-tree", "name");
        NS_TEST_EXPECT_MSG_EQ(tree->GetSwitchesPerLevel(), perLevel, what);
        CheckStructure(*tree, what, n * perLevel, nHosts, (n - 1) * nHosts, 2 * (n - 1));
        NS_TEST_EXPECT_MSG_EQ(tree->IsMinimalRoutingDeadlockFree(), true, what);

        uint32_t errors = 0;
        std::string first;
        auto fail = [&errors, &first](const std::string& msg) {
            if (errors++ == 0)
            {
                first = msg;
            }
        };

        // Radix, and the sub-tree of every switch.
        uint32_t powL = 1; // k^level
        for (uint32_t level = 0; level < n; ++level, powL *= k)
        {
            for (uint32_t w = 0; w < perLevel; ++w)
            {
                const uint32_t sw = level * perLevel + w;
                std::ostringstream at;
                at << what << ": switch <" << w << ", " << level << ">: ";
                if (tree->GetLevel(sw) != level)
                {
                    fail(at.str() + "wrong level");
                }
                const uint32_t radix = level + 1 == n ? k : 2 * k;
                if (tree->GetNPorts(sw) != radix)
                {
                    fail(at.str() + "wrong number of ports");
                }
                std::vector<uint32_t> hosts;
                std::vector<uint32_t> stack{sw};
                while (!stack.empty())
                {
                    const uint32_t s = stack.back();
                    stack.pop_back();
                    for (uint32_t p = 0; p < k; ++p)
                    {
                        const SanPortPeer peer = tree->GetPeer(s, p);
                        if (peer.kind == SanPortPeer::HOST)
                        {
                            hosts.push_back(peer.index);
                        }
                        else if (peer.kind == SanPortPeer::SWITCH &&
                                 tree->GetLevel(peer.index) + 1 == tree->GetLevel(s))
                        {
                            stack.push_back(peer.index);
                        }
                        else
                        {
                            fail(at.str() + "a down port does not go down");
                        }
                    }
                }
                std::sort(hosts.begin(), hosts.end());
                // Expected: the hosts whose top n-1-level digits (h / k^(level+1)) equal
                // digits level..n-2 of w (w / k^level).
                std::vector<uint32_t> expected;
                for (uint32_t h = 0; h < nHosts; ++h)
                {
                    if (h / (powL * k) == w / powL)
                    {
                        expected.push_back(h);
                    }
                }
                if (hosts != expected || hosts.size() != powL * k)
                {
                    fail(at.str() + "sub-tree holds the wrong hosts");
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(errors, 0, first);

        // Leaf to leaf: 2 * (level of the lowest common ancestors) hops, descending only
        // through the switches <dst, l> (destination-mod-k routing).
        errors = 0;
        for (uint32_t dst = 0; dst < perLevel; ++dst)
        {
            for (uint32_t src = 0; src < perLevel; ++src)
            {
                if (src == dst)
                {
                    continue;
                }
                uint32_t lca = 0;
                for (uint32_t pw = 1; src / pw != dst / pw; pw *= k)
                {
                    ++lca;
                }
                uint32_t cur = src;
                uint32_t hops = 0;
                while (cur != dst && hops <= 2 * n)
                {
                    const uint32_t p = tree->GetDeterministicPort(cur, dst);
                    const uint32_t level = tree->GetLevel(cur);
                    if (p < k && cur != level * perLevel + dst)
                    {
                        fail(what + ": a route to leaf " + std::to_string(dst) +
                             " goes down through switch " + std::to_string(cur));
                    }
                    const SanPortPeer peer = tree->GetPeer(cur, p);
                    if (peer.kind != SanPortPeer::SWITCH)
                    {
                        fail(what + ": deterministic port leads nowhere");
                        break;
                    }
                    cur = peer.index;
                    ++hops;
                }
                if (cur != dst || hops != 2 * lca)
                {
                    fail(what + ": leaf " + std::to_string(src) + " -> leaf " +
                         std::to_string(dst) + " takes " + std::to_string(hops) +
                         " hops, expected 2 x " + std::to_string(lca));
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(errors, 0, first);

        // Toward a host: up ports chosen by the host's digits, so the k hosts of a leaf
        // arrive over k different links (leaf up port k + h % k), in 2 x LCA hops.
        errors = 0;
        for (uint32_t h = 0; h < nHosts; ++h)
        {
            const uint32_t dst = tree->GetHostSwitch(h);
            for (uint32_t src = 0; src < perLevel; ++src)
            {
                if (src == dst)
                {
                    continue;
                }
                uint32_t lca = 0;
                for (uint32_t pw = 1; src / pw != dst / pw; pw *= k)
                {
                    ++lca;
                }
                uint32_t cur = src;
                uint32_t hops = 0;
                uint32_t arrival = SanTopology::NO_PORT;
                while (cur != dst && hops <= 2 * n)
                {
                    const SanPortPeer peer =
                        tree->GetPeer(cur, tree->GetDeterministicPortFor(cur, dst, h));
                    if (peer.kind != SanPortPeer::SWITCH)
                    {
                        break;
                    }
                    cur = peer.index;
                    arrival = peer.port;
                    ++hops;
                }
                if (cur != dst || hops != 2 * lca || arrival != k + h % k)
                {
                    fail(what + ": leaf " + std::to_string(src) + " -> host " + std::to_string(h) +
                         ": " + std::to_string(hops) + " hops, arrival port " +
                         std::to_string(arrival));
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(errors, 0, first);

        std::vector<uint32_t> leaves(perLevel);
        for (uint32_t w = 0; w < perLevel; ++w)
        {
            leaves[w] = w;
        }
        CheckRouting(*tree, what, full ? AllSwitches(*tree) : leaves, leaves);
    }

    void DoRun() override
    {
        Ptr<SanFatTreeTopology> tree = CreateObject<SanFatTreeTopology>();
        // The default 4-ary 3-tree.
        CheckStructure(*tree, "default fat tree", 48, 64, 128, 4);
        NS_TEST_EXPECT_MSG_EQ(tree->GetK(), 4, "default K");
        NS_TEST_EXPECT_MSG_EQ(tree->GetN(), 3, "default N");
        // Connection rule, spelled out: leaf <w=6 (digits 1,2), 0> up port 4+3 goes to
        // <w'=7 (digit 0 := 3), 1> at down port 2 (digit 0 of w).
        NS_TEST_EXPECT_MSG_EQ(tree->GetPeer(6, 7).index, 16 + 7, "up port 4+3 of leaf 6");
        NS_TEST_EXPECT_MSG_EQ(tree->GetPeer(6, 7).port, 2, "arrives at down port 2");
        // <w=6, 1> up port 4+0 goes to <w'=2 (digit 1 := 0), 2> at down port 1.
        NS_TEST_EXPECT_MSG_EQ(tree->GetPeer(16 + 6, 4).index, 32 + 2, "up port of level 1");
        NS_TEST_EXPECT_MSG_EQ(tree->GetPeer(16 + 6, 4).port, 1, "arrives at down port 1");
        NS_TEST_EXPECT_MSG_EQ(tree->GetPeer(32, 4).kind, SanPortPeer::NONE, "roots: no up");
        NS_TEST_EXPECT_MSG_EQ(tree->GetHostSwitch(27), 6, "host 27 on leaf 27 / 4");
        NS_TEST_EXPECT_MSG_EQ(tree->GetHostPort(27), 3, "host 27 on port 27 % 4");
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        NS_TEST_EXPECT_MSG_EQ(tree->GetMinimalPorts(0, 15, ports), 4, "all up ports");
        NS_TEST_EXPECT_MSG_EQ(tree->GetDeterministicPort(0, 15), 4 + 3, "up by digit 0 of 15");

        CheckTree(4, 3, true);
        CheckTree(2, 5, true);
        CheckTree(4, 5, true);
        CheckTree(3, 3, true); // k not a power of two
        CheckTree(5, 2, true);
        CheckTree(4, 1, true); // a single switch

        Ptr<SanFatTreeTopology> big =
            CreateObjectWithAttributes<SanFatTreeTopology>("K",
                                                           UintegerValue(2),
                                                           "N",
                                                           UintegerValue(5));
        NS_TEST_EXPECT_MSG_EQ(big->GetNHosts(), 32, "2-ary 5-tree hosts");
        NS_TEST_EXPECT_MSG_EQ(big->GetNSwitches(), 80, "2-ary 5-tree switches");
        big->SetAttribute("K", UintegerValue(4));
        NS_TEST_EXPECT_MSG_EQ(big->GetNHosts(), 1024, "4-ary 5-tree hosts");
        NS_TEST_EXPECT_MSG_EQ(big->GetNSwitches(), 1280, "4-ary 5-tree switches");
        NS_TEST_EXPECT_MSG_EQ(big->GetLinks().size(), 4096 + 1024, "4-ary 5-tree links");
    }
};

/**
 * \ingroup san-tests
 * Graph files: parsing, port numbering and error messages with line numbers.
 */
class SanGraphTopologyParseTestCase : public SanTopologyTestBase
{
  public:
    SanGraphTopologyParseTestCase()
        : SanTopologyTestBase("Graph file: parsing, port numbering, errors with line numbers")
    {
    }

  private:
    /**
     * Check that Validate rejects a text with a message containing a string.
     * \param text the graph description
     * \param expected the text the message must contain
     */
    void ExpectError(const std::string& text, const std::string& expected)
    {
        const std::string msg = SanGraphTopology::Validate(text, "fabric.txt");
        NS_TEST_EXPECT_MSG_NE(msg, "", "accepted: " << text);
        NS_TEST_EXPECT_MSG_NE(msg.find(expected),
                              std::string::npos,
                              "message '" << msg << "' lacks '" << expected << "'");
    }

    void DoRun() override
    {
        const std::string square = "# four switches in a square\n"
                                   "switches 4\n"
                                   "link 0 1\n"
                                   "link 1 2\n"
                                   "link 2 3\n"
                                   "link 3 0\n"
                                   "hosts 0 2     # hosts 0 and 1\n"
                                   "\n"
                                   "hosts 2 1\n";
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::Validate(square), "", "valid square");
        Ptr<SanGraphTopology> g = CreateObject<SanGraphTopology>();
        g->LoadFromString(square);
        NS_TEST_EXPECT_MSG_EQ(g->GetName(), "graph", "name");
        CheckStructure(*g, "square", 4, 3, 4, 2);
        NS_TEST_EXPECT_MSG_EQ(g->GetNPorts(0), 4, "switch 0: 2 links, 2 hosts");
        NS_TEST_EXPECT_MSG_EQ(g->GetNPorts(1), 2, "switch 1: 2 links");
        NS_TEST_EXPECT_MSG_EQ(g->GetNPorts(2), 3, "switch 2: 2 links, 1 host");
        NS_TEST_EXPECT_MSG_EQ(g->GetPeer(0, 1).index, 3, "switch 0 port 1: 'link 3 0'");
        NS_TEST_EXPECT_MSG_EQ(g->GetPeer(0, 1).port, 1, "switch 3 port 1: its second line");
        NS_TEST_EXPECT_MSG_EQ(g->GetHostSwitch(1), 0, "host 1 on switch 0");
        NS_TEST_EXPECT_MSG_EQ(g->GetHostPort(1), 3, "host 1 on port 3");
        NS_TEST_EXPECT_MSG_EQ(g->GetHostSwitch(2), 2, "host 2 on switch 2");
        NS_TEST_EXPECT_MSG_EQ(g->GetHostPort(2), 2, "host 2 on port 2");
        NS_TEST_EXPECT_MSG_EQ(g->GetDistance(0, 2), 2, "opposite corners");
        NS_TEST_EXPECT_MSG_EQ(g->IsMinimalRoutingDeadlockFree(), false, "graphs can deadlock");
        CheckRouting(*g, "square", AllSwitches(*g), AllSwitches(*g));

        // Accepted variants.
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::Validate("switches 1\nhosts 0 3\n"),
                              "",
                              "a single switch needs no link");
        NS_TEST_EXPECT_MSG_EQ(
            SanGraphTopology::Validate("# c\r\n\r\n\tswitches 2 # two\r\nlink 0 1\r\n"),
            "",
            "comments, tabs, blank lines, CRLF");
        NS_TEST_EXPECT_MSG_EQ(
            SanGraphTopology::Validate("switches 2\nhosts 1 1\nlink 1 0\nhosts 1 2\n"),
            "",
            "hosts lines in any order");

        // Errors, each naming the source and the line.
        ExpectError("", "fabric.txt:0: no 'switches' line");
        ExpectError("# only a comment\n", "fabric.txt:0: no 'switches' line");
        ExpectError("switches 3\nlnk 0 1\n", "fabric.txt:2: unknown keyword 'lnk'");
        ExpectError("switches\n", "fabric.txt:1: missing field");
        ExpectError("switches 3 4\n", "fabric.txt:1: extra field '4'");
        ExpectError("switches 3\nlink 0 1\nlink 0\n", "fabric.txt:3: missing field");
        ExpectError("switches 3\nlink 0 1 2\n", "fabric.txt:2: extra field '2'");
        ExpectError("switches 3\nhosts 0\n", "fabric.txt:2: missing field");
        ExpectError("switches x\n", "fabric.txt:1: field 1 of 'switches' ('x') is not");
        ExpectError("switches 3\nlink 0 -1\n", "fabric.txt:2: field 2 of 'link' ('-1') is not");
        ExpectError("switches 3\nlink 0 1x\n", "fabric.txt:2: field 2 of 'link' ('1x') is not");
        ExpectError("switches 99999999999\n", "fabric.txt:1: field 1 of 'switches'");
        ExpectError("switches 0\n", "fabric.txt:1: the number of switches must be between 1");
        ExpectError("switches 20000000\n", "fabric.txt:1: the number of switches must be between");
        ExpectError("switches 16000000\n", "fabric.txt:1: the routing tables of 16000000 switches");
        ExpectError("switches 3\nlink 0 3\n", "fabric.txt:2: switch 3 is out of range");
        ExpectError("switches 3\nlink 1 1\n", "fabric.txt:2: self-link: switch 1");
        ExpectError(
            "switches 3\n# c\nlink 0 1\nlink 1 2\n\nlink 1 0\n",
            "fabric.txt:6: duplicate link between switches 0 and 1 (first given on line 3)");
        ExpectError("link 0 1\nswitches 2\n", "fabric.txt:1: 'link' before the 'switches' line");
        ExpectError("hosts 0 1\nswitches 2\n", "fabric.txt:1: 'hosts' before the 'switches'");
        ExpectError("switches 2\nswitches 2\n",
                    "fabric.txt:2: duplicate 'switches' line (first on line 1)");
        ExpectError("switches 2\nlink 0 1\nhosts 0 0\n",
                    "fabric.txt:3: the host count must be at least 1");
        ExpectError("switches 2\nlink 0 1\nhosts 5 1\n", "fabric.txt:3: switch 5 is out of range");
        ExpectError("# x\nswitches 3\nlink 0 1\nhosts 2 1\n",
                    "fabric.txt:2: the graph is disconnected: switch 2 has no links");
        ExpectError("switches 4\nlink 0 1\nlink 2 3\n",
                    "fabric.txt:1: the graph is disconnected: switch 2 cannot be reached");
        ExpectError("switches 2\n", "fabric.txt:1: the graph is disconnected: switch 0 has no");

        // The default source name.
        const std::string msg = SanGraphTopology::Validate("switches 2\nbogus\n");
        NS_TEST_EXPECT_MSG_EQ(msg.rfind("<string>:2: ", 0), 0, "default name: " << msg);

        // Loading from a file through the FileName attribute.
        const std::string path = CreateTempDirFilename("san-topology-square.txt");
        {
            std::ofstream out(path);
            out << square;
        }
        Ptr<SanGraphTopology> fromFile =
            CreateObjectWithAttributes<SanGraphTopology>("FileName", StringValue(path));
        CheckStructure(*fromFile, "square from file", 4, 3, 4, 2);
        std::remove(path.c_str());

        Ptr<SanGraphTopology> empty = CreateObject<SanGraphTopology>();
        NS_TEST_EXPECT_MSG_EQ(empty->GetNSwitches(), 0, "no file, no switches");
        NS_TEST_EXPECT_MSG_EQ(empty->GetNHosts(), 0, "no file, no hosts");
    }
};

/**
 * \ingroup san-tests
 * Graph routing: shortest-path minimal ports and legal up*\/down* routes.
 */
class SanGraphTopologyRoutingTestCase : public SanTopologyTestBase
{
  public:
    SanGraphTopologyRoutingTestCase()
        : SanTopologyTestBase("Graph routing: minimal ports and legal up-down routes")
    {
    }

  private:
    /**
     * Check every up*\/down* route of a graph: it arrives, it never takes an up
     * hop after a down hop (levels and link directions recomputed here from
     * their definition), and, if exact, it is as short as the shortest legal
     * path (found by a search over (switch, phase) states).
     * \param g the topology
     * \param what a label for messages
     * \param exact whether every route must be a shortest legal path
     * \return the number of routes longer than the shortest legal path
     */
    uint32_t CheckUpDown(const SanGraphTopology& g, const std::string& what, bool exact)
    {
        const uint32_t n = g.GetNSwitches();
        const std::vector<uint32_t> level = DistancesTo(g, 0);
        auto isUp = [&level](uint32_t from, uint32_t to) {
            return level[to] < level[from] || (level[to] == level[from] && to < from);
        };
        uint32_t errors = 0;
        uint32_t longer = 0;
        std::string first;
        auto fail = [&errors, &first](const std::string& msg) {
            if (errors++ == 0)
            {
                first = msg;
            }
        };
        for (uint32_t s = 0; s < n; ++s)
        {
            for (uint32_t p = 0; p < g.GetNPorts(s); ++p)
            {
                const SanPortPeer peer = g.GetPeer(s, p);
                const bool up = peer.kind == SanPortPeer::SWITCH && isUp(s, peer.index);
                if (g.IsUpPort(s, p) != up)
                {
                    fail(what + ": IsUpPort(" + std::to_string(s) + ", " + std::to_string(p) +
                         ") is wrong");
                }
            }
        }
        for (uint32_t dst = 0; dst < n; ++dst)
        {
            // Shortest legal length from each switch starting in the "up" phase: reverse
            // search over states (switch, phase), phase 0 = may still go up, 1 = going down.
            std::vector<uint32_t> best(2 * n, UNREACHED);
            std::vector<uint32_t> queue{2 * dst, 2 * dst + 1};
            best[2 * dst] = best[2 * dst + 1] = 0;
            for (size_t head = 0; head < queue.size(); ++head)
            {
                const uint32_t y = queue[head] / 2;
                const uint32_t phase = queue[head] % 2;
                for (uint32_t p = 0; p < g.GetNPorts(y); ++p)
                {
                    const SanPortPeer peer = g.GetPeer(y, p);
                    if (peer.kind != SanPortPeer::SWITCH)
                    {
                        continue;
                    }
                    const uint32_t x = peer.index;
                    // Forward moves x -> y into state (y, phase): an up hop keeps phase 0;
                    // a down hop leads to phase 1 from either phase.
                    std::vector<uint32_t> from;
                    if (isUp(x, y) && phase == 0)
                    {
                        from.push_back(2 * x);
                    }
                    if (!isUp(x, y) && phase == 1)
                    {
                        from.push_back(2 * x);
                        from.push_back(2 * x + 1);
                    }
                    for (uint32_t state : from)
                    {
                        if (best[state] == UNREACHED)
                        {
                            best[state] = best[queue[head]] + 1;
                            queue.push_back(state);
                        }
                    }
                }
            }
            for (uint32_t src = 0; src < n; ++src)
            {
                if (src == dst)
                {
                    continue;
                }
                std::ostringstream pair;
                pair << what << ": " << src << " -> " << dst << ": ";
                uint32_t cur = src;
                uint32_t hops = 0;
                bool wentDown = false;
                while (cur != dst && hops <= 2 * n)
                {
                    const uint32_t p = g.GetDeterministicPort(cur, dst);
                    const SanPortPeer peer =
                        p < g.GetNPorts(cur) ? g.GetPeer(cur, p) : SanPortPeer();
                    if (peer.kind != SanPortPeer::SWITCH)
                    {
                        fail(pair.str() + "port leads to no switch");
                        break;
                    }
                    const bool up = isUp(cur, peer.index);
                    if (up && wentDown)
                    {
                        fail(pair.str() + "up hop after a down hop at switch " +
                             std::to_string(cur));
                    }
                    wentDown = wentDown || !up;
                    cur = peer.index;
                    ++hops;
                }
                if (cur != dst)
                {
                    fail(pair.str() + "route does not arrive");
                    continue;
                }
                if (hops < best[2 * src] || hops < g.GetDistance(src, dst))
                {
                    fail(pair.str() + "route shorter than possible?");
                }
                if (hops > best[2 * src])
                {
                    ++longer;
                    if (exact)
                    {
                        fail(pair.str() + std::to_string(hops) + " hops, shortest legal is " +
                             std::to_string(best[2 * src]));
                    }
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(errors, 0, first);
        return longer;
    }

    void DoRun() override
    {
        // A ring of six with a chord: cycles, and both up and down hops on many routes.
        std::string ring = "switches 6\n";
        for (uint32_t s = 0; s < 6; ++s)
        {
            ring += "link " + std::to_string(s) + " " + std::to_string((s + 1) % 6) + "\n";
            ring += "hosts " + std::to_string(s) + " 1\n";
        }
        ring += "link 1 4\n";
        Ptr<SanGraphTopology> g = CreateObject<SanGraphTopology>();
        g->LoadFromString(ring, "ring6");
        CheckStructure(*g, "ring6+chord", 6, 6, 7, 3);
        CheckRouting(*g, "ring6+chord", AllSwitches(*g), AllSwitches(*g), false);
        CheckUpDown(*g, "ring6+chord", true);
        // A plain ring of five: switch 0 at level 0, 1 and 4 at level 1, 2 and 3 at level 2.
        Ptr<SanGraphTopology> plain = CreateObject<SanGraphTopology>();
        plain->LoadFromString("switches 5\nlink 0 1\nlink 1 2\nlink 2 3\nlink 3 4\nlink 4 0\n");
        CheckUpDown(*plain, "ring5", true);
        // 2 -> 3: 2 and 3 are both at level 2; the link's up end is 2, so 2 -> 3 is a
        // legal single down hop.
        NS_TEST_EXPECT_MSG_EQ(plain->IsUpPort(3, 0), true, "3 -> 2 is up (tie: lower id)");
        NS_TEST_EXPECT_MSG_EQ(plain->IsUpPort(2, 1), false, "2 -> 3 is down");

        // A graph where no memoryless table can give every switch its shortest legal route
        // (see SanGraphTopology). Levels: 0 | 1, 3 | 2, 4 | 5..9. Toward switch 9, switch
        // 6's shortest legal route goes up to 4 and down to 9 (2 hops), while switch 5's
        // only short legal route is the all-down chain 5-6-7-8-9 (4 hops, same-level hops
        // toward higher ids are down hops): 6 cannot both go up and carry 5's packets
        // down. Routes must still all be legal.
        const std::string conflict = "switches 10\n"
                                     "link 0 1\nlink 1 2\nlink 2 5\n" // left: 0-1-2-5
                                     "link 0 3\nlink 3 4\n"           // right: 0-3-4
                                     "link 4 6\nlink 4 7\nlink 4 8\nlink 4 9\n"
                                     "link 5 6\nlink 6 7\nlink 7 8\nlink 8 9\n";
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::Validate(conflict), "", "conflict graph");
        Ptr<SanGraphTopology> c = CreateObject<SanGraphTopology>();
        c->LoadFromString(conflict, "conflict");
        CheckRouting(*c, "conflict", AllSwitches(*c), AllSwitches(*c), false);
        const uint32_t longer = CheckUpDown(*c, "conflict", false);
        NS_TEST_EXPECT_MSG_GT(longer, 0, "this graph cannot have all shortest legal routes");

        // A graph whose shortest legal routes need a switch's all-down route to win over an
        // equally short route through an up hop found first: toward switch 6, switch 4 first
        // finds 4-1-6 (up, down) and then 4-5-6 (all down); only the latter lets switch 3
        // use the all-down chain 3-4-5-6 (3 hops) instead of 3-2-0-1-6 (4 hops).
        Ptr<SanGraphTopology> upgrade = CreateObject<SanGraphTopology>();
        upgrade->LoadFromString("switches 7\n"
                                "link 0 1\nlink 0 2\nlink 2 3\nlink 1 4\nlink 1 6\n"
                                "link 1 5\nlink 3 4\nlink 4 5\nlink 5 6\n",
                                "upgrade");
        CheckUpDown(*upgrade, "upgrade", true);

        // More shortest-path ports than MAX_CANDIDATES: switches 0 and 1 joined through
        // MAX_CANDIDATES + 6 middle switches.
        const uint32_t middles = SanTopology::MAX_CANDIDATES + 6;
        std::string wide = "switches " + std::to_string(middles + 2) + "\nhosts 0 1\nhosts 1 1\n";
        for (uint32_t m = 2; m < middles + 2; ++m)
        {
            wide += "link 0 " + std::to_string(m) + "\nlink " + std::to_string(m) + " 1\n";
        }
        Ptr<SanGraphTopology> w = CreateObject<SanGraphTopology>();
        w->LoadFromString(wide, "wide");
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        NS_TEST_EXPECT_MSG_EQ(w->GetMinimalPorts(0, 1, ports),
                              SanTopology::MAX_CANDIDATES,
                              "minimal ports are capped at MAX_CANDIDATES");
        CheckRouting(*w, "wide", {0, 1, 2}, {0, 1, 2}, false);
        CheckUpDown(*w, "wide", true);

        // A larger pseudo-random connected graph.
        std::string random = "switches 40\n";
        uint32_t seed = 12345;
        std::set<std::pair<uint32_t, uint32_t>> have;
        for (uint32_t s = 1; s < 40; ++s)
        {
            seed = seed * 1103515245 + 12345;
            const uint32_t parent = (seed >> 8) % s;
            random += "link " + std::to_string(parent) + " " + std::to_string(s) + "\n";
            have.insert({parent, s});
        }
        for (uint32_t i = 0; i < 30; ++i)
        {
            seed = seed * 1103515245 + 12345;
            const uint32_t a = (seed >> 8) % 40;
            seed = seed * 1103515245 + 12345;
            const uint32_t b = (seed >> 8) % 40;
            if (a != b && have.insert({std::min(a, b), std::max(a, b)}).second)
            {
                random += "link " + std::to_string(a) + " " + std::to_string(b) + "\n";
            }
        }
        random += "hosts 0 2\nhosts 17 1\nhosts 39 3\n";
        Ptr<SanGraphTopology> r = CreateObject<SanGraphTopology>();
        r->LoadFromString(random, "random40");
        CheckStructure(*r,
                       "random40",
                       40,
                       6,
                       static_cast<uint32_t>(have.size()),
                       ReferenceDiameter(*r));
        CheckRouting(*r, "random40", AllSwitches(*r), AllSwitches(*r), false);
        CheckUpDown(*r, "random40", false);
    }
};

/**
 * \ingroup san-tests
 * Graph routing tables: distance residues give the same shortest paths as a breadth-first
 * search; switches of 255 ports or more get wide next-port entries; a graph whose tables would
 * not fit is refused with the estimate.
 */
class SanGraphTopologyTableTestCase : public SanTopologyTestBase
{
  public:
    SanGraphTopologyTableTestCase()
        : SanTopologyTestBase("Graph tables: compact residues, wide ports, refused when too big")
    {
    }

  private:
    void DoRun() override
    {
        // A pseudo-random connected graph: a spanning chain plus random chords.
        const uint32_t n = 150;
        std::ostringstream text;
        text << "switches " << n << "\n";
        std::vector<std::vector<uint32_t>> adj(n);
        std::set<std::pair<uint32_t, uint32_t>> links;
        uint32_t state = 7;
        auto addLink = [&](uint32_t a, uint32_t b) {
            if (a == b || !links.insert({std::min(a, b), std::max(a, b)}).second)
            {
                return;
            }
            text << "link " << a << " " << b << "\n";
            adj[a].push_back(b);
            adj[b].push_back(a);
        };
        for (uint32_t s = 1; s < n; ++s)
        {
            addLink(s - 1, s);
        }
        for (uint32_t k = 0; k < 120; ++k)
        {
            state = state * 1103515245u + 12345u;
            const uint32_t a = (state >> 8) % n;
            state = state * 1103515245u + 12345u;
            addLink(a, (state >> 8) % n);
        }
        Ptr<SanGraphTopology> g = CreateObject<SanGraphTopology>();
        g->LoadFromString(text.str(), "random.txt");
        uint32_t checked = 0;
        for (uint32_t dst = 0; dst < n; dst += 7)
        {
            // Breadth-first distances to dst.
            std::vector<uint32_t> dist(n, 0xffffffff);
            std::vector<uint32_t> queue{dst};
            dist[dst] = 0;
            for (size_t h = 0; h < queue.size(); ++h)
            {
                for (uint32_t y : adj[queue[h]])
                {
                    if (dist[y] == 0xffffffff)
                    {
                        dist[y] = dist[queue[h]] + 1;
                        queue.push_back(y);
                    }
                }
            }
            for (uint32_t sw = 0; sw < n; ++sw)
            {
                NS_TEST_ASSERT_MSG_EQ(g->GetDistance(sw, dst), dist[sw], "distance " << sw);
                uint32_t ports[SanTopology::MAX_CANDIDATES];
                const uint32_t m = g->GetMinimalPorts(sw, dst, ports);
                uint32_t expected = 0;
                for (uint32_t y : adj[sw])
                {
                    expected += dist[y] + 1 == dist[sw] ? 1 : 0;
                }
                NS_TEST_ASSERT_MSG_EQ(m, expected, "minimal ports of " << sw << " to " << dst);
                for (uint32_t i = 0; i < m; ++i)
                {
                    const SanPortPeer peer = g->GetPeer(sw, ports[i]);
                    NS_TEST_ASSERT_MSG_EQ(dist[peer.index] + 1, dist[sw], "each one hop closer");
                }
                ++checked;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(checked, 22 * n, "every switch to every seventh destination");

        // A star whose centre has 300 ports: next-port entries of 16 bits.
        std::ostringstream star;
        star << "switches 301\n";
        for (uint32_t s = 1; s <= 300; ++s)
        {
            star << "link 0 " << s << "\n";
        }
        Ptr<SanGraphTopology> big = CreateObject<SanGraphTopology>();
        big->LoadFromString(star.str(), "star.txt");
        NS_TEST_EXPECT_MSG_EQ(big->GetDeterministicPort(0, 300), 299, "centre to leaf 300");
        NS_TEST_EXPECT_MSG_EQ(big->GetDeterministicPort(300, 7), 0, "leaf up to the centre");
        NS_TEST_EXPECT_MSG_EQ(big->GetDeterministicPort(7, 7), SanTopology::NO_PORT, "arrived");
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::GetTableBytes(301, 300),
                              (301u * 301 + 3) / 4 + 2u * 301 * 301 + 4u * 301,
                              "two bytes a next port");

        // Table sizes: a 65,535-switch chain takes 5.4 GB, not the 17 GB of 16-bit tables.
        const uint64_t chain = SanGraphTopology::GetTableBytes(65535, 2);
        NS_TEST_EXPECT_MSG_LT(chain, 5.5e9, "compact: under 5.5 GB");
        NS_TEST_EXPECT_MSG_GT(chain, 5.3e9, "but S^2 bytes of next ports");

        // Too big for the limit: refused, with the estimate.
        std::ostringstream ring;
        ring << "switches 100\n";
        for (uint32_t s = 0; s < 100; ++s)
        {
            ring << "link " << s << " " << (s + 1) % 100 << "\n";
        }
        // The star: 301 x 301 cells, 22651 bytes of residues, 181202 of two-byte next ports
        // (the centre has 300 ports), 1204 of levels. One-byte ports would fit in 150000: the
        // check after the links, which knows the ports, refuses it.
        const std::string msg = SanGraphTopology::Validate(star.str(), "star.txt", 150000);
        NS_TEST_EXPECT_MSG_NE(msg.find("star.txt:1: the routing tables of 301 switches (up to "
                                       "300 ports each) would take 205057 bytes (0.00 GiB), more "
                                       "than the 150000 bytes allowed"),
                              std::string::npos,
                              "refused with the estimate: " << msg);
        // The ring: 100 x 100 cells, 2500 bytes of residues, 10000 of next ports, 400 of levels.
        const std::string early = SanGraphTopology::Validate(ring.str(), "ring.txt", 1000);
        NS_TEST_EXPECT_MSG_NE(early.find("ring.txt:1: the routing tables of 100 switches would "
                                         "take at least 12900 bytes"),
                              std::string::npos,
                              "refused at the switches line, before any link: " << early);
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::Validate(ring.str(), "ring.txt", 12900),
                              "",
                              "12900 bytes of tables fit in 12900");
    }
};

#ifdef SAN_TOPOLOGY_TEST_CAN_FORK
/**
 * \ingroup san-tests
 * Invalid attributes and files abort with a clear message (checked in a
 * child process, since NS_FATAL_ERROR terminates).
 */
class SanTopologyErrorTestCase : public TestCase
{
  public:
    SanTopologyErrorTestCase()
        : TestCase("Invalid attributes and graph files abort with clear messages")
    {
    }

  private:
    /**
     * Run a function in a child process and check that it aborts with a
     * message containing a string.
     * \param what a label for messages
     * \param f the function
     * \param expected the text the child's standard error must contain
     */
    void ExpectAbort(const std::string& what,
                     const std::function<void()>& f,
                     const std::string& expected)
    {
        int fds[2];
        NS_TEST_ASSERT_MSG_EQ(pipe(fds), 0, "pipe");
        std::cout.flush();
        std::cerr.flush();
        const pid_t pid = fork();
        NS_TEST_ASSERT_MSG_NE(pid, -1, "fork");
        if (pid == 0)
        {
            struct rlimit noCore = {0, 0};
            setrlimit(RLIMIT_CORE, &noCore);
            close(fds[0]);
            dup2(fds[1], 2);
            f();
            _exit(0);
        }
        close(fds[1]);
        std::string text;
        char buf[4096];
        ssize_t got;
        while ((got = read(fds[0], buf, sizeof(buf))) > 0)
        {
            text.append(buf, static_cast<size_t>(got));
        }
        close(fds[0]);
        int status = 0;
        waitpid(pid, &status, 0);
        const bool exitedCleanly = WIFEXITED(status) && WEXITSTATUS(status) == 0;
        NS_TEST_EXPECT_MSG_EQ(exitedCleanly, false, what << ": did not abort");
        NS_TEST_EXPECT_MSG_NE(text.find(expected),
                              std::string::npos,
                              what << ": message '" << text << "' lacks '" << expected << "'");
    }

    void DoRun() override
    {
        ExpectAbort(
            "crossbar 0",
            [] { CreateObjectWithAttributes<SanCrossbarTopology>("NHosts", UintegerValue(0)); },
            "NHosts must be between 1 and 65535");
        ExpectAbort(
            "ring 2",
            [] { CreateObjectWithAttributes<SanRingTopology>("NSwitches", UintegerValue(2)); },
            "NSwitches must be at least 3");
        ExpectAbort(
            "ring set later",
            [] {
                Ptr<SanRingTopology> ring = CreateObject<SanRingTopology>();
                ring->SetAttribute("HostsPerSwitch", UintegerValue(0));
            },
            "HostsPerSwitch must be at least 1");
        ExpectAbort(
            "mesh 0",
            [] { CreateObjectWithAttributes<SanMeshTopology>("X", UintegerValue(0)); },
            "X and Y must be at least 1");
        ExpectAbort(
            "torus 2",
            [] {
                CreateObjectWithAttributes<SanMeshTopology>("Y",
                                                            UintegerValue(2),
                                                            "Wrap",
                                                            BooleanValue(true));
            },
            "a torus (Wrap=true) needs X >= 3 and Y >= 3");
        const std::string kRange =
            "K must be between 2 and " + std::to_string(SanTopology::MAX_CANDIDATES);
        ExpectAbort(
            "fat tree K 1",
            [] { CreateObjectWithAttributes<SanFatTreeTopology>("K", UintegerValue(1)); },
            kRange);
        ExpectAbort(
            "fat tree K too large",
            [] {
                CreateObjectWithAttributes<SanFatTreeTopology>(
                    "K",
                    UintegerValue(SanTopology::MAX_CANDIDATES + 1));
            },
            kRange);
        ExpectAbort(
            "fat tree N 0",
            [] { CreateObjectWithAttributes<SanFatTreeTopology>("N", UintegerValue(0)); },
            "N must be at least 1");
        ExpectAbort(
            "fat tree too big",
            [] {
                CreateObjectWithAttributes<SanFatTreeTopology>("K",
                                                               UintegerValue(16),
                                                               "N",
                                                               UintegerValue(9));
            },
            "too many hosts");
        ExpectAbort(
            "missing graph file",
            [] {
                CreateObjectWithAttributes<SanGraphTopology>(
                    "FileName",
                    StringValue("/nonexistent/san-topology.txt"));
            },
            "cannot open graph file '/nonexistent/san-topology.txt'");
        ExpectAbort(
            "bad graph",
            [] {
                CreateObject<SanGraphTopology>()->LoadFromString("switches 2\nlink 0 1\nlink 1 0\n",
                                                                 "dup.txt");
            },
            "dup.txt:3: duplicate link between switches 0 and 1 (first given on line 2)");
    }
};
#endif

/**
 * \ingroup san-tests
 * The san-topology test suite.
 */
class SanTopologyTestSuite : public TestSuite
{
  public:
    SanTopologyTestSuite()
        : TestSuite("san-topology", UNIT)
    {
        AddTestCase(new SanCrossbarTopologyTestCase, TestCase::QUICK);
        AddTestCase(new SanRingTopologyTestCase, TestCase::QUICK);
        AddTestCase(new SanMeshTopologyTestCase, TestCase::QUICK);
        AddTestCase(new SanTorusTopologyTestCase, TestCase::QUICK);
        AddTestCase(new SanFatTreeTopologyTestCase, TestCase::QUICK);
        AddTestCase(new SanGraphTopologyParseTestCase, TestCase::QUICK);
        AddTestCase(new SanGraphTopologyRoutingTestCase, TestCase::QUICK);
        AddTestCase(new SanGraphTopologyTableTestCase, TestCase::QUICK);
#ifdef SAN_TOPOLOGY_TEST_CAN_FORK
        AddTestCase(new SanTopologyErrorTestCase, TestCase::QUICK);
#endif
    }
};

/// The static instance that registers the suite.
static SanTopologyTestSuite g_sanTopologyTestSuite;
