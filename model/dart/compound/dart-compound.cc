/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-compound.h"

#include "ns3/abort.h"
#include "ns3/dart-context.h"
#include "ns3/dart-net-device.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-event-queue.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartCompound");

namespace
{

/// \return a register-only message's control word (no address generation, nothing deposited)
DartControl
RegisterOnly()
{
    DartControl c;
    c.opcode = DartOpcode::WRITE;
    c.addressing = DartAddressing::NONE;
    return c;
}

/// \return a READ that returns the value path of an INDIRECT address through slot I
DartControl
ValueRead(uint8_t index)
{
    DartControl c;
    c.opcode = DartOpcode::READ;
    c.addressing = DartAddressing::INDIRECT;
    c.returnValue = true;
    c.index[0] = index;
    return c;
}

/**
 * \brief Poll a reply block until a deposit leaves \p tag in word 1, then hand over word 0.
 * \param ctx the requester
 * \param at the reply block
 * \param tag the request's tag
 * \param done continuation
 */
void
WaitReply(Ptr<DartContext> ctx, uint32_t at, uint32_t tag, DartCompound::FetchCallback done)
{
    ctx->WaitForDeposit(at, DartCompound::BLOCK, MakeSanCallback<void>([ctx, at, tag, done]() {
                            if (ctx->ReadWord(at + 4) != tag)
                            {
                                WaitReply(ctx, at, tag, done); // not the reply: keep polling
                                return;
                            }
                            if (!done.IsNull())
                            {
                                done(ctx->ReadWord(at));
                            }
                        }));
}

} // namespace

DartControl
DartCompound::MakeStoreIndirect(uint8_t pointerIndex, uint32_t size)
{
    NS_ABORT_MSG_IF(size == 0, "DartCompound::MakeStoreIndirect: a store needs a size");
    DartControl c;
    c.opcode = size > BLOCK ? DartOpcode::WRITE_MULTIPLE : DartOpcode::WRITE;
    c.addressing = DartAddressing::INDIRECT;
    c.index[0] = pointerIndex;
    // Address generation reads r_i before the register operation: post-increment.
    c.regOp[0] =
        DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_I, DART_OPERAND};
    c.operand = size;
    return c;
}

DartControl
DartCompound::MakeEnqueue(uint8_t tailIndex, uint8_t countIndex, uint32_t entryBytes)
{
    NS_ABORT_MSG_IF(tailIndex == countIndex,
                    "DartCompound::MakeEnqueue: the tail and the count need two registers");
    DartControl c = MakeStoreIndirect(tailIndex, entryBytes);
    c.index[1] = countIndex;
    // The operand is taken by the tail's increment; INC needs none.
    c.regOp[1] = DartRegisterOp{DartRegisterOpKind::UNARY, DartAluOp::INC, DART_REG_J, DART_REG_J};
    return c;
}

DartControl
DartCompound::MakeEnqueueNotify(uint8_t tailIndex,
                                uint8_t countIndex,
                                uint8_t oneIndex,
                                uint32_t entryBytes)
{
    DartControl c = MakeEnqueue(tailIndex, countIndex, entryBytes);
    c.index[2] = oneIndex;
    // The conditional sees the registers as the message leaves them: the count is 1 exactly
    // when this entry found the queue empty.
    c.cond = DartCondition{DartCompare::EQ, DART_REG_J, DART_REG_K};
    return c;
}

DartControl
DartCompound::MakeFetchAndAdd(uint8_t counterIndex, uint32_t increment)
{
    DartControl c = ValueRead(counterIndex);
    c.regOp[0] =
        DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_I, DART_OPERAND};
    c.operand = increment;
    return c;
}

DartControl
DartCompound::MakeSwap(uint8_t index, uint32_t value)
{
    DartControl c = ValueRead(index);
    c.regOp[0] = DartRegisterOp{DartRegisterOpKind::LOAD, DartAluOp::MOV, DART_REG_I, DART_OPERAND};
    c.operand = value;
    return c;
}

