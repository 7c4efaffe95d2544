/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PROTECTION_FUZZER_H
#define SAN_PROTECTION_FUZZER_H

#include "san-memory-shadow.h"

#include "ns3/event-id.h"
#include "ns3/host-memory.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/san-fabric-port.h"
#include "ns3/san-nic-device.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A range of the receiving host's memory, as a NIC's fuzz adapter describes it.
 */
struct SanFuzzWindow
{
    /// What a packet may do to the range.
    enum Kind : uint8_t
    {
        /// Packets may deposit here, but only the bytes an expectation names. Every region
        /// that holds part of a DATA window is filled with random canary bytes before the run,
        /// so the bytes around the window (the rest of the area) are canaries.
        DATA,
        /// Nothing may land here (a revoked slot's window, a released area): filled with
        /// random canary bytes like DATA, and no write is allowed.
        GUARD,
        /// The device's own bookkeeping (a notification ring): it may change in any way, and
        /// is left out of the byte comparison. Never filled.
        SCRATCH,
        /// What the adapter placed before the run (DART's program page, in the same pinned
        /// area as a DATA window): kept as it is when its region gets canaries, and no write
        /// is allowed.
        PRESET,
    };

    uint64_t address{0}; //!< first host address
    uint64_t length{0};  //!< bytes
    Kind kind{DATA};     //!< what packets may do to it
    std::string name;    //!< for reports
};

/**
 * \ingroup san
 * \brief Bytes that an accepted packet must leave at a host address.
 */
struct SanFuzzWrite
{
    uint64_t address{0};        //!< first host address
    std::vector<uint8_t> bytes; //!< the bytes
};

/**
 * \ingroup san
 * \brief What a forged packet must do: be delivered, leaving exactly \c writes in host memory
 * (in DATA windows), or be dropped with \c reason (a SanNicDevice drop reason code), writing
 * nothing.
 */
struct SanFuzzExpectation
{
    bool deliver{false};              //!< delivered (else dropped)
    uint32_t reason{0};               //!< drop reason, if dropped
    std::vector<SanFuzzWrite> writes; //!< the bytes it lands, if delivered (may be empty)
};

/**
 * \ingroup san
 * \brief What a network interface gives the protection fuzzer (SanProtectionFuzzer): its set
 * up, its memory windows, its space of packet "cases", a forger that knows what each forged
 * packet must do, and a way to hand a packet straight to its receive path.
 *
 * Each NIC writes one adapter (Hamlyn: HamlynProtectionFuzzAdapter); the engine is generic.
 */
class SanProtectionFuzzAdapter : public SimpleRefCount<SanProtectionFuzzAdapter>
{
  public:
    virtual ~SanProtectionFuzzAdapter() = default;

    /// \return the receiving NIC (its "Drop" trace and drop counters are checked)
    virtual Ptr<SanNicDevice> GetDevice() const = 0;
    /**
     * \return the fabric port packets are sent from when they go "over the fabric" (another
     * host's port; the fabric carries them to GetDevice()'s host), or null to inject every
     * packet directly
     */
    virtual SanFabricPort* GetSenderPort() const = 0;
    /**
     * \brief Build the receiver's state (areas, slots, keys, revoked and released entries).
     * Called once by SanProtectionFuzzer::Start(), before memory is snapshotted.
     * \param rng the fuzzer's random stream (use it for every random choice)
     */
    virtual void Prepare(Ptr<UniformRandomVariable> rng) = 0;
    /// \return the windows of the receiving host's memory (after Prepare)
    virtual std::vector<SanFuzzWindow> GetWindows() const = 0;
    /// \return the number of packet cases
    virtual uint32_t GetNCases() const = 0;
    /// \param c a case \return its name
    virtual std::string GetCaseName(uint32_t c) const = 0;
    /// \param c a case \return how often it is chosen relative to the others (default 1)
    virtual uint32_t GetCaseWeight(uint32_t c) const;
    /**
     * \brief Forge a packet of case \p c.
     * \param c the case
     * \param rng the fuzzer's random stream
     * \param[out] expect what the packet must do
     * \return the packet (may be empty; never null)
     */
    virtual Ptr<Packet> Forge(uint32_t c,
                              Ptr<UniformRandomVariable> rng,
                              SanFuzzExpectation& expect) = 0;
    /**
     * \brief Hand \p packet to the device's receive path as if it came from the fabric.
     * \param packet the packet
     * \param srcHost the host it claims to come from
     */
    virtual void InjectDirect(Ptr<const Packet> packet, uint32_t srcHost) = 0;
    /// \return packets the device has delivered so far (its own counter)
    virtual uint64_t GetNDelivered() const = 0;
};

