/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Dragonfly tests: structure of SanDragonflyTopology (counts, symmetric peers,
// fully connected groups, global links per pair of groups), its routing
// arithmetic, delivery without deadlock at saturation under every routing
// function that works on it, path lengths, UGAL against minimal routing on
// adversarial and uniform traffic, and clear errors on bad parameters.

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/san-topology-graph.h"
#include "ns3/test.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup san-tests
 * Unit tests of the dragonfly topology and its routing functions.
 */

using namespace ns3;

namespace
{

/// One dragonfly shape.
struct Shape
{
    uint32_t p;      //!< hosts per router
    uint32_t a;      //!< routers per group
    uint32_t h;      //!< global links per router
    uint32_t groups; //!< Groups attribute (0: a*h + 1)
};

/// \param s a shape \return the topology
Ptr<SanDragonflyTopology>
MakeDragonfly(const Shape& s)
{
    ObjectFactory f("ns3::SanDragonflyTopology");
    f.Set("P", UintegerValue(s.p));
    f.Set("A", UintegerValue(s.a));
    f.Set("H", UintegerValue(s.h));
    f.Set("Groups", UintegerValue(s.groups));
    return f.Create<SanDragonflyTopology>();
}

/// \param s a shape \return a label
std::string
Label(const Shape& s)
{
    std::ostringstream o;
    o << "p=" << s.p << " a=" << s.a << " h=" << s.h << " groups=" << s.groups;
    return o.str();
}

/// Shapes the structure and arithmetic tests cover.
const std::vector<Shape> SHAPES = {
    {2, 4, 2, 0}, // balanced, 9 groups, one link per pair of groups
    {1, 2, 1, 0}, // 3 groups of 2
    {1, 1, 2, 0}, // one router per group: no local links
    {2, 4, 2, 5}, // 5 groups, 2 links per pair
    {1, 3, 2, 3}, // 3 groups, 3 links per pair
    {3, 2, 3, 2}, // 2 groups, 6 links between them
};

/// Switch-to-switch distances to dst by breadth-first search over GetPeer.
std::vector<uint32_t>
Bfs(const SanTopology& t, uint32_t dst)
{
    std::vector<uint32_t> d(t.GetNSwitches(), UINT32_MAX);
    std::vector<uint32_t> q{dst};
    d[dst] = 0;
    for (size_t i = 0; i < q.size(); ++i)
    {
        for (uint32_t port = 0; port < t.GetNPorts(q[i]); ++port)
        {
            SanPortPeer peer = t.GetPeer(q[i], port);
            if (peer.kind == SanPortPeer::SWITCH && d[peer.index] == UINT32_MAX)
            {
                d[peer.index] = d[q[i]] + 1;
                q.push_back(peer.index);
            }
        }
    }
    return d;
}

} // namespace

/**
 * \ingroup san-tests
 * Counts, symmetric peers, host placement, fully connected groups and the
 * number of global links between every pair of groups.
 */
class SanDragonflyStructureTestCase : public TestCase
{
  public:
    SanDragonflyStructureTestCase()
        : TestCase("dragonfly structure: counts, symmetric peers, full groups, links per group "
                   "pair")
    {
    }

  private:
    void DoRun() override
    {
        for (const Shape& s : SHAPES)
        {
            Check(s);
        }
        // The defaults are the balanced dragonfly of Kim et al.: 9 groups, 72 hosts, radix 7.
        Ptr<SanDragonflyTopology> def = CreateObject<SanDragonflyTopology>();
        NS_TEST_EXPECT_MSG_EQ(def->GetNGroups(), 9u, "default groups");
        NS_TEST_EXPECT_MSG_EQ(def->GetNHosts(), 72u, "default hosts");
        NS_TEST_EXPECT_MSG_EQ(def->GetNPorts(0), 7u, "default radix");
        NS_TEST_EXPECT_MSG_EQ(def->GetName(), "dragonfly", "name");
    }

    void Check(const Shape& s)
    {
        const std::string what = Label(s);
        Ptr<SanDragonflyTopology> t = MakeDragonfly(s);
        const uint32_t g = s.groups ? s.groups : s.a * s.h + 1;
        const uint32_t m = s.a * s.h / (g - 1);
        NS_TEST_ASSERT_MSG_EQ(t->GetNGroups(), g, what << ": groups");
        NS_TEST_ASSERT_MSG_EQ(t->GetLinksPerGroupPair(), m, what << ": links per group pair");
        NS_TEST_ASSERT_MSG_EQ(t->GetNSwitches(), g * s.a, what << ": switches");
        NS_TEST_ASSERT_MSG_EQ(t->GetNHosts(), g * s.a * s.p, what << ": hosts");

        std::map<std::pair<uint32_t, uint32_t>, uint32_t> globalHalfLinks; // (G, G') -> count
        for (uint32_t sw = 0; sw < t->GetNSwitches(); ++sw)
        {
            NS_TEST_ASSERT_MSG_EQ(t->GetNPorts(sw),
                                  s.a - 1 + s.h + s.p,
                                  what << ": ports of switch " << sw);
            std::set<uint32_t> localPeers;
            uint32_t hosts = 0;
            for (uint32_t port = 0; port < t->GetNPorts(sw); ++port)
            {
                const SanPortPeer peer = t->GetPeer(sw, port);
                NS_TEST_ASSERT_MSG_NE(peer.kind,
                                      SanPortPeer::NONE,
                                      what << ": switch " << sw << " port " << port
                                           << " unconnected");
                if (peer.kind == SanPortPeer::HOST)
                {
                    ++hosts;
                    NS_TEST_ASSERT_MSG_EQ(t->GetHostSwitch(peer.index), sw, what << ": host");
                    NS_TEST_ASSERT_MSG_EQ(t->GetHostPort(peer.index), port, what << ": host port");
                    continue;
                }
                const SanPortPeer back = t->GetPeer(peer.index, peer.port);
                NS_TEST_ASSERT_MSG_EQ(
                    (back.kind == SanPortPeer::SWITCH && back.index == sw && back.port == port),
                    true,
                    what << ": switch " << sw << " port " << port << " peer does not point back");
                const bool sameGroup = t->GetGroup(peer.index) == t->GetGroup(sw);
                NS_TEST_ASSERT_MSG_EQ(sameGroup,
                                      t->IsLocalPort(sw, port),
                                      what << ": local ports stay in the group");
                NS_TEST_ASSERT_MSG_EQ(!sameGroup,
                                      t->IsGlobalPort(sw, port),
                                      what << ": global ports leave the group");
                NS_TEST_ASSERT_MSG_EQ(t->IsGlobalPort(peer.index, peer.port),
                                      !sameGroup,
                                      what << ": a global link is global at both ends");
                if (sameGroup)
                {
                    localPeers.insert(peer.index);
                }
                else
                {
                    ++globalHalfLinks[std::make_pair(t->GetGroup(sw), t->GetGroup(peer.index))];
                }
            }
            NS_TEST_ASSERT_MSG_EQ(hosts, s.p, what << ": hosts of switch " << sw);
            NS_TEST_ASSERT_MSG_EQ(localPeers.size(),
                                  s.a - 1,
                                  what << ": switch " << sw
                                       << " reaches every other router of its group once");
        }
        for (uint32_t x = 0; x < g; ++x)
        {
            for (uint32_t y = 0; y < g; ++y)
            {
                if (x != y)
                {
                    const uint32_t count = globalHalfLinks[std::make_pair(x, y)];
                    NS_TEST_ASSERT_MSG_EQ(count,
                                          m,
                                          what << ": global links from group " << x << " to " << y);
                }
            }
        }
        // The Boost.Graph form agrees (it aborts on any inconsistency), with every link once.
        SanTopologyGraph graph = BuildSanTopologyGraph(*t);
        const uint64_t links = uint64_t(g) * s.a * (s.a - 1) / 2 + uint64_t(g) * s.a * s.h / 2 +
                               uint64_t(g) * s.a * s.p;
        NS_TEST_ASSERT_MSG_EQ(boost::num_edges(graph), links, what << ": Boost.Graph edges");
        NS_TEST_ASSERT_MSG_EQ(t->GetLinks().size(), links, what << ": GetLinks");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(t->ComputeDiameter(), 3u, what << ": diameter");
    }
};

/**
 * \ingroup san-tests
 * Minimal routes are local-global-local (at most 3 hops, at most one global
 * link), follow GetMinimalPorts, and never beat a breadth-first search; the
 * way toward an intermediate group reaches it in at most 2 hops.
 */
class SanDragonflyRoutingArithmeticTestCase : public TestCase
{
  public:
    SanDragonflyRoutingArithmeticTestCase()
        : TestCase("dragonfly routing arithmetic: minimal routes are local-global-local")
    {
    }

  private:
    void DoRun() override
    {
        for (const Shape& s : SHAPES)
        {
            Check(s);
        }
    }

    void Check(const Shape& s)
    {
        const std::string what = Label(s);
        Ptr<SanDragonflyTopology> t = MakeDragonfly(s);
        const uint32_t n = t->GetNSwitches();
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        for (uint32_t d = 0; d < n; ++d)
        {
            const std::vector<uint32_t> bfs = Bfs(*t, d);
            for (uint32_t src = 0; src < n; ++src)
            {
                const uint32_t expect = t->GetMinimalHops(src, d);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(expect, 3u, what << ": minimal hops");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(bfs[src], expect, what << ": shorter than BFS?");
                if (src == d)
                {
                    continue;
                }
                // Each minimal port leads one hop closer (in minimal hops).
                const uint32_t nm = t->GetMinimalPorts(src, d, ports);
                NS_TEST_ASSERT_MSG_GT(nm, 0u, what << ": minimal ports");
                for (uint32_t i = 0; i < nm; ++i)
                {
                    SanPortPeer peer = t->GetPeer(src, ports[i]);
                    NS_TEST_ASSERT_MSG_EQ(peer.kind, SanPortPeer::SWITCH, what << ": port kind");
                    NS_TEST_ASSERT_MSG_EQ(t->GetMinimalHops(peer.index, d) + 1,
                                          expect,
                                          what << ": minimal port " << ports[i] << " from " << src
                                               << " to " << d);
                }
                // The deterministic route, for several destination hosts of d.
                for (uint32_t host = d * s.p; host < (d + 1) * s.p; ++host)
                {
                    uint32_t sw = src;
                    uint32_t hops = 0;
                    uint32_t globals = 0;
                    while (sw != d && hops <= 3)
                    {
                        const uint32_t port = t->GetDeterministicPortFor(sw, d, host);
                        const uint32_t k = t->GetMinimalPorts(sw, d, ports);
                        NS_TEST_ASSERT_MSG_EQ(std::count(ports, ports + k, port),
                                              1,
                                              what << ": deterministic port is minimal");
                        globals += t->IsGlobalPort(sw, port) ? 1 : 0;
                        sw = t->GetPeer(sw, port).index;
                        ++hops;
                    }
                    NS_TEST_ASSERT_MSG_EQ(sw, d, what << ": route " << src << "->" << d);
                    NS_TEST_ASSERT_MSG_EQ(hops, expect, what << ": route length");
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(globals, 1u, what << ": global links");
                }
            }
        }
        // Toward an intermediate group: 1 hop if this router owns a link to it, else 2.
        for (uint32_t sw = 0; sw < n; ++sw)
        {
            for (uint32_t grp = 0; grp < t->GetNGroups(); ++grp)
            {
                if (grp == t->GetGroup(sw))
                {
                    continue;
                }
                uint32_t hops = 0;
                uint32_t landing = 0;
                uint32_t port = t->GetPortTowardGroup(sw, grp, sw, hops, landing);
                SanPortPeer peer = t->GetPeer(sw, port);
                if (hops == 1)
                {
                    NS_TEST_ASSERT_MSG_EQ(peer.index, landing, what << ": landing (1 hop)");
                }
                else
                {
                    NS_TEST_ASSERT_MSG_EQ(hops, 2u, what << ": hops toward a group");
                    port = t->GetPortTowardGroup(peer.index, grp, sw, hops, landing);
                    NS_TEST_ASSERT_MSG_EQ(hops, 1u, what << ": second hop is the global one");
                    NS_TEST_ASSERT_MSG_EQ(t->GetPeer(peer.index, port).index,
                                          landing,
                                          what << ": landing (2 hops)");
                }
                NS_TEST_ASSERT_MSG_EQ(t->GetGroup(landing), grp, what << ": landing group");
            }
        }
    }
};

namespace
{

/// A dragonfly fabric with traffic generators and per-packet hop records.
struct DragonflyRun
{
    SanFabricHelper fabric;
    NodeContainer hosts;
    NetDeviceContainer endpoints;
    ApplicationContainer apps;
    uint32_t maxHops{0}; //!< most switches a delivered packet traversed

    /// PacketRx sink.
    void Rx(uint64_t uid, uint32_t src, uint32_t bytes, Time latency, uint32_t hops)
    {
        maxHops = std::max(maxHops, hops);
    }
};

/// Result of one run.
struct RunResult
{
    SanTrafficHelper::Totals totals; //!< generator totals
    uint64_t inFlight{0};            //!< packets left in the fabric
    uint32_t maxHops{0};             //!< most switches a packet traversed
    uint32_t nVcs{0};                //!< virtual channels the routing used
    bool deterministic{false};       //!< the routing keeps per-pair order
    double accepted{0};              //!< packets per host per packet-time in the window
    double latencyPt{0};             //!< mean latency of measured packets, in packet-times
    uint64_t minimal{0};             //!< UGAL: packets routed minimally
    uint64_t nonMinimal{0};          //!< UGAL: packets routed through another group
};

/**
 * Run traffic on a dragonfly.
 * \param shape the dragonfly
 * \param routing routing TypeId
 * \param decision SanUgalRouting's Decision ("" for other routings)
 * \param mode switching mode
 * \param size packet size
 * \param pattern "Uniform" or "GroupShift"
 * \param load offered load
 * \param warmup warm-up in packet-times
 * \param measure window in packet-times
 * \return what happened (after a full drain)
 */
RunResult
RunDragonfly(const Shape& shape,
             const std::string& routing,
             const std::string& decision,
             const std::string& mode,
             uint32_t size,
             const std::string& pattern,
             double load,
             uint32_t warmup,
             uint32_t measure)
{
    DragonflyRun r;
    r.fabric.SetTopology("ns3::SanDragonflyTopology",
                         "P",
                         UintegerValue(shape.p),
                         "A",
                         UintegerValue(shape.a),
                         "H",
                         UintegerValue(shape.h),
                         "Groups",
                         UintegerValue(shape.groups));
    if (decision.empty())
    {
        r.fabric.SetRouting(routing);
    }
    else
    {
        r.fabric.SetRouting(routing, "Decision", StringValue(decision));
    }
    r.fabric.SetFabricAttribute("SwitchingMode", StringValue(mode));
    r.fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(size));
    r.fabric.SetFabricAttribute("BufferSize", UintegerValue(mode == "Wormhole" ? 32 : 4 * size));
    r.hosts.Create(r.fabric.GetTopology()->GetNHosts());
    r.endpoints = r.fabric.Install(r.hosts);
    r.fabric.AssignStreams(300);
    for (uint32_t i = 0; i < r.endpoints.GetN(); ++i)
    {
        r.endpoints.Get(i)->TraceConnectWithoutContext("PacketRx",
                                                       MakeCallback(&DragonflyRun::Rx, &r));
    }
    Ptr<SanEndpointDevice> ep0 = DynamicCast<SanEndpointDevice>(r.endpoints.Get(0));
    const Time packetTime = TimeStep(ep0->GetSerializationSteps(size));
    const Time start = packetTime * warmup;
    const Time stop = start + packetTime * measure;
    SanTrafficHelper traffic;
    traffic.SetAttribute("Pattern", StringValue(pattern));
    traffic.SetAttribute("GroupSize", UintegerValue(shape.p * shape.a));
    traffic.SetAttribute("OfferedLoad", DoubleValue(load));
    traffic.SetAttribute("PacketSize", UintegerValue(size));
    traffic.SetAttribute("MeasureStart", TimeValue(start));
    traffic.SetAttribute("MeasureStop", TimeValue(stop));
    traffic.SetAttribute("TrackOrder", BooleanValue(true));
    r.apps = traffic.Install(r.endpoints);
    SanTrafficHelper::AssignStreams(r.apps, 17);
    r.apps.Start(Seconds(0));
    r.apps.Stop(stop);
    Simulator::Stop(Seconds(10)); // a livelock guard; the drain ends far earlier
    Simulator::Run();
    RunResult out;
    out.totals = SanTrafficHelper::Sum(r.apps);
    Ptr<SanFabric> fabric = r.fabric.GetFabric();
    out.inFlight = fabric->GetInFlight();
    out.maxHops = r.maxHops;
    out.nVcs = fabric->GetNVcs();
    out.deterministic = fabric->GetRouting()->IsDeterministic();
    out.accepted = double(out.totals.receivedInWindow) / r.apps.GetN() / measure;
    out.latencyPt =
        out.totals.receivedMeasured
            ? out.totals.latencySum / out.totals.receivedMeasured / packetTime.GetSeconds()
            : 0;
    Ptr<SanUgalRouting> ugal = DynamicCast<SanUgalRouting>(fabric->GetRouting());
    if (ugal != nullptr)
    {
        out.minimal = ugal->GetMinimalCount();
        out.nonMinimal = ugal->GetNonMinimalCount();
    }
    Simulator::Destroy();
    return out;
}

} // namespace

