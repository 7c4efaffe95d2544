/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "nx-zero-copy.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxZeroCopy");

void
NxZeroCopy::Setup(Ptr<VmmcEndpoint> ep,
                  const NxSettings* settings,
                  const NxConnections* connections,
                  NxCallContext* calls,
                  NxSender* sender,
                  NxReceiver* receiver)
{
    m_ep = ep;
    m_settings = settings;
    m_conn = connections;
    m_calls = calls;
    m_sender = sender;
    m_receiver = receiver;
    m_next.assign(connections->GetSize(), 0);
    m_pending.assign(connections->GetSize(), 0);
}

void
NxZeroCopy::Dispose()
{
    for (auto& kv : m_zc)
    {
        for (ZcSend* z : kv.second)
        {
            delete z;
        }
    }
    m_zc.clear();
    m_ep = nullptr;
}

// ----- the sender -------------------------------------------------------------------------

bool
NxZeroCopy::HasFreeSlot(uint32_t dst) const
{
    return m_pending[dst] < NxConnections::ZC_SLOTS;
}

void
NxZeroCopy::Send(uint32_t dst,
                 uint32_t b,
                 uint32_t desc[4],
                 uint64_t addr,
                 uint32_t bytes,
                 Callback<void> done)
{
    ZcSend* z = new ZcSend();
    z->dst = dst;
    z->id = m_next[dst]++;
    z->user = addr;
    z->bytes = bytes;
    z->done = done;
    ++m_pending[dst];
    ++m_zcSends;
    m_zc[dst].push_back(z);
    desc[2] = NxConnections::KIND_SCOUT | (z->id << 8);
    // The scout, then at once the background copy.
    m_sender->PutMessage(dst, b, desc, 0, 0, [this, z]() { BackgroundCopy(z); });
}

bool
NxZeroCopy::ReplyArrived(const ZcSend* z) const
{
    const uint64_t slot = m_conn->GetInControl(z->dst) + NxConnections::CTRL_REPLY +
                          16 * (z->id % NxConnections::ZC_SLOTS);
    return m_ep->ReadWord(slot + 12) == z->id + 1;
}

void
NxZeroCopy::BackgroundCopy(ZcSend* z)
{
    m_ep->Compute(m_settings->copyCheckInstructions, MakeSanCallback<void>([this, z]() {
                      if (ReplyArrived(z))
                      {
                          // The reply stops the copy: the data goes from the user's memory.
                          ++m_directTransfers;
                          Transfer(z, z->user, [this, z]() { Finished(z); });
                          return;
                      }
                      if (z->copied == z->bytes)
                      {
                          // A safe copy exists: the call returns; the transfer waits for
                          // the reply.
                          z->returned = true;
                          ++m_earlyReturns;
                          Callback<void> done = z->done;
                          z->done = Callback<void>();
                          m_calls->Finish([done]() {
                              if (!done.IsNull())
                              {
                                  done();
                              }
                          });
                          return;
                      }
                      if (z->staging == 0)
                      {
                          z->staging = m_ep->GetMemory()->Allocate((z->bytes + 3) / 4 * 4);
                      }
                      const uint32_t n = std::min(m_settings->copyChunk, z->bytes - z->copied);
                      m_ep->Copy(z->staging + z->copied,
                                 z->user + z->copied,
                                 n,
                                 MakeSanCallback<void>([this, z, n]() {
                                     z->copied += n;
                                     m_backgroundBytes += n;
                                     BackgroundCopy(z);
                                 }));
                  }));
}

