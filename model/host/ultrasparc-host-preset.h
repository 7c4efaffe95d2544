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
 * \brief What the UltraSPARC workstations of the SCILAN paper share (Ryan and Bryhni 1998,
 * section 4.3 and Table 2): a Dolphin PCI/SCI adapter on a 33 MHz, 32-bit PCI bus, 64-byte
 * lines and block stores, and a memory system that the paper's receiver copy calibrates.
 * The two machines of Table 2 are UltraSparc1HostPreset and UltraSparc2HostPreset; each
 * gives its own defaults, with their sources, to AddAttributes.
 */
class UltraSparcHostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    Ptr<HostMemorySystem> CreateMemorySystem() const override;

  protected:
    UltraSparcHostPreset();

    /// One machine's defaults.
    struct Defaults
    {
        double cpuClock;          //!< processor Hz
        double systemClock;       //!< system interconnect Hz
        double lineReadCycles;    //!< a 64-byte line read from memory
        double memoryStoreCycles; //!< an 8-byte store into memory (the fitted figure)
    };

    /**
     * \brief Add the attributes of an UltraSPARC preset to \p tid.
     * \param tid the concrete preset's TypeId
     * \param d its defaults
     * \return \p tid
     */
    static TypeId AddAttributes(TypeId tid, const Defaults& d);

  private:
    double m_systemClock;         //!< system interconnect clock
    double m_lineReadCycles;      //!< memory-system line read
    double m_memoryStoreCycles;   //!< memory-system store (fitted)
    double m_bridgeStoreCycles;   //!< store into the PCI bridge
    double m_inboundLineCycles;   //!< device line write
    uint32_t m_postedWriteBuffer; //!< bridge posting buffer
};

/**
 * \ingroup san
 * \brief Table 2's UltraSPARC-I: a 167 MHz Enterprise 3000 (receiver copy 178 MB/s).
 */
class UltraSparc1HostPreset : public UltraSparcHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    UltraSparc1HostPreset();
    std::string GetName() const override;
};

/**
 * \ingroup san
 * \brief Table 2's UltraSPARC-II: a 296 MHz machine (receiver copy 214 MB/s), the receiver of
 * section 4.3's 67 MB/s flow-controlled transfers.
 */
class UltraSparc2HostPreset : public UltraSparcHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    UltraSparc2HostPreset();
    std::string GetName() const override;
};

} // namespace ns3

#endif /* ULTRASPARC_HOST_PRESET_H */
