/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynHeader");

NS_OBJECT_ENSURE_REGISTERED(HamlynHeader);

TypeId
HamlynHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HamlynHeader")
                            .SetParent<Header>()
                            .SetGroupName("San")
                            .AddConstructor<HamlynHeader>();
    return tid;
}

TypeId
HamlynHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

HamlynHeader::HamlynHeader()
    : m_slot(0),
      m_offset(0),
      m_key(0),
      m_longKey(false),
      m_delta(0),
      m_notifyIndex(NO_NOTIFY),
      m_sourceNode(0),
      m_terminus(0)
{
}

uint32_t
HamlynHeader::SizeForKeyBits(uint32_t keyBits)
{
    NS_ABORT_MSG_IF(keyBits != 32 && keyBits != 64,
                    "HamlynHeader: protection keys are 32 or 64 bits, not " << keyBits);
    return 20 + keyBits / 8;
}

uint32_t
HamlynHeader::GetSerializedSize() const
{
    return SizeForKeyBits(m_longKey ? 64 : 32) + static_cast<uint32_t>(m_outOfBand.size());
}

void
HamlynHeader::Serialize(Buffer::Iterator start) const
{
    Buffer::Iterator i = start;
    i.WriteU8(m_longKey ? 1 : 0);
    i.WriteU8(static_cast<uint8_t>(m_outOfBand.size()));
    i.WriteHtonU16(m_slot);
    i.WriteHtonU16(m_notifyIndex);
    i.WriteHtonU16(m_terminus);
    i.WriteHtonU32(m_sourceNode);
    i.WriteHtonU32(m_offset);
    i.WriteHtonU32(m_delta);
    if (m_longKey)
    {
        i.WriteHtonU64(m_key);
    }
    else
    {
        i.WriteHtonU32(static_cast<uint32_t>(m_key));
    }
    for (uint8_t b : m_outOfBand)
    {
        i.WriteU8(b);
    }
}

uint32_t
HamlynHeader::Deserialize(Buffer::Iterator start)
{
    Buffer::Iterator i = start;
    uint8_t flags = i.ReadU8();
    m_longKey = (flags & 1) != 0;
    const uint8_t oob = i.ReadU8();
    m_slot = i.ReadNtohU16();
    m_notifyIndex = i.ReadNtohU16();
    m_terminus = i.ReadNtohU16();
    m_sourceNode = i.ReadNtohU32();
    m_offset = i.ReadNtohU32();
    m_delta = i.ReadNtohU32();
    m_key = m_longKey ? i.ReadNtohU64() : i.ReadNtohU32();
    m_outOfBand.resize(oob);
    for (auto& b : m_outOfBand)
    {
        b = i.ReadU8();
    }
    return GetSerializedSize();
}

void
HamlynHeader::Print(std::ostream& os) const
{
    os << "slot=" << m_slot << " offset=" << m_offset << " key=0x" << std::hex << m_key << std::dec
       << "/" << (m_longKey ? 64 : 32) << " delta=" << m_delta << " notify=";
    if (m_notifyIndex == NO_NOTIFY)
    {
        os << "none";
    }
    else
    {
        os << m_notifyIndex;
    }
    os << " src=" << m_sourceNode << "." << m_terminus;
}

void
HamlynHeader::SetOutOfBand(const std::vector<uint8_t>& bytes)
{
    NS_ABORT_MSG_IF(bytes.size() > MAX_OUT_OF_BAND,
                    "HamlynHeader: " << bytes.size()
                                     << " out-of-band bytes; a packet carries at most "
                                     << MAX_OUT_OF_BAND);
    m_outOfBand = bytes;
}

const std::vector<uint8_t>&
HamlynHeader::GetOutOfBand() const
{
    return m_outOfBand;
}

bool
HamlynHeader::IsWellFormed(Ptr<const Packet> packet)
{
    uint8_t head[2] = {0, 0};
    if (packet == nullptr || packet->GetSize() < SizeForKeyBits(32) ||
        packet->CopyData(head, 2) != 2)
    {
        return false;
    }
    return head[1] <= MAX_OUT_OF_BAND &&
           packet->GetSize() >= SizeForKeyBits((head[0] & 1) ? 64 : 32) + head[1];
}

void
HamlynHeader::SetSlot(uint16_t slot)
{
    m_slot = slot;
}

uint16_t
HamlynHeader::GetSlot() const
{
    return m_slot;
}

void
HamlynHeader::SetOffset(uint32_t offset)
{
    m_offset = offset;
}

uint32_t
HamlynHeader::GetOffset() const
{
    return m_offset;
}

void
HamlynHeader::SetKey(uint64_t key, uint32_t keyBits)
{
    NS_ABORT_MSG_IF(keyBits != 32 && keyBits != 64,
                    "HamlynHeader: protection keys are 32 or 64 bits, not " << keyBits);
    NS_ABORT_MSG_IF(keyBits == 32 && key > 0xffffffffULL,
                    "HamlynHeader: key 0x" << std::hex << key << " does not fit in 32 bits");
    m_key = key;
    m_longKey = keyBits == 64;
}

uint64_t
HamlynHeader::GetKey() const
{
    return m_key;
}

uint32_t
HamlynHeader::GetKeyBits() const
{
    return m_longKey ? 64 : 32;
}

void
HamlynHeader::SetDelta(uint32_t delta)
{
    m_delta = delta;
}

uint32_t
HamlynHeader::GetDelta() const
{
    return m_delta;
}

void
HamlynHeader::SetNotifyIndex(uint16_t index)
{
    m_notifyIndex = index;
}

uint16_t
HamlynHeader::GetNotifyIndex() const
{
    return m_notifyIndex;
}

void
HamlynHeader::SetSourceNode(uint32_t node)
{
    m_sourceNode = node;
}

uint32_t
HamlynHeader::GetSourceNode() const
{
    return m_sourceNode;
}

void
HamlynHeader::SetSourceTerminus(uint16_t terminus)
{
    m_terminus = terminus;
}

uint16_t
HamlynHeader::GetSourceTerminus() const
{
    return m_terminus;
}

} // namespace ns3
