/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_PIO_WINDOW_H
#define HOST_PIO_WINDOW_H

#include "host-bus.h"
#include "san-fifo.h"

#include "ns3/callback.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A window of device memory mapped into a process: processor stores into it cross the
 * host's I/O bus as programmed I/O and land in the device (Hamlyn's direct-I/O work queues,
 * section 2.3; CLAN's and SCI's remote stores into mapped apertures).
 *
 * Store() moves bytes as posted PIO stores (HostBus::Pio: one bus transaction per
 * "PioStoreBytes"); when the last store has crossed the bus the device's sink receives the
 * bytes with their offset in the window, then the caller's callback runs. The processor time
 * that issues the stores is the caller's to charge (a library charges its instruction counts on
 * HostCpu); whether it waits for the landing is also its choice, since stores are posted.
 *
 * Stores into one window land in the order they were issued, as a processor's posted stores
 * do: a store starts crossing the bus when the one before it has landed (the bus would
 * otherwise interleave their transactions grant by grant, and a short store issued later could
 * land before a long one issued earlier).
 */
class HostPioWindow : public SimpleRefCount<HostPioWindow>
{
  public:
    /// The device side: (offset in the window, bytes, length).
    typedef Callback<void, uint64_t, const uint8_t*, uint32_t> SinkCallback;

    /**
     * \param bus the I/O bus the stores cross
     * \param size window size in bytes (> 0)
     * \param sink the device, called as stores land
     * \param priorityClass the bus class of the stores
     */
    HostPioWindow(Ptr<HostBus> bus, uint64_t size, SinkCallback sink, uint32_t priorityClass = 0);

    /**
     * \brief Store \p len bytes at \p offset (aborts if outside the window).
     * \param offset first byte in the window
     * \param data the bytes (copied now)
     * \param len number of bytes
     * \param landed called once the device has them (may be null)
     */
    void Store(uint64_t offset, const uint8_t* data, uint32_t len, Callback<void> landed);
    /**
     * \brief Forget the continuations of the stores not yet landed (their owner is closing).
     *
     * The stores still cross the bus and reach the device; no one is told. A continuation may
     * hold what holds this window, so an owner that is disposed mid-flight calls this to let
     * both go.
     */
    void Abandon();

    /// \return the window size
    uint64_t GetSize() const;
    /// \return bytes stored so far (landed)
    uint64_t GetBytesStored() const;
    /// \param bytes a store size \return its PIO time on an idle bus
    Time GetStoreTime(uint32_t bytes) const;

  private:
    Ptr<HostBus> m_bus;        //!< the bus crossed
    uint64_t m_size;           //!< window size
    SinkCallback m_sink;       //!< the device
    uint32_t m_class;          //!< bus priority class
    uint64_t m_bytesStored{0}; //!< landed bytes

    /// A store issued and not yet landed.
    struct Pending
    {
        uint64_t offset;            //!< offset in the window
        std::vector<uint8_t> bytes; //!< the bytes
        Callback<void> landed;      //!< the caller's continuation
        Time ready;                 //!< when it reaches the I/O bus (after posting)
    };

    /// Start the oldest pending store on the bus, if none is crossing it.
    void StartNext();
    /// The front store is ready to cross the bus (its posting delay is over).
    void Ready();
    /// The front store has crossed the bus: hand it to the device.
    void Crossed();

    SanFifo<Pending> m_pending; //!< stores in issue order; the front one is on the bus
    bool m_onBus{false};        //!< the front store is crossing the bus
    Callback<void> m_crossed;   //!< Crossed() (made at the first store, passed to every one)
    std::vector<std::vector<uint8_t>> m_spare; //!< byte buffers of landed stores, for reuse
};

} // namespace ns3

#endif /* HOST_PIO_WINDOW_H */
