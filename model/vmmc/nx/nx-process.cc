/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NxProcess: attributes, set-up, the calls, the poll loop and the notification handler. The
// protocol's parts are NxConnections, NxSender, NxReceiver and NxZeroCopy.

#include "nx-process.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
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
    m_zeroCopy.Dispose();
    m_receiver.Dispose();
    m_sender.Dispose();
    m_connections.Dispose();
    m_calls.clear();
    m_waitReady = nullptr;
    m_waitThen = nullptr;
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
    NS_ABORT_MSG_IF(m_threshold + NxConnections::DESC_BYTES > m_packetBufferBytes,
                    "NxProcess: ZeroCopyThreshold "
                        << m_threshold << " does not fit a packet buffer of " << m_packetBufferBytes
                        << " bytes");
    NS_ABORT_MSG_IF(NxConnections::CTRL_CREDITS + 4 * m_packetBuffers > ep->GetPageBytes(),
                    "NxProcess: " << m_packetBuffers << " credits do not fit the control page");
    m_ep = ep;
    m_rank = rank;
    m_size = size;
    // The attributes as the parts read them (a factory sets them before Setup).
    m_settings.variant = m_variant;
    m_settings.packetBuffers = m_packetBuffers;
    m_settings.packetBufferBytes = m_packetBufferBytes;
    m_settings.threshold = m_threshold;
    m_settings.copyChunk = m_copyChunk;
    m_settings.sendCallInstructions = m_sendCallInstructions;
    m_settings.receiveCallInstructions = m_receiveCallInstructions;
    m_settings.bufferSearchInstructions = m_bufferSearchInstructions;
    m_settings.headerInstructions = m_headerInstructions;
    m_settings.matchInstructions = m_matchInstructions;
    m_settings.consumeInstructions = m_consumeInstructions;
    m_settings.creditInstructions = m_creditInstructions;
    m_settings.scoutReplyInstructions = m_scoutReplyInstructions;
    m_settings.zeroCopyInstructions = m_zeroCopyInstructions;
    m_settings.copyCheckInstructions = m_copyCheckInstructions;
    m_settings.requestInstructions = m_requestInstructions;
    m_connections.Setup(ep, &m_settings, rank, size);
    m_sender.Setup(ep, &m_settings, &m_connections, this, &m_creditReceivedTrace);
    m_receiver.Setup(ep, &m_settings, &m_connections, this, &m_creditReturnedTrace);
    m_zeroCopy.Setup(ep, &m_settings, &m_connections, this, &m_sender, &m_receiver);
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

// ----- set-up -----------------------------------------------------------------------------

void
NxProcess::ExportChunks(const std::vector<uint32_t>& hostOf,
                        Callback<void, std::vector<uint32_t>> done)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "NxProcess::ExportChunks: not set up");
    NS_ABORT_MSG_IF(hostOf.size() != m_size, "NxProcess::ExportChunks: hosts of a wrong group");
    m_connections.Allocate(hostOf);
    m_sender.Allocate();
    m_connections.Export(MakeCallback(&NxProcess::OnNotification, this), done);
}

void
NxProcess::ConnectTo(uint32_t peer, uint32_t host, uint32_t exportId, Callback<void> done)
{
    NS_ABORT_MSG_IF(peer >= m_size || peer == m_rank, "NxProcess::ConnectTo: peer " << peer);
    m_connections.Connect(peer, host, exportId, done);
}

