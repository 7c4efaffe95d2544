/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_BYTE_STREAM_QUEUE_H
#define SAN_BYTE_STREAM_QUEUE_H

#include "ns3/packet.h"
#include "ns3/san-fifo.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The bytes a stream socket's library has received and its application has not read
 * yet (SCILAN's and SHRIMP's sockets): packets in arrival order, read back in any amounts, a
 * packet split where a read ends.
 */
class SanByteStreamQueue
{
  public:
    /// \param p bytes received (appended)
    void Push(Ptr<Packet> p)
    {
        m_bytes += p->GetSize();
        m_packets.push_back(p);
    }

    /// \param maxSize most bytes to take \return up to \p maxSize bytes from the front (an
    /// empty packet if there are none)
    Ptr<Packet> Pop(uint32_t maxSize)
    {
        Ptr<Packet> out = Create<Packet>();
        while (!m_packets.empty() && out->GetSize() < maxSize)
        {
            Ptr<Packet> front = m_packets.front();
            const uint32_t want = maxSize - out->GetSize();
            if (front->GetSize() <= want)
            {
                out->AddAtEnd(front);
                m_packets.pop_front();
            }
            else
            {
                out->AddAtEnd(front->CreateFragment(0, want));
                m_packets.front() = front->CreateFragment(want, front->GetSize() - want);
            }
        }
        m_bytes -= out->GetSize();
        return out;
    }

    /// \return bytes queued
    uint32_t GetSize() const
    {
        return m_bytes;
    }

    /// \brief Forget everything.
    void Clear()
    {
        m_packets.clear();
        m_bytes = 0;
    }

  private:
    SanFifo<Ptr<Packet>> m_packets; //!< received, unread
    uint32_t m_bytes{0};            //!< their bytes
};

} // namespace ns3

#endif /* SAN_BYTE_STREAM_QUEUE_H */
