/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-run-input.h"

#include "ns3/san-traffic-generator.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <sys/stat.h>

namespace ns3
{

std::string
SanRunInput::Abbreviate(const std::string& text, size_t keep)
{
    std::string out;
    for (size_t i = 0; i < text.size() && i < keep; ++i)
    {
        const auto c = static_cast<unsigned char>(text[i]);
        out += c < 0x20 || c == 0x7f ? '?' : text[i];
    }
    if (text.size() > keep)
    {
        out += "... (" + std::to_string(text.size()) + " characters)";
    }
    return out;
}

bool
SanRunInput::IsTimeText(const std::string& text)
{
    char* end = nullptr;
    const double number = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !std::isfinite(number) || number < 0)
    {
        return false;
    }
    static const std::pair<const char*, double> units[] = {{"", 1},
                                                           {"s", 1},
                                                           {"ms", 1e-3},
                                                           {"us", 1e-6},
                                                           {"ns", 1e-9},
                                                           {"ps", 1e-12},
                                                           {"fs", 1e-15},
                                                           {"min", 60},
                                                           {"h", 3600},
                                                           {"d", 86400}};
    for (const auto& u : units)
    {
        if (std::string(end) == u.first)
        {
            return number * u.second < 4e9; // seconds; ns-3's range is 2^63 ns, about 9.2e9 s
        }
    }
    return false;
}

bool
SanRunInput::IsSafeAttributeText(const std::string& valueType, const std::string& text)
{
    // The value types that ns-3 reads with operator>> and aborts unless the text is consumed
    // whole (ATTRIBUTE_VALUE_IMPLEMENT): read them here the same way first.
    auto whole = [&text](auto value) {
        std::istringstream in(text);
        in >> value;
        return !in.fail() && in.eof();
    };
    if (valueType == "ns3::UintegerValue")
    {
        return text.find('-') == std::string::npos && whole(uint64_t{});
    }
    if (valueType == "ns3::IntegerValue")
    {
        return whole(int64_t{});
    }
    if (valueType == "ns3::DoubleValue")
    {
        return whole(double{});
    }
    if (valueType == "ns3::TimeValue")
    {
        return IsTimeText(text);
    }
    if (valueType == "ns3::TypeIdValue")
    {
        TypeId tid;
        return TypeId::LookupByNameFailSafe(text, &tid);
    }
    // Values ns-3 takes as they are (a string) or parses and refuses cleanly.
    if (valueType == "ns3::BooleanValue" || valueType == "ns3::EnumValue" ||
        valueType == "ns3::StringValue" || valueType == "ns3::PointerValue")
    {
        return true;
    }
    // Any other streamed value (DataRate, addresses, ...): one word, which it reads whole.
    return !text.empty() && text.find_first_of(" \t\r\n") == std::string::npos;
}

std::string
SanRunInput::NormalizeLineEnds(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    size_t i = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    for (; i < text.size(); ++i)
    {
        if (text[i] == '\r')
        {
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n')
            {
                ++i;
            }
        }
        else
        {
            out += text[i];
        }
    }
    return out;
}

namespace
{
/// \param s text \return s without leading and trailing blanks
std::string
Trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
    {
        return "";
    }
    const auto e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

/// \param line a configuration line \return it up to its comment: `#` or `//` at the start or
/// after a blank, outside double quotes (so `out#1.csv` and `http://...` stay whole)
std::string
StripComment(const std::string& line)
{
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i)
    {
        if (line[i] == '"')
        {
            quoted = !quoted;
        }
        const bool mark = line[i] == '#' || line.compare(i, 2, "//") == 0;
        if (!quoted && mark && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t'))
        {
            return line.substr(0, i);
        }
    }
    return line;
}
} // namespace

