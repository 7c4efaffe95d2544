/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_NIC_DEVICE_H
#define SAN_NIC_DEVICE_H

#include "san-dma-engine.h"

#include "ns3/san-fabric-port.h"
#include "ns3/san-host.h"
#include "ns3/san-net-device.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Base of every network interface (Hamlyn, DART, CLAN, SHRIMP, SCI): what is not
 * specific to one interface.
 *
 * What it gives a NIC:
 * - the NetDevice plumbing (SanNetDevice); GetChannel() is the fabric port's channel;
 * - attachment: Attach(host, port) connects the device to a SanHost (its HostCpu, I/O
 *   HostBus and HostMemory, reached only through their public calls) and to the fabric
 *   through a SanFabricPort; packets arrive through ReceiveFromFabric() and, once a NIC calls
 *   ListenForHeads(true), HeadFromFabric();
 * - a host DMA engine over the I/O bus (GetDmaEngine());
 * - the drop convention: a NIC names its drop reasons once (SetDropReasons), then every
 *   refused packet goes through Drop(), which counts it per reason, logs it, and fires the
 *   "Drop" trace with the packet, the reason and the source host, so generic tools (the
 *   protection fuzz harness, drop statistics) work on any NIC;
 * - the "Stage" trace for timing breakdowns (Stage());
 * - teardown in any order: Simulator::Destroy disposes a node's devices and the objects
 *   aggregated to the node (its SanHost, and libraries such as Rats, SCILAN or the SHRIMP
 *   daemon) in an order that depends on how often each was looked up. Once the device is
 *   disposed, IsAttached() is false again and GetHost() null; once the host is, its parts
 *   are null. A context or library that forgets its callbacks in its own DoDispose checks
 *   IsAttached() before it asks the device anything, and forgets a memory snooper through
 *   ClearWriteSnoop(), which is safe whatever was disposed first.
 *
 * What a NIC provides: its attributes and tables, NotifyAttached() to build host-side state,
 * ReceiveFromFabric() (and HeadFromFabric() for cut-through receivers), and its own user-level
 * API (a per-process context), since these interfaces are not driven through NetDevice::Send.
 */
