/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_PAPER_H
#define DART_PAPER_H

#include "san-paper.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Osborne 1994 (DART) reproduced on a simulated ATM fabric: the software DART's and the
 * projected hardware's latencies, and the latency sweep and breakdown by stage. Its experiments are
 * DartPaperExperiments's (helper/paper/); examples/dart-paper runs it.
 */
class DartPaper : public SanPaper
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

  private:
    uint32_t m_breakdownBytes; //!< message size of the breakdown by stage
};

} // namespace ns3

#endif /* DART_PAPER_H */
