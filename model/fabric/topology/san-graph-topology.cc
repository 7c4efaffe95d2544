/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-graph-topology.h"

#include "ns3/abort.h"
#include "ns3/fatal-error.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanGraphTopology");

NS_OBJECT_ENSURE_REGISTERED(SanGraphTopology);

namespace
{

/**
 * \param token user input
 * \param keep characters kept
 * \return the token for a message: at most keep characters (with its length noted), control
 * characters as '?'
 */
std::string
Shown(const std::string& token, size_t keep = 40)
{
    std::string out;
    for (size_t i = 0; i < token.size() && i < keep; ++i)
    {
        const auto c = static_cast<unsigned char>(token[i]);
        out += c < 0x20 || c == 0x7f ? '?' : token[i];
    }
    if (token.size() > keep)
    {
        out += "... (" + std::to_string(token.size()) + " characters)";
    }
    return out;
}

/**
 * Read an unsigned decimal integer.
 * \param token the text
 * \param value set on success
 * \return true if the token is a number that fits in 32 bits
 */
bool
ParseUnsigned(const std::string& token, uint32_t& value)
{
    if (token.empty() || token.size() > 10)
    {
        return false;
    }
    uint64_t v = 0;
    for (char ch : token)
    {
        if (ch < '0' || ch > '9')
        {
            return false;
        }
        v = v * 10 + static_cast<uint64_t>(ch - '0');
    }
    if (v > std::numeric_limits<uint32_t>::max())
    {
        return false;
    }
    value = static_cast<uint32_t>(v);
    return true;
}

} // namespace

TypeId
SanGraphTopology::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanGraphTopology")
            .SetParent<SanTopology>()
            .SetGroupName("San")
            .AddConstructor<SanGraphTopology>()
            .AddAttribute("FileName",
                          "Graph file to read ('switches N', 'link A B', 'hosts S C' lines; see "
                          "the SanGraphTopology documentation). Empty: no graph yet.",
                          StringValue(""),
                          MakeStringAccessor(&SanGraphTopology::SetFileName),
                          MakeStringChecker())
            .AddAttribute("MaxTableBytes",
                          "Most bytes the routing tables may take; a graph that needs more is "
                          "refused when read (0: three quarters of the machine's memory).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanGraphTopology::m_maxTableBytes),
                          MakeUintegerChecker<uint64_t>());
    return tid;
}

SanGraphTopology::SanGraphTopology()
    : m_portOffset(1, 0),
      m_linkOffset(1, 0)
{
    NS_LOG_FUNCTION(this);
}

SanGraphTopology::~SanGraphTopology()
{
    NS_LOG_FUNCTION(this);
}

void
SanGraphTopology::SetFileName(std::string fileName)
{
    NS_LOG_FUNCTION(this << fileName);
    m_fileName = fileName;
    if (m_constructed && !m_fileName.empty())
    {
        LoadFromFile(m_fileName);
    }
}

void
SanGraphTopology::NotifyConstructionCompleted()
{
    NS_LOG_FUNCTION(this);
    m_constructed = true;
    if (!m_fileName.empty())
    {
        LoadFromFile(m_fileName);
    }
    SanTopology::NotifyConstructionCompleted();
}

std::string
SanGraphTopology::ReadFile(const std::string& fileName, std::string& text)
{
    text.clear();
    struct stat st;
    if (stat(fileName.c_str(), &st) != 0)
    {
        return "cannot open graph file '" + Shown(fileName, 256) + "': it does not exist";
    }
    if (S_ISDIR(st.st_mode))
    {
        return "graph file '" + Shown(fileName, 256) + "' is a directory, not a file";
    }
    if (!S_ISREG(st.st_mode))
    {
        return "graph file '" + Shown(fileName, 256) + "' is not a regular file";
    }
    // The size before the contents: a huge file is refused without being read.
    if (static_cast<uint64_t>(st.st_size) > MAX_FILE_BYTES)
    {
        return "graph file '" + Shown(fileName, 256) + "' is larger than " +
               std::to_string(MAX_FILE_BYTES >> 20) + " MiB";
    }
    std::ifstream in(fileName, std::ios::binary);
    if (!in)
    {
        return "cannot open graph file '" + Shown(fileName, 256) + "'";
    }
    text.assign(static_cast<size_t>(st.st_size), '\0');
    in.read(&text[0], static_cast<std::streamsize>(text.size()));
    if (in.bad() || static_cast<size_t>(in.gcount()) != text.size())
    {
        return "error reading graph file '" + Shown(fileName, 256) + "'";
    }
    return "";
}

