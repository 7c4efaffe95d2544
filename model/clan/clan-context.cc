/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-context.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanContext");

NS_OBJECT_ENSURE_REGISTERED(ClanContext);

namespace
{

/**
 * A process spinning on local words: re-armed on the host memory's write watch after every
 * write that touches them (what a processor spinning in its cache sees: the cache snoops the
 * write and the next load refills the line), until its test holds or the wait it serves is no
 * longer polling. Only the memory's watch list holds it, so a spin still pending when the
 * simulation ends is released with the memory (no reference cycle).
 */
class SpinWatch : public SimpleRefCount<SpinWatch>
{
  public:
    SpinWatch(HostMemory* memory,
              uint64_t address,
              uint32_t len,
              Callback<bool> ready,
              Ptr<HostCpuWait> wait,
              bool onlyWhilePolling)
        : m_memory(memory),
          m_address(address),
          m_len(len),
          m_ready(ready),
          m_wait(wait),
          m_onlyWhilePolling(onlyWhilePolling)
    {
    }

    /// Watch the words (again).
    void Arm()
    {
        m_memory->WatchWrites(m_address,
                              m_len,
                              MakeCallback(&SpinWatch::Check, Ptr<SpinWatch>(this)));
    }

    /// A write touched the words.
    void Check()
    {
        const HostCpuWait::State st = m_wait->GetState();
        if (m_onlyWhilePolling && st != HostCpuWait::POLLING && st != HostCpuWait::WAITING_FOR_CPU)
        {
            return; // asleep (a Tripwire wakes it) or done
        }
        if (m_ready())
        {
            m_wait->Signal();
            return;
        }
        Arm();
    }

  private:
    HostMemory* m_memory;    //!< the words' memory (it holds this watch)
    uint64_t m_address;      //!< first byte
    uint32_t m_len;          //!< bytes
    Callback<bool> m_ready;  //!< the loop's test
    Ptr<HostCpuWait> m_wait; //!< the waiting process
    bool m_onlyWhilePolling; //!< stop once the process sleeps
};

} // namespace

void
ClanContext::RequireStartUp(const char* caller)
{
    NS_ABORT_MSG_IF(!Simulator::Now().IsZero(),
                    caller << ": both ends wired at once is start-up configuration, before "
                              "Simulator::Run (now "
                           << Simulator::Now().As(Time::US)
                           << "); during a run, set ends up over the fabric (ClanConnection, "
                              "and each end's own half of the protocol)");
}

