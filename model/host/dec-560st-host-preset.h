/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DEC_560ST_HOST_PRESET_H
#define DEC_560ST_HOST_PRESET_H

#include "san-host-preset.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The SHRIMP prototype's nodes (Felten et al. 1996, section 3.1): DEC 560ST PCs with an
 * Intel Pentium Xpress motherboard, a 60 MHz Pentium with a 256 KB second-level cache, 40 MB
 * of memory, the Xpress memory bus (73 MB/s maximum burst write), the EISA expansion bus
 * (33 MB/s maximum burst, bus mastering), pages cached write-back, write-through or not at
 * all, and caches that snoop DMA and invalidate. Linux.
 *
 * The I/O bus is EISA (the bus the SHRIMP card's DMA engines master); the memory system is
 * the Xpress memory bus, which the processor's write-through stores, the card's snoop logic
 * and every DMA transfer share. The paper gives the processor clock and the two buses' peak
 * rates; the EISA timing comes from the EISA specification the paper cites ([3]); the rest is
 * marked ASSUMED, and one memory-system figure is FITTED.
 */
class Dec560stHostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    Dec560stHostPreset();

    std::string GetName() const override;
    Ptr<HostMemorySystem> CreateMemorySystem() const override;

  private:
    double m_memoryClock;        //!< Xpress memory bus clock
    double m_lineReadCycles;     //!< a line read from memory
    double m_storeCycles;        //!< a single processor store
    double m_inboundLineCycles;  //!< a bus master's line write
    double m_uncachedReadCycles; //!< a load from an uncached page
    double m_snoopLineCycles;    //!< snoop and invalidate per line (fitted)
};

} // namespace ns3

#endif /* DEC_560ST_HOST_PRESET_H */
