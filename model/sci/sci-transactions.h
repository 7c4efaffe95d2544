/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_TRANSACTIONS_H
#define SCI_TRANSACTIONS_H

#include "sci-header.h"

#include "ns3/callback.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The requester side of an SCI adapter's link protocol (Ryan and Bryhni 1998, sections
 * 2.1 and 3.2): its transactions in flight. Every write request is answered by an echo; at
 * most "MaxOutstandingRequests" await theirs and the rest wait their turn; a RETRY echo sends
 * the same request again (hardware retry: nothing reaches software); an ERROR echo is
 * remembered in the adapter's error status until a check reads and clears it. Loads are
 * transactions too and share the ids. SciNetDevice owns one and sends its packets.
 */
class SciTransactions
{
  public:
    /// Sends one packet: (target node, header with its transaction id, data or null).
    typedef Callback<void, uint16_t, const SciHeader&, Ptr<const Packet>> TransmitCallback;
    /// A load's data: (bytes, length).
    typedef Callback<void, const uint8_t*, uint32_t> ReadCallback;

    /**
     * \param transmit sends a packet
     * \param retried told of each hardware retry: (target node, data bytes)
     * \param echoed told after every echo that ends a request (the device's check waits on it)
     */
    void Setup(TransmitCallback transmit,
               Callback<void, uint16_t, uint32_t> retried,
               Callback<void> echoed);
    /// \param n write requests awaiting echoes at most
    void SetMaxOutstanding(uint32_t n);
    /// \return write requests awaiting echoes at most
    uint32_t GetMaxOutstanding() const;

    /**
     * \brief A write request: sent when the window has room, kept until its echo.
     * \param node target
     * \param header its header (the transaction id is set when it is sent)
     * \param data its data
     * \param echoed called when its echo has come back (may be null)
     */
    void QueueWrite(uint16_t node,
                    const SciHeader& header,
                    Ptr<Packet> data,
                    Callback<void> echoed);
    /**
     * \brief A read request, sent now.
     * \param node target
     * \param header its header (the transaction id is set here)
     * \param len bytes asked for
     * \param done called with the response's bytes (TakeResponse)
     */
    void StartLoad(uint16_t node, SciHeader header, uint32_t len, ReadCallback done);
    /**
     * \param transaction a response's transaction id
     * \param len set to the bytes the load asked for
     * \param done set to the load's callback
     * \return false if no load awaits it
     */
    bool TakeResponse(uint16_t transaction, uint32_t& len, ReadCallback& done);
    /// \param h an echo's header
    void EchoReceived(const SciHeader& h);

    /// \return true if no write request awaits its echo or its turn
    bool IsQuiet() const;
    /// \return the error status (an ERROR echo since the last call), cleared
    bool TakeFailed();
    /// \return true if a DMA engine may queue another request (at most two wait, so the
    /// engine's reads keep pace with the window instead of running ahead of it)
    bool HasRoom() const;
    /// \param resume called once HasRoom() is true again
    void WhenRoom(Callback<void> resume);

    /// \return write requests sent (first attempts)
    uint64_t GetRequestsSent() const;
    /// \return requests sent again after a RETRY echo
    uint64_t GetRetries() const;
    /// \return requests refused with ERROR
    uint64_t GetErrors() const;

    /// \brief Forget every transaction and callback (the device is disposed).
    void Clear();

  private:
    /// A write request awaiting its echo (or waiting to be sent).
    struct Request
    {
        uint16_t node;         //!< target
        SciHeader header;      //!< its header (the transaction id set when it is sent)
        Ptr<Packet> data;      //!< its data, kept for a retry
        Callback<void> echoed; //!< the caller's notice
    };

    /// A load waiting for its response.
    struct PendingLoad
    {
        uint32_t len;      //!< bytes
        ReadCallback done; //!< the caller
    };

    /// \return a transaction id no request or load in flight uses
    uint16_t NewTransaction() const;
    /// Send waiting requests while the window has room; resume DMA engines.
    void SendNext();

    TransmitCallback m_transmit;                         //!< sends
    Callback<void, uint16_t, uint32_t> m_retried;        //!< retry notice
    Callback<void> m_echoed;                             //!< echo notice
    uint32_t m_maxOutstanding{0};                        //!< window
    uint16_t m_nextTransaction{0};                       //!< transaction ids
    std::unordered_map<uint16_t, Request> m_outstanding; //!< awaiting echoes
    std::deque<Request> m_waiting;                       //!< not yet sent (window full)
    std::unordered_map<uint16_t, PendingLoad> m_loads;   //!< loads awaiting responses
    std::vector<Callback<void>> m_resume;                //!< DMA engines waiting for room
    bool m_failed{false};                                //!< an ERROR echo since the check
    uint64_t m_requestsSent{0};                          //!< first attempts
    uint64_t m_retries{0};                               //!< retries
    uint64_t m_errors{0};                                //!< ERROR echoes
};

} // namespace ns3

#endif /* SCI_TRANSACTIONS_H */
