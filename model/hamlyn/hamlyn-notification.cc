/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-notification.h"

#include "ns3/abort.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

uint32_t
HamlynNotification::GetWireBytes() const
{
    return FIXED_BYTES + static_cast<uint32_t>(outOfBand.size());
}

void
HamlynNotification::Serialize(uint8_t* out) const
{
    NS_ABORT_MSG_IF(outOfBand.size() > MAX_OUT_OF_BAND,
                    "HamlynNotification: " << outOfBand.size() << " out-of-band bytes, at most "
                                           << MAX_OUT_OF_BAND);
    std::memset(out, 0, MAX_BYTES);
    out[0] = static_cast<uint8_t>(area >> 8);
    out[1] = static_cast<uint8_t>(area);
    out[2] = static_cast<uint8_t>(slot >> 8);
    out[3] = static_cast<uint8_t>(slot);
    out[4] = static_cast<uint8_t>(terminus >> 8);
    out[5] = static_cast<uint8_t>(terminus);
    out[6] = static_cast<uint8_t>(outOfBand.size());
    for (int i = 0; i < 4; ++i)
    {
        out[8 + i] = static_cast<uint8_t>(node >> (24 - 8 * i));
        out[12 + i] = static_cast<uint8_t>(sequence >> (24 - 8 * i));
    }
    std::copy(outOfBand.begin(), outOfBand.end(), out + FIXED_BYTES);
}

HamlynNotification
HamlynNotification::Deserialize(const uint8_t* in)
{
    HamlynNotification n;
    n.area = static_cast<uint16_t>((in[0] << 8) | in[1]);
    n.slot = static_cast<uint16_t>((in[2] << 8) | in[3]);
    n.terminus = static_cast<uint16_t>((in[4] << 8) | in[5]);
    const uint32_t oob = std::min<uint32_t>(in[6], MAX_OUT_OF_BAND);
    for (int i = 0; i < 4; ++i)
    {
        n.node = (n.node << 8) | in[8 + i];
        n.sequence = (n.sequence << 8) | in[12 + i];
    }
    n.outOfBand.assign(in + FIXED_BYTES, in + FIXED_BYTES + oob);
    return n;
}

} // namespace ns3
