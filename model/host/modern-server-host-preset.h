/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MODERN_SERVER_HOST_PRESET_H
#define MODERN_SERVER_HOST_PRESET_H

#include "san-host-preset.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A current server for the benchmark's "modern what-if": a ~3 GHz x86 core under a
 * current Linux kernel without page-table isolation, with its network card on a PCIe Gen3 x8
 * link (256-byte maximum payload), and a memory system of a current Xeon.
 *
 * No paper of the project describes such a host: every value comes from a published
 * measurement (the sources of ../shared/SOURCES.md, "Modern hardware"), DERIVED where it is
 * computed or scaled from one, VENDOR where only a vendor's claim exists, and ASSUMED where no
 * source was found (the attribute's comment says what was searched).
 *
 * The PCIe link is mapped onto HostBus's parallel-bus parameters: one bus "cycle" moves one
 * 4-byte DWORD of the link's TLP-layer bandwidth, a transaction is one TLP of at most 256
 * bytes, and its overhead is the TLP's framing, header and CRC. HostBus is one FIFO resource
 * that holds the bus for a whole transaction, including a read's wait for its data; a PCIe
 * link is full duplex and overlaps outstanding reads. So this bus reproduces the link's
 * throughput, but not the round-trip latency of a single DMA read (see DmaReadLatency) nor
 * the overlap of reads and writes in opposite directions.
 */
class ModernServerHostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ModernServerHostPreset();

    std::string GetName() const override;
    Ptr<HostMemorySystem> CreateMemorySystem() const override;

  private:
    double m_memoryClock;         //!< the clock the memory system counts in (the core's)
    uint32_t m_lineBytes;         //!< cache line
    uint32_t m_storeBytes;        //!< bytes per store in a copy loop
    double m_lineReadCycles;      //!< a line read from memory
    double m_memoryStoreCycles;   //!< a store into memory
    double m_bridgeStoreCycles;   //!< a store into a device window
    double m_inboundLineCycles;   //!< a device's line write into memory
    double m_uncachedReadCycles;  //!< a load from an uncached page
    uint32_t m_postedWriteBuffer; //!< write-combining buffers in bytes
};

} // namespace ns3

#endif /* MODERN_SERVER_HOST_PRESET_H */
