/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-stream-helper.h"

#include "ns3/san-stream.h"

namespace ns3
{

SanStreamHelper::SanStreamHelper(const std::string& messengerType)
    : SanPairWorkloadHelper("SanStreamHelper",
                            messengerType,
                            SanStreamSink::GetTypeId(),
                            SanStreamSender::GetTypeId())
{
}

} // namespace ns3
