/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_LINK_MESSAGE_CODEC_H
#define SAN_LINK_MESSAGE_CODEC_H

#include "san-channel.h"

#include "ns3/abort.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Writes trivially copyable values into a byte vector sized once for the largest
 * message it may write (no growth per field); Finish cuts it to what was written.
 */
class SanWireWriter
{
  public:
    /// \param out the bytes (resized to capacity, then to what was written)
    /// \param capacity the most that will be written
    SanWireWriter(std::vector<uint8_t>& out, size_t capacity)
        : m_out(out)
    {
        m_out.resize(capacity);
    }

    /// \param v a value, written as its bytes
    template <typename T>
    void Put(const T& v)
    {
        static_assert(std::is_trivially_copyable<T>::value, "raw bytes only");
        PutBytes(reinterpret_cast<const uint8_t*>(&v), sizeof(T));
    }

    /// \param data bytes \param n their number
    void PutBytes(const uint8_t* data, size_t n)
    {
        NS_ABORT_MSG_IF(m_pos + n > m_out.size(), "SanWireWriter: encoding overflows");
        std::memcpy(m_out.data() + m_pos, data, n);
        m_pos += n;
    }

    /// \return where the next byte goes
    uint8_t* Here()
    {
        return m_out.data() + m_pos;
    }

    /// \param n bytes written through Here()
    void Skip(size_t n)
    {
        m_pos += n;
    }

    /// Cut the vector to what was written.
    void Finish()
    {
        m_out.resize(m_pos);
    }

  private:
    std::vector<uint8_t>& m_out; //!< destination
    size_t m_pos{0};             //!< written so far
};

/**
 * \ingroup san
 * \brief Reads what SanWireWriter wrote, refusing (with a message) to read past the end.
 */
class SanWireReader
{
  public:
    /// \param data the bytes \param size their number
    SanWireReader(const uint8_t* data, uint32_t size)
        : m_data(data),
          m_size(size)
    {
    }

    /// \return the next value
    template <typename T>
    T Get()
    {
        T v;
        std::memcpy(&v, Take(sizeof(T)), sizeof(T));
        return v;
    }

    /// \param n bytes \return where they are (they are skipped)
    const uint8_t* Take(uint32_t n)
    {
        NS_ABORT_MSG_IF(m_pos + n > m_size,
                        "SanWireReader: a message of " << m_size << " bytes ends early");
        const uint8_t* p = m_data + m_pos;
        m_pos += n;
        return p;
    }

    /// \return bytes not read yet
    uint32_t Left() const
    {
        return m_size - m_pos;
    }

  private:
    const uint8_t* m_data; //!< the bytes
    uint32_t m_size;       //!< their number
    uint32_t m_pos{0};     //!< read so far
};

/**
 * \ingroup san
 * \brief The wire format of a link message that crosses a cut between two parts of a fabric
 * (SanRemoteChannel): every field of the message and of its packet descriptor, the source
 * route and the serialized payload. Distributed runs give the same results as one process, so
 * nothing of a descriptor may be lost on the way.
 */
class SanLinkMessageCodec
{
  public:
    /**
     * \param msg a message
     * \param[out] out its bytes (reused: sized once per message, no growth per field)
     */
    static void Encode(const SanLinkMessage& msg, std::vector<uint8_t>& out);
    /**
     * \param data the bytes Encode wrote \param size their number
     * \param[out] msg the message; a packet message gets a new descriptor from this process's
     * pool (its holdPort unset)
     * \param[out] holdsSlot the packet's head held a credit slot of the sending end (the
     * receiver sets holdPort to its copy of that end)
     * \return "" or what is malformed
     */
    static std::string Decode(const uint8_t* data,
                              uint32_t size,
                              SanLinkMessage& msg,
                              bool& holdsSlot);

    /// Bytes of a message without its source route and payload, with room to spare.
    static constexpr size_t FIXED_MESSAGE_BYTES = 192;
};

} // namespace ns3

#endif /* SAN_LINK_MESSAGE_CODEC_H */
