/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_COST_TABLE_H
#define RATS_COST_TABLE_H

#include "ns3/object.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Host instruction counts of one Rats protocol's functions, on and off the critical
 * path (Hamlyn 1995, Tables 1 and 2). The host's HostCpu turns them into time
 * (instructions x CPI / clock).
 *
 * sendmsg costs on + perByte x (m + d) instructions for direct I/O (m metadata bytes, d data
 * bytes: the "3(m+d)/4" of Table 2, "3d/4" of Table 1), and dmaOn + perMetaByte x m for DMA
 * ("DMA costs are independent of message size at the Rats level", section 4.1).
 */
struct RatsCostProfile
{
    double opOn{0};               //!< the protocol's send call (write / send), on-cp
    double opOff{0};              //!< the protocol's send call, off-cp
    double sendDirectOn{0};       //!< sendmsg, direct I/O, fixed on-cp part
    double sendDirectPerByte{0};  //!< sendmsg, direct I/O, on-cp per byte of m + d
    double sendDirectOff{0};      //!< sendmsg, direct I/O, off-cp
    double sendDmaOn{0};          //!< sendmsg, DMA, fixed on-cp part
    double sendDmaPerMetaByte{0}; //!< sendmsg, DMA, on-cp per metadata byte
    double sendDmaOff{0};         //!< sendmsg, DMA, off-cp
    double pollOn{0};             //!< poll, on-cp
    double pollOff{0};            //!< poll, off-cp
    double arrivalOn{0};          //!< process_arrival, on-cp
    double recvOn{0};             //!< get_tag / recv, on-cp
    double recvOff{0};            //!< get_tag / recv, off-cp

    /// \param m metadata bytes \param d data bytes \return sendmsg's direct-I/O on-cp count
    double SendDirectOn(uint32_t m, uint32_t d) const;
    /// \param m metadata bytes \return sendmsg's DMA on-cp count
    double SendDmaOn(uint32_t m) const;
};

/**
 * \ingroup san
 * \brief The Rats instruction counts, as attributes (Hamlyn 1995, section 4.1, Tables 1 and 2,
 * measured by disassembling compiler output for PA-RISC).
 *
 * Two measured profiles:
 * - "TaggedWrite*": Table 1, tagged remote write of d bytes (no metadata);
 * - "SimpleDatagram*": Table 2, simple datagram with m bytes of metadata and d of data.
 *
 * The other five protocols were not measured by the paper. Their costs are ASSUMED, by reusing
 * the closest measured profile (each protocol's documentation says which); nothing more precise
 * is claimed:
 * - remote write: the tagged-write profile (same send path; the receiver runs no Rats code);
 * - datagram, remote read, stream, initial request/response: the simple-datagram profile
 *   (their messages carry metadata and are received through poll/process_arrival/recv);
 * - release (datagram, stream), flush: a simple-datagram send when they send a message, zero
 *   otherwise; malloc/free and the OS calls that set slots up: not charged (not measured, and
 *   off the data path).
 */
class RatsCostTable : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RatsCostTable();

    /// \return Table 1's profile (tagged remote write)
    RatsCostProfile GetTaggedWrite() const;
    /// \return Table 2's profile (simple datagram)
    RatsCostProfile GetSimpleDatagram() const;

  private:
    double m_taggedOpOn;              //!< tagged_write::write, on-cp instructions
    double m_taggedOpOff;             //!< tagged_write::write, off-cp instructions
    double m_taggedSendDirectOn;      //!< sendmsg (direct I/O), fixed on-cp instructions
    double m_taggedSendDirectPerByte; //!< sendmsg (direct I/O), on-cp instructions per payload byte
    double m_taggedSendDirectOff;     //!< sendmsg (direct I/O), off-cp instructions
    double m_taggedSendDmaOn;         //!< sendmsg (DMA), fixed on-cp instructions
    double m_taggedSendDmaPerMetaByte;  //!< sendmsg (DMA), on-cp instructions per metadata byte
    double m_taggedSendDmaOff;          //!< sendmsg (DMA), off-cp instructions
    double m_taggedPollOn;              //!< poll, on-cp instructions
    double m_taggedPollOff;             //!< poll, off-cp instructions
    double m_taggedArrivalOn;           //!< process_arrival, on-cp instructions
    double m_taggedRecvOn;              //!< get_tag, on-cp instructions
    double m_taggedRecvOff;             //!< get_tag, off-cp instructions
    double m_datagramOpOn;              //!< send, on-cp instructions
    double m_datagramOpOff;             //!< send, off-cp instructions
    double m_datagramSendDirectOn;      //!< sendmsg (direct I/O), fixed on-cp instructions
    double m_datagramSendDirectPerByte; //!< sendmsg (direct I/O), on-cp instructions per metadata +
                                        //!< data byte
    double m_datagramSendDirectOff;     //!< sendmsg (direct I/O), off-cp instructions
    double m_datagramSendDmaOn;         //!< sendmsg (DMA), fixed on-cp instructions
    double m_datagramSendDmaPerMetaByte; //!< sendmsg (DMA), on-cp instructions per metadata byte
    double m_datagramSendDmaOff;         //!< sendmsg (DMA), off-cp instructions
    double m_datagramPollOn;             //!< poll, on-cp instructions
    double m_datagramPollOff;            //!< poll, off-cp instructions
    double m_datagramArrivalOn;          //!< process_arrival, on-cp instructions
    double m_datagramRecvOn;             //!< recv, on-cp instructions
    double m_datagramRecvOff;            //!< recv, off-cp instructions
};

} // namespace ns3

#endif /* RATS_COST_TABLE_H */
