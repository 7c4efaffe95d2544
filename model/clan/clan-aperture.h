/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_APERTURE_H
#define CLAN_APERTURE_H

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An RDMA cookie: the opaque descriptor of an aperture (Riddoch et al. 1999, section
 * 3.2), "which may be passed across the network and used by an application to map a region of
 * its virtual address space onto the remote memory region, or used as the target of a DMA
 * transfer".
 *
 * Opaque to applications, which pass its Encode()d bytes around (in messages, in distributed
 * queues); the driver reads it. The NIC maps bus addresses directly onto network addresses, so
 * the cookie names the host and the physical range itself.
 */
struct ClanCookie
{
    uint32_t host{0xffffffffu}; //!< fabric host number of the memory
    uint32_t aperture{0};       //!< the aperture's id at that host
    uint64_t base{0};           //!< first byte (host bus address)
    uint64_t size{0};           //!< bytes

    /// Bytes of an encoded cookie.
    static constexpr uint32_t BYTES = 24;
    /// \param out BYTES bytes
    void Encode(uint8_t* out) const;
    /// \param in BYTES bytes \return the cookie
    static ClanCookie Decode(const uint8_t* in);
    /// \return true if it names an aperture (it was made by an aperture table)
    bool IsValid() const;
};

/**
 * \ingroup san
 * \brief The apertures of local memory a host has exported (section 3.2): regions of locked-
 * down, physically contiguous memory, each identified by a cookie.
 *
 * The CLAN NIC "provides no explicit protection on the receive path": this table does not stop
 * an incoming write. It is what the optional receive-side check (ClanNetDevice
 * "ReceiveCheck") consults, and what the driver hands cookies out of.
 */
class ClanApertureTable
{
  public:
    /// \param host this host's fabric number
    explicit ClanApertureTable(uint32_t host = 0);

    /// \param host this host's fabric number
    void SetHost(uint32_t host);

    /**
     * \brief Export a region. \param base first byte \param size bytes (> 0)
     * \return its cookie
     */
    ClanCookie Create(uint64_t base, uint64_t size);

    /// \brief Withdraw an aperture (its id is not reused). \param cookie its cookie
    /// \return false if it was not live here
    bool Destroy(const ClanCookie& cookie);

    /// \param cookie a cookie \return true if it names a live aperture of this host
    bool IsLive(const ClanCookie& cookie) const;

    /**
     * \param address first byte \param len bytes
     * \return true if [address, address + len) lies inside one live aperture
     */
    bool Covers(uint64_t address, uint64_t len) const;

    /// \return live apertures
    uint32_t GetNLive() const;

  private:
    /// An exported region.
    struct Aperture
    {
        uint64_t base; //!< first byte
        uint64_t size; //!< bytes
        bool live;     //!< not destroyed
    };

    uint32_t m_host;                            //!< this host
    std::vector<Aperture> m_apertures;          //!< by id
    std::multimap<uint64_t, uint32_t> m_byBase; //!< live apertures by first byte
    uint32_t m_live{0};                         //!< live count
};

} // namespace ns3

#endif /* CLAN_APERTURE_H */