/**
 * \ingroup san
 * \brief What a fuzz run found. Passed() is true when nothing was written outside what was
 * allowed, every expected byte is present, and every packet is accounted for exactly once
 * with the outcome its case called for.
 */
struct SanFuzzReport
{
    uint64_t injected{0};         //!< packets injected
    uint64_t viaFabric{0};        //!< of which over the fabric
    uint64_t direct{0};           //!< of which straight into the receive path
    uint64_t fabricRefused{0};    //!< the fabric refused them (then injected directly)
    uint64_t batches{0};          //!< batches injected
    uint64_t stalls{0};           //!< batch starts postponed: the previous batch had not drained
    uint64_t skipped{0};          //!< not injected: no deposit free of its batch's was forged
    bool drained{true};           //!< every batch drained in time
    uint64_t expectDeliver{0};    //!< packets expected to be delivered
    uint64_t delivered{0};        //!< packets the device delivered (its counter, during the run)
    uint64_t bytesExpected{0};    //!< bytes expected to land
    uint64_t dropsCounted{0};     //!< drops on the device's counters (during the run)
    uint64_t dropsTraced{0};      //!< drops seen on the "Drop" trace
    uint64_t misclassified{0};    //!< traced drops whose reason (or drop itself) was not expected
    uint64_t unknownDrops{0};     //!< traced drops of packets the fuzzer did not inject
    uint64_t wrongSource{0};      //!< traced drops naming another source host
    uint64_t writesOutside{0};    //!< memory writes (trace) not inside a DATA or SCRATCH window
    uint64_t writesUnexpected{0}; //!< writes in a DATA window on bytes no expectation names
    uint64_t accessErrors{0};     //!< rejected host-memory accesses during the run
    uint64_t wrongBytes{0};       //!< bytes in DATA windows that differ from the expectation
    uint64_t canaryBytes{0};      //!< changed bytes next to windows (same region) or in GUARD
    uint64_t strayBytes{0};       //!< changed bytes anywhere else in the host's memory
    uint64_t bytesCompared{0};    //!< bytes compared against the shadow
    uint64_t memoryHash{0};       //!< FNV-1a of all snapshotted memory after the run
    std::vector<std::string> caseNames;   //!< case names
    std::vector<uint64_t> perCase;        //!< packets per case
    std::vector<std::string> reasonNames; //!< drop reason names
    std::vector<uint64_t> expectedDrops;  //!< expected drops per reason
    std::vector<uint64_t> countedDrops;   //!< counted drops per reason (during the run)
    std::vector<uint64_t> tracedDrops;    //!< traced drops per reason
    std::vector<std::string> failures;    //!< the first problems, described

    /// \return true if the run found nothing wrong
    bool Passed() const;
    /// \return a multi-line summary (counts per case and reason, problems)
    std::string Describe() const;
};

/**
 * \ingroup san
 * \brief A randomized protection harness any NIC can use through an adapter
 * (SanProtectionFuzzAdapter).
 *
 * Start() lets the adapter build its receiver state, fills every region that holds a DATA or
 * GUARD window with random canary bytes, snapshots all of the receiving host's memory
 * (SanMemoryShadow), and schedules "Packets" forged packets in batches of "BatchSize": a
 * batch's packets are injected within "BatchJitter" of each other, each over the fabric (with
 * probability "FabricShare": sent from the adapter's sender port) or straight into the receive
 * path, so they contend for the device as real traffic does. Packets in flight together never
 * deposit on the same bytes (a forged packet whose bytes overlap another's in its batch is
 * forged again), so the final contents are known whatever the landing order. A batch starts
 * only once the previous one has drained (every packet delivered or dropped).
 *
 * Check() (after Simulator::Run) compares:
 * - memory: every snapshotted byte against the shadow, where the shadow holds the expected
 *   deposits; differences inside DATA windows are wrong bytes, next to them (same region) or in
 *   GUARD windows canary damage, elsewhere stray bytes; SCRATCH windows are skipped. Every
 *   write on the memory's "Write" trace must lie in a DATA window on expected bytes, or in a
 *   SCRATCH window; no access may be rejected;
 * - accounting: per reason, the drops the cases called for = the device's counters = the
 *   "Drop" trace; every traced drop is matched to its packet (by uid) and must carry that
 *   packet's expected reason and source; deliveries = expected deliveries; drops + deliveries =
 *   packets injected.
 *
 * Everything random comes from one ns-3 stream (AssignStreams), so a run is reproducible.
 */
