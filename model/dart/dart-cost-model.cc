/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-cost-model.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartCostModel");

NS_OBJECT_ENSURE_REGISTERED(DartCostModel);

TypeId
DartCostModel::GetTypeId()
{
    // No attribute here: each preset declares its values with their sources.
    static TypeId tid =
        TypeId("ns3::DartCostModel").SetParent<SanNicCostModel>().SetGroupName("San");
    return tid;
}

DartCostModel::DartCostModel()
    : m_engine(CARD_PROCESSOR),
      m_linkRate(DataRate("155Mbps")),
      m_sendWork(0),
      m_sendCellWork(0),
      m_fifoCellBytes(0),
      m_receiveWork(0),
      m_primitiveWork(0),
      m_receiveCellWork(0),
      m_depositWork(0),
      m_replyWork(0),
      m_tlbMiss(0),
      m_exception(0)
{
}

DartCostModel::~DartCostModel() = default;

DartCostModel::Engine
DartCostModel::GetEngine() const
{
    return m_engine;
}

DataRate
DartCostModel::GetLinkRate() const
{
    return m_linkRate;
}

double
DartCostModel::GetSendWork() const
{
    return m_sendWork;
}

double
DartCostModel::GetSendCellWork() const
{
    return m_sendCellWork;
}

uint32_t
DartCostModel::GetFifoCellBytes() const
{
    return m_fifoCellBytes;
}

double
DartCostModel::GetReceiveWork() const
{
    return m_receiveWork;
}

double
DartCostModel::GetPrimitiveWork() const
{
    return m_primitiveWork;
}

double
DartCostModel::GetReceiveCellWork() const
{
    return m_receiveCellWork;
}

double
DartCostModel::GetDepositWork() const
{
    return m_depositWork;
}

double
DartCostModel::GetReplyWork() const
{
    return m_replyWork;
}

double
DartCostModel::GetTlbMissInstructions() const
{
    return m_tlbMiss;
}

double
DartCostModel::GetExceptionInstructions() const
{
    return m_exception;
}

} // namespace ns3
