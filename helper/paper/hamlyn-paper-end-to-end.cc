/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HamlynPaperExperiments: the Rats-level end-to-end results of section 4.2.

#include "hamlyn-paper-experiments.h"
#include "hamlyn-paper-rigs.h"
#include "hamlyn-paper-rows.h"

#include "ns3/rats-simple-datagram.h"
#include "ns3/rats-ticket.h"

#include <cmath>
#include <string>
#include <vector>

namespace ns3
{

double
HamlynPaperExperiments::TaggedWriteSendRecvUs(bool stateMachine)
{
    HamlynPaperRigs::Scenario::Spec ss;
    ss.rats = true;
    ss.stateMachine = stateMachine;
    return HamlynPaperRigs::TaggedWriteUs(ss, 0, 1);
}

HamlynPaperExperiments::RoundTrip
HamlynPaperExperiments::DatagramRoundTrip(uint32_t dataBytes, uint32_t ackBytes, uint32_t rounds)
{
    HamlynPaperRigs::Scenario::Spec ss;
    ss.rats = true;
    return HamlynPaperRigs::RoundTripBetween(ss, 0, 1, dataBytes, ackBytes, rounds);
}

std::vector<SanPaperRow>
HamlynPaperExperiments::RatsEndToEnd()
{
    HamlynPaperRows r;
    // "8.8us for an application-to-application send + receive of a 16-byte tagged data
    // message" (section 4.2): write call to get_tag's return; the tag travels out of band, so
    // the packet carries 16 bytes (Table 3, d = 16), by direct I/O.
    r.Add("rats_end_to_end",
          "tagged_write_16B_send_recv_us",
          "us",
          8.8,
          TaggedWriteSendRecvUs(false),
          "Section 4.2 (Tables 1 and 3)",
          SAN_END_TO_END_TOLERANCE);
    // "42.2us for a round-trip that moves a 512-byte datagram and returns a 16-byte
    // acknowledgment". Interpretation (documented, not tuned):
    //  - the datagram carries a reply seed ("A datagram can be sent with reply information
    //    (which needs 44 bytes of metadata)", section 4.1) and is "512-byte" in the sense of
    //    Table 4, whose d is "bytes of payload data + metadata" and whose "512-byte total" is
    //    the hardware part of this round trip: 468 data bytes + 44 bytes of metadata = 512
    //    bytes on the wire, sent by DMA (Table 4 is the DMA table);
    //  - the acknowledgement is Table 2's "12+16 msg" ("a 16-byte message with 12 bytes of
    //    metadata", no reply seed), sent by direct I/O;
    //  - the round trip runs from the client's send call to its recv returning the ack,
    //    application to application like the 8.8 us figure (so it includes the final
    //    receive's 81 on-cp instructions, 0.86 us).
    // The 512-data-byte reading (556 bytes on the wire) and the end at the ack's notification
    // are reported beside it (no paper value).
    const uint32_t meta = RatsSimpleDatagramServer::FIXED_METADATA + RatsTicket::SERIALIZED_BYTES;
    const RoundTrip rt = DatagramRoundTrip(512 - meta, 16);
    r.Add("rats_end_to_end",
          "datagram_512B_ack_rtt_us",
          "us",
          42.2,
          rt.toRecvUs,
          "Section 4.2 (512 bytes on the wire = 468 data + 44 metadata, DMA; ack 16 data + 12 "
          "metadata, direct I/O; send call to the ack's recv return)",
          SAN_END_TO_END_TOLERANCE);
    // "Even this simple data-transfer protocol achieves a bandwidth of 12.1MB/s": the paper's
    // 512 B / 42.2 us, decimal megabytes. HamlynPaperRigs::Measured on a stream: 16 round trips
    // back to back, one 512-byte datagram each.
    const uint32_t rounds = 16;
    const RoundTrip stream = DatagramRoundTrip(512 - meta, 16, rounds);
    r.Add("rats_end_to_end",
          "pingpong_512B_bw_MBps",
          HamlynPaperRows::MBPS,
          12.1,
          stream.wireBytes * double(rounds) / stream.streamUs,
          "Section 4.2 (512-byte datagram per round trip; 16 round trips back to back)",
          SAN_END_TO_END_TOLERANCE);
    // Sensitivity of the interpretation (no paper value).
    r.Add("rats_end_to_end_variants",
          "datagram_512B_ack_rtt_to_notify_us",
          "us",
          NAN,
          rt.toNotifyUs,
          "Section 4.2 round trip ended at the ack's notification (no final Rats receive)");
    const RoundTrip rt556 = DatagramRoundTrip(512, 16, rounds);
    r.Add("rats_end_to_end_variants",
          "datagram_512B_data_556B_wire_ack_rtt_us",
          "us",
          NAN,
          rt556.toRecvUs,
          "Section 4.2 round trip with 512 data bytes + 44 metadata (556 bytes on the wire)");
    r.Add("rats_end_to_end_variants",
          "pingpong_512B_data_556B_wire_bw_MBps",
          HamlynPaperRows::MBPS,
          NAN,
          512.0 * rounds / rt556.streamUs,
          "Section 4.2 ping-pong counting 512 data bytes per 556-byte round trip");
    return r.Get();
}

} // namespace ns3
