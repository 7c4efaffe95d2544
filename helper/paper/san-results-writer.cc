/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-results-writer.h"

#include "ns3/abort.h"
#include "ns3/attribute.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/san-output-file.h"
#include "ns3/type-id.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanResultsWriter");

namespace
{

/// \param v a number \return "" for NaN, else %.6g
std::string
CsvNumber(double v)
{
    if (std::isnan(v))
    {
        return "";
    }
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.6g", v);
    return buf;
}

/// \param text a field \param always quote even if not needed \return it as a CSV field
std::string
CsvField(const std::string& text, bool always = false)
{
    if (!always && text.find_first_of(",\"\r\n") == std::string::npos)
    {
        return text;
    }
    std::string out = "\"";
    for (char c : text)
    {
        if (c == '"')
        {
            out += '"';
        }
        out += (c == '\r' || c == '\n') ? ' ' : c;
    }
    return out + "\"";
}

/// \param text one line of a comment \return it without line breaks
std::string
OneLine(std::string text)
{
    for (char& c : text)
    {
        if (c == '\r' || c == '\n')
        {
            c = ' ';
        }
    }
    return text;
}

/// \param command a shell command \return its stdout's first line ("" if it failed)
std::string
FirstLineOf(const std::string& command)
{
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr)
    {
        return "";
    }
    std::array<char, 256> buf{};
    std::string line;
    if (std::fgets(buf.data(), buf.size(), pipe) != nullptr)
    {
        line = buf.data();
    }
    if (pclose(pipe) != 0)
    {
        return "";
    }
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' '))
    {
        line.pop_back();
    }
    return line;
}

/// \param path a path \return it quoted for sh
std::string
ShellQuote(const std::string& path)
{
    std::string out = "'";
    for (char c : path)
    {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

/// \param unit a Time unit \return its name as ns-3's Time::SetResolution spells it
std::string
TimeUnitName(Time::Unit unit)
{
    switch (unit)
    {
    case Time::Y:
        return "Y";
    case Time::D:
        return "D";
    case Time::H:
        return "H";
    case Time::MIN:
        return "MIN";
    case Time::S:
        return "S";
    case Time::MS:
        return "MS";
    case Time::US:
        return "US";
    case Time::NS:
        return "NS";
    case Time::PS:
        return "PS";
    case Time::FS:
        return "FS";
    default:
        return "?";
    }
}

} // namespace

SanResultsWriter::SanResultsWriter(std::string paper)
    : m_paper(std::move(paper))
{
    NS_ABORT_MSG_IF(m_paper.empty() || m_paper.find_first_of(",\"\r\n") != std::string::npos,
                    "SanResultsWriter: bad paper name '" << m_paper << "'");
}

std::string
SanResultsWriter::GetPaper() const
{
    return m_paper;
}

void
SanResultsWriter::AddParameter(const std::string& nameValue)
{
    m_parameters.push_back(OneLine(nameValue));
}

void
SanResultsWriter::AddParameters(const std::vector<std::string>& nameValues)
{
    for (const auto& p : nameValues)
    {
        AddParameter(p);
    }
}

std::vector<std::string>
SanResultsWriter::CommandLineParameters(int argc, char* argv[])
{
    std::vector<std::string> out;
    for (int i = 1; i < argc; ++i)
    {
        std::string a = argv[i];
        const size_t dashes = a.find_first_not_of('-');
        if (dashes != std::string::npos && dashes > 0 && dashes <= 2)
        {
            a = a.substr(dashes);
        }
        if (!a.empty())
        {
            out.push_back(a);
        }
    }
    return out;
}

std::vector<std::string>
SanResultsWriter::ChangedNs3Settings()
{
    std::vector<std::string> out;
    // Global values: compare each with its initial value (ResetInitialValue, then put the
    // current one back). RngSeed and RngRun are recorded as seed and run.
    for (auto it = GlobalValue::Begin(); it != GlobalValue::End(); ++it)
    {
        GlobalValue* g = *it;
        const std::string name = g->GetName();
        if (name == "RngSeed" || name == "RngRun")
        {
            continue;
        }
        Ptr<const AttributeChecker> checker = g->GetChecker();
        Ptr<AttributeValue> current = checker->Create();
        g->GetValue(*current);
        g->ResetInitialValue();
        Ptr<AttributeValue> initial = checker->Create();
        g->GetValue(*initial);
        g->SetValue(*current);
        const std::string now = current->SerializeToString(checker);
        if (now != initial->SerializeToString(checker))
        {
            out.push_back(name + "=" + now);
        }
    }
    // Attribute defaults: Config::SetDefault replaces a TypeId's initial value; an untouched
    // attribute still shares its original value object.
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId tid = TypeId::GetRegistered(i);
        for (std::size_t j = 0; j < tid.GetAttributeN(); ++j)
        {
            const TypeId::AttributeInformation info = tid.GetAttribute(j);
            if (!info.initialValue || !info.originalInitialValue || !info.checker ||
                info.initialValue == info.originalInitialValue)
            {
                continue;
            }
            const std::string now = info.initialValue->SerializeToString(info.checker);
            if (now != info.originalInitialValue->SerializeToString(info.checker))
            {
                out.push_back(tid.GetName() + "::" + info.name + "=" + now);
            }
        }
    }
    if (Time::GetResolution() != Time::NS)
    {
        out.push_back("TimeResolution=" + TimeUnitName(Time::GetResolution()));
    }
    return out;
}

