/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef VMMC_ENDPOINT_H
#define VMMC_ENDPOINT_H

#include "vmmc-daemon.h"

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/object.h"
#include "ns3/san-fifo.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A process's virtual memory-mapped communication (SHRIMP 1996, section 2): the VMMC
 * library's calls, at user level, on one node.
 *
 * - Mappings: Export() offers a receive buffer (with the hosts allowed to import it),
 *   Import() maps a remote one, Unimport()/Unexport() destroy them once the packets sent
 *   under them are delivered. They go through the node's daemon (a set-up cost).
 * - Deliberate update: SendDeliberate() transfers from any local memory into an imported
 *   buffer and blocks until the data has left the source. Source and destination must be
 *   word-aligned (the hardware's rule): otherwise it fails and nothing is sent.
 * - Automatic update: Bind() points local pages at an imported buffer; from then on every
 *   write the process makes to them (Store, Copy) is also performed in the remote buffer.
 *   Bound pages are cached write-through (or uncached), so that their stores reach the bus.
 * - Processor work on memory: Store() (stores of values) and Copy() (a memcpy) go through the
 *   host's memory system, line by line; Poll() waits on local words until a test holds,
 *   paying the cache policy's costs; Compute() is other work.
 * - Polling or blocking (section 6): with "WaitPolicy" POLL_THEN_BLOCK, a Poll() that spins
 *   longer than the CPU's "PollBeforeBlock" re-enables the notifications of the polled pages
 *   (their IPT receiver flags: a system call), looks once more, and sleeps; a packet that
 *   asks for a notification and lands there interrupts and wakes it, and the library asks
 *   that the pages' notifications be ignored again before it goes on. Senders ask for a
 *   notification with each update of a connection's control words, as the libraries do.
 * - Notifications: a handler per exported buffer, run (as a signal today: "SignalCost") when
 *   a packet asking for an interrupt lands in it and the buffer's notifications are enabled.
 *   Notifications can be blocked (queued meanwhile) and unblocked, accepted or discarded, and
 *   a process can wait for one.
 *
 * The library's own costs are attributes with their sources; calls are asynchronous, with a
 * continuation that runs when the process would return from the call.
 */
class VmmcEndpoint : public Object
{
  public:
    /// How a library waits for words to change (section 6, "Polling vs. Blocking").
    enum WaitPolicy : uint8_t
    {
        POLL,            //!< spin until the words change (the libraries' common case)
        POLL_THEN_BLOCK, //!< spin for a while, then sleep until a notification
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    VmmcEndpoint();
    ~VmmcEndpoint() override;

    /**
     * \param daemon the node's daemon (VmmcDaemon::CreateEndpoint calls it)
     * \param device the node's interface, as the process maps it: its command registers
     */
    void Setup(Ptr<VmmcDaemon> daemon, Ptr<ShrimpNetDevice> device);

    /// \return the daemon
    Ptr<VmmcDaemon> GetDaemon() const;
    /// \return the node's fabric host number
    uint32_t GetHostNumber() const;
    /// \return the host's memory
    Ptr<HostMemory> GetMemory() const;
    /// \return the host's processor
    Ptr<HostCpu> GetCpu() const;
    /// \return the host's memory system
    Ptr<HostMemorySystem> GetMemorySystem() const;
    /// \return bytes per page
    uint32_t GetPageBytes() const;

    // ----- memory ------------------------------------------------------------------------
    /**
     * \brief Allocate page-aligned memory for the process.
     * \param bytes size (> 0; rounded up to whole pages)
     * \param policy how its pages are cached
     * \return its first byte
     */
    uint64_t Allocate(uint32_t bytes,
                      HostMemorySystem::CachePolicy policy = HostMemorySystem::WRITE_BACK);

    // ----- mappings ----------------------------------------------------------------------
    /// Result of Export: the export id.
    typedef Callback<void, uint32_t> ExportCallback;
    /// Result of Import: a handle (>= 0), or -1 if refused.
    typedef Callback<void, int32_t> ImportCallback;

    /**
     * \brief Export [addr, addr+bytes) as a receive buffer (page-aligned, whole pages).
     * \param addr first byte
     * \param bytes size
     * \param allowed hosts that may import it (empty: any)
     * \param done called with the export id
     */
    void Export(uint64_t addr,
                uint32_t bytes,
                const std::vector<uint32_t>& allowed,
                ExportCallback done);

    /// One buffer of ExportAll.
    struct ExportRegion
    {
        uint64_t address{0};           //!< first byte (page-aligned)
        uint32_t bytes{0};             //!< size (whole pages)
        std::vector<uint32_t> allowed; //!< hosts that may import it (empty: any)
    };

    /// Result of ExportAll: the export ids, in the regions' order.
    typedef Callback<void, std::vector<uint32_t>> ExportAllCallback;

    /**
     * \brief Export several buffers at once: each as Export() would, all done at the same
     * time, in the order given. A library that exports a buffer to each of its peers at start-up
     * holds one pending request for all of them, not one for each.
     * \param regions the buffers
     * \param done called with their export ids, in the regions' order
     */
    void ExportAll(std::vector<ExportRegion> regions, ExportAllCallback done);
    /// \param id an export of this process \param done called when no packet to it is pending
    void Unexport(uint32_t id, Callback<void> done);
    /**
     * \brief A library's start-up message to its process on \p host, through the daemons over
     * the network (VmmcDaemon::Post): how processes learn each other's export ids.
     * \param host the destination \param port the library's port there \param data the message
     */
    void Post(uint32_t host, uint32_t port, const std::vector<uint8_t>& data);
    /// \param port a port of this host's daemon \param handler called per message to it
    void Listen(uint32_t port, VmmcDaemon::PostHandler handler);
    /// \param port a port this process listened on: no longer
    void StopListening(uint32_t port);
    /**
     * \brief Import a remote receive buffer.
     * \param host the exporting node
     * \param id its export id there
     * \param done called with a handle, or -1 if there is no such export or this host may not
     *        import it
     */
    void Import(uint32_t host, uint32_t id, ImportCallback done);
    /// \param handle an import \param done called when its pending packets are delivered
    void Unimport(int32_t handle, Callback<void> done);
    /// \param handle an import \return the buffer's size (0 if no such import)
    uint32_t GetImportSize(int32_t handle) const;
    /// \param handle an import \return the exporting host
    uint32_t GetImportHost(int32_t handle) const;

    // ----- deliberate update -------------------------------------------------------------
    /**
     * \brief Blocking deliberate update of \p bytes from \p src to the imported buffer at
     * \p offset. Fails (done(false), nothing sent) on a handle this process did not import, a
     * range outside the buffer, or a source or destination that is not word-aligned.
     * \param handle the import
     * \param offset destination offset in the buffer
     * \param src source address
     * \param bytes bytes (> 0)
     * \param notify ask for a notification at the receiver
     * \param done called with true when the source may be reused
     */
    void SendDeliberate(int32_t handle,
                        uint32_t offset,
                        uint64_t src,
                        uint32_t bytes,
                        bool notify,
                        Callback<void, bool> done);

    // ----- automatic update --------------------------------------------------------------
    /// How a binding packetizes (OPT options).
    struct BindOptions
    {
        bool combine{true};   //!< consecutive writes combine into one packet
        bool timer{true};     //!< a combined packet leaves when no write follows
        bool notify{false};   //!< packets ask for a notification
        bool uncached{false}; //!< the pages are uncached (else write-through)
    };

    /**
     * \brief Bind [local, local+bytes) (page-aligned, whole pages) to the imported buffer
     * from \p offset (page-aligned).
     * \param local first local byte
     * \param bytes size
     * \param handle the import
     * \param offset offset in the buffer
     * \param options packetizing options
     * \param done called with true when bound (false: refused)
     */
    void Bind(uint64_t local,
              uint32_t bytes,
              int32_t handle,
              uint32_t offset,
              const BindOptions& options,
              Callback<void, bool> done);
    /// \param local a bound range's first byte \param bytes its size \param done when unbound
    void Unbind(uint64_t local, uint32_t bytes, Callback<void> done);

    // ----- processor work on memory ------------------------------------------------------
    /**
     * \brief Stores of \p len bytes of \p data at \p addr (program order).
     * \param addr first byte
     * \param data the bytes
     * \param len bytes
     * \param done when the last store is in memory
     */
    void Store(uint64_t addr, const uint8_t* data, uint32_t len, Callback<void> done);
    /// \brief Store one 32-bit word (little-endian). \param addr where \param value it
    /// \param done when in memory
    void StoreWord(uint64_t addr, uint32_t value, Callback<void> done);
    /// \brief memcpy \p len bytes from \p src to \p dst. \param dst to \param src from
    /// \param len bytes \param done when the last line is in memory
    void Copy(uint64_t dst, uint64_t src, uint32_t len, Callback<void> done);
    /// \param addr an address \return the 32-bit word there now (no cost: the caller charges)
    uint32_t ReadWord(uint64_t addr) const;
    /// \param instructions work \param done when done
    void Compute(double instructions, Callback<void> done);
    /**
     * \brief Wait until \p ready holds; it is tested now and after every write that touches
     * [addr, addr+len) while the process spins. The loop's iteration and the final miss cost
     * what the page's caching makes them cost. Under POLL_THEN_BLOCK a long wait sleeps (see
     * the class); words outside this process's exports can only be polled. A spinning process
     * holds its CPU: other work for that CPU (its own sends included) waits until the poll
     * ends, so send first, then poll (HostCpuWait, POLL).
     * \param addr first polled byte
     * \param len polled bytes
     * \param ready the loop's test
     * \param done when the process goes on
     */
    void Poll(uint64_t addr, uint32_t len, Callback<bool> ready, Callback<void> done);

    // ----- notifications -----------------------------------------------------------------
    /// A notification: the export id and the address written.
    typedef Callback<void, uint32_t, uint64_t> NotificationHandler;
    /**
     * \brief Set the handler of an exported buffer and enable its notifications (the IPT's
     * receiver flag: a system call). A null handler disables them.
     * \param id the export
     * \param handler the user-level handler
     * \param done when set
     */
    void SetNotificationHandler(uint32_t id, NotificationHandler handler, Callback<void> done);
    /**
     * \brief Choose which pages of an export interrupt: the IPT receiver flags of the pages
     * holding [offset, offset+bytes) (a system call). A library keeps the pages it polls
     * quiet and one page for requests interrupting.
     * \param id the export
     * \param offset first byte in the buffer
     * \param bytes bytes (> 0)
     * \param on the flags' value
     * \param done when set
     */
    void SetNotificationPages(uint32_t id,
                              uint32_t offset,
                              uint32_t bytes,
                              bool on,
                              Callback<void> done);
    /// \param id the export: notifications are queued until UnblockNotifications
    void BlockNotifications(uint32_t id);
    /// \param id the export: deliver the queued notifications, then new ones at once
    void UnblockNotifications(uint32_t id);
    /// \param id the export \param accept false: notifications are discarded
    void SetNotificationsAccepted(uint32_t id, bool accept);
    /// \param id the export \param done called (the process resumes) when its next
    /// notification has been handled
    void WaitForNotification(uint32_t id, Callback<void> done);
    /// \return notifications handled
    uint64_t GetNNotificationsHandled() const;
    /// \return waits that went to sleep (POLL_THEN_BLOCK)
    uint64_t GetNWaitsBlocked() const;
    /// \return notifications discarded
    uint64_t GetNNotificationsDiscarded() const;

    /// \brief The daemon delivers a notification (in the kernel's interrupt handler).
    /// \param id the export \param address the address written
    void Notify(uint32_t id, uint64_t address);

  protected:
    void DoDispose() override;

  private:
    /// An imported buffer.
    struct ImportEntry
    {
        uint32_t host{0};      //!< exporting node
        uint32_t exportId{0};  //!< its export id
        uint64_t remote{0};    //!< the buffer's first byte there
        uint32_t bytes{0};     //!< size
        uint64_t proxyPage{0}; //!< first proxy page
        bool live{false};      //!< not unimported
    };

    /// Notification state of an export.
    struct Notifications
    {
        NotificationHandler handler;         //!< user handler
        bool blocked{false};                 //!< queued while blocked
        bool accepted{true};                 //!< else discarded
        SanFifo<uint64_t> queue;             //!< blocked notifications
        std::vector<Callback<void>> waiters; //!< processes waiting for one
    };

    /// A library wait asleep until a notification lands in its pages.
    struct Sleeper
    {
        uint64_t firstPage{0};         //!< first polled page
        uint64_t lastPage{0};          //!< last polled page
        Ptr<HostCpuWait> wait;         //!< the sleeping process
        Callback<bool> ready;          //!< what it waits for
        std::vector<uint64_t> enabled; //!< pages whose IPT flag it turned on
    };

    /// Run the handler of \p id for \p address (the signal's cost, then the handler).
    void Deliver(uint32_t id, uint64_t address);
    /// \return true if every page of [addr, addr+len) is in one of this process's exports
    bool IsExportedHere(uint64_t addr, uint32_t len) const;
    /// \brief POLL_THEN_BLOCK: polling has given up; enable the pages' notifications, look
    /// once more, sleep. \param wait the process \param addr first byte \param len bytes
    /// \param ready its test
    void BackOff(Ptr<HostCpuWait> wait, uint64_t addr, uint32_t len, Callback<bool> ready);
    /// \brief A slept wait resumed: ignore the pages' notifications again (a system call)
    /// \param wait the process \param done then
    void WakeUp(HostCpuWait* wait, Callback<void> done);
    /// \brief Wake the sleepers whose pages hold \p address if their test holds now (in the
    /// notification's interrupt) \param address the written address
    void WakeSleepers(uint64_t address);
    /// \return the import of \p handle, or null
    const ImportEntry* FindImport(int32_t handle) const;
    /// The exporter's daemon answered an import request: map the proxy pages and answer.
    void Imported(uint32_t host,
                  uint32_t id,
                  bool granted,
                  uint64_t address,
                  uint32_t bytes,
                  ImportCallback done);

    Time m_signalCost;               //!< signal delivery and return
    double m_duInstructions;         //!< library instructions of a deliberate update
    double m_pollInstructions;       //!< instructions of one poll iteration
    WaitPolicy m_waitPolicy{POLL};   //!< polling or polling then blocking
    std::vector<Sleeper> m_sleepers; //!< library waits asleep
    uint64_t m_waitsBlocked{0};      //!< waits that slept
    Ptr<VmmcDaemon> m_daemon;        //!< the node's daemon (the kernel's part)
    /// The interface as the process sees it: its memory-mapped command registers (deliberate
    /// update) and the host it sits on. Its tables are the kernel's (through m_daemon).
    Ptr<ShrimpNetDevice> m_device;
    std::vector<ImportEntry> m_imports;                //!< by handle
    std::map<uint32_t, Notifications> m_notifications; //!< by export id
    std::vector<uint32_t> m_exports;                   //!< this process's exports
    uint64_t m_handled{0};                             //!< notifications handled
    uint64_t m_discarded{0};                           //!< notifications discarded
};

} // namespace ns3

#endif /* VMMC_ENDPOINT_H */
