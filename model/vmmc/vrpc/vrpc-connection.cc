/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "vrpc-connection.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VrpcConnection");

NS_OBJECT_ENSURE_REGISTERED(VrpcConnection);

namespace
{
/// RFC 1057, section 10: the record mark's last-fragment bit.
constexpr uint32_t LAST_FRAGMENT = 0x80000000u;
} // namespace

TypeId
VrpcConnection::GetTypeId()
{
    static TypeId tid = TypeId("ns3::VrpcConnection")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<VrpcConnection>()
                            // ASSUMED: the paper does not give the queue's size; 64 KB holds Figure
                            // 5's largest argument with its header.
                            .AddAttribute("QueueBytes",
                                          "Bytes of each direction's cyclic queue (whole pages).",
                                          UintegerValue(65536),
                                          MakeUintegerAccessor(&VrpcConnection::m_queueBytes),
                                          MakeUintegerChecker<uint32_t>(4096))
                            // Section 4 and Figure 5: the library exists in automatic- and
                            // deliberate-update versions; Figure 8's fastest is automatic update.
                            .AddAttribute("Transfer",
                                          "How records reach the peer's queue.",
                                          EnumValue(AUTOMATIC_UPDATE),
                                          MakeEnumAccessor(&VrpcConnection::m_transfer),
                                          MakeEnumChecker(AUTOMATIC_UPDATE,
                                                          "AutomaticUpdate",
                                                          DELIBERATE_UPDATE,
                                                          "DeliberateUpdate"))
                            // Section 4.2: the stubs as generated copy the record's body out of
                            // the queue; "it is also possible in principle to eliminate the
                            // receiver-side copy" (false).
                            .AddAttribute("ReceiverCopy",
                                          "Whether the receiver copies a record's body out of the "
                                          "queue (else it decodes it in place).",
                                          BooleanValue(true),
                                          MakeBooleanAccessor(&VrpcConnection::m_receiverCopy),
                                          MakeBooleanChecker());
    return tid;
}

VrpcConnection::VrpcConnection() = default;

VrpcConnection::~VrpcConnection() = default;

void
VrpcConnection::DoDispose()
{
    m_ep = nullptr;
    Object::DoDispose();
}

uint32_t
VrpcConnection::GetQueueBytes() const
{
    return m_queueBytes;
}

Ptr<VmmcEndpoint>
VrpcConnection::GetEndpoint() const
{
    return m_ep;
}

VrpcConnection::Transfer
VrpcConnection::GetTransfer() const
{
    return m_transfer;
}

bool
VrpcConnection::GetReceiverCopy() const
{
    return m_receiverCopy;
}

void
VrpcConnection::Open(Ptr<VmmcEndpoint> ep, std::function<void(uint32_t)> done)
{
    NS_ABORT_MSG_IF(ep == nullptr, "VrpcConnection::Open: no VMMC endpoint");
    m_ep = ep;
    const uint32_t page = ep->GetPageBytes();
    NS_ABORT_MSG_IF(m_queueBytes % page != 0,
                    "VrpcConnection: QueueBytes " << m_queueBytes << " is not whole pages");
    m_in = ep->Allocate(page + m_queueBytes, HostMemorySystem::WRITE_THROUGH);
    m_out = ep->Allocate(page + m_queueBytes);
    m_user = ep->Allocate(m_queueBytes);
    ep->Export(m_in, page + m_queueBytes, {}, MakeSanCallback<void, uint32_t>([done](uint32_t id) {
                   if (done)
                   {
                       done(id);
                   }
               }));
}

void
VrpcConnection::Attach(uint32_t host, uint32_t exportId, std::function<void(bool)> done)
{
    if (!done)
    {
        done = [](bool) {}; // no notice wanted
    }
    const uint32_t page = m_ep->GetPageBytes();
    m_ep->Import(host, exportId, MakeSanCallback<void, int32_t>([this, page, done](int32_t h) {
                     if (h < 0 || m_ep->GetImportSize(h) != page + m_queueBytes)
                     {
                         done(false);
                         return;
                     }
                     m_handle = h;
                     if (m_transfer == DELIBERATE_UPDATE)
                     {
                         done(true); // the private image stays unbound
                         return;
                     }
                     VmmcEndpoint::BindOptions control;
                     control.combine = false;
                     control.timer = false;
                     control.notify = true; // section 6: for a receiver that blocks
                     m_ep->Bind(m_out,
                                page,
                                h,
                                0,
                                control,
                                MakeSanCallback<void, bool>([this, page, h, done](bool ok) {
                                    if (!ok)
                                    {
                                        done(false);
                                        return;
                                    }
                                    m_ep->Bind(m_out + page,
                                               m_queueBytes,
                                               h,
                                               page,
                                               VmmcEndpoint::BindOptions(),
                                               MakeSanCallback<void, bool>(
                                                   [done](bool ok2) { done(ok2); }));
                                }));
                 }));
}

