/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// DartNetDevice's receive path: the Operation Logic's side of the card (Osborne 1994,
// Figure 5), one message at a time in arrival order: decide (connection, variant, window,
// primitives, bounds), translate (TLB), do the work on the engine, commit, deposit, answer
// reads, post actions. The device shell, its tables and the send path are dart-net-device.cc.

#include "dart-context.h"
#include "dart-header.h"
#include "dart-net-device.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartReceivePath");

namespace
{

/// Bytes the host stores into the card to load one TLB entry (virtual page, frame).
constexpr uint32_t TLB_ENTRY_BYTES = 8;

} // namespace

void
DartNetDevice::ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost)
{
    NS_LOG_FUNCTION(this << srcHost);
    m_arrivals.push_back(Arrival{packet, srcHost, Simulator::Now()});
    StartNext();
}

void
DartNetDevice::InjectForTest(Ptr<const Packet> packet, uint32_t srcHost)
{
    ReceiveFromFabric(packet, srcHost);
}

Time
DartNetDevice::Work(double units) const
{
    return m_cost->GetEngine() == DartCostModel::HOST_KERNEL ? GetCpu()->InstructionsToTime(units)
                                                             : m_cost->Cycles(units);
}

void
DartNetDevice::RunWork(double units, Callback<void> done)
{
    if (m_kernelHolds)
    {
        // Inside the receive interrupt's handler, which keeps the CPU.
        Simulator::Schedule(Work(units), [done]() { done(); });
        return;
    }
    if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
    {
        GetCpu()->Execute(Work(units), done);
    }
    else
    {
        m_card->Submit(Work(units), done);
    }
}

void
DartNetDevice::StartNext()
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
DartNetDevice::Decide(const Arrival& a, Plan& plan)
{
    const uint32_t size = a.packet ? a.packet->GetSize() : 0;
    if (size < DartControl::BYTES + DartControl::BLOCK_BYTES)
    {
        Drop(MALFORMED, a.packet, a.src);
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
            Drop(MALFORMED, a.packet, a.src);
            return false;
        }
    }
    plan.cells = CellsFor(length);
    plan.data.assign(buf.begin() + DartControl::BYTES, buf.begin() + DartControl::BYTES + length);

    plan.conn = m_connections->Find(plan.vci);
    if (plan.conn == nullptr)
    {
        Drop(UNKNOWN_CONNECTION, a.packet, a.src);
        return false;
    }
    const DartConnection& c = *plan.conn;
    if (plan.ctl.instructionPointer)
    {
        // The variant: the operation lives at the destination, at the operand's offset.
        const uint32_t at = plan.ctl.operand;
        if (!m_endpoints.InBounds(c.endpoint, at, DartControl::BYTES))
        {
            Drop(OUT_OF_BOUNDS, a.packet, a.src);
            return false;
        }
        uint8_t word[DartControl::BYTES];
        m_endpoints.Find(c.endpoint)->frames->Read(at, word, DartControl::BYTES);
        uint16_t ignored;
        plan.ctl = DartControl::Decode(word, ignored);
        plan.ctl.instructionPointer = false;
        plan.missingPages += CountMisses(c.endpoint, at, DartControl::BYTES);
        plan.fetched = true;
        plan.fetchOffset = at;
    }
    if (!plan.ctl.IsImplemented())
    {
        Drop(UNIMPLEMENTED, a.packet, a.src);
        return false;
    }
    if (plan.cells > 1 && plan.ctl.opcode != DartOpcode::WRITE_MULTIPLE)
    {
        Drop(MALFORMED, a.packet, a.src);
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
            Drop(OUT_OF_WINDOW, a.packet, a.src);
            return false;
        }
        regs[s] = m_connections->GetRegister(c.regBase + plan.ctl.index[s]);
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
        if (want == 0 || want > GetMaxMessageBytes() ||
            (!plan.x.hasAddress && !plan.ctl.returnValue))
        {
            Drop(MALFORMED, a.packet, a.src);
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
        Drop(OUT_OF_BOUNDS, a.packet, a.src);
        return false;
    }
    plan.missingPages += CountMisses(c.endpoint, plan.accessOffset, plan.accessBytes);
    return true;
}

