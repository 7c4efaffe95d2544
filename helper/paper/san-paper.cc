/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-paper.h"

#include "san-results-writer.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/priority-queue-scheduler.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPaper");

NS_OBJECT_ENSURE_REGISTERED(SanPaper);

TypeId
SanPaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanPaper").SetParent<Object>().SetGroupName("San");
    return tid;
}

SanPaper::SanPaper() = default;

SanPaper::~SanPaper() = default;

void
SanPaper::WriteFigures(const std::string& prefix) const
{
}

void
SanPaper::Prepare() const
{
}

std::vector<SanPaperRow>
SanPaper::RunRows(bool beyond) const
{
    std::vector<SanPaperRow> rows;
    for (const Experiment& e : GetExperiments())
    {
        if (e.beyondPaper && !beyond)
        {
            continue;
        }
        NS_LOG_INFO(GetName() << ": " << e.name);
        const std::vector<SanPaperRow> more = e.rows();
        rows.insert(rows.end(), more.begin(), more.end());
    }
    return rows;
}

std::vector<std::string>
SanPaper::GetPaperTypeIds()
{
    std::vector<std::string> names;
    const TypeId base = SanPaper::GetTypeId();
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId t = TypeId::GetRegistered(i);
        if (t != base && t.IsChildOf(base) && t.HasConstructor())
        {
            names.push_back(t.GetName());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

Ptr<SanPaper>
SanPaper::CreatePaper(const std::string& typeId)
{
    TypeId t;
    const bool known = TypeId::LookupByNameFailSafe(typeId, &t);
    if (!known || !t.IsChildOf(SanPaper::GetTypeId()) || !t.HasConstructor())
    {
        std::ostringstream papers;
        for (const std::string& name : GetPaperTypeIds())
        {
            papers << " " << name;
        }
        NS_ABORT_MSG("SanPaper: '" << typeId
                                   << "' is not a paper; the papers are:" << papers.str());
    }
    ObjectFactory factory(typeId);
    return factory.Create<SanPaper>();
}

int
SanPaper::Main(int argc, char* argv[], const std::string& typeId)
{
    std::string paperType = typeId;
    std::string output;
    bool figures = true;
    bool beyond = true;
    // ns-3's PriorityQueueScheduler runs events in exactly MapScheduler's order (by time, then
    // by the order they were scheduled: both compare the same event keys), so every result is
    // the same; its binary heap costs less per event than the map's tree (scilan-paper: 253
    // million events, about a tenth of the run's time). --SchedulerType still overrides it.
    GlobalValue::Bind("SchedulerType", TypeIdValue(PriorityQueueScheduler::GetTypeId()));
    CommandLine cmd;
    if (typeId.empty())
    {
        cmd.AddValue("paper", "The paper to reproduce (a SanPaper TypeId)", paperType);
    }
    cmd.AddValue("output", "CSV file to write (default results/<paper>.csv)", output);
    cmd.AddValue("figures", "Also write the figures' data (sweeps) beside it", figures);
    cmd.AddValue("sweeps", "The same as --figures", figures);
    cmd.AddValue("beyond", "Also run the beyond-paper experiments", beyond);
    cmd.Parse(argc, argv);
    if (paperType.empty())
    {
        std::fprintf(stderr, "san-paper: choose a paper with --paper; the papers are:\n");
        for (const std::string& name : GetPaperTypeIds())
        {
            std::fprintf(stderr, "  %s\n", name.c_str());
        }
        return 1;
    }

    Ptr<SanPaper> paper = CreatePaper(paperType);
    paper->Prepare();
    if (output.empty())
    {
        output = "results/" + paper->GetName() + ".csv";
    }
    std::printf("%s\n", paper->GetTitle().c_str());
    const std::vector<SanPaperRow> rows = paper->RunRows(beyond);
    SanResultsWriter writer(paper->GetName());
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (figures)
    {
        const std::string dir = std::filesystem::path(output).parent_path().string();
        paper->WriteFigures(dir.empty() ? "" : dir + "/");
        std::printf("wrote the figures' data beside %s\n", output.c_str());
    }
    return 0;
}

} // namespace ns3
