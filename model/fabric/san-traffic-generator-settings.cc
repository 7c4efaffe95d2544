/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanTrafficGenerator's settings: the records that generators set the same way share, and the
// table through which a changed copy finds the equal record, if there is one.

#include "san-traffic-generator.h"

#include <functional>
#include <unordered_set>

namespace ns3
{

/// The shared records, found by what they hold.
struct SanTrafficGenerator::Settings::Table
{
    /// Hashes a record by what operator== compares.
    struct HashOf
    {
        size_t operator()(const Settings* s) const
        {
            return s->Hash();
        }
    };

    /// Compares records, not pointers.
    struct Same
    {
        bool operator()(const Settings* a, const Settings* b) const
        {
            return *a == *b;
        }
    };

    std::unordered_set<Settings*, HashOf, Same> records; //!< every shared record
};

SanTrafficGenerator::Settings::Table&
SanTrafficGenerator::Settings::GetTable()
{
    static auto* table = new Table; // never destroyed: a generator may outlive statics
    return *table;
}

bool
SanTrafficGenerator::Settings::operator==(const Settings& o) const
{
    const bool sameSizes =
        sizeDist == o.sizeDist ||
        (sizeDist != nullptr && o.sizeDist != nullptr && sizeDist->text == o.sizeDist->text);
    return pattern == o.pattern && load == o.load && packetSize == o.packetSize &&
           hotSpotHost == o.hotSpotHost && hotSpotFraction == o.hotSpotFraction &&
           measureStart == o.measureStart && measureStop == o.measureStop &&
           maxSourceQueue == o.maxSourceQueue && radix == o.radix && groupSize == o.groupSize &&
           trackOrder == o.trackOrder && sameSizes && stats == o.stats && nHosts == o.nHosts &&
           packetTimeSteps == o.packetTimeSteps;
}

size_t
SanTrafficGenerator::Settings::Hash() const
{
    size_t h = 0;
    auto mix = [&h](size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    mix(std::hash<int>()(pattern));
    mix(std::hash<double>()(load));
    mix(std::hash<uint32_t>()(packetSize));
    mix(std::hash<uint32_t>()(hotSpotHost));
    mix(std::hash<double>()(hotSpotFraction));
    mix(std::hash<int64_t>()(measureStart.GetTimeStep()));
    mix(std::hash<int64_t>()(measureStop.GetTimeStep()));
    mix(std::hash<uint32_t>()(maxSourceQueue));
    mix(std::hash<uint32_t>()(radix));
    mix(std::hash<uint32_t>()(groupSize));
    mix(std::hash<bool>()(trackOrder));
    mix(std::hash<std::string>()(sizeDist != nullptr ? sizeDist->text : std::string()));
    mix(std::hash<const void*>()(stats.get()));
    mix(std::hash<uint32_t>()(nHosts));
    mix(std::hash<int64_t>()(packetTimeSteps));
    return h;
}

Ptr<SanTrafficGenerator::Settings>
SanTrafficGenerator::Settings::Intern(const Settings& s)
{
    auto& table = GetTable().records;
    auto it = table.find(const_cast<Settings*>(&s));
    if (it != table.end())
    {
        return Ptr<Settings>(*it); // one more reference
    }
    auto* made = new Settings(s); // a copy's count starts at one: this Ptr's
    table.insert(made);
    return Ptr<Settings>(made, false);
}

uint64_t
SanTrafficGenerator::GetSharedSettingsCount()
{
    return Settings::GetTable().records.size();
}

void
SanTrafficGenerator::SettingsDeleter::Delete(Settings* s)
{
    Settings::GetTable().records.erase(s);
    delete s;
}

} // namespace ns3