std::string
SanGraphTopology::ValidateFile(const std::string& fileName)
{
    std::string text;
    const std::string error = ReadFile(fileName, text);
    return error.empty() ? Validate(text, fileName) : error;
}

void
SanGraphTopology::LoadFromFile(const std::string& fileName)
{
    NS_LOG_FUNCTION(this << fileName);
    std::string text;
    const std::string error = ReadFile(fileName, text);
    if (!error.empty())
    {
        NS_FATAL_ERROR("SanGraphTopology: " << error);
    }
    LoadFromString(text, fileName);
}

void
SanGraphTopology::LoadFromString(const std::string& text, const std::string& sourceName)
{
    NS_LOG_FUNCTION(this << sourceName);
    Parsed parsed;
    const std::string error = Parse(text, sourceName, parsed, m_maxTableBytes);
    if (!error.empty())
    {
        NS_FATAL_ERROR("SanGraphTopology: " << error);
    }
    Build(parsed);
}

std::string
SanGraphTopology::Validate(const std::string& text,
                           const std::string& sourceName,
                           uint64_t maxTableBytes)
{
    Parsed parsed;
    return Parse(text, sourceName, parsed, maxTableBytes);
}

uint64_t
SanGraphTopology::GetTableBytes(uint32_t nSwitches, uint32_t maxPorts)
{
    const uint64_t cells = static_cast<uint64_t>(nSwitches) * nSwitches;
    const uint64_t nextBytes = maxPorts < NO_NEXT8 ? 1 : 2;
    return (cells + 3) / 4 + cells * nextBytes + 4ull * nSwitches;
}

uint64_t
SanGraphTopology::GetDefaultTableLimit()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
    {
        return 8ull << 30; // the machine does not say: 8 GiB
    }
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize) / 4 * 3;
}

