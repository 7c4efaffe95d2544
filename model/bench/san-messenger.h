/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_MESSENGER_H
#define SAN_MESSENGER_H

#include "ns3/callback.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/san-fifo.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief One process's messages to and from processes on other hosts, through one interface's
 * own user-level library: what the benchmark workloads (SanPingPongClient, ...) are written
 * against, so that one workload runs on every interface.
 *
 * A message is a number of bytes sent to a peer as one unit; the receiver is told once the
 * whole message is in its process's memory (how it learns that, by polling, blocking or the
 * interface's own notification, is each messenger's attribute). Each subclass carries
 * messages the way its paper's library would (SanSocketMessenger: a stream socket per peer).
 *
 * Use: Open on the process's node; Connect to every peer this process starts a connection to
 * (the peer must have opened); Send once connected (both ends may send).
 */
class SanMessenger : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanMessenger();
    ~SanMessenger() override;

    /// A whole message arrived: the sending peer's node id and the message's bytes.
    typedef Callback<void, uint32_t, uint32_t> ReceiveCallback;
    /// TracedCallback signature of Tx and Rx: the peer's node id, the message's bytes.
    typedef void (*MessageTracedCallback)(uint32_t peer, uint32_t bytes);

    /**
     * \brief Start the process on \p node: it can now accept connections.
     * \param node the host
     */
    virtual void Open(Ptr<Node> node) = 0;
    /**
     * \brief Set up a connection to the process on \p peer (which has opened).
     * \param peer the peer's node
     * \param connected called when both ends may send
     */
    virtual void Connect(Ptr<Node> peer, Callback<void> connected) = 0;
    /**
     * \brief Send a message.
     * \param peer the peer's node id (connected, by either end)
     * \param bytes its size (at least GetMinMessageBytes())
     * \param sent called when the library has taken it (the sender's buffer is free again)
     */
    virtual void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) = 0;
    /// \param peer a node id \return true if a connection to it is up
    virtual bool IsConnected(uint32_t peer) const = 0;
    /// \return the smallest message this messenger carries
    virtual uint32_t GetMinMessageBytes() const = 0;
    /// \return one line naming the interface and library (for rows and logs)
    virtual std::string GetDescription() const = 0;

    /**
     * \brief Take the next whole message, from any peer, as a program's receive call does:
     * \p done is called with its sender and size once it is in the process's memory. One
     * receive is posted at a time; post the next from \p done or later. A library whose
     * receive is a blocking call (NX's crecv) holds the process until a message comes, so a
     * workload posts one only when it expects a message (a sender that only sends never does).
     * The default: messages the library handed up (Delivered) wait, in order, for a receive.
     * \param done called with the message
     */
    virtual void Receive(ReceiveCallback done);
    /// \return the node this messenger's process runs on (null before Open)
    Ptr<Node> GetNode() const;

  protected:
    void DoDispose() override;
    /// \param node the process's node (subclasses' Open)
    void SetNode(Ptr<Node> node);
    /**
     * \brief A whole message is in the process's memory (a library that hands messages up as
     * they come): trace it; it waits for a receive (the default Receive).
     * \param peer the sender's node id \param bytes its size
     */
    void Delivered(uint32_t peer, uint32_t bytes);
    /**
     * \brief A receive of a library with blocking receive calls (an overridden Receive) took a
     * message: trace it and hand it to \p done.
     * \param done the receive's callback \param peer the sender's node id \param bytes its size
     */
    void Received(ReceiveCallback done, uint32_t peer, uint32_t bytes);
    /// \param peer the receiver's node id \param bytes its size: a message is being sent
    void Sending(uint32_t peer, uint32_t bytes);
    /// \return the receive the default Receive holds, now taken from it (null if none): a
    /// messenger whose receives become calls of their own re-issues it
    ReceiveCallback TakePostedReceive();
    /// \return true if a receive is posted and no message has come for it yet
    bool IsReceivePosted() const;

  private:
    Ptr<Node> m_node; //!< the process's host
    /// Hand waiting messages to the posted receive, one after another (no nested calls).
    void Drain();

    struct Arrival
    {
        uint32_t peer;  //!< sender's node id
        uint32_t bytes; //!< size
    };

    SanFifo<Arrival> m_arrived;                   //!< handed up, not yet received
    ReceiveCallback m_receive;                    //!< the posted receive (null: none)
    bool m_draining{false};                       //!< inside Drain
    TracedCallback<uint32_t, uint32_t> m_txTrace; //!< messages sent (peer, bytes)
    TracedCallback<uint32_t, uint32_t> m_rxTrace; //!< messages received (peer, bytes)
};

} // namespace ns3

#endif /* SAN_MESSENGER_H */
