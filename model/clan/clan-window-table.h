/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_WINDOW_TABLE_H
#define CLAN_WINDOW_TABLE_H

#include "clan-aperture.h"

#include <cstdint>
#include <map>

namespace ns3
{

/**
 * \ingroup san
 * \brief A window of a CLAN NIC's outgoing bus address space onto a remote aperture.
 */
struct ClanWindow
{
    uint64_t busBase;  //!< first bus address here
    ClanCookie remote; //!< the aperture it maps
};

/**
 * \ingroup san
 * \brief The windows a CLAN NIC has imported (Riddoch et al. 1999, section 2.1): each remote
 * aperture mapped at its own page-aligned range of the NIC's outgoing bus address space,
 * where processor stores and DMA requests are turned into packets for the aperture's host.
 * An access outside every window is a segmentation fault (the run stops with one line).
 */
class ClanWindowTable
{
  public:
    /// \param base the first bus address of the outgoing space \param end one past its last
    ClanWindowTable(uint64_t base, uint64_t end);

    /**
     * \brief Map a remote aperture (8 KB pages: the Alpha's).
     * \param cookie the aperture
     * \return the window's first bus address
     */
    uint64_t Import(const ClanCookie& cookie);
    /**
     * \param busAddress first byte \param len bytes
     * \return the window that holds them (the run stops if none does)
     */
    const ClanWindow& Find(uint64_t busAddress, uint32_t len) const;
    /// \param busAddress first byte \param len bytes \return true if one window holds them
    bool Covers(uint64_t busAddress, uint32_t len) const;

  private:
    /// \param busAddress an address \return the window at or below it (end() if none)
    std::map<uint64_t, ClanWindow>::const_iterator Below(uint64_t busAddress) const;

    std::map<uint64_t, ClanWindow> m_windows; //!< by bus base
    uint64_t m_next;                          //!< next free bus address
    uint64_t m_end;                           //!< one past the space
};

} // namespace ns3

#endif /* CLAN_WINDOW_TABLE_H */
