/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-engine.h"

#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartEngine");

DartEngine::DartEngine(DartCard& card)
    : m_dev(card)
{
}

void
DartEngine::SetCostModel(Ptr<DartCostModel> cost)
{
    m_cost = cost;
}

Ptr<DartCostModel>
DartEngine::GetCostModel() const
{
    return m_cost;
}

void
DartEngine::Start()
{
    m_card = CreateObject<SanResource>();
}

void
DartEngine::Dispose()
{
    m_cost = nullptr;
    if (m_card != nullptr)
    {
        m_card->Dispose(); // drops the steps in its queue, which may hold what holds it
        m_card = nullptr;
    }
}

bool
DartEngine::IsHostKernel() const
{
    return m_cost->GetEngine() == DartCostModel::HOST_KERNEL;
}

Time
DartEngine::Work(double units) const
{
    return IsHostKernel() ? m_dev.GetHostCpu()->InstructionsToTime(units) : m_cost->Cycles(units);
}

void
DartEngine::RunWork(double units, Callback<void> done)
{
    if (m_kernelHolds)
    {
        // Inside the receive interrupt's handler, which keeps the CPU.
        Simulator::Schedule(Work(units), [done]() { done(); });
        return;
    }
    if (IsHostKernel())
    {
        m_dev.GetHostCpu()->Execute(Work(units), done);
    }
    else
    {
        m_card->Submit(Work(units), done);
    }
}

void
DartEngine::Interrupt(double instructions, Callback<void> handler)
{
    ++m_interrupts;
    m_dev.GetHostCpu()->InterruptInstructions(instructions, handler);
}

void
DartEngine::InterruptHeld(double units, Callback<void> held)
{
    ++m_interrupts;
    m_dev.GetHostCpu()->InterruptHeld(Work(units), held);
}

void
DartEngine::HoldKernel()
{
    m_kernelHolds = true;
}

bool
DartEngine::IsKernelHeld() const
{
    return m_kernelHolds;
}

void
DartEngine::ReleaseKernel()
{
    if (m_kernelHolds)
    {
        m_kernelHolds = false;
        m_dev.GetHostCpu()->EndInterrupt();
    }
}

void
DartEngine::Transmit(uint32_t dst, Ptr<Packet> packet, Callback<void> done, bool cpuHeld)
{
    auto hand = [this, dst, packet, done]() {
        ++m_sent;
        m_dev.HandToFabric(dst, packet);
        if (!done.IsNull())
        {
            done();
        }
    };
    const uint32_t fifoBytes = m_cost->GetFifoCellBytes();
    if (!IsHostKernel() || fifoBytes == 0)
    {
        hand();
        return;
    }
    // The host stores every cell into the card's transmit FIFO; the processor stalls on the
    // I/O bus meanwhile.
    const uint32_t bytes = (packet->GetSize() + 47) / 48 * fifoBytes;
    Ptr<HostBus> bus = m_dev.GetHostIoBus();
    if (cpuHeld)
    {
        bus->Pio(bytes, Callback<void>(hand));
        return;
    }
    Ptr<SanResource> cpu = m_dev.GetHostCpu()->GetResource();
    cpu->Acquire(MakeSanCallback<void>([this, cpu, bytes, hand]() {
        m_dev.GetHostIoBus()->Pio(bytes, MakeSanCallback<void>([cpu, hand]() {
                                      cpu->Release();
                                      hand();
                                  }));
    }));
}

Ptr<SanResource>
DartEngine::GetCardProcessor() const
{
    return m_card;
}

uint64_t
DartEngine::GetNSent() const
{
    return m_sent;
}

uint64_t
DartEngine::GetNInterrupts() const
{
    return m_interrupts;
}

} // namespace ns3