namespace ns3
{

/**
 * \ingroup san-tests
 * A broken SanUgalRouting for a negative control: every hop on channel 0, so
 * local and global links of all phases share one channel and cycles close.
 */
class SanDragonflyOneVcTestRouting : public SanUgalRouting
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::SanDragonflyOneVcTestRouting")
                                .SetParent<SanUgalRouting>()
                                .SetGroupName("San")
                                .AddConstructor<SanDragonflyOneVcTestRouting>();
        return tid;
    }

    void Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice) override
    {
        SanUgalRouting::Route(sw, p, choice);
        choice.escapeMask = 1;
    }
};

NS_OBJECT_ENSURE_REGISTERED(SanDragonflyOneVcTestRouting);

} // namespace ns3

/**
 * \ingroup san-tests
 * Far past saturation every packet is delivered after the drain (a
 * deadlock would leave packets in the fabric), within the path-length bound
 * of the routing function, with the number of virtual channels it claims.
 */
class SanDragonflyDeadlockTestCase : public TestCase
{
  public:
    /**
     * \param routing routing TypeId
     * \param decision SanUgalRouting Decision, or ""
     * \param mode switching mode
     * \param pattern traffic pattern
     * \param maxLinks most switch-to-switch links a packet may take
     * \param nVcs virtual channels expected
     * \param shape the dragonfly
     */
    SanDragonflyDeadlockTestCase(std::string routing,
                                 std::string decision,
                                 std::string mode,
                                 std::string pattern,
                                 uint32_t maxLinks,
                                 uint32_t nVcs,
                                 Shape shape = {2, 4, 2, 0})
        : TestCase("dragonfly, no deadlock at saturation: " + routing +
                   (decision.empty() ? "" : " " + decision) + ", " + mode + ", " + pattern +
                   (shape.groups ? ", " + Label(shape) : std::string())),
          m_shape(shape),
          m_routing(routing),
          m_decision(decision),
          m_mode(mode),
          m_pattern(pattern),
          m_maxLinks(maxLinks),
          m_nVcs(nVcs)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t size = m_mode == "Wormhole" ? 256 : 64;
        RunResult r = RunDragonfly(m_shape,
                                   m_routing,
                                   m_decision,
                                   m_mode,
                                   size,
                                   m_pattern,
                                   1.0,
                                   0,
                                   m_mode == "Wormhole" ? 150 : 600);
        NS_TEST_ASSERT_MSG_GT(r.totals.generated, 1000u, "traffic was offered");
        // At overload the sources' bounded queues refuse some packets (counted, never sent).
        NS_TEST_ASSERT_MSG_EQ(r.totals.received,
                              r.totals.generated - r.totals.notInjected,
                              "packets stuck (deadlock): " << r.inFlight << " in the fabric");
        NS_TEST_ASSERT_MSG_EQ(r.inFlight, 0u, "fabric drained");
        // p.hops counts switches, one more than the switch-to-switch links.
        NS_TEST_ASSERT_MSG_LT_OR_EQ(r.maxHops, m_maxLinks + 1, "path too long");
        NS_TEST_ASSERT_MSG_EQ(r.nVcs, m_nVcs, "virtual channels");
        if (r.deterministic)
        {
            NS_TEST_ASSERT_MSG_EQ(r.totals.reordered, 0u, "deterministic routing reordered a pair");
        }
    }

    Shape m_shape;          //!< the dragonfly
    std::string m_routing;  //!< routing TypeId
    std::string m_decision; //!< Decision attribute
    std::string m_mode;     //!< switching mode
    std::string m_pattern;  //!< traffic
    uint32_t m_maxLinks;    //!< path bound
    uint32_t m_nVcs;        //!< expected virtual channels
};

