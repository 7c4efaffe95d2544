/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ip-encapsulation-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanIpEncapsulationHeader");

NS_OBJECT_ENSURE_REGISTERED(SanIpEncapsulationHeader);

TypeId
SanIpEncapsulationHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanIpEncapsulationHeader")
                            .SetParent<Header>()
                            .SetGroupName("San")
                            .AddConstructor<SanIpEncapsulationHeader>();
    return tid;
}

SanIpEncapsulationHeader::SanIpEncapsulationHeader(uint32_t size)
    : m_size(size)
{
    NS_ABORT_MSG_IF(size < MIN_SIZE,
                    "SanIpEncapsulationHeader: size " << size << " below " << MIN_SIZE);
}

TypeId
SanIpEncapsulationHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
SanIpEncapsulationHeader::Print(std::ostream& os) const
{
    os << "protocol=0x" << std::hex << m_protocol << std::dec << " length=" << m_length
       << " header=" << m_size;
}

uint32_t
SanIpEncapsulationHeader::GetSerializedSize() const
{
    return m_size;
}

void
SanIpEncapsulationHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU16(m_protocol);
    start.WriteHtonU16(m_length);
    start.WriteU8(0, m_size - MIN_SIZE);
}

uint32_t
SanIpEncapsulationHeader::Deserialize(Buffer::Iterator start)
{
    m_protocol = start.ReadNtohU16();
    m_length = start.ReadNtohU16();
    start.Next(m_size - MIN_SIZE);
    return m_size;
}

void
SanIpEncapsulationHeader::SetProtocol(uint16_t protocol)
{
    m_protocol = protocol;
}

uint16_t
SanIpEncapsulationHeader::GetProtocol() const
{
    return m_protocol;
}

void
SanIpEncapsulationHeader::SetPayloadLength(uint16_t length)
{
    m_length = length;
}

uint16_t
SanIpEncapsulationHeader::GetPayloadLength() const
{
    return m_length;
}

} // namespace ns3
