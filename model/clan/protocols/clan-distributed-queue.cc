/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-distributed-queue.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanDistributedQueue");

NS_OBJECT_ENSURE_REGISTERED(ClanDistributedQueue);

namespace
{
/// Offset of q[] after lazy_write_i (its own 64-byte line).
constexpr uint64_t QUEUE_OFFSET = 64;
} // namespace

TypeId
ClanDistributedQueue::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ClanDistributedQueue")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<ClanDistributedQueue>();
    return tid;
}

ClanDistributedQueue::ClanDistributedQueue() = default;

ClanDistributedQueue::~ClanDistributedQueue() = default;

void
ClanDistributedQueue::DoDispose()
{
    m_tx = nullptr;
    m_rx = nullptr;
    Object::DoDispose();
}

void
ClanDistributedQueue::Setup(Ptr<ClanContext> sender,
                            Ptr<ClanContext> receiver,
                            uint32_t elementBytes,
                            uint32_t slots,
                            ClanContext::WaitMode senderMode,
                            ClanContext::WaitMode receiverMode)
{
    NS_ABORT_MSG_IF(!sender || !receiver || sender == receiver,
                    "ClanDistributedQueue::Setup: needs two processes");
    ClanContext::RequireStartUp("ClanDistributedQueue::Setup");
    const ClanCookie area = SetupReceiver(receiver, elementBytes, slots, receiverMode);
    const ClanCookie lazyRead = SetupSender(sender, area, elementBytes, slots, senderMode);
    ConnectReceiver(lazyRead);
}

void
ClanDistributedQueue::CheckShape(uint32_t elementBytes, uint32_t slots) const
{
    NS_ABORT_MSG_IF(elementBytes == 0 || elementBytes % 4 != 0,
                    "ClanDistributedQueue: element size " << elementBytes
                                                          << " (a positive multiple of 4)");
    NS_ABORT_MSG_IF(slots < 2, "ClanDistributedQueue: q_size " << slots << " (at least 2)");
    NS_ABORT_MSG_IF(m_elementBytes != 0 && (m_elementBytes != elementBytes || m_slots != slots),
                    "ClanDistributedQueue: the two ends disagree on the queue's shape");
}