void
VrpcConnection::Send(const std::vector<uint8_t>& bytes, std::function<void(bool)> done)
{
    if (!done)
    {
        done = [](bool) {}; // no notice wanted
    }
    const uint32_t total = static_cast<uint32_t>(bytes.size()) + 4;
    if (m_handle < 0 || total > m_queueBytes)
    {
        NS_LOG_WARN("VrpcConnection::Send: a record of " << bytes.size()
                                                         << " bytes does not fit the queue");
        Simulator::ScheduleNow([done]() { done(false); });
        return;
    }
    if (m_transfer == DELIBERATE_UPDATE && bytes.size() % 4 != 0)
    {
        // Deliberate updates move whole words; XDR records always are (RFC 1014's padding).
        NS_LOG_WARN("VrpcConnection::Send: a record of " << bytes.size()
                                                         << " bytes is not whole XDR words");
        Simulator::ScheduleNow([done]() { done(false); });
        return;
    }
    auto record = std::make_shared<std::vector<uint8_t>>(total);
    const uint32_t mark = LAST_FRAGMENT | static_cast<uint32_t>(bytes.size());
    (*record)[0] = static_cast<uint8_t>(mark >> 24);
    (*record)[1] = static_cast<uint8_t>(mark >> 16);
    (*record)[2] = static_cast<uint8_t>(mark >> 8);
    (*record)[3] = static_cast<uint8_t>(mark);
    std::copy(bytes.begin(), bytes.end(), record->begin() + 4);
    if (m_transfer == DELIBERATE_UPDATE)
    {
        SendDeliberate(record, done);
    }
    else
    {
        SendAutomatic(record, done);
    }
}

void
VrpcConnection::SendAutomatic(std::shared_ptr<std::vector<uint8_t>> record,
                              std::function<void(bool)> done)
{
    const uint32_t total = static_cast<uint32_t>(record->size());
    const uint64_t data = m_out + m_ep->GetPageBytes();
    const uint32_t pos = m_written % m_queueBytes;
    const uint32_t first = std::min(total, m_queueBytes - pos);
    // The XDR layer's stores straight into the bound queue (the send: no copy).
    auto control = [this, total, done]() {
        m_written += total;
        m_ep->StoreWord(m_out + CTRL_LENGTH, m_written, MakeSanCallback<void>([this, done]() {
                            m_ep->StoreWord(m_out + CTRL_FLAG, 1, MakeSanCallback<void>([done]() {
                                                done(true);
                                            }));
                        }));
    };
    m_ep->Store(data + pos,
                record->data(),
                first,
                MakeSanCallback<void>([this, record, data, first, total, control]() {
                    if (first == total)
                    {
                        control();
                        return;
                    }
                    m_ep->Store(data,
                                record->data() + first,
                                total - first,
                                MakeSanCallback<void>([record, control]() { control(); }));
                }));
}