DartControl
DartCompound::MakeTestAndSet(uint8_t index)
{
    return MakeSwap(index, 1);
}

DartControl
DartCompound::MakeFetch(uint8_t index)
{
    return ValueRead(index);
}

DartControl
DartCompound::MakeLoad(uint8_t index, uint32_t value)
{
    DartControl c = RegisterOnly();
    c.index[0] = index;
    c.regOp[0] = DartRegisterOp{DartRegisterOpKind::LOAD, DartAluOp::MOV, DART_REG_I, DART_OPERAND};
    c.operand = value;
    return c;
}

DartControl
DartCompound::MakeUpdateAndRelease(uint8_t valueIndex, uint8_t lockIndex, uint32_t desired)
{
    NS_ABORT_MSG_IF(valueIndex == lockIndex,
                    "DartCompound::MakeUpdateAndRelease: the value and the lock need two "
                    "registers");
    DartControl c = MakeLoad(valueIndex, desired);
    c.index[1] = lockIndex;
    c.regOp[1] = DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::XOR, DART_REG_J, DART_REG_J};
    return c;
}

DartControl
DartCompound::MakeBarrierArrival(uint8_t counterIndex, uint32_t participants)
{
    DartControl c = RegisterOnly();
    c.index[0] = counterIndex;
    c.regOp[0] = DartRegisterOp{DartRegisterOpKind::UNARY, DartAluOp::INC, DART_REG_I, DART_REG_I};
    c.cond = DartCondition{DartCompare::EQ, DART_REG_I, DART_OPERAND};
    c.operand = participants;
    return c;
}

void
DartCompound::WriteReadRequest(Ptr<DartContext> ctx,
                               uint32_t at,
                               uint32_t replyOffset,
                               uint32_t tag)
{
    ctx->WriteWord(at, replyOffset);
    ctx->WriteWord(at + 4, BLOCK);
    ctx->WriteWord(at + 8, tag);
}

void
DartCompound::Fetch(Ptr<DartContext> ctx,
                    uint16_t vci,
                    const DartControl& request,
                    uint32_t replyOffset,
                    uint32_t tag,
                    FetchCallback done)
{
    NS_LOG_FUNCTION(ctx << vci << request.ToString() << replyOffset << tag);
    NS_ABORT_MSG_IF(request.opcode != DartOpcode::READ || !request.returnValue,
                    "DartCompound::Fetch: the request must be a READ with returnValue");
    // The descriptor sits in the block the reply will overwrite (see the class comment). Word
    // 1 holds the length until the reply puts the tag there; a tag equal to the length would
    // be taken for a reply by a stray deposit's check, so it is refused.
    NS_ABORT_MSG_IF(tag == BLOCK, "DartCompound::Fetch: tag " << BLOCK << " is reserved");
    WriteReadRequest(ctx, replyOffset, replyOffset, tag);

    // Watch before sending: the reply cannot come earlier, but nothing is lost this way.
    WaitReply(ctx, replyOffset, tag, done);
    ctx->Send(vci, request, replyOffset, BLOCK);
}

void
DartCompound::FetchAndAdd(Ptr<DartContext> ctx,
                          uint16_t vci,
                          uint8_t counterIndex,
                          uint32_t increment,
                          uint32_t replyOffset,
                          uint32_t tag,
                          FetchCallback done)
{
    Fetch(ctx, vci, MakeFetchAndAdd(counterIndex, increment), replyOffset, tag, done);
}

void
DartCompound::Swap(Ptr<DartContext> ctx,
                   uint16_t vci,
                   uint8_t index,
                   uint32_t value,
                   uint32_t replyOffset,
                   uint32_t tag,
                   FetchCallback done)
{
    Fetch(ctx, vci, MakeSwap(index, value), replyOffset, tag, done);
}