uint32_t
DartNetDevice::CountMisses(uint32_t endpoint, uint64_t offset, uint32_t len)
{
    if (len == 0)
    {
        return 0;
    }
    const DartEndpoint* e = m_endpoints.Find(endpoint);
    const uint64_t first = (e->virtualBase + offset) / m_pageSize;
    const uint64_t last = (e->virtualBase + offset + len - 1) / m_pageSize;
    uint32_t misses = 0;
    for (uint64_t vpn = first; vpn <= last; ++vpn)
    {
        uint64_t frame;
        if (!m_tlb->Lookup(endpoint, vpn, frame))
        {
            ++misses;
        }
    }
    return misses;
}

void
DartNetDevice::FillTlb(uint32_t endpoint, uint64_t offset, uint32_t len)
{
    if (len == 0)
    {
        return;
    }
    const DartEndpoint* e = m_endpoints.Find(endpoint);
    const uint64_t first = (e->virtualBase + offset) / m_pageSize;
    const uint64_t last = (e->virtualBase + offset + len - 1) / m_pageSize;
    for (uint64_t vpn = first; vpn <= last; ++vpn)
    {
        const uint64_t pageOffset = vpn * m_pageSize - e->virtualBase;
        m_tlb->Insert(endpoint, vpn, e->frames->Translate(pageOffset));
    }
}

void
DartNetDevice::LoadTlb(std::shared_ptr<Plan> plan, Callback<void> then)
{
    if (plan->missingPages == 0)
    {
        then();
        return;
    }
    const uint32_t endpoint = plan->conn->endpoint;
    const Time start = Simulator::Now();
    auto fill = [this, plan, endpoint, start, then]() {
        FillTlb(endpoint, plan->accessOffset, plan->accessBytes);
        if (plan->fetched)
        {
            FillTlb(endpoint, plan->fetchOffset, DartControl::BYTES);
        }
        Stage("tlb-miss", start, Simulator::Now());
        then();
    };
    const double instructions = m_cost->GetTlbMissInstructions() * plan->missingPages;
    if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
    {
        // Already in the kernel: the handler walks the page table itself.
        RunWork(instructions, Callback<void>(fill));
        return;
    }
    // The card raises an exception; the host's handler loads the entries into the card.
    ++m_interrupts;
    const uint32_t pages = plan->missingPages;
    GetCpu()->InterruptInstructions(instructions, Callback<void>([this, pages, fill]() {
                                        GetIoBus()->Pio(pages * TLB_ENTRY_BYTES,
                                                        Callback<void>(fill));
                                    }));
}

void
DartNetDevice::Execute(std::shared_ptr<Plan> plan)
{
    const double prims = plan->x.primitives * m_cost->GetPrimitiveWork() +
                         (plan->cells - 1) * m_cost->GetReceiveCellWork();
    auto afterLogic = [this, plan]() {
        LoadTlb(plan, Callback<void>([this, plan]() {
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
                    RunWork(blocks * m_cost->GetDepositWork(), Callback<void>([this, plan]() {
                                if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
                                {
                                    Finish(plan); // the kernel's copy was the deposit
                                    return;
                                }
                                GetDmaEngine()->Transfer(
                                    plan->accessBytes,
                                    Callback<void>([this, plan]() { Finish(plan); }));
                            }));
                }));
    };
    if (m_cost->GetEngine() != DartCostModel::HOST_KERNEL)
    {
        RunWork(m_cost->GetReceiveWork() + prims, Callback<void>([this, plan, afterLogic]() {
                    if (plan->fetched)
                    {
                        // The variant reads the operation from host memory first.
                        GetDmaEngine()->Transfer(DartControl::BYTES, Callback<void>(afterLogic));
                        return;
                    }
                    afterLogic();
                }));
        return;
    }
    // The software DART: the card interrupts; the handler reads the cells out of the receive
    // FIFO by programmed I/O (the processor stalls on the bus), then runs the Operation Logic.
    ++m_interrupts;
    const uint32_t fifoBytes = plan->cells * m_cost->GetFifoCellBytes();
    GetCpu()->InterruptHeld(Work(m_cost->GetReceiveWork()),
                            Callback<void>([this, fifoBytes, prims, afterLogic]() {
                                m_kernelHolds = true;
                                GetIoBus()->PioLoad(fifoBytes,
                                                    Callback<void>([this, prims, afterLogic]() {
                                                        RunWork(prims, Callback<void>(afterLogic));
                                                    }));
                            }));
}

