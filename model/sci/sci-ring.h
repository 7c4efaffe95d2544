/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_RING_H
#define SCI_RING_H

#include "sci-context.h"
#include "sci-flag-waiter.h"

#include "ns3/callback.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Where a ring receiver is, as its transmitter needs to know it: the node, the
 * exported segment (control block and ring) and the receiver's interrupt flag.
 */
struct SciRingAddress
{
    uint16_t node{0};      //!< SCI node id
    uint64_t segment{0};   //!< SCI address of the receiver's segment
    uint32_t ringBytes{0}; //!< size of its ring
    uint32_t flag{0};      //!< its interrupt flag
};

/**
 * \ingroup san
 * \brief The receiving half of a one-way channel through SCI remote memory: a page-locked
 * ring in this host's memory, exported to SCI, that one transmitter fills by remote stores,
 * and an interrupt flag it stimulates (the receiver of a SCILAN socket, Ryan and Bryhni 1998,
 * section 3.4 and Figure 5; the SCI/NDIS driver's receive ring).
 *
 * The segment starts with a control block: the write pointer (bytes written, set by the
 * transmitter after its data), a close mark, the peer's addresses during connection set-up,
 * and the read pointer (bytes consumed, kept by this receiver and read remotely by the
 * transmitter to see how full the ring is); the ring follows.
 */
class SciRingReceiver : public SimpleRefCount<SciRingReceiver>
{
  public:
    /// Bytes of the control block before the ring.
    static constexpr uint32_t CONTROL_BYTES = 64;

    /// Control-block offsets (32-bit little-endian words).
    enum Offset : uint32_t
    {
        WRITE_POINTER = 0, //!< written by the transmitter
        CLOSED = 4,        //!< non-zero once the transmitter has closed
        PEER_SEGMENT = 8,  //!< set-up: the peer receiver's segment + 1 (64 bits; 0: none yet)
        PEER_NODE = 16,    //!< set-up: the peer's node
        PEER_FLAG = 20,    //!< set-up: the peer receiver's flag
        PEER_TX_FLAG = 24, //!< set-up: the peer transmitter's flag
        PEER_RING = 28,    //!< set-up: the peer receiver's ring size
        READ_POINTER = 32, //!< written by this receiver
    };

    /**
     * \param ctx the process's view of this host's adapter
     * \param ringBytes ring size (a multiple of 64)
     */
    SciRingReceiver(Ptr<SciContext> ctx, uint32_t ringBytes);
    ~SciRingReceiver();

    /// \return the address a transmitter needs
    SciRingAddress GetAddress() const;
    /// \return the flag its thread waits on
    Ptr<SciFlagWaiter> GetFlag() const;

    /// \return bytes written and not yet consumed
    uint32_t Available() const;
    /// \return true once the transmitter has closed
    bool IsClosed() const;
    /// \param offset a control-block word \return its value
    uint32_t ReadControl(uint32_t offset) const;
    /// \return the peer receiver's segment + 1 from set-up (0: not set yet)
    uint64_t ReadPeerSegment() const;

    /**
     * \brief Read \p len bytes (at most Available()) from the ring into \p out, without
     * consuming them (the caller's receiver copy charges the time).
     */
    void Peek(uint8_t* out, uint32_t len) const;
    /// \brief Consume \p len bytes: advance the read pointer (a local store).
    void Consume(uint32_t len);

    /// \brief Wait until \p ready holds (see SciFlagWaiter::Wait).
    void Wait(Time pollTime, Callback<bool> ready, Callback<void> resumed);

    /// \brief Withdraw the segment and the flag.
    void Close();

  private:
    /// Snoop: something was written into the segment.
    void Written(uint64_t address, uint64_t len);

    Ptr<SciContext> m_ctx;     //!< the process's view of the adapter
    Ptr<SciFlagWaiter> m_flag; //!< the receiver's flag
    uint32_t m_ringBytes;      //!< ring size
    uint64_t m_region{0};      //!< host address of the segment
    uint64_t m_segment{0};     //!< its SCI address
    uint32_t m_readPointer{0}; //!< bytes consumed
};

/**
 * \ingroup san
 * \brief The transmitting half: a mapping of the peer receiver's segment, the transmitter
 * copy into its ring by processor stores (HostMemorySystem::CopyToDevice), the error check
 * per MTU, publishing the write pointer and stimulating the receiver's flag, and the flow
 * control that reads the receiver's read pointer remotely and sleeps on the transmitter's own
 * flag when the ring is full (sections 3.2 and 3.4).
 */
class SciRingTransmitter : public SimpleRefCount<SciRingTransmitter>
{
  public:
    /**
     * \param ctx the process's view of this host's adapter
     * \param peer the receiver
     * \param flag the transmitter's own flag (told to the receiver at set-up)
     */
    SciRingTransmitter(Ptr<SciContext> ctx, const SciRingAddress& peer, Ptr<SciFlagWaiter> flag);
    ~SciRingTransmitter();

    /// \return the flag the transmitter sleeps on when the ring is full
    Ptr<SciFlagWaiter> GetFlag() const;
    /// \return the receiver
    const SciRingAddress& GetPeer() const;
    /// \return room in the ring as last known (no remote access)
    uint32_t KnownRoom() const;

    /**
     * \brief Read the receiver's read pointer remotely (the processor stalls on the load).
     * \param done called with the room it shows
     */
    void RefreshRoom(Callback<void, uint32_t> done);
    /**
     * \brief The transmitter copy: \p len bytes (at most KnownRoom()) from local memory into
     * the ring at the write pointer, by processor stores. Does not publish them.
     * \param data the bytes (null: zeros)
     * \param len bytes
     * \param done called when every store has reached the adapter
     */
    void Write(const uint8_t* data, uint32_t len, Callback<void> done);
    /**
     * \brief Check the transfers (every request echoed), then publish the write pointer and
     * stimulate the receiver's flag.
     * \param done called with the check's result once the stimulus has been issued
     */
    void Publish(Callback<void, bool> done);
    /// \brief Sleep until the receiver has made room (it stimulates this flag), then refresh
    /// the room. \param done called with the room
    void WaitForRoom(Callback<void, uint32_t> done);
    /// \brief Mark the connection closed at the receiver and stimulate it.
    void SendClose();
    /// \brief Write the set-up words into the peer's control block (connection set-up).
    void WriteControl(uint32_t offset, const uint8_t* data, uint32_t len);
    /// \brief Stimulate the receiver's flag.
    void Stimulate();

    /// \brief Forget the flag.
    void Close();

  private:
    Ptr<SciContext> m_ctx;     //!< the process's view of the adapter
    SciRingAddress m_peer;     //!< the receiver
    Ptr<SciFlagWaiter> m_flag; //!< the transmitter's flag
    uint64_t m_mapped{0};      //!< bus address of the mapping
    uint32_t m_written{0};     //!< bytes written (write pointer)
    uint32_t m_published{0};   //!< write pointer as published
    uint32_t m_readSeen{0};    //!< receiver's read pointer as last read
};

} // namespace ns3

#endif /* SCI_RING_H */
