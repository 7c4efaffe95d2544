/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_HOST_H
#define SAN_HOST_H

#include "host-bus.h"
#include "host-cpu.h"
#include "host-memory-system.h"
#include "host-memory.h"

#include "ns3/node.h"
#include "ns3/object.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A host: the processor, the I/O bus that devices sit on, and the memory, aggregated to
 * an ns-3 Node (SanHostHelper creates it from a SanHostPreset).
 *
 * Every network interface on the node reaches the host through this object's parts, so two
 * interfaces installed on one host share its CPU, bus and memory.
 */
class SanHost : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanHost();
    ~SanHost() override;

    /**
     * \brief Give the host its parts (once).
     * \param cpu the processor
     * \param ioBus the I/O bus devices sit on
     * \param memory the host memory
     */
    void Setup(Ptr<HostCpu> cpu, Ptr<HostBus> ioBus, Ptr<HostMemory> memory);

    /// \return the processor
    Ptr<HostCpu> GetCpu() const;
    /// \return the I/O bus
    Ptr<HostBus> GetIoBus() const;
    /// \return the memory
    Ptr<HostMemory> GetMemory() const;
    /// \return the system bus and processor copy loops (null: the preset does not model them)
    Ptr<HostMemorySystem> GetMemorySystem() const;
    /// \param system the memory system (before the first use of the host)
    void SetMemorySystem(Ptr<HostMemorySystem> system);
    /// \return the name of the preset it was made from ("" if built by hand)
    std::string GetPresetName() const;
    /// \param name the preset's name
    void SetPresetName(const std::string& name);

    /**
     * \param node a node
     * \return its host; aborts with a clear message if the node has none (install hosts with
     * SanHostHelper first)
     */
    static Ptr<SanHost> Of(Ptr<Node> node);

  protected:
    void DoDispose() override;

  private:
    Ptr<HostCpu> m_cpu;                   //!< processor
    Ptr<HostBus> m_ioBus;                 //!< I/O bus
    Ptr<HostMemory> m_memory;             //!< memory
    Ptr<HostMemorySystem> m_memorySystem; //!< system bus (optional)
    std::string m_preset;                 //!< preset name
};

} // namespace ns3

#endif /* SAN_HOST_H */