uint32_t
NxProcess::GetChunkBytes() const
{
    return m_connections.GetChunkBytes();
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
    if (m_calls.empty() && m_connections.IsAllocated())
    {
        // Leaving the library: a buffer request that arrived during the call (its signal
        // found the process busy) is served now, as the deferred handler.
        const int32_t j = m_receiver.FindPendingRequest();
        if (j >= 0)
        {
            m_handlerActive = true;
            m_receiver.Drain(static_cast<uint32_t>(j), [this]() {
                m_handlerActive = false;
                RunNextCall();
            });
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
    m_ep->Poll(m_connections.GetInBase(),
               m_connections.GetInBytes(),
               MakeSanCallback<bool>([this]() { return m_waitReady() || HasBackgroundWork(); }),
               MakeSanCallback<void>([this]() {
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
    return m_zeroCopy.HasBackgroundWork() || m_receiver.FindPendingRequest() >= 0;
}

void
NxProcess::DoBackgroundWork(std::function<void()> then)
{
    if (m_zeroCopy.DoBackgroundWork(then))
    {
        return;
    }
    const int32_t j = m_receiver.FindPendingRequest();
    if (j >= 0)
    {
        m_receiver.Drain(static_cast<uint32_t>(j), then);
        return;
    }
    then();
}

void
NxProcess::OnNotification(uint32_t exportId, uint64_t address)
{
    uint32_t peer = 0;
    if (m_ep == nullptr || !m_connections.FindPeerOfExport(exportId, peer))
    {
        return;
    }
    // Inside a call the library serves the request word from its own poll loop; the signal
    // (queued behind that loop) has nothing left to do.
    if (m_busy || m_handlerActive || m_receiver.IsDraining(peer) ||
        !m_receiver.RequestPending(peer))
    {
        return;
    }
    m_handlerActive = true;
    m_receiver.Drain(peer, [this]() {
        m_handlerActive = false;
        RunNextCall();
    });
}

// ----- send ---------------------------------------------------------------------------------

void
NxProcess::Send(uint32_t dst, uint32_t tag, uint64_t addr, uint32_t bytes, Callback<void> done)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "NxProcess::Send: not set up");
    NS_ABORT_MSG_IF(dst >= m_size || dst == m_rank,
                    "NxProcess::Send: rank " << m_rank << " cannot send to " << dst);
    NS_ABORT_MSG_IF(!m_connections.IsConnected(dst),
                    "NxProcess::Send: not connected to " << dst << " (NxGroup::Initialize)");
    NS_ABORT_MSG_IF(bytes > 0 && !m_ep->GetMemory()->Contains(addr, bytes),
                    "NxProcess::Send: [" << addr << ", +" << bytes << ") is not in memory");
    NS_ABORT_MSG_IF(bytes > m_settings.threshold && addr % 4 != 0,
                    "NxProcess::Send: a zero-copy message ("
                        << bytes << " bytes) needs a word-aligned buffer (section 4)");
    StartCall([this, dst, tag, addr, bytes, done]() { DoSend(dst, tag, addr, bytes, done); });
}

void
NxProcess::DoSend(uint32_t dst, uint32_t tag, uint64_t addr, uint32_t bytes, Callback<void> done)
{
    const bool zc = bytes > m_settings.threshold;
    auto body = [this, dst, tag, addr, bytes, done, zc]() {
        m_sender.AcquireBuffer(dst, [this, dst, tag, addr, bytes, done, zc](uint32_t b) {
            m_ep->Compute(m_settings.headerInstructions,
                          MakeSanCallback<void>([this, dst, tag, addr, bytes, done, zc, b]() {
                              uint32_t desc[4] = {tag,
                                                  m_sender.NextSequence(dst),
                                                  NxConnections::KIND_DATA,
                                                  NxConnections::SizeWord(bytes)};
                              if (zc)
                              {
                                  m_zeroCopy.Send(dst, b, desc, addr, bytes, done);
                                  return;
                              }
                              m_sender.PutMessage(dst, b, desc, addr, bytes, [this, done]() {
                                  Finish([done]() {
                                      if (!done.IsNull())
                                      {
                                          done();
                                      }
                                  });
                              });
                          }));
        });
    };
    m_ep->Compute(m_settings.sendCallInstructions, MakeSanCallback<void>([this, dst, zc, body]() {
                      if (zc && !m_zeroCopy.HasFreeSlot(dst))
                      {
                          Wait([this, dst]() { return m_zeroCopy.HasFreeSlot(dst); }, body);
                          return;
                      }
                      body();
                  }));
}

void
NxProcess::Flush(Callback<void> done)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "NxProcess::Flush: not set up");
    StartCall([this, done]() {
        auto none = [this]() { return m_zeroCopy.IsIdle(); };
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

// ----- receive ------------------------------------------------------------------------------

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
    m_ep->Compute(m_settings.receiveCallInstructions,
                  MakeSanCallback<void>([this, src, tag, addr, maxBytes, done]() {
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
    NxReceiver::Message w;
    uint32_t examined = 0;
    const bool found = m_receiver.FindMatch(src, tag, w, examined);
    if (found)
    {
        m_receiver.Claim(w); // now, so that a handler cannot move it meanwhile
    }
    m_ep->Compute(m_settings.matchInstructions * std::max<uint32_t>(examined, 1),
                  MakeSanCallback<void>([this, found, w, src, tag, addr, maxBytes, done]() {
                      if (found)
                      {
                          Consume(w, addr, maxBytes, done);
                          return;
                      }
                      Wait(
                          [this, src, tag]() {
                              NxReceiver::Message x;
                              uint32_t e = 0;
                              return m_receiver.FindMatch(src, tag, x, e);
                          },
                          [this, src, tag, addr, maxBytes, done]() {
                              TryReceive(src, tag, addr, maxBytes, done);
                          });
                  }));
}

void
NxProcess::Consume(const NxReceiver::Message& w,
                   uint64_t addr,
                   uint32_t maxBytes,
                   ReceiveCallback done)
{
    NS_ABORT_MSG_IF(w.size > maxBytes,
                    "NxProcess::Receive: a " << w.size << "-byte message from " << w.src
                                             << " does not fit " << maxBytes << " bytes");
    if (w.kind == NxConnections::KIND_SCOUT)
    {
        m_zeroCopy.ReceiveScout(w, addr, done);
        return;
    }
    m_receiver.Consume(w, addr, done);
}

// ----- statistics ---------------------------------------------------------------------------

uint64_t
NxProcess::GetNCreditsReceived() const
{
    return m_sender.GetNCreditsReceived();
}

uint64_t
NxProcess::GetNCreditsReturned() const
{
    return m_receiver.GetNCreditsReturned();
}

uint64_t
NxProcess::GetNBufferRequestsSent() const
{
    return m_sender.GetNBufferRequestsSent();
}

uint64_t
NxProcess::GetNBufferRequestsServed() const
{
    return m_receiver.GetNBufferRequestsServed();
}

uint64_t
NxProcess::GetNMessagesOverflowed() const
{
    return m_receiver.GetNMessagesOverflowed();
}

uint64_t
NxProcess::GetNZeroCopySends() const
{
    return m_zeroCopy.GetNZeroCopySends();
}

uint64_t
NxProcess::GetNEarlyReturns() const
{
    return m_zeroCopy.GetNEarlyReturns();
}

uint64_t
NxProcess::GetBackgroundBytesCopied() const
{
    return m_zeroCopy.GetBackgroundBytesCopied();
}

uint64_t
NxProcess::GetNDirectTransfers() const
{
    return m_zeroCopy.GetNDirectTransfers();
}

} // namespace ns3
