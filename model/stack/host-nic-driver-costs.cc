/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-nic-driver-costs.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNicDriverCosts");

NS_OBJECT_ENSURE_REGISTERED(HostNicDriverCosts);

TypeId
HostNicDriverCosts::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HostNicDriverCosts").SetParent<Object>().SetGroupName("San");
    return tid;
}

HostNicDriverCosts::HostNicDriverCosts()
{
    NS_LOG_FUNCTION(this);
}

HostNicDriverCosts::~HostNicDriverCosts()
{
    NS_LOG_FUNCTION(this);
}

bool
HostNicDriverCosts::DoesOwnIo() const
{
    return m_ownIo;
}

double
HostNicDriverCosts::GetTransmitInstructions() const
{
    return m_transmitInstructions;
}

double
HostNicDriverCosts::GetReceiveInstructions() const
{
    return m_receiveInstructions;
}

double
HostNicDriverCosts::GetDmaSetupInstructions() const
{
    return m_dmaSetupInstructions;
}

uint32_t
HostNicDriverCosts::GetDescriptorBytes() const
{
    return m_descriptorBytes;
}

uint32_t
HostNicDriverCosts::GetLinkHeaderBytes() const
{
    return m_linkHeaderBytes;
}

Time
HostNicDriverCosts::GetReceiveLatency() const
{
    return m_receiveLatency;
}

Time
HostNicDriverCosts::GetReceiveInterruptDelay() const
{
    return m_receiveInterruptDelay;
}

uint32_t
HostNicDriverCosts::GetReceiveCoalesceFrames() const
{
    return m_receiveCoalesceFrames;
}

bool
HostNicDriverCosts::HasReceiveChecksumOffload() const
{
    return m_receiveChecksumOffload;
}

bool
HostNicDriverCosts::HasTransmitChecksumOffload() const
{
    return m_transmitChecksumOffload;
}

uint32_t
HostNicDriverCosts::GetReceiveCopyBreak() const
{
    return m_receiveCopyBreak;
}

uint32_t
HostNicDriverCosts::GetTransmitStartBytes() const
{
    return m_transmitStartBytes;
}

uint32_t
HostNicDriverCosts::GetReceiveDmaTailBytes() const
{
    return m_receiveDmaTailBytes;
}

bool
HostNicDriverCosts::HasTransmitIdleInterrupt() const
{
    return m_transmitIdleInterrupt;
}

double
HostNicDriverCosts::GetTransmitIdleInstructions() const
{
    return m_transmitIdleInstructions;
}

void
HostNicDriverCosts::SetTransmitInstructions(double instructions)
{
    NS_ABORT_MSG_IF(!(instructions >= 0), "HostNicDriverCosts: negative transmit instructions");
    m_transmitInstructions = instructions;
}

void
HostNicDriverCosts::SetReceiveInstructions(double instructions)
{
    NS_ABORT_MSG_IF(!(instructions >= 0), "HostNicDriverCosts: negative receive instructions");
    m_receiveInstructions = instructions;
}

void
HostNicDriverCosts::SetReceiveInterruptDelay(Time delay)
{
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "HostNicDriverCosts: negative receive interrupt delay " << delay);
    m_receiveInterruptDelay = delay;
}

std::string
HostNicDriverCosts::GetName() const
{
    return "custom";
}

} // namespace ns3