/**
 * \ingroup san-tests
 * Negative control: the same minimal routes with every hop on one virtual
 * channel deadlock at saturation, so the deadlock test can fail.
 */
class SanDragonflyOneVcTestCase : public TestCase
{
  public:
    SanDragonflyOneVcTestCase()
        : TestCase("dragonfly, negative control: minimal routes on one channel deadlock")
    {
    }

  private:
    void DoRun() override
    {
        RunResult r = RunDragonfly({2, 4, 2, 0},
                                   "ns3::SanDragonflyOneVcTestRouting",
                                   "Minimal",
                                   "VirtualCutThrough",
                                   64,
                                   "Uniform",
                                   1.0,
                                   0,
                                   600);
        NS_TEST_ASSERT_MSG_GT(r.totals.generated, 1000u, "traffic was offered");
        NS_TEST_EXPECT_MSG_LT(r.totals.received,
                              r.totals.generated - r.totals.notInjected,
                              "no deadlock on one channel?");
        NS_TEST_EXPECT_MSG_GT(r.inFlight, 0u, "packets stuck in the fabric");
    }
};

/**
 * \ingroup san-tests
 * Under group-shift traffic minimal routing is held to 1/(a p) of a host
 * link by the one global link between consecutive groups; UGAL (and Valiant)
 * spread over the other groups and carry several times more. Under uniform
 * traffic UGAL stays minimal and matches minimal routing.
 */
