/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SWITCH_H
#define SAN_SWITCH_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/san-output-arbiter.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

class SanFabric;
class SanFabricPacket;
class SanRouting;
class SanSwitchPort;
class SanSwitchPortDevice;
class SanTopology;

/**
 * \ingroup san
 * \brief A fabric switch, aggregated to its ns-3 Node: it routes every
 * arriving head after its routing delay and hands the packet to the chosen
 * output port.
 *
 * The switch owns its ports (SanSwitchPort), plain records in one array. A
 * port's NetDevice (SanSwitchPortDevice), added to the switch's node as
 * BridgeNetDevice's ports are, is made when someone asks for it:
 * GetPortDevice, the "Ports" attribute (Config paths such as
 * /NodeList/N/$ns3::SanSwitch/Ports/P/PacketTx, P the topology port number),
 * or SanFabricHelper, which makes every port's unless its SwitchPortDevices
 * attribute is false.
 *
 * With an adaptive routing function the switch takes the least-occupied
 * candidate port whose adaptive virtual channel is free now; if none is,
 * the packet waits for the escape (deterministic) port.
 *
 * With a SplitThreshold, the switch splits splittable packets (CLAN write
 * bursts) under contention and may coalesce their pieces again (see
 * SanPort).
 */
class SanSwitch : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanSwitch();
    ~SanSwitch() override;

    /**
     * \param fabric the fabric
     * \param index switch index in the topology
     * \param connectedPorts how many of its ports will be connected (AddPort), to size the
     * array of ports exactly (if it is every port, the array is indexed by port number and
     * every port must then be made before the simulation runs); 0: room for every port of the
     * topology
     */
    void Setup(Ptr<SanFabric> fabric, uint32_t index, uint32_t connectedPorts = 0);
    /**
     * Make a port (once per port, after Setup and SetNodeId).
     * \param port topology port number
     * \return the port, which the switch owns
     */
    SanSwitchPort* AddPort(uint32_t port);
    /// \return switch index in the topology
    uint32_t GetIndex() const;
    /// \param port topology port number
    /// \return the port (nullptr if unconnected)
    SanSwitchPort* GetPort(uint32_t port) const;
    /// \return the number of ports made (AddPort)
    uint32_t GetNConnectedPorts() const;
    /// \param i 0 to GetNConnectedPorts() - 1 (in port order if every port is connected, else
    /// in the order they were made)
    /// \return that port
    SanSwitchPort* GetConnectedPortAt(uint32_t i) const;
    /**
     * The port's NetDevice, made and added to the switch's node on first use.
     * \param port topology port number
     * \return its device (nullptr if the port is not connected)
     */
    Ptr<SanSwitchPortDevice> GetPortDevice(uint32_t port);
    /// \return the routing delay in time steps
    inline int64_t GetRoutingDelaySteps() const;
    /// \return node id (event context)
    inline uint32_t GetNodeId() const;
    /// \param id node id
    void SetNodeId(uint32_t id);

    /**
     * The head of p is ready to be routed here (event handler).
     * \param p the packet
     */
    void HandleReady(SanFabricPacket* p);
    /**
     * A packet leaves through one of this switch's ports.
     * \param port topology port number
     * \param vc virtual channel acquired
     * \param p the packet
     */
    void NotifyDepart(uint32_t port, uint32_t vc, SanFabricPacket* p);
    /// \return true in store-and-forward and cell modes
    inline bool RoutesOnTail() const;
    /// \return the SplitThreshold attribute (bytes; 0: never split)
    uint32_t GetSplitThreshold() const;
    /// \param delay the RoutingDelay attribute (takes effect at once, also after Install)
    void SetRoutingDelay(Time delay);
    /// \return the RoutingDelay attribute
    Time GetRoutingDelay() const;
    /// \param cutThrough the CutThroughCells attribute (takes effect at once)
    void SetCutThroughCells(bool cutThrough);
    /// \return the CutThroughCells attribute
    bool GetCutThroughCells() const;
    /// \return the Coalesce attribute
    bool GetCoalesce() const;
    /// \param policy the Arbitration attribute (takes effect at once, also after Install)
    void SetArbitration(SanOutputArbiter::Policy policy);
    /// \return the Arbitration attribute
    SanOutputArbiter::Policy GetArbitration() const;
    /// \param storeIndex a port's index in the array of ports
    /// \return the input that port served last (round robin; 0xffff: none yet)
    uint32_t GetLastInput(uint32_t storeIndex) const;
    /// \param storeIndex a port's index in the array \param input the input it just served
    void SetLastInput(uint32_t storeIndex, uint32_t input);

  protected:
    void DoDispose() override;

  private:
    /// Whether packets are routed on their tail: the fabric's mode, unless cut-through cells.
    void UpdateRoutesOnTail();
    /// \param port topology port number
    /// \return its device, aborting if the port is not connected (inline: the .cc is its only
    /// user)
    inline SanSwitchPort* GetConnectedPort(uint32_t port) const;
    /// Make the block of n ports (its header first), after giving back any earlier one.
    /// \param n ports
    void MakeStore(uint32_t n);
    /// Give back the block of ports.
    void FreeStore();
    /// \return the ports' last inputs served, after the ports in their block
    uint16_t* LastInputs() const;
    /// Abort: p has crossed SanFabricPacket::MAX_HOPS switches (a livelock, most likely).
    /// \param p the packet
    [[noreturn]] void AbortTooManyHops(const SanFabricPacket* p) const;

    // 120 bytes, in a 128-byte malloc chunk: switches made one after another then sit at the
    // same offset within cache lines, and what a packet-hop reads (from m_routingDelaySteps to
    // m_store) takes two lines at most. A 104-byte layout (a 112-byte chunk, whose offset
    // rotates) ran the 65,536-host tree 10 % slower, for 16 bytes a switch.
    Time m_routingDelay;                       //!< per-hop routing delay
    int64_t m_routingDelaySteps{0};            //!< cached
    SanFabric* m_fabric{nullptr};              //!< owning fabric (its topology and routing)
    uint32_t m_index{0};                       //!< switch index
    uint32_t m_nodeId{0};                      //!< node id
    uint32_t m_nPorts{0};                      //!< ports in the topology
    uint32_t m_nStored{0};                     //!< ports made so far
    uint32_t m_storeSize{0};                   //!< room in m_store
    uint32_t m_allVcs{1};                      //!< mask of every virtual channel
    uint32_t m_tieBreak{0};                    //!< rotates among equally occupied candidates
    bool m_routesOnTail{false};                //!< store-and-forward / cells
    bool m_cutThroughCells{false};             //!< Cell mode: route on the head
    uint32_t m_splitThreshold{0};              //!< largest piece of a split packet (0: never split)
    bool m_coalesce{true};                     //!< merge consecutive pieces of one burst
    bool m_byNumber{false};                    //!< m_store is indexed by port number
    uint8_t m_arbitration{0};                  //!< SanOutputArbiter::Policy (FCFS; in padding)
    std::unique_ptr<SanSwitchPort*[]> m_ports; //!< by topology port (nullptr: unconnected),
                                               //!< unless m_byNumber
    SanSwitchPort* m_store{nullptr};           //!< the ports, in one array (after its header,
                                               //!< SanPort::SwitchBlock, in one allocation)
    /// Devices by topology port, once one is made (no table until then)
    std::unique_ptr<Ptr<SanSwitchPortDevice>[]> m_devices;
};

// Inline: every arriving packet asks them (SanSwitchPort::ReceivePacket).
int64_t
SanSwitch::GetRoutingDelaySteps() const
{
    return m_routingDelaySteps;
}

uint32_t
SanSwitch::GetNodeId() const
{
    return m_nodeId;
}

bool
SanSwitch::RoutesOnTail() const
{
    return m_routesOnTail;
}

} // namespace ns3

#endif /* SAN_SWITCH_H */
