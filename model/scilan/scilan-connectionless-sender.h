/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_CONNECTIONLESS_SENDER_H
#define SCILAN_CONNECTIONLESS_SENDER_H

#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/ptr.h"
#include "ns3/sci-ring.h"
#include "ns3/simple-ref-count.h"
#include "ns3/socket.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace ns3
{

class ScilanStack;

/**
 * \ingroup san
 * \brief SCILAN's connectionless transmitter (Ryan and Bryhni 1998, section 3.4): many
 * transmitters write into one receiver's ring, so each takes the receiver's lock first -- a
 * disabled interrupt flag used as test-and-set -- then reads the ring's pointers, writes its
 * record, checks the transfer, publishes it, stimulates the receiver and releases the lock.
 *
 * The receiver is found by address and port in its host's port directory (remote loads of
 * the directory's slots; set-up cost, cached per destination). Connection requests to a
 * listening socket and datagrams to a bound datagram socket both go this way. Records are
 * sent one at a time, in order.
 */
class ScilanConnectionlessSender : public SimpleRefCount<ScilanConnectionlessSender>
{
  public:
    /// The result of a send: success, or the reason it failed.
    typedef Callback<void, bool, Socket::SocketErrno> DoneCallback;

    /// \param stack this host's SCILAN
    explicit ScilanConnectionlessSender(Ptr<ScilanStack> stack);
    ~ScilanConnectionlessSender();

    /**
     * \brief Send \p record to the receiver registered at \p address : \p port.
     * \param address a cluster address
     * \param port the receiver's port
     * \param record the bytes (a multiple of 32 bytes)
     * \param done called once it is in the receiver's ring (or failed)
     */
    void Send(Ipv4Address address, uint16_t port, std::vector<uint8_t> record, DoneCallback done);

    /// \brief Forget everything queued (the owner closes).
    void Close();

  private:
    /// A record waiting to go.
    struct Pending
    {
        Ipv4Address address;         //!< destination
        uint16_t port;               //!< its port
        std::vector<uint8_t> record; //!< bytes
        DoneCallback done;           //!< the caller
    };

    /// A receiver found in a directory.
    struct Target
    {
        Ipv4Address address; //!< its host
        uint16_t port{0};    //!< its port
        uint16_t node{0};    //!< its node
        SciRingAddress ring; //!< its ring
        uint32_t lock{0};    //!< its lock flag
        uint64_t bus{0};     //!< this adapter's mapping of its segment
    };

    /// Start the front record.
    void Next();
    /// Look up slot \p attempt of the destination's directory.
    void Probe(uint64_t directoryBus, uint32_t attempt);
    /// Try the lock.
    void Lock();
    /// The lock is held: write the record.
    void Locked();
    /// Release the lock.
    void Unlock();
    /// The front record is done (\p ok) or failed with \p error.
    void Finish(bool ok, Socket::SocketErrno error);

    Ptr<ScilanStack> m_stack;      //!< this host's SCILAN
    std::deque<Pending> m_queue;   //!< records, the front one in progress
    bool m_busy{false};            //!< the front one is in progress
    std::vector<Target> m_targets; //!< receivers found so far
    Target m_target;               //!< the front record's receiver
};

} // namespace ns3

#endif /* SCILAN_CONNECTIONLESS_SENDER_H */
