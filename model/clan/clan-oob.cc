/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ClanNetDevice's endpoints and out-of-band messages (Riddoch et al. 1999, section 3.1): the
// driver stores a record into the destination's mailbox; the NIC there places it in the next
// slot of its driver's ring (ClanMailbox, from clan-receive-path.cc), a kernel Tripwire on the
// ring interrupts, and the interrupt routine demultiplexes the record into its endpoint's queue.

#include "clan-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanOob");

Ptr<ClanEndpoint>
ClanNetDevice::CreateEndpoint(uint16_t port, uint32_t queueEntries)
{
    NS_ABORT_MSG_IF(!IsAttached(), "ClanNetDevice::CreateEndpoint: device not attached");
    return m_mailbox.CreateEndpoint(port, queueEntries, GetCpu());
}

void
ClanNetDevice::AdoptEndpoint(Ptr<ClanEndpoint> endpoint)
{
    m_mailbox.AdoptEndpoint(endpoint);
}

bool
ClanNetDevice::DestroyEndpoint(uint16_t port)
{
    return m_mailbox.DestroyEndpoint(port);
}

Ptr<ClanEndpoint>
ClanNetDevice::GetEndpoint(uint16_t port) const
{
    return m_mailbox.GetEndpoint(port);
}

void
ClanNetDevice::SendOob(uint32_t dstHost,
                       uint16_t dstPort,
                       uint16_t srcPort,
                       const uint8_t* payload,
                       Callback<void> landed)
{
    NS_ABORT_MSG_IF(!IsAttached(), "ClanNetDevice::SendOob: device not attached");
    NS_ABORT_MSG_IF(dstHost == GetHostNumber(), "ClanNetDevice::SendOob: to this host itself");
    ClanOobMessage m;
    m.srcHost = GetHostNumber();
    m.srcPort = srcPort;
    m.dstPort = dstPort;
    std::memcpy(m.payload, payload, OOB_PAYLOAD_BYTES);
    uint8_t record[OOB_RECORD_BYTES];
    m.Encode(record);
    // The driver stores the record into the destination's mailbox: its window onto every
    // host's mailbox is the kernel's (offset = host x record size). ASSUMED: the record leaves
    // as one burst (the driver writes it with one 48-byte store sequence that the bridge
    // passes whole); a fabric only splits far longer bursts.
    m_kernelPio->Store(uint64_t(dstHost) * OOB_RECORD_BYTES, record, OOB_RECORD_BYTES, landed);
}

void
ClanNetDevice::KernelStoresLanded(uint64_t offset, const uint8_t* data, uint32_t len)
{
    const uint32_t dstHost = static_cast<uint32_t>(offset / OOB_RECORD_BYTES);
    SendBurst(dstHost, MAILBOX_ADDRESS, data, len, false, MAILBOX_ADDRESS, Seconds(0));
}

} // namespace ns3
