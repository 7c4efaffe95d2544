/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_VMMC_MESSENGER_H
#define SAN_VMMC_MESSENGER_H

#include "san-messenger.h"

#include "ns3/san-fifo.h"
#include "ns3/vmmc-endpoint.h"

#include <functional>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Messages through SHRIMP's basic library itself, VMMC (SHRIMP 1996, sections 2 and
 * 3.4), as a program using it directly would carry them.
 *
 * Buffers: each process, per peer, exports a receive ring of "Slots" slots, each of whole
 * pages holding "MaxMessageBytes" (rounded up to a word) and a trailer of three words ending
 * the slot (the message's size, a credit, the message's sequence number: the flag, last),
 * followed by a close page and a credit page; the peer imports it. A message is written
 * right-aligned in its slot, so that data and trailer are contiguous, the flag is the last
 * word written, and a message of less than a page lies in one page. A ring is allocated when
 * its connection is set up, cached write-through as in the paper's measurements (section
 * 3.4); the receive loop tests the next flag of every ring.
 *
 * Set-up (Connect), during the run over the SHRIMP network: the client exports its ring for
 * the server and posts the export id to the library's port ("Port") on the server's daemon
 * (VmmcEndpoint::Post); the server exports a ring for the client, imports the client's and
 * posts its own export id back; the client imports it. Exports and imports go through the
 * daemons (VmmcDaemon: a request and its answer over the network). Which hosts run a daemon
 * is start-up configuration (VmmcCluster); a peer's host number is read from its node's
 * daemon, as from a hosts file.
 *
 * Transfer ("Transfer"):
 * - DELIBERATE_UPDATE (default; Figure 3's DU-0copy): the message is in the process's send
 *   buffer (zeros, or a pattern with "CheckPayload"); the process stores the trailer after it
 *   and sends data and trailer with one blocking deliberate update into the slot.
 * - AUTOMATIC_UPDATE (Figure 3's AU-1copy): the process has bound a mirror of the peer's ring
 *   (combining, with the timer) and of its close and credit pages (no combining); it copies
 *   the message from its send buffer into the mirror slot, stores the trailer behind it, and
 *   stores a word to the close page, which sends the open combined packet at once (as NX
 *   does, section 4.1).
 *
 * Flow control: a sender has "Slots" slots per peer; the receiver frees a slot when its
 * receive takes the message (the data are used in place: no receiver copy) and returns the
 * count of freed slots with its next message to that peer (in the trailer) or, once
 * "CreditBatch" slots are unreturned, by a one-word update of the sender's credit page. A
 * send without a free slot spins on its credit word and the trailers of messages that peer
 * has sent it (without taking them): a blocking send.
 *
 * Receiving ("Notification"): Receive is a blocking call taking the next message from any
 * peer (the peers in turn, starting after the last one served). POLLING (default; the
 * paper's measurements poll, section 6) spins on the rings' flag words; NOTIFICATION has
 * every message ask for a notification (the receiver's exports have a handler, delivered as a
 * signal: VmmcEndpoint "SignalCost") and a receive that finds nothing sleeps until a handler
 * finds a message. A process's calls (sends, credit returns, receives) run one after another,
 * each when the one before has returned, as in a single-threaded program.
 *
 * No cost is added here: the library's calls (VmmcEndpoint), the processor's stores and
 * copies (HostMemorySystem) and the interface (ShrimpNetDevice) cost what they cost.
 */
class SanVmmcMessenger : public SanMessenger
{
  public:
    /// How a message moves.
    enum Transfer : uint8_t
    {
        DELIBERATE_UPDATE, //!< one deliberate update of data and trailer
        AUTOMATIC_UPDATE,  //!< a copy into bound pages, then the closing store
    };

    /// How a receiver learns that a message arrived.
    enum Notification : uint8_t
    {
        POLLING,      //!< spin on the flag words
        NOTIFICATION, //!< VMMC's notification (a signal), sleeping meanwhile
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanVmmcMessenger();
    ~SanVmmcMessenger() override;

    void Open(Ptr<Node> node) override;
    void Connect(Ptr<Node> peer, Callback<void> connected) override;
    void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) override;
    void Receive(ReceiveCallback done) override;
    bool IsConnected(uint32_t peer) const override;
    uint32_t GetMinMessageBytes() const override;
    std::string GetDescription() const override;

    /// \return the process's VMMC endpoint (null before Open)
    Ptr<VmmcEndpoint> GetEndpoint() const;
    /// \return messages whose bytes differed from the sender's pattern ("CheckPayload")
    uint64_t GetNCorrupt() const;
    /// \return credits returned by an update of their own (not in a message's trailer)
    uint64_t GetNCreditUpdates() const;
    /// \return sends that had to wait for a free slot
    uint64_t GetNCreditWaits() const;

  protected:
    void DoDispose() override;

  private:
    static constexpr uint32_t TRAILER_BYTES = 12; //!< size, credit, sequence number

    /// One connection.
    struct Peer
    {
        uint32_t node{0};           //!< its node id
        uint32_t host{0};           //!< its fabric host number
        uint32_t index{0};          //!< its place in the receive loop's order
        uint64_t ring{0};           //!< its receive ring here (then the close and credit pages)
        uint32_t exportId{0};       //!< the ring this process exported for it
        bool exported{false};       //!< that export is done
        uint32_t remoteExport{0};   //!< the ring it exported for this process (0: not yet)
        int32_t handle{-1};         //!< its import
        uint64_t mirror{0};         //!< AU: the bound mirror of its ring and pages
        bool connected{false};      //!< both ends may send
        Callback<void> onConnected; //!< the client's Connect callback
        uint32_t sent{0};           //!< messages sent to it
        uint32_t freedByPeer{0};    //!< of those, slots it has freed (known here)
        uint32_t received{0};       //!< messages taken from it
        uint32_t returned{0};       //!< freed slots told to it
    };

    /// \return the bytes of one slot (whole pages)
    uint32_t SlotBytes() const;
    /// \return the trailer's offset in a slot (it ends the slot)
    uint32_t TrailerOffset() const;
    /// \return the bytes of one peer's exported ring with its close and credit pages
    uint32_t RegionBytes() const;
    /// \param p a peer \return its ring's first byte here
    uint64_t InRing(const Peer& p) const;
    /// \param p a peer \return the credit word it updates here
    uint64_t InCredit(const Peer& p) const;
    /// \param node a node id \return its peer (aborts if not connected)
    Peer& ConnectedPeer(uint32_t node, const char* who);

    /// The library's port: a start-up message from \p srcHost.
    void StartupMessage(uint32_t srcHost, std::vector<uint8_t> msg);
    /// \return a new peer's entry for \p node on \p host, with its receive ring
    Peer& AddPeer(uint32_t node, uint32_t host);
    /// Export the ring for \p node's peer, then call \p done.
    void ExportRing(uint32_t node, std::function<void()> done);
    /// Import \p node's ring (and bind to it with automatic update), then call \p done.
    void ImportRing(uint32_t node, std::function<void()> done);
    /// \p node's connection is up at this end.
    void Up(uint32_t node);

    /// Queue a call of the process; it runs when the calls before it have returned.
    void Call(std::function<void()> call);
    /// The running call has returned: start the next.
    void Return();

    /// A send's call: wait for a slot, then write and transfer.
    void DoSend(uint32_t node, uint32_t bytes, Callback<void> sent);
    /// The slot is free: write and transfer.
    void Transmit(uint32_t node, uint32_t bytes, Callback<void> sent);
    /// \param p a peer \return slots of its ring this process may fill now (credits seen)
    uint32_t FreeSlots(Peer& p);
    /// \param p a peer: read the credits it has returned (credit word, waiting trailers)
    void ReadCredits(Peer& p);

    /// A receive's call.
    void DoReceive(ReceiveCallback done);
    /// \return the node id of a peer whose next message has arrived (or none: false)
    bool FindArrived(uint32_t& node);
    /// Take \p node's next message and hand it to \p done.
    void Take(uint32_t node, ReceiveCallback done);
    /// Return the freed slots of \p node by an update of their own, if enough wait.
    void MaybeReturnCredits(uint32_t node);
    /// A notification arrived.
    void Notified(uint32_t exportId, uint64_t address);

    // Attributes.
    uint32_t m_maxBytes{65536};             //!< MaxMessageBytes
    uint32_t m_slots{8};                    //!< Slots
    uint32_t m_creditBatch{4};              //!< CreditBatch
    uint32_t m_port{1000};                  //!< Port
    Transfer m_transfer{DELIBERATE_UPDATE}; //!< Transfer
    Notification m_notification{POLLING};   //!< Notification
    bool m_checkPayload{false};             //!< CheckPayload

    Ptr<VmmcEndpoint> m_ep;                 //!< the process's endpoint
    uint64_t m_send{0};                     //!< the send buffer (one slot's layout)
    std::map<uint32_t, Peer> m_peers;       //!< by node id
    std::vector<uint32_t> m_byIndex;        //!< node id of each incoming ring in use
    uint32_t m_lastServed{0};               //!< index of the last ring a receive took from
    SanFifo<std::function<void()>> m_calls; //!< calls waiting for the process
    bool m_busy{false};                     //!< a call runs
    Ptr<HostCpuWait> m_sleep;               //!< NOTIFICATION: the receive asleep
    uint64_t m_corrupt{0};                  //!< messages with wrong bytes
    uint64_t m_creditUpdates{0};            //!< credits returned on their own
    uint64_t m_creditWaits{0};              //!< sends that waited for a slot
    bool m_listening{false};                //!< the port is ours
};

} // namespace ns3

#endif /* SAN_VMMC_MESSENGER_H */
