/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef VMMC_DAEMON_H
#define VMMC_DAEMON_H

#include "ns3/callback.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/shrimp-net-device.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

class VmmcDaemon;
class VmmcEndpoint;

/**
 * \ingroup san
 * \brief The SHRIMP daemons of one system, by fabric host number: how a daemon reaches its
 * peers to set up and destroy mappings (SHRIMP 1996, section 3.3: "trusted servers (one per
 * node) which cooperate to establish (and destroy) import/export mappings").
 */
class VmmcCluster : public SimpleRefCount<VmmcCluster>
{
  public:
    /// \param host a fabric host number \param daemon its daemon
    void Add(uint32_t host, Ptr<VmmcDaemon> daemon);
    /// \param host a fabric host number \return its daemon, or null
    Ptr<VmmcDaemon> Find(uint32_t host) const;
    /// \brief Forget every daemon (the end of a simulation).
    void Clear();

  private:
    std::map<uint32_t, Ptr<VmmcDaemon>> m_daemons; //!< by host number
};

/**
 * \ingroup san
 * \brief A node's trusted SHRIMP daemon (section 3.3): it owns the node's page tables, keeps
 * the exported receive buffers, and sets up and tears down import-export mappings with its
 * peers. Set-up costs time ("MappingSetupTime": the daemons' exchange and their system calls,
 * off the data path); the data path never passes through it.
 *
 * Exports enable the buffer's pages in the Incoming Page Table; an import gives the importing
 * process proxy pages whose OPT entries name the buffer's pages (what a deliberate update
 * addresses); an automatic-update binding points the OPT entries of the process's own pages at
 * the buffer. Unimport and unexport wait until the packets already sent under the mapping are
 * delivered: the importer's daemon sends a fence behind them and waits for its echo.
 *
 * Notifications arrive from the device's interrupt; the daemon's kernel half finds the
 * exporting process and hands the notification to it (VmmcEndpoint).
 */
class VmmcDaemon : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    VmmcDaemon();
    ~VmmcDaemon() override;

    /// \param device the node's SHRIMP interface \param cluster the system's daemons
    void Setup(Ptr<ShrimpNetDevice> device, Ptr<VmmcCluster> cluster);
    /// \param node a node \return its daemon (aborts with a clear message if none)
    static Ptr<VmmcDaemon> Of(Ptr<Node> node);

    /// \return a new process's VMMC endpoint on this node
    Ptr<VmmcEndpoint> CreateEndpoint();

    /// \return the node's device
    Ptr<ShrimpNetDevice> GetDevice() const;
    /// \return the node's fabric host number
    uint32_t GetHostNumber() const;
    /// \return the mapping set-up time
    Time GetSetupTime() const;
    /// \param host a fabric host number \return its daemon (this one for this host), or null
    Ptr<VmmcDaemon> FindPeer(uint32_t host) const;

    /// An exported receive buffer.
    struct Export
    {
        Ptr<VmmcEndpoint> owner;         //!< the exporting process
        uint64_t address{0};             //!< first byte (page-aligned)
        uint32_t bytes{0};               //!< size
        std::vector<uint32_t> allowed;   //!< hosts that may import it (empty: any)
        std::vector<uint32_t> importers; //!< hosts that imported it (with repeats)
    };

    /**
     * \brief Record an export and enable its pages (the daemon's part of VmmcEndpoint::Export).
     * \param exp the buffer
     * \return its export id on this node
     */
    uint32_t AddExport(const Export& exp);
    /// \param id an export id \return the export, or null
    const Export* FindExport(uint32_t id) const;
    /**
     * \brief A remote daemon asks to import \p id for \p host.
     * \param id the export
     * \param host the importing host
     * \param[out] address the buffer's first byte
     * \param[out] bytes its size
     * \return false if there is no such export or \p host may not import it
     */
    bool GrantImport(uint32_t id, uint32_t host, uint64_t& address, uint32_t& bytes);
    /// \param id an export \param host an importer that unimported it
    void ForgetImport(uint32_t id, uint32_t host);
    /**
     * \brief Destroy an export: every importer fences its packets to it first, then its pages
     * are disabled.
     * \param id the export
     * \param done called when no packet of the mapping is pending
     */
    void RemoveExport(uint32_t id, Callback<void> done);
    /// \param page a local page \param on the receiver-specified interrupt flag of the page
    void SetPageInterrupt(uint64_t page, bool on);
    /// \param page an exported page \return its receiver-specified interrupt flag (IPT)
    bool GetPageInterrupt(uint64_t page) const;
    /// \param page a page number \return the export holding it (0 if none)
    uint32_t GetExportOfPage(uint64_t page) const;

    /// \return a fresh range of \p pages proxy page numbers
    uint64_t AllocateProxyPages(uint32_t pages);

    // The kernel's part of import, bind and unimport: the process asks (a system call, whose
    // time the caller charges); the kernel writes the interface's tables.

    /// \param page a local (proxy or bound) page \param entry its Outgoing Page Table entry
    void SetOutgoingPage(uint64_t page, const ShrimpOutgoingEntry& entry);
    /// \param page a local page: its Outgoing Page Table entry is cleared
    void ClearOutgoingPage(uint64_t page);
    /// \param local a bound page's address: the interface snoops stores to its region
    void SnoopRegion(uint64_t local);
    /**
     * \brief Fence the packets this host has sent to \p host (ShrimpNetDevice::Fence).
     * \param host the destination \param done when they are in its memory
     */
    void Fence(uint32_t host, Callback<void> done);
    /// \param done called once the Incoming DMA Engine has landed what it holds
    void AfterLandings(Callback<void> done);

  protected:
    void DoDispose() override;

  private:
    /// The device's notification interrupt: the written address.
    void Notified(uint64_t address);

    Time m_setupTime;                           //!< mapping set-up
    Ptr<ShrimpNetDevice> m_device;              //!< the node's interface
    Ptr<VmmcCluster> m_cluster;                 //!< the system's daemons
    std::map<uint32_t, Export> m_exports;       //!< by id
    std::map<uint64_t, uint32_t> m_exportPages; //!< exported page -> export id
    uint32_t m_nextExport{1};                   //!< next export id
    uint64_t m_nextProxyPage;                   //!< next proxy page number
};

} // namespace ns3

#endif /* VMMC_DAEMON_H */