std::string
SanGraphTopology::Parse(const std::string& text,
                        const std::string& sourceName,
                        Parsed& out,
                        uint64_t maxTableBytes)
{
    out = Parsed();
    uint32_t switchesLine = 0; // 0: no 'switches' line yet
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> linkLines;
    std::vector<uint32_t> nLinks; // switch-to-switch links of each switch

    // A byte-order mark at the start is skipped; CR-LF and lone CR end lines as LF does.
    std::string clean;
    clean.reserve(text.size());
    for (size_t i = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0; i < text.size(); ++i)
    {
        if (text[i] == '\r')
        {
            clean += '\n';
            i += i + 1 < text.size() && text[i + 1] == '\n' ? 1 : 0;
        }
        else
        {
            clean += text[i];
        }
    }
    std::istringstream in(clean);
    std::string line;
    uint32_t lineNo = 0;
    while (std::getline(in, line))
    {
        ++lineNo;
        std::ostringstream where;
        where << sourceName << ":" << lineNo << ": ";
        if (line.find('\0') != std::string::npos)
        {
            return where.str() + "NUL byte: not a text file";
        }
        const std::string::size_type hash = line.find('#');
        if (hash != std::string::npos)
        {
            line.erase(hash);
        }
        std::istringstream fields(line);
        std::vector<std::string> tokens;
        std::string token;
        while (fields >> token)
        {
            tokens.push_back(token);
        }
        if (tokens.empty())
        {
            continue;
        }
        const std::string& keyword = tokens[0];
        const char* usage = nullptr;
        if (keyword == "switches")
        {
            usage = "'switches N'";
        }
        else if (keyword == "link")
        {
            usage = "'link A B' (two switches)";
        }
        else if (keyword == "hosts")
        {
            usage = "'hosts S C' (a switch and a host count)";
        }
        else
        {
            return where.str() + "unknown keyword '" + Shown(keyword) +
                   "' (expected 'switches', 'link' or 'hosts')";
        }
        const size_t expected = keyword == "switches" ? 1 : 2;
        if (tokens.size() - 1 < expected)
        {
            std::ostringstream msg;
            msg << where.str() << "missing field: " << usage << " takes " << expected
                << (expected == 1 ? " field" : " fields") << ", got " << tokens.size() - 1;
            return msg.str();
        }
        if (tokens.size() - 1 > expected)
        {
            std::ostringstream msg;
            msg << where.str() << "extra field '" << Shown(tokens[expected + 1]) << "': " << usage
                << " takes " << expected << (expected == 1 ? " field" : " fields");
            return msg.str();
        }
        uint32_t values[2] = {0, 0};
        for (size_t i = 0; i < expected; ++i)
        {
            if (!ParseUnsigned(tokens[i + 1], values[i]))
            {
                std::ostringstream msg;
                msg << where.str() << "field " << i + 1 << " of '" << keyword << "' ('"
                    << Shown(tokens[i + 1]) << "') is not an unsigned 32-bit decimal integer";
                return msg.str();
            }
        }

        if (keyword == "switches")
        {
            if (switchesLine != 0)
            {
                std::ostringstream msg;
                msg << where.str() << "duplicate 'switches' line (first on line " << switchesLine
                    << ")";
                return msg.str();
            }
            if (values[0] < 1 || values[0] > MAX_SWITCHES)
            {
                std::ostringstream msg;
                msg << where.str() << "the number of switches must be between 1 and "
                    << MAX_SWITCHES << " (got " << values[0] << ")";
                return msg.str();
            }
            switchesLine = lineNo;
            out.nSwitches = values[0];
            // The tables of this many switches, at their smallest: refused before anything is
            // allocated for them (the check after the links counts the ports too).
            const std::string tooBig =
                CheckTableSize(sourceName, lineNo, out.nSwitches, 0, maxTableBytes);
            if (!tooBig.empty())
            {
                return tooBig;
            }
            out.ports.assign(out.nSwitches, std::vector<SanPortPeer>());
            nLinks.assign(out.nSwitches, 0);
            continue;
        }

        if (switchesLine == 0)
        {
            return where.str() + "'" + keyword + "' before the 'switches' line";
        }
        const uint32_t a = values[0];
        if (a >= out.nSwitches)
        {
            std::ostringstream msg;
            msg << where.str() << "switch " << a << " is out of range (switches are 0.."
                << out.nSwitches - 1 << ")";
            return msg.str();
        }

        if (keyword == "link")
        {
            const uint32_t b = values[1];
            if (b >= out.nSwitches)
            {
                std::ostringstream msg;
                msg << where.str() << "switch " << b << " is out of range (switches are 0.."
                    << out.nSwitches - 1 << ")";
                return msg.str();
            }
            if (a == b)
            {
                std::ostringstream msg;
                msg << where.str() << "self-link: switch " << a << " is linked to itself";
                return msg.str();
            }
            const auto key = std::make_pair(std::min(a, b), std::max(a, b));
            const auto found = linkLines.find(key);
            if (found != linkLines.end())
            {
                std::ostringstream msg;
                msg << where.str() << "duplicate link between switches " << key.first << " and "
                    << key.second << " (first given on line " << found->second
                    << "); parallel links are not supported";
                return msg.str();
            }
            for (uint32_t s : {a, b})
            {
                if (out.ports[s].size() >= MAX_PORTS)
                {
                    std::ostringstream msg;
                    msg << where.str() << "switch " << s << " would have more than " << MAX_PORTS
                        << " ports";
                    return msg.str();
                }
            }
            linkLines.emplace(key, lineNo);
            const auto portA = static_cast<uint32_t>(out.ports[a].size());
            const auto portB = static_cast<uint32_t>(out.ports[b].size());
            SanPortPeer peerA;
            peerA.kind = SanPortPeer::SWITCH;
            peerA.index = b;
            peerA.port = portB;
            SanPortPeer peerB;
            peerB.kind = SanPortPeer::SWITCH;
            peerB.index = a;
            peerB.port = portA;
            out.ports[a].push_back(peerA);
            out.ports[b].push_back(peerB);
            ++nLinks[a];
            ++nLinks[b];
        }
        else // hosts
        {
            const uint32_t count = values[1];
            if (count < 1)
            {
                return where.str() + "the host count must be at least 1";
            }
            if (static_cast<uint64_t>(out.ports[a].size()) + count > MAX_PORTS)
            {
                std::ostringstream msg;
                msg << where.str() << "switch " << a << " would have more than " << MAX_PORTS
                    << " ports";
                return msg.str();
            }
            if (static_cast<uint64_t>(out.hosts.size()) + count >=
                std::numeric_limits<uint32_t>::max())
            {
                return where.str() + "too many hosts";
            }
            for (uint32_t i = 0; i < count; ++i)
            {
                SanPortPeer peer;
                peer.kind = SanPortPeer::HOST;
                peer.index = static_cast<uint32_t>(out.hosts.size());
                HostPlace place;
                place.sw = a;
                place.port = static_cast<uint32_t>(out.ports[a].size());
                out.ports[a].push_back(peer);
                out.hosts.push_back(place);
            }
        }
    }

    if (switchesLine == 0)
    {
        return sourceName + ":0: no 'switches' line";
    }
    if (out.nSwitches > 1)
    {
        std::ostringstream where;
        where << sourceName << ":" << switchesLine << ": ";
        for (uint32_t s = 0; s < out.nSwitches; ++s)
        {
            if (nLinks[s] == 0)
            {
                std::ostringstream msg;
                msg << where.str() << "the graph is disconnected: switch " << s << " has no links";
                return msg.str();
            }
        }
        std::vector<bool> seen(out.nSwitches, false);
        std::vector<uint32_t> queue;
        queue.reserve(out.nSwitches);
        queue.push_back(0);
        seen[0] = true;
        for (size_t head = 0; head < queue.size(); ++head)
        {
            for (const SanPortPeer& peer : out.ports[queue[head]])
            {
                if (peer.kind == SanPortPeer::SWITCH && !seen[peer.index])
                {
                    seen[peer.index] = true;
                    queue.push_back(peer.index);
                }
            }
        }
        for (uint32_t s = 0; s < out.nSwitches; ++s)
        {
            if (!seen[s])
            {
                std::ostringstream msg;
                msg << where.str() << "the graph is disconnected: switch " << s
                    << " cannot be reached from switch 0";
                return msg.str();
            }
        }
    }
    // The routing tables grow as the square of the switches: refuse what would not fit.
    size_t maxPorts = 0;
    for (const auto& ports : out.ports)
    {
        maxPorts = std::max(maxPorts, ports.size());
    }
    return CheckTableSize(sourceName,
                          switchesLine,
                          out.nSwitches,
                          static_cast<uint32_t>(maxPorts),
                          maxTableBytes);
}

