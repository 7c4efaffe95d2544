/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-header.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ShrimpHeader);

ShrimpHeader::ShrimpHeader() = default;

TypeId
ShrimpHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ShrimpHeader")
                            .SetParent<Header>()
                            .SetGroupName("San")
                            .AddConstructor<ShrimpHeader>();
    return tid;
}

TypeId
ShrimpHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
ShrimpHeader::Print(std::ostream& os) const
{
    os << "kind=" << static_cast<int>(kind) << " flags=" << static_cast<int>(flags)
       << " length=" << length << " address=" << address;
}

uint32_t
ShrimpHeader::GetSerializedSize() const
{
    return BYTES;
}

void
ShrimpHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(kind);
    start.WriteU8(flags);
    start.WriteHtonU16(length);
    start.WriteHtonU32(address);
}

uint32_t
ShrimpHeader::Deserialize(Buffer::Iterator start)
{
    kind = start.ReadU8();
    flags = start.ReadU8();
    length = start.ReadNtohU16();
    address = start.ReadNtohU32();
    return BYTES;
}

} // namespace ns3
