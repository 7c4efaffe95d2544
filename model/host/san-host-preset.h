/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_HOST_PRESET_H
#define SAN_HOST_PRESET_H

#include "host-bus.h"
#include "host-cpu.h"
#include "host-memory-system.h"
#include "host-memory.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief A host machine as data: the attribute values that make a HostCpu, HostBus and
 * HostMemory behave as one of the papers' hosts. SanHostHelper applies a preset to every host
 * it creates, then the helper's own attribute settings on top.
 *
 * A preset's values are its own attributes, each citing its source, so a user can inspect
 * and change them like any ns-3 attribute. Subclasses implement Configure().
 */
class SanHostPreset : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return a short name for provenance records ("hp-j200", ...)
    virtual std::string GetName() const = 0;

    /**
     * \brief Set the parts' attributes to this machine's values (every value the preset set).
     * \param cpu the processor
     * \param ioBus the I/O bus
     * \param memory the memory
     */
    virtual void Configure(Ptr<HostCpu> cpu, Ptr<HostBus> ioBus, Ptr<HostMemory> memory) const;

    /**
     * \brief The host's system bus and copy loops, for presets whose memory system is part of
     * what they model (SCILAN's hosts).
     * \return a configured HostMemorySystem, or null (the default: not modelled)
     */
    virtual Ptr<HostMemorySystem> CreateMemorySystem() const;

  protected:
    SanHostPreset();

    /// Keeps the part's own default (an attribute a preset leaves unset).
    static constexpr uint32_t UNSET = 0xffffffff;

    // The values Configure() applies; each preset declares attributes bound to the ones it
    // sets, with its defaults and their sources. Unset values (0 Hz, a negative time, UNSET)
    // leave the part's own default.
    double m_cpuClock{0};                  //!< CPU Hz
    double m_cpi{0};                       //!< cycles per instruction
    Time m_syscallCost{Seconds(-1)};       //!< system call entry and exit
    Time m_interruptLatency{Seconds(-1)};  //!< interrupt dispatch
    Time m_wakeupLatency{Seconds(-1)};     //!< scheduler wake-up of a blocked process
    Time m_pollInterval{Seconds(-1)};      //!< one iteration of a poll loop
    double m_busClock{0};                  //!< I/O bus Hz
    uint32_t m_busWidth{UNSET};            //!< bytes per beat
    uint32_t m_burstLength{UNSET};         //!< beats per DMA transaction
    uint32_t m_transactionCycles{UNSET};   //!< overhead cycles per DMA transaction
    uint32_t m_pioStoreBytes{UNSET};       //!< bytes per PIO store
    uint32_t m_pioCycles{UNSET};           //!< overhead cycles per PIO store
    uint32_t m_pioLoadCycles{UNSET};       //!< overhead cycles per PIO load
    uint32_t m_arbitrationCycles{UNSET};   //!< cycles per bus grant
    uint32_t m_pioBurstLength{UNSET};      //!< stores merged per PIO write transaction
    uint32_t m_dmaReadLatency{UNSET};      //!< extra cycles per DMA read burst
    Time m_postedWriteDelay{Seconds(-1)};  //!< store held before the I/O bus
    Time m_inboundWriteDelay{Seconds(-1)}; //!< device write to processor-visible
};

/**
 * \ingroup san
 * \brief The HP 9000 Series J200 with its GSC+ I/O bus, the host of Hamlyn 1995 (section 4.2).
 */
class HpJ200HostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HpJ200HostPreset();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* SAN_HOST_PRESET_H */
