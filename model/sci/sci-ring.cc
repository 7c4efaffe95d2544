/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-ring.h"

#include "ns3/abort.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-memory.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciRing");

SciRingReceiver::SciRingReceiver(Ptr<SciContext> ctx, uint32_t ringBytes)
    : m_ctx(ctx),
      m_flag(Create<SciFlagWaiter>(ctx)),
      m_ringBytes(ringBytes)
{
    NS_ABORT_MSG_IF(ringBytes == 0 || ringBytes % 64 != 0,
                    "SciRingReceiver: a ring of " << ringBytes << " bytes (a multiple of 64)");
    Ptr<HostMemory> mem = ctx->GetMemory();
    m_region = mem->Allocate(CONTROL_BYTES + ringBytes, "");
    m_segment = ctx->Export(m_region, CONTROL_BYTES + ringBytes);
    mem->SetWriteSnoop(m_region, MakeCallback(&SciRingReceiver::Written, this));
}

SciRingReceiver::~SciRingReceiver() = default;

void
SciRingReceiver::Close()
{
    if (!m_ctx)
    {
        return;
    }
    // At the end of a run the device, the host or its memory may be disposed already.
    if (m_ctx->IsOpen())
    {
        m_ctx->Unexport(m_segment);
    }
    m_ctx->ClearWriteSnoop(m_region);
    m_flag->Close();
    m_ctx = nullptr;
}

SciRingAddress
SciRingReceiver::GetAddress() const
{
    SciRingAddress a;
    a.node = m_ctx->GetNodeId();
    a.segment = m_segment;
    a.ringBytes = m_ringBytes;
    a.flag = m_flag->GetId();
    return a;
}

Ptr<SciFlagWaiter>
SciRingReceiver::GetFlag() const
{
    return m_flag;
}

uint32_t
SciRingReceiver::ReadControl(uint32_t offset) const
{
    uint8_t b[4];
    m_ctx->GetMemory()->Read(m_region + offset, b, 4);
    return HostWords::Load32(b);
}

uint64_t
SciRingReceiver::ReadPeerSegment() const
{
    uint8_t b[8];
    m_ctx->GetMemory()->Read(m_region + PEER_SEGMENT, b, 8);
    return HostWords::Load64(b);
}

uint32_t
SciRingReceiver::Available() const
{
    return ReadControl(WRITE_POINTER) - m_readPointer;
}

bool
SciRingReceiver::IsClosed() const
{
    return ReadControl(CLOSED) != 0;
}

void
SciRingReceiver::Peek(uint8_t* out, uint32_t len) const
{
    NS_ABORT_MSG_IF(len > Available(), "SciRingReceiver::Peek: more than is there");
    const uint32_t pos = m_readPointer % m_ringBytes;
    const uint32_t first = std::min(len, m_ringBytes - pos);
    Ptr<HostMemory> mem = m_ctx->GetMemory();
    mem->Read(m_region + CONTROL_BYTES + pos, out, first);
    mem->Read(m_region + CONTROL_BYTES, out + first, len - first);
}

void
SciRingReceiver::Consume(uint32_t len)
{
    NS_ABORT_MSG_IF(len > Available(), "SciRingReceiver::Consume: more than is there");
    m_readPointer += len;
    uint8_t b[4];
    HostWords::Store32(b, m_readPointer);
    m_ctx->GetMemory()->Write(m_region + READ_POINTER, b, 4);
}

void
SciRingReceiver::Wait(Time pollTime, Callback<bool> ready, Callback<void> resumed)
{
    m_flag->Wait(pollTime, ready, resumed);
}

void
SciRingReceiver::Written(uint64_t, uint64_t)
{
    m_flag->Changed();
}

SciRingTransmitter::SciRingTransmitter(Ptr<SciContext> ctx,
                                       const SciRingAddress& peer,
                                       Ptr<SciFlagWaiter> flag)
    : m_ctx(ctx),
      m_peer(peer),
      m_flag(flag)
{
    NS_ABORT_MSG_IF(ctx->GetMemorySystem() == nullptr,
                    "SciRingTransmitter: SCILAN's copies need a host preset that models its "
                    "memory system (HostMemorySystem; e.g. ns3::PentiumNtHostPreset)");
    m_mapped = ctx->Map(peer.node,
                        peer.segment,
                        SciRingReceiver::CONTROL_BYTES + uint64_t(peer.ringBytes));
}

SciRingTransmitter::~SciRingTransmitter() = default;