std::string
SanResultsWriter::GetCommit()
{
    const char* env = std::getenv("SAN_COMMIT");
    if (env != nullptr && *env != '\0')
    {
        return OneLine(env);
    }
    // This file's folder is inside the module's source tree (CMake compiles it by its
    // absolute path); fall back to the current folder.
    std::filesystem::path dir = std::filesystem::path(__FILE__).parent_path();
    std::error_code ec;
    if (!dir.is_absolute() || !std::filesystem::is_directory(dir, ec))
    {
        dir = std::filesystem::current_path(ec);
    }
    const std::string id =
        FirstLineOf("git -C " + ShellQuote(dir.string()) + " rev-parse --short HEAD 2>/dev/null");
    return id.empty() ? "unknown" : id;
}

std::string
SanResultsWriter::GetUtcDate()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buf;
}

namespace
{
/// Set once an experiment of this process took its quick settings (SanResultsWriter::IsQuick).
bool g_quickSettingsTaken = false;
} // namespace

bool
SanResultsWriter::IsQuick()
{
    const char* env = std::getenv("SAN_QUICK");
    const bool quick = env != nullptr && std::string(env) == "1";
    g_quickSettingsTaken = g_quickSettingsTaken || quick;
    return quick;
}

bool
SanResultsWriter::TookQuickSettings()
{
    return g_quickSettingsTaken;
}

std::vector<std::pair<std::string, std::string>>
SanResultsWriter::GetProvenance() const
{
    std::vector<std::pair<std::string, std::string>> p;
    p.emplace_back("san-results", m_paper);
    p.emplace_back("commit", GetCommit());
    p.emplace_back("date", GetUtcDate());
    p.emplace_back("mode", g_quickSettingsTaken ? "quick" : "full");
    p.emplace_back("seed", std::to_string(RngSeedManager::GetSeed()));
    p.emplace_back("run", std::to_string(RngSeedManager::GetRun()));
    std::vector<std::string> parameters = m_parameters;
    for (const auto& s : ChangedNs3Settings())
    {
        parameters.push_back(s);
    }
    p.emplace_back("parameters", std::to_string(parameters.size()));
    for (const auto& s : parameters)
    {
        p.emplace_back("parameter", s);
    }
    return p;
}

void
SanResultsWriter::Write(const std::string& path, const std::vector<SanPaperRow>& rows) const
{
    // Written whole or not at all: an interrupted run or a full disk leaves the previous file.
    SanOutputFile file;
    const std::string error = file.Open(path);
    NS_ABORT_MSG_IF(!error.empty(), "SanResultsWriter::Write: " << error);
    std::ostream& out = file.Stream();
    for (const auto& kv : GetProvenance())
    {
        out << "# " << kv.first << ": " << kv.second << "\n";
    }
    out << "# checks: experiment,metric,role,tolerance,excuse\n";
    for (const auto& row : rows)
    {
        out << "# check: " << CsvField(row.experiment) << "," << CsvField(row.metric) << ","
            << row.GetRoleName() << "," << CsvNumber(row.tolerance) << "," << row.GetExcuseName()
            << "\n";
    }
    out << "paper,experiment,metric,unit,paper_value,simulated_value,rel_error,source,"
           "paper_kind,missing\n";
    for (const auto& row : rows)
    {
        std::string source = row.source;
        if (!row.deviation.empty())
        {
            source += "; " + row.deviation;
        }
        out << m_paper << "," << CsvField(row.experiment) << "," << CsvField(row.metric) << ","
            << CsvField(row.unit) << "," << row.paper.Format() << "," << CsvNumber(row.simulated)
            << "," << CsvNumber(row.RelativeError()) << "," << CsvField(source, true) << ","
            << row.paper.GetKindName() << "," << CsvField(row.missing, true) << "\n";
    }
    const std::string written = file.Commit();
    NS_ABORT_MSG_IF(!written.empty(), "SanResultsWriter::Write: " << written);
    std::printf("\nwrote %s (%zu rows)\n", path.c_str(), rows.size());
}

void
SanResultsWriter::Print(const std::vector<SanPaperRow>& rows)
{
    std::printf("\n%-36s %-30s %-20s %10s %11s %8s %s\n",
                "experiment",
                "metric",
                "unit",
                "paper",
                "simulated",
                "error",
                "check");
    for (const auto& row : rows)
    {
        const double rel = row.RelativeError();
        char err[32] = "";
        if (!std::isnan(rel))
        {
            std::snprintf(err, sizeof(err), "%+.2f%%", 100 * rel);
        }
        std::string check;
        if (!row.paper.IsNone())
        {
            check = row.IsExcused()         ? "paper-inconsistent"
                    : row.Passes()          ? "pass"
                    : row.deviation.empty() ? "FAIL"
                                            : "FAIL (documented)";
        }
        std::printf("%-36s %-30s %-20s %10s %11.4g %8s %s\n",
                    row.experiment.c_str(),
                    row.metric.c_str(),
                    row.unit.c_str(),
                    row.paper.Describe().c_str(),
                    row.simulated,
                    err,
                    check.c_str());
    }
}

} // namespace ns3
