/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup san-tests
 * Suite "san-build-files": the explicit file lists of the wscript (for waf-era ns-3 trees) must
 * name exactly the files that CMakeLists.txt globs, that is the files present on disk:
 *
 *  - module.source       = model/ and helper/ *.cc (recursively)
 *  - headers.source      = model/ and helper/ *.h  (recursively)
 *  - module_test.source  = test/ *-test-suite.cc and test/protection-fuzz/ *.cc
 *  - examples/wscript    = one program per examples/ *.cc
 *
 * and the folders of model/ and helper/ include each other without a cycle (the layers);
 * libraries reach their interface only through contexts; no class in model/ is over about
 * 800 lines of implementation.
 *
 * Names whose path has a component starting with a dot are ignored on both sides, as in
 * CMakeLists.txt. Every file missing from one side is reported by name. The fix is usually
 * `/usr/bin/python3 scripts/update-wscript.py`.
 */

#include "san-module-root.h"

#include "ns3/test.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \defgroup san-tests Tests of the san module
 * \ingroup san
 */

namespace
{

namespace fs = std::filesystem;

/// A set of paths relative to the module's root, with '/' separators.
using FileSet = std::set<std::string>;

using santest::FindModuleRoot;

/**
 * \param relative a path relative to the module's root
 * \return true if a component of \p relative starts with a dot
 */
bool
IsHidden(const fs::path& relative)
{
    for (const auto& part : relative)
    {
        const std::string name = part.string();
        if (!name.empty() && name[0] == '.')
        {
            return true;
        }
    }
    return false;
}

/**
 * Lists the regular files of a folder of the module.
 *
 * \param root the module's root
 * \param folder folder relative to \p root
 * \param recursive whether to descend into subfolders
 * \param suffix the ending a file name must have (e.g. ".cc", "-test-suite.cc")
 * \return the files, as paths relative to \p root
 */
FileSet
ListFiles(const fs::path& root,
          const std::string& folder,
          bool recursive,
          const std::string& suffix)
{
    FileSet files;
    std::error_code ec;
    const fs::path dir = root / folder;
    if (!fs::is_directory(dir, ec))
    {
        return files;
    }
    auto consider = [&](const fs::directory_entry& entry) {
        if (!entry.is_regular_file(ec))
        {
            return;
        }
        const std::string name = entry.path().filename().string();
        if (name.size() < suffix.size() ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        {
            return;
        }
        const fs::path relative = fs::relative(entry.path(), root, ec);
        if (!ec && !IsHidden(relative))
        {
            files.insert(relative.generic_string());
        }
    };
    if (recursive)
    {
        for (const auto& entry : fs::recursive_directory_iterator(dir, ec))
        {
            consider(entry);
        }
    }
    else
    {
        for (const auto& entry : fs::directory_iterator(dir, ec))
        {
            consider(entry);
        }
    }
    return files;
}

/**
 * The lists of a wscript: for `NAME.source = [ 'a', 'b', ... ]` (over one or several lines) the
 * entry NAME holds a and b; for `NAME.source = 'a'` the entry NAME holds a (examples/wscript
 * writes one such line per program, all named `obj`).
 */
using WscriptLists = std::map<std::string, std::vector<std::string>>;

/**
 * Appends the quoted strings of a piece of Python to a list.
 * \param text the text, up to the end of the list if it ends on this line
 * \param list the list to extend
 */
void
AppendQuoted(const std::string& text, std::vector<std::string>& list)
{
    std::size_t pos = 0;
    while ((pos = text.find_first_of("'\"", pos)) != std::string::npos)
    {
        const auto close = text.find(text[pos], pos + 1);
        if (close == std::string::npos)
        {
            return;
        }
        list.push_back(text.substr(pos + 1, close - pos - 1));
        pos = close + 1;
    }
}

/**
 * \param text a wscript's text
 * \return its source lists
 */
WscriptLists
ParseWscript(const std::string& text)
{
    WscriptLists lists;
    std::istringstream in(text);
    std::string line;
    std::string current; // the list being read, empty outside a list
    while (std::getline(in, line))
    {
        // Python comments (file names hold no '#').
        line = line.substr(0, line.find('#'));
        std::string rest = line;
        if (current.empty())
        {
            // NAME.source = [ ...   or   NAME.source = '...'
            const auto dot = line.find(".source");
            if (dot == std::string::npos)
            {
                continue;
            }
            const auto nameStart = line.find_first_not_of(" \t");
            const std::string name = line.substr(nameStart, dot - nameStart);
            auto pos = line.find_first_not_of(" \t", dot + 7);
            if (name.empty() || name.find_first_of(" \t()=") != std::string::npos ||
                pos == std::string::npos || line[pos] != '=')
            {
                continue;
            }
            pos = line.find_first_not_of(" \t", pos + 1);
            if (pos == std::string::npos)
            {
                continue;
            }
            if (line[pos] != '[')
            {
                AppendQuoted(line.substr(pos), lists[name]);
                continue;
            }
            current = name;
            lists[current]; // an empty list is still a list
            rest = line.substr(pos + 1);
        }
        const auto close = rest.find(']');
        AppendQuoted(rest.substr(0, close), lists[current]);
        if (close != std::string::npos)
        {
            current.clear();
        }
    }
    return lists;
}

/**
 * \param path a file
 * \param[out] text its contents
 * \return true if it could be read
 */
bool
ReadFile(const fs::path& path, std::string& text)
{
    std::ifstream in(path);
    if (!in)
    {
        return false;
    }
    std::ostringstream out;
    out << in.rdbuf();
    text = out.str();
    return true;
}

} // namespace

/**
 * \ingroup san-tests
 * Compares every list of the wscript files with the files on disk. One test case does it all:
 * ns-3 stops a suite at its first failing case, and every mismatch should be reported at once.
 */
class SanBuildFilesTestCase : public TestCase
{
  public:
    SanBuildFilesTestCase();

