/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TRAFFIC_GENERATOR_H
#define SAN_TRAFFIC_GENERATOR_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/rng-stream.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

class SanEndpointDevice;
class SanFabricPacket;
class SanTrafficStats;

/**
 * \ingroup san
 * \brief Synthetic traffic for a fabric alone: every host sends
 * single-packet messages with exponential gaps at a given offered load
 * (packets per host per packet-time, where a packet-time is the time to
 * serialize one packet on the host's link) to destinations chosen by a
 * pattern: uniform random (never itself), hot spot (a fraction of the
 * traffic to one host), transpose (host (r, c) of an n x n arrangement
 * sends to (c, r); hosts on the diagonal stay idle), bit complement, or group
 * shift (hosts in consecutive blocks of GroupSize; each host sends to a
 * uniformly random host of the next block, the last block to the first: the
 * adversarial traffic of a dragonfly when a block is a group).
 *
 * It also receives: it records latency (creation to tail delivery) and
 * switch hops of packets created inside the measurement window, and
 * optionally checks per-pair order.
 */
class SanTrafficGenerator : public Application, private SanDeliverySink
{
  public:
    /// Destination patterns.
    enum Pattern
    {
        UNIFORM,
        HOTSPOT,
        TRANSPOSE,
        BIT_COMPLEMENT,
        BIT_REVERSAL,
        SHUFFLE,
        TORNADO,
        NEIGHBOR,
        PERMUTATION,
        GROUP_SHIFT //!< hosts in blocks of GroupSize; block i sends to block i+1 (mod blocks)
    };

    /// Most packets per host per packet-time accepted as OfferedLoad: a host's link carries at
    /// most one, so ten times that is far past any saturation and still keeps the events of a
    /// run bounded.
    static constexpr double MAX_LOAD = 10.0;
    /// Fewest packets per host per packet-time accepted (other than 0, an idle host): below
    /// this a gap no longer fits the simulator's clock arithmetic in any sensible run.
    static constexpr double MIN_LOAD = 1e-9;

    /**
     * \param load an offered load (packets per host per packet-time)
     * \return "" if MIN_LOAD <= load <= MAX_LOAD, else a message that names the value
     */
    static std::string CheckLoad(double load);
    /**
     * \param name a pattern as users write it: the attribute's names ("BitReversal") or the
     * lower-case, dash-separated form ("bit-reversal", "hot-spot", "nearest-neighbor")
     * \param pattern set on success
     * \return "" on success, else a message naming the bad name and listing the valid ones
     */
    static std::string PatternFromName(const std::string& name, Pattern& pattern);
    /// \return the pattern names PatternFromName accepts, lower case, comma separated
    static std::string GetPatternNames();
    /// \param pattern a pattern \return its attribute name ("BitReversal")
    static std::string GetPatternAttributeName(Pattern pattern);
    /**
     * \param text a size distribution, "size:weight,size:weight,..." (weights > 0, need not sum
     * to 1; a lone "size" is a fixed size)
     * \param out filled with (size, cumulative probability)
     * \return "" on success, else a message naming the bad entry
     */
    static std::string ParseSizeDistribution(const std::string& text,
                                             std::vector<std::pair<uint32_t, double>>& out);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanTrafficGenerator();
    ~SanTrafficGenerator() override;

    /// \param dev the endpoint to send and receive through
    void SetEndpoint(Ptr<SanEndpointDevice> dev);
    /**
     * \param stream first random stream
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);
    /// \return the host of the endpoint it was installed on
    uint32_t GetHost() const;

    /// What decides where a host's packets go: the pattern and the attributes it reads.
    struct PatternSpec
    {
        Pattern pattern{UNIFORM};  //!< Pattern
        uint32_t radix{0};         //!< Radix (Tornado, Neighbor)
        uint32_t groupSize{0};     //!< GroupSize (GroupShift)
        uint32_t hotSpotHost{0};   //!< HotSpotHost
        double hotSpotFraction{0}; //!< HotSpotFraction
    };

    /**
     * Where one host's packets go, as shares of them: fixed destinations, and a share spread
     * evenly over the hosts [rangeBegin, rangeEnd) but the sender itself. The shares sum to 1
     * (to 0 for a host that stays idle).
     */
    struct DestinationShares
    {
        std::vector<std::pair<uint32_t, double>> points; //!< (host, share)
        uint32_t rangeBegin{0};                          //!< first host of the spread share
        uint32_t rangeEnd{0};                            //!< one past the last
        double rangeShare{0};                            //!< the share spread over the range
    };

