/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ping-pong-helper.h"

#include "ns3/san-ping-pong.h"

namespace ns3
{

SanPingPongHelper::SanPingPongHelper(const std::string& messengerType)
    : SanPairWorkloadHelper("SanPingPongHelper",
                            messengerType,
                            SanPingPongServer::GetTypeId(),
                            SanPingPongClient::GetTypeId())
{
}

} // namespace ns3
