/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "vrpc-xdr.h"

namespace ns3
{

void
XdrEncoder::PutUint32(uint32_t v)
{
    m_bytes.push_back(static_cast<uint8_t>(v >> 24));
    m_bytes.push_back(static_cast<uint8_t>(v >> 16));
    m_bytes.push_back(static_cast<uint8_t>(v >> 8));
    m_bytes.push_back(static_cast<uint8_t>(v));
}

void
XdrEncoder::PutInt32(int32_t v)
{
    PutUint32(static_cast<uint32_t>(v));
}

void
XdrEncoder::PutUint64(uint64_t v)
{
    PutUint32(static_cast<uint32_t>(v >> 32));
    PutUint32(static_cast<uint32_t>(v));
}

void
XdrEncoder::PutOpaque(const uint8_t* data, uint32_t len)
{
    PutUint32(len);
    PutFixedOpaque(data, len);
}

void
XdrEncoder::PutFixedOpaque(const uint8_t* data, uint32_t len)
{
    if (len > 0)
    {
        m_bytes.insert(m_bytes.end(), data, data + len);
    }
    m_bytes.resize(m_bytes.size() + (4 - len % 4) % 4, 0); // RFC 1014: zero padding
}

const std::vector<uint8_t>&
XdrEncoder::GetBytes() const
{
    return m_bytes;
}

uint32_t
XdrEncoder::GetSize() const
{
    return static_cast<uint32_t>(m_bytes.size());
}

XdrDecoder::XdrDecoder(const uint8_t* data, uint32_t len)
    : m_data(data),
      m_len(len)
{
}

bool
XdrDecoder::GetUint32(uint32_t& v)
{
    if (m_len - m_pos < 4)
    {
        return false;
    }
    const uint8_t* b = m_data + m_pos;
    v = (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
    m_pos += 4;
    return true;
}

bool
XdrDecoder::GetInt32(int32_t& v)
{
    uint32_t u = 0;
    if (!GetUint32(u))
    {
        return false;
    }
    v = static_cast<int32_t>(u);
    return true;
}

bool
XdrDecoder::GetUint64(uint64_t& v)
{
    if (m_len - m_pos < 8)
    {
        return false;
    }
    uint32_t hi = 0;
    uint32_t lo = 0;
    GetUint32(hi);
    GetUint32(lo);
    v = (uint64_t(hi) << 32) | lo;
    return true;
}

bool
XdrDecoder::GetOpaque(std::vector<uint8_t>& out, uint32_t maxLen)
{
    const uint32_t start = m_pos;
    uint32_t len = 0;
    if (!GetUint32(len) || len > maxLen || !GetFixedOpaque(out, len))
    {
        m_pos = start;
        return false;
    }
    return true;
}

bool
XdrDecoder::GetFixedOpaque(std::vector<uint8_t>& out, uint32_t len)
{
    const uint64_t padded = (uint64_t(len) + 3) / 4 * 4;
    if (m_len - m_pos < padded)
    {
        return false;
    }
    out.assign(m_data + m_pos, m_data + m_pos + len);
    m_pos += static_cast<uint32_t>(padded);
    return true;
}

uint32_t
XdrDecoder::GetPosition() const
{
    return m_pos;
}

uint32_t
XdrDecoder::GetRemaining() const
{
    return m_len - m_pos;
}

void
RpcHeader::Encode(XdrEncoder& e) const
{
    e.PutUint32(xid);
    e.PutUint32(msgType);
    if (msgType == CALL)
    {
        e.PutUint32(RPC_VERSION);
        e.PutUint32(prog);
        e.PutUint32(vers);
        e.PutUint32(proc);
        e.PutUint32(AUTH_NULL); // credentials
        e.PutUint32(0);
        e.PutUint32(AUTH_NULL); // verifier
        e.PutUint32(0);
        return;
    }
    e.PutUint32(replyStat);
    if (replyStat != MSG_ACCEPTED)
    {
        e.PutUint32(0); // RPC_MISMATCH (the only denial this library sends)
        e.PutUint32(RPC_VERSION);
        e.PutUint32(RPC_VERSION);
        return;
    }
    e.PutUint32(AUTH_NULL); // verifier
    e.PutUint32(0);
    e.PutUint32(acceptStat);
    if (acceptStat == PROG_MISMATCH)
    {
        e.PutUint32(mismatchLow);
        e.PutUint32(mismatchHigh);
    }
}

bool
RpcHeader::Decode(XdrDecoder& d)
{
    if (!d.GetUint32(xid) || !d.GetUint32(msgType))
    {
        return false;
    }
    uint32_t flavor = 0;
    uint32_t length = 0;
    if (msgType == CALL)
    {
        uint32_t rpcvers = 0;
        if (!d.GetUint32(rpcvers) || rpcvers != RPC_VERSION || !d.GetUint32(prog) ||
            !d.GetUint32(vers) || !d.GetUint32(proc))
        {
            return false;
        }
        for (int i = 0; i < 2; ++i) // credentials, verifier
        {
            if (!d.GetUint32(flavor) || !d.GetUint32(length) || flavor != AUTH_NULL || length != 0)
            {
                return false;
            }
        }
        return true;
    }
    if (msgType != REPLY || !d.GetUint32(replyStat))
    {
        return false;
    }
    if (replyStat != MSG_ACCEPTED)
    {
        uint32_t a = 0;
        uint32_t b = 0;
        uint32_t c = 0;
        return replyStat == MSG_DENIED && d.GetUint32(a) && d.GetUint32(b) && d.GetUint32(c);
    }
    if (!d.GetUint32(flavor) || !d.GetUint32(length) || flavor != AUTH_NULL || length != 0 ||
        !d.GetUint32(acceptStat))
    {
        return false;
    }
    if (acceptStat == PROG_MISMATCH)
    {
        return d.GetUint32(mismatchLow) && d.GetUint32(mismatchHigh);
    }
    return true;
}

} // namespace ns3