    /**
     * \param attributes generator attributes set by name (the rest keep their defaults,
     * Config::SetDefault's included); values are converted by the attributes' checkers
     * \return the pattern they give
     */
    static PatternSpec GetPatternSpec(
        const std::vector<std::pair<std::string, Ptr<AttributeValue>>>& attributes);
    /**
     * The destinations of a host without a generator (and without drawing a random stream):
     * what a load bound needs.
     * \param spec the pattern
     * \param destination the host's Destination attribute (Permutation)
     * \param host the host
     * \param nHosts hosts in the fabric
     * \param out set to the host's shares
     * \return "" on success, else why nHosts does not suit the pattern
     */
    static std::string GetDestinationShares(const PatternSpec& spec,
                                            uint32_t destination,
                                            uint32_t host,
                                            uint32_t nHosts,
                                            DestinationShares& out);

    /**
     * \param host a host
     * \param nHosts hosts in the fabric
     * \return the fixed destination of host under TRANSPOSE or BIT_COMPLEMENT
     * (host itself if it stays idle); aborts if nHosts does not suit the pattern
     */
    uint32_t GetPermutationDestination(uint32_t host, uint32_t nHosts) const;
    /**
     * \param host a host
     * \param nHosts hosts in the fabric
     * \param error set to a message if nHosts does not suit the pattern
     * \return as GetPermutationDestination, without aborting (host on an error)
     */
    uint32_t FindPermutationDestination(uint32_t host, uint32_t nHosts, std::string& error) const;

    /// \param stats shared statistics (histogram, per-source counts) or nullptr
    void SetStats(std::shared_ptr<SanTrafficStats> stats);
    /// \return the mean packet size of the size distribution (PacketSize if none)
    double GetMeanPacketSize() const;

    /// \return the settings records alive: generators set the same way share one (their
    /// attributes but Destination, and their statistics)
    static uint64_t GetSharedSettingsCount();

    /// \return packets created
    uint64_t GetGenerated() const;
    /// \return packets created inside the measurement window
    uint64_t GetGeneratedMeasured() const;
    /// \return packets received
    uint64_t GetReceived() const;
    /// \return packets received while the measurement window was open
    uint64_t GetReceivedInWindow() const;
    /// \return measured packets (created in the window) received
    uint64_t GetReceivedMeasured() const;
    /// \return sum of latencies of measured packets, in seconds
    double GetLatencySum() const;
    /// \return largest latency of a measured packet
    Time GetMaxLatency() const;
    /// \return sum of switch hops of measured packets
    uint64_t GetHopSum() const;
    /// \return packets that arrived after a later packet from the same source
    uint64_t GetReordered() const;
    /// \return packets created but not sent because the source queue was full
    uint64_t GetNotInjected() const;
    /// \return packets created inside the window but not sent (source queue full)
    uint64_t GetNotInjectedMeasured() const;

  protected:
    void DoDispose() override;
    /// Remember the settings for the next generator to start from.
    void NotifyConstructionCompleted() override;
    /// As Application's, without a stop event: a generator stops by not scheduling a packet
    /// at or after its stop time (a stop event would wait the whole run, about 80 bytes a host).
    void DoInitialize() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Create and send one packet, then schedule the next.
    void Generate();
    /// Schedule the next packet after an exponential gap.
    void ScheduleNext();
    /// \param p a delivered packet (the endpoint's SanDeliverySink)
    void DeliverFromFabric(const SanFabricPacket& p) override;
    /// \return the destination of the next packet (or the host itself: send nothing)
    uint32_t PickDestination();
    /// \return this generator's pattern
    PatternSpec GetSpec() const;
    /**
     * \param spec a pattern \param destination the Destination attribute \param host a host
     * \param nHosts hosts \param error set if nHosts does not suit the pattern
     * \return as FindPermutationDestination
     */
    static uint32_t FindFixedDestination(const PatternSpec& spec,
                                         uint32_t destination,
                                         uint32_t host,
                                         uint32_t nHosts,
                                         std::string& error);
    /// \param n a bound \return a uniform integer in [0, n)
    uint32_t UniformBelow(uint32_t n);
    /// \return the size of the next packet
    uint32_t PickSize();
    /// \param s text \return s, cut to 40 characters for a message
    static std::string Abbreviate(const std::string& s);
    /// \param text the SizeDistribution attribute (empty: none)
    void SetSizeText(std::string text);
    /// \return the SizeDistribution attribute
    std::string GetSizeText() const;

    /// A SizeDistribution: its text and its sizes, parsed at the first start (most generators
    /// have none, and a string and a vector in each would be 56 bytes per host).
    struct SizeDistribution
    {
        std::string text;                               //!< the attribute's value
        std::vector<std::pair<uint32_t, double>> sizes; //!< size, cumulative probability
    };

