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
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace ns3
{

class VmmcDaemon;
class VmmcEndpoint;

/**
 * \ingroup san
 * \brief Which fabric hosts run a SHRIMP daemon: the host list the daemons are started with
 * (SHRIMP 1996, section 3.3: "trusted servers (one per node) which cooperate to establish
 * (and destroy) import/export mappings"). It holds no daemon's state: daemons cooperate only
 * through messages over the network (VmmcDaemon).
 */
class VmmcCluster : public SimpleRefCount<VmmcCluster>
{
  public:
    /// \param host a fabric host number that runs a daemon
    void Add(uint32_t host);
    /// \param host a fabric host number \return true if it runs a daemon
    bool Contains(uint32_t host) const;

  private:
    std::set<uint32_t> m_hosts; //!< hosts with a daemon
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
 *
 * Daemons talk only through kernel messages over the SHRIMP network
 * (ShrimpNetDevice::SendKernelMessage): an import is a request to the exporter's daemon and
 * its answer; an unimport tells it; an unexport asks each importer's daemon to fence and waits
 * for their answers. (The prototype sent such low-priority messages over its Ethernet, section
 * 3.1; that network is not modelled, and its time is part of MappingSetupTime.) Libraries may
 * exchange start-up data the same way (Post, Listen), as NX does for its buffers' names.
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
    /// \param host a fabric host number \return true if it runs a SHRIMP daemon
    bool HasPeer(uint32_t host) const;

    /// The answer to an import request: granted, the buffer's first byte, its size.
    typedef Callback<void, bool, uint64_t, uint32_t> ImportAnswer;
    /**
     * \brief Ask \p host's daemon to import its export \p id for this host: a message there
     * and its answer back (refused if the host runs no daemon, has no such export or does
     * not allow this host).
     * \param host the exporting host \param id its export \param done the answer
     */
    void RequestImport(uint32_t host, uint32_t id, ImportAnswer done);
    /// \param host an exporting host \param id its export: this host no longer imports it
    void ReleaseImport(uint32_t host, uint32_t id);

    /// The first port a library may Listen on (lower ones are the daemons' own).
    static constexpr uint32_t FIRST_LIBRARY_PORT = 16;
    /// A library's start-up message: the sending host and the data.
    typedef Callback<void, uint32_t, std::vector<uint8_t>> PostHandler;
    /**
     * \brief Send \p data to the library listening on \p port at \p host's daemon.
     * \param host the destination (a host that runs a daemon; this one is allowed)
     * \param port its port (at least FIRST_LIBRARY_PORT)
     * \param data the message
     */
    void Post(uint32_t host, uint32_t port, const std::vector<uint8_t>& data);
    /// \param port a port (at least FIRST_LIBRARY_PORT) \param handler called per message
    void Listen(uint32_t port, PostHandler handler);
    /// \param port a port: its messages are dropped from now on
    void StopListening(uint32_t port);

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
    /// The daemons' own messages (port 0).
    enum Op : uint8_t
    {
        IMPORT_REQUEST = 1, //!< request id, export id
        IMPORT_ANSWER = 2,  //!< request id, granted, address, bytes
        UNIMPORT = 3,       //!< export id
        FENCE_REQUEST = 4,  //!< request id: fence what you sent me, then answer
        FENCE_DONE = 5      //!< request id
    };

    /// A daemon message: one layout for every Op (each uses the fields it names).
    struct Message
    {
        uint8_t op{0};       //!< Op
        uint32_t request{0}; //!< request id
        uint32_t id{0};      //!< export id
        bool granted{false}; //!< import granted
        uint64_t address{0}; //!< the buffer's first byte
        uint32_t bytes{0};   //!< its size

        /// \return its bytes
        std::vector<uint8_t> Encode() const;
        /// \param m bytes received \return false if they are not a message
        bool Decode(const std::vector<uint8_t>& m);
    };

    /// The device's notification interrupt: the written address.
    void Notified(uint64_t address);
    /// The device's kernel-message interrupt.
    void Received(uint32_t srcHost, uint32_t port, Ptr<Packet> payload);
    /// A daemon's message from \p srcHost (this host's own are handled without the network).
    void Handle(uint32_t srcHost, const std::vector<uint8_t>& msg);
    /// Send a message on \p port to \p host (this host: handled at once).
    void Send(uint32_t host, uint32_t port, const std::vector<uint8_t>& msg);
    /// \return whether \p host may import \p id, filling its place if so
    bool GrantImport(uint32_t id, uint32_t host, uint64_t& address, uint32_t& bytes);
    /// \param id an export \param host an importer that unimported it
    void ForgetImport(uint32_t id, uint32_t host);

    Time m_setupTime;                                       //!< mapping set-up
    Ptr<ShrimpNetDevice> m_device;                          //!< the node's interface
    Ptr<VmmcCluster> m_cluster;                             //!< hosts with daemons
    uint32_t m_nextRequest{1};                              //!< next request id
    std::map<uint32_t, ImportAnswer> m_importRequests;      //!< awaiting answers
    std::map<uint32_t, std::function<void()>> m_fenceWaits; //!< unexports' fences by id
    std::map<uint32_t, PostHandler> m_listeners;            //!< library ports
    std::map<uint32_t, Export> m_exports;                   //!< by id
    ShrimpPageTable<uint32_t> m_exportPages;                //!< exported page -> export id
    uint32_t m_nextExport{1};                               //!< next export id
    uint64_t m_nextProxyPage;                               //!< next proxy page number
};

} // namespace ns3

#endif /* VMMC_DAEMON_H */
