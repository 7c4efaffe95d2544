/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_DISTRIBUTED_QUEUE_H
#define CLAN_DISTRIBUTED_QUEUE_H

#include "ns3/clan-context.h"
#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The distributed queue of Riddoch et al. 1999, section 4.2 (Figure 6, Example 2):
 * fixed-size elements in a circular buffer in the receiver's memory, with lazy copies of the
 * indices so that every access across the network is a write.
 *
 * The sender owns write_i and keeps lazy_read_i (written by the receiver); the receiver owns
 * read_i and keeps lazy_write_i (written by the sender). Empty when read_i == lazy_write_i;
 * full when one slot is left ("This effectively reduces the size of the queue by one"). Each
 * end waits for its lazy index in its own mode (spin, Tripwire, or spin then Tripwire).
 */
class ClanDistributedQueue : public Object
{
  public:
    /// An element taken from the queue.
    typedef Callback<void, const std::vector<uint8_t>&> GetCallback;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanDistributedQueue();
    ~ClanDistributedQueue() override;

    /**
     * \brief Build the queue.
     * \param sender the putting process \param receiver the getting process
     * \param elementBytes bytes per element (a positive multiple of 4)
     * \param slots q_size (>= 2)
     * \param senderMode how q_put waits for room
     * \param receiverMode how q_get waits for an element
     */
    void Setup(Ptr<ClanContext> sender,
               Ptr<ClanContext> receiver,
               uint32_t elementBytes,
               uint32_t slots,
               ClanContext::WaitMode senderMode,
               ClanContext::WaitMode receiverMode);

    /**
     * \brief The receiver's half alone (for ends set up on different hosts, e.g. through a
     * ClanConnection): allocate and export the circular buffer and lazy_write_i.
     * \param receiver the getting process \param elementBytes bytes per element
     * \param slots q_size \param mode how q_get waits
     * \return the cookie the sender needs (SetupSender)
     */
    ClanCookie SetupReceiver(Ptr<ClanContext> receiver,
                             uint32_t elementBytes,
                             uint32_t slots,
                             ClanContext::WaitMode mode);
    /**
     * \brief The sender's half: map the receiver's area, allocate and export lazy_read_i.
     * \param sender the putting process \param receiverArea SetupReceiver's cookie
     * \param elementBytes bytes per element \param slots q_size \param mode how q_put waits
     * \return the cookie the receiver needs (ConnectReceiver)
     */
    ClanCookie SetupSender(Ptr<ClanContext> sender,
                           const ClanCookie& receiverArea,
                           uint32_t elementBytes,
                           uint32_t slots,
                           ClanContext::WaitMode mode);
    /// \brief The receiver maps the sender's lazy_read_i. \param senderLazyRead its cookie
    void ConnectReceiver(const ClanCookie& senderLazyRead);

    /// \brief q_get if an element waits (no waiting). \param done with it \return false if empty
    bool TryGet(GetCallback done);
    /// \brief q_put if a slot is free (no waiting). \param element it \param done when it is
    /// in \return false if full
    bool TryPut(const std::vector<uint8_t>& element, Callback<void> done);

    /// \return receiver: true if no element waits (its copy of write_i says so)
    bool IsEmpty() const;
    /// \return sender: true if no slot is free (its copy of read_i says so)
    bool IsFull() const;
    /// \return the receiver's Tripwire on lazy_write_i (none in SPIN mode)
    uint32_t GetReceiverTripwire() const;
    /// \return the receiver's address of lazy_write_i
    uint64_t GetLazyWriteAddress() const;

    /// \brief q_put. \param element elementBytes bytes \param done when it is in
    void Put(const std::vector<uint8_t>& element, Callback<void> done);
    /// \brief q_get. \param done with the element
    void Get(GetCallback done);

    /// \return elements put
    uint64_t GetNPut() const;
    /// \return elements taken
    uint64_t GetNGot() const;
    /// \return times q_put found the queue full
    uint64_t GetNFull() const;

  protected:
    void DoDispose() override;

  private:
    /// Abort unless the shape is valid and agrees with the other half's.
    /// \param elementBytes element size \param slots q_size
    void CheckShape(uint32_t elementBytes, uint32_t slots) const;

    Ptr<ClanContext> m_tx;                             //!< sender
    Ptr<ClanContext> m_rx;                             //!< receiver
    uint32_t m_elementBytes{0};                        //!< element size
    uint32_t m_slots{0};                               //!< q_size
    ClanContext::WaitMode m_txMode{ClanContext::SPIN}; //!< sender's wait
    ClanContext::WaitMode m_rxMode{ClanContext::SPIN}; //!< receiver's wait
    uint64_t m_lazyRead{0};                            //!< sender memory: lazy_read_i
    uint64_t m_rxArea{0};                              //!< receiver memory: lazy_write_i, then q[]
    uint64_t m_remoteRx{0};                            //!< sender's mapping of m_rxArea
    uint64_t m_remoteLazyRead{0};                      //!< receiver's mapping of m_lazyRead
    uint32_t m_txTrip{0};                              //!< sender's Tripwire on lazy_read_i
    uint32_t m_rxTrip{0};                              //!< receiver's Tripwire on lazy_write_i
    uint32_t m_writeI{0};                              //!< sender: write_i
    uint32_t m_readI{0};                               //!< receiver: read_i
    uint64_t m_put{0};                                 //!< statistics
    uint64_t m_got{0};                                 //!< statistics
    uint64_t m_full{0};                                //!< statistics
};

} // namespace ns3

#endif /* CLAN_DISTRIBUTED_QUEUE_H */
