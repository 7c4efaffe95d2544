/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_HOST_PRESET_H
#define SAN_HOST_PRESET_H

#include "host-bus.h"
#include "host-cpu.h"
#include "host-memory.h"

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
     * \brief Set the parts' attributes to this machine's values.
     * \param cpu the processor
     * \param ioBus the I/O bus
     * \param memory the memory
     */
    virtual void Configure(Ptr<HostCpu> cpu, Ptr<HostBus> ioBus, Ptr<HostMemory> memory) const = 0;
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
    void Configure(Ptr<HostCpu> cpu, Ptr<HostBus> ioBus, Ptr<HostMemory> memory) const override;

  private:
    double m_cpuClock;            //!< Hz
    double m_cpi;                 //!< cycles per instruction
    double m_busClock;            //!< GSC+ Hz
    uint32_t m_busWidth;          //!< bytes per beat
    uint32_t m_burstLength;       //!< beats per transaction
    uint32_t m_transactionCycles; //!< overhead cycles per transaction
    uint32_t m_pioStoreBytes;     //!< bytes per PIO store
    uint32_t m_pioCycles;         //!< overhead cycles per PIO store
};

} // namespace ns3

#endif /* SAN_HOST_PRESET_H */
