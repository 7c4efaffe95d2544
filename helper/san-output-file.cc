/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-output-file.h"

#include "ns3/abort.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <unistd.h>

namespace ns3
{

SanOutputFile::~SanOutputFile()
{
    Discard();
}

bool
SanOutputFile::IsNoFile(const std::string& path)
{
    return path.empty() || path == "none";
}

std::vector<char*>
SanOutputFile::TakeEmptyOptions(int argc,
                                char* argv[],
                                const std::vector<std::pair<std::string, std::string*>>& options)
{
    // The option each argument gives, and whether it is empty: "" if it is no such option.
    auto optionOf = [&options](const std::string& arg, bool& empty) -> std::string {
        for (const auto& [name, value] : options)
        {
            const std::string prefix = "--" + name + "=";
            if (arg.rfind(prefix, 0) == 0)
            {
                empty = arg.size() == prefix.size();
                return name;
            }
        }
        return "";
    };
    std::vector<bool> lastEmpty(options.size(), false);
    for (int i = 1; i < argc; ++i)
    {
        bool empty = false;
        const std::string name = optionOf(argv[i], empty);
        for (size_t k = 0; k < options.size(); ++k)
        {
            if (options[k].first == name)
            {
                lastEmpty[k] = empty;
            }
        }
    }
    std::vector<char*> args{argv[0]};
    for (int i = 1; i < argc; ++i)
    {
        bool empty = false;
        const std::string name = optionOf(argv[i], empty);
        bool keep = !empty;
        for (size_t k = 0; k < options.size(); ++k)
        {
            if (options[k].first == name && lastEmpty[k])
            {
                options[k].second->clear();
                keep = false;
            }
        }
        if (keep)
        {
            args.push_back(argv[i]);
        }
    }
    return args;
}

std::string
SanOutputFile::Open(const std::string& path)
{
    Discard();
    if (path.empty())
    {
        return "no output file named";
    }
    const std::filesystem::path p(path);
    if (p.has_parent_path())
    {
        std::error_code ec;
        std::filesystem::create_directories(p.parent_path(), ec);
        if (ec)
        {
            return "cannot create the folder of '" + path + "': " + ec.message();
        }
    }
    std::error_code ec;
    const auto status = std::filesystem::status(p, ec);
    if (std::filesystem::is_directory(status))
    {
        return "cannot write '" + path + "': it is a directory";
    }
    m_path = path;
    // A device or pipe (/dev/stdout, a fifo) is written in place: it cannot be renamed over.
    const bool inPlace =
        std::filesystem::exists(status) && !std::filesystem::is_regular_file(status);
    m_temp = inPlace ? "" : path + ".partial-" + std::to_string(getpid());
    errno = 0;
    m_out.open(inPlace ? m_path : m_temp, std::ios::out | std::ios::trunc);
    if (!m_out)
    {
        const std::string why = errno != 0 ? std::strerror(errno) : "cannot open";
        m_temp.clear();
        return "cannot write '" + path + "': " + why;
    }
    return "";
}

bool
SanOutputFile::IsOpen() const
{
    return m_out.is_open();
}

std::ostream&
SanOutputFile::Stream()
{
    return m_out;
}

std::string
SanOutputFile::Commit()
{
    if (!m_out.is_open())
    {
        return "cannot write '" + m_path + "': it was not opened";
    }
    errno = 0;
    m_out.flush();
    const bool written = static_cast<bool>(m_out);
    m_out.close();
    if (!written || m_out.fail())
    {
        const std::string why = errno != 0 ? std::strerror(errno) : "write failed";
        Discard();
        return "cannot write '" + m_path + "': " + why + " (nothing written)";
    }
    if (!m_temp.empty() && std::rename(m_temp.c_str(), m_path.c_str()) != 0)
    {
        const std::string why = std::strerror(errno);
        Discard();
        return "cannot write '" + m_path + "': " + why + " (nothing written)";
    }
    m_temp.clear();
    return "";
}

void
SanOutputFile::Discard()
{
    if (m_out.is_open())
    {
        m_out.close();
    }
    if (!m_temp.empty())
    {
        std::remove(m_temp.c_str());
        m_temp.clear();
    }
}

SanOutputStream::SanOutputStream(const std::string& path)
    : std::ostream(nullptr),
      m_path(path)
{
    const std::string error = m_file.Open(path);
    NS_ABORT_MSG_IF(!error.empty(), error);
    rdbuf(m_file.Stream().rdbuf());
}

SanOutputStream::~SanOutputStream()
{
    // A write that failed on this stream (the shared buffer reports it here, not to the file's
    // own stream) or on the flush and close that Commit checks: nothing is put in place.
    const bool written = good();
    rdbuf(nullptr);
    if (!written)
    {
        m_file.Discard();
    }
    const std::string error =
        written ? m_file.Commit()
                : "cannot write '" + m_path + "': a write failed (nothing written)";
    NS_ABORT_MSG_IF(!error.empty(), error);
}

} // namespace ns3
