/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PENTIUM_NT_HOST_PRESET_H
#define PENTIUM_NT_HOST_PRESET_H

#include "san-host-preset.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The SCILAN paper's reference hosts (Ryan and Bryhni 1998, section 4.1): 200 MHz
 * Pentium motherboards with Intel's 430HX chipset and 512 KB of cache under Windows NT 4.0
 * (build 1381, service pack 3), with their network cards on a 33 MHz, 32-bit PCI bus.
 *
 * The paper gives the operating system's kernel entry ("roughly 6000 CPU cycles", section 2.2)
 * and interrupt latency (the second-stage handler runs "only after 6000 cycles", section 5.2):
 * inputs here. What it does not give is marked ASSUMED in the attribute's comment.
 */
class PentiumNtHostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    PentiumNtHostPreset();

    std::string GetName() const override;
    Ptr<HostMemorySystem> CreateMemorySystem() const override;

  private:
    double m_lineReadCycles;      //!< memory-system line read (fitted)
    double m_memoryStoreCycles;   //!< memory-system store (fitted)
    uint32_t m_postedWriteBuffer; //!< bridge posting buffer
};

} // namespace ns3

#endif /* PENTIUM_NT_HOST_PRESET_H */
