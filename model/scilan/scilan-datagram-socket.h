/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_DATAGRAM_SOCKET_H
#define SCILAN_DATAGRAM_SOCKET_H

#include "ns3/ipv4-address.h"
#include "ns3/sci-ring.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"

#include <deque>

namespace ns3
{

class ScilanStack;
class ScilanConnectionlessSender;

/**
 * \ingroup san
 * \brief A SCILAN datagram socket (Ryan and Bryhni 1998, section 3.4: "connectionless
 * sockets"): a bound socket is a receiver ring that any number of connectionless transmitters
 * write into, serialized by its lock; sendto() is one such transmitter
 * (ScilanConnectionlessSender). Each datagram is a record in the ring: its length, the
 * sender's address and port, then the data. Datagrams to addresses outside the cluster are
 * refused (ERROR_NOROUTETOHOST); the fall-through to ns-3's UDP is not modelled.
 */
class ScilanDatagramSocket : public Socket
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ScilanDatagramSocket();
    ~ScilanDatagramSocket() override;

    /// \param stack the host's SCILAN
    void SetStack(Ptr<ScilanStack> stack);

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

    /// Bytes of a datagram record's header in the ring.
    static constexpr uint32_t RECORD_HEADER = 16;

  protected:
    void DoDispose() override;

  private:
    /// The receiving thread: take the next datagram, or wait.
    void RxNext();

    Ptr<ScilanStack> m_stack;                   //!< the host's SCILAN
    SocketErrno m_errno{ERROR_NOTERROR};        //!< last error
    uint16_t m_port{0};                         //!< bound port
    bool m_connected{false};                    //!< a default destination is set
    InetSocketAddress m_peer{Ipv4Address(), 0}; //!< the default destination
    bool m_closed{false};                       //!< closed
    Ptr<SciRingReceiver> m_rx;                  //!< the receiver ring (once bound)
    Ptr<SciFlagWaiter> m_lock;                  //!< its lock
    Ptr<ScilanConnectionlessSender> m_sender;   //!< sendto()'s transmitter
    uint32_t m_txQueued{0};                     //!< bytes handed to sendto(), not yet sent
    uint32_t m_sndBufSize{65536};               //!< attribute
    std::deque<std::pair<Ptr<Packet>, InetSocketAddress>> m_rxQueue; //!< received
    uint32_t m_rxQueued{0};                                          //!< their bytes
    uint32_t m_rcvBufSize{65536};                                    //!< attribute
    bool m_rxBusy{false}; //!< the receiving thread works or waits
};

/**
 * \ingroup san
 * \brief A UDP socket factory that makes SCILAN datagram sockets: installed (ScilanHelper
 * "ReplaceUdp") on hosts without ns-3's internet stack, so that applications that ask for
 * "ns3::UdpSocketFactory" by name -- UdpEcho -- run over SCILAN unchanged, as WinSock
 * binaries did (section 3.1).
 */
class ScilanUdpSocketFactory : public UdpSocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \param stack the host's SCILAN
    void SetStack(Ptr<ScilanStack> stack);

    Ptr<Socket> CreateSocket() override;

  protected:
    void DoDispose() override;

  private:
    Ptr<ScilanStack> m_stack; //!< the host's SCILAN
};

} // namespace ns3

#endif /* SCILAN_DATAGRAM_SOCKET_H */
