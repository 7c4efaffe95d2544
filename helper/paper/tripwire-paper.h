/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRIPWIRE_PAPER_H
#define TRIPWIRE_PAPER_H

#include "san-paper.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Riddoch et al. 1999 (CLAN with Tripwires) reproduced on 530 MHz Alphas with CLAN NICs:
 * shared memory, the server benchmarks, streaming, Table 1's Ethernet rows, and Figures 7-10
 * and 12. Its experiments are TripwirePaperExperiments's (helper/paper/); examples/tripwire-paper
 * runs it.
 */
class TripwirePaper : public SanPaper
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

#endif /* TRIPWIRE_PAPER_H */
