/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-send-terminus.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynSendTerminus");

HamlynSendTerminus::HamlynSendTerminus(uint16_t id, uint32_t capacity, Ptr<HostCpu> cpu)
    : m_id(id),
      m_capacity(capacity),
      m_priority(0),
      m_cpu(cpu),
      m_nextPacket(0),
      m_nextHandle(1),
      m_posted(0),
      m_full(0),
      m_packets(0)
{
    NS_ABORT_MSG_IF(capacity == 0, "HamlynSendTerminus: the work queue needs at least 1 entry");
}

uint16_t
HamlynSendTerminus::GetId() const
{
    return m_id;
}

void
HamlynSendTerminus::SetPriority(uint32_t priority)
{
    m_priority = priority;
}

uint32_t
HamlynSendTerminus::GetPriority() const
{
    return m_priority;
}

uint32_t
HamlynSendTerminus::GetCapacity() const
{
    return m_capacity;
}

void
HamlynSendTerminus::AddMessageArea(uint32_t id, Ptr<HostPinnedRegion> area)
{
    NS_ABORT_MSG_IF(area == nullptr, "HamlynSendTerminus: null message area " << id);
    m_areas[id] = area;
}

void
HamlynSendTerminus::RemoveMessageArea(uint32_t id)
{
    m_areas.erase(id);
}

Ptr<HostPinnedRegion>
HamlynSendTerminus::GetMessageArea(uint32_t id) const
{
    auto it = m_areas.find(id);
    return it == m_areas.end() ? nullptr : it->second;
}

bool
HamlynSendTerminus::Post(HamlynSendRequest request)
{
    NS_ABORT_MSG_IF(m_closed,
                    "HamlynSendTerminus::Post: the terminus's HamlynNetDevice is disposed (after "
                    "Simulator::Destroy?); build the scenario again to send");
    const std::string error = GetRequestError(request);
    NS_ABORT_MSG_IF(!error.empty(), "HamlynSendTerminus::Post: " << error);
    if (m_queue.size() >= m_capacity)
    {
        ++m_full;
        return false;
    }
    request.handle = m_nextHandle++;
    m_queue.push_back(std::move(request));
    ++m_posted;
    if (!m_workCb.IsNull())
    {
        m_workCb();
    }
    return true;
}

std::string
HamlynSendTerminus::GetRequestError(const HamlynSendRequest& request) const
{
    return m_check.IsNull() ? std::string() : m_check(request);
}

void
HamlynSendTerminus::SetRequestCheck(RequestCheck check)
{
    m_check = check;
}

void
HamlynSendTerminus::PostOrSpin(HamlynSendRequest request, Callback<void> posted)
{
    const std::string error = GetRequestError(request);
    NS_ABORT_MSG_IF(!error.empty(), "HamlynSendTerminus::PostOrSpin: " << error);
    if (m_spinners.empty() && m_queue.size() < m_capacity && Post(request))
    {
        if (!posted.IsNull())
        {
            posted();
        }
        return;
    }
    NS_ABORT_MSG_IF(m_cpu == nullptr, "HamlynSendTerminus: PostOrSpin needs the host CPU");
    Spinner s;
    s.request = std::move(request);
    s.posted = posted;
    m_spinners.push_back(s);
    BeginSpin(m_spinners.back());
}

void
HamlynSendTerminus::SetWorkQueueWindow(Ptr<HostPioWindow> window, uint32_t descriptorBytes)
{
    m_window = window;
    m_descriptorBytes = descriptorBytes;
}

uint32_t
HamlynSendTerminus::GetStoredBytes(const HamlynSendRequest& request) const
{
    const auto inline_ =
        request.kind == HamlynSendRequest::DIRECT ? static_cast<uint32_t>(request.data.size()) : 0U;
    return m_descriptorBytes + inline_ + static_cast<uint32_t>(request.outOfBand.size());
}

void
HamlynSendTerminus::StoreRequest(const HamlynSendRequest& request, Callback<void> landed)
{
    NS_ABORT_MSG_IF(m_window == nullptr,
                    "HamlynSendTerminus: no work-queue window (create termini on a device)");
    const std::string error = GetRequestError(request);
    NS_ABORT_MSG_IF(!error.empty(), "HamlynSendTerminus::StoreRequest: " << error);
    // The bytes' values do not matter to the model (the request object carries them): zeros
    // from one buffer, not a vector made for every request.
    static std::vector<uint8_t> zeros;
    const uint32_t bytes = GetStoredBytes(request);
    if (zeros.size() < bytes)
    {
        zeros.resize(bytes, 0);
    }
    m_window->Store(0, zeros.data(), bytes, landed);
}

