/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-stack-costs.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostStackCosts");

NS_OBJECT_ENSURE_REGISTERED(HostStackCosts);

TypeId
HostStackCosts::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HostStackCosts").SetParent<Object>().SetGroupName("San");
    return tid;
}

HostStackCosts::HostStackCosts()
{
    NS_LOG_FUNCTION(this);
}

HostStackCosts::~HostStackCosts()
{
    NS_LOG_FUNCTION(this);
}

double
HostStackCosts::GetSocketCallInstructions() const
{
    return m_socketCallInstructions;
}

double
HostStackCosts::GetProtocolInstructions() const
{
    return m_protocolInstructions;
}

double
HostStackCosts::GetSoftIrqInstructions() const
{
    return m_softIrqInstructions;
}

double
HostStackCosts::GetCopyRate() const
{
    return m_copyRate;
}

double
HostStackCosts::GetChecksumRate() const
{
    return m_checksumRate;
}

double
HostStackCosts::GetSelectInstructionsPerSocket() const
{
    return m_selectPerSocket;
}

Time
HostStackCosts::CopyTime(uint64_t bytes) const
{
    NS_ABORT_MSG_IF(!(m_copyRate > 0), "HostStackCosts: copy rate must be > 0");
    return Seconds(static_cast<double>(bytes) / m_copyRate);
}

Time
HostStackCosts::ChecksumTime(uint64_t bytes) const
{
    NS_ABORT_MSG_IF(!(m_checksumRate > 0), "HostStackCosts: checksum rate must be > 0");
    return Seconds(static_cast<double>(bytes) / m_checksumRate);
}

void
HostStackCosts::SetSocketCallInstructions(double instructions)
{
    NS_ABORT_MSG_IF(!(instructions >= 0), "HostStackCosts: negative socket-call instructions");
    m_socketCallInstructions = instructions;
}

void
HostStackCosts::SetProtocolInstructions(double instructions)
{
    NS_ABORT_MSG_IF(!(instructions >= 0), "HostStackCosts: negative protocol instructions");
    m_protocolInstructions = instructions;
}

void
HostStackCosts::SetSoftIrqInstructions(double instructions)
{
    NS_ABORT_MSG_IF(!(instructions >= 0), "HostStackCosts: negative soft-IRQ instructions");
    m_softIrqInstructions = instructions;
}

void
HostStackCosts::SetCopyRate(double bytesPerSecond)
{
    NS_ABORT_MSG_IF(!(bytesPerSecond > 0 && std::isfinite(bytesPerSecond)),
                    "HostStackCosts: copy rate must be finite and > 0, not " << bytesPerSecond);
    m_copyRate = bytesPerSecond;
}

void
HostStackCosts::SetChecksumRate(double bytesPerSecond)
{
    NS_ABORT_MSG_IF(!(bytesPerSecond > 0 && std::isfinite(bytesPerSecond)),
                    "HostStackCosts: checksum rate must be finite and > 0, not " << bytesPerSecond);
    m_checksumRate = bytesPerSecond;
}

HostStackCosts::WindowUpdateRule
HostStackCosts::GetWindowUpdateRule() const
{
    return m_windowUpdate;
}

Ptr<const AttributeChecker>
HostStackCosts::MakeWindowUpdateChecker()
{
    return MakeEnumChecker(BSD_WINDOW_UPDATE, "Bsd", LINUX_WINDOW_UPDATE, "Linux");
}

std::string
HostStackCosts::GetName() const
{
    return "custom";
}

} // namespace ns3