void
DartCompound::CompareAndSwap(Ptr<DartContext> ctx,
                             uint16_t vci,
                             uint8_t lockIndex,
                             uint8_t valueIndex,
                             uint32_t expected,
                             uint32_t desired,
                             uint32_t replyOffset,
                             CasCallback done)
{
    NS_LOG_FUNCTION(ctx << vci << +lockIndex << +valueIndex << expected << desired);
    NS_ABORT_MSG_IF(lockIndex == valueIndex,
                    "DartCompound::CompareAndSwap: the lock and the value need two registers");
    CasRequest r{ctx, vci, lockIndex, valueIndex, expected, desired, replyOffset, done};
    CasAcquire(r);
}

void
DartCompound::CasAcquire(const CasRequest& r)
{
    // 1. Acquire the lock: test-and-set until it was free. No back-off: a failed attempt is one
    // round trip that the destination's interface answers without its host.
    Fetch(r.ctx,
          r.vci,
          MakeTestAndSet(r.lockIndex),
          r.replyOffset,
          CAS_ACQUIRE_TAG,
          FetchCallback([r](uint32_t wasLocked) {
              if (wasLocked != 0)
              {
                  CasAcquire(r); // held by another requester: try again
                  return;
              }
              // 2. Read the value; no other writer can change it while the lock is held.
              Fetch(r.ctx,
                    r.vci,
                    MakeFetch(r.valueIndex),
                    r.replyOffset,
                    CAS_READ_TAG,
                    FetchCallback([r](uint32_t found) { CasDecide(r, found); }));
          }));
}

void
DartCompound::CasDecide(const CasRequest& r, uint32_t found)
{
    // 3. Compare here; then update and release in one message, or release only.
    const bool ok = found == r.expected;
    const DartControl last =
        ok ? MakeUpdateAndRelease(r.valueIndex, r.lockIndex, r.desired) : MakeLoad(r.lockIndex, 0);
    CasCallback done = r.done;
    r.ctx->Send(r.vci, last, r.replyOffset, 0, MakeSanCallback<void>([done, ok, found]() {
                    if (!done.IsNull())
                    {
                        done(ok, found);
                    }
                }));
}

DartBarrier::DartBarrier(Ptr<DartContext> coordinator,
                         uint32_t counterRegister,
                         uint32_t scratchOffset)
    : m_coordinator(coordinator),
      m_counter(counterRegister),
      m_scratch(scratchOffset)
{
    NS_ABORT_MSG_IF(!coordinator, "DartBarrier: no coordinator");
    NS_ABORT_MSG_IF(counterRegister >= coordinator->GetNRegisters(),
                    "DartBarrier: no register " << counterRegister);
    coordinator->SetRegister(m_counter, 0);
    m_queue = coordinator->CreateActionQueue(true);
    // The handler holds the barrier; the device drops its handlers when it is disposed.
    Ptr<DartBarrier> self(this);
    coordinator->SetActionHandler(m_queue,
                                  MakeSanCallback<void>([self]() { self->HandleActions(); }));
}

DartBarrier::~DartBarrier() = default;

uint32_t
DartBarrier::GetActionQueue() const
{
    return m_queue;
}

uint32_t
DartBarrier::AddParticipant(Ptr<DartContext> participant,
                            uint16_t vci,
                            uint16_t coordinatorVci,
                            uint8_t counterIndex,
                            uint32_t releaseOffset)
{
    NS_ABORT_MSG_IF(m_started, "DartBarrier::AddParticipant: the barrier is in use already");
    const DartConnection& in = m_coordinator->GetConnection(coordinatorVci);
    NS_ABORT_MSG_IF(in.actionQueue != m_queue,
                    "DartBarrier::AddParticipant: the coordinator's side of VCI "
                        << coordinatorVci << " does not post to the barrier's action queue "
                        << m_queue);
    NS_ABORT_MSG_IF(counterIndex >= in.regCount || in.regBase + counterIndex != m_counter,
                    "DartBarrier::AddParticipant: index " << +counterIndex
                                                          << " does not name the counter");
    participant->WriteWord(releaseOffset, 0);
    m_participants.push_back(
        Participant{participant, vci, coordinatorVci, counterIndex, releaseOffset, 0, false});
    return static_cast<uint32_t>(m_participants.size() - 1);
}

