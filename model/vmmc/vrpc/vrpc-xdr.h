/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef VRPC_XDR_H
#define VRPC_XDR_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief XDR encoding (RFC 1014, as Sun RPC uses it: RFC 1057): big-endian 32-bit units,
 * opaque data as a length and the bytes padded to a multiple of four.
 */
class XdrEncoder
{
  public:
    /// \param v an unsigned int
    void PutUint32(uint32_t v);
    /// \param v an int
    void PutInt32(int32_t v);
    /// \param v a hyper (two units, high first)
    void PutUint64(uint64_t v);
    /// \param data variable-length opaque: length, bytes, padding \param len bytes
    void PutOpaque(const uint8_t* data, uint32_t len);
    /// \param data fixed-length opaque (no length word) \param len bytes
    void PutFixedOpaque(const uint8_t* data, uint32_t len);
    /// \return the encoded bytes
    const std::vector<uint8_t>& GetBytes() const;
    /// \return encoded size
    uint32_t GetSize() const;

  private:
    std::vector<uint8_t> m_bytes; //!< the stream
};

/**
 * \ingroup san
 * \brief XDR decoding; every Get fails (returns false, position unchanged) on a short or
 * malformed stream, never reads past the end.
 */
class XdrDecoder
{
  public:
    /// \param data the stream \param len its bytes
    XdrDecoder(const uint8_t* data, uint32_t len);
    /// \param v out \return false if short
    bool GetUint32(uint32_t& v);
    /// \param v out \return false if short
    bool GetInt32(int32_t& v);
    /// \param v out \return false if short
    bool GetUint64(uint64_t& v);
    /// \param out variable-length opaque \param maxLen the largest length accepted
    /// \return false if short or longer than \p maxLen
    bool GetOpaque(std::vector<uint8_t>& out, uint32_t maxLen = 0xffffffff);
    /// \param out fixed-length opaque \param len bytes \return false if short
    bool GetFixedOpaque(std::vector<uint8_t>& out, uint32_t len);
    /// \return bytes consumed
    uint32_t GetPosition() const;
    /// \return bytes left
    uint32_t GetRemaining() const;

  private:
    const uint8_t* m_data; //!< the stream
    uint32_t m_len;        //!< its bytes
    uint32_t m_pos{0};     //!< next byte
};

/**
 * \ingroup san
 * \brief Sun RPC message headers (RFC 1057, section 8): a call's and an accepted reply's,
 * with AUTH_NULL credentials and verifiers (the null RPC's).
 */
struct RpcHeader
{
    /// msg_type
    enum MsgType : uint32_t
    {
        CALL = 0,  //!< a call
        REPLY = 1, //!< a reply
    };

    /// reply_stat
    enum ReplyStat : uint32_t
    {
        MSG_ACCEPTED = 0, //!< accepted
        MSG_DENIED = 1,   //!< denied
    };

    /// accept_stat
    enum AcceptStat : uint32_t
    {
        SUCCESS = 0,       //!< executed
        PROG_UNAVAIL = 1,  //!< no such program
        PROG_MISMATCH = 2, //!< no such version
        PROC_UNAVAIL = 3,  //!< no such procedure
        GARBAGE_ARGS = 4,  //!< arguments not decodable
    };

    static constexpr uint32_t RPC_VERSION = 2; //!< rpcvers
    static constexpr uint32_t AUTH_NULL = 0;   //!< auth_flavor

    uint32_t xid{0};          //!< transaction id
    uint32_t msgType{CALL};   //!< CALL or REPLY
    uint32_t prog{0};         //!< call: program
    uint32_t vers{0};         //!< call: program version
    uint32_t proc{0};         //!< call: procedure
    uint32_t replyStat{0};    //!< reply: MSG_ACCEPTED...
    uint32_t acceptStat{0};   //!< reply: SUCCESS...
    uint32_t mismatchLow{0};  //!< reply PROG_MISMATCH: lowest version
    uint32_t mismatchHigh{0}; //!< reply PROG_MISMATCH: highest version

    /// \param e where the header goes (call or reply after msgType)
    void Encode(XdrEncoder& e) const;
    /// \param d the stream \return false if malformed (wrong rpcvers, unknown type, non-null
    /// authentication, short)
    bool Decode(XdrDecoder& d);
};

} // namespace ns3

#endif /* VRPC_XDR_H */
