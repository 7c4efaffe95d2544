/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-ip-nic-costs.h"

#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanIpNicCosts");

NS_OBJECT_ENSURE_REGISTERED(ClanIpNicCosts);

TypeId
ClanIpNicCosts::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanIpNicCosts")
            .SetParent<HostNicDriverCosts>()
            .SetGroupName("San")
            .AddConstructor<ClanIpNicCosts>()
            // ASSUMED: the device's hard_start_xmit glue (statistics, hand the sk_buff to the
            // transport, which charges its queue and DMA work itself): about 100 instructions.
            .AddAttribute("TransmitInstructions",
                          "Driver instructions per packet sent (besides the transport's).",
                          DoubleValue(100),
                          MakeDoubleAccessor(&ClanIpNicCosts::m_transmitInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: wrap the buffer in an sk_buff and netif_rx (the transport charges its
            // queue work; the interrupt is the Tripwire's): about 150 instructions.
            .AddAttribute("ReceiveInstructions",
                          "Driver instructions per packet received (besides the transport's).",
                          DoubleValue(150),
                          MakeDoubleAccessor(&ClanIpNicCosts::m_receiveInstructions),
                          MakeDoubleChecker<double>(0));
    return tid;
}

ClanIpNicCosts::ClanIpNicCosts()
{
    NS_LOG_FUNCTION(this);
    m_ownIo = true; // ClanIpTransport does the DMA and takes the interrupts
}

std::string
ClanIpNicCosts::GetName() const
{
    return "clan-ip";
}

} // namespace ns3
