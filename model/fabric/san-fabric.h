/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_H
#define SAN_FABRIC_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/san-output-occupancy.h"
#include "ns3/san-routing.h"
#include "ns3/san-switching-policy.h"
#include "ns3/san-topology.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

class SanCutCellRecords;
class SanFlowProbe;
class SanEndpointDevice;
class SanRemoteChannel;
class SanSwitch;

/**
 * \ingroup san
 * \brief One switch fabric: its topology, routing function, switching mode
 * and buffers, plus the fabric-wide counters.
 *
 * Switching modes:
 * - WORMHOLE: each virtual channel buffer holds one packet at a time and is
 *   smaller than a packet (BufferSize bytes); when the head of a longer
 *   packet blocks, its tail stops too and the packet keeps every buffer (and
 *   so every link) it occupies, which is how tree saturation spreads.
 * - VIRTUAL_CUT_THROUGH: the head moves on as soon as it is routed, but a
 *   buffer holds whole packets (BufferSize / MaxPacketSize of them), so a
 *   blocked packet collects in one switch and frees the links behind it.
 * - STORE_AND_FORWARD: as virtual cut-through, but a switch routes a packet
 *   only once its tail has arrived.
 * - CELL: ATM-style: the endpoint cuts every packet into fixed-size cells
 *   (CellSize bytes on the wire, CellPayload bytes of data) that are switched
 *   store-and-forward, and reassembles them.
 *
 * Flow control is per link (SanChannel FlowControl). With credits (the
 * default) a packet may only enter a link when a buffer slot on a virtual
 * channel at the far end is free; with Xon/Xoff the far end stops and
 * restarts the sender, with marks checked at set-up against the link's
 * round trip. Either way the fabric never drops a packet.
 */
class SanFabric : public Object, public SanOutputOccupancy
{
  public:
    /// How switches move packets (the SwitchingMode attribute; SanSwitchingPolicy's modes).
    enum SwitchingMode
    {
        WORMHOLE = SanSwitchingPolicy::WORMHOLE,
        VIRTUAL_CUT_THROUGH = SanSwitchingPolicy::VIRTUAL_CUT_THROUGH,
        STORE_AND_FORWARD = SanSwitchingPolicy::STORE_AND_FORWARD,
        CELL = SanSwitchingPolicy::CELL
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanFabric();
    ~SanFabric() override;

    /**
     * Bind the topology and routing function and check the configuration;
     * aborts with a clear message on an invalid combination. Called by
     * SanFabricHelper before any device is created.
     */
    void Configure();
    /**
     * \return "" if the attributes make a fabric (the topology and routing function set, the
     * routing function able to route on the topology, packets fitting the buffers of the
     * switching mode), else one line saying what does not fit: what Configure aborts with
     */
    std::string GetConfigurationError() const;

    /// \return the topology
    Ptr<SanTopology> GetTopology() const;
    /// \return the routing function
    Ptr<SanRouting> GetRouting() const;

    /// \return the topology, without a reference (a switch asks at every hop)
    SanTopology* PeekTopology() const
    {
        return PeekPointer(m_topology);
    }

    /// \return the routing function, without a reference (a switch asks at every hop)
    SanRouting* PeekRouting() const
    {
        return PeekPointer(m_routing);
    }

    /// \return the switching mode
    SwitchingMode GetSwitchingMode() const;

    /// \return the switching mode's policy, made by Configure from the attributes (what a
    /// port, switch or endpoint asks of the mode on the per-packet path)
    const SanSwitchingPolicy& GetSwitching() const
    {
        return m_switching;
    }

