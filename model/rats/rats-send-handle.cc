/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-send-handle.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsSendHandle");

RatsSendHandle::RatsSendHandle()
    : m_status(PENDING),
      m_error(NONE),
      m_time(Simulator::Now())
{
}

RatsSendHandle::Status
RatsSendHandle::GetStatus() const
{
    return m_status;
}

RatsSendHandle::Error
RatsSendHandle::GetError() const
{
    return m_error;
}

bool
RatsSendHandle::IsDone() const
{
    return m_status == SENT || m_status == ERROR;
}

Time
RatsSendHandle::GetStatusTime() const
{
    return m_time;
}

void
RatsSendHandle::SetStatus(Status status)
{
    if (IsDone() || status == m_status || (m_status == COPIED && status == PENDING))
    {
        return;
    }
    NS_LOG_FUNCTION(this << GetStatusName(status));
    m_status = status;
    m_time = Simulator::Now();
    if (!m_changed.IsNull())
    {
        m_changed(status);
    }
}

void
RatsSendHandle::Fail(Error error)
{
    if (IsDone())
    {
        return;
    }
    m_error = error;
    SetStatus(ERROR);
}

void
RatsSendHandle::SetStatusCallback(Callback<void, Status> cb)
{
    m_changed = cb;
}

const char*
RatsSendHandle::GetStatusName(Status status)
{
    switch (status)
    {
    case PENDING:
        return "pending";
    case COPIED:
        return "copied";
    case SENT:
        return "sent";
    case ERROR:
        return "error";
    }
    return "?";
}

} // namespace ns3