class SanDragonflyUgalTestCase : public TestCase
{
  public:
    SanDragonflyUgalTestCase()
        : TestCase("dragonfly: UGAL beats minimal on group shift and matches it on uniform")
    {
    }

  private:
    void DoRun() override
    {
        const Shape s{2, 4, 2, 0};
        const std::string ugal = "ns3::SanUgalRouting";
        auto run = [&](const std::string& decision, const std::string& pattern, double load) {
            return RunDragonfly(s,
                                ugal,
                                decision,
                                "VirtualCutThrough",
                                64,
                                pattern,
                                load,
                                300,
                                800);
        };
        // Group shift at an offered load of 0.4.
        RunResult minShift = run("Minimal", "GroupShift", 0.4);
        RunResult ugalShift = run("Ugal", "GroupShift", 0.4);
        RunResult valShift = run("Valiant", "GroupShift", 0.4);
        const double bound = 1.0 / (s.a * s.p);
        NS_TEST_EXPECT_MSG_LT(minShift.accepted,
                              1.1 * bound,
                              "minimal is limited by one global link per group pair");
        NS_TEST_EXPECT_MSG_GT(minShift.accepted, 0.8 * bound, "minimal reaches its bound");
        NS_TEST_EXPECT_MSG_GT(ugalShift.accepted, 0.37, "UGAL carries the offered 0.4");
        NS_TEST_EXPECT_MSG_GT(ugalShift.accepted,
                              2.5 * minShift.accepted,
                              "UGAL beats minimal by a wide margin on group shift");
        NS_TEST_EXPECT_MSG_GT(valShift.accepted,
                              2.5 * minShift.accepted,
                              "Valiant beats minimal on group shift");
        NS_TEST_EXPECT_MSG_GT(ugalShift.nonMinimal,
                              ugalShift.minimal,
                              "UGAL routes most group-shift packets non-minimally");

        // Uniform at 0.3 (latency) and 0.8 (near minimal's saturation, about 0.85).
        RunResult minLow = run("Minimal", "Uniform", 0.3);
        RunResult ugalLow = run("Ugal", "Uniform", 0.3);
        RunResult valLow = run("Valiant", "Uniform", 0.3);
        NS_TEST_EXPECT_MSG_LT(ugalLow.latencyPt,
                              1.1 * minLow.latencyPt,
                              "UGAL latency matches minimal on uniform traffic");
        NS_TEST_EXPECT_MSG_GT(ugalLow.minimal,
                              3 * ugalLow.nonMinimal,
                              "UGAL stays minimal on uniform traffic at low load");
        NS_TEST_EXPECT_MSG_GT(valLow.latencyPt,
                              1.2 * minLow.latencyPt,
                              "Valiant pays for its longer paths on uniform traffic");
        RunResult minHigh = run("Minimal", "Uniform", 0.8);
        RunResult ugalHigh = run("Ugal", "Uniform", 0.8);
        NS_TEST_EXPECT_MSG_GT(ugalHigh.accepted,
                              0.95 * minHigh.accepted,
                              "UGAL throughput matches minimal on uniform traffic");
    }
};

