/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-send-path.h"

#include "dart-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <cstring>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartSendPath");

namespace
{

/// Bytes of the Send Registers a process stores: control, offset, size.
constexpr uint32_t DART_SEND_REGISTER_BYTES = DartControl::BYTES + 8;

} // namespace

DartSendPath::DartSendPath(DartCard& card,
                           DartEngine& engine,
                           DartAddressTranslation& translation,
                           const DartConnectionTable& connections,
                           const DartEndpointTable& endpoints)
    : m_dev(card),
      m_engine(engine),
      m_translation(translation),
      m_connections(connections),
      m_endpoints(endpoints)
{
}

void
DartSendPath::Build(uint32_t connections)
{
    m_registers = SanSparseArray<Ptr<HostPioWindow>>(connections);
}

Ptr<HostPioWindow>
DartSendPath::SendRegisters(uint16_t vci)
{
    // Made at the connection's first send, not when it is set up: at scale a host is wired to
    // every member of its group and talks to a few (a window and its sink ~200 bytes each).
    Ptr<HostPioWindow>& window = m_registers.Ref(vci);
    if (!window)
    {
        window = Create<HostPioWindow>(
            m_dev.GetHostIoBus(),
            DART_SEND_REGISTER_BYTES,
            HostPioWindow::SinkCallback(
                [this, vci](uint64_t offset, const uint8_t* data, uint32_t len) {
                    SendRegistersLanded(vci, offset, data, len);
                }));
    }
    return window;
}

void
DartSendPath::Clear()
{
    m_registers = SanSparseArray<Ptr<HostPioWindow>>();
    m_storeQueue.clear();
    m_translateQueue.clear();
    m_translating = false;
}

const DartConnection&
DartSendPath::Connection(uint16_t vci) const
{
    return m_connections.Get(vci);
}

uint32_t
DartSendPath::CellsFor(uint32_t bytes)
{
    if (bytes <= DartControl::BLOCK_BYTES)
    {
        return 1;
    }
    return (DartControl::BYTES + bytes + DartAal5Trailer::GetPadding(bytes) +
            DartAal5Trailer::BYTES) /
           48;
}

Ptr<Packet>
DartSendPath::BuildMessage(uint16_t vci, const DartControl& ctl, const uint8_t* data, uint32_t size)
{
    const bool multi = size > DartControl::BLOCK_BYTES;
    std::vector<uint8_t> bytes(multi ? size + DartAal5Trailer::GetPadding(size)
                                     : DartControl::BLOCK_BYTES,
                               0);
    if (size > 0)
    {
        std::memcpy(bytes.data(), data, size);
    }
    Ptr<Packet> p = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    p->AddHeader(DartHeader(ctl, vci));
    if (multi)
    {
        DartAal5Trailer t;
        t.SetLength(static_cast<uint16_t>(size));
        p->AddTrailer(t);
    }
    return p;
}

Ptr<Packet>
DartSendPath::ReadMessage(const DartConnection& c,
                          const DartControl& ctl,
                          uint32_t offset,
                          uint32_t size) const
{
    std::vector<uint8_t> data(size);
    m_endpoints.Find(c.endpoint)->frames->Read(offset, data.data(), size);
    return BuildMessage(c.remoteVci, ctl, data.data(), size);
}

