/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_OUTPUT_ARBITER_H
#define SAN_OUTPUT_ARBITER_H

#include "ns3/san-fabric-packet.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Which waiting packet a switch's output port serves next (SanSwitch "Arbitration").
 *
 * A port's queue holds the packets of every input waiting for its link; when the link frees,
 * the port serves one packet whose virtual channel can take it now (its flow control grants
 * it). The policies, as BookSim2's and SST merlin's switch allocators offer them:
 *
 * - FCFS: the first granted packet in arrival order (the default; the port serves it without
 *   asking this class, so the default costs nothing).
 * - ROUND_ROBIN: the granted packet of the input that comes first after the input served last,
 *   in input port number order, cyclically; first come, first served within an input.
 * - OLDEST_FIRST: the granted packet injected earliest at its source (SanFabricPacket
 *   injectedTs: age in the network, not in this queue); ties by arrival order.
 * - PRIORITY: the granted packet of the highest traffic class (SanFabricPacket trafficClass,
 *   SanEndpointDevice "TrafficClass"); ties by arrival order. No preemption: a packet on the
 *   link finishes.
 *
 * Ties keep arrival order, so packets of one pair that share an input, a class and their
 * injection order are never reordered by the arbiter. Under every policy but FCFS a packet
 * that finds its output's link busy waits in the queue, so the choice is made when the link
 * frees, against everything waiting then (under FCFS it is committed to follow at once, as
 * it always was). A host's interface has a single input and always sends in order.
 */
class SanOutputArbiter
{
  public:
    /// The policies (values of SanSwitch "Arbitration").
    enum Policy : uint8_t
    {
        FCFS = 0,         //!< first come, first served
        ROUND_ROBIN = 1,  //!< round robin over input ports
        OLDEST_FIRST = 2, //!< earliest injection at the source first
        PRIORITY = 3,     //!< highest traffic class first
    };

    /// A packet chosen by Pick, with what its flow control granted it.
    struct Choice
    {
        SanFabricPacket* prev{nullptr};   //!< its predecessor in the queue (nullptr: the head)
        SanFabricPacket* packet{nullptr}; //!< the packet (nullptr: none can go now)
        uint32_t slot{0};                 //!< the credit slot (or channel) granted
        uint32_t vc{0};                   //!< the virtual channel granted
        uint32_t input{0};                //!< its input port number (ROUND_ROBIN)
    };

    /**
     * Choose among the waiting packets under a policy other than FCFS. Every packet is asked
     * for once (the flow control's grant may note, for instance, when a refused one could go).
     * \tparam Grant bool(SanFabricPacket* p, uint32_t& slot, uint32_t& vc): true if p may
     * leave now, with the slot and channel it would take
     * \tparam InputOf uint32_t(const SanFabricPacket* p): p's input port number
     * \param policy the policy (not FCFS)
     * \param tail the queue's last packet (the queue is a ring: its next is the head), not
     * nullptr
     * \param lastInput the input served last (ROUND_ROBIN)
     * \param grant the flow control's test
     * \param inputOf the input of a packet (asked for under ROUND_ROBIN only)
     * \return the choice (its packet nullptr if no packet may leave now)
     */
    template <class Grant, class InputOf>
    static Choice Pick(Policy policy,
                       SanFabricPacket* tail,
                       uint32_t lastInput,
                       Grant&& grant,
                       InputOf&& inputOf)
    {
        Choice best;
        uint64_t bestKey = 0;
        SanFabricPacket* prev = nullptr;
        SanFabricPacket* cur = tail->next;
        while (true)
        {
            uint32_t slot = 0;
            uint32_t vc = 0;
            if (grant(cur, slot, vc))
            {
                // The smallest key wins; the first of equal keys (arrival order) stays.
                uint64_t key = 0;
                uint32_t input = 0;
                switch (policy)
                {
                case ROUND_ROBIN:
                    input = inputOf(cur);
                    // Distance after the last input served, cyclically over 16-bit numbers.
                    key = (input - lastInput - 1) & 0xffffu;
                    break;
                case OLDEST_FIRST:
                    // Times are not negative; the sign bit flip keeps the order in any case.
                    key = static_cast<uint64_t>(cur->injectedTs) ^ (uint64_t{1} << 63);
                    break;
                case PRIORITY:
                    key = SanFabricPacket::MAX_TRAFFIC_CLASS - cur->trafficClass;
                    break;
                default:
                    break;
                }
                if (best.packet == nullptr || key < bestKey)
                {
                    best = Choice{prev, cur, slot, vc, input};
                    bestKey = key;
                }
            }
            if (cur == tail)
            {
                return best;
            }
            prev = cur;
            cur = cur->next;
        }
    }
};

} // namespace ns3

#endif /* SAN_OUTPUT_ARBITER_H */