class SanProtectionFuzzer : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanProtectionFuzzer();
    ~SanProtectionFuzzer() override;

    /// \param adapter the NIC's adapter (before Start)
    void SetAdapter(Ptr<SanProtectionFuzzAdapter> adapter);
    /// \return the adapter
    Ptr<SanProtectionFuzzAdapter> GetAdapter() const;

    /**
     * \brief Fix the random stream.
     * \param stream first stream index
     * \return streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /// \brief Prepare, snapshot, connect the traces and schedule the injections (from now).
    void Start();
    /// \return the verdict (call after Simulator::Run; disconnects the traces)
    SanFuzzReport Check();
    /// \brief Start(), Simulator::Run(), Check(). \return the verdict
    SanFuzzReport Run();

  protected:
    void DoDispose() override;

  private:
    /// A packet injected and not yet accounted for.
    struct Pending
    {
        uint32_t caseId{0};    //!< its case
        bool deliver{false};   //!< expected delivered
        uint32_t reason{0};    //!< expected drop reason
        uint32_t srcHost{0};   //!< its source host
        bool accounted{false}; //!< a drop was traced for it
    };

    /// Inject the next batch (or wait for the previous one).
    void Batch();
    /// \return true once every injected packet is delivered or dropped
    bool Drained() const;
    /// Forge one packet, avoiding the byte ranges claimed in this batch.
    Ptr<Packet> ForgeOne(uint32_t& caseId,
                         SanFuzzExpectation& expect,
                         std::vector<std::pair<uint64_t, uint64_t>>& claims);
    /// \param packet a forged packet \param viaFabric send it over the fabric (else direct)
    void Inject(Ptr<Packet> packet, bool viaFabric);
    /// \return a case chosen by weight
    uint32_t PickCase();
    /// "Drop" trace sink.
    void OnDrop(Ptr<const Packet> packet, uint32_t reason, uint32_t srcHost);
    /// Memory "Write" trace sink.
    void OnWrite(uint64_t address, uint64_t length);
    /// Memory "AccessError" trace sink.
    void OnAccessError(uint64_t address, uint64_t length);
    /// Disconnect the traces (once).
    void Disconnect();
    /// \param address an address \param length bytes \return the window holding all of it, or null
    const SanFuzzWindow* FindWindow(uint64_t address, uint64_t length) const;
    /// \param what a problem to report
    void Fail(const std::string& what);

    uint32_t m_packets;    //!< packets to inject
    uint32_t m_batchSize;  //!< packets per batch
    double m_fabricShare;  //!< share sent over the fabric
    Time m_batchInterval;  //!< from one batch to the next
    Time m_batchJitter;    //!< spread of injections in a batch
    uint32_t m_maxStalls;  //!< consecutive postponements before giving up
    uint32_t m_maxReforge; //!< attempts to forge a packet that claims free bytes

    Ptr<SanProtectionFuzzAdapter> m_adapter;         //!< the NIC's adapter
    Ptr<SanNicDevice> m_device;                      //!< receiving NIC
    Ptr<HostMemory> m_memory;                        //!< its host's memory
    Ptr<UniformRandomVariable> m_rng;                //!< everything random
    std::vector<SanFuzzWindow> m_windows;            //!< windows, by address
    SanMemoryShadow m_shadow;                        //!< memory as it must be
    std::map<uint64_t, uint64_t> m_allowed;          //!< expected DATA bytes: start -> end (merged)
    std::unordered_map<uint64_t, Pending> m_pending; //!< packet uid -> expectation
    std::vector<uint32_t> m_weights;                 //!< cumulative case weights
    uint32_t m_injectedSoFar{0};                     //!< packets scheduled
    uint32_t m_consecutiveStalls{0};                 //!< current postponements
    uint64_t m_delivered0{0};                        //!< device's deliveries at Start
    std::vector<uint64_t> m_drops0;                  //!< device's drops per reason at Start
    uint64_t m_dropsTotal0{0};                       //!< device's drops at Start
    uint64_t m_accessErrors0{0};                     //!< memory's access errors at Start
    bool m_started{false};                           //!< Start() ran
    bool m_connected{false};                         //!< traces connected
    SanFuzzReport m_report;                          //!< being filled
};

} // namespace ns3

#endif /* SAN_PROTECTION_FUZZER_H */
