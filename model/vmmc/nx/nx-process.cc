/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NxProcess: set-up, the call machinery, and the send side (one-copy and zero-copy).
// The receive side is in nx-process-receive.cc.

#include "nx-process.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxProcess");

NS_OBJECT_ENSURE_REGISTERED(NxProcess);

TypeId
NxProcess::GetTypeId()
{
    // Instruction counts run at the host's CPI (DEC 560ST: 1.5 cycles at 60 MHz, 25 ns each).
    // The paper gives no breakdown of NX's overhead; every count is ASSUMED, and the "just
    // over 6 us" of section 4.1 is left for the simulation to predict.
    static TypeId tid =
        TypeId("ns3::NxProcess")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<NxProcess>()
            .AddAttribute("Variant",
                          "How one-copy messages travel (section 4.1, Figure 4).",
                          EnumValue(NxProcess::AU),
                          MakeEnumAccessor(&NxProcess::m_variant),
                          MakeEnumChecker(NxProcess::AU,
                                          "AU",
                                          NxProcess::DU_1COPY,
                                          "DU-1copy",
                                          NxProcess::DU_2COPY,
                                          "DU-2copy"))
            // ASSUMED: four packet buffers per direction, enough for a short burst (section
            // 6: senders often send a burst that the receiver consumes at once).
            .AddAttribute("PacketBuffers",
                          "Packet buffers per connection and direction.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&NxProcess::m_packetBuffers),
                          MakeUintegerChecker<uint32_t>(1, 256))
            // ASSUMED: 2 KB packet buffers (two per 4 KB page); the paper says only
            // "fixed-size packet buffers".
            .AddAttribute("PacketBufferBytes",
                          "Bytes of one packet buffer, its 16-byte descriptor included "
                          "(a multiple of 16).",
                          UintegerValue(2048),
                          MakeUintegerAccessor(&NxProcess::m_packetBufferBytes),
                          MakeUintegerChecker<uint32_t>(32, 4096))
            // ASSUMED: the one-copy protocol carries what fits one packet buffer.
            .AddAttribute("ZeroCopyThreshold",
                          "Largest message sent by the one-copy protocol (at most "
                          "PacketBufferBytes - 16); larger ones use the zero-copy protocol.",
                          UintegerValue(2032),
                          MakeUintegerAccessor(&NxProcess::m_threshold),
                          MakeUintegerChecker<uint32_t>(0))
            // ASSUMED: the sender looks for the reply after every 256 bytes of its
            // background copy (8 cache lines, about 10 us on this host).
            .AddAttribute("BackgroundCopyChunk",
                          "Bytes the zero-copy background copy moves between looks at the "
                          "reply.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&NxProcess::m_copyChunk),
                          MakeUintegerChecker<uint32_t>(4))
            // ASSUMED: csend's entry: procedure call, argument checks, the connection's
            // lookup and the protocol choice.
            .AddAttribute("SendCallInstructions",
                          "Instructions of a send call before it looks for a buffer.",
                          DoubleValue(40),
                          MakeDoubleAccessor(&NxProcess::m_sendCallInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: crecv's entry: procedure call, argument checks.
            .AddAttribute("ReceiveCallInstructions",
                          "Instructions of a receive call before it looks for a message.",
                          DoubleValue(30),
                          MakeDoubleAccessor(&NxProcess::m_receiveCallInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: per packet buffer looked at: load its busy bit and credit word,
            // compare, branch.
            .AddAttribute("BufferSearchInstructions",
                          "Instructions per packet buffer the sender examines for a free one.",
                          DoubleValue(6),
                          MakeDoubleAccessor(&NxProcess::m_bufferSearchInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the descriptor's four words and the addresses in the buffer.
            .AddAttribute("HeaderInstructions",
                          "Instructions to prepare a message descriptor.",
                          DoubleValue(20),
                          MakeDoubleAccessor(&NxProcess::m_headerInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: per descriptor examined: load the size field, compare with empty,
            // load and compare the tag and the sequence.
            .AddAttribute("MatchInstructions",
                          "Instructions per descriptor a receive examines.",
                          DoubleValue(8),
                          MakeDoubleAccessor(&NxProcess::m_matchInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: after the copy: the return values, the buffer's bookkeeping.
            .AddAttribute("ConsumeInstructions",
                          "Instructions to finish consuming a message (besides its copy and "
                          "the size field's reset).",
                          DoubleValue(20),
                          MakeDoubleAccessor(&NxProcess::m_consumeInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the credit's value and its address in the control buffer.
            .AddAttribute("CreditInstructions",
                          "Instructions to return a credit (besides its store).",
                          DoubleValue(10),
                          MakeDoubleAccessor(&NxProcess::m_creditInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the export cache's lookup and the reply's three words.
            .AddAttribute("ScoutReplyInstructions",
                          "Instructions of the receiver's reply to a scout.",
                          DoubleValue(30),
                          MakeDoubleAccessor(&NxProcess::m_scoutReplyInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: reading the reply, the import cache's lookup, the transfer's
            // arguments.
            .AddAttribute("ZeroCopyInstructions",
                          "Instructions of the sender's zero-copy data transfer (besides the "
                          "deliberate update).",
                          DoubleValue(30),
                          MakeDoubleAccessor(&NxProcess::m_zeroCopyInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: load the reply word, compare, loop bookkeeping.
            .AddAttribute("CopyCheckInstructions",
                          "Instructions per background-copy chunk to look at the reply.",
                          DoubleValue(5),
                          MakeDoubleAccessor(&NxProcess::m_copyCheckInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the request word's value and the transfer's arguments.
            .AddAttribute("RequestInstructions",
                          "Instructions to ask a receiver for buffers (besides the "
                          "deliberate update).",
                          DoubleValue(20),
                          MakeDoubleAccessor(&NxProcess::m_requestInstructions),
                          MakeDoubleChecker<double>(0))
            .AddTraceSource("CreditReturned",
                            "This receiver returned a credit: (sender rank, packet buffer).",
                            MakeTraceSourceAccessor(&NxProcess::m_creditReturnedTrace),
                            "ns3::NxProcess::CreditTracedCallback")
            .AddTraceSource("CreditReceived",
                            "This sender found a credit: (receiver rank, packet buffer).",
                            MakeTraceSourceAccessor(&NxProcess::m_creditReceivedTrace),
                            "ns3::NxProcess::CreditTracedCallback");
    return tid;
}

NxProcess::NxProcess() = default;

NxProcess::~NxProcess() = default;

void
NxProcess::DoDispose()
{
    for (auto& kv : m_zc)
    {
        for (ZcSend* z : kv.second)
        {
            delete z;
        }
    }
    m_zc.clear();
    m_calls.clear();
    m_waitReady = nullptr;
    m_waitThen = nullptr;
    m_peers.clear();
    m_overflow.clear();
    m_ep = nullptr;
    Object::DoDispose();
}

void
NxProcess::Setup(Ptr<VmmcEndpoint> ep, uint32_t rank, uint32_t size)
{
    NS_ABORT_MSG_IF(ep == nullptr, "NxProcess::Setup: no endpoint");
    NS_ABORT_MSG_IF(size < 2 || rank >= size,
                    "NxProcess::Setup: rank " << rank << " in a group of " << size);
    NS_ABORT_MSG_IF(m_packetBufferBytes % 16 != 0,
                    "NxProcess: PacketBufferBytes " << m_packetBufferBytes
                                                    << " is not a multiple of 16");
    NS_ABORT_MSG_IF(m_threshold + DESC_BYTES > m_packetBufferBytes,
                    "NxProcess: ZeroCopyThreshold "
                        << m_threshold << " does not fit a packet buffer of " << m_packetBufferBytes
                        << " bytes");
    NS_ABORT_MSG_IF(CTRL_CREDITS + 4 * m_packetBuffers > ep->GetPageBytes(),
                    "NxProcess: " << m_packetBuffers << " credits do not fit the control page");
    m_ep = ep;
    m_rank = rank;
    m_size = size;
    m_peers.assign(size, Peer());
}

uint32_t
NxProcess::GetRank() const
{
    return m_rank;
}

uint32_t
NxProcess::GetSize() const
{
    return m_size;
}

Ptr<VmmcEndpoint>
NxProcess::GetEndpoint() const
{
    return m_ep;
}

NxProcess::Variant
NxProcess::GetVariant() const
{
    return m_variant;
}

uint32_t
NxProcess::GetZeroCopyThreshold() const
{
    return m_threshold;
}

uint32_t
NxProcess::GetNPacketBuffers() const
{
    return m_packetBuffers;
}

// ----- layout -----------------------------------------------------------------------------

uint32_t
NxProcess::CtrlOffset() const
{
    const uint32_t page = m_ep->GetPageBytes();
    const uint32_t data = m_packetBuffers * m_packetBufferBytes;
    const uint32_t ctrlBytes = CTRL_CREDITS + 4 * m_packetBuffers;
    // Deliberate update: the control area may share the packet buffers' last page (every
    // control store goes through a page bound without combining). Automatic update needs the
    // packet buffers' pages bound with combining, so the control area gets its own page.
    if (m_variant != AU && data % page != 0 && data % page + ctrlBytes <= page && data % 0x400 == 0)
    {
        return data;
    }
    return (data + page - 1) / page * page;
}

uint32_t
NxProcess::DataPages() const
{
    const uint32_t page = m_ep->GetPageBytes();
    return (m_packetBuffers * m_packetBufferBytes + page - 1) / page;
}

uint32_t
NxProcess::GetChunkBytes() const
{
    const uint32_t page = m_ep->GetPageBytes();
    return (CtrlOffset() / page + 1) * page;
}

uint64_t
NxProcess::InBuffer(uint32_t peer, uint32_t b) const
{
    return m_peers[peer].in + uint64_t(b) * m_packetBufferBytes;
}

uint64_t
NxProcess::InDesc(uint32_t peer, uint32_t b) const
{
    return InBuffer(peer, b) + m_packetBufferBytes - DESC_BYTES;
}

uint64_t
NxProcess::InCtrl(uint32_t peer) const
{
    return m_peers[peer].in + CtrlOffset();
}

// ----- set-up -----------------------------------------------------------------------------

void
NxProcess::ExportChunks(const std::vector<uint32_t>& hostOf,
                        Callback<void, std::vector<uint32_t>> done)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "NxProcess::ExportChunks: not set up");
    NS_ABORT_MSG_IF(hostOf.size() != m_size, "NxProcess::ExportChunks: hosts of a wrong group");
    const uint32_t chunk = GetChunkBytes();
    // Received pages are cached write-through, as in the VMMC layer's ping-pong (section 3.4).
    m_inBytes = uint64_t(chunk) * (m_size - 1);
    m_inBase = m_ep->Allocate(static_cast<uint32_t>(m_inBytes), HostMemorySystem::WRITE_THROUGH);
    // The send side's bound pages for every peer in one allocation: AU, the packet buffers'
    // mirror and the control page; DU, the control page.
    const uint32_t page = m_ep->GetPageBytes();
    m_mirrorBytes = (m_variant == AU ? DataPages() + 1 : 1) * page;
    m_mirrorBase = m_ep->Allocate(m_mirrorBytes * (m_size - 1));
    m_marshal = m_ep->Allocate(m_packetBufferBytes);
    m_scratch = m_ep->Allocate(4);
    uint32_t k = 0;
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j == m_rank)
        {
            continue;
        }
        Peer& p = m_peers[j];
        p.host = hostOf[j];
        p.mirror = m_mirrorBase + uint64_t(m_mirrorBytes) * k;
        p.in = m_inBase + uint64_t(chunk) * k++;
        p.busy.assign(m_packetBuffers, false);
        p.lastCredit.assign(m_packetBuffers, 0);
        p.claimed.assign(m_packetBuffers, false);
        p.creditGen.assign(m_packetBuffers, 0);
        uint8_t empty[4];
        HostWords::Store32(empty, EMPTY);
        for (uint32_t b = 0; b < m_packetBuffers; ++b)
        {
            m_ep->GetMemory()->Write(InDesc(j, b) + 12, empty, 4); // set-up, not timed
        }
    }
    auto ids = std::make_shared<std::vector<uint32_t>>(m_size, 0);
    auto pending = std::make_shared<uint32_t>(m_size - 1);
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j == m_rank)
        {
            continue;
        }
        m_ep->Export(m_peers[j].in,
                     chunk,
                     {m_peers[j].host},
                     Callback<void, uint32_t>([this, j, ids, pending, done](uint32_t id) {
                         (*ids)[j] = id;
                         m_peers[j].exportId = id;
                         m_peerOfExport[id] = j;
                         m_ep->SetNotificationHandler(
                             id,
                             MakeCallback(&NxProcess::OnNotification, this),
                             Callback<void>([ids, pending, done]() {
                                 if (--*pending == 0)
                                 {
                                     done(*ids);
                                 }
                             }));
                     }));
    }
}

void
NxProcess::ConnectTo(uint32_t peer, uint32_t host, uint32_t exportId, Callback<void> done)
{
    NS_ABORT_MSG_IF(peer >= m_size || peer == m_rank, "NxProcess::ConnectTo: peer " << peer);
    m_ep->Import(
        host,
        exportId,
        Callback<void, int32_t>([this, peer, done](int32_t h) {
            NS_ABORT_MSG_IF(h < 0,
                            "NxProcess: rank " << m_rank << " may not import the chunk of "
                                               << peer);
            Peer& p = m_peers[peer];
            p.handle = h;
            const uint32_t page = m_ep->GetPageBytes();
            const uint32_t ctrlPage = CtrlOffset() / page * page;
            VmmcEndpoint::BindOptions control;
            control.combine = false;
            control.timer = false;
            auto bindControl = [this, peer, h, ctrlPage, page, control, done]() {
                Peer& q = m_peers[peer];
                const uint64_t local = q.mirror + m_mirrorBytes - page;
                q.ctrl = local + CtrlOffset() % page;
                m_ep->Bind(local, page, h, ctrlPage, control, Callback<void, bool>([done](bool ok) {
                               NS_ABORT_MSG_UNLESS(ok, "NxProcess: control bind refused");
                               done();
                           }));
            };
            if (m_variant != AU)
            {
                bindControl();
                return;
            }
            // The send buffer mirrors the packet buffers, bound with combining (and
            // the timer) so that data and descriptor leave as one packet.
            m_ep->Bind(p.mirror,
                       DataPages() * page,
                       h,
                       0,
                       VmmcEndpoint::BindOptions(),
                       Callback<void, bool>([bindControl](bool ok) {
                           NS_ABORT_MSG_UNLESS(ok, "NxProcess: data bind refused");
                           bindControl();
                       }));
        }));
}

// ----- calls ------------------------------------------------------------------------------

void
NxProcess::StartCall(std::function<void()> call)
{
    m_calls.push_back(std::move(call));
    if (!m_busy && !m_handlerActive)
    {
        RunNextCall();
    }
}

void
NxProcess::RunNextCall()
{
    if (m_busy || m_handlerActive)
    {
        return;
    }
    if (m_calls.empty() && m_inBase != 0)
    {
        // Leaving the library: a buffer request that arrived during the call (its signal
        // found the process busy) is served now, as the deferred handler.
        for (uint32_t j = 0; j < m_size; ++j)
        {
            if (j != m_rank && !m_peers[j].draining && RequestPending(j))
            {
                m_handlerActive = true;
                Drain(j, [this]() {
                    m_handlerActive = false;
                    RunNextCall();
                });
                return;
            }
        }
        return;
    }
    if (m_calls.empty())
    {
        return;
    }
    m_busy = true;
    std::function<void()> call = std::move(m_calls.front());
    m_calls.pop_front();
    call();
}

void
NxProcess::Finish(std::function<void()> user)
{
    m_busy = false;
    user();
    RunNextCall();
}

void
NxProcess::Wait(std::function<bool()> ready, std::function<void()> then)
{
    m_waitReady = std::move(ready);
    m_waitThen = std::move(then);
    // The process spins on its incoming pages: every write there makes it look again.
    m_ep->Poll(m_inBase,
               static_cast<uint32_t>(m_inBytes),
               Callback<bool>([this]() { return m_waitReady() || HasBackgroundWork(); }),
               Callback<void>([this]() {
                   if (HasBackgroundWork())
                   {
                       std::function<bool()> r = m_waitReady;
                       std::function<void()> t = m_waitThen;
                       DoBackgroundWork([this, r, t]() { Wait(r, t); });
                       return;
                   }
                   std::function<void()> t = std::move(m_waitThen);
                   m_waitReady = nullptr;
                   m_waitThen = nullptr;
                   t();
               }));
}

bool
NxProcess::HasBackgroundWork() const
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
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j != m_rank && !m_peers[j].draining && RequestPending(j))
        {
            return true;
        }
    }
    return false;
}

void
NxProcess::DoBackgroundWork(std::function<void()> then)
{
    for (auto& kv : m_zc)
    {
        for (ZcSend* z : kv.second)
        {
            if (z->returned && !z->transferring && ReplyArrived(z))
            {
                // An early-returned send: its data goes from the safe copy.
                ZcTransfer(z, z->staging, [this, z, then]() {
                    ZcFinished(z);
                    then();
                });
                return;
            }
        }
    }
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j != m_rank && !m_peers[j].draining && RequestPending(j))
        {
            Drain(j, then);
            return;
        }
    }
    then();
}

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
                                                    CtrlOffset() + CTRL_REQUEST,
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
                                false,
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
                             false,
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

// ----- statistics ---------------------------------------------------------------------------

uint64_t
NxProcess::GetNCreditsReceived() const
{
    return m_creditsReceived;
}

uint64_t
NxProcess::GetNCreditsReturned() const
{
    return m_creditsReturned;
}

uint64_t
NxProcess::GetNBufferRequestsSent() const
{
    return m_requestsSent;
}

uint64_t
NxProcess::GetNBufferRequestsServed() const
{
    return m_requestsServed;
}

uint64_t
NxProcess::GetNMessagesOverflowed() const
{
    return m_overflowed;
}

uint64_t
NxProcess::GetNZeroCopySends() const
{
    return m_zcSends;
}

uint64_t
NxProcess::GetNEarlyReturns() const
{
    return m_earlyReturns;
}

uint64_t
NxProcess::GetBackgroundBytesCopied() const
{
    return m_backgroundBytes;
}

uint64_t
NxProcess::GetNDirectTransfers() const
{
    return m_directTransfers;
}

} // namespace ns3
