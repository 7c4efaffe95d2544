/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-connectionless-sender.h"

#include "scilan-stack.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanConnectionlessSender");

namespace
{
/// A flag kept disabled and free: the lock's value when nobody holds it.
constexpr uint32_t LOCK_FREE = 0x80000000u;
} // namespace

ScilanConnectionlessSender::ScilanConnectionlessSender(Ptr<ScilanStack> stack)
    : m_stack(stack)
{
}

ScilanConnectionlessSender::~ScilanConnectionlessSender() = default;

void
ScilanConnectionlessSender::Close()
{
    m_queue.clear();
    m_stack = nullptr;
}

void
ScilanConnectionlessSender::Send(Ipv4Address address,
                                 uint16_t port,
                                 std::vector<uint8_t> record,
                                 DoneCallback done)
{
    NS_ABORT_MSG_IF(record.empty() || record.size() % 32 != 0,
                    "ScilanConnectionlessSender: a record of " << record.size()
                                                               << " bytes (a multiple of 32)");
    m_queue.push_back(Pending{address, port, std::move(record), done});
    if (!m_busy)
    {
        Next();
    }
}

void
ScilanConnectionlessSender::Next()
{
    if (m_queue.empty() || !m_stack)
    {
        m_busy = false;
        return;
    }
    m_busy = true;
    const Pending& p = m_queue.front();
    for (const Target& t : m_targets)
    {
        if (t.address == p.address && t.port == p.port)
        {
            m_target = t;
            Lock();
            return;
        }
    }
    ScilanCluster::Entry e;
    if (!m_stack->GetCluster()->Find(p.address, e))
    {
        Simulator::ScheduleNow(&ScilanConnectionlessSender::Finish,
                               Ptr<ScilanConnectionlessSender>(this),
                               false,
                               Socket::ERROR_NOROUTETOHOST);
        return;
    }
    m_target = Target();
    m_target.address = p.address;
    m_target.port = p.port;
    m_target.node = e.node;
    const uint64_t directory = m_stack->MapDirectory(e.node, e.directory);
    Ptr<ScilanConnectionlessSender> self = this;
    m_stack->GetContext()->GetCpu()->ExecuteInstructions(
        m_stack->GetSetupInstructions(),
        MakeSanCallback<void>([self, directory]() { self->Probe(directory, 0); }));
}

void
ScilanConnectionlessSender::Probe(uint64_t directoryBus, uint32_t attempt)
{
    if (!m_stack)
    {
        return;
    }
    if (attempt >= ScilanStack::DIRECTORY_SLOTS)
    {
        Finish(false, Socket::ERROR_NOTCONN);
        return;
    }
    const uint16_t port = m_target.port;
    const uint32_t slot = (port + attempt) % ScilanStack::DIRECTORY_SLOTS;
    Ptr<ScilanConnectionlessSender> self = this;
    Ptr<SciContext> ctx = m_stack->GetContext();
    Ptr<SanResource> cpu = ctx->GetCpu()->GetResource();
    // A remote load of the slot; the processor stalls on it.
    cpu->Acquire(MakeSanCallback<void>([self, ctx, cpu, directoryBus, attempt, slot, port]() {
        ctx->Load(directoryBus + uint64_t(slot) * ScilanStack::SLOT_BYTES,
                  24,
                  SciContext::ReadCallback(
                      [self, ctx, cpu, directoryBus, attempt, port](const uint8_t* b, uint32_t) {
                          cpu->Release();
                          const uint32_t key = HostWords::Load32(b);
                          if (key == 0)
                          {
                              self->Finish(false, Socket::ERROR_NOTCONN); // nobody: refused
                              return;
                          }
                          if (key != uint32_t(port) + 1)
                          {
                              self->Probe(directoryBus, attempt + 1);
                              return;
                          }
                          Target& t = self->m_target;
                          t.ring.node = t.node;
                          t.ring.ringBytes = HostWords::Load32(b + 4);
                          t.ring.segment = HostWords::Load64(b + 8);
                          t.ring.flag = HostWords::Load32(b + 16);
                          t.lock = HostWords::Load32(b + 20);
                          t.bus = ctx->Map(t.node,
                                           t.ring.segment,
                                           SciRingReceiver::CONTROL_BYTES + t.ring.ringBytes);
                          self->m_targets.push_back(t);
                          self->Lock();
                      }));
    }));
}