  private:
    /// One list of one wscript, and the files on disk it must name.
    struct Check
    {
        std::string wscript; //!< "wscript" or "examples/wscript"
        std::string list;    //!< the list (module, headers, module_test, obj)
        std::string prefix;  //!< what makes its entries relative to the root
        /// the folders whose files it must name, each with the ending of those files' names
        std::vector<std::pair<std::string, std::string>> folders;
        bool recursive; //!< whether subfolders count
    };

    void DoRun() override;

    /**
     * Reports every difference between one list and the files on disk.
     * \param root the module's root
     * \param check what to compare
     */
    void Compare(const fs::path& root, const Check& check);
};

SanBuildFilesTestCase::SanBuildFilesTestCase()
    : TestCase("the wscript files list exactly the files on disk")
{
}

void
SanBuildFilesTestCase::DoRun()
{
    std::vector<std::string> tried;
    const fs::path root = FindModuleRoot(tried);
    std::string where;
    for (const auto& candidate : tried)
    {
        where += " '" + candidate + "'";
    }
    NS_TEST_ASSERT_MSG_EQ(root.empty(),
                          false,
                          "cannot find san's root folder (a wscript beside model/); tried"
                              << where);

    const std::vector<Check> checks{
        {"wscript", "module", "", {{"model", ".cc"}, {"helper", ".cc"}}, true},
        {"wscript", "headers", "", {{"model", ".h"}, {"helper", ".h"}}, true},
        {"wscript",
         "module_test",
         "",
         {{"test", "-test-suite.cc"}, {"test/protection-fuzz", ".cc"}},
         false},
        {"examples/wscript", "obj", "examples/", {{"examples", ".cc"}}, false},
    };
    for (const auto& check : checks)
    {
        Compare(root, check);
    }
}

void
SanBuildFilesTestCase::Compare(const fs::path& root, const Check& check)
{
    const std::string fix = "; run /usr/bin/python3 scripts/update-wscript.py";
    FileSet onDisk;
    for (const auto& [folder, suffix] : check.folders)
    {
        const FileSet files = ListFiles(root, folder, check.recursive, suffix);
        onDisk.insert(files.begin(), files.end());
    }

    // A missing file or list counts as empty: every file on disk is then reported missing.
    std::string text;
    const bool readable = ReadFile(root / check.wscript, text);
    NS_TEST_EXPECT_MSG_EQ(readable || onDisk.empty(),
                          true,
                          (root / check.wscript).string() << " cannot be read" << fix);
    const WscriptLists lists = ParseWscript(text);
    const auto found = lists.find(check.list);
    const std::vector<std::string> entries =
        found != lists.end() ? found->second : std::vector<std::string>();

    FileSet listed;
    for (const auto& entry : entries)
    {
        const std::string path = check.prefix + entry;
        NS_TEST_EXPECT_MSG_EQ(listed.insert(path).second,
                              true,
                              check.wscript << " " << check.list << ".source lists " << path
                                            << " twice" << fix);
    }
    for (const auto& path : listed)
    {
        NS_TEST_EXPECT_MSG_EQ(onDisk.count(path),
                              1,
                              check.wscript << " " << check.list << ".source lists " << path
                                            << ", which is not on disk (or not a file of that "
                                            << "list)" << fix);
    }
    for (const auto& path : onDisk)
    {
        NS_TEST_EXPECT_MSG_EQ(listed.count(path),
                              1,
                              path << " is missing from " << check.wscript << " " << check.list
                                   << ".source" << fix);
    }
}

/**
 * \ingroup san-tests
 * Doxygen's group: `\defgroup san` is written once (doc/san.h) and every public header of
 * model/ and helper/ joins it with `\ingroup san`.
 */
class SanDoxygenGroupTestCase : public TestCase
{
  public:
    SanDoxygenGroupTestCase()
        : TestCase("defgroup san is defined once and every public header is in it")
    {
    }

