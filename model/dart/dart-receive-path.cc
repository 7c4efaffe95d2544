/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-receive-path.h"

#include "dart-header.h"
#include "dart-net-device.h"
#include "dart-send-path.h"

#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartReceivePath");

DartReceivePath::DartReceivePath(DartCard& card,
                                 DartEngine& engine,
                                 DartAddressTranslation& translation,
                                 DartActionQueues& queues,
                                 const DartConnectionTable& connections,
                                 DartRegisterFile& registers,
                                 const DartEndpointTable& endpoints)
    : m_dev(card),
      m_engine(engine),
      m_translation(translation),
      m_queues(queues),
      m_connections(connections),
      m_registers(registers),
      m_endpoints(endpoints)
{
}

void
DartReceivePath::SetTrapOnErrors(bool trap)
{
    m_trapOnErrors = trap;
}

bool
DartReceivePath::GetTrapOnErrors() const
{
    return m_trapOnErrors;
}

void
DartReceivePath::Clear()
{
    m_arrivals.clear();
}

uint64_t
DartReceivePath::GetNReceived() const
{
    return m_received;
}

uint64_t
DartReceivePath::GetNReadsServed() const
{
    return m_readsServed;
}

uint64_t
DartReceivePath::GetNErrorTraps() const
{
    return m_errorTraps;
}

DartAddressTranslation::Access
DartReceivePath::Plan::GetAccess() const
{
    DartAddressTranslation::Access access;
    access.endpoint = conn->endpoint;
    access.missing = missingPages;
    access.offset = accessOffset;
    access.bytes = accessBytes;
    access.fetched = fetched;
    access.fetchOffset = fetchOffset;
    return access;
}

void
DartReceivePath::Receive(Ptr<const Packet> packet, uint32_t srcHost)
{
    NS_LOG_FUNCTION(this << srcHost);
    m_arrivals.push_back(Arrival{packet, srcHost, Simulator::Now()});
    StartNext();
}

void
DartReceivePath::StartNext()
{
    if (m_busy || m_arrivals.empty())
    {
        return;
    }
    m_busy = true;
    Arrival a = m_arrivals.front();
    m_arrivals.pop_front();
    auto plan = std::make_shared<Plan>();
    plan->start = a.at;
    plan->packet = a.packet;
    if (!Decide(a, *plan))
    {
        Refused();
        return;
    }
    Execute(plan);
}

