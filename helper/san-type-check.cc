/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-type-check.h"

#include "ns3/abort.h"

namespace ns3
{

std::string
SanTypeIdError(const std::string& name, TypeId base, const std::string& who)
{
    // Names are short: never echo more than a few dozen characters of input.
    const std::string shown = name.size() <= 60 ? name : name.substr(0, 60) + "...";
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(name, &tid))
    {
        return who + ": no TypeId named '" + shown + "' (expected a subclass of " + base.GetName() +
               ")";
    }
    if (!tid.IsChildOf(base) && tid != base)
    {
        return who + ": '" + shown + "' is not a " + base.GetName();
    }
    if (!tid.HasConstructor())
    {
        return who + ": '" + shown + "' cannot be made (an abstract " + base.GetName() +
               "; name one of its subclasses)";
    }
    return "";
}

TypeId
SanCheckTypeId(const std::string& name, TypeId base, const std::string& who)
{
    const std::string error = SanTypeIdError(name, base, who);
    NS_ABORT_MSG_IF(!error.empty(), error);
    return TypeId::LookupByName(name);
}

void
SanAttributeList::Set(const std::string& name, const AttributeValue& value)
{
    m_settings.emplace_back(name, value.Copy());
}

void
SanAttributeList::ApplyTo(Ptr<Object> object) const
{
    for (const auto& s : m_settings)
    {
        struct TypeId::AttributeInformation info;
        NS_ABORT_MSG_IF(!object->GetInstanceTypeId().LookupAttributeByName(s.first, &info),
                        "no attribute '" << s.first << "' in "
                                         << object->GetInstanceTypeId().GetName());
        object->SetAttribute(s.first, *s.second);
    }
}

std::vector<std::string>
SanAttributeList::Describe() const
{
    std::vector<std::string> out;
    for (const auto& s : m_settings)
    {
        out.push_back(s.first + "=" + s.second->SerializeToString(nullptr));
    }
    return out;
}

} // namespace ns3
