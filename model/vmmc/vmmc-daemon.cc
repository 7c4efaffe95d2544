/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "vmmc-daemon.h"

#include "vmmc-endpoint.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VmmcDaemon");

NS_OBJECT_ENSURE_REGISTERED(VmmcDaemon);

namespace
{

/// Bytes of every daemon message: op, request, export id, granted, address, size.
constexpr uint32_t DAEMON_MESSAGE_BYTES = 22;

} // namespace

std::vector<uint8_t>
VmmcDaemon::Message::Encode() const
{
    std::vector<uint8_t> m(DAEMON_MESSAGE_BYTES);
    m[0] = op;
    HostWords::Store32(&m[1], request);
    HostWords::Store32(&m[5], id);
    m[9] = granted ? 1 : 0;
    HostWords::Store64(&m[10], address);
    HostWords::Store32(&m[18], bytes);
    return m;
}

bool
VmmcDaemon::Message::Decode(const std::vector<uint8_t>& m)
{
    if (m.size() != DAEMON_MESSAGE_BYTES)
    {
        return false;
    }
    op = m[0];
    request = HostWords::Load32(&m[1]);
    id = HostWords::Load32(&m[5]);
    granted = m[9] != 0;
    address = HostWords::Load64(&m[10]);
    bytes = HostWords::Load32(&m[18]);
    return true;
}

void
VmmcCluster::Add(uint32_t host)
{
    NS_ABORT_MSG_IF(!m_hosts.insert(host).second, "VmmcCluster: host " << host << " has a daemon");
}

