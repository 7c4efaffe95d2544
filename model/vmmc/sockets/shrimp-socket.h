/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_SOCKET_H
#define SHRIMP_SOCKET_H

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/san-stream-socket.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class ShrimpSocketFactory;

/**
 * \ingroup san
 * \brief A SHRIMP stream socket (Felten et al. 1996, section 4.3; Damianakis et al., the
 * paper's [16]): an ns-3 Socket over VMMC, so that ns-3's applications (BulkSend, PacketSink,
 * OnOff with "Protocol" = "ns3::ShrimpSocketFactory") run over SHRIMP unchanged, as existing
 * binaries ran over the user-level library.
 *
 * Connection establishment goes over a regular TCP socket on the nodes' Ethernet: the two
 * ends exchange the export ids of their receive rings, import each other's, and keep the TCP
 * socket open to detect a broken connection (a TCP close that no VMMC close preceded, or a
 * TCP error, is an error close).
 *
 * Each direction is a circular buffer in the receiver's exported memory: the data ring, then
 * a control page whose words are [0] the total bytes the peer has written into this ring,
 * [1] the total bytes the peer has consumed of the ring this end writes into, [2] the peer's
 * close flag. Each end writes its own values into a local control page bound by automatic
 * update (no combining) to the peer's, so a store there also closes an open data packet. The
 * sender's flow control is the receiver's consumed count. Three variants ("Variant" of the
 * factory):
 * - DU_2COPY: send copies into an aligned staging image of the peer's ring, then a deliberate
 *   update; recv copies out of the ring.
 * - DU_1COPY: deliberate update straight from the user's buffer when the source and the ring
 *   position have the same alignment within a word (a partial first word goes through the
 *   staging image, whose bytes are kept for every partial word); otherwise as DU_2COPY.
 * - AU_2COPY: the staging image is bound to the peer's ring by automatic update (combining):
 *   the copy into it is the send.
 *
 * The process model: the application's buffers are host memory (the packet's bytes are put
 * there for free: the application had them); the library's copies, stores and deliberate
 * updates go through the simulated memory system and interface. The receive side copies
 * whatever arrives into the socket's receive queue at once, as a process waiting in recv()
 * would; it learns of arrivals when the control words change (the process is taken to be
 * polling them then: the CPU pays the load that sees the change and a loop iteration, but is
 * not held while idle, so that the application's own sends are not stalled behind a spin).
 */
class ShrimpSocket : public SanStreamSocket
{
  public:
    /// The library's data transfer variants (section 4.3).
    enum Variant
    {
        DU_2COPY, //!< sender copy + deliberate update; receiver copy
        DU_1COPY, //!< deliberate update from the user's buffer when aligned; receiver copy
        AU_2COPY, //!< sender copy into the bound ring image; receiver copy
    };

    /// Control words in a control page.
    enum ControlWord
    {
        CTRL_WRITTEN = 0,  //!< total bytes written into the ring (by the peer)
        CTRL_CONSUMED = 4, //!< total bytes of our outgoing ring the peer consumed
        CTRL_CLOSED = 8,   //!< the peer closed its sending side
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ShrimpSocket();
    ~ShrimpSocket() override;

    /// \param factory the node's SHRIMP socket library (set by the factory)
    void SetFactory(Ptr<ShrimpSocketFactory> factory);

    /**
     * \brief The process dies (a test's broken connection): its descriptors are closed by the
     * kernel (the TCP socket closes) and its library state is gone; no VMMC close is sent.
     */
    void Crash();

    /// \return the variant in use (fixed at connection)
    Variant GetVariant() const;
    /// \return sends (chunks) that went by deliberate update straight from the user's buffer
    uint64_t GetNOneCopyChunks() const;
    /// \return sends (chunks) that were copied into the staging image first
    uint64_t GetNTwoCopyChunks() const;
    /// \return bytes this socket has written into the peer's ring
    uint64_t GetBytesWritten() const;
    /// \return times the sender found the peer's ring full and waited
    uint64_t GetNRingFullWaits() const;

    // Socket
    Ptr<Node> GetNode() const override;

    /// Bytes of a connection set-up message on the TCP socket.
    static constexpr uint32_t SETUP_BYTES = 16;
    /// Magic word of the set-up messages.
    static constexpr uint32_t SETUP_MAGIC = 0x53485253; // "SHRS"

  protected:
    void DoDispose() override;

