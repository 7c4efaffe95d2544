/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SOCKET_MESSENGER_H
#define SAN_SOCKET_MESSENGER_H

#include "san-messenger.h"

#include "ns3/address.h"
#include "ns3/host-socket-calls.h"
#include "ns3/san-fifo.h"
#include "ns3/san-select.h"
#include "ns3/socket.h"
#include "ns3/type-id.h"

#include <functional>
#include <map>

namespace ns3
{

/**
 * \ingroup san
 * \brief Messages over stream sockets of any ns-3 socket factory: SCILAN's sockets over SCI
 * ("ns3::ScilanSocketFactory"), SHRIMP's sockets over VMMC ("ns3::ShrimpSocketFactory") and
 * ns-3's TCP over the host's stack ("ns3::TcpSocketFactory").
 *
 * One connection per pair of processes, opened by Connect and used both ways. A message is
 * framed in its own bytes (it is at least 8 bytes): its first word is its length, its second
 * says what it is (data, or the connection's hello and its answer, which tell the accepting end
 * who connected). The rest is zeros: the sockets carry the bytes, nobody reads them. A message
 * larger than the socket's free buffer goes in pieces of at most "SendSize" bytes as room
 * frees (SetSendCallback), as a program calling send() in a loop would.
 *
 * Over ns-3's TCP on a host's stack (a HostStackNetDevice on the node: its HostStackCosts), once
 * a connection is up the process's sends and receives are HostSocketCalls ("ChargeSocketCalls"):
 * a write() of the whole message and read()s of its frame and then its body, each a system
 * call with its copy (and the checksum on the way out, unless the NIC computes it:
 * HostNicDriverCosts HasTransmitChecksumOffload), blocking and woken as the host's OS does,
 * one call at a time for the whole process (a single-threaded program: a send blocked on a
 * full buffer holds its other connections too). A process with one connection receives by
 * reading it. A process with more (a server of several clients, a member of a group) waits as
 * a 1990s server did, in one select() over all its connections, then reads a message from a
 * connection it found readable, and the next receive takes the next such connection before it
 * selects again (a server's loop over select()'s ready set, in order of the peers' node ids,
 * as of descriptors). select() is a system call whose socket-layer entry
 * (HostStackCosts "SocketCallInstructions") and scan ("SelectInstructionsPerSocket" per
 * connection) run on the host's CPU; when nothing is readable the process sleeps and is woken
 * by the arrival, already charged by the device's interrupt (HostCpu "WakeupLatency" only),
 * and scans its connections once more. Accepting a connection is not charged (set-up is never
 * measured). Which way a receive goes is decided when it is posted: a receive posted while
 * the process has only one connection reads that one even if others come up meanwhile (a server's
 * first receive, before the workload's warm-up ends). "SegmentSize", if set, is the TCP
 * sockets' maximum segment. SCILAN's and SHRIMP's socket libraries charge their own calls.
 */
class SanSocketMessenger : public SanMessenger
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanSocketMessenger();
    ~SanSocketMessenger() override;

    /// \return the address a peer on \p node is reached at (its SCILAN cluster address with
    /// SCILAN's factory, else its first IPv4 interface's); aborts if it has none
    typedef Callback<Ipv4Address, Ptr<Node>> AddressResolver;
    /// \param resolver replaces the default address look-up
    void SetAddressResolver(AddressResolver resolver);