void
DartSendPath::Send(uint16_t vci,
                   const DartControl& ctl,
                   uint32_t offset,
                   uint32_t size,
                   Callback<void> issued)
{
    const Time start = Simulator::Now();
    if (m_engine.IsHostKernel())
    {
        // The software DART: the Send Registers are the arguments of a trap into the kernel,
        // which forms the cells and stores them into the card's transmit FIFO.
        Ptr<DartCostModel> cost = m_engine.GetCostModel();
        const uint32_t cells = CellsFor(size);
        const double work = cost->GetSendWork() + (cells - 1) * cost->GetSendCellWork();
        m_dev.GetHostCpu()->Syscall(
            m_engine.Work(work),
            MakeSanCallback<void>([this, vci, ctl, offset, size, start, issued]() {
                const DartConnection& conn = Connection(vci);
                m_engine.Transmit(conn.remoteHost,
                                  ReadMessage(conn, ctl, offset, size),
                                  MakeSanCallback<void>([this, start, issued]() {
                                      m_dev.TraceStage("send", start, Simulator::Now());
                                      if (!issued.IsNull())
                                      {
                                          issued();
                                      }
                                  }));
            }));
        return;
    }
    // The hardware DART: posted stores into the connection's Send Registers.
    PendingSend p;
    p.vci = vci;
    p.regs.assign(DART_SEND_REGISTER_BYTES, 0);
    ctl.Encode(vci, p.regs.data());
    DartPutWord(p.regs.data() + DartControl::BYTES, offset);
    DartPutWord(p.regs.data() + DartControl::BYTES + 4, size);
    m_storeQueue.push_back(p);
    StoreNextSend();
    if (!issued.IsNull())
    {
        Simulator::ScheduleNow([issued]() { issued(); });
    }
}

void
DartSendPath::StoreNextSend()
{
    // The processor's posted stores reach the bus in program order, whatever the connection:
    // a send's stores start once the previous send's have landed. (Each connection's Send
    // Registers are a window of their own; sends issued together through several connections
    // would otherwise share the bus transaction by transaction and all land late together.)
    if (m_storing || m_storeQueue.empty())
    {
        return;
    }
    m_storing = true;
    const PendingSend p = std::move(m_storeQueue.front());
    m_storeQueue.pop_front();
    SendRegisters(p.vci)->Store(0,
                                p.regs.data(),
                                DART_SEND_REGISTER_BYTES,
                                MakeSanCallback<void>([this]() {
                                    m_storing = false;
                                    StoreNextSend();
                                }));
}

void
DartSendPath::SendRegistersLanded(uint16_t vci, uint64_t offset, const uint8_t* data, uint32_t len)
{
    NS_ASSERT(offset == 0 && len == DART_SEND_REGISTER_BYTES);
    uint16_t stored;
    DartControl ctl = DartControl::Decode(data, stored);
    CardSend(vci,
             ctl,
             DartGetWord(data + DartControl::BYTES),
             DartGetWord(data + DartControl::BYTES + 4),
             Simulator::Now());
}

void
DartSendPath::CardSend(uint16_t vci, DartControl ctl, uint32_t offset, uint32_t size, Time start)
{
    const DartConnection& c = Connection(vci);
    Ptr<DartCostModel> cost = m_engine.GetCostModel();
    const uint32_t cells = CellsFor(size);
    const double work = cost->GetSendWork() + (cells - 1) * cost->GetSendCellWork();
    DartAddressTranslation::Access access;
    access.endpoint = c.endpoint;
    access.offset = offset;
    access.bytes = size;
    access.missing = m_translation.CountMisses(c.endpoint, offset, size);
    Translating t{access, vci, ctl, offset, size, start};
    m_engine.RunWork(work, MakeSanCallback<void>([this, t]() {
                         m_translateQueue.push_back(t);
                         TranslateNext();
                     }));
}

void
DartSendPath::TranslateNext()
{
    // One translation at a time, in order: a send waiting for the host to load its pages
    // (a TLB miss) is not overtaken by a later one whose pages are in the TLB. Without a
    // miss, the DMA starts at once, as the translation takes no time.
    if (m_translating || m_translateQueue.empty())
    {
        return;
    }
    m_translating = true;
    const Translating t = m_translateQueue.front();
    m_translateQueue.pop_front();
    m_translation.Load(t.access, MakeSanCallback<void>([this, t]() {
                           m_translating = false;
                           m_dev.GetHostDma()->Transfer(
                               t.size,
                               MakeSanCallback<void>([this, t]() {
                                   const DartConnection& conn = Connection(t.vci);
                                   m_engine.Transmit(
                                       conn.remoteHost,
                                       ReadMessage(conn, t.ctl, t.offset, t.size),
                                       MakeSanCallback<void>([this, t]() {
                                           m_dev.TraceStage("send", t.start, Simulator::Now());
                                       }));
                               }));
                           TranslateNext();
                       }));
}

} // namespace ns3
