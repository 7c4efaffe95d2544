/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-header.h"

#include "ns3/abort.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ClanHeader);

TypeId
ClanHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ClanHeader")
                            .SetParent<Header>()
                            .SetGroupName("San")
                            .AddConstructor<ClanHeader>();
    return tid;
}

TypeId
ClanHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

ClanHeader::ClanHeader() = default;

ClanHeader::Type
ClanHeader::GetType() const
{
    return m_type;
}

void
ClanHeader::SetType(Type type)
{
    NS_ABORT_MSG_IF(type > READ_REPLY, "ClanHeader: unknown type " << int(type));
    m_type = type;
}

uint64_t
ClanHeader::GetAddress() const
{
    return m_address;
}

void
ClanHeader::SetAddress(uint64_t address)
{
    NS_ABORT_MSG_IF(address > MAX_ADDRESS,
                    "ClanHeader: address 0x" << std::hex << address << " exceeds 48 bits");
    m_address = address;
}

bool
ClanHeader::IsDma() const
{
    return m_dma;
}

void
ClanHeader::SetDma(bool dma)
{
    m_dma = dma;
}

uint32_t
ClanHeader::GetLength() const
{
    return m_length;
}

void
ClanHeader::SetLength(uint32_t length)
{
    m_length = length;
}

uint32_t
ClanHeader::GetTag() const
{
    return m_tag;
}

void
ClanHeader::SetTag(uint32_t tag)
{
    m_tag = tag;
}

uint32_t
ClanHeader::GetSerializedSize() const
{
    return m_type == READ_REQUEST ? REQUEST_BYTES : WRITE_BYTES;
}

void
ClanHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(static_cast<uint8_t>(m_type) | (m_dma ? 0x80 : 0));
    start.WriteU8(0);
    start.WriteHtonU16(static_cast<uint16_t>(m_address >> 32));
    start.WriteHtonU32(static_cast<uint32_t>(m_address));
    if (m_type == READ_REQUEST)
    {
        start.WriteHtonU32(m_length);
        start.WriteHtonU32(m_tag);
    }
}

uint32_t
ClanHeader::Deserialize(Buffer::Iterator start)
{
    const uint8_t b = start.ReadU8();
    m_type = static_cast<Type>(b & 0x03);
    m_dma = (b & 0x80) != 0;
    start.ReadU8();
    const uint64_t hi = start.ReadNtohU16();
    m_address = (hi << 32) | start.ReadNtohU32();
    m_length = 0;
    m_tag = 0;
    if (m_type == READ_REQUEST)
    {
        m_length = start.ReadNtohU32();
        m_tag = start.ReadNtohU32();
    }
    return GetSerializedSize();
}

void
ClanHeader::Print(std::ostream& os) const
{
    static const char* names[] = {"WRITE", "READ_REQUEST", "READ_REPLY", "?"};
    os << names[m_type & 3] << (m_dma ? " dma" : "") << " addr=0x" << std::hex << m_address
       << std::dec;
    if (m_type == READ_REQUEST)
    {
        os << " len=" << m_length << " tag=" << m_tag;
    }
}

} // namespace ns3
