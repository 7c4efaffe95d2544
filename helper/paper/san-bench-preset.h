/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_BENCH_PRESET_H
#define SAN_BENCH_PRESET_H

#include "san-scenario.h"

#include "ns3/attribute.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class SanScopedDefaults;

/**
 * \ingroup san
 * \brief What a SanBenchTestbed preset changes in an interface's scenario: its hosts and fabric
 * (Equalize) and, for "modern", how fast its card's logic runs (GetCardSpeedUp).
 *
 * - "as-published": nothing (each interface's own paper's hosts and network).
 * - "same-hosts": SCILAN's PCs (PentiumNtHostPreset: a 200 MHz Pentium on the 430HX, 33 MHz PCI,
 *   Windows NT 4.0's costs: the one mid-1990s PCI PC a paper measured that the model has) on
 *   Hamlyn's Myrinet-class fabric (the fabric's defaults: 640 Mbit/s links, 500 ns wormhole
 *   switches with credits, no cable delay), one crossbar of the hosts.
 * - "modern": a current server (ModernServerHostPreset) on 100 Gbit/s links through one
 *   cut-through crossbar (see Equalize); each card's logic scaled by its host's clock ratio.
 */
class SanBenchPreset
{
  public:
    /// \return the presets' names
    static std::vector<std::string> GetNames();
    /// \param preset a name \return true if it is one of GetNames()
    static bool IsKnown(const std::string& preset);

    /**
     * \brief Make \p spec's hosts and fabric the preset's ("as-published": unchanged).
     * \param preset a name \param spec a scenario's spec \param hosts how many hosts
     */
    static void Equalize(const std::string& preset, SanScenarioSpec& spec, uint32_t hosts);
    /// A card's attribute (TypeId name, attribute name): a clock, a data rate or a time.
    using CardAttribute = std::pair<std::string, std::string>;
    /**
     * \brief Equalize, and scale the card's attributes by its speed-up under the preset
     * (GetCardSpeedUp of the spec's host before: the card's paper host) while \p scoped lives.
     * \param preset a name \param spec a scenario's spec \param hosts how many hosts
     * \param scoped where the scaled defaults are held \param card the card's attributes
     */
    static void Equalize(const std::string& preset,
                         SanScenarioSpec& spec,
                         uint32_t hosts,
                         SanScopedDefaults& scoped,
                         const std::vector<CardAttribute>& card);

    /**
     * \param preset a name
     * \param paperHost the SanHostPreset a card was built with
     * \return how much faster the card's logic runs under \p preset: 1 but for "modern", where
     * (DERIVED) a card keeps pace with its host as its designers built it: its clock, pipeline
     * and datapath scale by the modern core's clock over its paper host's
     */
    static double GetCardSpeedUp(const std::string& preset, const std::string& paperHost);

    /// \param preset a name \param published the paper's hosts \return the preset's hosts
    static std::string DescribeHosts(const std::string& preset, const std::string& published);
    /// \param preset a name \param published the paper's network \return the preset's
    static std::string DescribeFabric(const std::string& preset, const std::string& published);

    /// \param type a TypeId name \param attribute one of its attributes \return its default
    /// (aborts, naming it, if there is none)
    static Ptr<AttributeValue> GetDefault(const std::string& type, const std::string& attribute);
};

/**
 * \ingroup san
 * \brief Attribute defaults changed while one scenario is built (what a scenario's spec does not
 * carry: a card's clock, a bus's burst), and global values while a run lasts (its partitions,
 * its scheduler), each restored when this goes out of scope, the last set first.
 */
class SanScopedDefaults
{
  public:
    SanScopedDefaults() = default;
    ~SanScopedDefaults();
    SanScopedDefaults(const SanScopedDefaults&) = delete;
    SanScopedDefaults& operator=(const SanScopedDefaults&) = delete;

    /// \param type a TypeId name \param attribute its attribute \param value its default meanwhile
    void Set(const std::string& type, const std::string& attribute, const AttributeValue& value);
    /**
     * \brief Scale a clock rate (a double), a data rate or a time by \p speedUp: a rate
     * multiplied, a time divided.
     * \param type a TypeId name \param attribute its attribute \param speedUp the factor
     */
    void Scale(const std::string& type, const std::string& attribute, double speedUp);
    /// \param name a global value's name (aborts, naming it, if there is none)
    /// \param value its value meanwhile
    void SetGlobal(const std::string& name, const AttributeValue& value);

  private:
    /// What was changed, and its default or value before.
    struct Before
    {
        bool global;               //!< a global value, not an attribute's default
        std::string path;          //!< its name, or type::attribute
        Ptr<AttributeValue> value; //!< its value before
    };

    std::vector<Before> m_before; //!< in the order set
};

} // namespace ns3

#endif /* SAN_BENCH_PRESET_H */
