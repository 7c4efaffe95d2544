/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-duration-memo.h"

#include <map>
#include <memory>
#include <tuple>

namespace ns3
{

SanDurationMemo::Table*
SanDurationMemo::Find(double perCount, double rate)
{
    // A handful of (CPI, clock) pairs in a process: a map, looked up when an object's changes.
    using Key = std::tuple<int, double, double>;
    static std::map<Key, std::unique_ptr<Table>> tables;
    const Key key{static_cast<int>(Time::GetResolution()), perCount, rate};
    auto it = tables.find(key);
    if (it == tables.end())
    {
        it = tables.emplace(key, std::make_unique<Table>(perCount, rate)).first;
    }
    return it->second.get();
}

} // namespace ns3
