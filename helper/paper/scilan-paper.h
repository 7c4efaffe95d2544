/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_PAPER_H
#define SCILAN_PAPER_H

#include "san-paper.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Ryan and Bryhni 1998 (SCILAN) reproduced on Pentium PCs with Dolphin PCI/SCI adapters:
 * copies, streams, the UltraSPARC rows, latencies, the TCP/IP baselines (Table 3, SCI/NDIS, socket
 * buffers), prices, and Figures 7-11. Its experiments are ScilanPaperExperiments's (helper/paper/);
 * examples/scilan-paper runs it.
 */
class ScilanPaper : public SanPaper
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
    /// \brief Reuse measurements asked for again (ScilanPaperExperiments::SetReuse).
    void Prepare() const override;
    void WriteFigures(const std::string& prefix) const override;
    /// \return Figures 7, 8, 9-10 and 11, and the TCP/IP curves, each its own writer
    std::vector<Figure> GetFigures() const override;
    /// \return the measurements kept for reuse (ScilanPaperExperiments::GetKept)
    std::map<std::string, double> GetKept() const override;
    /// \param kept measurements a worker made (ScilanPaperExperiments::Keep)
    void Keep(const std::map<std::string, double>& kept) const override;
};

} // namespace ns3

#endif /* SCILAN_PAPER_H */
