/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_MODULE_ROOT_H
#define SAN_MODULE_ROOT_H

#include <filesystem>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup san-tests
 * Where the module's source tree is, for tests that read its files (the wscript's lists, the
 * Wireshark dissector).
 */

namespace ns3
{
namespace santest
{

/**
 * \param dir a candidate module root
 * \return true if \p dir looks like the san module's root (has a wscript and a model/ folder)
 */
inline bool
IsModuleRoot(const std::filesystem::path& dir)
{
    std::error_code ec;
    return !dir.empty() && std::filesystem::is_regular_file(dir / "wscript", ec) &&
           std::filesystem::is_directory(dir / "model", ec);
}

/**
 * Finds the module's root: SAN_SOURCE_DIR (standalone CMake build), else the parent of this
 * file's folder (__FILE__, absolute in CMake builds), else the same path with leading "../"
 * removed (waf builds compile from a build folder), else NS_TEST_SOURCEDIR/.. (relative to an
 * ns-3 tree's root, where test.py runs).
 *
 * \param tried filled with the candidates tried, for the failure message
 * \return the root, or an empty path if no candidate holds a wscript and a model/ folder
 */
inline std::filesystem::path
FindModuleRoot(std::vector<std::string>& tried)
{
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
#ifdef SAN_SOURCE_DIR
    candidates.emplace_back(SAN_SOURCE_DIR);
#endif
    fs::path self(__FILE__);
    candidates.push_back(self.parent_path().parent_path());
    std::string stripped = self.generic_string();
    while (stripped.rfind("../", 0) == 0)
    {
        stripped.erase(0, 3);
    }
    candidates.push_back(fs::path(stripped).parent_path().parent_path());
#ifdef NS_TEST_SOURCEDIR
    candidates.push_back(fs::path(NS_TEST_SOURCEDIR).parent_path());
#endif
    for (const auto& candidate : candidates)
    {
        tried.push_back(candidate.string());
        if (IsModuleRoot(candidate))
        {
            return candidate;
        }
    }
    return fs::path();
}

} // namespace santest
} // namespace ns3

#endif /* SAN_MODULE_ROOT_H */