std::string
SanRunInput::ParseConfig(const std::string& raw,
                         const std::string& source,
                         std::vector<Setting>& out)
{
    out.clear();
    const std::string text = NormalizeLineEnds(raw);
    std::istringstream in(text);
    std::string line;
    uint32_t lineNo = 0;
    while (std::getline(in, line))
    {
        ++lineNo;
        const std::string where = source + ":" + std::to_string(lineNo);
        if (line.find('\0') != std::string::npos)
        {
            return where + ": NUL byte (not a text file?)";
        }
        line = Trim(StripComment(line));
        if (!line.empty() && line.back() == ';')
        {
            line = Trim(line.substr(0, line.size() - 1));
        }
        if (line.empty())
        {
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string::npos)
        {
            return where + ": expected 'key = value', got '" + Abbreviate(line) + "'";
        }
        Setting s;
        s.key = Trim(line.substr(0, eq));
        s.value = Trim(line.substr(eq + 1));
        s.where = where;
        if (s.key.empty() || s.key.find_first_of(" \t") != std::string::npos)
        {
            return where + ": bad key '" + Abbreviate(s.key) + "'";
        }
        if (s.value.size() >= 2 && s.value.front() == '{' && s.value.back() == '}')
        {
            s.value = Trim(s.value.substr(1, s.value.size() - 2));
        }
        else if (s.value.size() >= 2 && s.value.front() == '"' && s.value.back() == '"')
        {
            s.value = s.value.substr(1, s.value.size() - 2);
        }
        out.push_back(s);
    }
    return "";
}

std::string
SanRunInput::CheckRegularFile(const std::string& fileName, const std::string& what)
{
    struct stat st;
    if (fileName.empty())
    {
        return "no " + what + " given";
    }
    if (stat(fileName.c_str(), &st) != 0)
    {
        return "cannot open " + what + " '" + Abbreviate(fileName, 256) + "': it does not exist";
    }
    if (S_ISDIR(st.st_mode))
    {
        return what + " '" + Abbreviate(fileName, 256) + "' is a directory, not a file";
    }
    if (!S_ISREG(st.st_mode))
    {
        return what + " '" + Abbreviate(fileName, 256) + "' is not a regular file";
    }
    std::ifstream in(fileName);
    if (!in)
    {
        return "cannot read " + what + " '" + Abbreviate(fileName, 256) + "'";
    }
    return "";
}

std::string
SanRunInput::ReadConfigFile(const std::string& fileName, std::vector<Setting>& out)
{
    std::string error = CheckRegularFile(fileName, "configuration file");
    if (!error.empty())
    {
        return error;
    }
    // The size before the contents: a huge file is refused without being read.
    const uint64_t limit = 1u << 20;
    struct stat st;
    std::ifstream in(fileName, std::ios::binary);
    if (stat(fileName.c_str(), &st) != 0 || static_cast<uint64_t>(st.st_size) > limit)
    {
        return "configuration file '" + Abbreviate(fileName, 256) + "' is larger than 1 MiB";
    }
    std::string text(limit + 1, '\0');
    in.read(&text[0], static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<size_t>(in.gcount()));
    if (text.size() > limit)
    {
        return "configuration file '" + Abbreviate(fileName, 256) + "' is larger than 1 MiB";
    }
    return ParseConfig(text, fileName, out);
}

std::string
SanRunInput::ParseUnsigned(const std::string& key,
                           const std::string& text,
                           uint64_t min,
                           uint64_t max,
                           uint64_t& out)
{
    const std::string shown = "--" + key + "=" + Abbreviate(text);
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    {
        return shown + ": not a whole number";
    }
    errno = 0;
    const unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
    if (errno == ERANGE || v > max || v < min)
    {
        return shown + ": out of range (" + std::to_string(min) + " to " + std::to_string(max) +
               ")";
    }
    out = v;
    return "";
}

std::string
SanRunInput::ParseDouble(const std::string& key, const std::string& text, double& out)
{
    const std::string shown = "--" + key + "=" + Abbreviate(text);
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0')
    {
        return shown + ": not a number";
    }
    if (!std::isfinite(v) || errno == ERANGE)
    {
        return shown + ": not a finite number";
    }
    out = v;
    return "";
}

