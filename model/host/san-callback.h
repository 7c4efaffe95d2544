/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_CALLBACK_H
#define SAN_CALLBACK_H

#include "ns3/callback.h"
#include "ns3/ptr.h"

#include <functional>
#include <utility>

namespace ns3
{

/**
 * \ingroup san
 * \brief A Callback's implementation that holds a function object and nothing else.
 *
 * ns-3's Callback made from a lambda allocates four times: the function, a comparison component
 * holding a second copy of it (shared), the list of components, and the implementation, which
 * wraps the function once more. The model makes a callback for most steps it takes (a
 * completion, a reply), so that was most of its allocations. This one is the implementation
 * alone (and the function object, when it does not fit in std::function's own storage). Two of
 * them are equal only if they are the same one, as two lambda callbacks are in ns-3 unless
 * copied from one another.
 */
template <typename R, typename... Args>
class SanCallbackImpl : public CallbackImpl<R, Args...>
{
  public:
    /// \param f the function object
    explicit SanCallbackImpl(std::function<R(Args...)>&& f)
        : CallbackImpl<R, Args...>(std::move(f), CallbackComponentVector())
    {
    }

    /// \param other another implementation \return true if it is this one
    bool IsEqual(Ptr<const CallbackImplBase> other) const override
    {
        return PeekPointer(other) == this;
    }
};

/**
 * \ingroup san
 * \brief Make a Callback of a function object (a lambda) with one allocation, two when it does
 * not fit in std::function's own storage (SanCallbackImpl); use it as Callback<R, Args...>'s
 * constructor: MakeSanCallback<void, uint32_t>([this](uint32_t id) { ... }).
 * \tparam R the callback's return type \tparam Args its argument types
 * \param f the function object
 * \return the callback
 */
template <typename R, typename... Args, typename F>
Callback<R, Args...>
MakeSanCallback(F&& f)
{
    Ptr<CallbackImpl<R, Args...>> impl =
        Create<SanCallbackImpl<R, Args...>>(std::function<R(Args...)>(std::forward<F>(f)));
    return Callback<R, Args...>(impl);
}

/**
 * \ingroup san
 * \brief The Callback type of a member function and how MakeSanCallback<Method> binds it.
 * \tparam M the member function's type
 */
template <typename M>
struct SanMethodCallback;

/// \copydoc SanMethodCallback
template <typename R, typename C, typename... Args>
struct SanMethodCallback<R (C::*)(Args...)>
{
    using Type = Callback<R, Args...>; //!< the callback's type

    /// \tparam Method the member function \param obj its object (a pointer or a Ptr)
    /// \return the callback
    template <R (C::*Method)(Args...), typename Obj>
    static Type Bind(Obj obj)
    {
        return MakeSanCallback<R, Args...>(
            [obj](Args... args) -> R { return ((*obj).*Method)(args...); });
    }
};

/**
 * \ingroup san
 * \brief Make a Callback of a member function and its object with one allocation:
 * MakeSanCallback<&HostCpuWait::Resume>(Ptr<HostCpuWait>(this)), for ns-3's
 * MakeCallback(&HostCpuWait::Resume, Ptr<HostCpuWait>(this)), which allocates five times. The
 * member function is a template argument, so only the object is held (in std::function's own
 * storage). Unlike ns-3's, two made alike are not equal: use ns-3's for a callback that is
 * disconnected from a trace by a new one made alike.
 * \tparam Method the member function \tparam Obj a pointer or a Ptr to its object
 * \param obj the object
 * \return the callback
 */
template <auto Method, typename Obj>
typename SanMethodCallback<decltype(Method)>::Type
MakeSanCallback(Obj obj)
{
    return SanMethodCallback<decltype(Method)>::template Bind<Method>(std::move(obj));
}

} // namespace ns3

#endif /* SAN_CALLBACK_H */
