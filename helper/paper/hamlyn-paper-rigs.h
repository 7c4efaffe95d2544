/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_PAPER_RIGS_H
#define HAMLYN_PAPER_RIGS_H

#include "hamlyn-paper-experiments.h"
#include "hamlyn-scenario.h"

#include "ns3/nstime.h"
#include "ns3/rats-interface-manager.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The rigs of the Hamlyn reproduction (HamlynPaperExperiments): each builds its hosts,
 * fabric and Hamlyn devices (a HamlynScenario), runs one measurement, destroys the simulation
 * and returns what it measured. The rows (hamlyn-paper-host-tables.cc, -nic-tables.cc,
 * -end-to-end.cc, -sweeps.cc, -state-machine.cc, -beyond.cc) are computed from them.
 */
class HamlynPaperRigs
{
  public:
    /// The scenario every experiment builds (hosts, fabric, Hamlyn devices, Rats).
    struct Scenario : public HamlynScenario
    {
        /// How to build.
        struct Spec : public HamlynScenario::Spec
        {
            /// Fat tree runs: virtual cut-through, 4 packets per input buffer.
            bool cutThroughBuffers{false};
        };

        /// \param spec what to build
        explicit Scenario(const Spec& spec)
            : HamlynScenario(Adjust(spec))
        {
        }

        /// \param spec a spec \return it with the fabric settings its flags ask for
        static HamlynScenario::Spec Adjust(const Spec& spec)
        {
            HamlynScenario::Spec s = spec;
            // Room for four Hamlyn packets (512 bytes + header) per input buffer.
            s.cutThroughPacketBytes = spec.cutThroughBuffers ? 600 : 0;
            return s;
        }

        /// \param host host \param bytes size \return a pinned buffer of that size, filled
        RatsBuffer Buffer(uint32_t host, uint32_t bytes)
        {
            RatsBuffer b = rats[host]->Malloc(bytes);
            std::vector<uint8_t> v(bytes);
            for (uint32_t i = 0; i < bytes; ++i)
            {
                v[i] = static_cast<uint8_t>(host + 7 * i);
            }
            rats[host]->Write(b.offset, v);
            return b;
        }
    };

    // ---- NIC level (Tables 3-5) -------------------------------------------------------------

    /// What one NIC-level run measured.
    struct Measured
    {
        std::map<std::string, Time> start; //!< first start of each stage
        std::map<std::string, Time> end;   //!< last end of each stage
        std::map<std::string, Time> last;  //!< duration of the last occurrence of each stage
        std::vector<Time> notified;        //!< notification times
        Time posted;                       //!< first request posted
        Time firstDelivered;               //!< first payload in host memory
        Time delivered;                    //!< last payload in host memory
        uint64_t packets{0};               //!< payloads delivered
    };

    /// How to send in a NIC-level run.
    struct RunSpec
    {
        bool stateMachine{false}; //!< projected state-machine preset (else LANai 3)
        bool dma{true};           //!< DMA (else direct I/O)
        bool hostStores{false};   //!< the host stores the request into the work queue first
        uint32_t bytes{16};       //!< message size (payload + metadata: what crosses the link)
        uint32_t messages{1};     //!< messages posted back to back
        bool notifySent{false};   //!< sender's completion word
        uint32_t packetSize{0};   //!< the devices' PacketSize (0: default)
    };

    /// Two hosts on a crossbar; host 0 posts spec.messages requests to host 1, with no Rats
    /// code. \param spec how to send \return what it measured
    static Measured Run(const RunSpec& spec);
    /// \param m a run \return its last notification (0 if none)
    static Time Notified(const Measured& m);

    // ---- Rats host costs (Tables 1 and 2) ---------------------------------------------------

    /// Host CPU costs of one Rats message, split as the paper's tables split them.
    struct HostCosts
    {
        double sendOnUs{0};  //!< send call to its return
        double sendOffUs{0}; //!< sender CPU busy minus the on-cp part
        double recvOnUs{0};  //!< receive call (notification already queued) to its return
        double recvOffUs{0}; //!< receiver CPU busy minus the on-cp part
    };

    /// \param dma send by DMA (cut-over 0) \return a 16-byte tagged write's host costs
    static HostCosts TaggedWriteCosts(bool dma);
    /// \param reply carry a reply seed (44 bytes of metadata, else 12) \param dma by DMA
    /// \return a 16-byte simple datagram's host costs
    static HostCosts DatagramCosts(bool reply, bool dma);

    // ---- Rats end to end ----------------------------------------------------------------------

    /// 16-byte tagged write from host src to host dst: write call to get_tag's return.
    /// \param spec what to build \param src sender \param dst receiver \return microseconds
    static double TaggedWriteUs(const Scenario::Spec& spec, uint32_t src, uint32_t dst);
    /**
     * Simple-datagram round trip between hosts src and dst (see
     * HamlynPaperExperiments::DatagramRoundTrip).
     * \param spec what to build \param src client \param dst server
     * \param dataBytes the datagram's data bytes \param ackBytes the ack's data bytes
     * \param rounds round trips back to back \return the times
     */
    static HamlynPaperExperiments::RoundTrip RoundTripBetween(const Scenario::Spec& spec,
                                                              uint32_t src,
                                                              uint32_t dst,
                                                              uint32_t dataBytes,
                                                              uint32_t ackBytes,
                                                              uint32_t rounds = 1);
    /**
     * A tagged write of \p bytes from host 0 to host 1 as an application sees it, from its Rats
     * sendmsg call to the receiver's get_tag (us): the tagged-write protocol's message, host and
     * card costs together, of any length (the Rats call, not the one-packet tagged-write wrapper).
     * \p direct: Rats' CutOver sends it by direct I/O, else by a DMA request.
     * \param bytes message size \param direct by direct I/O \return microseconds
     */
    static double RatsSendUs(uint32_t bytes, bool direct);

    // ---- many flows (beyond the paper) --------------------------------------------------------

    /// What a many-flow run measured.
    struct FlowResult
    {
        double completionUs{0};  //!< first post to the last notification
        double aggregateMBps{0}; //!< bytes delivered / completion time
        uint64_t outOfOrder{0};  //!< packets that arrived after a later packet of their message
        uint32_t reassembled{0}; //!< messages notified once with every byte in place
        uint32_t messages{0};    //!< messages sent
    };

    /**
     * Every host s in \p pairs sends one \p bytes DMA message (several packets) to its partner
     * at the same instant; NIC level (no Rats code), fabric-default cables.
     * \param spec what to build \param pairs (source, destination) \param bytes message size
     * \return what it measured
     */
    static FlowResult ManyFlows(const Scenario::Spec& spec,
                                const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
                                uint32_t bytes);
};

} // namespace ns3

#endif /* HAMLYN_PAPER_RIGS_H */