  private:
    /**
     * \param text a file's text \param command "defgroup" or "ingroup"
     * \return how many times `\command san` appears as a whole group name
     */
    static uint32_t CountGroup(const std::string& text, const std::string& command)
    {
        uint32_t n = 0;
        const std::string needle = "\\" + command + " san";
        for (size_t at = text.find(needle); at != std::string::npos;
             at = text.find(needle, at + needle.size()))
        {
            const size_t end = at + needle.size();
            if (end == text.size() || std::isspace(static_cast<unsigned char>(text[end])))
            {
                ++n;
            }
        }
        return n;
    }

    void DoRun() override
    {
        std::vector<std::string> tried;
        const fs::path root = FindModuleRoot(tried);
        NS_TEST_ASSERT_MSG_EQ(root.empty(), false, "cannot find san's root folder");
        std::vector<std::string> definitions;
        for (const char* folder : {"model", "helper", "test", "examples", "doc"})
        {
            for (const char* suffix : {".h", ".cc"})
            {
                for (const auto& path : ListFiles(root, folder, true, suffix))
                {
                    std::string text;
                    NS_TEST_EXPECT_MSG_EQ(ReadFile(root / path, text), true, path << " unreadable");
                    for (uint32_t i = CountGroup(text, "defgroup"); i > 0; --i)
                    {
                        definitions.push_back(path);
                    }
                    const bool publicHeader =
                        std::string(suffix) == ".h" &&
                        (path.rfind("model/", 0) == 0 || path.rfind("helper/", 0) == 0);
                    if (publicHeader)
                    {
                        NS_TEST_EXPECT_MSG_GT(CountGroup(text, "ingroup"),
                                              0,
                                              path << " has no \\ingroup san");
                    }
                }
            }
        }
        std::string where;
        for (const auto& d : definitions)
        {
            where += " " + d;
        }
        NS_TEST_EXPECT_MSG_EQ(
            definitions.size(),
            1,
            "the group san must be defined (defgroup) exactly once; found in:" << where);
    }
};

/**
 * \ingroup san-tests
 * The layers stay layers: the folders of model/ and helper/, joined by which folder's files
 * include which folder's headers, form no cycle (DESIGN.md's layers: a lower layer never
 * includes a higher one), and nothing in model/ includes a header of helper/. A cycle is
 * reported with one include per step, so the fix can start from it.
 */
class SanLayeringTestCase : public TestCase
{
  public:
    SanLayeringTestCase()
        : TestCase("the folders' includes form no cycle and model includes no helper")
    {
    }

  private:
    /// folder -> (included folder -> one include that makes the edge, "file includes header")
    using Graph = std::map<std::string, std::map<std::string, std::string>>;

