/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "nx-receiver.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxReceiver");

void
NxReceiver::Setup(Ptr<VmmcEndpoint> ep,
                  const NxSettings* settings,
                  const NxConnections* connections,
                  NxCallContext* calls,
                  const TracedCallback<uint32_t, uint32_t>* creditReturned)
{
    m_ep = ep;
    m_settings = settings;
    m_conn = connections;
    m_calls = calls;
    m_creditReturnedTrace = creditReturned;
    m_rank = connections->GetRank();
    m_size = connections->GetSize();
    m_peers.assign(m_size, Peer());
    m_buffers.Assign(m_size, settings->packetBuffers);
}

void
NxReceiver::Dispose()
{
    m_peers.clear();
    m_buffers.Clear();
    m_overflow.clear();
    m_ep = nullptr;
}

uint64_t
NxReceiver::BufferData(uint32_t peer, uint32_t b, uint32_t size) const
{
    const uint32_t padded = (size + 3) / 4 * 4;
    return m_conn->GetInDescriptor(peer, b) - padded;
}

// ----- matching -----------------------------------------------------------------------------

bool
NxReceiver::FindMatch(uint32_t src, uint32_t tag, Message& w, uint32_t& examined) const
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
        Message best;
        for (uint32_t k = 0; k < m_overflow.size(); ++k)
        {
            const Message& o = m_overflow[k];
            ++examined;
            if (o.src == j && (tag == ANY || o.tag == tag) &&
                (!have || o.seq - best.seq > 0x7fffffff))
            {
                best = o;
                best.slot = static_cast<int32_t>(k);
                have = true;
            }
        }
        for (uint32_t b = 0; b < m_settings->packetBuffers; ++b)
        {
            if (m_buffers.Get(j, b).claimed)
            {
                continue;
            }
            ++examined;
            const uint64_t d = m_conn->GetInDescriptor(j, b);
            const uint32_t sizeWord = m_ep->ReadWord(d + 12);
            if (sizeWord == NxConnections::EMPTY)
            {
                continue;
            }
            const uint32_t size = NxConnections::SizeOf(sizeWord);
            const uint32_t t = m_ep->ReadWord(d);
            const uint32_t seq = m_ep->ReadWord(d + 4);
            if ((tag == ANY || t == tag) && (!have || seq - best.seq > 0x7fffffff))
            {
                const uint32_t kind = m_ep->ReadWord(d + 8);
                best = Message();
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
NxReceiver::Claim(const Message& w)
{
    if (w.buffer >= 0)
    {
        m_buffers.Get(w.src, w.buffer).claimed = true;
    }
    else
    {
        m_overflow.erase(m_overflow.begin() + w.slot);
    }
    m_recvStart = (w.src + 1) % m_size;
}

// ----- consuming ----------------------------------------------------------------------------

void
NxReceiver::Consume(const Message& w, uint64_t addr, ReceiveCallback done)
{
    const uint32_t src = w.src;
    const uint32_t tag = w.tag;
    const uint32_t size = w.size;
    auto finish = [this, size, src, tag, done]() {
        m_calls->Finish([size, src, tag, done]() {
            if (!done.IsNull())
            {
                done(size, src, tag);
            }
        });
    };
    auto after = [this, w, finish]() {
        m_ep->Compute(m_settings->consumeInstructions, MakeSanCallback<void>([this, w, finish]() {
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
        from = BufferData(w.src, static_cast<uint32_t>(w.buffer), w.size);
    }
    if (w.size == 0)
    {
        after();
        return;
    }
    const uint64_t heap = w.heap;
    m_ep->Copy(addr, from, w.size, MakeSanCallback<void>([this, heap, after]() {
                   if (heap != 0)
                   {
                       m_ep->GetMemory()->Free(heap);
                   }
                   after();
               }));
}

void
NxReceiver::FreeBuffer(uint32_t peer, uint32_t b, std::function<void()> then)
{
    // Reset the size field, then the credit naming this packet buffer.
    m_ep->StoreWord(m_conn->GetInDescriptor(peer, b) + 12,
                    NxConnections::EMPTY,
                    MakeSanCallback<void>([this, peer, b, then]() {
                        m_buffers.Get(peer, b).claimed = false;
                        m_ep->Compute(m_settings->creditInstructions,
                                      MakeSanCallback<void>([this, peer, b, then]() {
                                          const uint32_t gen = ++m_buffers.Get(peer, b).creditGen;
                                          ++m_creditsReturned;
                                          (*m_creditReturnedTrace)(peer, b);
                                          m_ep->StoreWord(
                                              m_conn->GetPeerControl(peer) +
                                                  NxConnections::CTRL_CREDITS + 4 * b,
                                              gen,
                                              MakeSanCallback<void>([then]() { then(); }));
                                      }));
                    }));
}

// ----- buffer requests --------------------------------------------------------------------

bool
NxReceiver::RequestPending(uint32_t peer) const
{
    return m_ep->ReadWord(m_conn->GetInRequest(peer)) != m_peers[peer].lastRequest;
}

bool
NxReceiver::IsDraining(uint32_t peer) const
{
    return m_peers[peer].draining;
}

int32_t
NxReceiver::FindPendingRequest() const
{
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j != m_rank && !m_peers[j].draining && RequestPending(j))
        {
            return static_cast<int32_t>(j);
        }
    }
    return -1;
}

void
NxReceiver::Drain(uint32_t peer, std::function<void()> then)
{
    Peer& p = m_peers[peer];
    p.draining = true;
    p.lastRequest = m_ep->ReadWord(m_conn->GetInRequest(peer));
    // Every message waiting in the peer's packet buffers moves into library memory, and its
    // credit goes back.
    auto todo = std::make_shared<std::vector<Message>>();
    for (uint32_t b = 0; b < m_settings->packetBuffers; ++b)
    {
        if (m_buffers.Get(peer, b).claimed)
        {
            continue;
        }
        const uint64_t d = m_conn->GetInDescriptor(peer, b);
        const uint32_t sizeWord = m_ep->ReadWord(d + 12);
        if (sizeWord == NxConnections::EMPTY)
        {
            continue;
        }
        const uint32_t size = NxConnections::SizeOf(sizeWord);
        Message w;
        w.src = peer;
        w.tag = m_ep->ReadWord(d);
        w.seq = m_ep->ReadWord(d + 4);
        const uint32_t kind = m_ep->ReadWord(d + 8);
        w.kind = kind & 0xff;
        w.zcId = kind >> 8;
        w.size = size;
        w.buffer = static_cast<int32_t>(b);
        m_buffers.Get(peer, b).claimed = true;
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
        Message w = (*todo)[i];
        const uint32_t b = static_cast<uint32_t>(w.buffer);
        auto moved = [this, peer, b, w, step, i](uint64_t heap) {
            Message o = w;
            o.buffer = -1;
            o.heap = heap;
            m_overflow.push_back(o);
            ++m_overflowed;
            FreeBuffer(peer, b, [step, i]() { (*step)(i + 1); });
        };
        m_ep->Compute(m_settings->matchInstructions,
                      MakeSanCallback<void>([this, peer, b, w, moved]() {
                          if (w.kind != NxConnections::KIND_DATA || w.size == 0)
                          {
                              moved(0);
                              return;
                          }
                          const uint64_t heap = m_ep->GetMemory()->Allocate(w.size);
                          m_ep->Copy(heap,
                                     BufferData(peer, b, w.size),
                                     w.size,
                                     MakeSanCallback<void>([moved, heap]() { moved(heap); }));
                      }));
    };
    (*step)(0);
}

// ----- statistics ---------------------------------------------------------------------------

uint64_t
NxReceiver::GetNCreditsReturned() const
{
    return m_creditsReturned;
}

uint64_t
NxReceiver::GetNBufferRequestsServed() const
{
    return m_requestsServed;
}

uint64_t
NxReceiver::GetNMessagesOverflowed() const
{
    return m_overflowed;
}

} // namespace ns3