TypeId
ClanContext::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanContext")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<ClanContext>()
            // ASSUMED: the paper gives no sizes; 1024 events of 16 bytes (one 16 KB segment).
            .AddAttribute("EventQueueEntries",
                          "Entries of the process's asynchronous event queue.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&ClanContext::m_eventEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: 64 outstanding DMA requests per process.
            .AddAttribute("DmaQueueEntries",
                          "Entries of the process's DMA request queue.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&ClanContext::m_dmaEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: 32 out-of-band messages per endpoint.
            .AddAttribute("OobQueueEntries",
                          "Entries of each endpoint's out-of-band message queue.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&ClanContext::m_oobEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // Section 3: the library "makes it easy to write code which can be used both at
            // user-level and for in-kernel services" (IP, NFS): in the kernel a driver call is
            // a function call, not a system call.
            .AddAttribute("InKernel",
                          "The context is a kernel service's: driver calls cost their "
                          "instructions only (no system call).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ClanContext::m_inKernel),
                          MakeBooleanChecker());
    return tid;
}

ClanContext::ClanContext() = default;

ClanContext::~ClanContext() = default;

void
ClanContext::DoDispose()
{
    // The device's DMA scheduler calls this context back; a disposed device has dropped its
    // scheduler (nothing to forget then).
    if (m_nic && m_nic->GetDmaScheduler())
    {
        m_nic->GetDmaScheduler()->SetDoneCallback(m_dmaQueue, ClanDmaScheduler::DoneCallback());
    }
    m_nic = nullptr;
    m_events = nullptr;
    m_dmaDone.clear();
    m_endpointCache.clear();
    Object::DoDispose();
}

void
ClanContext::Open(Ptr<ClanNetDevice> nic)
{
    NS_ABORT_MSG_IF(!nic || !nic->IsAttached(), "ClanContext::Open: needs an attached device");
    NS_ABORT_MSG_IF(m_nic, "ClanContext::Open: already open");
    m_nic = nic;
    m_events = Create<ClanEventQueue>(nic->GetMemory(), nic->GetCpu(), m_eventEntries);
    Ptr<ClanDmaScheduler> dma = nic->GetDmaScheduler();
    m_dmaQueue = dma->AddQueue(m_dmaEntries, m_inKernel);
    dma->SetDoneCallback(m_dmaQueue, MakeCallback(&ClanContext::DmaCompleted, this));
}

void
ClanContext::SetTripwireHandler(uint32_t id, Callback<void> handler)
{
    m_nic->SetTripwireHandler(id, handler);
}

Ptr<HostCpu>
ClanContext::GetCpu() const
{
    return m_nic->GetCpu();
}

Ptr<HostMemory>
ClanContext::GetMemory() const
{
    return m_nic->GetMemory();
}

uint32_t
ClanContext::GetHost() const
{
    return m_nic->GetHostNumber();
}

void
ClanContext::DriverCall(ClanNetDevice::Call call, Callback<void> done, uint32_t count)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    if (count == 0)
    {
        if (!done.IsNull())
        {
            Simulator::ScheduleNow([done]() { done(); });
        }
        return;
    }
    Ptr<ClanContext> self(this);
    GetCpu()->SyscallInstructions(m_nic->GetCallInstructions(call),
                                  MakeSanCallback<void>([self, call, done, count]() {
                                      self->DriverCall(call, done, count - 1);
                                  }));
}

// ---------------------------------------------------------------------------------------------
// Memory and apertures

uint64_t
ClanContext::Allocate(uint64_t bytes, const std::string& name)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    return GetMemory()->Allocate(bytes, name);
}

ClanCookie
ClanContext::Export(uint64_t base, uint64_t size, Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    ClanCookie c = m_nic->CreateAperture(base, size);
    DriverCall(ClanNetDevice::APERTURE_CALL, done);
    return c;
}

uint64_t
ClanContext::Map(const ClanCookie& cookie, Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    const uint64_t base = m_nic->Import(cookie);
    DriverCall(ClanNetDevice::APERTURE_CALL, done);
    return base;
}

