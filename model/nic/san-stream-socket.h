/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_STREAM_SOCKET_H
#define SAN_STREAM_SOCKET_H

#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/san-byte-stream-queue.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What a user-level stream-socket library over a NIC (SCILAN's over SCI, SHRIMP's over
 * VMMC) is apart from its transfer: an ns-3 Socket with the connection state, the errno, the
 * bound port and the peer, the send queue that send() fills and the receive queue that recv()
 * empties, and the "Tx" and "Rx" trace sources.
 *
 * A derived socket moves the bytes: TxNext() takes the send queue into the peer (and, once it
 * is empty, a requested close), calling TxPacketDone() as each send()'s data is out; RxNext()
 * copies what has arrived into the receive queue (RxQueueRoom() bytes at most) through
 * RxDelivered(). Binding, connecting, listening and closing in states other than connected
 * or listening are its own (DoBind, DoConnect, DoListen, CloseUnconnected).
 *
 * A socket may hand itself over to another socket, its delegate (SCILAN's fall-through to
 * ns-3's TCP for addresses outside the cluster): from then on the Socket calls go to the
 * delegate and its callbacks come back as this socket's.
 */
class SanStreamSocket : public Socket
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanStreamSocket();
    ~SanStreamSocket() override;

    // Socket
    SocketErrno GetErrno() const override;
    SocketType GetSocketType() const override;
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

    /// Socket states.
    enum State
    {
        IDLE,       //!< created or bound
        LISTENING,  //!< listen() done
        CONNECTING, //!< connect() or accept in progress
        CONNECTED,  //!< both directions set up
        CLOSED,     //!< closed, failed or broken
    };

    // What the derived socket does.

    /// \brief Start or go on taking the send queue into the peer (a no-op while a send() is in
    /// progress); with the queue empty, send a requested close.
    virtual void TxNext() = 0;
    /// \brief Copy what has arrived into the receive queue, or wait for it (a no-op while a
    /// recv() is in progress); called when Recv made room.
    virtual void RxNext() = 0;
    /// \return the bytes send() may queue
    virtual uint32_t GetSndBufSize() const = 0;
    /// \return the bytes the receive queue may hold
    virtual uint32_t GetRcvBufSize() const = 0;
    /// \return this end's address (GetSockName)
    virtual Ipv4Address GetLocalAddress() const = 0;
    /**
     * \brief Bind an unbound, idle socket.
     * \param address the address asked for (port 0: any)
     * \return 0, or -1 with the errno set
     */
    virtual int DoBind(const InetSocketAddress& address) = 0;
    /**
     * \brief Connect an idle socket.
     * \param address the peer
     * \return 0, or -1 with the errno set
     */
    virtual int DoConnect(const InetSocketAddress& address) = 0;
    /// \brief Listen on an idle socket. \return 0, or -1 with the errno set
    virtual int DoListen() = 0;
    /// \brief Close a socket that is neither connected nor listening. \return as Close
    virtual int CloseUnconnected() = 0;
    /// \brief A listening socket closes: whatever the derived socket registered goes.
    virtual void StopListening();
    /**
     * \brief A connection request came to the TCP listener (ListenOnTcp).
     * \param s the listener
     * \param from the peer
     * \return true to accept it
     */
    virtual bool TcpConnectionRequest(Ptr<Socket> s, const Address& from);
    /**
     * \brief The TCP listener (ListenOnTcp) accepted a connection.
     * \param s the new TCP socket
     * \param from the peer
     */
    virtual void TcpNewConnection(Ptr<Socket> s, const Address& from);

    // What the base offers the derived socket.

    /**
     * \brief Listen on ns-3's TCP at the bound port (m_tcpListener); its connections come to
     * TcpConnectionRequest and TcpNewConnection.
     * \return 0, or -1 with the errno set (TCP refused the port; no listener then)
     */
    int ListenOnTcp();
    /// \brief The front of the send queue is in the peer: pop it, tell the application, go on.
    void TxPacketDone();
    /// \return bytes the receive queue has room for
    uint32_t RxQueueRoom() const;
    /// \brief A receive is done: \p p goes to the receive queue, the application hears of it and
    /// the receive side goes on. \param p the bytes received
    void RxDelivered(Ptr<Packet> p);
    /**
     * \brief Tell the application once that the connection closed.
     * \param error an error close (else a normal one)
     */
    void NotifyCloseOnce(bool error);
    /**
     * \brief Hand this socket over to \p delegate: every later Socket call goes to it and its
     * callbacks come back as this socket's.
     * \param delegate the socket that takes over
     */
    void SetDelegate(Ptr<Socket> delegate);

    State m_state{IDLE};                 //!< state
    SocketErrno m_errno{ERROR_NOTERROR}; //!< last error
    uint16_t m_localPort{0};             //!< bound port (0: none)
    Ipv4Address m_peerAddress;           //!< connected peer
    uint16_t m_peerPort{0};              //!< its port
    bool m_shutdownSend{false};          //!< no more sends
    bool m_shutdownRecv{false};          //!< no more receives
    bool m_closeRequested{false};        //!< close once the send queue is out
    bool m_closeNotified{false};         //!< the application heard of the close
    Ptr<Socket> m_delegate;              //!< the socket that took over (none: this one works)
    Ptr<Socket> m_tcpListener;           //!< TCP side of a listening socket

    // sending
    SanFifo<Ptr<Packet>> m_txQueue; //!< send() data not yet in the peer
    uint32_t m_txQueued{0};         //!< its bytes
    uint32_t m_txOffset{0};         //!< bytes of the front packet sent
    bool m_txBusy{false};           //!< a send() is in progress

    // receiving
    SanByteStreamQueue m_rxQueue; //!< data received, not yet read by the application
    bool m_rxBusy{false};         //!< a recv() is in progress (copying or waiting)

  private:
    // the delegate's callbacks, passed on
    void DelegateConnected(Ptr<Socket> s);
    void DelegateConnectFailed(Ptr<Socket> s);
    void DelegateRecv(Ptr<Socket> s);
    void DelegateSend(Ptr<Socket> s, uint32_t available);
    void DelegateDataSent(Ptr<Socket> s, uint32_t bytes);
    void DelegateNormalClose(Ptr<Socket> s);
    void DelegateErrorClose(Ptr<Socket> s);

    TracedCallback<Ptr<const Packet>> m_txTrace; //!< a send()'s data is in the peer
    TracedCallback<Ptr<const Packet>> m_rxTrace; //!< data went into the receive queue
};

} // namespace ns3

#endif /* SAN_STREAM_SOCKET_H */
