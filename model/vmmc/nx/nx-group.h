/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_GROUP_H
#define NX_GROUP_H

#include "nx-process.h"

#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An NX program's processes, one per endpoint (rank = index), and their
 * initialization (SHRIMP 1996, section 4.1: "At initialization time, a connection is set up
 * between each pair of processes").
 *
 * Initialize() has every process export its incoming chunks and post each export id to the
 * peer it is for, through the daemons over the network (VmmcEndpoint::Post); a peer imports
 * and binds the chunk when the id arrives. It takes the daemons' set-up time
 * ("MappingSetupTime") several times over. The group itself is the program's launcher: it
 * knows which host each rank runs on (as a host file does) and reports when every pair is
 * connected.
 *
 * Where no launcher sees every process (a run cut over MPI ranks), "AnnounceReady" has the
 * processes find it out themselves: each, once it has imported every peer's chunks, posts every
 * peer a "ready" message the same way, and is started once it has heard one from each; only the
 * processes of this rank's hosts (their node's system id) take part. A process is then started
 * on its own (IsReady(rank)), and the group is ready when this rank's processes are.
 */
class NxGroup : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    NxGroup();
    ~NxGroup() override;

    /// \param name an NxProcess attribute \param value its value for every process
    void SetProcessAttribute(const std::string& name, const AttributeValue& value);
    /// \param endpoints one per process (at least two), in rank order
    void Create(const std::vector<Ptr<VmmcEndpoint>>& endpoints);
    /// \param ready called when every pair is connected
    void Initialize(Callback<void> ready);
    /// \return true once every pair is connected (AnnounceReady: this rank's processes started)
    bool IsReady() const;
    /// \param ready called once every pair is connected (at once if they are)
    void WhenReady(Callback<void> ready);
    /// \param rank a rank \return true once it may talk to every peer (without AnnounceReady:
    /// IsReady())
    bool IsReady(uint32_t rank) const;
    /// \param rank a rank \param ready called once it is ready (at once if it is)
    void WhenReady(uint32_t rank, Callback<void> ready);
    /// \param rank a rank \return its process
    Ptr<NxProcess> Get(uint32_t rank) const;
    /// \return processes
    uint32_t GetN() const;

  protected:
    void DoDispose() override;

  private:
    ObjectFactory m_factory;                 //!< makes the processes
    std::vector<Ptr<NxProcess>> m_processes; //!< by rank
    /// Stop the processes' start-up listeners.
    void StopListening();

    /// AnnounceReady: a process's start-up, by rank.
    struct Startup
    {
        uint32_t importsLeft{0};               //!< peers' chunks not yet imported
        uint32_t readyLeft{0};                 //!< peers not yet heard ready from
        bool started{false};                   //!< imported all, heard from all
        std::vector<Callback<void>> whenReady; //!< waiting for it (WhenReady(rank))
    };

    /// Every pair is connected (as the launcher sees it): the group is ready.
    void AllConnected(Callback<void> ready);
    /// The group is ready: \p ready (if any), then everything waiting for it.
    void GroupReady(Callback<void> ready);
    /// AnnounceReady: process \p i has imported every peer's chunks; it tells them.
    void Imported(uint32_t i);
    /// AnnounceReady: process \p i is started if it has imported all and heard from all.
    void MaybeStarted(uint32_t i);
    /// \param i a rank \return its host is simulated by this rank
    bool IsLocal(uint32_t i) const;

    std::vector<uint32_t> m_ports;           //!< each process's start-up port, by rank
    std::vector<uint32_t> m_hosts;           //!< each process's VMMC host number, by rank
    bool m_ready{false};                     //!< every pair connected
    std::vector<Callback<void>> m_whenReady; //!< waiting for it (WhenReady)
    bool m_announce{false};                  //!< "AnnounceReady"
    std::vector<Startup> m_startup;          //!< AnnounceReady: by rank
    uint32_t m_localLeft{0};                 //!< AnnounceReady: local processes not started
    Callback<void> m_readyCallback;          //!< AnnounceReady: Initialize's callback
};

} // namespace ns3

#endif /* NX_GROUP_H */
