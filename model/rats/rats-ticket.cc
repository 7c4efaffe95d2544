/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-ticket.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cstdio>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsTicket");

namespace
{

/// Append \p bytes big-endian bytes of \p v.
void
Put(std::vector<uint8_t>& out, uint64_t v, uint32_t bytes)
{
    for (uint32_t i = 0; i < bytes; ++i)
    {
        out.push_back(static_cast<uint8_t>(v >> (8 * (bytes - 1 - i))));
    }
}

/// Read \p bytes big-endian bytes at \p p (advanced).
uint64_t
Get(const uint8_t*& p, uint32_t bytes)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < bytes; ++i)
    {
        v = (v << 8) | *p++;
    }
    return v;
}

} // namespace

bool
RatsTicket::IsValid() const
{
    return range > 0;
}

std::vector<uint8_t>
RatsTicket::Serialize() const
{
    std::vector<uint8_t> out;
    out.reserve(SERIALIZED_BYTES);
    Put(out, node, 4);
    Put(out, slot, 2);
    Put(out, notifyIndex, 2);
    Put(out, key, 8);
    Put(out, offset, 4);
    Put(out, range, 4);
    Put(out, delta, 4);
    Put(out, 0, 4);
    return out;
}

RatsTicket
RatsTicket::Deserialize(const uint8_t* data, uint32_t len)
{
    NS_ABORT_MSG_IF(data == nullptr || len < SERIALIZED_BYTES,
                    "RatsTicket: a serialized ticket needs " << SERIALIZED_BYTES << " bytes, got "
                                                             << len);
    const uint8_t* p = data;
    RatsTicket t;
    t.node = static_cast<uint32_t>(Get(p, 4));
    t.slot = static_cast<uint16_t>(Get(p, 2));
    t.notifyIndex = static_cast<uint16_t>(Get(p, 2));
    t.key = Get(p, 8);
    t.offset = static_cast<uint32_t>(Get(p, 4));
    t.range = static_cast<uint32_t>(Get(p, 4));
    t.delta = static_cast<uint32_t>(Get(p, 4));
    return t;
}

std::string
RatsTicket::ToAscii() const
{
    std::ostringstream os;
    os << std::hex << "rats:" << node << ':' << slot << ':' << notifyIndex << ':' << key << ':'
       << offset << ':' << range << ':' << delta;
    return os.str();
}

RatsTicket
RatsTicket::FromAscii(const std::string& ascii)
{
    unsigned long long f[7];
    int used = 0;
    int n = std::sscanf(ascii.c_str(),
                        "rats:%llx:%llx:%llx:%llx:%llx:%llx:%llx%n",
                        &f[0],
                        &f[1],
                        &f[2],
                        &f[3],
                        &f[4],
                        &f[5],
                        &f[6],
                        &used);
    NS_ABORT_MSG_IF(n != 7 || static_cast<std::size_t>(used) != ascii.size(),
                    "RatsTicket: \"" << ascii
                                     << "\" is not an ASCII seed "
                                        "(rats:node:slot:area:key:offset:range:delta, hex)");
    NS_ABORT_MSG_IF(f[0] > 0xffffffffULL || f[1] > 0xffff || f[2] > 0xffff ||
                        f[4] > 0xffffffffULL || f[5] > 0xffffffffULL || f[6] > 0xffffffffULL,
                    "RatsTicket: a field of \"" << ascii << "\" is out of range");
    RatsTicket t;
    t.node = static_cast<uint32_t>(f[0]);
    t.slot = static_cast<uint16_t>(f[1]);
    t.notifyIndex = static_cast<uint16_t>(f[2]);
    t.key = f[3];
    t.offset = static_cast<uint32_t>(f[4]);
    t.range = static_cast<uint32_t>(f[5]);
    t.delta = static_cast<uint32_t>(f[6]);
    return t;
}

bool
operator==(const RatsTicket& a, const RatsTicket& b)
{
    return a.node == b.node && a.slot == b.slot && a.notifyIndex == b.notifyIndex &&
           a.key == b.key && a.offset == b.offset && a.range == b.range && a.delta == b.delta;
}

std::ostream&
operator<<(std::ostream& os, const RatsTicket& t)
{
    os << "ticket(node=" << t.node << " slot=" << t.slot << " area=" << t.notifyIndex << " key=0x"
       << std::hex << t.key << std::dec << " offset=" << t.offset << " range=" << t.range
       << " delta=" << t.delta << ")";
    return os;
}

} // namespace ns3
