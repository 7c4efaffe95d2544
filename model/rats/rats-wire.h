/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_WIRE_H
#define RATS_WIRE_H

#include <cstdint>
#include <vector>

namespace ns3
{
namespace rats
{

/**
 * \ingroup san
 * \param p 4 bytes of Rats metadata
 * \return the big-endian 32-bit value they hold
 */
inline uint32_t
GetWord(const uint8_t* p)
{
    return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
}

/**
 * \ingroup san
 * \param p 8 bytes of Rats metadata
 * \return the big-endian 64-bit value they hold
 */
inline uint64_t
GetLong(const uint8_t* p)
{
    return (uint64_t(GetWord(p)) << 32) | GetWord(p + 4);
}

/**
 * \ingroup san
 * Append \p v to \p out, big-endian.
 * \param out metadata being built
 * \param v the value
 */
inline void
PutWord(std::vector<uint8_t>& out, uint32_t v)
{
    for (int i = 3; i >= 0; --i)
    {
        out.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
}

/**
 * \ingroup san
 * Append \p v to \p out, big-endian.
 * \param out metadata being built
 * \param v the value
 */
inline void
PutLong(std::vector<uint8_t>& out, uint64_t v)
{
    PutWord(out, static_cast<uint32_t>(v >> 32));
    PutWord(out, static_cast<uint32_t>(v));
}

} // namespace rats
} // namespace ns3

#endif /* RATS_WIRE_H */
