/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-type-check.h"

#include "ns3/abort.h"

namespace ns3
{

TypeId
SanCheckTypeId(const std::string& name, TypeId base, const std::string& who)
{
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(name, &tid),
                    who << ": no TypeId named '" << name << "' (expected a subclass of "
                        << base.GetName() << ")");
    NS_ABORT_MSG_IF(!tid.IsChildOf(base) && tid != base,
                    who << ": '" << name << "' is not a " << base.GetName());
    return tid;
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
