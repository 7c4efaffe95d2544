/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "nx-sender.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxSender");

void
NxSender::Setup(Ptr<VmmcEndpoint> ep,
                const NxSettings* settings,
                const NxConnections* connections,
                NxCallContext* calls,
                const TracedCallback<uint32_t, uint32_t>* creditReceived)
{
    m_ep = ep;
    m_settings = settings;
    m_conn = connections;
    m_calls = calls;
    m_creditReceivedTrace = creditReceived;
    m_peers.assign(connections->GetSize(), Peer());
    m_buffers.Assign(connections->GetSize(), settings->packetBuffers);
}

void
NxSender::Allocate()
{
    m_marshal = m_ep->Allocate(m_settings->packetBufferBytes);
    m_scratch = m_ep->Allocate(4);
}

void
NxSender::Dispose()
{
    m_peers.clear();
    m_buffers.Clear();
    m_ep = nullptr;
}

uint32_t
NxSender::NextSequence(uint32_t dst)
{
    return m_peers[dst].sendSeq++;
}

bool
NxSender::CollectCredits(uint32_t dst, uint32_t& examined)
{
    Peer& p = m_peers[dst];
    bool any = false;
    const uint64_t credits = m_conn->GetInControl(dst) + NxConnections::CTRL_CREDITS;
    for (uint32_t b = 0; b < m_settings->packetBuffers; ++b)
    {
        Buffer& buffer = m_buffers.Get(dst, b);
        if (!buffer.busy)
        {
            continue;
        }
        ++examined;
        const uint32_t credit = m_ep->ReadWord(credits + 4 * b);
        if (credit != buffer.lastCredit)
        {
            // The credit names the packet buffer the receiver freed.
            buffer.lastCredit = credit;
            buffer.busy = false;
            p.requested = false;
            ++m_creditsReceived;
            (*m_creditReceivedTrace)(dst, b);
            any = true;
        }
    }
    return any;
}

bool
NxSender::HasCredit(uint32_t dst) const
{
    const uint64_t credits = m_conn->GetInControl(dst) + NxConnections::CTRL_CREDITS;
    for (uint32_t b = 0; b < m_settings->packetBuffers; ++b)
    {
        const Buffer& buffer = m_buffers.Get(dst, b);
        if (buffer.busy && m_ep->ReadWord(credits + 4 * b) != buffer.lastCredit)
        {
            return true;
        }
    }
    return false;
}

void
NxSender::AcquireBuffer(uint32_t dst, std::function<void(uint32_t)> got)
{
    Peer& p = m_peers[dst];
    const uint32_t n = m_settings->packetBuffers;
    uint32_t examined = 0;
    int32_t found = -1;
    // A free buffer first (no credit to read), else the credits that came back.
    for (uint32_t i = 0; i < n && found < 0; ++i)
    {
        const uint32_t b = (p.nextBuffer + i) % n;
        ++examined;
        if (!m_buffers.Get(dst, b).busy)
        {
            found = static_cast<int32_t>(b);
        }
    }
    if (found < 0 && CollectCredits(dst, examined))
    {
        for (uint32_t i = 0; i < n && found < 0; ++i)
        {
            const uint32_t b = (p.nextBuffer + i) % n;
            if (!m_buffers.Get(dst, b).busy)
            {
                found = static_cast<int32_t>(b);
            }
        }
    }
    m_ep->Compute(m_settings->bufferSearchInstructions * examined,
                  MakeSanCallback<void>([this, dst, found, got]() {
                      Peer& q = m_peers[dst];
                      if (found >= 0)
                      {
                          m_buffers.Get(dst, found).busy = true;
                          q.nextBuffer = (found + 1) % m_settings->packetBuffers;
                          got(static_cast<uint32_t>(found));
                          return;
                      }
                      auto wait = [this, dst, got]() {
                          m_calls->Wait([this, dst]() { return HasCredit(dst); },
                                        [this, dst, got]() { AcquireBuffer(dst, got); });
                      };
                      if (q.requested)
                      {
                          wait();
                          return;
                      }
                      // Every packet buffer is full: interrupt the receiver for more (section 6).
                      q.requested = true;
                      ++q.requests;
                      ++m_requestsSent;
                      m_ep->Compute(
                          m_settings->requestInstructions,
                          MakeSanCallback<void>([this, dst, wait]() {
                              m_ep->StoreWord(
                                  m_scratch,
                                  m_peers[dst].requests,
                                  MakeSanCallback<void>([this, dst, wait]() {
                                      m_ep->SendDeliberate(
                                          m_conn->GetHandle(dst),
                                          m_conn->GetRequestOffset(),
                                          m_scratch,
                                          4,
                                          true,
                                          MakeSanCallback<void, bool>([wait](bool ok) {
                                              NS_ABORT_MSG_UNLESS(ok, "NxProcess: request refused");
                                              wait();
                                          }));
                                  }));
                          }));
                  }));
}

