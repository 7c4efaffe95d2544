/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_SOCKET_H
#define SCILAN_SOCKET_H

#include "ns3/ipv4-address.h"
#include "ns3/san-stream-socket.h"
#include "ns3/sci-ring.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class ScilanStack;
class ScilanConnectionlessSender;

/**
 * \ingroup san
 * \brief A SCILAN stream socket (Ryan and Bryhni 1998, section 3): an ns-3 Socket, so that
 * ns-3's applications (BulkSend, PacketSink, OnOff with "ns3::ScilanSocketFactory") run over
 * it unchanged, as SCILAN ran unmodified WinSock binaries.
 *
 * Within the cluster (addresses in 192.168.0.0/16 that ScilanCluster knows), a connected
 * socket is a transmitter and a receiver (Figure 5): send() copies the data by processor
 * stores into the peer's receiver ring, checks the transfer every MTU, publishes the write
 * pointer and stimulates the peer's flag; the receiving thread copies data out of its ring
 * (the receiver copy), advances its read pointer and stimulates the peer transmitter's flag;
 * a transmitter that finds the ring full sleeps on its own flag. listen(), accept() and
 * connect() go through the listening socket's receiver, many connecting transmitters
 * serialized by a disabled flag used as test-and-set (section 3.4).
 *
 * Sockets to other addresses fall through to ns-3's own TCP (the node's TcpSocketFactory),
 * and a listening socket also listens on TCP when the node has an internet stack.
 *
 * The process model: the library's threads are the application's; the receiving side reads
 * whatever arrives into the socket's receive queue ("RcvBufSize") at once, as a thread
 * blocked in recv() would, and waits for more only while no send() is in progress (one
 * thread per process).
 */
class ScilanSocket : public SanStreamSocket
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ScilanSocket();
    ~ScilanSocket() override;

    /// \param stack the host's SCILAN (set by the factory)
    void SetStack(Ptr<ScilanStack> stack);

    /// \return true if the socket went to ns-3's TCP (not a cluster address)
    bool IsFallThrough() const;

    // Socket
    Ptr<Node> GetNode() const override;

  protected:
    void DoDispose() override;

  private:
    // SanStreamSocket: binding, listening, closing, buffers (scilan-socket.cc)
    int DoBind(const InetSocketAddress& address) override;
    int DoConnect(const InetSocketAddress& address) override;
    int DoListen() override;
    void StopListening() override;
    int CloseUnconnected() override;
    Ipv4Address GetLocalAddress() const override;
    uint32_t GetSndBufSize() const override;
    uint32_t GetRcvBufSize() const override;

    // set-up (scilan-socket-setup.cc)
    void ConnectCluster(Ipv4Address address, uint16_t port);
    void HandshakeDone();
    void ConnectFailed(SocketErrno error);
    void ListenNext();
    void Accept(const uint8_t* request);
    void StartChild(Ptr<SciRingReceiver> rx,
                    Ptr<SciFlagWaiter> txFlag,
                    const SciRingAddress& peer,
                    uint32_t peerTxFlag,
                    Ipv4Address peerAddress,
                    uint16_t peerPort);

    // data path (scilan-socket-data.cc)
    void TxNext() override;
    void TxChunk();
    void FinishClose();
    void RxNext() override;
    void RxCopied(uint32_t n);

    /// \brief Hand the socket over to ns-3's TCP (a non-cluster address).
    void FallThrough();

    Ptr<ScilanStack> m_stack; //!< the host's SCILAN

    Ptr<SciRingReceiver> m_rx;    //!< this end's receiver
    Ptr<SciRingTransmitter> m_tx; //!< this end's transmitter
    Ptr<SciFlagWaiter> m_txFlag;  //!< the transmitter's flag
    uint32_t m_peerTxFlag{0};     //!< the peer transmitter's flag (stimulated after recv)

    // connecting
    Ptr<ScilanConnectionlessSender> m_requests; //!< sends the connection request

    // listening
    Ptr<SciRingReceiver> m_listenRx; //!< connection requests arrive here
    Ptr<SciFlagWaiter> m_lock;       //!< the disabled flag connecting transmitters test-and-set

    uint32_t m_sndBufSize;    //!< attribute
    uint32_t m_rcvBufSize;    //!< attribute
    bool m_rxDeferred{false}; //!< waiting deferred while a send() runs
};

} // namespace ns3

#endif /* SCILAN_SOCKET_H */
