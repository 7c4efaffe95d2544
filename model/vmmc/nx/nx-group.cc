/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "nx-group.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/log.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxGroup");

NS_OBJECT_ENSURE_REGISTERED(NxGroup);

TypeId
NxGroup::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NxGroup").SetParent<Object>().SetGroupName("San").AddConstructor<NxGroup>();
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
    std::vector<uint32_t> hosts;
    for (const auto& p : m_processes)
    {
        hosts.push_back(p->GetEndpoint()->GetHostNumber());
    }
    // Each process listens on its own port of its daemon; an exporter posts each peer the id
    // of the chunk it exported for it, and the peer imports it when the message arrives.
    static uint32_t nextPort = VmmcDaemon::FIRST_LIBRARY_PORT;
    auto connected = std::make_shared<uint32_t>(n * (n - 1));
    for (uint32_t i = 0; i < n; ++i)
    {
        m_ports.push_back(nextPort++);
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        m_processes[i]->GetEndpoint()->Listen(
            m_ports[i],
            VmmcDaemon::PostHandler(
                [this, i, n, hosts, connected, ready](uint32_t srcHost, std::vector<uint8_t> msg) {
                    NS_ABORT_MSG_IF(msg.size() != 8, "NxGroup: a malformed start-up message");
                    const uint32_t from = HostWords::Load32(msg.data());
                    const uint32_t id = HostWords::Load32(msg.data() + 4);
                    NS_ABORT_MSG_IF(from >= n || hosts[from] != srcHost,
                                    "NxGroup: a start-up message from rank " << from << " on host "
                                                                             << srcHost);
                    m_processes[i]->ConnectTo(from,
                                              srcHost,
                                              id,
                                              Callback<void>([this, connected, ready]() {
                                                  if (--*connected > 0)
                                                  {
                                                      return;
                                                  }
                                                  StopListening();
                                                  m_ready = true;
                                                  if (!ready.IsNull())
                                                  {
                                                      ready();
                                                  }
                                                  std::vector<Callback<void>> waiting;
                                                  waiting.swap(m_whenReady);
                                                  for (const auto& cb : waiting)
                                                  {
                                                      cb();
                                                  }
                                              }));
                }));
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        m_processes[i]->ExportChunks(
            hosts,
            Callback<void, std::vector<uint32_t>>([this, i, n, hosts](std::vector<uint32_t> ids) {
                for (uint32_t j = 0; j < n; ++j)
                {
                    if (j == i)
                    {
                        continue;
                    }
                    std::vector<uint8_t> msg(8);
                    HostWords::Store32(msg.data(), i);
                    HostWords::Store32(msg.data() + 4, ids[j]);
                    m_processes[i]->GetEndpoint()->Post(hosts[j], m_ports[j], msg);
                }
            }));
    }
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
