/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-port-extras.h"

#include "san-fabric-header.h"
#include "san-port.h"
#include "san-xon-xoff-receiver.h"

#include "ns3/san-fabric-packet.h"
#include "ns3/simulator.h"

#include <unordered_map>

namespace ns3
{

namespace
{

/// \return the extras of the ports that have some, by port
std::unordered_map<const SanPort*, std::unique_ptr<SanPortExtras>>&
SanPortExtrasTable()
{
    // Never destroyed: ports may outlive static destruction.
    static auto* table = new std::unordered_map<const SanPort*, std::unique_ptr<SanPortExtras>>;
    return *table;
}

} // namespace

SanPortExtras::SanPortExtras() = default;

SanPortExtras::~SanPortExtras() = default;

SanPortExtras&
SanPortExtras::Make(const SanPort* port)
{
    auto& slot = SanPortExtrasTable()[port];
    slot = std::make_unique<SanPortExtras>();
    return *slot;
}

SanPortExtras&
SanPortExtras::Find(const SanPort* port)
{
    return *SanPortExtrasTable().find(port)->second;
}

void
SanPortExtras::Drop(const SanPort* port)
{
    SanPortExtrasTable().erase(port);
}

void
SanPortExtras::TracePacket(SanPort* port,
                           char kind,
                           const SanFabricPacket* p,
                           uint32_t vc,
                           int64_t ts)
{
    SanFabricHeader h;
    h.SetSource(p->src);
    h.SetDestination(p->dst);
    h.SetSequence(static_cast<uint32_t>(p->seq));
    h.SetWireSize(p->bytes);
    Ptr<Packet> pkt;
    if (p->IsPiece() && p->PeekPayload() != nullptr &&
        p->PeekPayload()->GetSize() >=
            p->GetSplitHeader() + p->PeekExtra()->burstOffset + p->GetPieceBytes())
    {
        // A piece: the burst's header (as the sender wrote it: the fabric does not know the
        // NIC's header format, so the address is not advanced), then the piece's data.
        pkt = p->PeekPayload()->CreateFragment(0, p->GetSplitHeader());
        pkt->AddAtEnd(
            p->PeekPayload()->CreateFragment(p->GetSplitHeader() + p->PeekExtra()->burstOffset,
                                             p->GetPieceBytes()));
    }
    else
    {
        pkt = p->PeekPayload() != nullptr && !p->IsPiece() ? p->PeekPayload()->Copy()
                                                           : Create<Packet>(p->bytes);
    }
    pkt->AddHeader(h);
    const int64_t now = Simulator::Now().GetTimeStep();
    if (ts <= now)
    {
        FireTraces(port, kind, pkt, vc);
        return;
    }
    // Only while a tracer listens: one event per traced departure or arrival.
    Simulator::Schedule(TimeStep(ts - now), &SanPortExtras::FireTraces, port, kind, pkt, vc);
}

void
SanPortExtras::FireTraces(SanPort* port, char kind, Ptr<const Packet> pkt, uint32_t vc)
{
    SanPortTraces& t = port->GetTraces();
    t.promiscSniffer(pkt);
    t.packetEvent(kind, pkt, vc);
}

} // namespace ns3
