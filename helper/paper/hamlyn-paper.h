/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_PAPER_H
#define HAMLYN_PAPER_H

#include "san-paper.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Buzzard et al. 1995 (Hamlyn) reproduced on a simulated Myrinet crossbar of HP J200s:
 * Tables 1-5, the Rats end-to-end figures, bandwidths, the DMA break-even and the hardware state
 * machine, and the latency and bandwidth sweeps. Its experiments are HamlynPaperExperiments's
 * (helper/paper/); examples/hamlyn-paper runs it.
 */
class HamlynPaper : public SanPaper
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    std::string GetTitle() const override;
    std::vector<Experiment> GetExperiments() const override;
    void WriteFigures(const std::string& prefix) const override;
    /// Picoseconds before any Time exists: the link's 12.5 ns per byte and the cycle
    /// fractions of the switch's propagation are then exact.
    void Prepare() const override;
};

} // namespace ns3

#endif /* HAMLYN_PAPER_H */