/**
 * \ingroup san-tests
 * Bad parameters abort with a message naming the value.
 */
class SanDragonflyErrorsTestCase : public TestCase
{
  public:
    SanDragonflyErrorsTestCase()
        : TestCase("dragonfly: bad parameters give clear errors")
    {
    }

  private:
    void DoRun() override
    {
        using santest::AbortsWith;
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({0, 4, 2, 0});
                                  },
                                  "P (hosts"),
                              true,
                              "P = 0");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({2, 0, 2, 0});
                                  },
                                  "A (routers"),
                              true,
                              "A = 0");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({2, 4, 0, 0});
                                  },
                                  "H (global"),
                              true,
                              "H = 0");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({2, 4, 2, 1});
                                  },
                                  "Groups must be at least 2"),
                              true,
                              "Groups = 1");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({2, 4, 2, 10});
                                  },
                                  "Groups 10 is more than a*h + 1 = 9"),
                              true,
                              "too many groups");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({2, 4, 2, 4});
                                  },
                                  "Groups 4 does not divide"),
                              true,
                              "a*h not a multiple of g - 1");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({1, 60, 10, 0});
                                  },
                                  "A - 1 + H"),
                              true,
                              "radix beyond MAX_CANDIDATES");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      MakeDragonfly({200000, 32, 32, 0});
                                  },
                                  "hosts per router is too many (a router has at most 65535"),
                              true,
                              "a router beyond the ports a switch can have");
        // Changing an attribute later re-validates at once.
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      Ptr<SanDragonflyTopology> t = MakeDragonfly({2, 4, 2, 0});
                                      t->SetAttribute("Groups", UintegerValue(7));
                                  },
                                  "Groups 7 does not divide"),
                              true,
                              "late change");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      SanFabricHelper f;
                                      f.SetTopology("ns3::SanMeshTopology",
                                                    "X",
                                                    UintegerValue(2),
                                                    "Y",
                                                    UintegerValue(2));
                                      f.SetRouting("ns3::SanUgalRouting");
                                      NodeContainer hosts;
                                      hosts.Create(4);
                                      f.Install(hosts);
                                  },
                                  "SanUgalRouting cannot route on a mesh topology"),
                              true,
                              "UGAL on a mesh");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      SanFabricHelper f;
                                      f.SetTopology("ns3::SanDragonflyTopology",
                                                    "P",
                                                    UintegerValue(1),
                                                    "A",
                                                    UintegerValue(2),
                                                    "H",
                                                    UintegerValue(1));
                                      f.SetRouting("ns3::SanUgalRouting");
                                      NodeContainer hosts;
                                      hosts.Create(6);
                                      NetDeviceContainer eps = f.Install(hosts);
                                      SanTrafficHelper traffic;
                                      traffic.SetAttribute("Pattern", StringValue("GroupShift"));
                                      traffic.SetAttribute("GroupSize", UintegerValue(4));
                                      ApplicationContainer apps = traffic.Install(eps);
                                      apps.Start(Seconds(0));
                                      apps.Stop(MicroSeconds(10));
                                      Simulator::Run();
                                  },
                                  "GroupShift needs a GroupSize that divides the 6 hosts"),
                              true,
                              "GroupShift with a block size that does not divide the hosts");
    }
};