void
HamlynSendTerminus::BeginSpin(Spinner& s)
{
    s.wait = m_cpu->CreateWait();
    Ptr<HostCpuWait> wait = s.wait;
    wait->Begin(HostCpuWait::POLL, MakeSanCallback<void>([this, wait]() {
                    // The spin noticed free space: post the oldest spinner's request.
                    NS_ABORT_MSG_IF(m_spinners.empty() || m_spinners.front().wait != wait,
                                    "HamlynSendTerminus: spinners out of order");
                    if (m_queue.size() >= m_capacity)
                    {
                        BeginSpin(m_spinners.front()); // a plain Post() took the space
                        return;
                    }
                    Spinner s = m_spinners.front();
                    m_spinners.pop_front();
                    Post(s.request);
                    if (!s.posted.IsNull())
                    {
                        s.posted();
                    }
                    Dequeued(); // more space may be free for the next spinner
                }));
    if (m_queue.size() < m_capacity && &s == &m_spinners.front())
    {
        wait->Signal();
    }
}

void
HamlynSendTerminus::Dequeued()
{
    // Space for as many spinners as free entries; each is signalled once.
    uint32_t space = m_capacity - static_cast<uint32_t>(m_queue.size());
    for (auto& s : m_spinners)
    {
        if (space == 0)
        {
            break;
        }
        if (!s.wait->IsSignalled())
        {
            s.wait->Signal();
        }
        --space;
    }
}

void
HamlynSendTerminus::Close()
{
    m_closed = true;
    m_workCb = Callback<void>();
    m_check = RequestCheck();
    if (m_window != nullptr)
    {
        m_window->Abandon(); // a store's continuation may hold this terminus
    }
}

void
HamlynSendTerminus::SetWorkCallback(Callback<void> cb)
{
    m_workCb = cb;
}

bool
HamlynSendTerminus::HasWork() const
{
    return !m_queue.empty();
}

uint32_t
HamlynSendTerminus::GetNQueued() const
{
    return static_cast<uint32_t>(m_queue.size());
}

HamlynSendRequest&
HamlynSendTerminus::Front()
{
    NS_ABORT_MSG_IF(m_queue.empty(), "HamlynSendTerminus: Front() on an empty queue");
    return m_queue.front();
}

uint32_t
HamlynSendTerminus::GetNextPacketIndex() const
{
    return m_nextPacket;
}

uint32_t
HamlynSendTerminus::PacketsFor(uint32_t bytes, uint32_t packetSize)
{
    NS_ABORT_MSG_IF(packetSize == 0, "HamlynSendTerminus: packet size must be > 0");
    // In 64 bits: a message near 4 GiB would wrap to one packet in 32.
    return static_cast<uint32_t>(
        std::max<uint64_t>(1, (static_cast<uint64_t>(bytes) + packetSize - 1) / packetSize));
}

HamlynSendRequest
HamlynSendTerminus::NextPacket(uint32_t packetSize,
                               uint32_t& payloadOffset,
                               uint32_t& payloadBytes,
                               uint32_t& delta,
                               bool& last)
{
    HamlynSendRequest& req = Front();
    uint32_t length = req.GetLength();
    uint32_t packets = PacketsFor(length, packetSize);
    if (m_nextPacket == 0)
    {
        m_counter.Set(req.y0); // the application's Y0 for this message
    }
    payloadOffset = m_nextPacket * packetSize;
    payloadBytes = std::min(packetSize, length - payloadOffset);
    last = m_nextPacket + 1 == packets;
    delta = m_counter.NextDelta(last);
    ++m_packets;
    if (!last)
    {
        ++m_nextPacket;
        return req;
    }
    HamlynSendRequest copy = std::move(req);
    m_queue.pop_front();
    m_nextPacket = 0;
    Dequeued();
    return copy;
}

HamlynSendRequest
HamlynSendTerminus::DropFront()
{
    HamlynSendRequest copy = std::move(Front());
    m_queue.pop_front();
    m_nextPacket = 0;
    Dequeued();
    return copy;
}

HamlynPacketCounter&
HamlynSendTerminus::GetCounter()
{
    return m_counter;
}

uint64_t
HamlynSendTerminus::GetNPosted() const
{
    return m_posted;
}

uint64_t
HamlynSendTerminus::GetNFull() const
{
    return m_full;
}

uint64_t
HamlynSendTerminus::GetNPackets() const
{
    return m_packets;
}

} // namespace ns3
