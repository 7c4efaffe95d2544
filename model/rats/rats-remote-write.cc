/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-remote-write.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsRemoteWrite");

RatsRemoteWriteServer::RatsRemoteWriteServer(Ptr<RatsInterfaceManager> manager, uint32_t bytes)
{
    NS_ABORT_MSG_IF(manager == nullptr || manager->GetHardware() == nullptr,
                    "RatsRemoteWriteServer: needs an interface manager that has been Setup()");
    m_buffer = manager->Malloc(bytes);
    NS_ABORT_MSG_IF(!m_buffer.IsValid(),
                    "RatsRemoteWriteServer: no pinned memory for " << bytes << " bytes");
    m_seed = manager->CreateSlot(m_buffer, HamlynHeader::NO_NOTIFY);
}

RatsTicket
RatsRemoteWriteServer::MakeSeed() const
{
    return m_seed;
}

RatsBuffer
RatsRemoteWriteServer::GetBuffer() const
{
    return m_buffer;
}

RatsRemoteWriteClient::RatsRemoteWriteClient(Ptr<RatsInterfaceManager> manager,
                                             const RatsTicket& seed)
    : m_manager(manager),
      m_seed(seed)
{
    NS_ABORT_MSG_IF(manager == nullptr || manager->GetHardware() == nullptr,
                    "RatsRemoteWriteClient: needs an interface manager that has been Setup()");
    NS_ABORT_MSG_IF(!seed.IsValid(), "RatsRemoteWriteClient: invalid seed " << seed);
}

Ptr<RatsSendHandle>
RatsRemoteWriteClient::Write(uint64_t offset,
                             uint32_t length,
                             uint32_t destOffset,
                             std::function<void()> returned)
{
    RatsTicket t = m_seed;
    if (destOffset >= t.range)
    {
        t.range = 0;
    }
    else
    {
        t.offset += destOffset;
        t.range -= destOffset;
    }
    if (!t.IsValid())
    {
        Ptr<RatsSendHandle> h = Create<RatsSendHandle>();
        h->Fail(RatsSendHandle::TOO_LONG);
        if (returned)
        {
            Simulator::ScheduleNow(returned);
        }
        return h;
    }
    return m_manager->GetHardware()
        ->SendMsg(t, offset, length, {}, m_manager->GetCostTable()->GetTaggedWrite(), {}, returned);
}

std::vector<Ptr<RatsSendHandle>>
RatsRemoteWriteClient::WriteV(const std::vector<Piece>& pieces, std::function<void()> returned)
{
    std::vector<Ptr<RatsSendHandle>> handles;
    // The calls are issued back to back: each piece's sendmsg code queues on the CPU behind
    // the previous one's, as a loop over the pieces would run.
    for (std::size_t i = 0; i < pieces.size(); ++i)
    {
        const bool last = i + 1 == pieces.size();
        handles.push_back(Write(pieces[i].offset,
                                pieces[i].length,
                                pieces[i].destOffset,
                                last ? returned : nullptr));
    }
    return handles;
}

} // namespace ns3