void
DartNetDevice::ReleaseKernel()
{
    if (m_kernelHolds)
    {
        m_kernelHolds = false;
        GetCpu()->EndInterrupt();
    }
}

void
DartNetDevice::Finish(std::shared_ptr<Plan> plan)
{
    const DartConnection& c = *plan->conn;
    // Commit the registers.
    for (uint32_t s = 0; s < 3; ++s)
    {
        if (plan->x.written[s])
        {
            m_connections->SetRegister(c.regBase + plan->ctl.index[s], plan->x.regs[s]);
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
        PostAction(c.actionQueue,
                   DartAction{DartAction::SOFTWARE_EXCEPTION,
                              plan->vci,
                              plan->x.value,
                              plan->x.lhs,
                              plan->x.rhs});
    }
    else if (plan->x.condition)
    {
        PostAction(
            c.actionQueue,
            DartAction{DartAction::CONDITION, plan->vci, plan->x.value, plan->x.lhs, plan->x.rhs});
    }
    ++m_received;
    m_rxTrace(plan->packet);
    Stage("receive", plan->start, Simulator::Now());
    ReleaseKernel();
    m_busy = false;
    StartNext();
}

void
DartNetDevice::Reply(std::shared_ptr<Plan> plan)
{
    const Time start = Simulator::Now();
    RunWork(m_cost->GetReplyWork(), Callback<void>([this, plan, start]() {
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
                            ->frames->Read(plan->accessOffset,
                                           plan->data.data(),
                                           plan->accessBytes);
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
                    Ptr<Packet> p = BuildMessage(c.remoteVci,
                                                 reply,
                                                 plan->data.data(),
                                                 static_cast<uint32_t>(plan->data.size()));
                    ++m_readsServed;
                    Transmit(c.remoteHost,
                             p,
                             Callback<void>([this, plan, start]() {
                                 Stage("reply", start, Simulator::Now());
                                 if (plan->x.condition)
                                 {
                                     PostAction(plan->conn->actionQueue,
                                                DartAction{DartAction::CONDITION,
                                                           plan->vci,
                                                           plan->x.value,
                                                           plan->x.lhs,
                                                           plan->x.rhs});
                                 }
                                 ++m_received;
                                 m_rxTrace(plan->packet);
                                 Stage("receive", plan->start, Simulator::Now());
                                 ReleaseKernel();
                                 m_busy = false;
                                 StartNext();
                             }),
                             m_kernelHolds);
                };
                if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL || readBytes == 0)
                {
                    send();
                    return;
                }
                GetDmaEngine()->Transfer(readBytes, Callback<void>(send));
            }));
}

void
DartNetDevice::PostAction(uint32_t queue, const DartAction& action)
{
    ++m_actions;
    const bool exception = action.kind == DartAction::SOFTWARE_EXCEPTION;
    if (queue == DartConnection::NO_QUEUE)
    {
        // No queue: the kernel takes the interrupt and has nowhere to deliver it.
        ++m_interrupts;
        GetCpu()->InterruptInstructions(m_cost->GetExceptionInstructions(), Callback<void>());
        return;
    }
    ActionQueue& q = m_queues[queue];
    uint8_t entry[DartAction::BYTES];
    action.Encode(entry);
    Ptr<SanEventQueue> ring = q.ring;
    const bool interrupt = q.immediate || exception;
    Callback<void> handler = q.handler;
    auto push = [this, ring, interrupt, handler, entry]() {
        ring->Push(entry);
        if (interrupt)
        {
            ++m_interrupts;
            GetCpu()->InterruptInstructions(m_cost->GetExceptionInstructions(),
                                            handler.IsNull() ? Callback<void>() : handler);
        }
    };
    if (m_cost->GetEngine() == DartCostModel::HOST_KERNEL)
    {
        push(); // the kernel writes the entry itself
        return;
    }
    GetDmaEngine()->Transfer(DartAction::BYTES, Callback<void>(push));
}

void
DartNetDevice::Refused()
{
    ++m_errorTraps;
    auto next = [this]() {
        m_busy = false;
        StartNext();
    };
    if (m_trapOnErrors)
    {
        ++m_interrupts;
        GetCpu()->InterruptInstructions(m_cost->GetExceptionInstructions(), Callback<void>());
    }
    RunWork(m_cost->GetReceiveWork(), Callback<void>(next));
}

} // namespace ns3