std::string
SanRunInput::ParseBool(const std::string& key, const std::string& text, bool& out)
{
    if (text == "true" || text == "1" || text == "yes" || text == "on")
    {
        out = true;
        return "";
    }
    if (text == "false" || text == "0" || text == "no" || text == "off")
    {
        out = false;
        return "";
    }
    return "--" + key + "=" + Abbreviate(text) + ": expected true or false";
}

std::string
SanRunInput::ParseLoads(const std::string& text, std::vector<double>& out)
{
    out.clear();
    std::vector<std::string> parts;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        parts.push_back(Trim(item));
    }
    auto one = [](const std::string& t, double& v) {
        std::string error = ParseDouble("load", t, v);
        if (error.empty())
        {
            error = SanTrafficGenerator::CheckLoad(v);
            error = error.empty() ? "" : "--load=" + Abbreviate(t) + ": " + error;
        }
        return error;
    };
    if (parts.size() == 1 && std::count(text.begin(), text.end(), ':') == 2)
    {
        const auto c1 = text.find(':');
        const auto c2 = text.find(':', c1 + 1);
        double first;
        double last;
        double step;
        std::string error = one(Trim(text.substr(0, c1)), first);
        error = error.empty() ? one(Trim(text.substr(c1 + 1, c2 - c1 - 1)), last) : error;
        error = error.empty() ? ParseDouble("load", Trim(text.substr(c2 + 1)), step) : error;
        if (!error.empty())
        {
            return error;
        }
        if (step <= 0 || last < first || (last - first) / step > 1000)
        {
            return "--load=" + Abbreviate(text) +
                   ": a range first:last:step needs first <= last, a positive step and at most "
                   "1000 points";
        }
        // The count first (a step below the loads' precision would never reach last).
        const auto points = static_cast<uint32_t>(std::floor((last - first) / step + 1e-9)) + 1;
        for (uint32_t i = 0; i < points; ++i)
        {
            const double load = first + i * step;
            if (out.empty() || load > out.back())
            {
                out.push_back(load);
            }
        }
        return "";
    }
    if (parts.empty() || parts.size() > 1000)
    {
        return "--load=" + Abbreviate(text) + ": give 1 to 1000 loads";
    }
    for (const std::string& p : parts)
    {
        double v;
        const std::string error = one(p, v);
        if (!error.empty())
        {
            return error;
        }
        out.push_back(v);
    }
    std::sort(out.begin(), out.end());
    return "";
}

std::string
SanRunInput::CheckSizes(uint64_t maxPacketSize, uint64_t framing, uint64_t bufferBytes)
{
    const uint64_t limit = std::numeric_limits<uint32_t>::max();
    std::ostringstream msg;
    if (maxPacketSize + framing > limit)
    {
        msg << "packet size " << maxPacketSize << " plus framing " << framing
            << " bytes overflows the fabric's 32-bit sizes (at most " << limit << ")";
    }
    else if (bufferBytes > limit)
    {
        msg << "buffer of " << bufferBytes << " bytes per virtual channel overflows the fabric's "
            << "32-bit sizes (at most " << limit << ")";
    }
    return msg.str();
}

std::string
SanRunInput::MakeParentFolders(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos || slash == 0)
    {
        return "";
    }
    const std::string folder = path.substr(0, slash);
    for (size_t pos = 1; pos <= folder.size(); ++pos)
    {
        if (pos != folder.size() && folder[pos] != '/')
        {
            continue;
        }
        const std::string part = folder.substr(0, pos);
        struct stat st;
        if (stat(part.c_str(), &st) == 0)
        {
            if (!S_ISDIR(st.st_mode))
            {
                return "cannot create folder '" + Abbreviate(folder, 256) + "': '" +
                       Abbreviate(part, 256) + "' is not a folder";
            }
            continue;
        }
        if (mkdir(part.c_str(), 0777) != 0 && errno != EEXIST)
        {
            return "cannot create folder '" + Abbreviate(part, 256) + "'";
        }
    }
    return "";
}

} // namespace ns3
