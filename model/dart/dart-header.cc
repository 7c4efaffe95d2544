/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-header.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(DartHeader);
NS_OBJECT_ENSURE_REGISTERED(DartAal5Trailer);

TypeId
DartHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::DartHeader")
                            .SetParent<Header>()
                            .SetGroupName("San")
                            .AddConstructor<DartHeader>();
    return tid;
}

TypeId
DartHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

DartHeader::DartHeader()
    : m_vci(0)
{
}

DartHeader::DartHeader(const DartControl& ctl, uint16_t vci)
    : m_control(ctl),
      m_vci(vci)
{
}

const DartControl&
DartHeader::GetControl() const
{
    return m_control;
}

void
DartHeader::SetControl(const DartControl& ctl)
{
    m_control = ctl;
}

uint16_t
DartHeader::GetVci() const
{
    return m_vci;
}

void
DartHeader::SetVci(uint16_t vci)
{
    m_vci = vci;
}

uint32_t
DartHeader::GetSerializedSize() const
{
    return DartControl::BYTES;
}

void
DartHeader::Serialize(Buffer::Iterator start) const
{
    uint8_t bytes[DartControl::BYTES];
    m_control.Encode(m_vci, bytes);
    start.Write(bytes, DartControl::BYTES);
}

uint32_t
DartHeader::Deserialize(Buffer::Iterator start)
{
    uint8_t bytes[DartControl::BYTES];
    start.Read(bytes, DartControl::BYTES);
    m_control = DartControl::Decode(bytes, m_vci);
    return DartControl::BYTES;
}

void
DartHeader::Print(std::ostream& os) const
{
    os << "vci=" << m_vci << " " << m_control.ToString();
}

TypeId
DartAal5Trailer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::DartAal5Trailer")
                            .SetParent<Trailer>()
                            .SetGroupName("San")
                            .AddConstructor<DartAal5Trailer>();
    return tid;
}

TypeId
DartAal5Trailer::GetInstanceTypeId() const
{
    return GetTypeId();
}

DartAal5Trailer::DartAal5Trailer()
    : m_length(0)
{
}

uint16_t
DartAal5Trailer::GetLength() const
{
    return m_length;
}

void
DartAal5Trailer::SetLength(uint16_t length)
{
    m_length = length;
}

uint32_t
DartAal5Trailer::GetPadding(uint32_t dataBytes)
{
    const uint32_t used = (DartControl::BYTES + dataBytes + BYTES) % 48;
    return used == 0 ? 0 : 48 - used;
}

uint32_t
DartAal5Trailer::GetSerializedSize() const
{
    return BYTES;
}

void
DartAal5Trailer::Serialize(Buffer::Iterator start) const
{
    start.Prev(BYTES);
    start.WriteU8(0); // CPCS-UU
    start.WriteU8(0); // CPI
    start.WriteHtonU16(m_length);
    start.WriteHtonU32(0); // CRC-32: the fabric does not corrupt cells, so it is not computed
}

uint32_t
DartAal5Trailer::Deserialize(Buffer::Iterator start)
{
    start.Prev(BYTES);
    start.ReadU8();
    start.ReadU8();
    m_length = start.ReadNtohU16();
    start.ReadNtohU32();
    return BYTES;
}

void
DartAal5Trailer::Print(std::ostream& os) const
{
    os << "aal5 length=" << m_length;
}

} // namespace ns3
