/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_CONTEXT_H
#define DART_CONTEXT_H

#include "dart-connection-table.h"
#include "dart-endpoint-table.h"
#include "dart-operation.h"

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/san-event-queue.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class DartNetDevice;

/**
 * \ingroup san
 * \brief A process's view of DART: its endpoint (a contiguous region of its virtual memory),
 * the Send Registers of its connections, and the memory the interface deposits into.
 *
 * Offsets are from the endpoint's base, as in DART's messages. Write() and Read() are the
 * process's own loads and stores to its memory (no interface involved; the caller charges its
 * CPU time if it matters). WaitForDeposit() is a process polling its memory for a deposit: it
 * resumes when the interface has written a byte of the range (a spinning process notices a
 * change of a cached line at once; the poll loop's CPU time is not charged, since the model's
 * CPU is not preemptive and the software DART's receive interrupt must run meanwhile).
 */
class DartContext : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DartContext();
    ~DartContext() override;

    /**
     * \brief DartNetDevice::OpenEndpoint calls it.
     * \param device the interface
     * \param index the endpoint's index in the Endpoint Table
     * \param endpoint the endpoint (its bound and page frames, fixed once opened)
     */
    void Setup(Ptr<DartNetDevice> device, uint32_t index, const DartEndpoint& endpoint);
    /// \return the endpoint's index in the Endpoint Table
    uint32_t GetEndpoint() const;
    /// \return the endpoint's size in bytes
    uint64_t GetSize() const;
    /// \return the endpoint's first virtual address
    uint64_t GetVirtualBase() const;

    /// \param offset where \param data bytes \param len how many (aborts outside the endpoint)
    void Write(uint64_t offset, const uint8_t* data, uint64_t len);
    /// \param offset where \param out bytes \param len how many (aborts outside the endpoint)
    void Read(uint64_t offset, uint8_t* out, uint64_t len) const;
    /// \param offset where (4-byte word, host order) \param value the word
    void WriteWord(uint64_t offset, uint32_t value);
    /// \param offset where \return the 4-byte word there
    uint32_t ReadWord(uint64_t offset) const;

    /**
     * \brief Send a message (DartNetDevice::Send).
     * \param vci the connection
     * \param ctl the control information
     * \param offset the data's offset in this endpoint
     * \param size bytes of data
     * \param issued called when the process may go on
     */
    void Send(uint16_t vci,
              const DartControl& ctl,
              uint32_t offset,
              uint32_t size,
              Callback<void> issued = Callback<void>());

    /**
     * \brief Poll until the interface deposits into [offset, offset + len). Unlike the
     * other interfaces' spinning waits, this poll neither holds nor charges the CPU (see the
     * class comment: the software DART's receive interrupt must run meanwhile), so a process
     * may wait before or after its own sends; it resumes as soon as the deposit lands.
     * \param offset first byte watched
     * \param len bytes watched (> 0)
     * \param resumed called when a write touches the range (the interface's deposit, or a
     *        store by a process of this host), one step after it
     */
    void WaitForDeposit(uint64_t offset, uint64_t len, Callback<void> resumed);

    // What the process (and the kernel on its behalf) may do with the interface's tables and
    // queues, as memory-mapped registers and host-memory rings.

    /// \param vci a connection of this interface \return its entry (aborts if there is none)
    const DartConnection& GetConnection(uint16_t vci) const;
    /// \return the register file's size
    uint32_t GetNRegisters() const;
    /// \param reg absolute register number \param value a store into the register file
    void SetRegister(uint32_t reg, uint32_t value);
    /// \param reg absolute register number \return its value
    uint32_t GetRegister(uint32_t reg) const;
    /**
     * \brief Create an action queue in host memory (DartNetDevice::CreateActionQueue).
     * \param immediate true: every action interrupts the host; false: delayable
     * \param entries ring entries (0: the interface's "ActionQueueEntries")
     * \return its index
     */
    uint32_t CreateActionQueue(bool immediate, uint32_t entries = 0);
    /// \param queue an action queue \return its ring (the process pops entries from it)
    Ptr<SanEventQueue> GetActionQueue(uint32_t queue) const;
    /// \param queue an immediate queue \param handler run for each action posted to it
    void SetActionHandler(uint32_t queue, Callback<void> handler);

  protected:
    void DoDispose() override;

  private:
    friend class DartNetDevice; // Connect() wires two contexts' interfaces before the run

    /// \param offset where \param len bytes \return true if inside the endpoint
    bool InBounds(uint64_t offset, uint64_t len) const;

    Ptr<DartNetDevice> m_device; //!< interface
    uint32_t m_endpoint{0};      //!< endpoint index
    DartEndpoint m_entry;        //!< the endpoint: bound and page frames
};

} // namespace ns3

#endif /* DART_CONTEXT_H */