uint32_t
DartBarrier::Join(Ptr<DartContext> participant, uint8_t counterIndex, uint32_t releaseOffset)
{
    NS_ABORT_MSG_IF(counterIndex > m_counter,
                    "DartBarrier::Join: the window would start below register 0");
    const auto vcis =
        DartNetDevice::Connect(participant,
                               m_coordinator,
                               DartWindow{0, 0},
                               DartWindow{m_counter - counterIndex, counterIndex + 1u},
                               DartConnection::NO_QUEUE,
                               m_queue);
    return AddParticipant(participant, vcis.first, vcis.second, counterIndex, releaseOffset);
}

void
DartBarrier::Arrive(uint32_t i, Callback<void> released)
{
    NS_ABORT_MSG_IF(i >= m_participants.size(), "DartBarrier::Arrive: no participant " << i);
    Participant& p = m_participants[i];
    NS_ABORT_MSG_IF(p.waiting, "DartBarrier::Arrive: participant " << i << " is waiting already");
    NS_LOG_FUNCTION(this << i << p.arrivals + 1);
    m_started = true;
    p.waiting = true;
    WaitRelease(i, ++p.arrivals, released);
    p.ctx->Send(p.vci,
                DartCompound::MakeBarrierArrival(p.counterIndex, GetNParticipants()),
                p.releaseOffset,
                0);
}

void
DartBarrier::WaitRelease(uint32_t i, uint32_t epoch, Callback<void> released)
{
    const Participant& p = m_participants[i];
    Ptr<DartBarrier> self(this);
    p.ctx->WaitForDeposit(p.releaseOffset, 4, MakeSanCallback<void>([self, i, epoch, released]() {
                              Participant& q = self->m_participants[i];
                              // Epochs wrap: compare by distance.
                              if (static_cast<int32_t>(q.ctx->ReadWord(q.releaseOffset) - epoch) <
                                  0)
                              {
                                  self->WaitRelease(i, epoch, released);
                                  return;
                              }
                              q.waiting = false;
                              if (!released.IsNull())
                              {
                                  released();
                              }
                          }));
}

void
DartBarrier::HandleActions()
{
    Ptr<SanEventQueue> ring = m_coordinator->GetActionQueue(m_queue);
    uint8_t entry[DartAction::BYTES];
    while (ring->Pop(entry))
    {
        const DartAction a = DartAction::Decode(entry);
        ++m_actions;
        if (a.kind != DartAction::CONDITION || a.lhs != GetNParticipants())
        {
            NS_LOG_WARN("DartBarrier: unexpected action (kind " << +a.kind << ", counter " << a.lhs
                                                                << ")");
            continue;
        }
        const uint32_t epoch = ++m_epoch;
        NS_LOG_LOGIC("DartBarrier: episode " << epoch << " complete at " << Simulator::Now());
        // Reset first: a store into the interface's register file (a register LOAD of 0).
        // Nobody has been released, so no arrival of the next episode can precede it; the
        // Send Registers' stores below follow it on the same bus.
        m_coordinator->SetRegister(m_counter, 0);
        // The releases all carry the epoch from one scratch block: the next episode rewrites
        // it only after every participant arrived again, i.e. after each release was sent.
        m_coordinator->WriteWord(m_scratch, epoch);
        DartControl release;
        release.opcode = DartOpcode::WRITE;
        release.addressing = DartAddressing::DIRECT;
        release.mask = 0x01; // word 0 only: the rest of the block is the participant's
        for (const auto& p : m_participants)
        {
            release.operand = p.releaseOffset;
            m_coordinator->Send(p.coordinatorVci, release, m_scratch, 4);
        }
    }
}

uint32_t
DartBarrier::GetNParticipants() const
{
    return static_cast<uint32_t>(m_participants.size());
}

uint32_t
DartBarrier::GetEpoch() const
{
    return m_epoch;
}

uint64_t
DartBarrier::GetNActions() const
{
    return m_actions;
}

} // namespace ns3
