/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_CONNECTIONS_H
#define NX_CONNECTIONS_H

#include "nx-settings.h"

#include "ns3/callback.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One NX process's connections to its peers (Felten et al. 1996, section 4.1): the
 * chunk of pages it exports to each peer, its layout, and the import of each peer's chunk
 * with the pages bound to it.
 *
 * A chunk holds the packet buffers (each a descriptor of DESC_BYTES at its end, the size
 * word last), the control page (AU closing stores, zero-copy replies and flags, credits) and
 * the request page, whose interrupt alone stays enabled. The protocol parts (NxSender,
 * NxReceiver, NxZeroCopy) read the addresses here and own their own state.
 */
class NxConnections
{
  public:
    static constexpr uint32_t DESC_BYTES = 16; //!< a packet buffer's descriptor
    /// The size word of a free packet buffer. Zero, so that a packet buffer never written is
    /// free without a set-up store (memory reads as zeros until written, and unwritten memory
    /// takes no storage: 15 peers' 4 buffers were ~20 KiB a host); a full one holds SizeWord.
    static constexpr uint32_t EMPTY = 0;
    static constexpr uint32_t KIND_DATA = 1;  //!< a one-copy message
    static constexpr uint32_t KIND_SCOUT = 2; //!< a zero-copy scout
    static constexpr uint32_t ZC_SLOTS = 8;   //!< zero-copy sends in flight per peer
    // Control page layout (offsets).
    static constexpr uint32_t CTRL_CLOSE = 0x40;    //!< AU closing store
    static constexpr uint32_t CTRL_REPLY = 0x80;    //!< scout replies, 16 bytes each
    static constexpr uint32_t CTRL_ZCDONE = 0x100;  //!< zero-copy data flags, 16 bytes each
    static constexpr uint32_t CTRL_CREDITS = 0x400; //!< credits, a word per packet buffer

    /// \param bytes a message's size \return the size word of its descriptor (never EMPTY)
    static constexpr uint32_t SizeWord(uint32_t bytes)
    {
        return bytes + 1;
    }

    /// \param word a full packet buffer's size word \return its message's size
    static constexpr uint32_t SizeOf(uint32_t word)
    {
        return word - 1;
    }

    /**
     * \brief Check the settings against the endpoint and size the peer table.
     * \param ep the process's endpoint
     * \param settings the process's parameters (outlive this object)
     * \param rank the process's rank
     * \param size processes in the group
     */
    void Setup(Ptr<VmmcEndpoint> ep, const NxSettings* settings, uint32_t rank, uint32_t size);
    /// Drop the endpoint and the peers.
    void Dispose();

    /**
     * \brief Allocate the incoming chunks and the send side's bound pages for every peer (their
     * packet buffers are free: see EMPTY).
     * \param hostOf the fabric host number of each rank
     */
    void Allocate(const std::vector<uint32_t>& hostOf);
    /**
     * \brief Export each peer's chunk to it, with \p handler for the request page's
     * notifications (the other pages' are off).
     * \param handler notification handler: (export id, address)
     * \param done called with the export id of each rank's chunk (this rank's is unused)
     */
    void Export(Callback<void, uint32_t, uint64_t> handler,
                Callback<void, std::vector<uint32_t>> done);
    /**
     * \brief Import the chunk that \p peer exported for this process and bind to it.
     * \param peer its rank
     * \param host its fabric host number
     * \param exportId the chunk's export id
     * \param done when ready
     */
    void Connect(uint32_t peer, uint32_t host, uint32_t exportId, Callback<void> done);

    /// \return the process's rank
    uint32_t GetRank() const;
    /// \return processes in the group
    uint32_t GetSize() const;
    /// \return bytes of one peer's chunk
    uint32_t GetChunkBytes() const;
    /// \return the request word's offset in a chunk
    uint32_t GetRequestOffset() const;
    /// \return whether the chunks are allocated
    bool IsAllocated() const;
    /// \param peer a rank \return whether its chunk is imported
    bool IsConnected(uint32_t peer) const;
    /// \param exportId an export id \param peer set to its peer \return whether it is one of ours
    bool FindPeerOfExport(uint32_t exportId, uint32_t& peer) const;