void
VrpcConnection::SendDeliberate(std::shared_ptr<std::vector<uint8_t>> record,
                               std::function<void(bool)> done)
{
    // XDR records are whole words (RFC 1014's padding), so every record starts and ends on a
    // word boundary: the deliberate updates' alignment rule always holds.
    const uint32_t total = static_cast<uint32_t>(record->size());
    const uint32_t page = m_ep->GetPageBytes();
    const uint64_t data = m_out + page;
    const uint32_t pos = m_written % m_queueBytes;
    const uint32_t first = std::min(total, m_queueBytes - pos);
    // The control words, after the data (one deliberate update of the flag and the length).
    auto control = [this, total, done]() {
        m_written += total;
        m_ep->StoreWord(m_out + CTRL_LENGTH, m_written, MakeSanCallback<void>([this, done]() {
                            m_ep->StoreWord(
                                m_out + CTRL_FLAG,
                                1,
                                MakeSanCallback<void>([this, done]() {
                                    // The control words ask for a
                                    // notification (section 6).
                                    m_ep->SendDeliberate(
                                        m_handle,
                                        0,
                                        m_out,
                                        8,
                                        true,
                                        MakeSanCallback<void, bool>([done](bool ok) { done(ok); }));
                                }));
                        }));
    };
    // One deliberate update per contiguous piece of the queue (two when the record wraps).
    auto sendPieces = [this, page, data, pos, first, total, control]() {
        m_ep->SendDeliberate(
            m_handle,
            page + pos,
            data + pos,
            first,
            false,
            MakeSanCallback<void, bool>([this, page, data, first, total, control](bool ok) {
                NS_ABORT_MSG_UNLESS(ok, "VrpcConnection: a deliberate update was refused");
                if (first == total)
                {
                    control();
                    return;
                }
                m_ep->SendDeliberate(m_handle,
                                     page,
                                     data,
                                     total - first,
                                     false,
                                     MakeSanCallback<void, bool>([control](bool ok2) {
                                         NS_ABORT_MSG_UNLESS(ok2,
                                                             "VrpcConnection: a deliberate "
                                                             "update was refused");
                                         control();
                                     }));
            }));
    };
    // The XDR layer's stores into the private image (cached memory), then the sends.
    m_ep->Store(data + pos,
                record->data(),
                first,
                MakeSanCallback<void>([this, record, data, first, total, sendPieces]() {
                    if (first == total)
                    {
                        sendPieces();
                        return;
                    }
                    m_ep->Store(data,
                                record->data() + first,
                                total - first,
                                MakeSanCallback<void>([record, sendPieces]() { sendPieces(); }));
                }));
}

void
VrpcConnection::ReadQueue(uint32_t pos, uint8_t* out, uint32_t n) const
{
    const uint64_t data = m_in + m_ep->GetPageBytes();
    pos %= m_queueBytes;
    const uint32_t first = std::min(n, m_queueBytes - pos);
    m_ep->GetMemory()->Read(data + pos, out, first);
    if (first < n)
    {
        m_ep->GetMemory()->Read(data, out + first, n - first);
    }
}

bool
VrpcConnection::RecordReady(uint32_t& len) const
{
    const uint32_t available = m_ep->ReadWord(m_in + CTRL_LENGTH) - m_read;
    if (available < 4)
    {
        return false;
    }
    uint8_t b[4];
    ReadQueue(m_read, b, 4);
    const uint32_t mark =
        (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
    len = mark & ~LAST_FRAGMENT;
    return available - 4 >= len;
}

void
VrpcConnection::Receive(uint32_t uncopied, std::function<void(std::vector<uint8_t>)> done)
{
    if (!done)
    {
        done = [](std::vector<uint8_t>) {}; // no record wanted: it is still consumed
    }
    uint32_t len = 0;
    if (RecordReady(len))
    {
        Take(uncopied, done);
        return;
    }
    // Poll the flag; the length word arrives just before it.
    m_ep->Poll(
        m_in + CTRL_FLAG,
        4,
        MakeSanCallback<bool>([this]() { return m_ep->ReadWord(m_in + CTRL_FLAG) != 0; }),
        MakeSanCallback<void>([this, uncopied, done]() {
            // Clear the flag (our own memory), then look at the length.
            m_ep->StoreWord(m_in + CTRL_FLAG, 0, MakeSanCallback<void>([this, uncopied, done]() {
                                Receive(uncopied, done);
                            }));
        }));
}

void
VrpcConnection::Take(uint32_t uncopied, std::function<void(std::vector<uint8_t>)> done)
{
    uint32_t len = 0;
    RecordReady(len);
    auto bytes = std::make_shared<std::vector<uint8_t>>(len);
    ReadQueue(m_read + 4, bytes->data(), len);
    const uint32_t start = m_read + 4;
    m_read += 4 + len;
    const uint32_t copied = (m_receiverCopy && len > uncopied) ? len - uncopied : 0;
    if (copied == 0)
    {
        Simulator::ScheduleNow([bytes, done]() { done(*bytes); });
        return;
    }
    // The receiver's copy (XDR decoding into the user's variables), which may wrap.
    const uint32_t pos = (start + uncopied) % m_queueBytes;
    const uint32_t first = std::min(copied, m_queueBytes - pos);
    const uint64_t data = m_in + m_ep->GetPageBytes();
    m_ep->Copy(m_user,
               data + pos,
               first,
               MakeSanCallback<void>([this, bytes, done, first, copied, data]() {
                   if (first == copied)
                   {
                       done(*bytes);
                       return;
                   }
                   m_ep->Copy(m_user + first,
                              data,
                              copied - first,
                              MakeSanCallback<void>([bytes, done]() { done(*bytes); }));
               }));
}

} // namespace ns3
