/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TYPE_CHECK_H
#define SAN_TYPE_CHECK_H

#include "ns3/attribute.h"
#include "ns3/object.h"
#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Look a TypeId up by name and check that it derives from \p base and can be made (has a
 * constructor: not an abstract base); aborts with a message
 * naming \p who, the bad name and the expected base otherwise. (Debian's release build of ns-3
 * does not check names itself: an unknown one would crash later, far from its cause.)
 * \param name the TypeId name given by a user
 * \param base the class it must derive from
 * \param who the call that was given the name, for the message
 * \return the TypeId
 */
TypeId SanCheckTypeId(const std::string& name, TypeId base, const std::string& who);

/**
 * \ingroup san
 * \brief As SanCheckTypeId, without aborting.
 * \param name the TypeId name given by a user
 * \param base the class it must derive from
 * \param who the call or option that was given the name, for the message
 * \return "" if name is a TypeId deriving from base that can be made, else the message
 * SanCheckTypeId aborts with
 */
std::string SanTypeIdError(const std::string& name, TypeId base, const std::string& who);

/**
 * \ingroup san
 * \brief Attribute settings kept by a helper and applied to objects it configures after
 * creating them (ObjectFactory cannot re-apply its settings to an existing object).
 */
class SanAttributeList
{
  public:
    /// \param name attribute \param value value (copied)
    void Set(const std::string& name, const AttributeValue& value);
    /// \param object apply every setting, in the order given (aborts on an unknown name)
    void ApplyTo(Ptr<Object> object) const;
    /// \return "name=value" strings, for provenance records
    std::vector<std::string> Describe() const;

  private:
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_settings; //!< in order
};

} // namespace ns3

#endif /* SAN_TYPE_CHECK_H */
