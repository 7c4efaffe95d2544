/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-ndis-nic-costs.h"

#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciNdisNicCosts");

NS_OBJECT_ENSURE_REGISTERED(SciNdisNicCosts);

TypeId
SciNdisNicCosts::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SciNdisNicCosts")
            .SetParent<HostNicDriverCosts>()
            .SetGroupName("San")
            .AddConstructor<SciNdisNicCosts>()
            // ASSUMED: the miniport's send handler (take the NDIS packet, walk its buffer
            // chain, hand it to the SCI transport): about 300 instructions.
            .AddAttribute("TransmitInstructions",
                          "Driver instructions per packet sent (besides the transport's).",
                          DoubleValue(300),
                          MakeDoubleAccessor(&SciNdisNicCosts::m_transmitInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: NdisMIndicateReceivePacket and its bookkeeping: about 300 instructions.
            .AddAttribute("ReceiveInstructions",
                          "Driver instructions per packet received (besides the transport's).",
                          DoubleValue(300),
                          MakeDoubleAccessor(&SciNdisNicCosts::m_receiveInstructions),
                          MakeDoubleChecker<double>(0));
    return tid;
}

SciNdisNicCosts::SciNdisNicCosts()
{
    m_ownIo = true; // SciIpTransport copies the packets and takes the interrupts
}

std::string
SciNdisNicCosts::GetName() const
{
    return "sci-ndis";
}

} // namespace ns3
