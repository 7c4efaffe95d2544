/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-transactions.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciTransactions");

void
SciTransactions::Setup(TransmitCallback transmit,
                       Callback<void, uint16_t, uint32_t> retried,
                       Callback<void> echoed)
{
    m_transmit = transmit;
    m_retried = retried;
    m_echoed = echoed;
}

void
SciTransactions::SetMaxOutstanding(uint32_t n)
{
    m_maxOutstanding = n;
}

uint32_t
SciTransactions::GetMaxOutstanding() const
{
    return m_maxOutstanding;
}

void
SciTransactions::QueueWrite(uint16_t node,
                            const SciHeader& header,
                            Ptr<Packet> data,
                            Callback<void> echoed)
{
    m_waiting.push_back(Request{node, header, data, echoed});
    SendNext();
}

uint16_t
SciTransactions::NewTransaction() const
{
    uint16_t id = m_nextTransaction;
    while (m_outstanding.count(id) != 0 || m_loads.count(id) != 0)
    {
        ++id;
    }
    return id;
}

void
SciTransactions::SendNext()
{
    while (!m_waiting.empty() && m_outstanding.size() < m_maxOutstanding)
    {
        Request r = m_waiting.front();
        m_waiting.pop_front();
        const uint16_t id = NewTransaction();
        m_nextTransaction = id + 1;
        r.header.SetTransaction(id);
        ++m_requestsSent;
        m_transmit(r.node, r.header, r.data);
        m_outstanding.emplace(id, r);
    }
    if (!m_resume.empty() && HasRoom())
    {
        std::vector<Callback<void>> resume;
        resume.swap(m_resume);
        for (auto& r : resume)
        {
            r();
        }
    }
}

void
SciTransactions::StartLoad(uint16_t node, SciHeader header, uint32_t len, ReadCallback done)
{
    const uint16_t id = NewTransaction();
    m_nextTransaction = id + 1;
    m_loads.emplace(id, PendingLoad{len, done});
    header.SetTransaction(id);
    m_transmit(node, header, nullptr);
}

bool
SciTransactions::TakeResponse(uint16_t transaction, uint32_t& len, ReadCallback& done)
{
    auto it = m_loads.find(transaction);
    if (it == m_loads.end())
    {
        return false;
    }
    len = it->second.len;
    done = it->second.done;
    m_loads.erase(it);
    return true;
}

void
SciTransactions::EchoReceived(const SciHeader& h)
{
    auto it = m_outstanding.find(h.GetTransaction());
    if (it == m_outstanding.end())
    {
        return; // a stale echo
    }
    if (h.GetStatus() == SciHeader::RETRY)
    {
        // SCI's hardware retry: the same request again; nothing reaches software.
        ++m_retries;
        m_retried(it->second.node, it->second.data->GetSize());
        m_transmit(it->second.node, it->second.header, it->second.data);
        return;
    }
    if (h.GetStatus() == SciHeader::ERROR)
    {
        ++m_errors;
        m_failed = true;
    }
    Callback<void> echoed = it->second.echoed;
    m_outstanding.erase(it);
    SendNext();
    if (!echoed.IsNull())
    {
        echoed();
    }
    m_echoed();
}

bool
SciTransactions::IsQuiet() const
{
    return m_outstanding.empty() && m_waiting.empty();
}

bool
SciTransactions::TakeFailed()
{
    const bool failed = m_failed;
    m_failed = false;
    return failed;
}

bool
SciTransactions::HasRoom() const
{
    return m_waiting.size() < 2;
}

void
SciTransactions::WhenRoom(Callback<void> resume)
{
    m_resume.push_back(resume);
}

uint64_t
SciTransactions::GetRequestsSent() const
{
    return m_requestsSent;
}

uint64_t
SciTransactions::GetRetries() const
{
    return m_retries;
}

uint64_t
SciTransactions::GetErrors() const
{
    return m_errors;
}

void
SciTransactions::Clear()
{
    m_outstanding.clear();
    m_waiting.clear();
    m_loads.clear();
    m_resume.clear();
    m_transmit = TransmitCallback();
    m_retried = Callback<void, uint16_t, uint32_t>();
    m_echoed = Callback<void>();
}

} // namespace ns3