void
NxZeroCopy::Transfer(ZcSend* z, uint64_t src, std::function<void()> then)
{
    z->transferring = true;
    const uint64_t slot = m_conn->GetInControl(z->dst) + NxConnections::CTRL_REPLY +
                          16 * (z->id % NxConnections::ZC_SLOTS);
    const uint32_t exportId = m_ep->ReadWord(slot);
    const uint32_t offset = m_ep->ReadWord(slot + 4);
    const uint32_t host = m_conn->GetHost(z->dst);
    // Whole words by deliberate update; the last 1-3 bytes ride in the flag's packet, so
    // nothing past the message is written at the receiver.
    const uint32_t words = z->bytes / 4 * 4;
    uint32_t tail = 0;
    if (z->bytes % 4 != 0)
    {
        uint8_t t[4] = {0, 0, 0, 0};
        m_ep->GetMemory()->Read(src + words, t, z->bytes % 4);
        tail = HostWords::Load32(t);
    }
    auto flag = [this, z, tail, then]() {
        auto v = std::make_shared<std::vector<uint8_t>>(16, 0);
        HostWords::Store32(v->data(), tail);
        HostWords::Store32(v->data() + 12, z->id + 1);
        m_ep->Store(m_conn->GetPeerControl(z->dst) + NxConnections::CTRL_ZCDONE +
                        16 * (z->id % NxConnections::ZC_SLOTS),
                    v->data(),
                    16,
                    MakeSanCallback<void>([v, then]() { then(); }));
    };
    auto transfer = [this, src, offset, words, flag](int32_t handle) {
        m_ep->SendDeliberate(handle,
                             offset,
                             src,
                             words,
                             false,
                             MakeSanCallback<void, bool>([flag](bool ok) {
                                 NS_ABORT_MSG_UNLESS(ok, "NxProcess: zero-copy transfer refused");
                                 flag();
                             }));
    };
    m_ep->Compute(m_settings->zeroCopyInstructions,
                  MakeSanCallback<void>([this, host, exportId, transfer]() {
                      auto it = m_importCache.find({host, exportId});
                      if (it != m_importCache.end())
                      {
                          transfer(it->second);
                          return;
                      }
                      // First use of this receive region: import it (through the daemons).
                      m_ep->Import(host,
                                   exportId,
                                   MakeSanCallback<void, int32_t>([this, host, exportId, transfer](
                                                                      int32_t h) {
                                       NS_ABORT_MSG_IF(h < 0, "NxProcess: receive region refused");
                                       m_importCache[{host, exportId}] = h;
                                       transfer(h);
                                   }));
                  }));
}

void
NxZeroCopy::Finished(ZcSend* z)
{
    auto& v = m_zc[z->dst];
    v.erase(std::find(v.begin(), v.end(), z));
    --m_pending[z->dst];
    if (z->staging != 0)
    {
        m_ep->GetMemory()->Free(z->staging);
    }
    const bool returned = z->returned;
    Callback<void> done = z->done;
    delete z;
    if (!returned)
    {
        m_calls->Finish([done]() {
            if (!done.IsNull())
            {
                done();
            }
        });
    }
}

bool
NxZeroCopy::IsIdle() const
{
    for (const auto& kv : m_zc)
    {
        if (!kv.second.empty())
        {
            return false;
        }
    }
    return true;
}

bool
NxZeroCopy::HasBackgroundWork() const
{
    for (const auto& kv : m_zc)
    {
        for (const ZcSend* z : kv.second)
        {
            if (z->returned && !z->transferring && ReplyArrived(z))
            {
                return true;
            }
        }
    }
    return false;
}

bool
NxZeroCopy::DoBackgroundWork(const std::function<void()>& then)
{
    for (auto& kv : m_zc)
    {
        for (ZcSend* z : kv.second)
        {
            if (z->returned && !z->transferring && ReplyArrived(z))
            {
                // An early-returned send: its data goes from the safe copy.
                Transfer(z, z->staging, [this, z, then]() {
                    Finished(z);
                    then();
                });
                return true;
            }
        }
    }
    return false;
}

// ----- the receiver -----------------------------------------------------------------------

