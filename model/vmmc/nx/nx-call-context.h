/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_CALL_CONTEXT_H
#define NX_CALL_CONTEXT_H

#include <functional>

namespace ns3
{

/**
 * \ingroup san
 * \brief What an NX protocol part (NxSender, NxReceiver, NxZeroCopy) may ask of the process
 * whose call it runs: to wait in the process's poll loop, and to return from the call. The
 * process (NxProcess) runs one call at a time and owns that loop; the parts own the protocol
 * state.
 */
class NxCallContext
{
  public:
    virtual ~NxCallContext() = default;

    /**
     * \brief Spin on the process's incoming pages until \p ready holds, doing the library's
     * background work (buffer requests, early-returned zero-copy sends) meanwhile.
     * \param ready what the call waits for
     * \param then what follows
     */
    virtual void Wait(std::function<bool()> ready, std::function<void()> then) = 0;

    /**
     * \brief The current call returns: \p user (the caller's continuation) runs, then the
     * next call starts.
     * \param user the caller's continuation
     */
    virtual void Finish(std::function<void()> user) = 0;
};

} // namespace ns3

#endif /* NX_CALL_CONTEXT_H */
