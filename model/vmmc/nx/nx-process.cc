/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NxProcess: attributes, set-up, the call machinery and the poll loop. The send side is in
// nx-process-send.cc, the zero-copy sender in nx-process-zero-copy.cc, the receive side in
// nx-process-receive.cc.

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
NxProcess::RequestOffset() const
{
    const uint32_t page = m_ep->GetPageBytes();
    return (CtrlOffset() / page + 1) * page;
}

uint32_t
NxProcess::GetChunkBytes() const
{
    return RequestOffset() + m_ep->GetPageBytes();
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
                         // The handler serves buffer requests: only the request page
                         // interrupts; the others are polled (section 6).
                         m_ep->SetNotificationHandler(
                             id,
                             MakeCallback(&NxProcess::OnNotification, this),
                             Callback<void>([this, id, ids, pending, done]() {
                                 m_ep->SetNotificationPages(id,
                                                            0,
                                                            RequestOffset(),
                                                            false,
                                                            Callback<void>([ids, pending, done]() {
                                                                if (--*pending == 0 &&
                                                                    !done.IsNull())
                                                                {
                                                                    done(*ids);
                                                                }
                                                            }));
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
            control.notify = true; // for a peer asleep in its poll loop (section 6)
            auto bindControl = [this, peer, h, ctrlPage, page, control, done]() {
                Peer& q = m_peers[peer];
                const uint64_t local = q.mirror + m_mirrorBytes - page;
                q.ctrl = local + CtrlOffset() % page;
                m_ep->Bind(local, page, h, ctrlPage, control, Callback<void, bool>([done](bool ok) {
                               NS_ABORT_MSG_UNLESS(ok, "NxProcess: control bind refused");
                               if (!done.IsNull())
                               {
                                   done();
                               }
                           }));
            };
            if (m_variant != AU)
            {
                bindControl();
                return;
            }
            // The send buffer mirrors the packet buffers, bound with combining (and
            // the timer) so that data and descriptor leave as one packet.
            VmmcEndpoint::BindOptions data;
            data.notify = true;
            m_ep->Bind(p.mirror,
                       DataPages() * page,
                       h,
                       0,
                       data,
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
