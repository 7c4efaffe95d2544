/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ip-transport.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanIpTransport");

NS_OBJECT_ENSURE_REGISTERED(SanIpTransport);

TypeId
SanIpTransport::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanIpTransport").SetParent<Object>().SetGroupName("San");
    return tid;
}

SanIpTransport::~SanIpTransport()
{
    NS_LOG_FUNCTION(this);
}

} // namespace ns3