    /// \return true in store-and-forward and cell modes
    bool RoutesOnTail() const;
    /// \return the number of virtual channels per link
    uint32_t GetNVcs() const;
    /// \return the number of packet slots per virtual channel buffer
    uint32_t GetSlotsPerVc() const;
    /// \return the buffer size of one virtual channel, in bytes
    uint32_t GetBufferSize() const;
    /// \return the largest packet the fabric accepts, in bytes
    uint32_t GetMaxPacketSize() const;
    /// \return the shortest packet hosts send (MinPacketSize; 0: no promise)
    uint32_t GetMinPacketSize() const;
    /// \return the shortest packet on a link: a cell in Cell mode (every packet on the wire
    /// is one), else MinPacketSize (0: no promise); a cut link's lead counts on it
    uint32_t GetShortestWirePacket() const;
    /// \return the cell size on the wire (CELL mode)
    uint32_t GetCellSize() const;
    /// \return the cell payload (CELL mode)
    uint32_t GetCellPayload() const;

    /**
     * A new packet uid for a packet that host \p host creates: the host in the upper bits and
     * the host's own count below, so that a uid does not depend on what other hosts did
     * before, nor on which MPI rank simulates the host (distributed runs give the same uids).
     * \param host the source host
     * \param count the host's packets so far (its own counter, incremented by the caller)
     * \return the uid
     */
    static uint64_t MakeUid(uint32_t host, uint64_t count);
    /// \return a new uid for a packet a switch makes (the second part of a split burst)
    uint64_t NextUid();

    /// Register an endpoint (host index = its position).
    /// \param host host index
    /// \param dev the endpoint
    void RegisterEndpoint(uint32_t host, Ptr<SanEndpointDevice> dev);
    /// \param host host index
    /// \return its endpoint (nullptr if none)
    Ptr<SanEndpointDevice> GetEndpoint(uint32_t host) const;
    /// Register a switch.
    /// \param sw switch index
    /// \param s the switch
    void RegisterSwitch(uint32_t sw, Ptr<SanSwitch> s);
    /// \param sw switch index
    /// \return the switch
    Ptr<SanSwitch> GetSwitch(uint32_t sw) const;
    /// SanOutputOccupancy: what routing sees of the switches.
    /// \param sw switch \param port output port \param vcMask channels
    /// \return that port's SanPort::GetOccupancy (0 for a switch or port this process lacks)
    uint32_t GetOutputOccupancy(uint32_t sw, uint32_t port, uint32_t vcMask) const override;
    /**
     * Number a cut link (a distributed run's SanRemoteChannel): every rank builds every link in
     * the same order, so the number names the link on every rank; messages between ranks carry
     * it instead of a node and device to look up.
     * \param link the link
     * \return its number
     */
    uint32_t AddCutLink(Ptr<SanRemoteChannel> link);
    /// \param index a number AddCutLink gave \return the link (nullptr if there is none)
    SanRemoteChannel* GetCutLink(uint32_t index) const;
    /**
     * The fabric is cut: give each switch its part (SanFabricHelper does, for two parts or
     * more), so that cells of Cell mode find their packet's record in each part they cross
     * (SanCutCellRecords).
     * \param switchPart the part of each switch, by index
     */
    void SetSwitchParts(std::vector<uint32_t> switchPart);

    /// \return the cut fabric's cell records (nullptr if the fabric is not cut)
    SanCutCellRecords* GetCutCellRecords() const
    {
        return m_cutCells.get();
    }

    /// Count a packet whose head entered the fabric.
    void NotifyInjected();
    /// Count a packet whose tail left the fabric (a piece of a split packet counts as one).
    /// \param hops switches it traversed
    void NotifyDelivered(uint32_t hops);
    /// Count a split: a switch made a new packet (the second part) inside the fabric.
    void NotifySplit();
    /// Count a coalescing: a switch merged two pieces, so one packet fewer is inside.
    void NotifyCoalesced();
    /**
     * Count (and trace) an Xon/Xoff symbol sent by the receiving end of a link.
     * \param node the receiving port's node id
     * \param port its number on the node (a switch port's topology port number, a host's
     * interface index)
     * \param vc the virtual channel
     * \param xoff true for Xoff, false for Xon
     * \param occupancy bytes counted in that buffer then
     */
    void NotifyXonXoff(uint32_t node, uint32_t port, uint32_t vc, bool xoff, uint64_t occupancy);
    /// \return Xoff symbols sent on Xon/Xoff links so far
    uint64_t GetXoffSymbols() const;
    /// \return Xon symbols sent on Xon/Xoff links so far
    uint64_t GetXonSymbols() const;
    /// \return packets injected by hosts so far
    uint64_t GetInjected() const;
    /// \return packets (and pieces of split packets) delivered so far
    uint64_t GetDelivered() const;
    /// \return splits made by switches so far
    uint64_t GetSplits() const;
    /// \return pieces merged by switches so far
    uint64_t GetCoalesced() const;
    /// \return packets inside the fabric now (injected + splits - coalesced - delivered)
    uint64_t GetInFlight() const;
    /// \return switch traversals of all delivered packets
    uint64_t GetSwitchHops() const;