bool
DartReceivePath::Decide(const Arrival& a, Plan& plan)
{
    const uint32_t size = a.packet ? a.packet->GetSize() : 0;
    if (size < DartControl::BYTES + DartControl::BLOCK_BYTES)
    {
        m_dev.RefuseMessage(DartNetDevice::MALFORMED, a.packet, a.src);
        return false;
    }
    std::vector<uint8_t> buf(size);
    a.packet->CopyData(buf.data(), size);
    plan.ctl = DartControl::Decode(buf.data(), plan.vci);
    uint32_t length = DartControl::BLOCK_BYTES;
    if (size > DartControl::BYTES + DartControl::BLOCK_BYTES)
    {
        length = (static_cast<uint32_t>(buf[size - 6]) << 8) | buf[size - 5];
        if (length <= DartControl::BLOCK_BYTES || size != DartControl::BYTES + length +
                                                              DartAal5Trailer::GetPadding(length) +
                                                              DartAal5Trailer::BYTES)
        {
            m_dev.RefuseMessage(DartNetDevice::MALFORMED, a.packet, a.src);
            return false;
        }
    }
    plan.cells = DartSendPath::CellsFor(length);
    plan.data.assign(buf.begin() + DartControl::BYTES, buf.begin() + DartControl::BYTES + length);

    plan.conn = m_connections.Find(plan.vci);
    if (plan.conn == nullptr)
    {
        m_dev.RefuseMessage(DartNetDevice::UNKNOWN_CONNECTION, a.packet, a.src);
        return false;
    }
    const DartConnection& c = *plan.conn;
    if (plan.ctl.instructionPointer)
    {
        // The variant: the operation lives at the destination, at the operand's offset.
        const uint32_t at = plan.ctl.operand;
        if (!m_endpoints.InBounds(c.endpoint, at, DartControl::BYTES))
        {
            m_dev.RefuseMessage(DartNetDevice::OUT_OF_BOUNDS, a.packet, a.src);
            return false;
        }
        uint8_t word[DartControl::BYTES];
        m_endpoints.Find(c.endpoint)->frames->Read(at, word, DartControl::BYTES);
        uint16_t ignored;
        plan.ctl = DartControl::Decode(word, ignored);
        plan.ctl.instructionPointer = false;
        plan.missingPages += m_translation.CountMisses(c.endpoint, at, DartControl::BYTES);
        plan.fetched = true;
        plan.fetchOffset = at;
    }
    if (!plan.ctl.IsImplemented())
    {
        m_dev.RefuseMessage(DartNetDevice::UNIMPLEMENTED, a.packet, a.src);
        return false;
    }
    if (plan.cells > 1 && plan.ctl.opcode != DartOpcode::WRITE_MULTIPLE)
    {
        m_dev.RefuseMessage(DartNetDevice::MALFORMED, a.packet, a.src);
        return false;
    }
    const uint32_t used = plan.ctl.GetUsedSlots();
    uint32_t regs[3] = {0, 0, 0};
    for (uint32_t s = 0; s < 3; ++s)
    {
        if ((used & (1u << s)) == 0)
        {
            continue;
        }
        if (!DartConnectionTable::InWindow(c, plan.ctl.index[s]))
        {
            m_dev.RefuseMessage(DartNetDevice::OUT_OF_WINDOW, a.packet, a.src);
            return false;
        }
        regs[s] = m_registers.Get(c.regBase + plan.ctl.index[s]);
    }
    plan.x = DartOperationLogic::Execute(plan.ctl, regs);

    // The memory the opcode touches.
    plan.accessBytes = 0;
    switch (plan.ctl.opcode)
    {
    case DartOpcode::WRITE:
        plan.accessBytes = plan.x.hasAddress && plan.ctl.mask != 0 ? DartControl::BLOCK_BYTES : 0;
        break;
    case DartOpcode::WRITE_MULTIPLE:
        plan.accessBytes = plan.x.hasAddress ? length : 0;
        break;
    case DartOpcode::READ:
    case DartOpcode::READ_MULTIPLE: {
        plan.replyOffset = DartGetWord(plan.data.data());
        const uint32_t want = plan.ctl.opcode == DartOpcode::READ
                                  ? DartControl::BLOCK_BYTES
                                  : DartGetWord(plan.data.data() + 4);
        plan.replyTag = DartGetWord(plan.data.data() + 8);
        if (want == 0 || want > m_dev.GetMaxMessageBytes() ||
            (!plan.x.hasAddress && !plan.ctl.returnValue))
        {
            m_dev.RefuseMessage(DartNetDevice::MALFORMED, a.packet, a.src);
            return false;
        }
        plan.accessBytes = plan.ctl.returnValue ? 0 : want;
        if (plan.ctl.returnValue)
        {
            plan.data.assign(DartControl::BLOCK_BYTES, 0);
        }
        else
        {
            plan.data.assign(want, 0);
        }
        break;
    }
    default:
        break;
    }
    plan.accessOffset = plan.x.address;
    if (plan.accessBytes > 0 &&
        !m_endpoints.InBounds(c.endpoint, plan.accessOffset, plan.accessBytes))
    {
        m_dev.RefuseMessage(DartNetDevice::OUT_OF_BOUNDS, a.packet, a.src);
        return false;
    }
    plan.missingPages += m_translation.CountMisses(c.endpoint, plan.accessOffset, plan.accessBytes);
    return true;
}

