/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_TRIPWIRE_FIFO_H
#define CLAN_TRIPWIRE_FIFO_H

#include "ns3/callback.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/san-fifo.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The CLAN NIC's FIFO of fired Tripwire ids and the interrupt routine that serves it
 * (Riddoch et al. 1999, sections 2.5 and 5.3): "when a Tripwire fires the NIC places an
 * integer identifier for the Tripwire into a FIFO and raises an interrupt". The routine holds
 * the CPU; it reads an id with one PCI load, which completes no earlier than the incoming write
 * that tripped the id is visible in memory (PCI ordering: the load does not pass the posted
 * write); it does its work on the id and returns, interrupting again if more wait -- or, with
 * "drain", serves every id including those that arrive meanwhile, ending with the load that
 * finds the FIFO empty. ClanNetDevice owns one; it says what the work on an id costs and does.
 */
class ClanTripwireFifo
{
  public:
    /// The routine's work on an id: its time on the CPU.
    typedef Callback<Time, uint32_t> WorkCallback;
    /// The routine's work on an id done: fire it.
    typedef Callback<void, uint32_t> FireCallback;

    /// \param cpu the host's CPU \param bus its I/O bus \param work an id's time
    /// \param fire an id's effect
    void Setup(Ptr<HostCpu> cpu, Ptr<HostBus> bus, WorkCallback work, FireCallback fire);
    /// \param depth entries \param drain one interrupt serves every waiting id
    void Configure(uint32_t depth, bool drain);
    /// \return entries
    uint32_t GetDepth() const;
    /// \return true if one interrupt serves every waiting id
    bool IsDraining() const;

    /**
     * \brief A Tripwire fired: queue its id (lost, and counted, if the FIFO is full).
     * \param id the Tripwire
     * \param write the incoming write that tripped it (0: none)
     */
    void Push(uint32_t id, uint64_t write);
    /// \brief Raise the interrupt unless the routine is pending or running, or nothing waits.
    void Raise();
    /// \brief Incoming write \p write is visible in memory (a held FIFO read may complete).
    /// \param write its number
    void WriteVisible(uint64_t write);

    /// \return interrupts raised
    uint64_t GetNInterrupts() const;
    /// \return ids served
    uint64_t GetNIds() const;
    /// \return ids lost to a full FIFO
    uint64_t GetNOverflows() const;
    /// \brief Forget the callbacks and the held read (the device is disposed).
    void Clear();

  private:
    /// A fired Tripwire's id in the FIFO.
    struct Entry
    {
        uint32_t id;    //!< the Tripwire
        uint64_t write; //!< the incoming write that tripped it (0: none)
    };

    /// The routine runs (CPU held): read the next id, or end.
    void Serve();
    /// The routine's load of \p id has completed. \param id the Tripwire
    void IdRead(uint32_t id);

    Ptr<HostCpu> m_cpu;        //!< the host's CPU
    Ptr<HostBus> m_bus;        //!< its I/O bus
    WorkCallback m_work;       //!< an id's time
    FireCallback m_fire;       //!< an id's effect
    uint32_t m_depth{1024};    //!< entries
    bool m_drain{false};       //!< one interrupt serves all
    SanFifo<Entry> m_fifo;     //!< the ids
    uint64_t m_visible{0};     //!< the last incoming write visible
    uint64_t m_heldFor{0};     //!< a read held until this write
    Callback<void> m_heldRead; //!< its completion
    bool m_pending{false};     //!< interrupt raised or routine running
    uint64_t m_interrupts{0};  //!< interrupts raised
    uint64_t m_ids{0};         //!< ids served
    uint64_t m_overflows{0};   //!< ids lost
};

} // namespace ns3

#endif /* CLAN_TRIPWIRE_FIFO_H */
