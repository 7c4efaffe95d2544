/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NxProcess: the receive side: matching, consuming, credits, the zero-copy receiver and the
// buffer requests (poll loop and notification handler).

#include "nx-process.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/log.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxProcessReceive");

void
NxProcess::Receive(uint32_t src,
                   uint32_t tag,
                   uint64_t addr,
                   uint32_t maxBytes,
                   ReceiveCallback done)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "NxProcess::Receive: not set up");
    NS_ABORT_MSG_IF(src != ANY && (src >= m_size || src == m_rank),
                    "NxProcess::Receive: rank " << m_rank << " cannot receive from " << src);
    NS_ABORT_MSG_IF(maxBytes > 0 && !m_ep->GetMemory()->Contains(addr, maxBytes),
                    "NxProcess::Receive: [" << addr << ", +" << maxBytes << ") is not in memory");
    StartCall(
        [this, src, tag, addr, maxBytes, done]() { DoReceive(src, tag, addr, maxBytes, done); });
}

void
NxProcess::DoReceive(uint32_t src,
                     uint32_t tag,
                     uint64_t addr,
                     uint32_t maxBytes,
                     ReceiveCallback done)
{
    m_ep->Compute(m_receiveCallInstructions,
                  Callback<void>([this, src, tag, addr, maxBytes, done]() {
                      TryReceive(src, tag, addr, maxBytes, done);
                  }));
}

void
NxProcess::TryReceive(uint32_t src,
                      uint32_t tag,
                      uint64_t addr,
                      uint32_t maxBytes,
                      ReceiveCallback done)
{
    Waiting w;
    uint32_t examined = 0;
    const bool found = FindMatch(src, tag, w, examined);
    if (found)
    {
        Claim(w); // now, so that a handler cannot move it meanwhile
    }
    m_ep->Compute(m_matchInstructions * std::max<uint32_t>(examined, 1),
                  Callback<void>([this, found, w, src, tag, addr, maxBytes, done]() {
                      if (found)
                      {
                          Consume(w, addr, maxBytes, done);
                          return;
                      }
                      Wait(
                          [this, src, tag]() {
                              Waiting x;
                              uint32_t e = 0;
                              return FindMatch(src, tag, x, e);
                          },
                          [this, src, tag, addr, maxBytes, done]() {
                              TryReceive(src, tag, addr, maxBytes, done);
                          });
                  }));
}

bool
NxProcess::FindMatch(uint32_t src, uint32_t tag, Waiting& w, uint32_t& examined) const
{
    // For each candidate source, its oldest matching message (lowest sequence) among the
    // moved ones and those in packet buffers; for ANY source, the first source that has one,
    // starting after the last one served.
    for (uint32_t i = 0; i < m_size; ++i)
    {
        const uint32_t j = src == ANY ? (m_recvStart + i) % m_size : src;
        if (j == m_rank)
        {
            continue;
        }
        bool have = false;
        Waiting best;
        for (uint32_t k = 0; k < m_overflow.size(); ++k)
        {
            const Waiting& o = m_overflow[k];
            ++examined;
            if (o.src == j && (tag == ANY || o.tag == tag) &&
                (!have || o.seq - best.seq > 0x7fffffff))
            {
                best = o;
                best.slot = static_cast<int32_t>(k);
                have = true;
            }
        }
        const Peer& p = m_peers[j];
        for (uint32_t b = 0; b < m_packetBuffers; ++b)
        {
            if (p.claimed[b])
            {
                continue;
            }
            ++examined;
            const uint64_t d = InDesc(j, b);
            const uint32_t size = m_ep->ReadWord(d + 12);
            if (size == EMPTY)
            {
                continue;
            }
            const uint32_t t = m_ep->ReadWord(d);
            const uint32_t seq = m_ep->ReadWord(d + 4);
            if ((tag == ANY || t == tag) && (!have || seq - best.seq > 0x7fffffff))
            {
                const uint32_t kind = m_ep->ReadWord(d + 8);
                best = Waiting();
                best.src = j;
                best.tag = t;
                best.seq = seq;
                best.kind = kind & 0xff;
                best.zcId = kind >> 8;
                best.size = size;
                best.buffer = static_cast<int32_t>(b);
                have = true;
            }
        }
        if (have)
        {
            w = best;
            return true;
        }
        if (src != ANY)
        {
            break;
        }
    }
    return false;
}

