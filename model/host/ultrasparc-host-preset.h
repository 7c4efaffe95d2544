/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ULTRASPARC_HOST_PRESET_H
#define ULTRASPARC_HOST_PRESET_H

#include "san-host-preset.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief An UltraSPARC-II workstation with a Dolphin PCI/SCI adapter on its 33 MHz, 32-bit PCI
 * bus, the SCILAN paper's example of "more aggressive memory subsystems" (Ryan and Bryhni
 * 1998, section 4.3 and Table 2: the receiver copy at 214 MB/s on the 296 MHz UltraSPARC-II).
 *
 * The paper measured only the receiver copy on these machines; it calibrates the memory
 * system. Everything else is marked ASSUMED or cited in the attribute's comment. The
 * operating system (Solaris) costs only matter to a thread that sleeps.
 */
class UltraSparcHostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    UltraSparcHostPreset();

    std::string GetName() const override;
    Ptr<HostMemorySystem> CreateMemorySystem() const override;

  private:
    double m_systemClock;         //!< UPA clock
    double m_lineReadCycles;      //!< memory-system line read
    double m_memoryStoreCycles;   //!< memory-system store (fitted)
    double m_bridgeStoreCycles;   //!< store into the PCI bridge
    double m_inboundLineCycles;   //!< device line write
    uint32_t m_postedWriteBuffer; //!< bridge posting buffer
};

} // namespace ns3

#endif /* ULTRASPARC_HOST_PRESET_H */
