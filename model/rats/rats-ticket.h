/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_TICKET_H
#define RATS_TICKET_H

#include "ns3/hamlyn-header.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A Rats ticket (Hamlyn 1995, section 3.1): everything sendmsg needs to place a message
 * in a receiver's memory.
 *
 * "The ticket specifies a destination node, slot, notification assembly area, protection key,
 * offset, and range." A message sent with the ticket lands at [offset, offset + length) of the
 * slot's window, and length may not exceed range. The delta is the packet counter's initial
 * value Y0 for the message (section 2.5): 0 for a plain message, a share of 0 (mod 2^32) for
 * group receive (see RatsSimpleDatagramServer::SplitSeed).
 *
 * A ticket serializes to SERIALIZED_BYTES bytes (it travels as metadata, e.g. a reply seed)
 * and to an ASCII string (for the initial request/response protocol's seeds).
 */
struct RatsTicket
{
    /// Bytes of a serialized ticket: node 4, slot 2, notification area 2, key 8, offset 4,
    /// range 4, delta 4, spare 4.
    static constexpr uint32_t SERIALIZED_BYTES = 32;

    uint32_t node{0};                              //!< destination node (fabric host index)
    uint16_t slot{0};                              //!< destination slot
    uint16_t notifyIndex{HamlynHeader::NO_NOTIFY}; //!< notification assembly area
    uint64_t key{0};                               //!< protection key of the slot
    uint32_t offset{0};                            //!< first byte in the slot's window
    uint32_t range{0};                             //!< bytes available from offset
    uint32_t delta{0};                             //!< packet counter's initial value (Y0)

    /// \return true if the ticket names a range (a default ticket does not)
    bool IsValid() const;

    /// \return the ticket as SERIALIZED_BYTES bytes (big-endian fields)
    std::vector<uint8_t> Serialize() const;
    /**
     * \param data at least SERIALIZED_BYTES bytes (aborts otherwise)
     * \return the ticket they hold
     */
    static RatsTicket Deserialize(const uint8_t* data, uint32_t len);

    /// \return an ASCII form "rats:<node>:<slot>:<area>:<key>:<offset>:<range>:<delta>"
    ///         (hexadecimal fields), e.g. for a file, an environment variable or argv
    std::string ToAscii() const;
    /**
     * \param ascii a string made by ToAscii() (aborts with a clear message otherwise)
     * \return the ticket
     */
    static RatsTicket FromAscii(const std::string& ascii);
};

/// \param a a ticket \param b a ticket \return true if all fields are equal
bool operator==(const RatsTicket& a, const RatsTicket& b);

/// \param os stream \param t ticket \return os
std::ostream& operator<<(std::ostream& os, const RatsTicket& t);

} // namespace ns3

#endif /* RATS_TICKET_H */
