/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NxProcess: the send side of the one-copy protocol (packet buffers, credits, buffer requests).

#include "nx-process.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/log.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxProcessSend");

// ----- send ---------------------------------------------------------------------------------

void
NxProcess::Send(uint32_t dst, uint32_t tag, uint64_t addr, uint32_t bytes, Callback<void> done)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "NxProcess::Send: not set up");
    NS_ABORT_MSG_IF(dst >= m_size || dst == m_rank,
                    "NxProcess::Send: rank " << m_rank << " cannot send to " << dst);
    NS_ABORT_MSG_IF(m_peers[dst].handle < 0,
                    "NxProcess::Send: not connected to " << dst << " (NxGroup::Initialize)");
    NS_ABORT_MSG_IF(bytes > 0 && !m_ep->GetMemory()->Contains(addr, bytes),
                    "NxProcess::Send: [" << addr << ", +" << bytes << ") is not in memory");
    NS_ABORT_MSG_IF(bytes > m_threshold && addr % 4 != 0,
                    "NxProcess::Send: a zero-copy message ("
                        << bytes << " bytes) needs a word-aligned buffer (section 4)");
    StartCall([this, dst, tag, addr, bytes, done]() { DoSend(dst, tag, addr, bytes, done); });
}

void
NxProcess::DoSend(uint32_t dst, uint32_t tag, uint64_t addr, uint32_t bytes, Callback<void> done)
{
    const bool zc = bytes > m_threshold;
    auto body = [this, dst, tag, addr, bytes, done, zc]() {
        AcquireBuffer(dst, [this, dst, tag, addr, bytes, done, zc](uint32_t b) {
            m_ep->Compute(m_headerInstructions,
                          Callback<void>([this, dst, tag, addr, bytes, done, zc, b]() {
                              Peer& p = m_peers[dst];
                              uint32_t desc[4] = {tag, p.sendSeq++, KIND_DATA, bytes};
                              if (!zc)
                              {
                                  PutMessage(dst, b, desc, addr, bytes, [this, done]() {
                                      Finish([done]() {
                                          if (!done.IsNull())
                                          {
                                              done();
                                          }
                                      });
                                  });
                                  return;
                              }
                              ZcSend* z = new ZcSend();
                              z->dst = dst;
                              z->id = p.zcNext++;
                              z->user = addr;
                              z->bytes = bytes;
                              z->done = done;
                              ++p.zcPending;
                              ++m_zcSends;
                              m_zc[dst].push_back(z);
                              desc[2] = KIND_SCOUT | (z->id << 8);
                              // The scout, then at once the background copy.
                              PutMessage(dst, b, desc, 0, 0, [this, z]() { BackgroundCopy(z); });
                          }));
        });
    };
    m_ep->Compute(m_sendCallInstructions, Callback<void>([this, dst, zc, body]() {
                      if (zc && m_peers[dst].zcPending >= ZC_SLOTS)
                      {
                          Wait([this, dst]() { return m_peers[dst].zcPending < ZC_SLOTS; }, body);
                          return;
                      }
                      body();
                  }));
}

bool
NxProcess::CollectCredits(uint32_t dst, uint32_t& examined)
{
    Peer& p = m_peers[dst];
    bool any = false;
    for (uint32_t b = 0; b < m_packetBuffers; ++b)
    {
        if (!p.busy[b])
        {
            continue;
        }
        ++examined;
        const uint32_t credit = m_ep->ReadWord(InCtrl(dst) + CTRL_CREDITS + 4 * b);
        if (credit != p.lastCredit[b])
        {
            // The credit names the packet buffer the receiver freed.
            p.lastCredit[b] = credit;
            p.busy[b] = false;
            p.requested = false;
            ++m_creditsReceived;
            m_creditReceivedTrace(dst, b);
            any = true;
        }
    }
    return any;
}

bool
NxProcess::HasCredit(uint32_t dst) const
{
    const Peer& p = m_peers[dst];
    for (uint32_t b = 0; b < m_packetBuffers; ++b)
    {
        if (p.busy[b] && m_ep->ReadWord(InCtrl(dst) + CTRL_CREDITS + 4 * b) != p.lastCredit[b])
        {
            return true;
        }
    }
    return false;
}

