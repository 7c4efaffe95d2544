/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "nx-group.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxGroup");

NS_OBJECT_ENSURE_REGISTERED(NxGroup);

TypeId
NxGroup::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NxGroup")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<NxGroup>()
            .AddAttribute("AnnounceReady",
                          "Each process, once it has imported every peer's chunks, posts every "
                          "peer a ready message and starts once it has heard from each; only "
                          "this MPI rank's processes take part (a run cut over ranks, where no "
                          "launcher sees every process). False: the launcher reports the "
                          "program started once every pair is connected.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NxGroup::m_announce),
                          MakeBooleanChecker());
    return tid;
}

NxGroup::NxGroup()
{
    m_factory.SetTypeId(NxProcess::GetTypeId());
}

NxGroup::~NxGroup() = default;

void
NxGroup::DoDispose()
{
    StopListening();
    m_whenReady.clear();
    m_startup.clear();
    m_readyCallback = Callback<void>();
    for (auto& p : m_processes)
    {
        p->Dispose();
    }
    m_processes.clear();
    Object::DoDispose();
}

void
NxGroup::SetProcessAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

void
NxGroup::Create(const std::vector<Ptr<VmmcEndpoint>>& endpoints)
{
    NS_ABORT_MSG_IF(endpoints.size() < 2, "NxGroup::Create: an NX program needs two processes");
    NS_ABORT_MSG_IF(!m_processes.empty(), "NxGroup::Create: called twice");
    const uint32_t n = static_cast<uint32_t>(endpoints.size());
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<NxProcess> p = m_factory.Create<NxProcess>();
        p->Setup(endpoints[i], i, n);
        m_processes.push_back(p);
    }
}

void
NxGroup::Initialize(Callback<void> ready)
{
    NS_ABORT_MSG_IF(m_processes.empty(), "NxGroup::Initialize: no processes (Create)");
    NS_ABORT_MSG_IF(!m_ports.empty(), "NxGroup::Initialize: called twice");
    const uint32_t n = GetN();
    for (const auto& p : m_processes)
    {
        m_hosts.push_back(p->GetEndpoint()->GetHostNumber());
    }
    // Each process listens on its own port of its daemon; an exporter posts each peer the id
    // of the chunk it exported for it, and the peer imports it when the message arrives.
    static uint32_t nextPort = VmmcDaemon::FIRST_LIBRARY_PORT;
    auto connected = std::make_shared<uint32_t>(n * (n - 1));
    for (uint32_t i = 0; i < n; ++i)
    {
        m_ports.push_back(nextPort++);
    }
    if (m_announce)
    {
        m_startup.assign(n, Startup{n - 1, n - 1, false, {}});
        m_readyCallback = ready;
        for (uint32_t i = 0; i < n; ++i)
        {
            m_localLeft += IsLocal(i) ? 1 : 0;
        }
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        if (m_announce && !IsLocal(i))
        {
            continue;
        }
        m_processes[i]->GetEndpoint()->Listen(
            m_ports[i],
            VmmcDaemon::PostHandler(
                [this, i, n, connected, ready](uint32_t srcHost, std::vector<uint8_t> msg) {
                    // A chunk's id: (rank, id); AnnounceReady's "ready": (rank).
                    const bool isReady = m_announce && msg.size() == 4;
                    NS_ABORT_MSG_IF(msg.size() != 8 && !isReady,
                                    "NxGroup: a malformed start-up message");
                    const uint32_t from = HostWords::Load32(msg.data());
                    NS_ABORT_MSG_IF(from >= n || m_hosts[from] != srcHost,
                                    "NxGroup: a start-up message from rank " << from << " on host "
                                                                             << srcHost);
                    if (isReady)
                    {
                        NS_ABORT_MSG_IF(m_startup[i].readyLeft == 0,
                                        "NxGroup: rank " << i << " heard ready too often");
                        --m_startup[i].readyLeft;
                        MaybeStarted(i);
                        return;
                    }
                    const uint32_t id = HostWords::Load32(msg.data() + 4);
                    m_processes[i]->ConnectTo(from,
                                              srcHost,
                                              id,
                                              MakeSanCallback<void>([this, i, connected, ready]() {
                                                  if (m_announce)
                                                  {
                                                      if (--m_startup[i].importsLeft == 0)
                                                      {
                                                          Imported(i);
                                                      }
                                                      return;
                                                  }
                                                  if (--*connected == 0)
                                                  {
                                                      AllConnected(ready);
                                                  }
                                              }));
                }));
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        if (m_announce && !IsLocal(i))
        {
            continue;
        }
        m_processes[i]->ExportChunks(
            m_hosts,
            MakeSanCallback<void, std::vector<uint32_t>>([this, i, n](std::vector<uint32_t> ids) {
                for (uint32_t j = 0; j < n; ++j)
                {
                    if (j == i)
                    {
                        continue;
                    }
                    std::vector<uint8_t> msg(8);
                    HostWords::Store32(msg.data(), i);
                    HostWords::Store32(msg.data() + 4, ids[j]);
                    m_processes[i]->GetEndpoint()->Post(m_hosts[j], m_ports[j], msg);
                }
            }));
    }
}

