/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_STACK_COSTS_H
#define HOST_STACK_COSTS_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

namespace ns3
{

class HostCpu;

/**
 * \ingroup san
 * \brief What an operating system's network stack costs its host, per event: the base of the
 * OS presets (e.g. LinuxAlphaStackCosts).
 *
 * The costs are charged around ns-3's unchanged internet stack by HostStackNetDevice (per
 * packet: protocol processing on output and input, deferred-processing dispatch, checksums)
 * and HostSocketCalls (per call: the system call and the socket layer's entry; per byte: the
 * copy between user and kernel buffers; per blocking: the scheduler's wake-up). The system
 * call's entry, the interrupt dispatch and the wake-up are the HostCpu's own ("SyscallCost",
 * "InterruptLatency", "WakeupLatency"), set by the host's preset.
 *
 * The base has no attributes: each preset declares them with its own cited defaults.
 */
class HostStackCosts : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostStackCosts();
    ~HostStackCosts() override;

    /// When a receiver's reads make it send a window update (an ACK) of its own.
    enum WindowUpdateRule
    {
        /// 4.4BSD's tcp_output: once the window's right edge would move by two segments or by
        /// half the buffer beyond the edge last advertised.
        BSD_WINDOW_UPDATE,
        /// Linux's cleanup_rbuf: once the window it can offer is at least twice the one left
        /// of what it last advertised, while that is at most half the buffer.
        LINUX_WINDOW_UPDATE,
    };

    /// \return socket-layer instructions of one send or receive call, besides the syscall
    double GetSocketCallInstructions() const;
    /// \return TCP/IP instructions per segment (or pure ACK), each way, without checksums
    double GetProtocolInstructions() const;
    /// \return instructions of one run of the deferred (bottom-half) receive processing
    double GetSoftIrqInstructions() const;
    /// \return user-kernel copy rate in bytes per second
    double GetCopyRate() const;
    /// \return Internet checksum rate in bytes per second
    double GetChecksumRate() const;
    /// \return instructions select() spends per descriptor it looks at (the socket's poll
    /// routine and the bookkeeping around it), besides the system call and the socket layer's
    /// entry (GetSocketCallInstructions)
    double GetSelectInstructionsPerSocket() const;

    /// \param bytes bytes copied \return the copy's duration
    Time CopyTime(uint64_t bytes) const;
    /// \param bytes bytes checksummed \return the checksum's duration
    Time ChecksumTime(uint64_t bytes) const;

    /**
     * \brief Set a cost by hand (tests, studies).
     * \param instructions socket-layer instructions per call (not negative)
     */
    void SetSocketCallInstructions(double instructions);
    /// \param instructions TCP/IP instructions per segment (not negative)
    void SetProtocolInstructions(double instructions);
    /// \param instructions deferred-processing instructions per run (not negative)
    void SetSoftIrqInstructions(double instructions);
    /// \param bytesPerSecond copy rate (> 0)
    void SetCopyRate(double bytesPerSecond);
    /// \param bytesPerSecond checksum rate (> 0)
    void SetChecksumRate(double bytesPerSecond);

    /// \return when the stack sends a window update after a read (HostSocketCalls)
    WindowUpdateRule GetWindowUpdateRule() const;
    /// \return the checker of the presets' "WindowUpdate" attribute ("Bsd", "Linux")
    static Ptr<const AttributeChecker> MakeWindowUpdateChecker();

    /// \return the preset's name (for the CSV's source column)
    virtual std::string GetName() const;

  protected:
    double m_socketCallInstructions{0};                 //!< per send/recv call
    double m_protocolInstructions{0};                   //!< per segment, each way
    double m_softIrqInstructions{0};                    //!< per deferred-processing run
    double m_copyRate{1e9};                             //!< bytes/s
    double m_checksumRate{1e9};                         //!< bytes/s
    double m_selectPerSocket{0};                        //!< select(): per descriptor
    WindowUpdateRule m_windowUpdate{BSD_WINDOW_UPDATE}; //!< after reads
};

} // namespace ns3

#endif /* HOST_STACK_COSTS_H */
