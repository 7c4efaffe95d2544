/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_WORDS_H
#define HOST_WORDS_H

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Little-endian words in host memory (the Pentium's and the Alpha's byte order), for
 * interfaces and libraries that keep pointers and flags in memory a device or a remote
 * processor reads and writes.
 */
namespace HostWords
{

/// \param b four bytes \return the little-endian word they hold
inline uint32_t
Load32(const uint8_t* b)
{
    return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
}

/// \param b four bytes to fill \param v the word, stored little-endian
inline void
Store32(uint8_t* b, uint32_t v)
{
    b[0] = static_cast<uint8_t>(v);
    b[1] = static_cast<uint8_t>(v >> 8);
    b[2] = static_cast<uint8_t>(v >> 16);
    b[3] = static_cast<uint8_t>(v >> 24);
}

/// \param b eight bytes \return the little-endian double word they hold
inline uint64_t
Load64(const uint8_t* b)
{
    return uint64_t(Load32(b)) | uint64_t(Load32(b + 4)) << 32;
}

/// \param b eight bytes to fill \param v the double word, stored little-endian
inline void
Store64(uint8_t* b, uint64_t v)
{
    Store32(b, static_cast<uint32_t>(v));
    Store32(b + 4, static_cast<uint32_t>(v >> 32));
}

} // namespace HostWords

} // namespace ns3

#endif /* HOST_WORDS_H */