void
NxZeroCopy::ReceiveScout(const NxReceiver::Message& w,
                         uint64_t addr,
                         NxReceiver::ReceiveCallback done)
{
    NS_ABORT_MSG_IF(addr % 4 != 0,
                    "NxProcess::Receive: a zero-copy message (" << w.size
                                                                << " bytes) needs a word-aligned "
                                                                   "receive buffer (section 4)");
    const uint32_t page = m_ep->GetPageBytes();
    const uint64_t first = addr / page * page;
    const uint32_t pages = static_cast<uint32_t>((addr + w.size + page - 1) / page - first / page);
    NS_ABORT_MSG_UNLESS(m_ep->GetMemory()->Contains(first, uint64_t(pages) * page),
                        "NxProcess::Receive: a zero-copy receive buffer must lie in whole "
                        "pages of one allocation (VmmcEndpoint::Allocate)");
    const uint32_t j = w.src;
    auto reply = [this, w, addr, first, done](uint32_t exportId) {
        // The reply: the receive region's export id and the offset in it; the id word last.
        auto v = std::make_shared<std::vector<uint8_t>>(16, 0);
        HostWords::Store32(v->data(), exportId);
        HostWords::Store32(v->data() + 4, static_cast<uint32_t>(addr - first));
        HostWords::Store32(v->data() + 12, w.zcId + 1);
        const uint64_t slot = m_conn->GetPeerControl(w.src) + NxConnections::CTRL_REPLY +
                              16 * (w.zcId % NxConnections::ZC_SLOTS);
        m_ep->Store(
            slot,
            v->data(),
            16,
            MakeSanCallback<void>([this, v, w, addr, done]() {
                auto wait = [this, w, addr, done]() {
                    const uint64_t flag = m_conn->GetInControl(w.src) + NxConnections::CTRL_ZCDONE +
                                          16 * (w.zcId % NxConnections::ZC_SLOTS);
                    m_calls->Wait(
                        [this, flag, w]() { return m_ep->ReadWord(flag + 12) == w.zcId + 1; },
                        [this, flag, w, addr, done]() {
                            auto finish = [this, w, done]() {
                                m_ep->Compute(m_settings->consumeInstructions,
                                              MakeSanCallback<void>([this, w, done]() {
                                                  m_calls->Finish([w, done]() {
                                                      if (!done.IsNull())
                                                      {
                                                          done(w.size, w.src, w.tag);
                                                      }
                                                  });
                                              }));
                            };
                            const uint32_t tail = w.size % 4;
                            if (tail == 0)
                            {
                                finish();
                                return;
                            }
                            uint8_t t[4];
                            HostWords::Store32(t, m_ep->ReadWord(flag));
                            m_ep->Store(addr + w.size - tail, t, tail, Callback<void>(finish));
                        });
                };
                if (w.buffer >= 0)
                {
                    m_receiver->FreeBuffer(w.src, static_cast<uint32_t>(w.buffer), wait);
                    return;
                }
                wait();
            }));
    };
    m_ep->Compute(m_settings->scoutReplyInstructions,
                  MakeSanCallback<void>([this, j, first, pages, page, reply]() {
                      const uint32_t host = m_conn->GetHost(j);
                      auto it = m_exportCache.find({first, host});
                      if (it != m_exportCache.end() && m_exportPages[{first, host}] >= pages)
                      {
                          reply(it->second);
                          return;
                      }
                      // First use of this receive region by this sender: export it (the daemons).
                      m_ep->Export(first,
                                   pages * page,
                                   {host},
                                   MakeSanCallback<void, uint32_t>(
                                       [this, host, first, pages, reply](uint32_t id) {
                                           m_exportCache[{first, host}] = id;
                                           m_exportPages[{first, host}] = pages;
                                           reply(id);
                                       }));
                  }));
}

// ----- statistics ---------------------------------------------------------------------------

uint64_t
NxZeroCopy::GetNZeroCopySends() const
{
    return m_zcSends;
}

uint64_t
NxZeroCopy::GetNEarlyReturns() const
{
    return m_earlyReturns;
}

uint64_t
NxZeroCopy::GetBackgroundBytesCopied() const
{
    return m_backgroundBytes;
}

uint64_t
NxZeroCopy::GetNDirectTransfers() const
{
    return m_directTransfers;
}

} // namespace ns3
