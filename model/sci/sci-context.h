/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_CONTEXT_H
#define SCI_CONTEXT_H

#include "sci-net-device.h"

#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-memory.h"
#include "ns3/object.h"

#include <cstdint>
#include <map>
#include <set>

namespace ns3
{

/**
 * \ingroup san
 * \brief One process's view of a PCI/SCI adapter: what the Interconnect Manager (ICM, the
 * adapter's driver) has mapped into the process's virtual memory, and the user-mode accesses
 * through it (Ryan and Bryhni 1998, section 3.1: "we can perform the transfers directly from
 * user mode once the remote endpoint buffer and interrupt flag have been mapped into virtual
 * memory"). Libraries (SciRingReceiver and SciRingTransmitter, SciFlagWaiter, SCILAN's
 * sockets, the SCI/NDIS driver) use only this.
 *
 * The context owns what it set up: the segments it exported, the windows it mapped and the
 * flags it created. A process reaches only its own: a store or load outside its mappings, or a
 * write, read or handler on another process's flag, stops the run with one line (the MMU
 * would fault). Close() (and Dispose) withdraws its segments and its flags' handlers, as the
 * driver does when a process exits.
 *
 * Costs are those of the calls it forwards (SciNetDevice, SciCostModel): the context adds
 * none, so a result does not depend on whether a library calls through it.
 */
class SciContext : public Object
{
  public:
    /// A load's data: (bytes, length).
    typedef SciNetDevice::ReadCallback ReadCallback;
    /// The result of CheckTransfers: true if every request since the last check was taken.
    typedef SciNetDevice::CheckCallback CheckCallback;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SciContext();
    ~SciContext() override;

    /// \param nic the host's (attached) SCI adapter this process opens
    void Open(Ptr<SciNetDevice> nic);
    /// \brief Withdraw this process's segments and flag handlers (the process exits). Safe
    /// after the adapter has been disposed.
    void Close();
    /// \return true once opened, until closed or the adapter is gone
    bool IsOpen() const;

    /// \return the process's CPU
    Ptr<HostCpu> GetCpu() const;
    /// \return the host's memory
    Ptr<HostMemory> GetMemory() const;
    /// \return the host's memory system (null if its preset models none)
    Ptr<HostMemorySystem> GetMemorySystem() const;
    /// \return the adapter's 16-bit SCI node id
    uint16_t GetNodeId() const;
    /// \return this host's number in the fabric
    uint32_t GetHostNumber() const;

    // --- set-up through the ICM (SciNetDevice::Export, Unexport, Map) ---

    /**
     * \brief Export \p size bytes of this process's memory at \p hostAddress as a segment.
     * \return the segment's address within this node
     */
    uint64_t Export(uint64_t hostAddress, uint64_t size);
    /// \brief Withdraw a segment this process exported \param sciAddress its address
    void Unexport(uint64_t sciAddress);
    /**
     * \brief Map \p size bytes at \p sciAddress of node \p node into this process.
     * \return the mapping's bus address, for Store/Load/GetStoreSink
     */
    uint64_t Map(uint16_t node, uint64_t sciAddress, uint64_t size);
    /// \brief Stop snooping the writes into the region at \p hostAddress (a ring being freed)
    /// \param hostAddress an address in the region
    void ClearWriteSnoop(uint64_t hostAddress);

    // --- user-mode access through the mappings ---

    /// \copydoc SciNetDevice::Store
    void Store(uint64_t busAddress, const uint8_t* data, uint32_t len, Callback<void> landed);
    /// \param busAddress an address in one of this process's mappings \return the sink through
    /// which HostMemorySystem::CopyToDevice stores there
    HostMemorySystem::StoreSink GetStoreSink(uint64_t busAddress);
    /// \copydoc SciNetDevice::Flush
    void Flush();
    /// \copydoc SciNetDevice::CheckTransfers
    void CheckTransfers(CheckCallback done);
    /// \copydoc SciNetDevice::Load
    void Load(uint64_t busAddress, uint32_t len, ReadCallback done);

    // --- interrupt flags ---

    /// \brief Create an interrupt flag owned by this process \return its id
    uint32_t CreateFlag();
    /// \param flag one of this process's flags \return the host address of its word
    uint64_t GetFlagAddress(uint32_t flag) const;
    /// \param flag one of this process's flags \return its value
    uint32_t ReadFlag(uint32_t flag) const;
    /// \param flag one of this process's flags \param value its new value
    void WriteFlag(uint32_t flag, uint32_t value);
    /// \param flag one of this process's flags \param handler the driver routine for its
    /// interrupt (null: none)
    void SetFlagHandler(uint32_t flag, Callback<void> handler);
    /// \copydoc SciNetDevice::Stimulate
    void Stimulate(uint16_t node, uint32_t flag, Callback<void> landed);
    /// \copydoc SciNetDevice::FetchAndIncrement
    void FetchAndIncrement(uint16_t node, uint32_t flag, Callback<void, uint32_t> done);
    /// \copydoc SciNetDevice::WriteRemoteFlag
    void WriteRemoteFlag(uint16_t node, uint32_t flag, uint32_t value, Callback<void> landed);

    // --- DMA ---

    /// \copydoc SciNetDevice::DmaWrite
    void DmaWrite(uint64_t hostAddress,
                  uint16_t node,
                  uint64_t sciAddress,
                  uint32_t len,
                  Callback<void> done);

  protected:
    void DoDispose() override;

  private:
    /// \param what the call \return the adapter (stops the run if the context is not open)
    SciNetDevice* Nic(const char* what) const;
    /// Stop the run unless [\p busAddress, +\p len) lies in one of this process's mappings.
    /// \param busAddress start \param len bytes \param what the call
    void CheckMapped(uint64_t busAddress, uint64_t len, const char* what) const;
    /// Stop the run unless \p flag is this process's. \param flag a flag \param what the call
    void CheckFlag(uint32_t flag, const char* what) const;

    Ptr<SciNetDevice> m_nic;                 //!< the adapter
    std::set<uint64_t> m_segments;           //!< exported segments (SCI addresses)
    std::map<uint64_t, uint64_t> m_mappings; //!< bus address -> bytes, of each mapping
    std::set<uint32_t> m_flags;              //!< flags created
};

} // namespace ns3

#endif /* SCI_CONTEXT_H */
