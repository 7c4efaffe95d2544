/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciHeader");

NS_OBJECT_ENSURE_REGISTERED(SciHeader);

TypeId
SciHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SciHeader")
                            .SetParent<Header>()
                            .SetGroupName("San")
                            .AddConstructor<SciHeader>();
    return tid;
}

TypeId
SciHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

SciHeader::SciHeader() = default;

SciHeader::Type
SciHeader::GetType() const
{
    return m_type;
}

void
SciHeader::SetType(Type type)
{
    m_type = type;
}

SciHeader::Status
SciHeader::GetStatus() const
{
    return m_status;
}

void
SciHeader::SetStatus(Status status)
{
    m_status = status;
}

uint16_t
SciHeader::GetSourceNode() const
{
    return m_source;
}

void
SciHeader::SetSourceNode(uint16_t node)
{
    m_source = node;
}

uint16_t
SciHeader::GetTransaction() const
{
    return m_transaction;
}

void
SciHeader::SetTransaction(uint16_t id)
{
    m_transaction = id;
}

uint64_t
SciHeader::GetAddress() const
{
    return m_address;
}

void
SciHeader::SetAddress(uint64_t address)
{
    NS_ABORT_MSG_IF(address > MAX_ADDRESS,
                    "SciHeader: address 0x" << std::hex << address << " beyond 48 bits");
    m_address = address;
}

uint16_t
SciHeader::GetLength() const
{
    return m_length;
}

void
SciHeader::SetLength(uint16_t length)
{
    m_length = length;
}

uint32_t
SciHeader::GetSerializedSize() const
{
    return BYTES;
}

void
SciHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(static_cast<uint8_t>(m_type));
    start.WriteU8(static_cast<uint8_t>(m_status));
    start.WriteHtonU16(m_source);
    start.WriteHtonU16(m_transaction);
    start.WriteHtonU16(m_length);
    start.WriteHtonU16(static_cast<uint16_t>(m_address >> 32));
    start.WriteHtonU32(static_cast<uint32_t>(m_address));
    start.WriteHtonU16(0); // the CRC's place
}

uint32_t
SciHeader::Deserialize(Buffer::Iterator start)
{
    m_type = static_cast<Type>(start.ReadU8());
    m_status = static_cast<Status>(start.ReadU8());
    m_source = start.ReadNtohU16();
    m_transaction = start.ReadNtohU16();
    m_length = start.ReadNtohU16();
    const uint64_t high = start.ReadNtohU16();
    m_address = (high << 32) | start.ReadNtohU32();
    start.ReadNtohU16();
    return BYTES;
}

void
SciHeader::Print(std::ostream& os) const
{
    static const char* names[] = {"WRITE_REQUEST", "READ_REQUEST", "READ_RESPONSE", "ECHO"};
    os << names[m_type & 3] << " src=" << m_source << " tid=" << m_transaction << " addr=0x"
       << std::hex << m_address << std::dec;
    if (m_type == READ_REQUEST)
    {
        os << " len=" << m_length;
    }
    if (m_type == ECHO)
    {
        os << " status=" << static_cast<int>(m_status);
    }
}

} // namespace ns3
