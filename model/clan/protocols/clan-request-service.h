/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_REQUEST_SERVICE_H
#define CLAN_REQUEST_SERVICE_H

#include "clan-event-server.h"

#include "ns3/clan-context.h"
#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The request/reply service of the Tripwire paper's server benchmarks (Riddoch et al.
 * 1999, section 5.3), on ClanEventServer.
 *
 * Each connection has a request slot in the server's memory (exported; the client maps it)
 * and a reply slot in the client's (the server maps it): "When a connection is established a
 * Tripwire is initialised to detect client requests. This Tripwire is registered with the
 * asynchronous event queue, and the request management code receives a call-back whenever a
 * request arrives." The request is a sequence number written into the slot; the server's
 * callback reads it and writes it back into the client's reply slot ("the server is
 * effectively performing a no-op"). The client spins on its reply slot ("When waiting for an
 * acknowledgement or reply the client spins"). Every access across the network is a write.
 */
class ClanRequestService : public Object
{
  public:
    /// Bytes of each connection's slot (a cache line: slots do not share one).
    static constexpr uint32_t SLOT_BYTES = 64;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanRequestService();
    ~ClanRequestService() override;

    /**
     * \brief Build \p connections connections between a client and a server process and start
     * the server's loop. The cookies travel outside the model (the connection set-up's
     * out-of-band messages are not what these benchmarks measure).
     * \param client the client process \param server the server process
     * \param connections how many
     */
    void Setup(Ptr<ClanContext> client, Ptr<ClanContext> server, uint32_t connections);

    /**
     * \brief The client's half only, for a server built otherwise (e.g. one that polls the
     * request slots instead of using Tripwires).
     * \param client the client process \param requestMap its mapping of the server's request
     * slots \param replySlots its reply slots (local memory) \param connections how many
     */
    void SetupWithoutServer(Ptr<ClanContext> client,
                            uint64_t requestMap,
                            uint64_t replySlots,
                            uint32_t connections);

    /**
     * \brief Client: send a request on a connection (processor stores).
     * \param connection which \param sequence the request's number (> 0, new on this one)
     * \param issued when the stores are issued
     */
    void Send(uint32_t connection, uint32_t sequence, Callback<void> issued);
    /// \brief Client: spin until the reply to \p sequence is in. \param connection which
    /// \param sequence the request's number \param done when it is
    void AwaitReply(uint32_t connection, uint32_t sequence, Callback<void> done);

    /// \return the server's loop
    Ptr<ClanEventServer> GetServer() const;
    /// \return requests the server has answered
    uint64_t GetNServed() const;

  protected:
    void DoDispose() override;

  private:
    /// The server's callback. \param connection the endpoint \param done continuation
    void Serve(uint64_t connection, Callback<void> done);

    Ptr<ClanContext> m_client;    //!< client process
    Ptr<ClanContext> m_server;    //!< server process
    Ptr<ClanEventServer> m_loop;  //!< the server's event loop
    uint64_t m_requestSlots{0};   //!< server memory
    uint64_t m_replySlots{0};     //!< client memory
    uint64_t m_requestMap{0};     //!< client's mapping of the request slots
    uint64_t m_replyMap{0};       //!< server's mapping of the reply slots
    uint32_t m_connections{0};    //!< connections
    double m_requestInstructions; //!< the callback's work
    uint64_t m_served{0};         //!< statistics
};

} // namespace ns3

#endif /* CLAN_REQUEST_SERVICE_H */
