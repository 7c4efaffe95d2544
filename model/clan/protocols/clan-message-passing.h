/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_MESSAGE_PASSING_H
#define CLAN_MESSAGE_PASSING_H

#include "clan-distributed-queue.h"

#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A small message-passing transport between two processes, as the LAM MPI port of
 * Riddoch et al. 1999, section 6.3 uses the NIC: "Synchronisation is achieved by spinning".
 *
 * Each direction is a distributed queue (section 4.2) of fixed-size envelopes (tag, length and
 * up to EnvelopeBytes - 8 bytes of data, which a ping-pong needs); both ends spin. Each send
 * and each receive pays the MPI library's per-call work (CallInstructions: request set-up,
 * matching, progression in LAM's transport interface), the one free parameter of this
 * preset, fitted to the paper's 16 us round trip (see the tripwire.csv source column).
 */
class ClanMessagePassing : public Object
{
  public:
    /// A received message: its tag and bytes.
    typedef Callback<void, uint32_t, const std::vector<uint8_t>&> ReceiveCallback;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanMessagePassing();
    ~ClanMessagePassing() override;

    /// \brief Connect two processes (both directions). \param a one \param b the other
    void Setup(Ptr<ClanContext> a, Ptr<ClanContext> b);

    /**
     * \brief Send from one end to the other.
     * \param from 0 (a) or 1 (b) \param tag the message's tag \param data bytes (at most
     * EnvelopeBytes - 8) \param done when the send returns
     */
    void Send(uint32_t from, uint32_t tag, const std::vector<uint8_t>& data, Callback<void> done);
    /// \brief Receive at one end. \param at 0 (a) or 1 (b) \param done with the message
    void Receive(uint32_t at, ReceiveCallback done);

  protected:
    void DoDispose() override;

  private:
    Ptr<ClanContext> m_end[2];            //!< the processes
    Ptr<ClanDistributedQueue> m_queue[2]; //!< m_queue[i]: from end i to end 1 - i
    uint32_t m_envelopeBytes;             //!< attribute: element size
    uint32_t m_slots;                     //!< attribute: q_size
    double m_callInstructions;            //!< attribute: library work per call
};

} // namespace ns3

#endif /* CLAN_MESSAGE_PASSING_H */