std::string
SanGraphTopology::CheckTableSize(const std::string& sourceName,
                                 uint32_t line,
                                 uint32_t nSwitches,
                                 uint32_t maxPorts,
                                 uint64_t maxTableBytes)
{
    const uint64_t bytes = GetTableBytes(nSwitches, std::max(maxPorts, 1u));
    const uint64_t limit = maxTableBytes != 0 ? maxTableBytes : GetDefaultTableLimit();
    if (bytes <= limit)
    {
        return "";
    }
    std::ostringstream msg;
    msg << sourceName << ":" << line << ": the routing tables of " << nSwitches << " switches";
    if (maxPorts != 0)
    {
        msg << " (up to " << maxPorts << " ports each) would take ";
    }
    else
    {
        msg << " would take at least ";
    }
    msg << bytes << " bytes (" << std::fixed << std::setprecision(2) << bytes / 1073741824.0
        << " GiB), more than the " << limit << " bytes allowed (MaxTableBytes; by default three "
        << "quarters of this machine's memory)";
    return msg.str();
}

void
SanGraphTopology::Build(Parsed& parsed)
{
    NS_LOG_FUNCTION(this);
    const uint32_t nSwitches = parsed.nSwitches;
    m_nSwitches = nSwitches;
    m_hosts = std::move(parsed.hosts);

    // Flatten the ports, and list each switch's switch-to-switch links.
    m_portOffset.assign(nSwitches + 1, 0);
    m_linkOffset.assign(nSwitches + 1, 0);
    m_peers.clear();
    m_links.clear();
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        m_portOffset[s] = static_cast<uint32_t>(m_peers.size());
        m_linkOffset[s] = static_cast<uint32_t>(m_links.size());
        const std::vector<SanPortPeer>& ports = parsed.ports[s];
        for (uint32_t p = 0; p < ports.size(); ++p)
        {
            m_peers.push_back(ports[p]);
            if (ports[p].kind == SanPortPeer::SWITCH)
            {
                m_links.push_back(SwitchLink{p, ports[p].index, ports[p].port});
            }
        }
    }
    m_portOffset[nSwitches] = static_cast<uint32_t>(m_peers.size());
    m_linkOffset[nSwitches] = static_cast<uint32_t>(m_links.size());
    parsed.ports.clear();

    // All-pairs distances: a Boost.Graph breadth-first search from every switch over the
    // switch-only graph. The graph is undirected, so the search from d gives row d.
    using SwitchGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    SwitchGraph g(nSwitches);
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        for (uint32_t i = m_linkOffset[s]; i < m_linkOffset[s + 1]; ++i)
        {
            if (m_links[i].peer > s)
            {
                boost::add_edge(s, m_links[i].peer, g);
            }
        }
    }
    const size_t cells = static_cast<size_t>(nSwitches) * nSwitches;
    m_residue.assign((cells + 3) / 4, 0);
    std::vector<uint32_t> dist(nSwitches);
    for (uint32_t d = 0; d < nSwitches; ++d)
    {
        std::fill(dist.begin(), dist.end(), std::numeric_limits<uint32_t>::max());
        dist[d] = 0;
        boost::breadth_first_search(
            g,
            d,
            boost::visitor(boost::make_bfs_visitor(
                boost::record_distances(dist.data(), boost::on_tree_edge()))));
        // Parse() checked that the graph is connected, so every distance is below S.
        const size_t base = static_cast<size_t>(d) * nSwitches;
        for (uint32_t s = 0; s < nSwitches; ++s)
        {
            const size_t cell = base + s;
            m_residue[cell >> 2] |= static_cast<uint8_t>((dist[s] % 3) << ((cell & 3) * 2));
        }
        if (d == 0)
        {
            m_level = dist; // the up*\/down* levels
        }
    }

    BuildUpDownTable();
    NS_LOG_INFO("graph of " << nSwitches << " switches, " << m_links.size() / 2 << " links, "
                            << m_hosts.size() << " hosts");
}

