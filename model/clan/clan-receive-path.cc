/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ClanNetDevice's receive side: pieces of write bursts into host memory in FIFO order, read
// requests served from host memory, read replies completing loads, the mailbox (Riddoch et al.
// 1999, sections 2.1-2.3 and 3.1).

#include "clan-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanReceivePath");

namespace
{

/**
 * \param packet a packet from the fabric
 * \return true if it holds its whole header: a READ_REQUEST's is longer than the others', so
 * its type byte (the low two bits of the first byte) is read before the header is parsed
 */
bool
HeaderFits(Ptr<const Packet> packet)
{
    if (packet->GetSize() < ClanHeader::WRITE_BYTES)
    {
        return false;
    }
    uint8_t first = 0;
    packet->CopyData(&first, 1);
    return (first & 0x03) != ClanHeader::READ_REQUEST ||
           packet->GetSize() >= ClanHeader::REQUEST_BYTES;
}

} // namespace

void
ClanNetDevice::PieceArrived(Ptr<const Packet> packet,
                            uint32_t srcHost,
                            uint32_t offset,
                            uint32_t length)
{
    ++m_piecesReceived;
    RxItem item;
    item.packet = packet;
    item.srcHost = srcHost;
    item.offset = offset;
    item.length = length;
    if (!HeaderFits(packet))
    {
        Drop(MALFORMED, packet, srcHost);
        return;
    }
    packet->PeekHeader(item.header);
    item.headerBytes = item.header.GetSerializedSize();
    if (item.header.GetType() != ClanHeader::WRITE ||
        uint64_t(item.headerBytes) + offset + length > packet->GetSize())
    {
        Drop(MALFORMED, packet, srcHost);
        return;
    }
    Simulator::Schedule(m_cost->GetRxPipelineDelay(), &ClanNetDevice::PieceReady, this, item);
}

void
ClanNetDevice::ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost)
{
    // Whole packets: read requests and replies (write bursts come piece by piece).
    if (!packet || !HeaderFits(packet))
    {
        Drop(MALFORMED, packet, srcHost);
        return;
    }
    RxItem item;
    item.packet = packet;
    item.srcHost = srcHost;
    packet->PeekHeader(item.header);
    item.headerBytes = item.header.GetSerializedSize();
    item.offset = 0;
    if (packet->GetSize() < item.headerBytes)
    {
        Drop(MALFORMED, packet, srcHost);
        return;
    }
    item.length = packet->GetSize() - item.headerBytes;
    switch (item.header.GetType())
    {
    case ClanHeader::WRITE:
        // A port that does not split delivers bursts whole: the same path as one piece.
        ++m_piecesReceived;
        Simulator::Schedule(m_cost->GetRxPipelineDelay(), &ClanNetDevice::PieceReady, this, item);
        return;
    case ClanHeader::READ_REQUEST:
        if (item.length != 0 || item.header.GetLength() == 0 ||
            item.header.GetLength() > m_cost->GetDmaTransmitBurst() * 4)
        {
            Drop(MALFORMED, packet, srcHost);
            return;
        }
        Simulator::Schedule(m_cost->GetRxPipelineDelay(), [this, item]() {
            m_rx.push_back(item);
            RxNext();
        });
        return;
    case ClanHeader::READ_REPLY:
        Simulator::Schedule(m_cost->GetRxPipelineDelay(), &ClanNetDevice::ReplyArrived, this, item);
        return;
    default:
        Drop(MALFORMED, packet, srcHost);
        return;
    }
}

void
ClanNetDevice::PieceReady(const RxItem& piece)
{
    RxItem item = piece;
    uint64_t address = item.header.GetAddress() + item.offset;
    const bool toMailbox =
        address >= MAILBOX_ADDRESS && address < MAILBOX_ADDRESS + OOB_RECORD_BYTES;
    if (toMailbox)
    {
        // The mailbox: the NIC places each record in the driver's ring (the first piece picks
        // the slot; a split record's later pieces follow it).
        const uint64_t rel = address - MAILBOX_ADDRESS;
        if (rel + item.length > OOB_RECORD_BYTES)
        {
            Drop(MALFORMED, item.packet, item.srcHost);
            return;
        }
        uint64_t slot = 0;
        if (!m_mailbox.Place(rel == 0, slot))
        {
            Drop(MAILBOX_FULL, item.packet, item.srcHost);
            return;
        }
        address = slot + rel;
    }
    if (!GetMemory()->Contains(address, item.length))
    {
        Drop(NO_MEMORY, item.packet, item.srcHost);
        return;
    }
    // Only records the NIC placed through the mailbox address may write the ring (kernel
    // memory): a write to the ring's host address is as unexported as any other.
    if (m_receiveCheck && !toMailbox && !m_apertures.Covers(address, item.length))
    {
        Drop(NOT_EXPORTED, item.packet, item.srcHost);
        return;
    }
    // The CAM sees the burst as it passes (section 2.5).
    item.write = ++m_rxWrites;
    MatchTripwires(address, item.length, true, true, item.write);
    // From here the item's header address is where the piece goes.
    item.header.SetAddress(address - item.offset);
    m_rx.push_back(item);
    RxNext();
}