    /// \param peer a rank \return its fabric host number
    uint32_t GetHost(uint32_t peer) const;
    /// \param peer a rank \return the import handle of its chunk
    int32_t GetHandle(uint32_t peer) const;
    /// \param peer a rank \return the send side's bound pages for it (AU: the buffers' mirror)
    uint64_t GetMirror(uint32_t peer) const;
    /// \param peer a rank \return the local word bound to its control page's start
    uint64_t GetPeerControl(uint32_t peer) const;

    /// \param peer a rank \param b a packet buffer \return its address in the incoming chunk
    uint64_t GetInBuffer(uint32_t peer, uint32_t b) const;
    /// \param peer a rank \param b a packet buffer \return its descriptor's address
    uint64_t GetInDescriptor(uint32_t peer, uint32_t b) const;
    /// \param peer a rank \return the incoming control page's start (written by the peer)
    uint64_t GetInControl(uint32_t peer) const;
    /// \param peer a rank \return the incoming request word
    uint64_t GetInRequest(uint32_t peer) const;
    /// \return the incoming chunks' start (contiguous: the poll loop spins on them)
    uint64_t GetInBase() const;
    /// \return the incoming chunks' size
    uint32_t GetInBytes() const;

  private:
    /// Every peer's chunk is exported (ExportAll): Exported for each, in rank order.
    /// \param ids their export ids, in rank order without this rank
    void ExportedAll(std::vector<uint32_t> ids);
    /**
     * \brief \p peer's chunk is exported: set its notification handler and pages
     * (ExportReady).
     * \param peer its rank \param id its export id
     */
    void Exported(uint32_t peer, uint32_t id);
    /// One peer's export is ready: the last one calls Export's done with every export id.
    void ExportReady();

    /// \return the control area's offset in a chunk
    uint32_t CtrlOffset() const;
    /// \return pages of packet buffers in a chunk
    uint32_t DataPages() const;

    /// One peer's connection.
    struct Peer
    {
        uint32_t host{0};     //!< fabric host number
        uint64_t in{0};       //!< incoming chunk (written by the peer)
        uint32_t exportId{0}; //!< its export id
        int32_t handle{-1};   //!< import of the peer's chunk for this process
        uint64_t mirror{0};   //!< bound pages (AU: packet buffers' mirror first)
        uint64_t ctrl{0};     //!< local page bound to the peer's control page
    };

    Ptr<VmmcEndpoint> m_ep;                      //!< the process's endpoint
    const NxSettings* m_settings{nullptr};       //!< the process's parameters
    uint32_t m_rank{0};                          //!< rank
    uint32_t m_size{0};                          //!< group size
    std::vector<Peer> m_peers;                   //!< by rank (this rank's entry unused)
    std::map<uint32_t, uint32_t> m_peerOfExport; //!< incoming export id -> rank
    /// Export's arguments, kept while its exports complete (here once, not captured in every
    /// peer's callbacks: set-up's pending callbacks were ~3 KiB a host)
    Callback<void, uint32_t, uint64_t> m_exportHandler;
    Callback<void, std::vector<uint32_t>> m_exportsDone; //!< Export's done
    uint32_t m_exportsPending{0};                        //!< exports not yet complete
    uint64_t m_inBase{0};                                //!< incoming chunks, contiguous
    uint64_t m_inBytes{0};                               //!< their size
    uint64_t m_mirrorBase{0};                            //!< bound send-side pages, every peer's
    uint32_t m_mirrorBytes{0};                           //!< their size per peer
};

} // namespace ns3

#endif /* NX_CONNECTIONS_H */
