/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NxProcess: the sender's half of the zero-copy protocol (background copy, transfer, flag).

#include "nx-process.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/log.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxProcessZeroCopy");

// ----- zero copy: the sender --------------------------------------------------------------

bool
NxProcess::ReplyArrived(const ZcSend* z) const
{
    const uint64_t slot = InCtrl(z->dst) + CTRL_REPLY + 16 * (z->id % ZC_SLOTS);
    return m_ep->ReadWord(slot + 12) == z->id + 1;
}

void
NxProcess::BackgroundCopy(ZcSend* z)
{
    m_ep->Compute(m_copyCheckInstructions, Callback<void>([this, z]() {
                      if (ReplyArrived(z))
                      {
                          // The reply stops the copy: the data goes from the user's memory.
                          ++m_directTransfers;
                          ZcTransfer(z, z->user, [this, z]() { ZcFinished(z); });
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
                          Finish([done]() {
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
                      const uint32_t n = std::min(m_copyChunk, z->bytes - z->copied);
                      m_ep->Copy(z->staging + z->copied,
                                 z->user + z->copied,
                                 n,
                                 Callback<void>([this, z, n]() {
                                     z->copied += n;
                                     m_backgroundBytes += n;
                                     BackgroundCopy(z);
                                 }));
                  }));
}

void
NxProcess::ZcTransfer(ZcSend* z, uint64_t src, std::function<void()> then)
{
    z->transferring = true;
    const uint64_t slot = InCtrl(z->dst) + CTRL_REPLY + 16 * (z->id % ZC_SLOTS);
    const uint32_t exportId = m_ep->ReadWord(slot);
    const uint32_t offset = m_ep->ReadWord(slot + 4);
    const uint32_t host = m_peers[z->dst].host;
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
        m_ep->Store(m_peers[z->dst].ctrl + CTRL_ZCDONE + 16 * (z->id % ZC_SLOTS),
                    v->data(),
                    16,
                    Callback<void>([v, then]() { then(); }));
    };
    auto transfer = [this, src, offset, words, flag](int32_t handle) {
        m_ep->SendDeliberate(handle,
                             offset,
                             src,
                             words,
                             false,
                             Callback<void, bool>([flag](bool ok) {
                                 NS_ABORT_MSG_UNLESS(ok, "NxProcess: zero-copy transfer refused");
                                 flag();
                             }));
    };
    m_ep->Compute(m_zeroCopyInstructions, Callback<void>([this, host, exportId, transfer]() {
                      auto it = m_importCache.find({host, exportId});
                      if (it != m_importCache.end())
                      {
                          transfer(it->second);
                          return;
                      }
                      // First use of this receive region: import it (through the daemons).
                      m_ep->Import(
                          host,
                          exportId,
                          Callback<void, int32_t>([this, host, exportId, transfer](int32_t h) {
                              NS_ABORT_MSG_IF(h < 0, "NxProcess: receive region refused");
                              m_importCache[{host, exportId}] = h;
                              transfer(h);
                          }));
                  }));
}

void
NxProcess::ZcFinished(ZcSend* z)
{
    auto& v = m_zc[z->dst];
    v.erase(std::find(v.begin(), v.end(), z));
    --m_peers[z->dst].zcPending;
    if (z->staging != 0)
    {
        m_ep->GetMemory()->Free(z->staging);
    }
    const bool returned = z->returned;
    Callback<void> done = z->done;
    delete z;
    if (!returned)
    {
        Finish([done]() {
            if (!done.IsNull())
            {
                done();
            }
        });
    }
}

void
NxProcess::Flush(Callback<void> done)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "NxProcess::Flush: not set up");
    StartCall([this, done]() {
        auto none = [this]() {
            for (const auto& kv : m_zc)
            {
                if (!kv.second.empty())
                {
                    return false;
                }
            }
            return true;
        };
        auto finish = [this, done]() {
            Finish([done]() {
                if (!done.IsNull())
                {
                    done();
                }
            });
        };
        if (none())
        {
            finish();
            return;
        }
        Wait(none, finish);
    });
}

} // namespace ns3
