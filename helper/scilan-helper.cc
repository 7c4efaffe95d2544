/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-helper.h"

#include "sci-helper.h"

#include "ns3/abort.h"
#include "ns3/sci-net-device.h"
#include "ns3/scilan-datagram-socket.h"
#include "ns3/scilan-socket-factory.h"
#include "ns3/scilan-stack.h"

namespace ns3
{

ScilanHelper::ScilanHelper()
    : m_cluster(Create<ScilanCluster>())
{
    m_stack.SetTypeId(ScilanStack::GetTypeId());
}

void
ScilanHelper::SetStackAttribute(std::string name, const AttributeValue& value)
{
    m_stack.Set(name, value);
}

void
ScilanHelper::SetReplaceUdp(bool replace)
{
    m_replaceUdp = replace;
}

void
ScilanHelper::Install(const NodeContainer& hosts)
{
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<Node> node = hosts.Get(i);
        Ptr<SciNetDevice> nic = SciHelper::GetDevice(node);
        NS_ABORT_MSG_IF(nic == nullptr,
                        "ScilanHelper: node " << node->GetId()
                                              << " has no SCI adapter (install SciHelper first)");
        NS_ABORT_MSG_IF(node->GetObject<ScilanStack>() != nullptr,
                        "ScilanHelper: node " << node->GetId() << " has SCILAN already");
        const uint32_t k = m_next++;
        NS_ABORT_MSG_IF(k >= 254 * 256, "ScilanHelper: more hosts than 192.168.0.0/16 holds");
        const Ipv4Address address((192u << 24) | (168u << 16) | ((k / 254) << 8) | (k % 254 + 1));
        Ptr<ScilanStack> stack = m_stack.Create<ScilanStack>();
        stack->Setup(node, nic, address, m_cluster);
        Ptr<ScilanSocketFactory> factory = CreateObject<ScilanSocketFactory>();
        factory->SetStack(stack);
        node->AggregateObject(stack);
        node->AggregateObject(factory);
        if (m_replaceUdp)
        {
            NS_ABORT_MSG_IF(node->GetObject<UdpSocketFactory>() != nullptr,
                            "ScilanHelper: node " << node->GetId()
                                                  << " has a UDP already (ReplaceUdp is for "
                                                     "hosts without ns-3's internet stack)");
            Ptr<ScilanUdpSocketFactory> udp = CreateObject<ScilanUdpSocketFactory>();
            udp->SetStack(stack);
            node->AggregateObject(udp);
        }
    }
}

Ipv4Address
ScilanHelper::GetAddress(Ptr<Node> node)
{
    Ptr<ScilanStack> stack = node->GetObject<ScilanStack>();
    NS_ABORT_MSG_IF(stack == nullptr, "ScilanHelper: node " << node->GetId() << " has no SCILAN");
    return stack->GetAddress();
}

} // namespace ns3
