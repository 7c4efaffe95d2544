/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-census-scheduler.h"

#include "ns3/abort.h"
#include "ns3/event-impl.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cxxabi.h>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanCensusScheduler");

NS_OBJECT_ENSURE_REGISTERED(SanCensusScheduler);

namespace
{

/// The census scheduler of the simulator now running (one simulator at a time in a process).
SanCensusScheduler* g_current = nullptr;

/// \return the describers by event type
std::unordered_map<std::type_index, SanCensusScheduler::Describer>&
Describers()
{
    static std::unordered_map<std::type_index, SanCensusScheduler::Describer> describers;
    return describers;
}

/// \param s text \param from what to remove everywhere \return s without it
std::string
Without(std::string s, const std::string& from)
{
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at))
    {
        s.erase(at, from.size());
    }
    return s;
}

/// \param s text whose s[open] is '<' \param open its index
/// \return the index of the matching '>' (npos if none)
std::size_t
Closing(const std::string& s, std::size_t open)
{
    int depth = 0;
    for (std::size_t i = open; i < s.size(); ++i)
    {
        if (s[i] == '<')
        {
            ++depth;
        }
        else if (s[i] == '>' && --depth == 0)
        {
            return i;
        }
    }
    return std::string::npos;
}

} // namespace

TypeId
SanCensusScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanCensusScheduler")
            .SetParent<Scheduler>()
            .SetGroupName("San")
            .AddConstructor<SanCensusScheduler>()
            .AddAttribute("Inner",
                          "The scheduler that holds the events and decides their order.",
                          StringValue("ns3::MapScheduler"),
                          MakeObjectFactoryAccessor(&SanCensusScheduler::m_innerFactory),
                          MakeObjectFactoryChecker())
            .AddAttribute("Report",
                          "Where the census is written when the simulator is destroyed: "
                          "\"stderr\", \"stdout\", \"none\" or a file's path.",
                          StringValue("stderr"),
                          MakeStringAccessor(&SanCensusScheduler::m_report),
                          MakeStringChecker())
            .AddAttribute("ReportTop",
                          "How many kinds the report lists (the rest on one line).",
                          UintegerValue(25),
                          MakeUintegerAccessor(&SanCensusScheduler::m_reportTop),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

SanCensusScheduler::SanCensusScheduler()
    : m_reportTop(25)
{
    g_current = this;
}

SanCensusScheduler::~SanCensusScheduler()
{
    if (g_current == this)
    {
        g_current = nullptr;
    }
    if (m_report == "none" || m_executed == 0)
    {
        return;
    }
    if (m_report == "stderr" || m_report.empty())
    {
        Write(std::cerr, m_reportTop);
    }
    else if (m_report == "stdout")
    {
        Write(std::cout, m_reportTop);
    }
    else
    {
        std::ofstream out(m_report);
        if (!out)
        {
            std::cerr << "SanCensusScheduler: cannot write the census to '" << m_report << "'\n";
            return;
        }
        Write(out, m_reportTop);
    }
}

Scheduler&
SanCensusScheduler::Inner() const
{
    if (!m_inner)
    {
        NS_ABORT_MSG_IF(m_innerFactory.GetTypeId().GetName() == GetTypeId().GetName(),
                        "SanCensusScheduler: its \"Inner\" scheduler cannot be itself");
        m_inner = m_innerFactory.Create<Scheduler>();
        NS_ABORT_MSG_IF(!m_inner,
                        "SanCensusScheduler: \"Inner\" (" << m_innerFactory.GetTypeId().GetName()
                                                          << ") is not a Scheduler");
    }
    return *m_inner;
}

void
SanCensusScheduler::Insert(const Event& ev)
{
    Inner().Insert(ev);
}

bool
SanCensusScheduler::IsEmpty() const
{
    return Inner().IsEmpty();
}

Scheduler::Event
SanCensusScheduler::PeekNext() const
{
    return Inner().PeekNext();
}

SanCensusScheduler::Counts&
SanCensusScheduler::CountsOf(const EventImpl* impl)
{
    const std::type_index type(typeid(*impl));
    auto& describers = Describers();
    if (!describers.empty())
    {
        auto d = describers.find(type);
        if (d != describers.end())
        {
            return m_byDescription[d->second(impl)];
        }
    }
    return m_byType[type];
}

Scheduler::Event
SanCensusScheduler::RemoveNext()
{
    Event ev = Inner().RemoveNext();
    Counts& counts = CountsOf(ev.impl);
    ++counts.executed;
    ++m_executed;
    if (ev.impl->IsCancelled())
    {
        ++counts.cancelled;
    }
    return ev;
}

void
SanCensusScheduler::Remove(const Event& ev)
{
    ++CountsOf(ev.impl).removed;
    Inner().Remove(ev);
}

uint64_t
SanCensusScheduler::GetExecuted() const
{
    return m_executed;
}

std::vector<SanCensusScheduler::Kind>
SanCensusScheduler::GetKinds() const
{
    std::vector<Kind> kinds;
    auto add = [&kinds](const std::string& name, const Counts& c) {
        Kind k;
        static_cast<Counts&>(k) = c;
        k.name = name;
        kinds.push_back(k);
    };
    for (const auto& [type, c] : m_byType)
    {
        add(ReadableName(type), c);
    }
    for (const auto& [name, c] : m_byDescription)
    {
        add(name, c);
    }
    std::sort(kinds.begin(), kinds.end(), [](const Kind& a, const Kind& b) {
        return a.executed != b.executed ? a.executed > b.executed : a.name < b.name;
    });
    return kinds;
}

void
SanCensusScheduler::Write(std::ostream& os,
                          uint32_t top,
                          double per,
                          const std::string& perName) const
{
    const std::vector<Kind> kinds = GetKinds();
    const double all = static_cast<double>(std::max<uint64_t>(m_executed, 1));
    os << "event census: " << m_executed << " events taken, " << kinds.size() << " kinds";
    if (per > 0)
    {
        os << ", " << std::fixed << std::setprecision(1) << m_executed / per << " per " << perName;
    }
    os << "\n";
    auto line = [&](uint64_t executed, uint64_t cancelled, const std::string& name) {
        os << std::setw(12) << executed << std::setw(7) << std::fixed << std::setprecision(1)
           << 100.0 * executed / all << "%";
        if (per > 0)
        {
            os << std::setw(9) << std::setprecision(2) << executed / per;
        }
        os << std::setw(10) << cancelled << "  " << name << "\n";
    };
    os << std::setw(12) << "events" << std::setw(8) << "share";
    if (per > 0)
    {
        os << std::setw(9) << ("/" + perName.substr(0, 7));
    }
    os << std::setw(10) << "cancelled"
       << "  kind\n";
    uint64_t restExecuted = 0;
    uint64_t restCancelled = 0;
    for (std::size_t i = 0; i < kinds.size(); ++i)
    {
        if (i < top)
        {
            line(kinds[i].executed, kinds[i].cancelled, kinds[i].name);
        }
        else
        {
            restExecuted += kinds[i].executed;
            restCancelled += kinds[i].cancelled;
        }
    }
    if (kinds.size() > top)
    {
        line(restExecuted,
             restCancelled,
             "(" + std::to_string(kinds.size() - top) + " other kinds)");
    }
    os.unsetf(std::ios::floatfield);
}

SanCensusScheduler*
SanCensusScheduler::GetCurrent()
{
    return g_current;
}

void
SanCensusScheduler::Describe(std::type_index type, Describer describer)
{
    Describers()[type] = std::move(describer);
}

std::string
SanCensusScheduler::ReadableName(std::type_index type)
{
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> demangled(
        abi::__cxa_demangle(type.name(), nullptr, nullptr, &status),
        std::free);
    std::string s = status == 0 && demangled ? demangled.get() : type.name();
    s = Without(Without(Without(s, "ns3::"), "std::__cxx11::"), "std::");
    // MakeEvent<F, Args...>(F, Args...)::EventMemberImplN: what it calls, with what.
    // Callback<R, ...>::Callback<F, ...>(F, ...)::{lambda()#1}: the same for a callback.
    for (const std::string& head : {std::string("MakeEvent<"), std::string("Callback<")})
    {
        if (s.compare(0, head.size(), head) != 0)
        {
            continue;
        }
        std::size_t open = head.size() - 1;
        if (head == "Callback<")
        {
            const std::size_t inner = s.find("::Callback<");
            if (inner == std::string::npos)
            {
                continue;
            }
            open = inner + std::string("::Callback").size();
        }
        const std::size_t close = Closing(s, open);
        if (close != std::string::npos)
        {
            s = (head == "MakeEvent<" ? "event " : "callback ") +
                s.substr(open + 1, close - open - 1);
        }
        break;
    }
    const std::size_t limit = 200;
    if (s.size() > limit)
    {
        s = s.substr(0, limit - 3) + "...";
    }
    return s;
}

} // namespace ns3
