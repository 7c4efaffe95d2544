/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_EVENT_SERVER_H
#define CLAN_EVENT_SERVER_H

#include "ns3/clan-context.h"
#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The event-based server of Riddoch et al. 1999, section 5.3: "a single-threaded event
 * processing model, the main event loop being based on the standard BSD select system call".
 * The asynchronous event queue is in the select set; when it is readable "a handler extracts
 * events from the queue and dispatches them to call-back functions associated with each
 * endpoint. The event queue is serviced until it is empty, and then polled for up to 15us
 * before returning to the main select loop."
 *
 * Endpoints are watched by a Tripwire each (Watch), registered with the event queue with the
 * endpoint's cookie; a callback per endpoint does the request's work and calls its
 * continuation when done. The poll window is the CPU's PollBeforeBlock (15 us on
 * AlphaLinuxHostPreset, from section 5.3). A poll that runs out returns to select: the system
 * call is charged when the select returns (its entry, made just before the process slept, is
 * off every critical path).
 */
class ClanEventServer : public Object
{
  public:
    /// An endpoint's callback: its cookie and the continuation to call when its work is done.
    typedef Callback<void, uint64_t, Callback<void>> Handler;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanEventServer();
    ~ClanEventServer() override;

    /// \param ctx the server process's context
    void SetContext(Ptr<ClanContext> ctx);
    /**
     * \brief Watch an endpoint: its Tripwire's events go to \p handler with \p cookie.
     * \param tripwire a Tripwire of the process \param cookie the endpoint's value
     * \param handler its callback
     */
    void Watch(uint32_t tripwire, uint64_t cookie, Handler handler);
    /// \brief Enter the main loop (the process runs it from now on).
    void Start();

    /// \return events dispatched
    uint64_t GetNDispatched() const;
    /// \return select calls that slept
    uint64_t GetNSleeps() const;

  protected:
    void DoDispose() override;

  private:
    /// Take events from the queue until it is empty, then poll.
    void Drain();
    /// The queue is empty: poll, then return to select.
    void PollThenSelect();
    /// The wait ended (an event came, during the poll or after sleeping in select).
    void Resumed();

    Ptr<ClanContext> m_ctx;          //!< the process
    std::vector<Handler> m_handlers; //!< by handler index
    double m_dispatchInstructions;   //!< per event: dequeue and dispatch
    double m_selectInstructions;     //!< per select call besides the system call
    uint64_t m_dispatched{0};        //!< statistics
    uint64_t m_sleeps{0};            //!< statistics
};

} // namespace ns3

#endif /* CLAN_EVENT_SERVER_H */