bool
VmmcCluster::Contains(uint32_t host) const
{
    return m_hosts.count(host) != 0;
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
    m_exportPages = ShrimpPageTable<uint32_t>();
    m_importRequests.clear();
    m_fenceWaits.clear();
    m_listeners.clear();
    m_cluster = nullptr;
    if (m_device)
    {
        m_device->SetNotifyCallback(ShrimpNetDevice::NotifyCallback());
        m_device->SetKernelMessageCallback(ShrimpNetDevice::KernelMessageCallback());
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
    cluster->Add(device->GetHostNumber());
    device->SetNotifyCallback(MakeCallback(&VmmcDaemon::Notified, this));
    device->SetKernelMessageCallback(MakeCallback(&VmmcDaemon::Received, this));
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

bool
VmmcDaemon::HasPeer(uint32_t host) const
{
    return m_cluster && m_cluster->Contains(host);
}

void
VmmcDaemon::Send(uint32_t host, uint32_t port, const std::vector<uint8_t>& msg)
{
    if (host == GetHostNumber())
    {
        Received(host, port, Create<Packet>(msg.data(), msg.size()));
        return;
    }
    m_device->SendKernelMessage(host, port, Create<Packet>(msg.data(), msg.size()));
}

void
VmmcDaemon::Received(uint32_t srcHost, uint32_t port, Ptr<Packet> payload)
{
    std::vector<uint8_t> msg(payload->GetSize());
    payload->CopyData(msg.data(), msg.size());
    if (port == 0)
    {
        Handle(srcHost, msg);
        return;
    }
    auto it = m_listeners.find(port);
    if (it == m_listeners.end())
    {
        NS_LOG_WARN("VmmcDaemon: a message from host " << srcHost << " for port " << port
                                                       << ", where no library listens");
        return;
    }
    PostHandler handler = it->second;
    handler(srcHost, msg);
}

void
VmmcDaemon::Handle(uint32_t srcHost, const std::vector<uint8_t>& bytes)
{
    Message msg;
    if (!msg.Decode(bytes))
    {
        NS_LOG_WARN("VmmcDaemon: a malformed message of " << bytes.size() << " bytes from host "
                                                          << srcHost);
        return;
    }
    switch (msg.op)
    {
    case IMPORT_REQUEST: {
        Message answer;
        answer.op = IMPORT_ANSWER;
        answer.request = msg.request;
        answer.granted = GrantImport(msg.id, srcHost, answer.address, answer.bytes);
        Send(srcHost, 0, answer.Encode());
        return;
    }
    case IMPORT_ANSWER: {
        auto it = m_importRequests.find(msg.request);
        if (it == m_importRequests.end())
        {
            return;
        }
        ImportAnswer done = it->second;
        m_importRequests.erase(it);
        done(msg.granted, msg.address, msg.bytes);
        return;
    }
    case UNIMPORT:
        ForgetImport(msg.id, srcHost);
        return;
    case FENCE_REQUEST: {
        // An exporter is destroying a buffer this host imported: fence what this host has
        // sent it, then say so.
        const uint32_t request = msg.request;
        Fence(srcHost, MakeSanCallback<void>([this, srcHost, request]() {
                  Message done;
                  done.op = FENCE_DONE;
                  done.request = request;
                  Send(srcHost, 0, done.Encode());
              }));
        return;
    }
    case FENCE_DONE: {
        auto it = m_fenceWaits.find(msg.request);
        if (it != m_fenceWaits.end())
        {
            std::function<void()> one = it->second;
            one();
        }
        return;
    }
    default:
        NS_LOG_WARN("VmmcDaemon: an unknown message " << int(msg.op) << " from host " << srcHost);
    }
}

void
VmmcDaemon::RequestImport(uint32_t host, uint32_t id, ImportAnswer done)
{
    if (!HasPeer(host))
    {
        done(false, 0, 0);
        return;
    }
    const uint32_t request = m_nextRequest++;
    m_importRequests[request] = done;
    Message msg;
    msg.op = IMPORT_REQUEST;
    msg.request = request;
    msg.id = id;
    Send(host, 0, msg.Encode());
}

void
VmmcDaemon::ReleaseImport(uint32_t host, uint32_t id)
{
    Message msg;
    msg.op = UNIMPORT;
    msg.id = id;
    Send(host, 0, msg.Encode());
}

void
VmmcDaemon::Post(uint32_t host, uint32_t port, const std::vector<uint8_t>& data)
{
    NS_ABORT_MSG_IF(port < FIRST_LIBRARY_PORT,
                    "VmmcDaemon::Post: port " << port << " is the daemons' own (use "
                                              << FIRST_LIBRARY_PORT << " or above)");
    NS_ABORT_MSG_IF(!HasPeer(host), "VmmcDaemon::Post: host " << host << " runs no SHRIMP daemon");
    Send(host, port, data);
}

void
VmmcDaemon::Listen(uint32_t port, PostHandler handler)
{
    NS_ABORT_MSG_IF(port < FIRST_LIBRARY_PORT,
                    "VmmcDaemon::Listen: port " << port << " is the daemons' own (use "
                                                << FIRST_LIBRARY_PORT << " or above)");
    NS_ABORT_MSG_IF(m_listeners.count(port),
                    "VmmcDaemon::Listen: port " << port << " already has a listener");
    m_listeners[port] = handler;
}

void
VmmcDaemon::StopListening(uint32_t port)
{
    m_listeners.erase(port);
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
        m_exportPages.Set(p, id);
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
                m_exportPages.Clear(p);
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
    // Every importer's daemon fences the packets it has sent here and answers; the pages
    // are disabled once all have answered.
    const uint32_t request = m_nextRequest++;
    auto left = std::make_shared<uint32_t>(hosts.size());
    m_fenceWaits[request] = [this, request, left, finish]() {
        if (--*left == 0)
        {
            m_fenceWaits.erase(request);
            finish();
        }
    };
    Message msg;
    msg.op = FENCE_REQUEST;
    msg.request = request;
    for (uint32_t h : hosts)
    {
        Send(h, 0, msg.Encode());
    }
}

void
VmmcDaemon::SetPageInterrupt(uint64_t page, bool on)
{
    const std::optional<ShrimpIncomingEntry> e = m_device->FindIncomingEntry(page);
    NS_ABORT_MSG_IF(!e, "VmmcDaemon::SetPageInterrupt: page " << page << " is not exported");
    ShrimpIncomingEntry n = *e;
    n.interrupt = on;
    m_device->SetIncomingEntry(page, n);
}

bool
VmmcDaemon::GetPageInterrupt(uint64_t page) const
{
    const std::optional<ShrimpIncomingEntry> e = m_device->FindIncomingEntry(page);
    return e && e->interrupt;
}

uint32_t
VmmcDaemon::GetExportOfPage(uint64_t page) const
{
    const std::optional<uint32_t> id = m_exportPages.Find(page);
    return id ? *id : 0;
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
    const std::optional<uint32_t> id = m_exportPages.Find(address / m_device->GetPageBytes());
    if (!id)
    {
        return; // no longer exported
    }
    const uint32_t exportId = *id;
    auto e = m_exports.find(exportId);
    if (e != m_exports.end() && e->second.owner)
    {
        e->second.owner->Notify(exportId, address);
    }
}

} // namespace ns3