void
ClanNetDevice::RxNext()
{
    if (m_rxBusy || m_rx.empty())
    {
        return;
    }
    const RxItem& item = m_rx.front();
    m_rxBusy = true;
    if (item.header.GetType() == ClanHeader::READ_REQUEST)
    {
        ServeRead(item);
        return;
    }
    // "The receiving V3 generates 16 DWORD bursts on the PCI bus for PIO traffic, and 256
    // DWORDS for DMA traffic" (section 5.2).
    const uint32_t beats =
        item.header.IsDma() ? m_cost->GetDmaReceiveBurst() : m_cost->GetPioReceiveBurst();
    m_rxDma->TransferBursts(item.length, beats, MakeSanCallback<&ClanNetDevice::RxBusDone>(this));
}

void
ClanNetDevice::RxBusDone()
{
    RxItem item = m_rx.front();
    m_rx.pop_front();
    m_rxBusy = false;
    RxNext(); // the next write follows on the bus while this one settles
    const uint64_t address = item.header.GetAddress() + item.offset;
    // Copy the piece's bytes now (the packet is shared and immutable).
    std::vector<uint8_t> bytes(item.length);
    if (item.length > 0)
    {
        m_scratch.resize(item.packet->GetSize());
        item.packet->CopyData(m_scratch.data(), item.packet->GetSize());
        std::memcpy(bytes.data(), m_scratch.data() + item.headerBytes + item.offset, item.length);
    }
    const uint32_t src = item.srcHost;
    const uint64_t write = item.write;
    Simulator::Schedule(GetIoBus()->GetInboundWriteDelay(), [this, address, bytes, src, write]() {
        GetMemory()->Write(address, bytes.data(), bytes.size());
        WriteVisible(address, static_cast<uint32_t>(bytes.size()), src, write);
    });
}

void
ClanNetDevice::WriteVisible(uint64_t address, uint32_t len, uint32_t srcHost, uint64_t write)
{
    m_bytesReceived += len;
    m_writeTrace(address, len, srcHost);
    m_tripFifo.WriteVisible(write); // the routine's read of the FIFO may have waited for it
}

void
ClanNetDevice::ServeRead(const RxItem& item)
{
    const uint64_t address = item.header.GetAddress();
    const uint32_t len = item.header.GetLength();
    const uint32_t tag = item.header.GetTag();
    const uint32_t src = item.srcHost;
    bool ok = GetMemory()->Contains(address, len);
    if (!ok)
    {
        Drop(NO_MEMORY, item.packet, src);
    }
    else if (m_receiveCheck && !m_apertures.Covers(address, len))
    {
        Drop(NOT_EXPORTED, item.packet, src);
        ok = false;
    }
    if (ok)
    {
        MatchTripwires(address, len, false, true);
    }
    // The NIC reads host memory by DMA and answers; a refused read still answers (with the
    // all-ones a PCI master abort returns), or the requester's processor would hang.
    m_rxDma->Read(len,
                  m_cost->GetDmaTransmitBurst(),
                  MakeSanCallback<void>([this, address, len, tag, src, ok]() {
                      m_rx.pop_front();
                      m_rxBusy = false;
                      std::vector<uint8_t> data(len, 0xff);
                      if (ok)
                      {
                          GetMemory()->Read(address, data.data(), len);
                      }
                      ClanHeader h;
                      h.SetType(ClanHeader::READ_REPLY);
                      h.SetAddress(tag);
                      Ptr<Packet> p = Create<Packet>(data.data(), len);
                      p->AddHeader(h);
                      Simulator::Schedule(m_cost->GetTxPipelineDelay(), [this, src, p]() {
                          NS_ABORT_MSG_IF(!GetFabricPort()->SendPacket(src, p),
                                          "ClanNetDevice: the fabric refused a read reply");
                      });
                      RxNext();
                  }));
}

void
ClanNetDevice::ReplyArrived(const RxItem& item)
{
    const uint32_t tag = static_cast<uint32_t>(item.header.GetAddress());
    auto it = m_loads.find(tag);
    if (it == m_loads.end() || it->second.length != item.length)
    {
        Drop(UNKNOWN_REPLY, item.packet, item.srcHost);
        return;
    }
    PendingLoad load = it->second;
    m_loads.erase(it);
    std::vector<uint8_t> data(item.packet->GetSize());
    item.packet->CopyData(data.data(), item.packet->GetSize());
    const uint32_t headerBytes = item.headerBytes;
    // The processor's load completes with the data phases on the PCI bus.
    GetIoBus()->PioLoad(load.length, MakeSanCallback<void>([load, data, headerBytes]() {
                            if (!load.done.IsNull())
                            {
                                load.done(data.data() + headerBytes, load.length);
                            }
                        }));
}

} // namespace ns3
