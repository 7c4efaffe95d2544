/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_SOCKET_FACTORY_H
#define SHRIMP_SOCKET_FACTORY_H

#include "shrimp-socket.h"

#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/socket-factory.h"
#include "ns3/vmmc-endpoint.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The SHRIMP stream sockets library of one node (Felten et al. 1996, section 4.3): it
 * creates ShrimpSocket objects, holds the library's settings and per-call costs, and the
 * process's VMMC endpoint. An application whose socket type is an attribute (BulkSend,
 * PacketSink, OnOff: "Protocol") runs over SHRIMP with "ns3::ShrimpSocketFactory".
 *
 * Install() aggregates one to each node (which needs a SHRIMP interface with its VMMC daemon
 * and ns-3's internet stack for the Ethernet). Its sockets are disposed with it (as ns-3's
 * transport protocols dispose theirs): their callbacks hold raw pointers.
 */
class ShrimpSocketFactory : public SocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ShrimpSocketFactory();
    ~ShrimpSocketFactory() override;

    /**
     * \brief Aggregate a factory to every node (aborts with a clear message on a node without
     * a VMMC daemon or an internet stack, or with a factory already).
     * \param nodes the nodes
     */
    static void Install(NodeContainer nodes);

    Ptr<Socket> CreateSocket() override;

    /// \return the process's VMMC endpoint (created at the first use)
    Ptr<VmmcEndpoint> GetEndpoint();
    /// \return the node
    Ptr<Node> GetNode() const;

    /// \return the data transfer variant of new connections
    ShrimpSocket::Variant GetVariant() const;
    /// \return a receive ring's bytes
    uint32_t GetRingBytes() const;
    /// \return bytes of send() data a socket queues at most
    uint32_t GetSndBufSize() const;
    /// \return bytes of copied, unread data a socket keeps at most
    uint32_t GetRcvBufSize() const;
    /// \return misalignment of the application's send buffers (0..3)
    uint32_t GetUserBufferOffset() const;
    /// \return instructions of one send() call besides its copies and transfers
    double GetSendInstructions() const;
    /// \return instructions of one recv() call besides its copy
    double GetRecvInstructions() const;
    /// \return instructions of one poll-loop iteration (the VMMC endpoint's)
    double GetPollInstructions();

  protected:
    void DoDispose() override;
    void NotifyNewAggregate() override;

  private:
    Ptr<Node> m_node;                         //!< the node
    Ptr<VmmcEndpoint> m_ep;                   //!< the process's VMMC
    std::vector<Ptr<ShrimpSocket>> m_sockets; //!< disposed with the factory
    ShrimpSocket::Variant m_variant;          //!< attribute
    uint32_t m_ringBytes;                     //!< attribute
    uint32_t m_sndBufSize;                    //!< attribute
    uint32_t m_rcvBufSize;                    //!< attribute
    uint32_t m_userOffset;                    //!< attribute
    double m_sendInstr;                       //!< attribute
    double m_recvInstr;                       //!< attribute
};

} // namespace ns3

#endif /* SHRIMP_SOCKET_FACTORY_H */
