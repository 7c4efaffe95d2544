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
    /// \return true once every pair is connected
    bool IsReady() const;
    /// \param ready called once every pair is connected (at once if they are)
    void WhenReady(Callback<void> ready);
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

    std::vector<uint32_t> m_ports;           //!< each process's start-up port, by rank
    bool m_ready{false};                     //!< every pair connected
    std::vector<Callback<void>> m_whenReady; //!< waiting for it (WhenReady)
};

} // namespace ns3

#endif /* NX_GROUP_H */
