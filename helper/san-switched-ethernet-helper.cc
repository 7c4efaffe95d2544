/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switched-ethernet-helper.h"

#include "ns3/abort.h"
#include "ns3/node.h"
#include "ns3/san-distributed.h"
#include "ns3/san-ip-net-device.h"
#include "ns3/san-switched-ethernet.h"

#ifdef NS3_MPI
#include "ns3/mpi-receiver.h"
#endif

#include <set>

namespace ns3
{

SanSwitchedEthernetHelper::SanSwitchedEthernetHelper()
{
    m_channel.SetTypeId("ns3::SanSwitchedEthernet");
    m_device.SetTypeId("ns3::SanIpNetDevice");
}

void
SanSwitchedEthernetHelper::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channel.Set(name, value);
}

void
SanSwitchedEthernetHelper::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_device.Set(name, value);
}

NetDeviceContainer
SanSwitchedEthernetHelper::Install(const NodeContainer& hosts)
{
    NS_ABORT_MSG_IF(hosts.GetN() < 2,
                    "SanSwitchedEthernetHelper: " << hosts.GetN() << " hosts (at least 2)");
    Ptr<SanSwitchedEthernet> lan = m_channel.Create<SanSwitchedEthernet>();
    NetDeviceContainer devices;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<SanEthernetIpTransport> port = CreateObject<SanEthernetIpTransport>();
        lan->Attach(port);
        Ptr<SanIpNetDevice> device = m_device.Create<SanIpNetDevice>();
        hosts.Get(i)->AddDevice(device);
        device->SetTransport(port);
        port->SetDevice(device);
        devices.Add(device);
    }
    DeclareToEngines(lan);
    m_built = lan;
    return devices;
}

void
SanSwitchedEthernetHelper::DeclareToEngines(Ptr<SanSwitchedEthernet> lan)
{
    if (SanDistributed::GetSize() < 2)
    {
        return;
    }
    const uint32_t rank = SanDistributed::GetRank();
    std::set<uint32_t> others; // ranks with hosts on it, besides this one
    bool mine = false;
    for (uint32_t i = 0; i < lan->GetNPorts(); ++i)
    {
        Ptr<SanEthernetIpTransport> port = lan->GetPort(i);
        Ptr<NetDevice> device = port->GetDevice();
        const uint32_t r = device->GetNode()->GetSystemId();
        if (r != rank)
        {
            others.insert(r);
            continue;
        }
        mine = true;
#ifdef NS3_MPI
        // Frames from other ranks arrive through the device's receiver (ns-3's MPI engines
        // address a message to a node's device by its interface index).
        if (device->GetObject<MpiReceiver>() == nullptr)
        {
            Ptr<MpiReceiver> receiver = CreateObject<MpiReceiver>();
            receiver->SetReceiveCallback(
                MakeCallback(&SanEthernetIpTransport::ArriveAtSwitch, PeekPointer(port)));
            device->AggregateObject(receiver);
        }
#endif
    }
    if (!mine || others.empty())
    {
        return;
    }
    const Time lead = lan->GetLead();
    NS_ABORT_MSG_IF(!lead.IsStrictlyPositive(),
                    "SanSwitchedEthernetHelper: frames to other ranks need a lead (a Delay, or a "
                    "DataRate at which a frame takes time)");
    SanDistributed::BoundLookahead(lead);
    for (uint32_t r : others)
    {
        SanDistributed::DeclareCutLink(lan, r, lead);
    }
}

Ptr<SanSwitchedEthernet>
SanSwitchedEthernetHelper::GetEthernet() const
{
    return m_built;
}

} // namespace ns3