namespace
{

/// Call every callback in \p waiting, emptied first (a callback may wait again).
void
CallAll(std::vector<Callback<void>>& waiting)
{
    std::vector<Callback<void>> now;
    now.swap(waiting);
    for (const auto& cb : now)
    {
        cb();
    }
}

} // namespace

void
NxGroup::AllConnected(Callback<void> ready)
{
    StopListening();
    GroupReady(ready);
}

void
NxGroup::GroupReady(Callback<void> ready)
{
    m_ready = true;
    if (!ready.IsNull())
    {
        ready();
    }
    CallAll(m_whenReady);
}

void
NxGroup::Imported(uint32_t i)
{
    for (uint32_t j = 0; j < GetN(); ++j)
    {
        if (j != i)
        {
            std::vector<uint8_t> msg(4);
            HostWords::Store32(msg.data(), i);
            m_processes[i]->GetEndpoint()->Post(m_hosts[j], m_ports[j], msg);
        }
    }
    MaybeStarted(i);
}

void
NxGroup::MaybeStarted(uint32_t i)
{
    Startup& s = m_startup[i];
    if (s.started || s.importsLeft > 0 || s.readyLeft > 0)
    {
        return;
    }
    s.started = true;
    NS_LOG_LOGIC("rank " << i << " started");
    m_processes[i]->GetEndpoint()->StopListening(m_ports[i]);
    CallAll(s.whenReady);
    if (--m_localLeft == 0)
    {
        Callback<void> ready = m_readyCallback;
        m_readyCallback = Callback<void>();
        GroupReady(ready);
    }
}

bool
NxGroup::IsLocal(uint32_t i) const
{
    Ptr<Node> node = m_processes[i]->GetEndpoint()->GetDaemon()->GetObject<Node>();
    return node == nullptr || node->GetSystemId() == Simulator::GetSystemId();
}

bool
NxGroup::IsReady(uint32_t rank) const
{
    if (!m_announce)
    {
        return m_ready;
    }
    return rank < m_startup.size() && m_startup[rank].started;
}

void
NxGroup::WhenReady(uint32_t rank, Callback<void> ready)
{
    if (!m_announce)
    {
        WhenReady(ready);
        return;
    }
    NS_ABORT_MSG_IF(rank >= m_startup.size(),
                    "NxGroup::WhenReady: rank " << rank
                                                << " of a program not initialized or smaller");
    if (m_startup[rank].started)
    {
        ready();
        return;
    }
    m_startup[rank].whenReady.push_back(ready);
}

bool
NxGroup::IsReady() const
{
    return m_ready;
}

void
NxGroup::WhenReady(Callback<void> ready)
{
    if (m_ready)
    {
        ready();
        return;
    }
    m_whenReady.push_back(ready);
}

void
NxGroup::StopListening()
{
    for (uint32_t i = 0; i < m_ports.size() && i < m_processes.size(); ++i)
    {
        if (m_processes[i]->GetEndpoint())
        {
            m_processes[i]->GetEndpoint()->StopListening(m_ports[i]);
        }
    }
}

Ptr<NxProcess>
NxGroup::Get(uint32_t rank) const
{
    NS_ABORT_MSG_IF(rank >= m_processes.size(), "NxGroup::Get: no rank " << rank);
    return m_processes[rank];
}

uint32_t
NxGroup::GetN() const
{
    return static_cast<uint32_t>(m_processes.size());
}

} // namespace ns3
