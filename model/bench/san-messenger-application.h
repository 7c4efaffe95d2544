/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_MESSENGER_APPLICATION_H
#define SAN_MESSENGER_APPLICATION_H

#include "san-messenger.h"

#include "ns3/application.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The base of every benchmark workload: an ns-3 Application that owns one process's
 * messenger (made by the workload's helper) and disposes it with itself.
 */
class SanMessengerApplication : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanMessengerApplication();
    ~SanMessengerApplication() override;

    /// \param messenger the process's messenger (not yet opened)
    void SetMessenger(Ptr<SanMessenger> messenger);
    /// \return the messenger
    Ptr<SanMessenger> GetMessenger() const;

  protected:
    void DoDispose() override;
    /// \param who the workload, for the message \return the messenger (aborts if none was set)
    Ptr<SanMessenger> RequireMessenger(const std::string& who) const;
    /**
     * Abort with a one-line message unless \p peer is another node and \p bytes a message the
     * messenger carries (a client's or sender's start).
     * \param who the workload, for the message \param peer its "Peer" attribute
     * \param bytes its message size \param sizeAttribute the size's attribute, for the message
     */
    void CheckPeerAndSize(const std::string& who,
                          uint32_t peer,
                          uint32_t bytes,
                          const std::string& sizeAttribute = "MessageBytes") const;

  private:
    Ptr<SanMessenger> m_messenger; //!< the process's messages
};

} // namespace ns3

#endif /* SAN_MESSENGER_APPLICATION_H */