uint32_t
ClanContext::ReadLocalWord(uint64_t address) const
{
    uint8_t b[4];
    NS_ABORT_MSG_IF(!GetMemory()->Read(address, b, 4),
                    "ClanContext::ReadLocalWord: 0x" << std::hex << address << " is not memory");
    return (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
}

void
ClanContext::WriteLocalWord(uint64_t address, uint32_t value)
{
    const uint8_t b[4] = {static_cast<uint8_t>(value >> 24),
                          static_cast<uint8_t>(value >> 16),
                          static_cast<uint8_t>(value >> 8),
                          static_cast<uint8_t>(value)};
    NS_ABORT_MSG_IF(!GetMemory()->Write(address, b, 4),
                    "ClanContext::WriteLocalWord: 0x" << std::hex << address << " is not memory");
}

// ---------------------------------------------------------------------------------------------
// Programmed I/O

void
ClanContext::Write(uint64_t mapped, const uint8_t* data, uint32_t len, Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    NS_ABORT_MSG_IF(!m_nic->IsMapped(mapped, len),
                    "ClanContext::Write: " << len << " bytes at 0x" << std::hex << mapped
                                           << " are not mapped (segmentation fault)");
    Ptr<HostBus> bus = m_nic->GetIoBus();
    std::vector<uint8_t> bytes(data, data + len);
    Ptr<ClanNetDevice> nic = m_nic;
    // The processor issues the stores when it runs, and is held for as long as the bus takes
    // them (its write buffer drains no faster); each merged block leaves on its own.
    GetCpu()->GetResource()->SubmitWithStart(
        bus->GetPioTime(len),
        MakeSanCallback<void>([nic, bus, mapped, bytes]() {
            const uint32_t block = bus->GetPioBurstBytes();
            uint32_t at = 0;
            const uint32_t len = static_cast<uint32_t>(bytes.size());
            while (at < len)
            {
                const uint32_t room = block - static_cast<uint32_t>((mapped + at) % block);
                const uint32_t n = std::min(room, len - at);
                nic->Store(mapped + at, bytes.data() + at, n, Callback<void>());
                at += n;
            }
        }),
        done);
}

void
ClanContext::WriteWord(uint64_t mapped, uint32_t value, Callback<void> done)
{
    const uint8_t b[4] = {static_cast<uint8_t>(value >> 24),
                          static_cast<uint8_t>(value >> 16),
                          static_cast<uint8_t>(value >> 8),
                          static_cast<uint8_t>(value)};
    Write(mapped, b, 4, done);
}

void
ClanContext::Read(uint64_t mapped, uint32_t len, ReadCallback done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    Ptr<ClanNetDevice> nic = m_nic;
    Ptr<SanResource> cpu = GetCpu()->GetResource();
    // The processor stalls on the load until the reply is back.
    cpu->Acquire(MakeSanCallback<void>([nic, cpu, mapped, len, done]() {
        nic->Load(mapped, len, ReadCallback([cpu, done](const uint8_t* data, uint32_t n) {
                      cpu->Release();
                      if (!done.IsNull())
                      {
                          done(data, n);
                      }
                  }));
    }));
}

void
ClanContext::SpinUntil(uint64_t address, uint32_t len, Callback<bool> ready, Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    Ptr<HostCpuWait> wait = GetCpu()->CreateWait();
    wait->Begin(HostCpuWait::POLL, done);
    if (ready())
    {
        wait->Signal();
        return;
    }
    // Re-armed after every write that touches the words but leaves the test false.
    Create<SpinWatch>(PeekPointer(m_nic->GetMemory()), address, len, ready, wait, false)->Arm();
}

void
ClanContext::WaitUntil(uint64_t address,
                       uint32_t len,
                       Callback<bool> ready,
                       WaitMode mode,
                       uint32_t tripwire,
                       Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    switch (mode)
    {
    case SPIN:
        SpinUntil(address, len, ready, done);
        return;
    case TRIPWIRE: {
        // while (!ready) tripwire_wait(t): the bit is cleared before the test, so a firing
        // between the test and the wait is not lost (the wait returns at once).
        ClearTripwire(tripwire);
        if (ready())
        {
            if (!done.IsNull())
            {
                done();
            }
            return;
        }
        Ptr<ClanContext> self(this);
        WaitTripwire(tripwire, MakeSanCallback<void>([self, address, len, ready, tripwire, done]() {
                         self->WaitUntil(address, len, ready, TRIPWIRE, tripwire, done);
                     }));
        return;
    }
    case SPIN_THEN_TRIPWIRE: {
        // Poll for a while; if the word has not changed by then, sleep until the Tripwire's
        // interrupt routine wakes the process (the wake-up is charged then; the interrupt is
        // the device's).
        ClearTripwire(tripwire);
        if (ready())
        {
            if (!done.IsNull())
            {
                done();
            }
            return;
        }
        Ptr<ClanContext> self(this);
        Ptr<HostCpuWait> wait = GetCpu()->CreateWait();
        Ptr<ClanTripwireState> state = m_nic->GetTripwireState();
        auto token = std::make_shared<uint64_t>(ClanTripwireState::NOT_WAITING);
        wait->Begin(
            HostCpuWait::POLL_THEN_BLOCK,
            MakeSanCallback<void>([self, state, token, address, len, ready, tripwire, done]() {
                if (*token != ClanTripwireState::NOT_WAITING)
                {
                    state->Cancel(*token); // seen while polling: no longer waiting
                }
                if (ready())
                {
                    if (!done.IsNull())
                    {
                        done();
                    }
                    return;
                }
                self->WaitUntil(address, len, ready, SPIN_THEN_TRIPWIRE, tripwire, done);
            }));
        *token = state->Wait(tripwire, ClanTripwireState::WakeCallback([wait, token](uint32_t) {
                                 *token = ClanTripwireState::NOT_WAITING;
                                 wait->SignalInHandler();
                             }));
        // While it polls, the process sees the write itself, before the interrupt routine.
        Create<SpinWatch>(PeekPointer(m_nic->GetMemory()), address, len, ready, wait, true)->Arm();
        return;
    }
    }
    NS_ABORT_MSG("ClanContext::WaitUntil: unknown mode " << int(mode));
}

// ---------------------------------------------------------------------------------------------
// Tripwires

uint32_t
ClanContext::CreateTripwire(uint64_t address, uint32_t len, uint32_t flags, Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    NS_ABORT_MSG_IF(len == 0, "ClanContext::CreateTripwire: an empty range");
    Ptr<ClanTripwireTable> table = m_nic->GetTripwireTable();
    const uint32_t id = table->Allocate();
    NS_ABORT_MSG_IF(id == ClanTripwireTable::NO_TRIPWIRE,
                    "ClanContext::CreateTripwire: all " << table->GetCapacity()
                                                        << " Tripwires are in use");
    table->Set(id, address, address + len - 1, flags);
    table->Enable(id);
    m_nic->GetTripwireState()->Clear(id);
    // Allocate, set up, enable: three calls into the driver (section 3.3's API).
    DriverCall(ClanNetDevice::TRIPWIRE_CALL, done, 3);
    return id;
}

void
ClanContext::DestroyTripwire(uint32_t id)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    m_nic->GetTripwireTable()->Free(id);
    m_nic->GetTripwireState()->Release(id);
    m_nic->SetTripwireQueue(id, nullptr);
    m_events->Unregister(ClanEvent::TRIPWIRE, id);
    DriverCall(ClanNetDevice::TRIPWIRE_CALL, Callback<void>());
}