    /**
     * \param g the graph \param at a folder \param state 0 new, 1 on the path, 2 done
     * \param path the folders on the current path
     * \return a cycle found from \p at, as its steps, or empty
     */
    static std::vector<std::string> FindCycle(const Graph& g,
                                              const std::string& at,
                                              std::map<std::string, int>& state,
                                              std::vector<std::string>& path)
    {
        state[at] = 1;
        path.push_back(at);
        auto edges = g.find(at);
        if (edges != g.end())
        {
            for (const auto& [to, why] : edges->second)
            {
                if (state[to] == 1)
                {
                    std::vector<std::string> steps;
                    auto from = std::find(path.begin(), path.end(), to);
                    for (auto it = from; it != path.end(); ++it)
                    {
                        const std::string next = (it + 1 == path.end()) ? to : *(it + 1);
                        steps.push_back(*it + " -> " + next + " (" + g.at(*it).at(next) + ")");
                    }
                    return steps;
                }
                if (state[to] == 0)
                {
                    std::vector<std::string> steps = FindCycle(g, to, state, path);
                    if (!steps.empty())
                    {
                        return steps;
                    }
                }
            }
        }
        path.pop_back();
        state[at] = 2;
        return {};
    }

    void DoRun() override
    {
        std::vector<std::string> tried;
        const fs::path root = FindModuleRoot(tried);
        NS_TEST_ASSERT_MSG_EQ(root.empty(), false, "cannot find san's root folder");
        // Headers are installed flat (ns3/<name>.h): a name says which folder it lives in.
        std::map<std::string, std::string> folderOf;
        FileSet sources;
        for (const char* folder : {"model", "helper"})
        {
            for (const char* suffix : {".h", ".cc"})
            {
                for (const auto& path : ListFiles(root, folder, true, suffix))
                {
                    sources.insert(path);
                    const fs::path p(path);
                    if (std::string(suffix) == ".h")
                    {
                        folderOf[p.filename().string()] = p.parent_path().generic_string();
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(folderOf.size(), 100, "model/ and helper/ headers found");
        Graph g;
        uint32_t includes = 0;
        for (const auto& path : sources)
        {
            std::string text;
            NS_TEST_EXPECT_MSG_EQ(ReadFile(root / path, text), true, path << " unreadable");
            const fs::path p(path);
            const std::string from = p.parent_path().generic_string();
            std::istringstream lines(text);
            std::string line;
            while (std::getline(lines, line))
            {
                const size_t hash = line.find_first_not_of(" \t");
                if (hash == std::string::npos || line.compare(hash, 8, "#include") != 0)
                {
                    continue;
                }
                const size_t open = line.find('"');
                const size_t close = open == std::string::npos ? open : line.find('"', open + 1);
                if (close == std::string::npos)
                {
                    continue;
                }
                const std::string name =
                    fs::path(line.substr(open + 1, close - open - 1)).filename().string();
                auto it = folderOf.find(name);
                if (it == folderOf.end() || it->second == from)
                {
                    continue;
                }
                ++includes;
                g[from].emplace(it->second, p.filename().string() + " includes " + name);
                NS_TEST_EXPECT_MSG_EQ(
                    (from.rfind("model", 0) == 0 && it->second.rfind("helper", 0) == 0),
                    false,
                    path << " (model/) includes " << name << " of " << it->second);
            }
        }
        NS_TEST_ASSERT_MSG_GT(includes, 100, "includes between folders found");
        std::map<std::string, int> state;
        for (const auto& [folder, edges] : g)
        {
            if (state[folder] != 0)
            {
                continue;
            }
            std::vector<std::string> path;
            const std::vector<std::string> cycle = FindCycle(g, folder, state, path);
            std::string steps;
            for (const auto& step : cycle)
            {
                steps += "\n  " + step;
            }
            NS_TEST_ASSERT_MSG_EQ(cycle.empty(),
                                  true,
                                  "the folders' includes form a cycle:" << steps);
        }
    }
};

/**
 * \ingroup san-tests
 * Libraries know their interface only through a per-process context (DESIGN.md): no file of a
 * library folder (Rats; VMMC and its libraries; CLAN's protocols; DART's compound operations;
 * SCILAN) asks anything for its device (GetDevice). The VMMC daemon, the kernel's side of
 * VMMC, is the one exception: it owns the interface's tables.
 */
class SanLibraryContextTestCase : public TestCase
{
  public:
    SanLibraryContextTestCase()
        : TestCase("libraries reach their interface only through contexts")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::string> tried;
        const fs::path root = FindModuleRoot(tried);
        NS_TEST_ASSERT_MSG_EQ(root.empty(), false, "cannot find san's root folder");
        uint32_t files = 0;
        for (const char* folder : {"model/rats",
                                   "model/vmmc",
                                   "model/clan/protocols",
                                   "model/dart/compound",
                                   "model/scilan"})
        {
            for (const char* suffix : {".h", ".cc"})
            {
                for (const auto& path : ListFiles(root, folder, true, suffix))
                {
                    if (fs::path(path).filename().string().rfind("vmmc-daemon", 0) == 0)
                    {
                        continue;
                    }
                    std::string text;
                    NS_TEST_EXPECT_MSG_EQ(ReadFile(root / path, text), true, path << " unreadable");
                    ++files;
                    for (const char* call : {"GetDevice(", "GetNic("})
                    {
                        NS_TEST_EXPECT_MSG_EQ(text.find(call),
                                              std::string::npos,
                                              path << " (a library) asks for its device");
                    }
                }
            }
        }
        NS_TEST_EXPECT_MSG_GT(files, 40, "the library folders' files were found");
    }
};

/**
 * \ingroup san-tests
 * A class is small because it has one job: no class in model/ has more than
 * MAX_CLASS_LINES lines of implementation, counted over every .cc file its member functions
 * are defined in (ns-3's style: the name "Class::Method(" at the start of a line, the return
 * type on the line before, the body closed by a "}" in column 0), as
 * scripts/class-sizes.py counts them.
 */
class SanClassSizeTestCase : public TestCase
{
  public:
    /// The issue's "about 800 lines" with a little room.
    static constexpr uint32_t MAX_CLASS_LINES = 850;

    SanClassSizeTestCase()
        : TestCase("no class in model over about 800 lines of implementation")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::string> tried;
        const fs::path root = FindModuleRoot(tried);
        NS_TEST_ASSERT_MSG_EQ(root.empty(), false, "cannot find san's root folder");
        const std::regex definition(
            "^~?([A-Z][A-Za-z0-9_]*)(<[^>]*>)?::~?[A-Za-z_][A-Za-z0-9_]*\\s*\\(");
        std::map<std::string, uint32_t> lines;
        for (const auto& path : ListFiles(root, "model", true, ".cc"))
        {
            std::string text;
            NS_TEST_EXPECT_MSG_EQ(ReadFile(root / path, text), true, path << " unreadable");
            std::vector<std::string> l;
            std::istringstream in(text);
            for (std::string line; std::getline(in, line);)
            {
                l.push_back(line);
            }
            for (size_t i = 0; i < l.size(); ++i)
            {
                std::smatch m;
                if (!std::regex_search(l[i], m, definition))
                {
                    continue;
                }
                size_t start = i;
                if (i > 0 && !l[i - 1].empty() &&
                    std::string("}/ #").find(l[i - 1][0]) == std::string::npos)
                {
                    start = i - 1; // the return type
                }
                size_t end = i;
                while (end < l.size() && l[end] != "}")
                {
                    ++end;
                }
                lines[m[1].str()] += static_cast<uint32_t>(end - start + 1);
                i = end;
            }
        }
        NS_TEST_EXPECT_MSG_GT(lines.size(), 100u, "the classes of model/ were found");
        NS_TEST_EXPECT_MSG_GT(lines["SanPort"], 300u, "a large class is measured whole");
        for (const auto& [name, n] : lines)
        {
            NS_TEST_EXPECT_MSG_LT_OR_EQ(n,
                                        MAX_CLASS_LINES,
                                        name << " has " << n
                                             << " lines of implementation: break it into parts "
                                                "with their own state");
        }
    }
};

/**
 * \ingroup san-tests
 * The suite "san-build-files".
 */
class SanBuildFilesTestSuite : public TestSuite
{
  public:
    SanBuildFilesTestSuite();
};

SanBuildFilesTestSuite::SanBuildFilesTestSuite()
    : TestSuite("san-build-files", UNIT)
{
    AddTestCase(new SanBuildFilesTestCase, TestCase::QUICK);
    AddTestCase(new SanDoxygenGroupTestCase, TestCase::QUICK);
    AddTestCase(new SanLayeringTestCase, TestCase::QUICK);
    AddTestCase(new SanLibraryContextTestCase, TestCase::QUICK);
    AddTestCase(new SanClassSizeTestCase, TestCase::QUICK);
}

/// The san-build-files suite's instance.
static SanBuildFilesTestSuite g_sanBuildFilesTestSuite;

} // namespace ns3
