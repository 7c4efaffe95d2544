/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_NX_MESSENGER_H
#define SAN_NX_MESSENGER_H

#include "san-messenger.h"

#include <map>

namespace ns3
{

class NxGroup;
class NxProcess;

/**
 * \ingroup san
 * \brief Messages through NX on SHRIMP (VMMC's NX library, SHRIMP 1996 section 4.1): csend to
 * the peer's rank, crecv from any rank.
 *
 * The processes are an NX program's ranks ("Group": an NxGroup its launcher made, one process
 * per host, and initialized: every pair connected over the SHRIMP network at start-up); a
 * messenger on a node speaks for the rank whose endpoint is on that node's daemon. Connect waits
 * for the group's initialization. A message is NX's own: its size is the message's, tag 1; the
 * data are zeros in the process's send buffer, received into its receive buffer (both of
 * "MaxMessageBytes", allocated at Open). Receive is NX's crecv, a blocking call: the process
 * spins in it until a message comes, so a workload posts one only when it expects one. A send
 * whose caller sends nothing more at once is followed by NX's flush: a zero-copy send that
 * returned early completes only inside the library's calls.
 */
class SanNxMessenger : public SanMessenger
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanNxMessenger();
    ~SanNxMessenger() override;

    void Open(Ptr<Node> node) override;
    void Connect(Ptr<Node> peer, Callback<void> connected) override;
    void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) override;
    void Receive(ReceiveCallback done) override;
    bool IsConnected(uint32_t peer) const override;
    uint32_t GetMinMessageBytes() const override;
    std::string GetDescription() const override;

  protected:
    void DoDispose() override;

  private:
    /// \param node a node \return the group's rank on it (aborts if none)
    uint32_t RankOf(Ptr<Node> node) const;

    Ptr<NxGroup> m_group;                      //!< the NX program
    Ptr<NxProcess> m_process;                  //!< this node's rank
    uint32_t m_maxBytes{65536};                //!< largest message
    uint64_t m_sendBuffer{0};                  //!< in the process's memory
    uint64_t m_receiveBuffer{0};               //!< likewise
    std::map<uint32_t, uint32_t> m_nodeOfRank; //!< rank -> node id
    uint64_t m_sendsIssued{0};                 //!< Send calls so far
};

} // namespace ns3

#endif /* SAN_NX_MESSENGER_H */
