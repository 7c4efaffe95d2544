/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "vmmc-endpoint.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VmmcEndpoint");

NS_OBJECT_ENSURE_REGISTERED(VmmcEndpoint);

TypeId
VmmcEndpoint::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VmmcEndpoint")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<VmmcEndpoint>()
            // ASSUMED: section 2.3 says notifications are delivered through signals today; a
            // Linux signal to a user handler and its sigreturn on a 60 MHz Pentium: 20 us.
            .AddAttribute("SignalCost",
                          "Delivering a notification as a signal: kernel posting, the switch "
                          "to the user handler and the return.",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&VmmcEndpoint::m_signalCost),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: a deliberate update's library call checks the handle and the range and
            // computes the two proxy addresses of the initiation sequence: 30 instructions.
            .AddAttribute("DeliberateUpdateInstructions",
                          "Library instructions of a deliberate update before its initiation "
                          "sequence.",
                          DoubleValue(30),
                          MakeDoubleAccessor(&VmmcEndpoint::m_duInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a poll loop's load, compare and branch: 4 instructions.
            .AddAttribute("PollInstructions",
                          "Instructions of one iteration of a poll loop besides its load.",
                          DoubleValue(4),
                          MakeDoubleAccessor(&VmmcEndpoint::m_pollInstructions),
                          MakeDoubleChecker<double>(0))
            // Section 6: the libraries prefer polling, and switch to blocking "as
            // appropriate"; the paper's measurements poll. How long a wait polls before it
            // blocks is the CPU's "PollBeforeBlock".
            .AddAttribute("WaitPolicy",
                          "How the library waits for its words to change: POLL spins; "
                          "POLL_THEN_BLOCK spins for the CPU's PollBeforeBlock, then sleeps "
                          "until a notification lands in the polled pages.",
                          EnumValue(VmmcEndpoint::POLL),
                          MakeEnumAccessor(&VmmcEndpoint::m_waitPolicy),
                          MakeEnumChecker(VmmcEndpoint::POLL,
                                          "POLL",
                                          VmmcEndpoint::POLL_THEN_BLOCK,
                                          "POLL_THEN_BLOCK"));
    return tid;
}

VmmcEndpoint::VmmcEndpoint() = default;

VmmcEndpoint::~VmmcEndpoint() = default;

void
VmmcEndpoint::DoDispose()
{
    m_daemon = nullptr;
    m_device = nullptr;
    m_notifications.clear();
    m_imports.clear();
    m_sleepers.clear();
    Object::DoDispose();
}

void
VmmcEndpoint::Setup(Ptr<VmmcDaemon> daemon, Ptr<ShrimpNetDevice> device)
{
    m_daemon = daemon;
    m_device = device;
}

Ptr<VmmcDaemon>
VmmcEndpoint::GetDaemon() const
{
    return m_daemon;
}

uint32_t
VmmcEndpoint::GetHostNumber() const
{
    return m_daemon->GetHostNumber();
}

Ptr<HostMemory>
VmmcEndpoint::GetMemory() const
{
    return m_device->GetMemory();
}

Ptr<HostCpu>
VmmcEndpoint::GetCpu() const
{
    return m_device->GetCpu();
}

Ptr<HostMemorySystem>
VmmcEndpoint::GetMemorySystem() const
{
    Ptr<HostMemorySystem> ms = m_device->GetHost()->GetMemorySystem();
    NS_ABORT_MSG_IF(ms == nullptr,
                    "VmmcEndpoint: the host has no memory system (use a preset that models "
                    "one, e.g. ns3::Dec560stHostPreset)");
    return ms;
}

uint32_t
VmmcEndpoint::GetPageBytes() const
{
    return m_device->GetPageBytes();
}

uint64_t
VmmcEndpoint::Allocate(uint32_t bytes, HostMemorySystem::CachePolicy policy)
{
    NS_ABORT_MSG_IF(bytes == 0, "VmmcEndpoint::Allocate: zero bytes");
    const uint64_t page = GetPageBytes();
    const uint64_t size = (bytes + page - 1) / page * page;
    // A region with a page of slack, so that whole pages fit inside it whatever its alignment.
    const uint64_t base = GetMemory()->Allocate(size + page);
    const uint64_t aligned = (base + page - 1) / page * page;
    NS_ABORT_MSG_IF(aligned + size > (uint64_t(1) << 32),
                    "VmmcEndpoint::Allocate: memory above 4 GB (the prototype's physical "
                    "addresses are 32 bits)");
    if (policy != HostMemorySystem::WRITE_BACK)
    {
        GetMemorySystem()->SetCachePolicy(aligned, size, policy);
    }
    return aligned;
}

void
VmmcEndpoint::Export(uint64_t addr,
                     uint32_t bytes,
                     const std::vector<uint32_t>& allowed,
                     ExportCallback done)
{
    ExportAll({ExportRegion{addr, bytes, allowed}},
              MakeSanCallback<void, std::vector<uint32_t>>([done](std::vector<uint32_t> ids) {
                  if (!done.IsNull())
                  {
                      done(ids[0]);
                  }
              }));
}

void
VmmcEndpoint::ExportAll(std::vector<ExportRegion> regions, ExportAllCallback done)
{
    const uint32_t page = GetPageBytes();
    for (const ExportRegion& r : regions)
    {
        NS_ABORT_MSG_IF(r.address % page != 0 || r.bytes == 0 || r.bytes % page != 0,
                        "VmmcEndpoint::Export: [" << r.address << ", +" << r.bytes
                                                  << ") is not whole pages");
        NS_ABORT_MSG_UNLESS(GetMemory()->Contains(r.address, r.bytes),
                            "VmmcEndpoint::Export: [" << r.address << ", +" << r.bytes
                                                      << ") is not in one allocated region");
    }
    // The daemon takes them all after one set-up time, as it took each (they never queued).
    Simulator::Schedule(m_daemon->GetSetupTime(), [this, regions, done]() {
        std::vector<uint32_t> ids;
        ids.reserve(regions.size());
        for (const ExportRegion& r : regions)
        {
            VmmcDaemon::Export e;
            e.owner = this;
            e.address = r.address;
            e.bytes = r.bytes;
            e.allowed = r.allowed;
            const uint32_t id = m_daemon->AddExport(e);
            m_exports.push_back(id);
            m_notifications[id];
            ids.push_back(id);
        }
        if (!done.IsNull())
        {
            done(ids);
        }
    });
}

void
VmmcEndpoint::Unexport(uint32_t id, Callback<void> done)
{
    NS_ABORT_MSG_IF(std::find(m_exports.begin(), m_exports.end(), id) == m_exports.end(),
                    "VmmcEndpoint::Unexport: export " << id << " is not this process's");
    m_exports.erase(std::find(m_exports.begin(), m_exports.end(), id));
    m_notifications.erase(id);
    Simulator::Schedule(m_daemon->GetSetupTime(),
                        [this, id, done]() { m_daemon->RemoveExport(id, done); });
}

void
VmmcEndpoint::Post(uint32_t host, uint32_t port, const std::vector<uint8_t>& data)
{
    m_daemon->Post(host, port, data);
}

void
VmmcEndpoint::Listen(uint32_t port, VmmcDaemon::PostHandler handler)
{
    m_daemon->Listen(port, handler);
}

void
VmmcEndpoint::StopListening(uint32_t port)
{
    if (m_daemon)
    {
        m_daemon->StopListening(port);
    }
}

void
VmmcEndpoint::Import(uint32_t host, uint32_t id, ImportCallback done)
{
    // The local daemon's work, then its request to the exporter's daemon and the answer.
    Simulator::Schedule(m_daemon->GetSetupTime(), [this, host, id, done]() {
        m_daemon->RequestImport(
            host,
            id,
            VmmcDaemon::ImportAnswer(
                [this, host, id, done](bool granted, uint64_t address, uint32_t bytes) {
                    Imported(host, id, granted, address, bytes, done);
                }));
    });
}

void
VmmcEndpoint::Imported(uint32_t host,
                       uint32_t id,
                       bool granted,
                       uint64_t address,
                       uint32_t bytes,
                       ImportCallback done)
{
    if (!granted)
    {
        if (!done.IsNull())
        {
            done(-1);
        }
        return;
    }
    const uint32_t page = GetPageBytes();
    ImportEntry imp;
    imp.host = host;
    imp.exportId = id;
    imp.remote = address;
    imp.bytes = bytes;
    imp.proxyPage = m_daemon->AllocateProxyPages(bytes / page);
    imp.live = true;
    for (uint32_t i = 0; i < bytes / page; ++i)
    {
        ShrimpOutgoingEntry e;
        e.dstHost = host;
        e.dstPage = address + uint64_t(i) * page;
        m_daemon->SetOutgoingPage(imp.proxyPage + i, e);
    }
    m_imports.push_back(imp);
    if (!done.IsNull())
    {
        done(static_cast<int32_t>(m_imports.size() - 1));
    }
}

const VmmcEndpoint::ImportEntry*
VmmcEndpoint::FindImport(int32_t handle) const
{
    if (handle < 0 || static_cast<size_t>(handle) >= m_imports.size() || !m_imports[handle].live)
    {
        return nullptr;
    }
    return &m_imports[handle];
}

void
VmmcEndpoint::Unimport(int32_t handle, Callback<void> done)
{
    const ImportEntry* imp = FindImport(handle);
    NS_ABORT_MSG_IF(imp == nullptr, "VmmcEndpoint::Unimport: no import " << handle);
    m_imports[handle].live = false;
    const ImportEntry copy = *imp;
    // The fence follows every packet already sent under the mapping; its echo says they
    // are in the buffer.
    m_daemon->Fence(copy.host, MakeSanCallback<void>([this, copy, done]() {
                        const uint32_t page = GetPageBytes();
                        for (uint32_t i = 0; i < copy.bytes / page; ++i)
                        {
                            m_daemon->ClearOutgoingPage(copy.proxyPage + i);
                        }
                        m_daemon->ReleaseImport(copy.host, copy.exportId);
                        if (!done.IsNull())
                        {
                            done();
                        }
                    }));
}

uint32_t
VmmcEndpoint::GetImportSize(int32_t handle) const
{
    const ImportEntry* imp = FindImport(handle);
    return imp ? imp->bytes : 0;
}

uint32_t
VmmcEndpoint::GetImportHost(int32_t handle) const
{
    const ImportEntry* imp = FindImport(handle);
    NS_ABORT_MSG_IF(imp == nullptr, "VmmcEndpoint::GetImportHost: no import " << handle);
    return imp->host;
}

void
VmmcEndpoint::SendDeliberate(int32_t handle,
                             uint32_t offset,
                             uint64_t src,
                             uint32_t bytes,
                             bool notify,
                             Callback<void, bool> done)
{
    const ImportEntry* imp = FindImport(handle);
    const bool ok = imp != nullptr && bytes > 0 && uint64_t(offset) + bytes <= imp->bytes &&
                    ShrimpNetDevice::IsAligned(src, offset) &&
                    GetMemory()->Contains(src, (bytes + 3) / 4 * 4);
    Ptr<HostCpu> cpu = GetCpu();
    if (!ok)
    {
        NS_LOG_WARN("VmmcEndpoint::SendDeliberate refused: handle "
                    << handle << " offset " << offset << " src " << src << " bytes " << bytes);
        cpu->ExecuteInstructions(m_duInstructions, MakeSanCallback<void>([done]() {
                                     if (!done.IsNull())
                                     {
                                         done(false);
                                     }
                                 }));
        return;
    }
    const uint64_t dst = imp->proxyPage * GetPageBytes() + offset;
    Ptr<ShrimpNetDevice> dev = m_device;
    cpu->ExecuteInstructions(
        m_duInstructions,
        MakeSanCallback<void>([cpu, dev, src, dst, bytes, notify, done]() {
            // The process issues the initiation sequence and then spins on the card's status
            // register (one EISA load per iteration) until the engine has read the source.
            Ptr<HostCpuWait> wait = cpu->CreateWait();
            wait->SetPollInterval(dev->GetIoBus()->GetPioLoadTime(4));
            wait->Begin(HostCpuWait::POLL, MakeSanCallback<void>([done]() {
                            if (!done.IsNull())
                            {
                                done(true);
                            }
                        }));
            const bool started =
                dev->DeliberateUpdate(src,
                                      dst,
                                      bytes,
                                      notify,
                                      Callback<void>(),
                                      MakeSanCallback<void>([wait]() { wait->Signal(); }));
            NS_ASSERT_MSG(started, "VmmcEndpoint: a checked deliberate update was refused");
        }));
}

void
VmmcEndpoint::Bind(uint64_t local,
                   uint32_t bytes,
                   int32_t handle,
                   uint32_t offset,
                   const BindOptions& options,
                   Callback<void, bool> done)
{
    const uint32_t page = GetPageBytes();
    const ImportEntry* imp = FindImport(handle);
    if (imp == nullptr || local % page != 0 || offset % page != 0 || bytes == 0 ||
        bytes % page != 0 || uint64_t(offset) + bytes > imp->bytes ||
        !GetMemory()->Contains(local, bytes))
    {
        NS_LOG_WARN("VmmcEndpoint::Bind refused: local "
                    << local << " bytes " << bytes << " handle " << handle << " offset " << offset);
        if (!done.IsNull())
        {
            Simulator::ScheduleNow([done]() { done(false); });
        }
        return;
    }
    const ImportEntry copy = *imp;
    Simulator::Schedule(m_daemon->GetSetupTime(),
                        [this, local, bytes, copy, offset, options, done]() {
                            const uint32_t page = GetPageBytes();
                            // Automatic update needs the stores on the memory bus: the kernel
                            // caches the bound pages write-through (or not at all).
                            GetMemorySystem()->SetCachePolicy(
                                local,
                                bytes,
                                options.uncached ? HostMemorySystem::UNCACHED
                                                 : HostMemorySystem::WRITE_THROUGH);
                            m_daemon->SnoopRegion(local);
                            for (uint32_t i = 0; i < bytes / page; ++i)
                            {
                                ShrimpOutgoingEntry e;
                                e.dstHost = copy.host;
                                e.dstPage = copy.remote + offset + uint64_t(i) * page;
                                e.combine = options.combine;
                                e.timer = options.timer;
                                e.interrupt = options.notify;
                                m_daemon->SetOutgoingPage(local / page + i, e);
                            }
                            if (!done.IsNull())
                            {
                                done(true);
                            }
                        });
}

void
VmmcEndpoint::Unbind(uint64_t local, uint32_t bytes, Callback<void> done)
{
    const uint32_t page = GetPageBytes();
    Simulator::Schedule(m_daemon->GetSetupTime(), [this, local, bytes, page, done]() {
        for (uint64_t p = local / page; p < (local + bytes + page - 1) / page; ++p)
        {
            m_daemon->ClearOutgoingPage(p);
        }
        if (!done.IsNull())
        {
            done();
        }
    });
}

void
VmmcEndpoint::Store(uint64_t addr, const uint8_t* data, uint32_t len, Callback<void> done)
{
    GetMemorySystem()->WriteMemory(GetMemory(), addr, data, 0, len, false, done);
}

void
VmmcEndpoint::StoreWord(uint64_t addr, uint32_t value, Callback<void> done)
{
    uint8_t b[4];
    HostWords::Store32(b, value);
    Store(addr, b, 4, done);
}

void
VmmcEndpoint::Copy(uint64_t dst, uint64_t src, uint32_t len, Callback<void> done)
{
    GetMemorySystem()->WriteMemory(GetMemory(), dst, nullptr, src, len, true, done);
}

uint32_t
VmmcEndpoint::ReadWord(uint64_t addr) const
{
    uint8_t b[4];
    NS_ABORT_MSG_UNLESS(GetMemory()->Read(addr, b, 4),
                        "VmmcEndpoint::ReadWord: " << addr << " is not in memory");
    return HostWords::Load32(b);
}

void
VmmcEndpoint::Compute(double instructions, Callback<void> done)
{
    GetCpu()->ExecuteInstructions(instructions, done);
}

void
VmmcEndpoint::SetNotificationHandler(uint32_t id, NotificationHandler handler, Callback<void> done)
{
    NS_ABORT_MSG_IF(m_notifications.find(id) == m_notifications.end(),
                    "VmmcEndpoint::SetNotificationHandler: export " << id
                                                                    << " is not this process's");
    const VmmcDaemon::Export* e = m_daemon->FindExport(id);
    NS_ABORT_MSG_IF(e == nullptr, "VmmcEndpoint::SetNotificationHandler: no export " << id);
    const uint64_t first = e->address / GetPageBytes();
    const uint64_t pages = e->bytes / GetPageBytes();
    // The receiver-specified IPT flags are the kernel's: a system call.
    GetCpu()->Syscall(Seconds(0), MakeSanCallback<void>([this, id, handler, first, pages, done]() {
                          m_notifications[id].handler = handler;
                          for (uint64_t p = first; p < first + pages; ++p)
                          {
                              m_daemon->SetPageInterrupt(p, !handler.IsNull());
                          }
                          if (!done.IsNull())
                          {
                              done();
                          }
                      }));
}

void
VmmcEndpoint::SetNotificationPages(uint32_t id,
                                   uint32_t offset,
                                   uint32_t bytes,
                                   bool on,
                                   Callback<void> done)
{
    const VmmcDaemon::Export* e = m_daemon->FindExport(id);
    NS_ABORT_MSG_IF(e == nullptr || e->owner != this,
                    "VmmcEndpoint::SetNotificationPages: export " << id
                                                                  << " is not this process's");
    NS_ABORT_MSG_IF(bytes == 0 || uint64_t(offset) + bytes > e->bytes,
                    "VmmcEndpoint::SetNotificationPages: [" << offset << ", +" << bytes
                                                            << ") is outside export " << id);
    const uint64_t first = (e->address + offset) / GetPageBytes();
    const uint64_t last = (e->address + offset + bytes - 1) / GetPageBytes();
    GetCpu()->Syscall(Seconds(0), MakeSanCallback<void>([this, first, last, on, done]() {
                          for (uint64_t p = first; p <= last; ++p)
                          {
                              m_daemon->SetPageInterrupt(p, on);
                          }
                          if (!done.IsNull())
                          {
                              done();
                          }
                      }));
}

void
VmmcEndpoint::BlockNotifications(uint32_t id)
{
    m_notifications[id].blocked = true;
}

void
VmmcEndpoint::UnblockNotifications(uint32_t id)
{
    Notifications& n = m_notifications[id];
    n.blocked = false;
    while (!n.queue.empty() && !n.blocked)
    {
        const uint64_t address = n.queue.front();
        n.queue.pop_front();
        Deliver(id, address);
    }
}

void
VmmcEndpoint::SetNotificationsAccepted(uint32_t id, bool accept)
{
    m_notifications[id].accepted = accept;
}

void
VmmcEndpoint::WaitForNotification(uint32_t id, Callback<void> done)
{
    Ptr<HostCpuWait> wait = GetCpu()->CreateWait();
    wait->Begin(HostCpuWait::BLOCK, done);
    m_notifications[id].waiters.push_back(
        MakeSanCallback<void>([wait]() { wait->SignalInHandler(); }));
}

void
VmmcEndpoint::Notify(uint32_t id, uint64_t address)
{
    WakeSleepers(address); // a library asleep in its poll loop
    auto it = m_notifications.find(id);
    if (it == m_notifications.end() || it->second.handler.IsNull())
    {
        return; // notifications take effect only once a handler is specified
    }
    Notifications& n = it->second;
    if (!n.accepted)
    {
        ++m_discarded;
        return;
    }
    if (n.blocked)
    {
        n.queue.push_back(address);
        return;
    }
    Deliver(id, address);
}

void
VmmcEndpoint::Deliver(uint32_t id, uint64_t address)
{
    GetCpu()->Execute(m_signalCost, MakeSanCallback<void>([this, id, address]() {
                          auto it = m_notifications.find(id);
                          if (it == m_notifications.end())
                          {
                              return;
                          }
                          ++m_handled;
                          NotificationHandler h = it->second.handler;
                          std::vector<Callback<void>> waiters;
                          waiters.swap(it->second.waiters);
                          if (!h.IsNull())
                          {
                              h(id, address);
                          }
                          for (auto& w : waiters)
                          {
                              w();
                          }
                      }));
}

uint64_t
VmmcEndpoint::GetNNotificationsHandled() const
{
    return m_handled;
}

uint64_t
VmmcEndpoint::GetNNotificationsDiscarded() const
{
    return m_discarded;
}

} // namespace ns3
