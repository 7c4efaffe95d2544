/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_TRIPWIRE_BITMAP_H
#define CLAN_TRIPWIRE_BITMAP_H

#include "ns3/host-memory.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief CLAN's fired-bitmap: one bit per Tripwire in memory shared by the device driver and
 * the application. The interrupt routine sets a Tripwire's bit when it fires, and the process
 * tests it without a system call: "Thus polling Tripwires is very efficient" (Pope et al.
 * 1999, section 3.3).
 *
 * The bits live in a HostMemory region of ceil(n / 8) bytes: Tripwire i is bit (i mod 8) of
 * the byte at GetBase() + i / 8 (bit 0 the least significant). Set and Clear are
 * read-modify-writes of that byte; Test reads it, so a process's test reads real memory.
 *
 * In a HostMemory with "VirtualPayload" (reads return zeros) the writes still go to memory,
 * counted and traced, but Test answers from a copy kept here, so scaling runs keep working.
 */
class ClanTripwireBitmap : public SimpleRefCount<ClanTripwireBitmap>
{
  public:
    /**
     * \param memory the host memory the bitmap is allocated in
     * \param nTripwires bits (> 0): the Tripwire table's capacity
     * \param name name of the memory region ("" for anonymous)
     */
    ClanTripwireBitmap(Ptr<HostMemory> memory, uint32_t nTripwires, const std::string& name = "");

    /// \brief Driver side (interrupt routine): set Tripwire \p id's bit. \param id a Tripwire
    void Set(uint32_t id);
    /**
     * \brief Process side: read Tripwire \p id's bit from host memory.
     * \param id a Tripwire
     * \return true if its bit is set
     */
    bool Test(uint32_t id) const;
    /// \brief Process side: clear Tripwire \p id's bit. \param id a Tripwire
    void Clear(uint32_t id);

    /// \return host address of the bitmap's first byte
    uint64_t GetBase() const;
    /// \return bytes of host memory the bitmap occupies
    uint32_t GetBytes() const;
    /// \return number of bits (Tripwires)
    uint32_t GetNTripwires() const;
    /// \param id a Tripwire \return host address of the byte holding its bit
    uint64_t GetByteAddress(uint32_t id) const;

  private:
    /// Abort unless \p id has a bit. \param id id \param what the calling operation
    void Check(uint32_t id, const char* what) const;
    /// Read-modify-write \p id's byte. \param id id \param on the bit's new value
    void Write(uint32_t id, bool on);

    Ptr<HostMemory> m_memory;    //!< where the bits live
    uint32_t m_nTripwires;       //!< bits
    uint64_t m_base;             //!< first byte
    std::vector<uint8_t> m_copy; //!< the bytes, for Test in virtual-payload memory only
};

} // namespace ns3

#endif /* CLAN_TRIPWIRE_BITMAP_H */
