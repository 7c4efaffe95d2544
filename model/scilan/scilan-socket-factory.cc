/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-socket-factory.h"

#include "scilan-stack.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanSocketFactory");

NS_OBJECT_ENSURE_REGISTERED(ScilanSocketFactory);

TypeId
ScilanSocketFactory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScilanSocketFactory").SetParent<SocketFactory>().SetGroupName("San");
    return tid;
}

void
ScilanSocketFactory::SetStack(Ptr<ScilanStack> stack)
{
    m_stack = stack;
}

Ptr<Socket>
ScilanSocketFactory::CreateSocket()
{
    NS_ABORT_MSG_IF(m_stack == nullptr,
                    "ScilanSocketFactory: the node has no SCILAN (install it with ScilanHelper)");
    return m_stack->CreateSocket();
}

void
ScilanSocketFactory::DoDispose()
{
    m_stack = nullptr;
    SocketFactory::DoDispose();
}

} // namespace ns3