    struct Settings;

    /// Deletes a Settings record whose last generator let go, and forgets it.
    struct SettingsDeleter
    {
        /// \param s the record
        static void Delete(Settings* s);
    };

    /**
     * What a generator is set to: its attributes but Destination, and the shared statistics.
     * They are the same on most hosts of a run, so generators with equal settings share one
     * record (over 80 bytes a host otherwise). A record never changes once shared: a setter
     * makes the changed copy and interns it (Intern), and the generator lets go of the old.
     */
    struct Settings : public SimpleRefCount<Settings, empty, SettingsDeleter>
    {
        Pattern pattern{UNIFORM};                   //!< destination pattern
        double load{0};                             //!< packets per host per packet-time
        uint32_t packetSize{0};                     //!< bytes
        uint32_t hotSpotHost{0};                    //!< hot spot
        double hotSpotFraction{0};                  //!< share of traffic to the hot spot
        Time measureStart;                          //!< window start
        Time measureStop;                           //!< window end
        uint32_t maxSourceQueue{0};                 //!< packets waiting at the source (0: no bound)
        uint32_t radix{0};                          //!< k of the k-ary n-cube; 0: automatic
        uint32_t groupSize{0};                      //!< GroupShift block size
        bool trackOrder{false};                     //!< check per-pair order
        std::shared_ptr<SizeDistribution> sizeDist; //!< SizeDistribution, or nullptr if empty
        std::shared_ptr<SanTrafficStats> stats;     //!< shared statistics, or nullptr
        // Worked out at the start (the same for every generator set alike on one fabric).
        uint32_t nHosts{0};         //!< hosts in the fabric
        int64_t packetTimeSteps{0}; //!< serialization of one packet of the mean size

        /// \param o another record \return true if a generator would behave the same with it
        bool operator==(const Settings& o) const;
        /// \return a hash of what operator== compares
        size_t Hash() const;
        /// \param s settings \return the shared record equal to s (made if there is none)
        static Ptr<Settings> Intern(const Settings& s);

        struct Table;
        /// \return the records by what they hold (san-traffic-generator-settings.cc)
        static Table& GetTable();
    };

    /// Set one setting: intern a changed copy (nothing if it is unchanged).
    /// \tparam T its type \tparam M the member \param v its value
    template <typename T, T Settings::*M>
    void Set(T v)
    {
        if (S().*M == v)
        {
            return;
        }
        Settings changed = *m_settings;
        changed.*M = std::move(v);
        m_settings = Settings::Intern(changed);
    }

    /// \tparam T its type \tparam M the member \return one setting
    template <typename T, T Settings::*M>
    T Get() const
    {
        return S().*M;
    }

    /// \return the settings
    const Settings& S() const
    {
        return *m_settings;
    }

    Ptr<SanEndpointDevice> m_dev; //!< endpoint
    Ptr<Settings> m_settings;     //!< shared with every generator set the same way
    /// The settings the last generator was constructed with (no statistics then: SetStats
    /// comes after).
    static inline Ptr<Settings> s_lastConstructed;
    uint32_t m_destination; //!< Permutation: this host's destination
    /// Gaps and destinations. A bare stream (not a RandomVariableStream object)
    /// keeps a generator small on topologies with many thousands of hosts;
    /// stream numbering follows RandomVariableStream's.
    RngStream m_rng;
    int64_t m_stopTs{-1};    //!< no packet at or after this time (-1: no stop time); the next
                             //!< packet's event is not kept (24 bytes a host): it checks this
    uint32_t m_host{0};      //!< own host index
    uint32_t m_fixedDst{0};  //!< permutation destination
    uint64_t m_generated{0}; //!< counter
    uint64_t m_generatedMeasured{0};   //!< counter
    uint64_t m_received{0};            //!< counter
    uint64_t m_receivedInWindow{0};    //!< counter
    uint64_t m_receivedMeasured{0};    //!< counter
    double m_latencySum{0};            //!< seconds
    int64_t m_maxLatency{0};           //!< time steps
    uint64_t m_hopSum{0};              //!< counter
    uint64_t m_notInjected{0};         //!< counter
    uint64_t m_notInjectedMeasured{0}; //!< counter

    /// What TrackOrder counts, made with the first delivery it checks.
    struct OrderCheck
    {
        std::unordered_map<uint32_t, uint32_t> lastSeq; //!< last sequence number per source
        uint64_t reordered{0};                          //!< packets that overtook an earlier one
    };

    std::unique_ptr<OrderCheck> m_order; //!< TrackOrder's record, or nullptr
};

} // namespace ns3

#endif /* SAN_TRAFFIC_GENERATOR_H */
