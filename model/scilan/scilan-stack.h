/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_STACK_H
#define SCILAN_STACK_H

#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/sci-context.h"
#include "ns3/sci-ring.h"
#include "ns3/socket.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The cluster's names: which private IP address (192.168.0.0/16, RFC 1597) is which
 * SCI node, and where that node's SCILAN port directory is (Ryan and Bryhni 1998, section 3.3:
 * "DNS is used to administer SCI node IDs"). Shared by every host's ScilanStack.
 */
class ScilanCluster : public SimpleRefCount<ScilanCluster>
{
  public:
    /// A host's entry.
    struct Entry
    {
        uint16_t node;      //!< SCI node id
        uint64_t directory; //!< SCI address of its port directory
    };

    /// \param address a cluster address \param entry where it is
    void Add(Ipv4Address address, const Entry& entry);
    /// \param address an address \param entry filled if found \return true if found
    bool Find(Ipv4Address address, Entry& entry) const;
    /// \param address an address \return true if in 192.168.0.0/16
    static bool IsClusterAddress(Ipv4Address address);

  private:
    std::map<uint32_t, Entry> m_hosts; //!< by address
};

/**
 * \ingroup san
 * \brief SCILAN on one host: the socket library's settings and costs, the host's port
 * directory (where connecting transmitters find a listening socket's receiver), and the
 * factory's socket creation (Ryan and Bryhni 1998, section 3).
 *
 * The directory is a small table in an exported segment: a connecting socket reads its
 * entries with remote loads (connection set-up is off the data path).
 */
class ScilanStack : public Object
{
  public:
    /// Directory slots (each a listening port).
    static constexpr uint32_t DIRECTORY_SLOTS = 1024;
    /// Bytes of a directory slot.
    static constexpr uint32_t SLOT_BYTES = 32;
    /// Bytes of a connection request in a listening socket's ring.
    static constexpr uint32_t REQUEST_BYTES = 32;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ScilanStack();
    ~ScilanStack() override;

    /**
     * \brief Set up on a host (ScilanHelper does it).
     * \param node the host
     * \param nic its SCI adapter (the stack opens its process's SciContext on it)
     * \param address its cluster address
     * \param cluster the cluster's names (the host is added)
     */
    void Setup(Ptr<Node> node,
               Ptr<SciNetDevice> nic,
               Ipv4Address address,
               Ptr<ScilanCluster> cluster);

    /// \return a new SCILAN stream socket
    Ptr<Socket> CreateSocket();
    /// \return a new SCILAN datagram socket
    Ptr<Socket> CreateDatagramSocket();

    /// \return the host
    Ptr<Node> GetNode() const;
    /// \return the process's view of the adapter (all the library's SCI access goes through it)
    Ptr<SciContext> GetContext() const;
    /// \return its cluster address
    Ipv4Address GetAddress() const;
    /// \return the cluster's names
    Ptr<ScilanCluster> GetCluster() const;

    /// \return receiver ring bytes
    uint32_t GetRingBytes() const;
    /// \return bytes sent between error checks
    uint32_t GetMtu() const;
    /// \return true if receivers poll before sleeping
    bool IsPolling() const;
    /// \return how long a receiver polls (zero when not polling)
    Time GetPollTime() const;
    /// \return false for Figure 8's "nocopy" variant (recv consumes without copying)
    bool HasReceiverCopy() const;
    /// \return instructions of one send() call
    double GetSendInstructions() const;
    /// \return instructions of one recv() call
    double GetRecvInstructions() const;
    /// \return instructions of one error check
    double GetCheckInstructions() const;
    /// \return instructions to connect or accept
    double GetSetupInstructions() const;
    /// \return wait before trying a held lock again
    Time GetLockRetryDelay() const;

    /**
     * \brief Enter a listening socket in the directory (aborts if the port is taken or the
     * table is full).
     * \param port the port
     * \param receiver its receiver
     * \param lockFlag the disabled flag that serializes its connecting transmitters
     */
    void Register(uint16_t port, const SciRingAddress& receiver, uint32_t lockFlag);
    /// \param port a listening port to remove
    void Unregister(uint16_t port);
    /// \return a free ephemeral port
    uint16_t AllocatePort();
    /// \param port a port \return true if a socket of this host is bound to it
    bool IsPortUsed(uint16_t port) const;
    /// \param port a port to mark used
    void UsePort(uint16_t port);
    /// \param port a port to free
    void FreePort(uint16_t port);

    /**
     * \param node another host's node id
     * \param directory the SCI address of its directory
     * \return the bus address of this adapter's mapping of it (made once)
     */
    uint64_t MapDirectory(uint16_t node, uint64_t directory);

  protected:
    void DoDispose() override;

  private:
    Ptr<Node> m_node;                             //!< host
    Ptr<SciContext> m_ctx;                        //!< the library's view of the adapter
    Ipv4Address m_address;                        //!< cluster address
    Ptr<ScilanCluster> m_cluster;                 //!< names
    uint64_t m_directory{0};                      //!< host address of the directory
    std::map<uint16_t, uint32_t> m_slots;         //!< listening port -> slot
    std::map<uint16_t, bool> m_ports;             //!< ports in use
    uint16_t m_nextPort{49152};                   //!< next ephemeral port to try
    std::map<uint16_t, uint64_t> m_directoryMaps; //!< node -> mapping of its directory
    std::vector<Ptr<Socket>> m_sockets;           //!< disposed with the stack (as ns-3's L4s)

    uint32_t m_ringBytes; //!< attribute
    uint32_t m_mtu;       //!< attribute
    bool m_polling;       //!< attribute
    bool m_receiverCopy;  //!< attribute
    Time m_pollTime;      //!< attribute
    double m_sendInstr;   //!< attribute
    double m_recvInstr;   //!< attribute
    double m_checkInstr;  //!< attribute
    double m_setupInstr;  //!< attribute
    Time m_lockRetry;     //!< attribute
};

} // namespace ns3

#endif /* SCILAN_STACK_H */
