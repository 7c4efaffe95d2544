/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_SOCKET_CALLS_H
#define HOST_SOCKET_CALLS_H

#include "host-stack-costs.h"

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

class SanHost;
class TcpHeader;
class TcpSocketBase;

/**
 * \ingroup san
 * \brief A process's blocking send and receive calls on an ns-3 stream socket, with what they
 * cost the host: the user-level side of the host cost model (HostStackNetDevice is the
 * kernel's device side).
 *
 * Send(message): a write() that returns when the whole message is in the socket's send buffer.
 * It charges one system call ("syscall": HostCpu "SyscallCost" plus the socket layer's
 * instructions), then per segment-sized chunk the copy from user memory ("copy") and the
 * checksum computed on the way ("checksum"), and hands the chunk to ns-3's TCP, which may
 * transmit at once (the kernel transmits inside the call). When the send buffer is full the
 * process blocks and is woken ("wakeup": HostCpu "WakeupLatency") when TCP frees space.
 *
 * Recv(bytes): read() calls until \p bytes have arrived, one system call each. A read finding
 * no data blocks; the arrival (already paid for by the device's interrupt and deferred
 * processing) wakes the process ("wakeup"), which copies what is there ("copy") and returns.
 *
 * The calls are serialized like a single-threaded process: one Send or Recv at a time.
 */
class HostSocketCalls : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostSocketCalls();
    ~HostSocketCalls() override;

    /**
     * \brief Attach to a connected (or connecting) stream socket. Takes over the socket's
     * receive and send callbacks.
     * \param host the host whose CPU runs the process
     * \param socket the socket
     * \param os the operating system's costs
     */
    void Setup(Ptr<SanHost> host, Ptr<Socket> socket, Ptr<HostStackCosts> os);

    /**
     * \brief A blocking write of a whole message.
     * \param message the data (its bytes, or only its size)
     * \param done called when the call returns
     */
    void Send(Ptr<const Packet> message, Callback<void> done);

    /**
     * \brief Blocking reads until \p bytes have been read.
     * \param bytes how many (> 0)
     * \param done called with the data once the last read returns
     */
    void Recv(uint32_t bytes, Callback<void, Ptr<Packet>> done);

    /**
     * \brief The NIC computes the checksums of the segments sent (HostNicDriverCosts
     * HasTransmitChecksumOffload): Send copies without summing. Default false.
     * \param offload whether it does
     */
    void SetTransmitChecksumOffload(bool offload);
    /**
     * \brief Be told whenever data arrives on the socket, whether or not a Recv waits for it
     * (a select() over several sockets, see SanSocketMessenger).
     * \param cb called on every arrival (null: none)
     */
    void SetDataCallback(Callback<void> cb);

    /// \return true while a Send or Recv is in progress
    bool IsBusy() const;
    /// \return the socket
    Ptr<Socket> GetSocket() const;
    /// \return system calls made
    uint64_t GetSyscalls() const;
    /// \return times the process blocked and was woken
    uint64_t GetWakeups() const;
    /// \return window updates sent after reads (by the stack's HostStackCosts "WindowUpdate")
    uint64_t GetWindowUpdates() const;

    /**
     * TracedCallback signature for a charged cost.
     * \param [in] kind what was charged ("syscall", "copy", "checksum", "wakeup")
     * \param [in] duration its duration
     */
    typedef void (*ChargeTracedCallback)(const std::string& kind, Time duration);

  protected:
    void DoDispose() override;

  private:
    /// Take this object's callbacks off its socket, and let the socket go.
    void Detach();
    /// Send: copy and hand over what fits.
    void SendMore();
    /// After a read: the window update the stack sends when its reads have opened the window
    /// far enough since the last segment advertised it (HostStackCosts "WindowUpdate").
    void SendWindowUpdate();
    /// ns-3: the TCP socket sent a segment (each advertises the window).
    /// \param packet the segment \param header its header \param socket the socket
    void OnSegmentSent(Ptr<const Packet> packet,
                       const TcpHeader& header,
                       Ptr<const TcpSocketBase> socket);
    /// Recv: one read() call.
    void ReadCall();
    /// Recv: inside the read, take what is there or block.
    void ReadTake();
    /// ns-3: data arrived.
    void OnData(Ptr<Socket> socket);
    /// ns-3: send buffer space freed.
    void OnSpace(Ptr<Socket> socket, uint32_t available);
    /// \param kind what \param duration how long
    void Trace(const char* kind, Time duration);

    Ptr<SanHost> m_host;      //!< host
    Ptr<Socket> m_socket;     //!< socket
    Ptr<HostStackCosts> m_os; //!< costs
    uint32_t m_chunk{0};      //!< copy chunk (the segment size)
    /// A TCP socket's RcvBufSize and SegmentSize, looked up by name once (SendWindowUpdate
    /// reads them on every read; a lookup by name walks the TypeId's attributes); null for
    /// other sockets
    Ptr<const AttributeAccessor> m_rcvBufSize;
    Ptr<const AttributeAccessor> m_segmentSize; //!< see m_rcvBufSize
    bool m_txChecksumOffload{false};            //!< the NIC sums what is sent
    Callback<void> m_dataCallback;              //!< told of every arrival

    // Send state
    Ptr<const Packet> m_message; //!< being sent
    uint32_t m_sendOffset{0};    //!< bytes handed over
    bool m_sendBlocked{false};   //!< waiting for space
    Callback<void> m_sendDone;   //!< send's completion

    // Recv state
    uint32_t m_recvWanted{0};               //!< bytes still wanted
    Ptr<Packet> m_recvData;                 //!< bytes read so far
    bool m_recvBlocked{false};              //!< waiting for data
    uint64_t m_bytesRead{0};                //!< bytes read from a TCP socket, in all
    uint64_t m_readAtAdvertised{0};         //!< m_bytesRead when a segment last left
    Callback<void, Ptr<Packet>> m_recvDone; //!< recv's completion

    uint64_t m_syscalls{0}; //!< system calls

    uint64_t m_windowUpdates{0}; //!< window updates sent after reads
    uint64_t m_wakeups{0};       //!< wake-ups

    TracedCallback<const std::string&, Time> m_chargeTrace; //!< every charge
};

} // namespace ns3

#endif /* HOST_SOCKET_CALLS_H */