void
DartReceivePath::Execute(std::shared_ptr<Plan> plan)
{
    const double prims = plan->x.primitives * m_engine.GetCostModel()->GetPrimitiveWork() +
                         (plan->cells - 1) * m_engine.GetCostModel()->GetReceiveCellWork();
    auto afterLogic = [this, plan]() {
        m_translation.Load(plan->GetAccess(), MakeSanCallback<void>([this, plan]() {
                               const uint32_t blocks =
                                   (plan->ctl.opcode == DartOpcode::WRITE ||
                                    plan->ctl.opcode == DartOpcode::WRITE_MULTIPLE)
                                       ? (plan->accessBytes + DartControl::BLOCK_BYTES - 1) /
                                             DartControl::BLOCK_BYTES
                                       : 0;
                               if (blocks == 0)
                               {
                                   Finish(plan);
                                   return;
                               }
                               m_engine.RunWork(
                                   blocks * m_engine.GetCostModel()->GetDepositWork(),
                                   MakeSanCallback<void>([this, plan]() {
                                       if (m_engine.IsHostKernel())
                                       {
                                           Finish(plan); // the kernel's copy was the deposit
                                           return;
                                       }
                                       m_dev.GetHostDma()->Transfer(
                                           plan->accessBytes,
                                           MakeSanCallback<void>([this, plan]() { Finish(plan); }));
                                   }));
                           }));
    };
    if (!m_engine.IsHostKernel())
    {
        m_engine.RunWork(m_engine.GetCostModel()->GetReceiveWork() + prims,
                         MakeSanCallback<void>([this, plan, afterLogic]() {
                             if (plan->fetched)
                             {
                                 // The variant reads the operation from host memory first.
                                 m_dev.GetHostDma()->Transfer(DartControl::BYTES,
                                                              Callback<void>(afterLogic));
                                 return;
                             }
                             afterLogic();
                         }));
        return;
    }
    // The software DART: the card interrupts; the handler reads the cells out of the receive
    // FIFO by programmed I/O (the processor stalls on the bus), then runs the Operation Logic.
    const uint32_t fifoBytes = plan->cells * m_engine.GetCostModel()->GetFifoCellBytes();
    m_engine.InterruptHeld(m_engine.GetCostModel()->GetReceiveWork(),
                           MakeSanCallback<void>([this, fifoBytes, prims, afterLogic]() {
                               m_engine.HoldKernel();
                               m_dev.GetHostIoBus()->PioLoad(
                                   fifoBytes,
                                   MakeSanCallback<void>([this, prims, afterLogic]() {
                                       m_engine.RunWork(prims, Callback<void>(afterLogic));
                                   }));
                           }));
}

void
DartReceivePath::Finish(std::shared_ptr<Plan> plan)
{
    const DartConnection& c = *plan->conn;
    // Commit the registers.
    for (uint32_t s = 0; s < 3; ++s)
    {
        if (plan->x.written[s])
        {
            m_registers.Set(c.regBase + plan->ctl.index[s], plan->x.regs[s]);
        }
    }
    Ptr<HostPinnedRegion> frames = m_endpoints.Find(c.endpoint)->frames;
    const bool write =
        plan->ctl.opcode == DartOpcode::WRITE || plan->ctl.opcode == DartOpcode::WRITE_MULTIPLE;
    if (write && plan->accessBytes > 0)
    {
        if (plan->accessBytes == DartControl::BLOCK_BYTES && plan->ctl.opcode == DartOpcode::WRITE)
        {
            for (uint32_t w = 0; w < DartControl::BLOCK_BYTES / 4; ++w)
            {
                if (plan->ctl.mask & (1u << w))
                {
                    frames->Write(plan->accessOffset + 4 * w, plan->data.data() + 4 * w, 4);
                }
            }
        }
        else
        {
            frames->Write(plan->accessOffset, plan->data.data(), plan->accessBytes);
        }
    }
    if (plan->ctl.opcode == DartOpcode::READ || plan->ctl.opcode == DartOpcode::READ_MULTIPLE)
    {
        Reply(plan);
        return;
    }
    // End of the message: the actions.
    if (plan->ctl.opcode == DartOpcode::SOFTWARE_EXCEPTION)
    {
        m_queues.Post(c.actionQueue,
                      DartAction{DartAction::SOFTWARE_EXCEPTION,
                                 plan->vci,
                                 plan->x.value,
                                 plan->x.lhs,
                                 plan->x.rhs});
    }
    else if (plan->x.condition)
    {
        m_queues.Post(
            c.actionQueue,
            DartAction{DartAction::CONDITION, plan->vci, plan->x.value, plan->x.lhs, plan->x.rhs});
    }
    Done(*plan);
}