void
SanGraphTopology::BuildUpDownTable()
{
    NS_LOG_FUNCTION(this);
    const uint32_t nSwitches = m_nSwitches;
    uint32_t maxPorts = 0;
    for (uint32_t sw = 0; sw < nSwitches; ++sw)
    {
        maxPorts = std::max(maxPorts, m_portOffset[sw + 1] - m_portOffset[sw]);
    }
    const size_t cells = static_cast<size_t>(nSwitches) * nSwitches;
    m_next8.clear();
    m_next16.clear();
    if (maxPorts < NO_NEXT8)
    {
        m_next8.assign(cells, NO_NEXT8);
    }
    else
    {
        m_next16.assign(cells, NO_NEXT16);
    }
    constexpr uint32_t UNREACHED = std::numeric_limits<uint32_t>::max();
    std::vector<uint32_t> hops(nSwitches);
    std::vector<uint8_t> allDown(nSwitches);
    std::vector<uint32_t> queue;
    queue.reserve(nSwitches);

    // For each destination d, a breadth-first search outward from d. When switch y (whose
    // route is known) is taken from the queue, each neighbour x may route through y if the
    // route stays legal: an up hop x -> y may be followed by anything; a down hop x -> y
    // only by a route that is all down. A switch keeps the first (shortest) legal route
    // found, upgraded to an all-down one of the same length if one turns up before the
    // switch is itself taken from the queue: an all-down route lets more switches above use
    // it. Routes built this way never go down then up, and each switch's table entry is
    // consistent with the entries of the switches after it.
    for (uint32_t d = 0; d < nSwitches; ++d)
    {
        const size_t base = static_cast<size_t>(d) * nSwitches;
        auto setNext = [this, base](uint32_t x, uint32_t port) {
            if (m_next8.empty())
            {
                m_next16[base + x] = static_cast<uint16_t>(port);
            }
            else
            {
                m_next8[base + x] = static_cast<uint8_t>(port);
            }
        };
        std::fill(hops.begin(), hops.end(), UNREACHED);
        std::fill(allDown.begin(), allDown.end(), 0);
        queue.clear();
        hops[d] = 0;
        allDown[d] = 1;
        queue.push_back(d);
        for (size_t head = 0; head < queue.size(); ++head)
        {
            const uint32_t y = queue[head];
            for (uint32_t i = m_linkOffset[y]; i < m_linkOffset[y + 1]; ++i)
            {
                const uint32_t x = m_links[i].peer;
                const bool up = IsUpHop(x, y);
                if (!up && !allDown[y])
                {
                    continue; // x -> y would be a down hop followed by an up hop
                }
                const uint32_t port = m_links[i].peerPort;
                if (hops[x] == UNREACHED)
                {
                    hops[x] = hops[y] + 1;
                    allDown[x] = up ? 0 : 1;
                    setNext(x, port);
                    queue.push_back(x);
                }
                else if (!up && !allDown[x] && hops[x] == hops[y] + 1)
                {
                    allDown[x] = 1;
                    setNext(x, port);
                }
            }
        }
        // Every switch is reached: switch 0 lies above every switch by a tree path of down
        // hops, and every other switch has an up hop toward switch 0.
        for (uint32_t s = 0; s < nSwitches; ++s)
        {
            NS_ABORT_MSG_IF(hops[s] == UNREACHED,
                            "SanGraphTopology: internal error: no up*/down* route from switch "
                                << s << " to switch " << d);
        }
    }
}

