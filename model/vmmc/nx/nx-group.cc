/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "nx-group.h"

#include "ns3/abort.h"
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
    const uint32_t n = GetN();
    std::vector<uint32_t> hosts;
    for (const auto& p : m_processes)
    {
        hosts.push_back(p->GetEndpoint()->GetHostNumber());
    }
    m_ids.assign(n, std::vector<uint32_t>(n, 0));
    auto exported = std::make_shared<uint32_t>(n);
    auto connected = std::make_shared<uint32_t>(n * (n - 1));
    for (uint32_t i = 0; i < n; ++i)
    {
        m_processes[i]->ExportChunks(
            hosts,
            Callback<void, std::vector<uint32_t>>(
                [this, i, n, hosts, exported, connected, ready](std::vector<uint32_t> ids) {
                    m_ids[i] = ids;
                    if (--*exported > 0)
                    {
                        return;
                    }
                    for (uint32_t a = 0; a < n; ++a)
                    {
                        for (uint32_t b = 0; b < n; ++b)
                        {
                            if (a == b)
                            {
                                continue;
                            }
                            m_processes[a]->ConnectTo(b,
                                                      hosts[b],
                                                      m_ids[b][a],
                                                      Callback<void>([connected, ready]() {
                                                          if (--*connected == 0 && !ready.IsNull())
                                                          {
                                                              ready();
                                                          }
                                                      }));
                        }
                    }
                }));
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