    /**
     * Tell a probe of every packet the hosts send and receive (SanFlowMonitor installs itself
     * here). One probe at a time: it stays until replaced, removed or the fabric is disposed.
     * \param probe the probe (nullptr: none; it must outlive the fabric or be removed first)
     */
    void SetFlowProbe(SanFlowProbe* probe);

    /// \return the probe SetFlowProbe installed, or nullptr
    SanFlowProbe* GetFlowProbe() const
    {
        return m_flowProbe;
    }

    /**
     * TracedCallback signature for Xon/Xoff symbols.
     * \param node the sending (receiving-end) port's node id
     * \param port its number on the node (a switch port's topology port number, a host's
     * interface index)
     * \param vc the virtual channel
     * \param xoff true for Xoff, false for Xon
     * \param occupancy bytes counted in that buffer when the symbol was sent
     */
    typedef void (*XonXoffTracedCallback)(uint32_t node,
                                          uint32_t port,
                                          uint32_t vc,
                                          bool xoff,
                                          uint64_t occupancy);

  protected:
    void DoDispose() override;

  private:
    /// \return the sizes the switching mode's policy depends on (the attributes)
    SanSwitchingPolicy::Sizes SwitchingSizes() const;

    Ptr<SanTopology> m_topology;    //!< shape
    Ptr<SanRouting> m_routing;      //!< routing function
    SwitchingMode m_mode;           //!< switching mode
    uint32_t m_bufferSize;          //!< bytes per virtual-channel buffer
    uint32_t m_maxPacketSize;       //!< largest packet in bytes
    uint32_t m_minPacketSize{0};    //!< shortest packet hosts send (0: no promise)
    uint32_t m_cellSize;            //!< ATM cell on the wire
    uint32_t m_cellPayload;         //!< ATM cell payload
    SanSwitchingPolicy m_switching; //!< the mode's policy (Configure)
    bool m_configured{false};       //!< Configure() ran
    uint64_t m_nextUid{1};          //!< uid counter
    uint64_t m_injected{0};         //!< counter
    uint64_t m_delivered{0};        //!< counter
    uint64_t m_hops{0};             //!< counter
    uint64_t m_splits{0};           //!< counter
    uint64_t m_coalesced{0};        //!< counter
    uint64_t m_xoffSymbols{0};      //!< counter
    uint64_t m_xonSymbols{0};       //!< counter
    /// Xon/Xoff symbols (one trace for the fabric, so that a port carries none)
    TracedCallback<uint32_t, uint32_t, uint32_t, bool, uint64_t> m_xonXoffTrace;
    SanFlowProbe* m_flowProbe{nullptr};              //!< told of every send and delivery
    std::vector<Ptr<SanEndpointDevice>> m_endpoints; //!< by host index
    std::vector<Ptr<SanSwitch>> m_switches;          //!< by switch index
    std::vector<Ptr<SanRemoteChannel>> m_cutLinks;   //!< by number (distributed runs)
    std::unique_ptr<SanCutCellRecords> m_cutCells;   //!< cell records per part (cut fabrics)
};

} // namespace ns3

#endif /* SAN_FABRIC_H */
