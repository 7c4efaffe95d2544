/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-graph-file.h"

#include "san-graph-routing-tables.h"

#include <algorithm>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <utility>

namespace ns3
{

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

std::string
SanGraphFile::Read(const std::string& fileName, std::string& text)
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
SanGraphFile::Parse(const std::string& text,
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
            const std::string tooBig = SanGraphRoutingTables::CheckTableSize(sourceName,
                                                                             lineNo,
                                                                             out.nSwitches,
                                                                             0,
                                                                             maxTableBytes);
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
    return SanGraphRoutingTables::CheckTableSize(sourceName,
                                                 switchesLine,
                                                 out.nSwitches,
                                                 static_cast<uint32_t>(maxPorts),
                                                 maxTableBytes);
}

} // namespace ns3
