/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_PACKET_COUNTER_H
#define HAMLYN_PACKET_COUNTER_H

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief A send terminus' 32-bit packet counter and the delta fields it produces (Hamlyn 1995,
 * section 2.5).
 *
 * The application initializes the counter to Y0. Every packet but the last of a message
 * carries delta = 1 and decrements the counter; the last packet carries the counter's
 * remaining value, after which the counter is 0. The counter plus the deltas sent so far is
 * invariant, so the deltas of a message sum to Y0 modulo 2^32. All arithmetic is modulo 2^32
 * (unsigned wrap-around).
 *
 * - Reassembly: Y0 = 0, so the deltas of a p-packet message are 1 (p-1 times) and -(p-1).
 * - Static group receive: sender i starts at Y_i with sum(Y_i) = 2^32 (= 0 modulo 2^32).
 * - Dynamic group receive: a sender holding Y_i delegates Y_i1 and Y_i2 with
 *   Y_i1 + Y_i2 = Y_i (Split()).
 */
class HamlynPacketCounter
{
  public:
    /// \param y0 initial value
    explicit HamlynPacketCounter(uint32_t y0 = 0);

    /// \param y0 new value (the application's Y0 for the next message)
    void Set(uint32_t y0);
    /// \return current value
    uint32_t Get() const;

    /**
     * \brief Delta field of the next packet.
     * \param last true for the last packet of the message
     * \return 1 (and the counter decrements) or, for the last packet, the counter's value
     *         (and the counter becomes 0)
     */
    uint32_t NextDelta(bool last);

    /**
     * \brief Dynamic group receive: give away \p part of this counter's value to a delegate.
     * Afterwards this counter holds Get() - part (mod 2^32), so both sum to the old value.
     * \param part the delegate's initial value
     * \return \p part
     */
    uint32_t Split(uint32_t part);

    /**
     * \param packets packets in the message (> 0)
     * \param y0 initial counter value
     * \return the sum of the message's deltas modulo 2^32 (always y0)
     */
    static uint32_t MessageDeltaSum(uint32_t packets, uint32_t y0);

  private:
    uint32_t m_value; //!< counter value
};

} // namespace ns3

#endif /* HAMLYN_PACKET_COUNTER_H */