/**
 * \ingroup san-tests
 * The dragonfly suite.
 */
class SanDragonflyTestSuite : public TestSuite
{
  public:
    SanDragonflyTestSuite()
        : TestSuite("san-dragonfly", UNIT)
    {
        AddTestCase(new SanDragonflyStructureTestCase, TestCase::QUICK);
        AddTestCase(new SanDragonflyRoutingArithmeticTestCase, TestCase::QUICK);
        const std::string ugal = "ns3::SanUgalRouting";
        for (const char* mode : {"VirtualCutThrough", "Wormhole"})
        {
            for (const char* pattern : {"Uniform", "GroupShift"})
            {
                AddTestCase(new SanDragonflyDeadlockTestCase(ugal, "Minimal", mode, pattern, 3, 2),
                            TestCase::QUICK);
                AddTestCase(new SanDragonflyDeadlockTestCase(ugal, "Valiant", mode, pattern, 5, 3),
                            TestCase::QUICK);
                AddTestCase(new SanDragonflyDeadlockTestCase(ugal, "Ugal", mode, pattern, 5, 3),
                            TestCase::QUICK);
            }
        }
        // Fewer groups: 5 groups joined pairwise by 2 global links each.
        for (const char* decision : {"Minimal", "Valiant", "Ugal"})
        {
            for (const char* pattern : {"Uniform", "GroupShift"})
            {
                AddTestCase(
                    new SanDragonflyDeadlockTestCase(ugal,
                                                     decision,
                                                     "VirtualCutThrough",
                                                     pattern,
                                                     std::string(decision) == "Minimal" ? 3 : 5,
                                                     std::string(decision) == "Minimal" ? 2 : 3,
                                                     {2, 4, 2, 5}),
                    TestCase::QUICK);
            }
        }
        // The generic routing functions on a dragonfly, through its dateline classes (the global
        // link is the "wrap"): 2 classes per leg, Valiant's intermediate is a random switch.
        const std::string vct = "VirtualCutThrough";
        AddTestCase(new SanDragonflyDeadlockTestCase("ns3::SanDeterministicRouting",
                                                     "",
                                                     vct,
                                                     "Uniform",
                                                     3,
                                                     2),
                    TestCase::QUICK);
        AddTestCase(
            new SanDragonflyDeadlockTestCase("ns3::SanSourceRouting", "", vct, "GroupShift", 3, 2),
            TestCase::QUICK);
        AddTestCase(new SanDragonflyDeadlockTestCase("ns3::SanMinimalAdaptiveRouting",
                                                     "",
                                                     "Wormhole",
                                                     "Uniform",
                                                     3,
                                                     3),
                    TestCase::QUICK);
        AddTestCase(new SanDragonflyDeadlockTestCase("ns3::SanValiantRouting",
                                                     "",
                                                     "Wormhole",
                                                     "Uniform",
                                                     6,
                                                     4),
                    TestCase::QUICK);
        AddTestCase(new SanDragonflyOneVcTestCase, TestCase::QUICK);
        AddTestCase(new SanDragonflyUgalTestCase, TestCase::QUICK);
        AddTestCase(new SanDragonflyErrorsTestCase, TestCase::QUICK);
    }
};

/// Static instance.
static SanDragonflyTestSuite g_sanDragonflyTestSuite;