class SanNicDevice : public SanNetDevice
{
  public:
    /**
     * TracedCallback signature for drops.
     * \param [in] packet the refused packet (null if there was none to speak of)
     * \param [in] reason the NIC's reason code (see GetDropReasonName)
     * \param [in] srcHost fabric host that sent it
     */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, uint32_t reason, uint32_t srcHost);

    /**
     * TracedCallback signature for timed stages.
     * \param [in] stage stage name (each NIC documents its own)
     * \param [in] start when the stage began (or was ready to, so queueing counts)
     * \param [in] end when it ended
     */
    typedef void (*StageTracedCallback)(const std::string& stage, Time start, Time end);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanNicDevice();
    ~SanNicDevice() override;

    /**
     * \brief Connect the device to its host and to the fabric. Aborts if \p port is not a
     * SanFabricPort, or if the device is attached already.
     * \param host the host (SanHostHelper made it)
     * \param port the host's fabric port device (a SanEndpointDevice)
     */
    void Attach(Ptr<SanHost> host, Ptr<NetDevice> port);
    /// \return true once Attach() has run, until the device is disposed
    bool IsAttached() const;

    /// \return the host (null before Attach and once the device is disposed)
    Ptr<SanHost> GetHost() const;
    /// \return the host's CPU
    Ptr<HostCpu> GetCpu() const;
    /// \return the host's I/O bus
    Ptr<HostBus> GetIoBus() const;
    /// \return the host's memory
    Ptr<HostMemory> GetMemory() const;
    /// \return the fabric port (null before Attach)
    SanFabricPort* GetFabricPort() const;
    /// \return this host's number in the fabric
    uint32_t GetHostNumber() const;
    /// \return the host DMA engine (the card's first bus master)
    Ptr<SanDmaEngine> GetDmaEngine() const;

    /**
     * \brief Remove the write snooper of the host memory region that holds \p addr
     * (HostMemory::SetWriteSnoop with a null callback). Safe at any time: it does nothing
     * once this device, its host or the host's memory has been disposed (see the class).
     * \param addr an address inside the region
     */
    void ClearWriteSnoop(uint64_t addr);

    /// \param reason a reason code \return its name
    std::string GetDropReasonName(uint32_t reason) const;
    /// \return the number of reason codes
    uint32_t GetNDropReasons() const;
    /// \param reason a reason code \return packets dropped for it
    uint64_t GetNDropped(uint32_t reason) const;
    /// \return packets dropped, all reasons
    uint64_t GetNDropped() const;

    // NetDevice
    Ptr<Channel> GetChannel() const override;
    bool IsLinkUp() const override;
    /// These interfaces are driven through their user-level API: plain Send() is refused.
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;

  protected:
    /**
     * \brief Give the card another host DMA engine, for a card with several independent bus
     * masters (each queues its own transfers). Call from the constructor; the engine gets the
     * host's bus on Attach and is disposed with the device.
     * \param busClass the bus priority class of its transfers
     * \return the engine
     */
    Ptr<SanDmaEngine> AddDmaEngine(uint32_t busClass = 0);

    void DoDispose() override;

    /// \brief Called at the end of Attach(): build host-side state (queues, regions).
    virtual void NotifyAttached();
    /**
     * \brief For the setter of an attribute that sizes what Attach() builds: once attached,
     * stop with a message saying so (Config::Set after Install would otherwise be ignored, or
     * leave tables of the old size read with the new one).
     * \param attribute the attribute's name
     * \param builds what it sizes (e.g. "the connection table")
     */
    void RefuseAfterAttach(const std::string& attribute, const std::string& builds) const;
    /**
     * \brief A whole packet arrived from the fabric.
     * \param packet the packet (may be null if the fabric carried none)
     * \param srcHost its source host
     */
    virtual void ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost) = 0;
    /**
     * \brief A packet's head arrived (only after ListenForHeads(true)); the whole packet still
     * arrives through ReceiveFromFabric() afterwards.
     * \param packet the packet
     * \param srcHost its source host
     * \param tailArrival when its tail will be on the card
     */
    virtual void HeadFromFabric(Ptr<const Packet> packet, uint32_t srcHost, Time tailArrival);

    /// \param listen ask the port for head arrivals (costs an event per packet while on)
    void ListenForHeads(bool listen);
    /// \return true while listening for heads
    bool IsListeningForHeads() const;

    /// \param names one name per reason code, in code order
    void SetDropReasons(const std::vector<std::string>& names);
    /**
     * \brief Count, log and trace a refused packet; nothing of it may have been written.
     * \param reason the reason code
     * \param packet the packet (may be null)
     * \param srcHost its source host
     */
    void Drop(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost);
    /// \param stage name \param start start \param end end (fires "Stage" if connected)
    void Stage(const char* stage, Time start, Time end);

  private:
    /// Port callbacks.
    void PortArrival(Ptr<const Packet> packet, uint32_t srcHost);
    /// \copydoc HeadFromFabric
    void PortHead(Ptr<const Packet> packet, uint32_t srcHost, Time tailArrival);

    Ptr<SanHost> m_host;                      //!< host
    Ptr<NetDevice> m_portDevice;              //!< fabric port device
    SanFabricPort* m_port{nullptr};           //!< its port interface
    Ptr<SanDmaEngine> m_dma;                  //!< host DMA engine
    std::vector<Ptr<SanDmaEngine>> m_moreDma; //!< other bus masters
    bool m_heads{false};                      //!< listening for heads
    const std::vector<std::string>* m_dropNames{
        nullptr};                  //!< reason names (shared, see SetDropReasons)
    std::vector<uint64_t> m_drops; //!< drops per reason
    TracedCallback<Ptr<const Packet>, uint32_t, uint32_t> m_dropTrace; //!< drops
    TracedCallback<const std::string&, Time, Time> m_stageTrace;       //!< stages
};

} // namespace ns3

#endif /* SAN_NIC_DEVICE_H */
