/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "nx-connections.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NxConnections");

void
NxConnections::Setup(Ptr<VmmcEndpoint> ep, const NxSettings* settings, uint32_t rank, uint32_t size)
{
    m_ep = ep;
    m_settings = settings;
    m_rank = rank;
    m_size = size;
    m_peers.assign(size, Peer());
}

void
NxConnections::Dispose()
{
    m_peers.clear();
    m_exportHandler = MakeNullCallback<void, uint32_t, uint64_t>();
    m_exportsDone = MakeNullCallback<void, std::vector<uint32_t>>();
    m_ep = nullptr;
}

uint32_t
NxConnections::GetRank() const
{
    return m_rank;
}

uint32_t
NxConnections::GetSize() const
{
    return m_size;
}

// ----- layout -----------------------------------------------------------------------------

uint32_t
NxConnections::CtrlOffset() const
{
    const uint32_t page = m_ep->GetPageBytes();
    const uint32_t data = m_settings->packetBuffers * m_settings->packetBufferBytes;
    const uint32_t ctrlBytes = CTRL_CREDITS + 4 * m_settings->packetBuffers;
    // Deliberate update: the control area may share the packet buffers' last page (every
    // control store goes through a page bound without combining). Automatic update needs the
    // packet buffers' pages bound with combining, so the control area gets its own page.
    if (m_settings->variant != NxSettings::AU && data % page != 0 &&
        data % page + ctrlBytes <= page && data % 0x400 == 0)
    {
        return data;
    }
    return (data + page - 1) / page * page;
}

uint32_t
NxConnections::DataPages() const
{
    const uint32_t page = m_ep->GetPageBytes();
    return (m_settings->packetBuffers * m_settings->packetBufferBytes + page - 1) / page;
}

uint32_t
NxConnections::GetRequestOffset() const
{
    const uint32_t page = m_ep->GetPageBytes();
    return (CtrlOffset() / page + 1) * page;
}

uint32_t
NxConnections::GetChunkBytes() const
{
    return GetRequestOffset() + m_ep->GetPageBytes();
}

uint64_t
NxConnections::GetInBuffer(uint32_t peer, uint32_t b) const
{
    return m_peers[peer].in + uint64_t(b) * m_settings->packetBufferBytes;
}

uint64_t
NxConnections::GetInDescriptor(uint32_t peer, uint32_t b) const
{
    return GetInBuffer(peer, b) + m_settings->packetBufferBytes - DESC_BYTES;
}

uint64_t
NxConnections::GetInControl(uint32_t peer) const
{
    return m_peers[peer].in + CtrlOffset();
}

uint64_t
NxConnections::GetInRequest(uint32_t peer) const
{
    return m_peers[peer].in + GetRequestOffset();
}

uint64_t
NxConnections::GetInBase() const
{
    return m_inBase;
}

uint32_t
NxConnections::GetInBytes() const
{
    return static_cast<uint32_t>(m_inBytes);
}

bool
NxConnections::IsAllocated() const
{
    return m_inBase != 0;
}

bool
NxConnections::IsConnected(uint32_t peer) const
{
    return m_peers[peer].handle >= 0;
}

bool
NxConnections::FindPeerOfExport(uint32_t exportId, uint32_t& peer) const
{
    auto it = m_peerOfExport.find(exportId);
    if (it == m_peerOfExport.end())
    {
        return false;
    }
    peer = it->second;
    return true;
}

uint32_t
NxConnections::GetHost(uint32_t peer) const
{
    return m_peers[peer].host;
}

int32_t
NxConnections::GetHandle(uint32_t peer) const
{
    return m_peers[peer].handle;
}

uint64_t
NxConnections::GetMirror(uint32_t peer) const
{
    return m_peers[peer].mirror;
}

uint64_t
NxConnections::GetPeerControl(uint32_t peer) const
{
    return m_peers[peer].ctrl;
}

// ----- set-up -----------------------------------------------------------------------------

void
NxConnections::Allocate(const std::vector<uint32_t>& hostOf)
{
    const uint32_t chunk = GetChunkBytes();
    // Received pages are cached write-through, as in the VMMC layer's ping-pong (section 3.4).
    m_inBytes = uint64_t(chunk) * (m_size - 1);
    m_inBase = m_ep->Allocate(static_cast<uint32_t>(m_inBytes), HostMemorySystem::WRITE_THROUGH);
    // The send side's bound pages for every peer in one allocation: AU, the packet buffers'
    // mirror and the control page; DU, the control page.
    const uint32_t page = m_ep->GetPageBytes();
    m_mirrorBytes = (m_settings->variant == NxSettings::AU ? DataPages() + 1 : 1) * page;
    m_mirrorBase = m_ep->Allocate(m_mirrorBytes * (m_size - 1));
    uint32_t k = 0;
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j == m_rank)
        {
            continue;
        }
        Peer& p = m_peers[j];
        p.host = hostOf[j];
        p.mirror = m_mirrorBase + uint64_t(m_mirrorBytes) * k;
        p.in = m_inBase + uint64_t(chunk) * k++;
    }
}

