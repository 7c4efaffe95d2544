/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_OUTPUT_FILE_H
#define SAN_OUTPUT_FILE_H

#include <fstream>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A results file that appears whole or not at all.
 *
 * Open() creates the file's folders and writes into a temporary file beside it (the same name
 * with ".partial-<process id>" added, in the same folder, so that the final rename stays on one
 * file system); Commit() checks every write and the close, then renames the temporary file
 * over the file. Until then the previous file, if any, is untouched; a run that is interrupted,
 * or whose disk fills, leaves no file that looks complete, and a file not committed is
 * removed when the object goes away. A path that is not a regular file (/dev/stdout, a pipe) is
 * written in place, its writes checked just the same.
 */
class SanOutputFile
{
  public:
    SanOutputFile() = default;
    /// Removes the temporary file if Commit() did not run.
    ~SanOutputFile();
    SanOutputFile(const SanOutputFile&) = delete;
    SanOutputFile& operator=(const SanOutputFile&) = delete;

    /**
     * \param path the file to write (its folders are created)
     * \return "" or one line saying why it cannot be written
     */
    std::string Open(const std::string& path);
    /// \return true between a successful Open() and Commit() or Discard()
    bool IsOpen() const;
    /// \return the stream to write to (the temporary file)
    std::ostream& Stream();
    /**
     * Flush and close the temporary file, checking that every write succeeded, and rename it
     * over the file.
     * \return "" or one line saying what failed (the temporary file is then removed)
     */
    std::string Commit();
    /// Remove the temporary file, leaving the file as it was.
    void Discard();

    /**
     * \param path an output option's value
     * \return true if it asks for no file: empty, or "none" (every example takes both)
     */
    static bool IsNoFile(const std::string& path);
    /**
     * \brief Take the output options given with an empty value ("--csv=", which ns-3's
     * CommandLine refuses) out of the arguments, before CommandLine::Parse.
     *
     * For each option the last one given wins: if it is empty, its string is cleared and every
     * occurrence of the option is taken out; otherwise only its empty occurrences are.
     * \param argc,argv the program's arguments
     * \param options each option's name without dashes and the string it sets
     * \return the arguments to parse (argv[0] first)
     */
    static std::vector<char*> TakeEmptyOptions(
        int argc,
        char* argv[],
        const std::vector<std::pair<std::string, std::string*>>& options);

  private:
    std::string m_path;  //!< the file
    std::string m_temp;  //!< the temporary file written until Commit
    std::ofstream m_out; //!< the open temporary file
};

/**
 * \ingroup san
 * \brief A SanOutputFile as a stream that commits itself: for a figure's data written in one
 * block. The constructor stops the program with one line naming the file if it cannot be
 * written; when the stream goes out of scope the file is put in place whole, or, if any write
 * failed, the program stops with one line and the previous file stays.
 */
class SanOutputStream : public std::ostream
{
  public:
    /// \param path the file (its folders are created)
    explicit SanOutputStream(const std::string& path);
    /// Commits the file (see the class).
    ~SanOutputStream() override;
    SanOutputStream(const SanOutputStream&) = delete;
    SanOutputStream& operator=(const SanOutputStream&) = delete;

  private:
    SanOutputFile m_file; //!< the temporary file and its rename
    std::string m_path;   //!< the file, for messages
};

} // namespace ns3

#endif /* SAN_OUTPUT_FILE_H */
