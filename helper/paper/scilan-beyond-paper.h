/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_BEYOND_PAPER_H
#define SCILAN_BEYOND_PAPER_H

#include "san-paper-row.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Studies the SCILAN paper did not run, on the same simulated hosts and adapters:
 * an SCI ringlet against switched SCI from 4 to 64 nodes under all-to-all socket traffic; the
 * receiver's interrupts per second with SCILAN's flags against a per-packet interrupt design
 * at the same throughput; and one listening socket with 64 connecting transmitters.
 */
class ScilanBeyondPaper
{
  public:
    /// \return the rows (experiments "beyond_ring_vs_switch", "beyond_interrupts",
    /// "beyond_listen64"), no paper values
    static std::vector<SanPaperRow> Rows();

    /// \return the all-to-all runs' cluster sizes: 4 to 64 nodes (to 16 in quick mode), doubling
    static std::vector<uint32_t> AllToAllSizes();
    /**
     * \brief Rows' all-to-all rows for one cluster (none if \p nodes is not among
     * AllToAllSizes, e.g. 64 in quick mode), so that the runs can be experiments of their own.
     * \param nodes cluster size \param ring an SCI ringlet (else one switch)
     * \return the aggregate rate and the interrupts per node per second
     */
    static std::vector<SanPaperRow> AllToAllRows(uint32_t nodes, bool ring);
    /// \return Rows' "beyond_interrupts" rows: SCILAN's flags against a per-packet design
    static std::vector<SanPaperRow> InterruptRows();
    /// \return Rows' "beyond_listen64" rows: 64 clients connect to one listener at once
    static std::vector<SanPaperRow> Listen64Rows();

    /**
     * \brief All-to-all: every node sends \p bytes to every other over its own SCILAN
     * connection, all at once.
     * \param nodes cluster size
     * \param ring an SCI ringlet (else one switch)
     * \param bytes bytes per connection
     * \param interruptsPerSecond set to the receivers' mean flag interrupts per second
     * \return aggregate MB/s (10^6 bytes) from the first send to the last byte
     */
    static double AllToAllMBps(uint32_t nodes,
                               bool ring,
                               uint32_t bytes,
                               double& interruptsPerSecond);
};

} // namespace ns3

#endif /* SCILAN_BEYOND_PAPER_H */