void
NxConnections::Export(Callback<void, uint32_t, uint64_t> handler,
                      Callback<void, std::vector<uint32_t>> done)
{
    const uint32_t chunk = GetChunkBytes();
    m_exportHandler = handler;
    m_exportsDone = done;
    m_exportsPending = m_size - 1;
    // One request for all the peers' buffers: the same times and order as one for each, and
    // one pending event in a process's set-up rather than one a peer.
    std::vector<VmmcEndpoint::ExportRegion> regions;
    regions.reserve(m_size - 1);
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j != m_rank)
        {
            regions.push_back({m_peers[j].in, chunk, {m_peers[j].host}});
        }
    }
    m_ep->ExportAll(std::move(regions), MakeSanCallback<&NxConnections::ExportedAll>(this));
}

void
NxConnections::ExportedAll(std::vector<uint32_t> ids)
{
    for (uint32_t i = 0; i < ids.size(); ++i)
    {
        Exported(i < m_rank ? i : i + 1, ids[i]);
    }
}

void
NxConnections::Exported(uint32_t peer, uint32_t id)
{
    m_peers[peer].exportId = id;
    m_peerOfExport[id] = peer;
    // The handler serves buffer requests: only the request page interrupts; the others are
    // polled (section 6).
    m_ep->SetNotificationHandler(id, m_exportHandler, MakeSanCallback<void>([this, id]() {
                                     m_ep->SetNotificationPages(
                                         id,
                                         0,
                                         GetRequestOffset(),
                                         false,
                                         MakeSanCallback<&NxConnections::ExportReady>(this));
                                 }));
}

void
NxConnections::ExportReady()
{
    if (--m_exportsPending > 0)
    {
        return;
    }
    m_exportHandler = MakeNullCallback<void, uint32_t, uint64_t>();
    const Callback<void, std::vector<uint32_t>> done = m_exportsDone;
    m_exportsDone = MakeNullCallback<void, std::vector<uint32_t>>();
    if (done.IsNull())
    {
        return;
    }
    std::vector<uint32_t> ids(m_size, 0); // this rank's entry stays 0
    for (uint32_t j = 0; j < m_size; ++j)
    {
        if (j != m_rank)
        {
            ids[j] = m_peers[j].exportId;
        }
    }
    done(ids);
}

void
NxConnections::Connect(uint32_t peer, uint32_t host, uint32_t exportId, Callback<void> done)
{
    m_ep->Import(host, exportId, MakeSanCallback<void, int32_t>([this, peer, done](int32_t h) {
                     NS_ABORT_MSG_IF(h < 0,
                                     "NxProcess: rank " << m_rank << " may not import the chunk of "
                                                        << peer);
                     Peer& p = m_peers[peer];
                     p.handle = h;
                     const uint32_t page = m_ep->GetPageBytes();
                     const uint32_t ctrlPage = CtrlOffset() / page * page;
                     VmmcEndpoint::BindOptions control;
                     control.combine = false;
                     control.timer = false;
                     control.notify = true; // for a peer asleep in its poll loop (section 6)
                     auto bindControl = [this, peer, h, ctrlPage, page, control, done]() {
                         Peer& q = m_peers[peer];
                         const uint64_t local = q.mirror + m_mirrorBytes - page;
                         q.ctrl = local + CtrlOffset() % page;
                         m_ep->Bind(local,
                                    page,
                                    h,
                                    ctrlPage,
                                    control,
                                    MakeSanCallback<void, bool>([done](bool ok) {
                                        NS_ABORT_MSG_UNLESS(ok, "NxProcess: control bind refused");
                                        if (!done.IsNull())
                                        {
                                            done();
                                        }
                                    }));
                     };
                     if (m_settings->variant != NxSettings::AU)
                     {
                         bindControl();
                         return;
                     }
                     // The send buffer mirrors the packet buffers, bound with combining (and
                     // the timer) so that data and descriptor leave as one packet.
                     VmmcEndpoint::BindOptions data;
                     data.notify = true;
                     m_ep->Bind(p.mirror,
                                DataPages() * page,
                                h,
                                0,
                                data,
                                MakeSanCallback<void, bool>([bindControl](bool ok) {
                                    NS_ABORT_MSG_UNLESS(ok, "NxProcess: data bind refused");
                                    bindControl();
                                }));
                 }));
}

} // namespace ns3
