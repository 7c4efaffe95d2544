/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "vmmc-daemon.h"

#include "vmmc-endpoint.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VmmcDaemon");

NS_OBJECT_ENSURE_REGISTERED(VmmcDaemon);

void
VmmcCluster::Add(uint32_t host, Ptr<VmmcDaemon> daemon)
{
    NS_ABORT_MSG_IF(m_daemons.count(host), "VmmcCluster: host " << host << " has a daemon");
    m_daemons[host] = daemon;
}

Ptr<VmmcDaemon>
VmmcCluster::Find(uint32_t host) const
{
    auto it = m_daemons.find(host);
    return it == m_daemons.end() ? nullptr : it->second;
}

void
VmmcCluster::Clear()
{
    m_daemons.clear();
}

TypeId
VmmcDaemon::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VmmcDaemon")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<VmmcDaemon>()
            // ASSUMED: the paper gives no set-up time, only that mappings are made by the
            // daemons (section 3.3) off the data path. A request to the local daemon and its
            // exchange with the remote one over the Ethernet (section 3.1 keeps it for
            // "low-priority messages"), with their system calls: 1 ms.
            .AddAttribute("MappingSetupTime",
                          "Time to set up a mapping (export, import, bind) through the "
                          "daemons.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&VmmcDaemon::m_setupTime),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

VmmcDaemon::VmmcDaemon()
    // Proxy pages lie far above physical memory (the 32-bit physical addresses of the
    // prototype): page 2^28 is the 1 TB mark with 4 KB pages.
    : m_nextProxyPage(uint64_t(1) << 28)
{
}

VmmcDaemon::~VmmcDaemon() = default;

void
VmmcDaemon::DoDispose()
{
    m_exports.clear();
    m_exportPages.clear();
    if (m_cluster)
    {
        m_cluster->Clear();
    }
    m_cluster = nullptr;
    if (m_device)
    {
        m_device->SetNotifyCallback(ShrimpNetDevice::NotifyCallback());
    }
    m_device = nullptr;
    Object::DoDispose();
}

void
VmmcDaemon::Setup(Ptr<ShrimpNetDevice> device, Ptr<VmmcCluster> cluster)
{
    NS_ABORT_MSG_IF(device == nullptr || !device->IsAttached(),
                    "VmmcDaemon::Setup: needs an attached ShrimpNetDevice");
    m_device = device;
    m_cluster = cluster;
    cluster->Add(device->GetHostNumber(), this);
    device->SetNotifyCallback(MakeCallback(&VmmcDaemon::Notified, this));
}

Ptr<VmmcDaemon>
VmmcDaemon::Of(Ptr<Node> node)
{
    Ptr<VmmcDaemon> d = node->GetObject<VmmcDaemon>();
    NS_ABORT_MSG_IF(d == nullptr,
                    "VmmcDaemon::Of: node " << node->GetId()
                                            << " has no SHRIMP daemon (install ShrimpHelper)");
    return d;
}

Ptr<VmmcEndpoint>
VmmcDaemon::CreateEndpoint()
{
    Ptr<VmmcEndpoint> ep = CreateObject<VmmcEndpoint>();
    ep->Setup(this, m_device);
    return ep;
}

Ptr<ShrimpNetDevice>
VmmcDaemon::GetDevice() const
{
    return m_device;
}

void
VmmcDaemon::SetOutgoingPage(uint64_t page, const ShrimpOutgoingEntry& entry)
{
    m_device->SetOutgoingEntry(page, entry);
}

void
VmmcDaemon::ClearOutgoingPage(uint64_t page)
{
    m_device->ClearOutgoingEntry(page);
}

void
VmmcDaemon::SnoopRegion(uint64_t local)
{
    m_device->SnoopRegion(local);
}

void
VmmcDaemon::Fence(uint32_t host, Callback<void> done)
{
    m_device->Fence(host, done);
}

void
VmmcDaemon::AfterLandings(Callback<void> done)
{
    m_device->AfterLandings(done);
}

uint32_t
VmmcDaemon::GetHostNumber() const
{
    return m_device->GetHostNumber();
}

Time
VmmcDaemon::GetSetupTime() const
{
    return m_setupTime;
}

Ptr<VmmcDaemon>
VmmcDaemon::FindPeer(uint32_t host) const
{
    return m_cluster ? m_cluster->Find(host) : nullptr;
}

uint32_t
VmmcDaemon::AddExport(const Export& exp)
{
    const uint32_t page = m_device->GetPageBytes();
    const uint32_t id = m_nextExport++;
    m_exports[id] = exp;
    for (uint64_t p = exp.address / page; p < (exp.address + exp.bytes) / page; ++p)
    {
        ShrimpIncomingEntry e;
        e.enabled = true;
        m_device->SetIncomingEntry(p, e);
        m_exportPages[p] = id;
    }
    return id;
}

const VmmcDaemon::Export*
VmmcDaemon::FindExport(uint32_t id) const
{
    auto it = m_exports.find(id);
    return it == m_exports.end() ? nullptr : &it->second;
}

bool
VmmcDaemon::GrantImport(uint32_t id, uint32_t host, uint64_t& address, uint32_t& bytes)
{
    auto it = m_exports.find(id);
    if (it == m_exports.end())
    {
        return false;
    }
    Export& e = it->second;
    if (!e.allowed.empty() &&
        std::find(e.allowed.begin(), e.allowed.end(), host) == e.allowed.end())
    {
        return false;
    }
    e.importers.push_back(host);
    address = e.address;
    bytes = e.bytes;
    return true;
}

void
VmmcDaemon::ForgetImport(uint32_t id, uint32_t host)
{
    auto it = m_exports.find(id);
    if (it == m_exports.end())
    {
        return;
    }
    auto& v = it->second.importers;
    auto h = std::find(v.begin(), v.end(), host);
    if (h != v.end())
    {
        v.erase(h);
    }
}

void
VmmcDaemon::RemoveExport(uint32_t id, Callback<void> done)
{
    auto it = m_exports.find(id);
    NS_ABORT_MSG_IF(it == m_exports.end(), "VmmcDaemon::RemoveExport: no export " << id);
    std::vector<uint32_t> hosts = it->second.importers;
    std::sort(hosts.begin(), hosts.end());
    hosts.erase(std::unique(hosts.begin(), hosts.end()), hosts.end());
    const uint32_t me = GetHostNumber();
    auto finish = [this, id, done]() {
        auto e = m_exports.find(id);
        if (e != m_exports.end())
        {
            const uint32_t page = m_device->GetPageBytes();
            for (uint64_t p = e->second.address / page;
                 p < (e->second.address + e->second.bytes) / page;
                 ++p)
            {
                m_device->SetIncomingEntry(p, ShrimpIncomingEntry());
                m_exportPages.erase(p);
            }
            m_exports.erase(e);
        }
        if (!done.IsNull())
        {
            done();
        }
    };
    if (hosts.empty())
    {
        Simulator::ScheduleNow(finish);
        return;
    }
    // Every importer's daemon fences the packets it has sent here; the pages are disabled
    // once all fences are echoed.
    auto left = std::make_shared<uint32_t>(hosts.size());
    for (uint32_t h : hosts)
    {
        Ptr<VmmcDaemon> d = m_cluster->Find(h);
        NS_ABORT_MSG_IF(d == nullptr, "VmmcDaemon: importer " << h << " has no daemon");
        d->Fence(me, Callback<void>([left, finish]() {
                     if (--*left == 0)
                     {
                         finish();
                     }
                 }));
    }
}

void
VmmcDaemon::SetPageInterrupt(uint64_t page, bool on)
{
    const ShrimpIncomingEntry* e = m_device->FindIncomingEntry(page);
    NS_ABORT_MSG_IF(e == nullptr,
                    "VmmcDaemon::SetPageInterrupt: page " << page << " is not exported");
    ShrimpIncomingEntry n = *e;
    n.interrupt = on;
    m_device->SetIncomingEntry(page, n);
}

bool
VmmcDaemon::GetPageInterrupt(uint64_t page) const
{
    const ShrimpIncomingEntry* e = m_device->FindIncomingEntry(page);
    return e != nullptr && e->interrupt;
}

uint32_t
VmmcDaemon::GetExportOfPage(uint64_t page) const
{
    auto it = m_exportPages.find(page);
    return it == m_exportPages.end() ? 0 : it->second;
}

uint64_t
VmmcDaemon::AllocateProxyPages(uint32_t pages)
{
    const uint64_t first = m_nextProxyPage;
    m_nextProxyPage += pages;
    return first;
}

void
VmmcDaemon::Notified(uint64_t address)
{
    auto p = m_exportPages.find(address / m_device->GetPageBytes());
    if (p == m_exportPages.end())
    {
        return; // no longer exported
    }
    auto e = m_exports.find(p->second);
    if (e != m_exports.end() && e->second.owner)
    {
        e->second.owner->Notify(p->second, address);
    }
}

} // namespace ns3