void
DartReceivePath::Done(const Plan& plan)
{
    ++m_received;
    m_dev.MessageCompleted(plan.packet);
    m_dev.TraceStage("receive", plan.start, Simulator::Now());
    m_engine.ReleaseKernel();
    m_busy = false;
    StartNext();
}

void
DartReceivePath::Reply(std::shared_ptr<Plan> plan)
{
    const Time start = Simulator::Now();
    m_engine.RunWork(
        m_engine.GetCostModel()->GetReplyWork(),
        MakeSanCallback<void>([this, plan, start]() {
            const uint32_t readBytes = plan->accessBytes;
            auto send = [this, plan, start]() {
                const DartConnection& c = *plan->conn;
                if (plan->ctl.returnValue)
                {
                    DartPutWord(plan->data.data(), plan->x.value);
                    DartPutWord(plan->data.data() + 4, plan->replyTag);
                }
                else
                {
                    m_endpoints.Find(c.endpoint)
                        ->frames->Read(plan->accessOffset, plan->data.data(), plan->accessBytes);
                    if (plan->ctl.opcode == DartOpcode::READ)
                    {
                        for (uint32_t w = 0; w < DartControl::BLOCK_BYTES / 4; ++w)
                        {
                            if ((plan->ctl.mask & (1u << w)) == 0)
                            {
                                std::memset(plan->data.data() + 4 * w, 0, 4);
                            }
                        }
                    }
                }
                DartControl reply;
                reply.opcode = plan->data.size() > DartControl::BLOCK_BYTES
                                   ? DartOpcode::WRITE_MULTIPLE
                                   : DartOpcode::WRITE;
                reply.addressing = DartAddressing::DIRECT;
                reply.operand = plan->replyOffset;
                Ptr<Packet> p =
                    DartSendPath::BuildMessage(c.remoteVci,
                                               reply,
                                               plan->data.data(),
                                               static_cast<uint32_t>(plan->data.size()));
                ++m_readsServed;
                m_engine.Transmit(c.remoteHost,
                                  p,
                                  MakeSanCallback<void>([this, plan, start]() {
                                      m_dev.TraceStage("reply", start, Simulator::Now());
                                      if (plan->x.condition)
                                      {
                                          m_queues.Post(plan->conn->actionQueue,
                                                        DartAction{DartAction::CONDITION,
                                                                   plan->vci,
                                                                   plan->x.value,
                                                                   plan->x.lhs,
                                                                   plan->x.rhs});
                                      }
                                      Done(*plan);
                                  }),
                                  m_engine.IsKernelHeld());
            };
            if (m_engine.IsHostKernel() || readBytes == 0)
            {
                send();
                return;
            }
            m_dev.GetHostDma()->Transfer(readBytes, Callback<void>(send));
        }));
}

void
DartReceivePath::Refused()
{
    ++m_errorTraps;
    auto next = [this]() {
        m_busy = false;
        StartNext();
    };
    if (m_trapOnErrors)
    {
        m_engine.Interrupt(m_engine.GetCostModel()->GetExceptionInstructions(), Callback<void>());
    }
    m_engine.RunWork(m_engine.GetCostModel()->GetReceiveWork(), Callback<void>(next));
}

} // namespace ns3