void
NxProcess::Claim(const Waiting& w)
{
    if (w.buffer >= 0)
    {
        m_peers[w.src].claimed[w.buffer] = true;
    }
    else
    {
        m_overflow.erase(m_overflow.begin() + w.slot);
    }
    m_recvStart = (w.src + 1) % m_size;
}

void
NxProcess::Consume(const Waiting& w, uint64_t addr, uint32_t maxBytes, ReceiveCallback done)
{
    NS_ABORT_MSG_IF(w.size > maxBytes,
                    "NxProcess::Receive: a " << w.size << "-byte message from " << w.src
                                             << " does not fit " << maxBytes << " bytes");
    if (w.kind == KIND_SCOUT)
    {
        ConsumeScout(w, addr, maxBytes, done);
        return;
    }
    const uint32_t src = w.src;
    const uint32_t tag = w.tag;
    const uint32_t size = w.size;
    auto finish = [this, size, src, tag, done]() {
        Finish([size, src, tag, done]() {
            if (!done.IsNull())
            {
                done(size, src, tag);
            }
        });
    };
    auto after = [this, w, finish]() {
        m_ep->Compute(m_consumeInstructions, Callback<void>([this, w, finish]() {
                          if (w.buffer >= 0)
                          {
                              FreeBuffer(w.src, static_cast<uint32_t>(w.buffer), finish);
                              return;
                          }
                          finish();
                      }));
    };
    uint64_t from = w.heap;
    if (w.buffer >= 0)
    {
        const uint32_t padded = (w.size + 3) / 4 * 4;
        from = InDesc(w.src, static_cast<uint32_t>(w.buffer)) - padded;
    }
    if (w.size == 0)
    {
        after();
        return;
    }
    const uint64_t heap = w.heap;
    m_ep->Copy(addr, from, w.size, Callback<void>([this, heap, after]() {
                   if (heap != 0)
                   {
                       m_ep->GetMemory()->Free(heap);
                   }
                   after();
               }));
}

void
NxProcess::FreeBuffer(uint32_t peer, uint32_t b, std::function<void()> then)
{
    // Reset the size field, then the credit naming this packet buffer.
    m_ep->StoreWord(InDesc(peer, b) + 12, EMPTY, Callback<void>([this, peer, b, then]() {
                        m_peers[peer].claimed[b] = false;
                        m_ep->Compute(m_creditInstructions, Callback<void>([this, peer, b, then]() {
                                          Peer& p = m_peers[peer];
                                          const uint32_t gen = ++p.creditGen[b];
                                          ++m_creditsReturned;
                                          m_creditReturnedTrace(peer, b);
                                          m_ep->StoreWord(p.ctrl + CTRL_CREDITS + 4 * b,
                                                          gen,
                                                          Callback<void>([then]() { then(); }));
                                      }));
                    }));
}