std::string
SanGraphTopology::GetName() const
{
    return "graph";
}

uint32_t
SanGraphTopology::GetNSwitches() const
{
    return m_nSwitches;
}

uint32_t
SanGraphTopology::GetNHosts() const
{
    return static_cast<uint32_t>(m_hosts.size());
}

uint32_t
SanGraphTopology::GetNPorts(uint32_t sw) const
{
    NS_ABORT_MSG_IF(sw >= m_nSwitches,
                    "SanGraphTopology: no switch " << sw << " (" << m_nSwitches << " switches)");
    return m_portOffset[sw + 1] - m_portOffset[sw];
}

uint32_t
SanGraphTopology::GetHostSwitch(uint32_t host) const
{
    return m_hosts[host].sw;
}

uint32_t
SanGraphTopology::GetHostPort(uint32_t host) const
{
    return m_hosts[host].port;
}

SanPortPeer
SanGraphTopology::GetPeer(uint32_t sw, uint32_t port) const
{
    NS_ABORT_MSG_IF(sw >= m_nSwitches,
                    "SanGraphTopology: no switch " << sw << " (" << m_nSwitches << " switches)");
    if (port >= m_portOffset[sw + 1] - m_portOffset[sw])
    {
        return SanPortPeer();
    }
    return m_peers[m_portOffset[sw] + port];
}

uint32_t
SanGraphTopology::GetDeterministicPort(uint32_t sw, uint32_t dst) const
{
    return NextPort(sw, dst);
}

uint32_t
SanGraphTopology::GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const
{
    // A neighbour's distance is ours - 1, ours or ours + 1: its residue tells which. (At the
    // destination itself no neighbour is closer.)
    if (sw == dst)
    {
        return 0;
    }
    const uint32_t closer = (Residue(sw, dst) + 2) % 3;
    uint32_t n = 0;
    const uint32_t end = m_linkOffset[sw + 1];
    for (uint32_t i = m_linkOffset[sw]; i < end && n < MAX_CANDIDATES; ++i)
    {
        if (Residue(m_links[i].peer, dst) == closer)
        {
            ports[n++] = m_links[i].port;
        }
    }
    return n;
}

uint32_t
SanGraphTopology::GetDistance(uint32_t sw, uint32_t dst) const
{
    NS_ABORT_MSG_IF(sw >= m_nSwitches || dst >= m_nSwitches,
                    "SanGraphTopology: no switch " << std::max(sw, dst) << " (" << m_nSwitches
                                                   << " switches)");
    // Walk a shortest path: each step to a neighbour one hop closer.
    uint32_t hops = 0;
    for (uint32_t cur = sw; cur != dst; ++hops)
    {
        const uint32_t closer = (Residue(cur, dst) + 2) % 3;
        uint32_t next = cur;
        for (uint32_t i = m_linkOffset[cur]; i < m_linkOffset[cur + 1]; ++i)
        {
            if (Residue(m_links[i].peer, dst) == closer)
            {
                next = m_links[i].peer;
                break;
            }
        }
        NS_ABORT_MSG_IF(next == cur, "SanGraphTopology: internal error: no closer neighbour");
        cur = next;
    }
    return hops;
}

bool
SanGraphTopology::IsUpPort(uint32_t sw, uint32_t port) const
{
    const SanPortPeer peer = GetPeer(sw, port);
    return peer.kind == SanPortPeer::SWITCH && IsUpHop(sw, peer.index);
}

} // namespace ns3