bool
ClanContext::TestTripwire(uint32_t id) const
{
    return m_nic->GetTripwireState()->Test(id);
}

void
ClanContext::ClearTripwire(uint32_t id)
{
    m_nic->GetTripwireState()->Clear(id);
}

void
ClanContext::BlockUntilWoken(std::function<uint64_t(ClanTripwireState::WakeCallback)> registerWait,
                             Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    // A system call; it returns at once if the bit is set, else the process sleeps until the
    // interrupt routine wakes it (the wake-up is charged then; the interrupt is the device's).
    Ptr<ClanContext> self(this);
    DriverCall(ClanNetDevice::TRIPWIRE_CALL, MakeSanCallback<void>([self, registerWait, done]() {
                   Ptr<HostCpuWait> wait = self->GetCpu()->CreateWait();
                   const uint64_t token = registerWait(ClanTripwireState::WakeCallback(
                       [wait](uint32_t) { wait->SignalInHandler(); }));
                   if (token == ClanTripwireState::NOT_WAITING)
                   {
                       wait->Signal(); // fired already
                   }
                   wait->Begin(HostCpuWait::BLOCK, done);
               }));
}

void
ClanContext::WaitTripwire(uint32_t id, Callback<void> done)
{
    Ptr<ClanTripwireState> state = m_nic->GetTripwireState();
    BlockUntilWoken(
        [state, id](ClanTripwireState::WakeCallback wake) { return state->Wait(id, wake); },
        done);
}

uint32_t
ClanContext::CreateTripset()
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    DriverCall(ClanNetDevice::TRIPWIRE_CALL, Callback<void>());
    return m_nic->GetTripwireState()->CreateTripset();
}

void
ClanContext::AddToTripset(uint32_t tripset, uint32_t id)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    m_nic->GetTripwireState()->AddToTripset(tripset, id);
    DriverCall(ClanNetDevice::TRIPWIRE_CALL, Callback<void>());
}

void
ClanContext::WaitTripset(uint32_t tripset, Callback<void> done)
{
    Ptr<ClanTripwireState> state = m_nic->GetTripwireState();
    BlockUntilWoken(
        [state, tripset](ClanTripwireState::WakeCallback wake) {
            return state->WaitAny(tripset, wake);
        },
        done);
}

// ---------------------------------------------------------------------------------------------
// Event queue

Ptr<ClanEventQueue>
ClanContext::GetEventQueue() const
{
    return m_events;
}

