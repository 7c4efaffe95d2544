/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// VmmcEndpoint's waits: the poll loop on memory words, and (section 6) its switch to
// blocking on a notification.

#include "vmmc-endpoint.h"

#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VmmcEndpointWait");

namespace
{

/**
 * A process spinning on memory words: re-armed after every write that touches them until its
 * test holds. Only the memory's watch list holds it (no reference cycle). A process that has
 * gone to sleep no longer looks: only a notification wakes it.
 */
class PollWatch : public SimpleRefCount<PollWatch>
{
  public:
    PollWatch(HostMemory* memory,
              uint64_t address,
              uint32_t len,
              Callback<bool> ready,
              Ptr<HostCpuWait> wait)
        : m_memory(memory),
          m_address(address),
          m_len(len),
          m_ready(ready),
          m_wait(wait)
    {
    }

    /// Watch the words (again).
    void Arm()
    {
        m_memory->WatchWrites(m_address,
                              m_len,
                              MakeCallback(&PollWatch::Check, Ptr<PollWatch>(this)));
    }

    /// A write touched the words.
    void Check()
    {
        if (m_wait->IsSignalled() || m_wait->GetState() == HostCpuWait::BLOCKED)
        {
            return;
        }
        if (m_ready())
        {
            m_wait->Signal();
            return;
        }
        Arm();
    }

  private:
    HostMemory* m_memory;    //!< the memory (outlives its watches)
    uint64_t m_address;      //!< first byte
    uint32_t m_len;          //!< bytes
    Callback<bool> m_ready;  //!< the loop's test
    Ptr<HostCpuWait> m_wait; //!< the spinning process
};

} // namespace

void
VmmcEndpoint::Poll(uint64_t addr, uint32_t len, Callback<bool> ready, Callback<void> done)
{
    Ptr<HostCpu> cpu = GetCpu();
    Ptr<HostMemorySystem> ms = GetMemorySystem();
    const Time read = ms->GetPollReadTime(addr);
    const Time loop = cpu->InstructionsToTime(m_pollInstructions);
    if (ready())
    {
        cpu->Execute(read + loop, done);
        return;
    }
    Ptr<HostCpuWait> wait = cpu->CreateWait();
    if (read.IsStrictlyPositive())
    {
        wait->SetPollInterval(read + loop); // every iteration reads memory
    }
    Ptr<PollWatch> watch = Create<PollWatch>(PeekPointer(GetMemory()), addr, len, ready, wait);
    watch->Arm();
    const Time miss = ms->GetPollMissTime(addr);
    Callback<void> go([cpu, miss, done]() {
        if (miss.IsStrictlyPositive())
        {
            cpu->Execute(miss, done); // the load that sees the change misses
        }
        else if (!done.IsNull())
        {
            done();
        }
    });
    if (m_waitPolicy == POLL || !IsExportedHere(addr, len))
    {
        wait->Begin(HostCpuWait::POLL, go);
        return;
    }
    // Raw pointers: the wait keeps these callbacks, and must not keep itself.
    HostCpuWait* raw = PeekPointer(wait);
    wait->SetBackOffCallback(MakeSanCallback<void>(
        [this, raw, addr, len, ready]() { BackOff(Ptr<HostCpuWait>(raw), addr, len, ready); }));
    wait->Begin(HostCpuWait::POLL_THEN_BLOCK, MakeSanCallback<void>([this, raw, go]() {
                    if (raw->WasBlocked())
                    {
                        WakeUp(raw, go);
                        return;
                    }
                    go();
                }));
}

bool
VmmcEndpoint::IsExportedHere(uint64_t addr, uint32_t len) const
{
    if (len == 0)
    {
        return false;
    }
    const uint32_t page = GetPageBytes();
    for (uint64_t p = addr / page; p <= (addr + len - 1) / page; ++p)
    {
        const uint32_t id = m_daemon->GetExportOfPage(p);
        if (id == 0 || std::find(m_exports.begin(), m_exports.end(), id) == m_exports.end())
        {
            return false;
        }
    }
    return true;
}

void
VmmcEndpoint::BackOff(Ptr<HostCpuWait> wait, uint64_t addr, uint32_t len, Callback<bool> ready)
{
    if (wait->IsSignalled() || wait->GetState() != HostCpuWait::BLOCKED)
    {
        return;
    }
    NS_LOG_FUNCTION(this << addr << len);
    ++m_waitsBlocked;
    // Section 6: "When the process wants to block, it re-enables the notifications before
    // blocking." The kernel sets the pages' IPT flags (pages whose flag a notification handler
    // keeps on are left as they are), the library looks once more, and the process sleeps;
    // the kernel entry runs while the process is off the critical path.
    const uint32_t page = GetPageBytes();
    Sleeper s;
    s.firstPage = addr / page;
    s.lastPage = (addr + len - 1) / page;
    s.wait = wait;
    s.ready = ready;
    for (uint64_t p = s.firstPage; p <= s.lastPage; ++p)
    {
        if (!m_daemon->GetPageInterrupt(p))
        {
            m_daemon->SetPageInterrupt(p, true);
            s.enabled.push_back(p);
        }
    }
    m_sleepers.push_back(std::move(s));
    GetCpu()->ExecuteOffPath(GetCpu()->GetSyscallCost());
    // A packet checked against the old flags may still be on its way to memory: the kernel
    // waits for the Incoming DMA Engine before the library's last look (ASSUMED: the paper
    // does not say how the race is closed).
    m_daemon->AfterLandings(MakeSanCallback<void>([wait, ready]() {
        if (!wait->IsSignalled() && wait->GetState() == HostCpuWait::BLOCKED && ready())
        {
            wait->Signal(); // it changed meanwhile: the process gets up again
        }
    }));
}

void
VmmcEndpoint::WakeSleepers(uint64_t address)
{
    const uint64_t page = address / GetPageBytes();
    for (const Sleeper& s : m_sleepers)
    {
        if (page >= s.firstPage && page <= s.lastPage && !s.wait->IsSignalled() && s.ready())
        {
            // The notification's interrupt has been taken: the kernel wakes the process.
            s.wait->SignalInHandler();
        }
    }
}

void
VmmcEndpoint::WakeUp(HostCpuWait* wait, Callback<void> done)
{
    auto it = std::find_if(m_sleepers.begin(), m_sleepers.end(), [wait](const Sleeper& s) {
        return PeekPointer(s.wait) == wait;
    });
    if (it == m_sleepers.end())
    {
        if (!done.IsNull())
        {
            done(); // it slept without backing off (no pages of its own)
        }
        return;
    }
    std::vector<uint64_t> enabled = std::move(it->enabled);
    m_sleepers.erase(it);
    // Section 6: "When the process wants to start polling, it asks that notifications be
    // ignored; the kernel then changes per-page hardware status bits."
    GetCpu()->Syscall(Seconds(0), MakeSanCallback<void>([this, enabled, done]() {
                          for (uint64_t p : enabled)
                          {
                              if (m_daemon != nullptr && m_daemon->GetExportOfPage(p) != 0)
                              {
                                  m_daemon->SetPageInterrupt(p, false);
                              }
                          }
                          if (!done.IsNull())
                          {
                              done();
                          }
                      }));
}

uint64_t
VmmcEndpoint::GetNWaitsBlocked() const
{
    return m_waitsBlocked;
}

} // namespace ns3
