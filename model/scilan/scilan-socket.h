/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_SOCKET_H
#define SCILAN_SOCKET_H

#include "ns3/ipv4-address.h"
#include "ns3/san-byte-stream-queue.h"
#include "ns3/sci-ring.h"
#include "ns3/socket.h"

#include <cstdint>
#include <deque>
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
class ScilanSocket : public Socket
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
    SocketErrno GetErrno() const override;
    SocketType GetSocketType() const override;
    Ptr<Node> GetNode() const override;
    int Bind(const Address& address) override;
    int Bind() override;
    int Bind6() override;
    int Close() override;
    int ShutdownSend() override;
    int ShutdownRecv() override;
    int Connect(const Address& address) override;
    int Listen() override;
    uint32_t GetTxAvailable() const override;
    int Send(Ptr<Packet> p, uint32_t flags) override;
    int SendTo(Ptr<Packet> p, uint32_t flags, const Address& toAddress) override;
    uint32_t GetRxAvailable() const override;
    Ptr<Packet> Recv(uint32_t maxSize, uint32_t flags) override;
    Ptr<Packet> RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress) override;
    int GetSockName(Address& address) const override;
    int GetPeerName(Address& address) const override;
    bool SetAllowBroadcast(bool allowBroadcast) override;
    bool GetAllowBroadcast() const override;

  protected:
    void DoDispose() override;

  private:
    /// Socket states.
    enum State
    {
        IDLE,       //!< created or bound
        LISTENING,  //!< listen() done
        CONNECTING, //!< connect() in progress
        CONNECTED,  //!< both directions set up
        CLOSED,     //!< closed (or failed)
    };

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
    void TxNext();
    void TxChunk();
    void TxPacketDone();
    void FinishClose();
    void RxNext();
    void RxCopied(uint32_t n);

    // fall-through to TCP (scilan-socket.cc)
    void FallThrough();
    void ForwardCallbacks(Ptr<Socket> tcp);
    void TcpConnected(Ptr<Socket> s);
    void TcpConnectFailed(Ptr<Socket> s);
    void TcpRecv(Ptr<Socket> s);
    void TcpSend(Ptr<Socket> s, uint32_t available);
    void TcpDataSent(Ptr<Socket> s, uint32_t bytes);
    void TcpNormalClose(Ptr<Socket> s);
    void TcpErrorClose(Ptr<Socket> s);
    bool TcpConnectionRequest(Ptr<Socket> s, const Address& from);
    void TcpNewConnection(Ptr<Socket> s, const Address& from);

    Ptr<ScilanStack> m_stack;            //!< the host's SCILAN
    State m_state{IDLE};                 //!< state
    SocketErrno m_errno{ERROR_NOTERROR}; //!< last error
    uint16_t m_localPort{0};             //!< bound port (0: none)
    Ipv4Address m_peerAddress;           //!< connected peer
    uint16_t m_peerPort{0};              //!< its port
    bool m_shutdownSend{false};          //!< no more sends
    bool m_shutdownRecv{false};          //!< no more receives

    Ptr<Socket> m_tcp;         //!< fall-through socket
    Ptr<Socket> m_tcpListener; //!< TCP side of a listening socket

    Ptr<SciRingReceiver> m_rx;    //!< this end's receiver
    Ptr<SciRingTransmitter> m_tx; //!< this end's transmitter
    Ptr<SciFlagWaiter> m_txFlag;  //!< the transmitter's flag
    uint32_t m_peerTxFlag{0};     //!< the peer transmitter's flag (stimulated after recv)

    // connecting
    Ptr<ScilanConnectionlessSender> m_requests; //!< sends the connection request

    // listening
    Ptr<SciRingReceiver> m_listenRx; //!< connection requests arrive here
    Ptr<SciFlagWaiter> m_lock;       //!< the disabled flag connecting transmitters test-and-set

    // sending
    uint32_t m_sndBufSize;             //!< attribute
    std::deque<Ptr<Packet>> m_txQueue; //!< send() data not yet copied
    uint32_t m_txQueued{0};            //!< its bytes
    uint32_t m_txOffset{0};            //!< bytes of the front packet copied
    bool m_txBusy{false};              //!< a send() is in progress
    bool m_closeRequested{false};      //!< close once the queue is empty

    // receiving
    uint32_t m_rcvBufSize;        //!< attribute
    SanByteStreamQueue m_rxQueue; //!< data copied, not yet read by the application
    bool m_rxBusy{false};         //!< copying or waiting
    bool m_rxDeferred{false};     //!< waiting deferred while a send() runs
    bool m_closeNotified{false};  //!< the application heard of the close
};

} // namespace ns3

#endif /* SCILAN_SOCKET_H */
