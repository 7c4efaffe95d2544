/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-fabric-header.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanFabricHeader);

TypeId
SanFabricHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanFabricHeader")
                            .SetParent<Header>()
                            .SetGroupName("San")
                            .AddConstructor<SanFabricHeader>();
    return tid;
}

TypeId
SanFabricHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

SanFabricHeader::SanFabricHeader() = default;

void
SanFabricHeader::SetSource(uint32_t src)
{
    m_src = src;
}

uint32_t
SanFabricHeader::GetSource() const
{
    return m_src;
}

void
SanFabricHeader::SetDestination(uint32_t dst)
{
    m_dst = dst;
}

uint32_t
SanFabricHeader::GetDestination() const
{
    return m_dst;
}

void
SanFabricHeader::SetSequence(uint32_t seq)
{
    m_seq = seq;
}

uint32_t
SanFabricHeader::GetSequence() const
{
    return m_seq;
}

void
SanFabricHeader::SetWireSize(uint32_t bytes)
{
    m_wireSize = bytes;
}

uint32_t
SanFabricHeader::GetWireSize() const
{
    return m_wireSize;
}

uint32_t
SanFabricHeader::GetSerializedSize() const
{
    return 16;
}

void
SanFabricHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU32(m_src);
    start.WriteHtonU32(m_dst);
    start.WriteHtonU32(m_seq);
    start.WriteHtonU32(m_wireSize);
}

uint32_t
SanFabricHeader::Deserialize(Buffer::Iterator start)
{
    m_src = start.ReadNtohU32();
    m_dst = start.ReadNtohU32();
    m_seq = start.ReadNtohU32();
    m_wireSize = start.ReadNtohU32();
    return GetSerializedSize();
}

void
SanFabricHeader::Print(std::ostream& os) const
{
    os << "src=" << m_src << " dst=" << m_dst << " seq=" << m_seq << " bytes=" << m_wireSize;
}

} // namespace ns3