void
ScilanConnectionlessSender::Lock()
{
    if (!m_stack)
    {
        return;
    }
    Ptr<ScilanConnectionlessSender> self = this;
    Ptr<SciContext> ctx = m_stack->GetContext();
    Ptr<SanResource> cpu = ctx->GetCpu()->GetResource();
    cpu->Acquire(MakeSanCallback<void>([self, ctx, cpu]() {
        ctx->FetchAndIncrement(self->m_target.node,
                               self->m_target.lock,
                               MakeSanCallback<void, uint32_t>([self, cpu](uint32_t before) {
                                   cpu->Release();
                                   if (before == LOCK_FREE)
                                   {
                                       self->Locked();
                                       return;
                                   }
                                   Simulator::Schedule(self->m_stack->GetLockRetryDelay(),
                                                       &ScilanConnectionlessSender::Lock,
                                                       self);
                               }));
    }));
}

void
ScilanConnectionlessSender::Unlock()
{
    m_stack->GetContext()->WriteRemoteFlag(m_target.node,
                                           m_target.lock,
                                           LOCK_FREE,
                                           Callback<void>());
}

void
ScilanConnectionlessSender::Locked()
{
    Ptr<ScilanConnectionlessSender> self = this;
    Ptr<SciContext> ctx = m_stack->GetContext();
    Ptr<SanResource> cpu = ctx->GetCpu()->GetResource();
    // The ring has many writers: read its pointers first.
    cpu->Acquire(MakeSanCallback<void>([self, ctx, cpu]() {
        ctx->Load(
            self->m_target.bus,
            SciRingReceiver::READ_POINTER + 4,
            SciContext::ReadCallback([self, ctx, cpu](const uint8_t* b, uint32_t) {
                cpu->Release();
                if (!self->m_stack || self->m_queue.empty())
                {
                    return;
                }
                const uint32_t wp = HostWords::Load32(b + SciRingReceiver::WRITE_POINTER);
                const uint32_t rp = HostWords::Load32(b + SciRingReceiver::READ_POINTER);
                const uint32_t ring = self->m_target.ring.ringBytes;
                const std::vector<uint8_t>& record = self->m_queue.front().record;
                const uint32_t len = static_cast<uint32_t>(record.size());
                if (len > ring)
                {
                    self->Unlock();
                    self->Finish(false, Socket::ERROR_MSGSIZE);
                    return;
                }
                if (ring - (wp - rp) < len)
                {
                    self->Unlock(); // full: try again later
                    Simulator::Schedule(self->m_stack->GetLockRetryDelay(),
                                        &ScilanConnectionlessSender::Lock,
                                        self);
                    return;
                }
                // The transmitter copy of the record into the ring (in two loops if it
                // wraps), then the check, the new write pointer, the stimulus, the release.
                Ptr<HostMemorySystem> system = ctx->GetMemorySystem();
                const uint64_t base = self->m_target.bus + SciRingReceiver::CONTROL_BYTES;
                const uint32_t pos = wp % ring;
                const uint32_t first = std::min(len, ring - pos);
                auto publish = [self, ctx, wp, len]() {
                    ctx->CheckTransfers(SciContext::CheckCallback([self, ctx, wp, len](bool ok) {
                        if (!ok)
                        {
                            self->Unlock();
                            self->Finish(false, Socket::ERROR_SHUTDOWN);
                            return;
                        }
                        uint8_t w[4];
                        HostWords::Store32(w, wp + len);
                        ctx->Store(self->m_target.bus + SciRingReceiver::WRITE_POINTER,
                                   w,
                                   4,
                                   Callback<void>());
                        ctx->Stimulate(self->m_target.node,
                                       self->m_target.ring.flag,
                                       Callback<void>());
                        self->Unlock();
                        self->Finish(true, Socket::ERROR_NOTERROR);
                    }));
                };
                const uint8_t* data = record.data();
                if (first == len)
                {
                    system->CopyToDevice(data,
                                         len,
                                         true,
                                         ctx->GetStoreSink(base + pos),
                                         Callback<void>(publish));
                    return;
                }
                std::vector<uint8_t> rest(data + first, data + len);
                system->CopyToDevice(data,
                                     first,
                                     true,
                                     ctx->GetStoreSink(base + pos),
                                     MakeSanCallback<void>([system, ctx, base, rest, publish]() {
                                         system->CopyToDevice(rest.data(),
                                                              static_cast<uint32_t>(rest.size()),
                                                              true,
                                                              ctx->GetStoreSink(base),
                                                              Callback<void>(publish));
                                     }));
            }));
    }));
}

void
ScilanConnectionlessSender::Finish(bool ok, Socket::SocketErrno error)
{
    if (m_queue.empty())
    {
        return;
    }
    DoneCallback done = m_queue.front().done;
    m_queue.pop_front();
    if (!done.IsNull())
    {
        done(ok, error);
    }
    Next();
}

} // namespace ns3