namespace
{

/// \return the pad bytes (zero) and the descriptor's 16 bytes
std::shared_ptr<std::vector<uint8_t>>
NxDescriptorBytes(uint32_t pad, const uint32_t desc[4])
{
    auto v = std::make_shared<std::vector<uint8_t>>(pad + 16, 0);
    for (uint32_t i = 0; i < 4; ++i)
    {
        HostWords::Store32(v->data() + pad + 4 * i, desc[i]);
    }
    return v;
}

} // namespace

void
NxSender::PutMessage(uint32_t dst,
                     uint32_t b,
                     const uint32_t desc[4],
                     uint64_t addr,
                     uint32_t bytes,
                     std::function<void()> then)
{
    const uint32_t bufferBytes = m_settings->packetBufferBytes;
    const uint32_t descBytes = NxConnections::DESC_BYTES;
    const uint32_t padded = (bytes + 3) / 4 * 4;
    const uint32_t descOff = b * bufferBytes + bufferBytes - descBytes;
    const uint32_t dataOff = descOff - padded;
    auto d = NxDescriptorBytes(padded - bytes, desc);
    if (m_settings->variant == NxSettings::AU)
    {
        // Data, pad and descriptor are consecutive: one combined packet. The store to the
        // control page (a page without combining) closes it at once.
        const uint64_t local = m_conn->GetMirror(dst) + dataOff;
        auto header = [this, dst, local, bytes, d, then]() {
            m_ep->Store(local + bytes,
                        d->data(),
                        static_cast<uint32_t>(d->size()),
                        MakeSanCallback<void>([this, dst, then]() {
                            m_ep->StoreWord(m_conn->GetPeerControl(dst) + NxConnections::CTRL_CLOSE,
                                            ++m_peers[dst].closes,
                                            MakeSanCallback<void>([then]() { then(); }));
                        }));
        };
        if (bytes == 0)
        {
            header();
            return;
        }
        m_ep->Copy(local, addr, bytes, Callback<void>(header));
        return;
    }
    if (m_settings->variant == NxSettings::DU_1COPY && bytes > 0 && addr % 4 == 0 &&
        m_ep->GetMemory()->Contains(addr, padded))
    {
        // Two deliberate updates: the data from user memory, then the descriptor.
        const uint64_t header = m_marshal + bufferBytes - descBytes;
        auto sendHeader = [this, dst, descOff, header, d, then]() {
            m_ep->Store(header,
                        d->data() + (d->size() - 16),
                        16,
                        MakeSanCallback<void>([this, dst, descOff, header, then]() {
                            m_ep->SendDeliberate(
                                m_conn->GetHandle(dst),
                                descOff,
                                header,
                                16,
                                true,
                                MakeSanCallback<void, bool>([then](bool ok) {
                                    NS_ABORT_MSG_UNLESS(ok, "NxProcess: descriptor refused");
                                    then();
                                }));
                        }));
        };
        m_ep->SendDeliberate(m_conn->GetHandle(dst),
                             dataOff,
                             addr,
                             padded,
                             false,
                             MakeSanCallback<void, bool>([sendHeader](bool ok) {
                                 NS_ABORT_MSG_UNLESS(ok, "NxProcess: data transfer refused");
                                 sendHeader();
                             }));
        return;
    }
    PutMarshaled(dst, b, desc, addr, bytes, then);
}

void
NxSender::PutMarshaled(uint32_t dst,
                       uint32_t b,
                       const uint32_t desc[4],
                       uint64_t addr,
                       uint32_t bytes,
                       std::function<void()> then)
{
    // The data is copied next to the descriptor in the marshaling area; one deliberate
    // update carries both.
    const uint32_t bufferBytes = m_settings->packetBufferBytes;
    const uint32_t padded = (bytes + 3) / 4 * 4;
    const uint32_t inBuffer = bufferBytes - NxConnections::DESC_BYTES - padded;
    const uint32_t dataOff = b * bufferBytes + inBuffer;
    const uint64_t local = m_marshal + inBuffer;
    auto d = NxDescriptorBytes(padded - bytes, desc);
    auto send = [this, dst, dataOff, local, padded, then]() {
        m_ep->SendDeliberate(m_conn->GetHandle(dst),
                             dataOff,
                             local,
                             padded + NxConnections::DESC_BYTES,
                             true,
                             MakeSanCallback<void, bool>([then](bool ok) {
                                 NS_ABORT_MSG_UNLESS(ok, "NxProcess: message refused");
                                 then();
                             }));
    };
    auto header = [this, local, bytes, d, send]() {
        m_ep->Store(local + bytes,
                    d->data(),
                    static_cast<uint32_t>(d->size()),
                    Callback<void>(send));
    };
    if (bytes == 0)
    {
        header();
        return;
    }
    m_ep->Copy(local, addr, bytes, Callback<void>(header));
}

uint64_t
NxSender::GetNCreditsReceived() const
{
    return m_creditsReceived;
}

uint64_t
NxSender::GetNBufferRequestsSent() const
{
    return m_requestsSent;
}

} // namespace ns3