  private:
    // set-up and the SanStreamSocket hooks around it (shrimp-socket.cc)
    uint32_t GetSndBufSize() const override;
    uint32_t GetRcvBufSize() const override;
    Ipv4Address GetLocalAddress() const override;
    int DoBind(const InetSocketAddress& address) override;
    int DoListen() override;
    int DoConnect(const InetSocketAddress& address) override;
    int CloseUnconnected() override;
    bool TcpConnectionRequest(Ptr<Socket> s, const Address& from) override;
    void TcpNewConnection(Ptr<Socket> s, const Address& from) override;
    void TcpConnected(Ptr<Socket> s);
    void TcpConnectFailed(Ptr<Socket> s);
    void TcpRecv(Ptr<Socket> s);
    void TcpNormalClose(Ptr<Socket> s);
    void TcpErrorClose(Ptr<Socket> s);
    void AttachTcp(Ptr<Socket> tcp);
    void AllocateRings();
    void ExportRing(Callback<void> done);
    void SendSetup();
    void SetupReceived(uint32_t host, uint32_t exportId, uint32_t ringBytes);
    void MapPeer(uint32_t host, uint32_t exportId, uint32_t ringBytes, Callback<void> done);
    void Established();
    void Broken();
    void Teardown();
    void Fail(SocketErrno error);

    // data path (shrimp-socket-data.cc)
    void TxNext() override;
    void TxChunk();
    void TxPiece(uint32_t pos, uint64_t src, uint32_t len, Callback<void> done);
    void TxDeliberate(uint32_t pos, uint64_t src, uint32_t len, Callback<void> done);
    void TxPublish(uint32_t n);
    void FinishClose();
    void ArmWatch();
    void ControlChanged();
    void RxNext() override;
    void RxCopied(uint32_t n, uint32_t start);
    void RxCopyPieces(uint32_t pos, uint32_t n, uint32_t done, Callback<void> finished);
    uint32_t PeerConsumed() const;
    uint32_t PeerWritten() const;
    bool PeerClosed() const;
    uint32_t RingRoom() const;

    Ptr<ShrimpSocketFactory> m_factory; //!< the node's library
    Ptr<VmmcEndpoint> m_ep;             //!< the process's VMMC
    Ptr<HostMemory> m_memory;           //!< its host's memory
    Variant m_variant{AU_2COPY};        //!< data transfer variant
    bool m_closeSent{false};            //!< our VMMC close flag is out
    bool m_isChild{false};              //!< accepted by a listening socket
    Ptr<ShrimpSocket> m_listener;       //!< the listening socket of a child being set up

    Ptr<Socket> m_tcp;            //!< the Ethernet connection (set-up, broken detection)
    std::vector<uint8_t> m_tcpIn; //!< set-up bytes received so far
    bool m_setupReceived{false};  //!< the peer's set-up message is in
    bool m_tcpClosed{false};      //!< the TCP connection is gone

    // rings
    uint32_t m_ringBytes{0};     //!< our receive ring's bytes
    uint32_t m_peerRingBytes{0}; //!< the peer's receive ring's bytes
    uint64_t m_rxRing{0};        //!< our exported ring (+ control page after it)
    uint64_t m_rxControl{0};     //!< our incoming control page
    uint32_t m_exportId{0};      //!< its export id
    uint64_t m_txImage{0};       //!< staging image of the peer's ring (AU: bound)
    uint64_t m_txControl{0};     //!< our outgoing control page (bound to the peer's)
    int32_t m_handle{-1};        //!< import of the peer's ring
    uint64_t m_userTx{0};        //!< the application's send buffer
    uint64_t m_userRx{0};        //!< the application's receive buffer
    uint32_t m_userOffset{0};    //!< misalignment of the application's send buffer
    uint64_t m_watch{0};         //!< pending watch on the incoming control words

    // sending
    bool m_txWaiting{false};    //!< waiting for room in the peer's ring
    bool m_closeWaiting{false}; //!< closing: waiting for the peer to consume all
    uint32_t m_written{0};      //!< total bytes written into the peer's ring

    // receiving
    uint32_t m_consumed{0}; //!< total bytes consumed from our ring

    uint64_t m_oneCopy{0};   //!< chunks sent from the user's buffer
    uint64_t m_twoCopy{0};   //!< chunks copied first
    uint64_t m_fullWaits{0}; //!< ring-full waits
};

} // namespace ns3

#endif /* SHRIMP_SOCKET_H */
