/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_LAZY_TRACE_ACCESSOR_H
#define SAN_LAZY_TRACE_ACCESSOR_H

#include "ns3/ptr.h"
#include "ns3/trace-source-accessor.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief A trace source that lives outside the object until someone connects to it: the accessor
 * asks the object for it (which makes it), then connects as ns-3's own accessor would.
 * \tparam TC the TracedCallback type
 */
template <typename TC>
class SanLazyTraceAccessor : public TraceSourceAccessor
{
  public:
    /// \param get returns an object's source (made on first use), nullptr if it has none
    explicit SanLazyTraceAccessor(TC* (*get)(ObjectBase*))
        : m_get(get)
    {
    }

    bool ConnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const override
    {
        return On(obj, [&cb](TC& source) { source.ConnectWithoutContext(cb); });
    }

    bool Connect(ObjectBase* obj, std::string context, const CallbackBase& cb) const override
    {
        return On(obj, [&](TC& source) { source.Connect(cb, context); });
    }

    bool DisconnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const override
    {
        return On(obj, [&cb](TC& source) { source.DisconnectWithoutContext(cb); });
    }

    bool Disconnect(ObjectBase* obj, std::string context, const CallbackBase& cb) const override
    {
        return On(obj, [&](TC& source) { source.Disconnect(cb, context); });
    }

  private:
    /// \param obj an object \param act what to do with its source
    /// \return false if the object has no such source
    template <typename ACT>
    bool On(ObjectBase* obj, ACT act) const
    {
        TC* source = m_get(obj);
        if (source == nullptr)
        {
            return false;
        }
        act(*source);
        return true;
    }

    TC* (*m_get)(ObjectBase*); //!< finds (or makes) an object's source
};

/// \param get returns an object's source \return an accessor for AddTraceSource
template <typename TC>
Ptr<const TraceSourceAccessor>
MakeSanLazyTraceAccessor(TC* (*get)(ObjectBase*))
{
    return Ptr<const TraceSourceAccessor>(new SanLazyTraceAccessor<TC>(get), false);
}

} // namespace ns3

#endif /* SAN_LAZY_TRACE_ACCESSOR_H */