void
NxProcess::AcquireBuffer(uint32_t dst, std::function<void(uint32_t)> got)
{
    Peer& p = m_peers[dst];
    uint32_t examined = 0;
    int32_t found = -1;
    // A free buffer first (no credit to read), else the credits that came back.
    for (uint32_t i = 0; i < m_packetBuffers && found < 0; ++i)
    {
        const uint32_t b = (p.nextBuffer + i) % m_packetBuffers;
        ++examined;
        if (!p.busy[b])
        {
            found = static_cast<int32_t>(b);
        }
    }
    if (found < 0 && CollectCredits(dst, examined))
    {
        for (uint32_t i = 0; i < m_packetBuffers && found < 0; ++i)
        {
            const uint32_t b = (p.nextBuffer + i) % m_packetBuffers;
            if (!p.busy[b])
            {
                found = static_cast<int32_t>(b);
            }
        }
    }
    m_ep->Compute(m_bufferSearchInstructions * examined, Callback<void>([this, dst, found, got]() {
                      Peer& q = m_peers[dst];
                      if (found >= 0)
                      {
                          q.busy[found] = true;
                          q.nextBuffer = (found + 1) % m_packetBuffers;
                          got(static_cast<uint32_t>(found));
                          return;
                      }
                      auto wait = [this, dst, got]() {
                          Wait([this, dst]() { return HasCredit(dst); },
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
                      m_ep->Compute(m_requestInstructions, Callback<void>([this, dst, wait]() {
                                        Peer& r = m_peers[dst];
                                        m_ep->StoreWord(
                                            m_scratch,
                                            r.requests,
                                            Callback<void>([this, dst, wait]() {
                                                m_ep->SendDeliberate(
                                                    m_peers[dst].handle,
                                                    RequestOffset(),
                                                    m_scratch,
                                                    4,
                                                    true,
                                                    Callback<void, bool>([wait](bool ok) {
                                                        NS_ABORT_MSG_UNLESS(
                                                            ok,
                                                            "NxProcess: request refused");
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
DescriptorBytes(uint32_t pad, const uint32_t desc[4])
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
NxProcess::PutMessage(uint32_t dst,
                      uint32_t b,
                      const uint32_t desc[4],
                      uint64_t addr,
                      uint32_t bytes,
                      std::function<void()> then)
{
    Peer& p = m_peers[dst];
    const uint32_t padded = (bytes + 3) / 4 * 4;
    const uint32_t descOff = b * m_packetBufferBytes + m_packetBufferBytes - DESC_BYTES;
    const uint32_t dataOff = descOff - padded;
    auto d = DescriptorBytes(padded - bytes, desc);
    if (m_variant == AU)
    {
        // Data, pad and descriptor are consecutive: one combined packet. The store to the
        // control page (a page without combining) closes it at once.
        const uint64_t local = p.mirror + dataOff;
        auto header = [this, dst, local, bytes, d, then]() {
            m_ep->Store(local + bytes,
                        d->data(),
                        static_cast<uint32_t>(d->size()),
                        Callback<void>([this, dst, then]() {
                            Peer& q = m_peers[dst];
                            m_ep->StoreWord(q.ctrl + CTRL_CLOSE,
                                            ++q.closes,
                                            Callback<void>([then]() { then(); }));
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
    if (m_variant == DU_1COPY && bytes > 0 && addr % 4 == 0 &&
        m_ep->GetMemory()->Contains(addr, padded))
    {
        // Two deliberate updates: the data from user memory, then the descriptor.
        const uint64_t header = m_marshal + m_packetBufferBytes - DESC_BYTES;
        auto sendHeader = [this, dst, descOff, header, d, then]() {
            m_ep->Store(header,
                        d->data() + (d->size() - 16),
                        16,
                        Callback<void>([this, dst, descOff, header, then]() {
                            m_ep->SendDeliberate(
                                m_peers[dst].handle,
                                descOff,
                                header,
                                16,
                                true,
                                Callback<void, bool>([then](bool ok) {
                                    NS_ABORT_MSG_UNLESS(ok, "NxProcess: descriptor refused");
                                    then();
                                }));
                        }));
        };
        m_ep->SendDeliberate(p.handle,
                             dataOff,
                             addr,
                             padded,
                             false,
                             Callback<void, bool>([sendHeader](bool ok) {
                                 NS_ABORT_MSG_UNLESS(ok, "NxProcess: data transfer refused");
                                 sendHeader();
                             }));
        return;
    }
    PutMarshaled(dst, b, desc, addr, bytes, then);
}

void
NxProcess::PutMarshaled(uint32_t dst,
                        uint32_t b,
                        const uint32_t desc[4],
                        uint64_t addr,
                        uint32_t bytes,
                        std::function<void()> then)
{
    // The data is copied next to the descriptor in the marshaling area; one deliberate
    // update carries both.
    const uint32_t padded = (bytes + 3) / 4 * 4;
    const uint32_t inBuffer = m_packetBufferBytes - DESC_BYTES - padded;
    const uint32_t dataOff = b * m_packetBufferBytes + inBuffer;
    const uint64_t local = m_marshal + inBuffer;
    auto d = DescriptorBytes(padded - bytes, desc);
    auto send = [this, dst, dataOff, local, padded, then]() {
        m_ep->SendDeliberate(m_peers[dst].handle,
                             dataOff,
                             local,
                             padded + DESC_BYTES,
                             true,
                             Callback<void, bool>([then](bool ok) {
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

} // namespace ns3
