/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_MESSENGER_CLIENT_H
#define SAN_MESSENGER_CLIENT_H

#include "san-messenger-application.h"

#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A workload process that connects to one peer and then begins its work (the stream's
 * sender, the request/response client). With "WaitForGo" it holds its work, once connected,
 * until Go(): a harness starts many clients at one instant once every one is connected (an
 * incast's senders; a server's clients, all measuring at once).
 */
class SanMessengerClient : public SanMessengerApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanMessengerClient();
    ~SanMessengerClient() override;

    /// \return true once connected to the peer
    bool IsConnected() const;
    /// \brief Begin now (with "WaitForGo" the work waits for this). Once only.
    void Go();

  protected:
    /**
     * \brief Open the messenger on this node and connect to \p peer; Begin once connected
     * (and, with "WaitForGo", told to go). The subclass's StartApplication calls it.
     * \param peer the peer's node id
     */
    void ConnectAndBegin(uint32_t peer);
    /// The work: called once, connected and free to go.
    virtual void Begin() = 0;

  private:
    /// Connected: begin, or wait for Go.
    void Connected();
    /// Begin, once (Go may come from inside the Connected trace).
    void BeginOnce();

    bool m_waitForGo{false};           //!< hold the work until Go
    bool m_connected{false};           //!< connected to the peer
    bool m_go{false};                  //!< Go was called
    bool m_begun{false};               //!< Begin was called
    TracedCallback<> m_connectedTrace; //!< connected to the peer
};

} // namespace ns3

#endif /* SAN_MESSENGER_CLIENT_H */