void
ClanContext::RegisterTripwireEvent(uint32_t id, uint64_t cookie)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    m_events->Register(ClanEvent::TRIPWIRE, id, cookie);
    m_nic->SetTripwireQueue(id, m_events);
    DriverCall(ClanNetDevice::TRIPWIRE_CALL, Callback<void>());
}

bool
ClanContext::PollEvent(ClanEvent& event)
{
    return m_events->Poll(event);
}

// ---------------------------------------------------------------------------------------------
// DMA

bool
ClanContext::Dma(uint64_t source,
                 uint64_t mapped,
                 uint32_t bytes,
                 Callback<void> issued,
                 Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    NS_ABORT_MSG_IF(!m_nic->IsMapped(mapped, bytes),
                    "ClanContext::Dma: " << bytes << " bytes at 0x" << std::hex << mapped
                                         << " are not mapped");
    ClanDmaRequest r;
    r.source = source;
    r.destination = mapped;
    r.bytes = bytes;
    r.tag = m_nextDmaTag++;
    if (!m_nic->GetDmaScheduler()->Enqueue(m_dmaQueue, r, issued))
    {
        return false;
    }
    m_dmaDone.emplace(r.tag, done);
    return true;
}

void
ClanContext::DmaCompleted(const ClanDmaRequest& request, uint32_t queue)
{
    auto it = m_dmaDone.find(request.tag);
    if (it == m_dmaDone.end())
    {
        return;
    }
    Callback<void> done = it->second;
    m_dmaDone.erase(it);
    m_events->Deliver(ClanEvent::DMA_DONE, static_cast<uint32_t>(request.tag));
    if (!done.IsNull())
    {
        done();
    }
}

uint32_t
ClanContext::GetDmaQueue() const
{
    return m_dmaQueue;
}

// ---------------------------------------------------------------------------------------------
// Endpoints

Ptr<ClanEndpoint>
ClanContext::OpenEndpoint(uint16_t port)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    if (!m_endpointCache.empty())
    {
        // "To amortise the relatively high cost of creating endpoints and their associated
        // resources, they may be cached and reused" (section 3.1).
        Ptr<ClanEndpoint> ep = m_endpointCache.back();
        m_endpointCache.pop_back();
        ep->Rebind(port);
        m_nic->AdoptEndpoint(ep);
        ++m_cacheHits;
        DriverCall(ClanNetDevice::TRIPWIRE_CALL, Callback<void>());
        return ep;
    }
    DriverCall(ClanNetDevice::ENDPOINT_CALL, Callback<void>());
    return m_nic->CreateEndpoint(port, m_oobEntries);
}

void
ClanContext::CloseEndpoint(uint16_t port)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    Ptr<ClanEndpoint> ep = m_nic->GetEndpoint(port);
    NS_ABORT_MSG_IF(!ep, "ClanContext::CloseEndpoint: no endpoint on port " << port);
    m_nic->DestroyEndpoint(port);
    ep->GetQueue()->CancelWait(); // nobody waits on a closed endpoint
    m_endpointCache.push_back(ep);
    DriverCall(ClanNetDevice::TRIPWIRE_CALL, Callback<void>());
}

void
ClanContext::SendOob(uint32_t dstHost,
                     uint16_t dstPort,
                     uint16_t srcPort,
                     const uint8_t* payload,
                     Callback<void> done)
{
    NS_ABORT_MSG_IF(!m_nic, "ClanContext: not open");
    std::vector<uint8_t> bytes(payload, payload + ClanNetDevice::OOB_PAYLOAD_BYTES);
    Ptr<ClanNetDevice> nic = m_nic;
    // The process goes on once the call returns (the driver's stores are posted).
    DriverCall(ClanNetDevice::OOB_CALL,
               MakeSanCallback<void>([nic, dstHost, dstPort, srcPort, bytes, done]() {
                   nic->SendOob(dstHost, dstPort, srcPort, bytes.data(), Callback<void>());
                   if (!done.IsNull())
                   {
                       done();
                   }
               }));
}

uint64_t
ClanContext::GetNEndpointCacheHits() const
{
    return m_cacheHits;
}

} // namespace ns3