void
NxProcess::ConsumeScout(const Waiting& w, uint64_t addr, uint32_t maxBytes, ReceiveCallback done)
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
        const uint64_t slot = m_peers[w.src].ctrl + CTRL_REPLY + 16 * (w.zcId % ZC_SLOTS);
        m_ep->Store(
            slot,
            v->data(),
            16,
            Callback<void>([this, v, w, addr, done]() {
                auto wait = [this, w, addr, done]() {
                    const uint64_t flag = InCtrl(w.src) + CTRL_ZCDONE + 16 * (w.zcId % ZC_SLOTS);
                    Wait([this, flag, w]() { return m_ep->ReadWord(flag + 12) == w.zcId + 1; },
                         [this, flag, w, addr, done]() {
                             auto finish = [this, w, done]() {
                                 m_ep->Compute(m_consumeInstructions,
                                               Callback<void>([this, w, done]() {
                                                   Finish([w, done]() {
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
                    FreeBuffer(w.src, static_cast<uint32_t>(w.buffer), wait);
                    return;
                }
                wait();
            }));
    };
    m_ep->Compute(
        m_scoutReplyInstructions,
        Callback<void>([this, j, first, pages, page, reply]() {
            auto it = m_exportCache.find({first, m_peers[j].host});
            if (it != m_exportCache.end() && m_exportPages[{first, m_peers[j].host}] >= pages)
            {
                reply(it->second);
                return;
            }
            // First use of this receive region by this sender: export it (the daemons).
            m_ep->Export(first,
                         pages * page,
                         {m_peers[j].host},
                         Callback<void, uint32_t>([this, j, first, pages, reply](uint32_t id) {
                             m_exportCache[{first, m_peers[j].host}] = id;
                             m_exportPages[{first, m_peers[j].host}] = pages;
                             reply(id);
                         }));
        }));
}

// ----- buffer requests --------------------------------------------------------------------

bool
NxProcess::RequestPending(uint32_t peer) const
{
    return m_ep->ReadWord(m_peers[peer].in + RequestOffset()) != m_peers[peer].lastRequest;
}

void
NxProcess::Drain(uint32_t peer, std::function<void()> then)
{
    Peer& p = m_peers[peer];
    p.draining = true;
    p.lastRequest = m_ep->ReadWord(p.in + RequestOffset());
    // Every message waiting in the peer's packet buffers moves into library memory, and its
    // credit goes back.
    auto todo = std::make_shared<std::vector<Waiting>>();
    for (uint32_t b = 0; b < m_packetBuffers; ++b)
    {
        if (p.claimed[b])
        {
            continue;
        }
        const uint64_t d = InDesc(peer, b);
        const uint32_t size = m_ep->ReadWord(d + 12);
        if (size == EMPTY)
        {
            continue;
        }
        Waiting w;
        w.src = peer;
        w.tag = m_ep->ReadWord(d);
        w.seq = m_ep->ReadWord(d + 4);
        const uint32_t kind = m_ep->ReadWord(d + 8);
        w.kind = kind & 0xff;
        w.zcId = kind >> 8;
        w.size = size;
        w.buffer = static_cast<int32_t>(b);
        p.claimed[b] = true;
        todo->push_back(w);
    }
    if (!todo->empty())
    {
        ++m_requestsServed;
    }
    auto step = std::make_shared<std::function<void(size_t)>>();
    *step = [this, peer, todo, step, then](size_t i) {
        if (i == todo->size())
        {
            m_peers[peer].draining = false;
            std::function<void()> after = then;
            *step = nullptr; // break the self-reference (this closure dies here)
            after();
            return;
        }
        Waiting w = (*todo)[i];
        const uint32_t b = static_cast<uint32_t>(w.buffer);
        auto moved = [this, peer, b, w, step, i](uint64_t heap) {
            Waiting o = w;
            o.buffer = -1;
            o.heap = heap;
            m_overflow.push_back(o);
            ++m_overflowed;
            FreeBuffer(peer, b, [step, i]() { (*step)(i + 1); });
        };
        m_ep->Compute(m_matchInstructions, Callback<void>([this, peer, b, w, moved]() {
                          if (w.kind != KIND_DATA || w.size == 0)
                          {
                              moved(0);
                              return;
                          }
                          const uint64_t heap = m_ep->GetMemory()->Allocate(w.size);
                          const uint32_t padded = (w.size + 3) / 4 * 4;
                          m_ep->Copy(heap,
                                     InDesc(peer, b) - padded,
                                     w.size,
                                     Callback<void>([moved, heap]() { moved(heap); }));
                      }));
    };
    (*step)(0);
}

void
NxProcess::OnNotification(uint32_t exportId, uint64_t address)
{
    auto it = m_peerOfExport.find(exportId);
    if (it == m_peerOfExport.end() || m_ep == nullptr)
    {
        return;
    }
    const uint32_t peer = it->second;
    // Inside a call the library serves the request word from its own poll loop; the signal
    // (queued behind that loop) has nothing left to do.
    if (m_busy || m_handlerActive || m_peers[peer].draining || !RequestPending(peer))
    {
        return;
    }
    m_handlerActive = true;
    Drain(peer, [this]() {
        m_handlerActive = false;
        RunNextCall();
    });
}

} // namespace ns3
