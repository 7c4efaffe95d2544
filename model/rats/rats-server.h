/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_SERVER_H
#define RATS_SERVER_H

#include "rats-cost-table.h"
#include "rats-hardware-interface.h"

#include "ns3/callback.h"
#include "ns3/simple-ref-count.h"

#include <functional>
#include <string>

namespace ns3
{

class RatsInterfaceManager;

/**
 * \ingroup san
 * \brief The receiving side of a Rats protocol instance (Hamlyn 1995, section 3.2): what the
 * interface manager's poll dispatches notifications to.
 *
 * A server owns notification areas (RatsInterfaceManager::AllocateNotificationArea); poll
 * charges the protocol's poll and process_arrival counts and calls ProcessArrival() with the
 * record. Blocking-style receive calls of the protocols are written with WhenReady(): the
 * continuation runs as soon as the condition holds, polling for more arrivals until then.
 */
class RatsServer : public SimpleRefCount<RatsServer>
{
  public:
    /// \param manager the application's interface manager
    explicit RatsServer(Ptr<RatsInterfaceManager> manager);
    virtual ~RatsServer();

    /**
     * \brief Handle an arrival (the C++ virtual process_arrival of the paper).
     * \param record the notification record
     */
    virtual void ProcessArrival(const RatsNotificationRecord& record) = 0;

    /// \return true if the instance has data ready (for next_ready)
    virtual bool HasData() const = 0;

    /// \return the instruction counts poll and process_arrival charge for this protocol
    virtual RatsCostProfile GetCostProfile() const = 0;

    /// \return the protocol's name
    virtual std::string GetProtocolName() const = 0;

    /// \return the manager
    Ptr<RatsInterfaceManager> GetManager() const;

  protected:
    /**
     * \brief Run \p cont once \p ready holds: at once if it does, else after polling for
     * arrivals (RatsInterfaceManager::Poll) until it does.
     * \param ready the condition
     * \param cont the continuation
     */
    void WhenReady(std::function<bool()> ready, std::function<void()> cont);

    /**
     * \brief Charge a receive call's instruction counts, then continue.
     * \param on on-cp instructions (cont runs after them)
     * \param off off-cp instructions: queued on the CPU right after cont has run, so the
     *        application's immediate next step (e.g. a reply) is not delayed by them
     * \param cont the continuation
     */
    void Charge(double on, double off, std::function<void()> cont);

    Ptr<RatsInterfaceManager> m_manager; //!< the interface manager
};

} // namespace ns3

#endif /* RATS_SERVER_H */