    void Open(Ptr<Node> node) override;
    void Connect(Ptr<Node> peer, Callback<void> connected) override;
    void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) override;
    void Receive(ReceiveCallback done) override;
    bool IsConnected(uint32_t peer) const override;
    uint32_t GetMinMessageBytes() const override;
    std::string GetDescription() const override;

    /// \return select() calls the process made (several costed connections)
    uint64_t GetSelectCalls() const;
    /// \return select() calls that found nothing readable and slept
    uint64_t GetSelectSleeps() const;

  protected:
    void DoDispose() override;

  private:
    /// The frame's second word.
    enum Kind : uint32_t
    {
        DATA = 0,          //!< a message
        HELLO = 1u << 31,  //!< a connecting process: its node id in the low bits
        ANSWER = 1u << 30, //!< the accepting process's answer: its node id in the low bits
    };

    /// Bytes of the frame (length word, kind word).
    static constexpr uint32_t FRAME_BYTES = 8;

    /// A message on its way into a socket.
    struct Outgoing
    {
        uint32_t bytes{0};   //!< its size
        uint32_t kind{DATA}; //!< what it is
        uint32_t handed{0};  //!< bytes the socket has taken
        Callback<void> sent; //!< when all are taken
    };

    /// One connection.
    struct Connection
    {
        Ptr<Socket> socket;           //!< the stream
        uint32_t peer{UINT32_MAX};    //!< the peer's node id, once known
        bool up{false};               //!< hello answered
        Callback<void> connected;     //!< the connecting end's Connect callback
        SanFifo<Outgoing> queue;      //!< messages not yet wholly handed over
        uint8_t frame[FRAME_BYTES]{}; //!< the arriving message's frame so far
        uint32_t frameBytes{0};       //!< bytes of it
        uint32_t remaining{0};        //!< body bytes of the arriving message still due
        Ptr<HostSocketCalls> calls;   //!< the process's costed calls, once up (host stacks)
    };

    /// \param node a host \return its address for this factory
    Ipv4Address AddressOf(Ptr<Node> node) const;
    /// \param socket a new stream \return its connection (created)
    Connection& Adopt(Ptr<Socket> socket);
    /// \param socket a stream \return its connection (aborts if unknown)
    Connection& Of(Ptr<Socket> socket);
    /// Queue a message on \p c and push what fits.
    void Queue(Connection& c, uint32_t bytes, uint32_t kind, Callback<void> sent);
    /// Hand the socket of \p c what its buffer takes.
    void Pump(Connection& c);
    /// Socket callbacks.
    void Accepted(Ptr<Socket> socket, const Address& from);
    void ConnectSucceeded(Ptr<Socket> socket);
    void ConnectFailed(Ptr<Socket> socket);
    void Readable(Ptr<Socket> socket);
    void Writable(Ptr<Socket> socket, uint32_t available);
    /// A whole message has arrived on \p c.
    void Arrived(Connection& c, uint32_t bytes, uint32_t kind);
    /// Once \p c is up: over a host's stack (a HostStackNetDevice on the node), the process's
    /// sends and receives become blocking calls that cost the host (HostSocketCalls).
    void UseProcessCalls(Connection& c);
    /// Run \p call when the process's calls before it have returned (one at a time, as a
    /// single-threaded program). \param call the call
    void Call(std::function<void()> call);
    /// The running call returned: the next.
    void CallReturned();
    /// A costed receive on one connection: read() its frame, then its body.
    /// \param key the connection's socket \param done the receive's callback
    void ReadMessage(Socket* key, ReceiveCallback done);
    /// A costed receive over several connections: the next one select() found readable, or a
    /// new select(). \param done the receive's callback
    void ReadNextReady(ReceiveCallback done);
    /// The select() system call. \param done the receive's callback
    void Select(ReceiveCallback done);
    /// Note every costed connection with bytes to read, in order of peer node id.
    void CollectReady();
    /// \return the number of connections with costed calls
    uint32_t CountCostedConnections() const;
    /// Data arrived on a costed connection (a select() may be waiting).
    void CostedDataArrived();

    TypeId m_factory;                            //!< socket factory
    uint16_t m_port;                             //!< listening port
    uint32_t m_sendSize;                         //!< bytes per send() call at most
    bool m_chargeCalls;                          //!< costed calls over a host's stack
    uint32_t m_segmentSize;                      //!< TCP sockets' SegmentSize (0: default)
    AddressResolver m_resolver;                  //!< replaces AddressOf if set
    Ptr<Socket> m_listener;                      //!< accepting socket
    std::map<Socket*, Connection> m_connections; //!< by socket
    std::map<uint32_t, Socket*> m_byPeer;        //!< connections by peer node id
    SanFifo<std::function<void()>> m_waiting;    //!< calls waiting for the process
    bool m_calling{false};                       //!< a call is running
    Ptr<HostStackCosts> m_os;                    //!< the host's stack costs (costed calls)
    Ptr<SanSelect> m_select;                     //!< select() over the costed connections
    SanFifo<uint32_t> m_ready;                   //!< peers select() found readable, not yet read
    uint64_t m_selects{0};                       //!< select() calls
    uint64_t m_selectSleeps{0};                  //!< of which slept
};

} // namespace ns3

#endif /* SAN_SOCKET_MESSENGER_H */
