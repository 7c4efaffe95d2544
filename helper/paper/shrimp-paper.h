/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_PAPER_H
#define SHRIMP_PAPER_H

#include "san-paper.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Felten et al. 1996 (SHRIMP) reproduced on DEC 560ST PCs with SHRIMP interfaces: VMMC, NX,
 * stream sockets, and Figures 3-8. Its experiments are ShrimpPaperExperiments's (helper/paper/);
 * examples/shrimp-paper runs it.
 */
class ShrimpPaper : public SanPaper
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
};

} // namespace ns3

#endif /* SHRIMP_PAPER_H */