ClanCookie
ClanDistributedQueue::SetupReceiver(Ptr<ClanContext> receiver,
                                    uint32_t elementBytes,
                                    uint32_t slots,
                                    ClanContext::WaitMode mode)
{
    NS_ABORT_MSG_IF(!receiver || m_rx, "ClanDistributedQueue::SetupReceiver: no process, or twice");
    CheckShape(elementBytes, slots);
    m_rx = receiver;
    m_elementBytes = elementBytes;
    m_slots = slots;
    m_rxMode = mode;
    const uint64_t area = QUEUE_OFFSET + uint64_t(elementBytes) * slots;
    m_rxArea = receiver->Allocate(area);
    receiver->WriteLocalWord(m_rxArea, 0);
    // A Tripwire only where an end waits on one: an enabled Tripwire interrupts its host on
    // every firing, spinning or not.
    if (mode != ClanContext::SPIN)
    {
        m_rxTrip = receiver->CreateTripwire(m_rxArea,
                                            4,
                                            ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
    }
    return receiver->Export(m_rxArea, area);
}

ClanCookie
ClanDistributedQueue::SetupSender(Ptr<ClanContext> sender,
                                  const ClanCookie& receiverArea,
                                  uint32_t elementBytes,
                                  uint32_t slots,
                                  ClanContext::WaitMode mode)
{
    NS_ABORT_MSG_IF(!sender || m_tx, "ClanDistributedQueue::SetupSender: no process, or twice");
    CheckShape(elementBytes, slots);
    NS_ABORT_MSG_IF(receiverArea.size != QUEUE_OFFSET + uint64_t(elementBytes) * slots,
                    "ClanDistributedQueue::SetupSender: the receiver's area has "
                        << receiverArea.size << " bytes, not the queue's");
    m_tx = sender;
    m_elementBytes = elementBytes;
    m_slots = slots;
    m_txMode = mode;
    m_lazyRead = sender->Allocate(64);
    sender->WriteLocalWord(m_lazyRead, 0);
    m_remoteRx = sender->Map(receiverArea);
    if (mode != ClanContext::SPIN)
    {
        m_txTrip = sender->CreateTripwire(m_lazyRead,
                                          4,
                                          ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
    }
    return sender->Export(m_lazyRead, 64);
}

void
ClanDistributedQueue::ConnectReceiver(const ClanCookie& senderLazyRead)
{
    NS_ABORT_MSG_IF(!m_rx, "ClanDistributedQueue::ConnectReceiver: SetupReceiver first");
    NS_ABORT_MSG_IF(senderLazyRead.size < 4,
                    "ClanDistributedQueue::ConnectReceiver: not a lazy_read_i cookie");
    m_remoteLazyRead = m_rx->Map(senderLazyRead);
}

bool
ClanDistributedQueue::TryGet(GetCallback done)
{
    if (IsEmpty())
    {
        return false;
    }
    Get(done);
    return true;
}

bool
ClanDistributedQueue::TryPut(const std::vector<uint8_t>& element, Callback<void> done)
{
    if (IsFull())
    {
        return false;
    }
    Put(element, done);
    return true;
}

bool
ClanDistributedQueue::IsEmpty() const
{
    NS_ABORT_MSG_IF(!m_rx, "ClanDistributedQueue::IsEmpty: not the receiver");
    return m_readI == m_rx->ReadLocalWord(m_rxArea);
}

bool
ClanDistributedQueue::IsFull() const
{
    NS_ABORT_MSG_IF(!m_tx, "ClanDistributedQueue::IsFull: not the sender");
    return (m_writeI + 1) % m_slots == m_tx->ReadLocalWord(m_lazyRead);
}

uint32_t
ClanDistributedQueue::GetReceiverTripwire() const
{
    return m_rxTrip;
}

uint64_t
ClanDistributedQueue::GetLazyWriteAddress() const
{
    return m_rxArea;
}

void
ClanDistributedQueue::Put(const std::vector<uint8_t>& element, Callback<void> done)
{
    NS_ABORT_MSG_IF(element.size() != m_elementBytes,
                    "ClanDistributedQueue::Put: an element of " << element.size() << " bytes, not "
                                                                << m_elementBytes);
    Ptr<ClanDistributedQueue> self(this);
    Ptr<ClanContext> tx = m_tx;
    const uint64_t lazy = m_lazyRead;
    // while ((write_i + 1) % q_size == lazy_read_i) tripwire_wait(lazy_read_i_trip);
    Callback<bool> room([self, tx, lazy]() {
        return (self->m_writeI + 1) % self->m_slots != tx->ReadLocalWord(lazy);
    });
    if (!room())
    {
        ++m_full;
    }
    tx->WaitUntil(lazy,
                  4,
                  room,
                  m_txMode,
                  m_txTrip,
                  MakeSanCallback<void>([self, tx, element, done]() {
                      // remote->q[write_i] = *elm; write_i = (write_i + 1) % q_size;
                      // remote->lazy_write_i = write_i;
                      const uint64_t slot =
                          QUEUE_OFFSET + uint64_t(self->m_writeI) * self->m_elementBytes;
                      tx->Write(self->m_remoteRx + slot,
                                element.data(),
                                self->m_elementBytes,
                                Callback<void>());
                      self->m_writeI = (self->m_writeI + 1) % self->m_slots;
                      ++self->m_put;
                      tx->WriteWord(self->m_remoteRx, self->m_writeI, done);
                  }));
}

void
ClanDistributedQueue::Get(GetCallback done)
{
    Ptr<ClanDistributedQueue> self(this);
    Ptr<ClanContext> rx = m_rx;
    const uint64_t lazy = m_rxArea;
    // while (read_i == lazy_write_i) tripwire_wait(lazy_write_i_trip);
    rx->WaitUntil(lazy,
                  4,
                  MakeSanCallback<bool>(
                      [self, rx, lazy]() { return self->m_readI != rx->ReadLocalWord(lazy); }),
                  m_rxMode,
                  m_rxTrip,
                  MakeSanCallback<void>([self, rx, lazy, done]() {
                      // *elm = q[read_i]; read_i = (read_i + 1) % q_size;
                      // remote->lazy_read_i = read_i;
                      std::vector<uint8_t> elm(self->m_elementBytes);
                      rx->GetMemory()->Read(lazy + QUEUE_OFFSET +
                                                uint64_t(self->m_readI) * self->m_elementBytes,
                                            elm.data(),
                                            self->m_elementBytes);
                      self->m_readI = (self->m_readI + 1) % self->m_slots;
                      ++self->m_got;
                      rx->WriteWord(self->m_remoteLazyRead,
                                    self->m_readI,
                                    MakeSanCallback<void>([elm, done]() {
                                        if (!done.IsNull())
                                        {
                                            done(elm);
                                        }
                                    }));
                  }));
}

uint64_t
ClanDistributedQueue::GetNPut() const
{
    return m_put;
}

uint64_t
ClanDistributedQueue::GetNGot() const
{
    return m_got;
}

uint64_t
ClanDistributedQueue::GetNFull() const
{
    return m_full;
}

} // namespace ns3
