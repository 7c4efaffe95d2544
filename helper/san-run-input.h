/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_RUN_INPUT_H
#define SAN_RUN_INPUT_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Checks of the values a user gives san-run (on the command line or in a configuration
 * file). Each returns "" when the value is good, else one line that names the option and the bad
 * value (cut short: a message never echoes more than a few dozen characters of input), so that
 * the tool and the tests share them.
 */
class SanRunInput
{
  public:
    /// A key and its value, with where it was given (for messages).
    struct Setting
    {
        std::string key;   //!< option name
        std::string value; //!< its text
        std::string where; //!< "file:line" (empty on the command line)
    };

    /**
     * Parse a configuration text as BookSim users write it: one `key = value` per line;
     * `#` and `//` start comments; a trailing `;` is ignored; braces around a value ({0.1,0.2})
     * are dropped. A byte-order mark at the start and CR or CR-LF line ends are accepted; a NUL
     * byte is an error.
     * \param text the text
     * \param source its name for messages
     * \param out the settings, in order
     * \return "" or "source:line: message"
     */
    static std::string ParseConfig(const std::string& text,
                                   const std::string& source,
                                   std::vector<Setting>& out);
    /**
     * ParseConfig on a file (which must be a regular, readable file of at most 1 MiB).
     * \param fileName the file
     * \param out the settings
     * \return "" or a message naming the file
     */
    static std::string ReadConfigFile(const std::string& fileName, std::vector<Setting>& out);
    /**
     * \param text a file's contents
     * \return the same with a leading UTF-8 byte-order mark removed and CR-LF or lone CR line
     * ends made LF
     */
    static std::string NormalizeLineEnds(const std::string& text);

    /**
     * \param key option name \param text value \param min smallest \param max largest
     * \param out the number
     * \return "" or "--key=...: ..." (not a whole number, out of range)
     */
    static std::string ParseUnsigned(const std::string& key,
                                     const std::string& text,
                                     uint64_t min,
                                     uint64_t max,
                                     uint64_t& out);
    /**
     * \param key option name \param text value \param out the number (finite)
     * \return "" or a message naming the value
     */
    static std::string ParseDouble(const std::string& key, const std::string& text, double& out);
    /**
     * \param key option name \param text "true"/"false"/"1"/"0"/"yes"/"no" \param out the value
     * \return "" or a message naming the value
     */
    static std::string ParseBool(const std::string& key, const std::string& text, bool& out);
    /**
     * Offered loads: one number, a comma-separated list, or a range "first:last:step"; each
     * must pass SanTrafficGenerator::CheckLoad; at most 1000 of them.
     * \param text the value \param out the loads, in increasing order
     * \return "" or a message naming the bad load
     */
    static std::string ParseLoads(const std::string& text, std::vector<double>& out);
    /**
     * The byte counts of a fabric: every packet plus its framing must fit the 32-bit sizes of
     * the fabric, and so must a buffer of bufferPackets packets.
     * \param maxPacketSize largest packet \param framing framing bytes per packet
     * \param bufferBytes the buffer per virtual channel (already multiplied out)
     * \return "" or a message naming the value that overflows
     */
    static std::string CheckSizes(uint64_t maxPacketSize, uint64_t framing, uint64_t bufferBytes);
    /**
     * Create the folders an output file needs (mkdir -p of its parent).
     * \param path the output file
     * \return "" or a message naming the folder that could not be made
     */
    static std::string MakeParentFolders(const std::string& path);
    /**
     * \param fileName a file a user named
     * \param what what it should hold, for the message ("graph file")
     * \return "" if it is a regular file that can be opened, else a message (missing, a
     * directory, ...)
     */
    static std::string CheckRegularFile(const std::string& fileName, const std::string& what);
    /**
     * \param text user input
     * \param keep characters kept (file names get more)
     * \return text, cut to keep characters (with its full length noted) and with control
     * characters shown as '?', for messages
     */
    static std::string Abbreviate(const std::string& text, size_t keep = 40);
    /**
     * \param text a time as ns-3 writes one: a non-negative number and one of ns-3's units
     * (s, ms, us, ns, ps, fs, min, h, d; none: seconds), joined
     * \return true if ns-3's Time parser (which aborts on anything else) can read it and the
     * time is within ns-3's range
     */
    static bool IsTimeText(const std::string& text);
    /**
     * Whether ns-3 can read a value of an attribute or global without aborting: ns-3's
     * numeric, time and other streamed values abort on text they do not consume whole.
     * \param valueType the checker's value type name (AttributeChecker::GetValueTypeName, e.g.
     * "ns3::UintegerValue")
     * \param text the value
     * \return true if handing it to ns-3 gives a clean accept or refusal
     */
    static bool IsSafeAttributeText(const std::string& valueType, const std::string& text);
};

} // namespace ns3

#endif /* SAN_RUN_INPUT_H */
