/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_NX_MESSENGER_H
#define SAN_NX_MESSENGER_H

#include "san-messenger.h"

#include "ns3/node-container.h"

#include <utility>
#include <vector>

namespace ns3
{

class NxGroup;
class NxProcess;

/**
 * \ingroup san
 * \brief The NX programs that run on a set of hosts, as their launcher knows them: each program
 * (an NxGroup) and, for each node, the program and rank it runs (a host file, read once).
 *
 * A parallel machine runs several NX programs at once, each its own application whose ranks are
 * its hosts and whose start-up connects its own ranks only (SHRIMP 1996, section 4.1). A
 * SanNxMessenger given "Programs" finds its node's program and rank, and each peer's, in
 * constant time; SanBenchTestbed makes one program per group of hosts. A node runs at most one
 * rank of all the programs.
 */
class SanNxPrograms : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanNxPrograms();
    ~SanNxPrograms() override;

    /**
     * \param program a created NxGroup
     * \param nodes the node of each of its ranks, in rank order (aborts if a node runs a rank
     * already, or their number is not the program's)
     * \return the program's index
     */
    uint32_t Add(Ptr<NxGroup> program, const NodeContainer& nodes);
    /**
     * \brief Add a program whose ranks' nodes are found from their endpoints' VMMC host numbers
     * among NodeList's nodes (every node, once): a program made without its nodes at hand.
     * Aborts if a rank's host is on no node.
     * \param program a created NxGroup
     * \return the program's index
     */
    uint32_t Add(Ptr<NxGroup> program);
    /**
     * \param node a node id
     * \param[out] program the program it runs a rank of
     * \param[out] rank that rank
     * \return whether it runs one
     */
    bool Find(uint32_t node, uint32_t& program, uint32_t& rank) const;
    /// \param program an index from Add \return the program
    Ptr<NxGroup> GetProgram(uint32_t program) const;
    /// \param program an index from Add \param rank a rank of it \return its node's id
    uint32_t GetNode(uint32_t program, uint32_t rank) const;
    /// \return the programs
    uint32_t GetN() const;

  protected:
    void DoDispose() override;

  private:
    /// A node id's entry when it runs no rank.
    static constexpr uint32_t NONE = 0xffffffff;

    /**
     * \param program a created NxGroup \param nodes the node id of each of its ranks
     * \return the program's index
     */
    uint32_t AddNodes(Ptr<NxGroup> program, const std::vector<uint32_t>& nodes);

    std::vector<Ptr<NxGroup>> m_programs;                    //!< by index
    std::vector<std::vector<uint32_t>> m_nodeOfRank;         //!< by program, by rank: node id
    std::vector<std::pair<uint32_t, uint32_t>> m_rankOfNode; //!< by node id: (program, rank)
};

/**
 * \ingroup san
 * \brief Messages through NX on SHRIMP (VMMC's NX library, SHRIMP 1996 section 4.1): csend to
 * the peer's rank, crecv from any rank.
 *
 * The processes are an NX program's ranks ("Group": an NxGroup its launcher made, one process
 * per host, and initialized: every pair connected over the SHRIMP network at start-up); a
 * messenger on a node speaks for the rank whose endpoint is on that node's daemon. Several
 * programs at once ("Programs", instead of "Group": a SanNxPrograms): a messenger speaks for its
 * node's rank of its node's program, and sends only to the ranks of that program. With "Group"
 * alone, Open reads every node's VMMC host number to find the ranks' nodes (a SanNxPrograms of
 * the messenger's own); processes that share a SanNxPrograms find theirs in constant time. Connect
 * waits for the group's initialization. A message is NX's own: its size is the message's, tag 1;
 * the data are zeros in the process's send buffer, received into its receive buffer (both of
 * "MaxMessageBytes", allocated at Open). Receive is NX's crecv, a blocking call: the process
 * spins in it until a message comes, so a workload posts one only when it expects one. A send
 * whose caller sends nothing more at once is followed by NX's flush: a zero-copy send that
 * returned early completes only inside the library's calls.
 */
class SanNxMessenger : public SanMessenger
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanNxMessenger();
    ~SanNxMessenger() override;

    void Open(Ptr<Node> node) override;
    void Connect(Ptr<Node> peer, Callback<void> connected) override;
    void Send(uint32_t peer, uint32_t bytes, Callback<void> sent) override;
    void Receive(ReceiveCallback done) override;
    bool IsConnected(uint32_t peer) const override;
    uint32_t GetMinMessageBytes() const override;
    std::string GetDescription() const override;

  protected:
    void DoDispose() override;

  private:
    /// \param node a node id \return the rank it runs of this node's program (aborts if none)
    uint32_t RankOf(uint32_t node) const;

    Ptr<NxGroup> m_group;          //!< the NX program ("Group", or this node's of m_programs)
    Ptr<SanNxPrograms> m_programs; //!< the programs and their ranks' nodes
    uint32_t m_program{0};         //!< this node's program, in m_programs
    Ptr<NxProcess> m_process;      //!< this node's rank
    uint32_t m_rank{0};            //!< its rank number
    uint32_t m_maxBytes{65536};    //!< largest message
    uint64_t m_sendBuffer{0};      //!< in the process's memory
    uint64_t m_receiveBuffer{0};   //!< likewise
    uint64_t m_sendsIssued{0};     //!< Send calls so far
};

} // namespace ns3

#endif /* SAN_NX_MESSENGER_H */
