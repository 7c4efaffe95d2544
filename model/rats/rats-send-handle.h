/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_SEND_HANDLE_H
#define RATS_SEND_HANDLE_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The handle sendmsg (and the protocols' send calls and the stream's flush) return:
 * "Possible status values are error (and an error code), pending, copied, and sent"
 * (Hamlyn 1995, section 3.2).
 *
 * - PENDING: not yet on the terminus' work queue (sendmsg's code is still running, or the
 *   queue is full and the sender spins), or a DMA send whose data the interface has not yet
 *   read: the buffer must not be touched.
 * - COPIED: the data have been copied (pushed by direct I/O, or coalesced into a stream's
 *   buffer): the caller's buffer may be reused, but transmission is not guaranteed yet.
 * - SENT: the message's last packet has left the interface.
 * - ERROR: refused; GetError() says why.
 */
class RatsSendHandle : public SimpleRefCount<RatsSendHandle>
{
  public:
    /// Status of a send.
    enum Status : uint8_t
    {
        PENDING, //!< not yet copied or sent
        COPIED,  //!< data copied, caller's buffer free
        SENT,    //!< last packet has left the interface
        ERROR,   //!< refused
    };

    /// Error codes.
    enum Error : uint8_t
    {
        NONE,           //!< no error
        TOO_LONG,       //!< the message exceeds the ticket's range
        NOT_ONE_PACKET, //!< the protocol needs a single packet and the message is longer
        REJECTED,       //!< the interface refused the DMA request
        NO_TICKET,      //!< no ticket (e.g. no free receive buffer at the server yet)
        BUSY,           //!< the protocol instance already has an operation in flight
    };

    RatsSendHandle();

    /// \return current status
    Status GetStatus() const;
    /// \return error code (NONE unless ERROR)
    Error GetError() const;
    /// \return true once SENT or ERROR
    bool IsDone() const;
    /// \return time of the last status change
    Time GetStatusTime() const;

    /// \param status new status (a handle never goes back: SENT/ERROR are final)
    void SetStatus(Status status);
    /// \param error the error (status becomes ERROR)
    void Fail(Error error);

    /// \param cb called (with this handle's new status) on every later status change
    void SetStatusCallback(Callback<void, Status> cb);

    /// \param status a status \return its name
    static const char* GetStatusName(Status status);

  private:
    Status m_status;                  //!< status
    Error m_error;                    //!< error code
    Time m_time;                      //!< last change
    Callback<void, Status> m_changed; //!< observer
};

} // namespace ns3

#endif /* RATS_SEND_HANDLE_H */