void
SciRingTransmitter::Close()
{
    m_flag->Close();
}

Ptr<SciFlagWaiter>
SciRingTransmitter::GetFlag() const
{
    return m_flag;
}

const SciRingAddress&
SciRingTransmitter::GetPeer() const
{
    return m_peer;
}

uint32_t
SciRingTransmitter::KnownRoom() const
{
    return m_peer.ringBytes - (m_written - m_readSeen);
}

void
SciRingTransmitter::RefreshRoom(Callback<void, uint32_t> done)
{
    Ptr<SciRingTransmitter> self = this;
    Ptr<SanResource> cpu = m_ctx->GetCpu()->GetResource();
    // The processor stalls on the remote load of the receiver's read pointer.
    cpu->Acquire(MakeSanCallback<void>([self, cpu, done]() {
        self->m_ctx->Load(self->m_mapped + SciRingReceiver::READ_POINTER,
                          4,
                          SciContext::ReadCallback([self, cpu, done](const uint8_t* b, uint32_t) {
                              self->m_readSeen = HostWords::Load32(b);
                              cpu->Release();
                              done(self->KnownRoom());
                          }));
    }));
}

void
SciRingTransmitter::Write(const uint8_t* data, uint32_t len, Callback<void> done)
{
    NS_ABORT_MSG_IF(len > KnownRoom(), "SciRingTransmitter::Write: more than the ring's room");
    Ptr<HostMemorySystem> system = m_ctx->GetMemorySystem();
    const uint32_t pos = m_written % m_peer.ringBytes;
    const uint32_t first = std::min(len, m_peer.ringBytes - pos);
    const uint64_t ring = m_mapped + SciRingReceiver::CONTROL_BYTES;
    m_written += len;
    if (first == len)
    {
        system->CopyToDevice(data, len, true, m_ctx->GetStoreSink(ring + pos), done);
        return;
    }
    // The copy wraps around the ring's end: two loops.
    Ptr<SciContext> ctx = m_ctx;
    std::vector<uint8_t> rest;
    if (data != nullptr)
    {
        rest.assign(data + first, data + len);
    }
    system->CopyToDevice(data,
                         first,
                         true,
                         m_ctx->GetStoreSink(ring + pos),
                         MakeSanCallback<void>([system, ctx, rest, len, first, ring, done]() {
                             system->CopyToDevice(rest.empty() ? nullptr : rest.data(),
                                                  len - first,
                                                  true,
                                                  ctx->GetStoreSink(ring),
                                                  done);
                         }));
}

void
SciRingTransmitter::Publish(Callback<void, bool> done)
{
    Ptr<SciRingTransmitter> self = this;
    m_ctx->CheckTransfers(SciContext::CheckCallback([self, done](bool ok) {
        if (!ok)
        {
            done(false);
            return;
        }
        uint8_t b[4];
        HostWords::Store32(b, self->m_written);
        self->m_ctx->Store(self->m_mapped + SciRingReceiver::WRITE_POINTER, b, 4, Callback<void>());
        self->m_published = self->m_written;
        self->Stimulate();
        done(true);
    }));
}

void
SciRingTransmitter::Stimulate()
{
    m_ctx->Stimulate(m_peer.node, m_peer.flag, Callback<void>());
}

void
SciRingTransmitter::WaitForRoom(Callback<void, uint32_t> done)
{
    Ptr<SciRingTransmitter> self = this;
    // Enable the transmitter's own flag, then look at the read pointer once more: the
    // receiver stimulates the flag whenever it consumes, so room made after this point wakes
    // the transmitter.
    m_flag->Arm();
    RefreshRoom(MakeSanCallback<void, uint32_t>([self, done](uint32_t room) {
        if (room > 0)
        {
            self->m_flag->Disarm();
            done(room);
            return;
        }
        self->m_flag->Wait(
            Seconds(0),
            MakeSanCallback<bool>([self]() { return self->m_flag->StimulatedSinceArmed(); }),
            MakeSanCallback<void>([self, done]() { self->RefreshRoom(done); }));
    }));
}

void
SciRingTransmitter::SendClose()
{
    uint8_t b[4];
    HostWords::Store32(b, 1);
    m_ctx->Store(m_mapped + SciRingReceiver::CLOSED, b, 4, Callback<void>());
    Stimulate();
}

void
SciRingTransmitter::WriteControl(uint32_t offset, const uint8_t* data, uint32_t len)
{
    m_ctx->Store(m_mapped + offset, data, len, Callback<void>());
}

} // namespace ns3
