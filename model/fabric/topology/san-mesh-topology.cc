/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-mesh-topology.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanMeshTopology");

NS_OBJECT_ENSURE_REGISTERED(SanMeshTopology);

TypeId
SanMeshTopology::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanMeshTopology")
            .SetParent<SanTopology>()
            .SetGroupName("San")
            .AddConstructor<SanMeshTopology>()
            .AddAttribute("X",
                          "Number of switches along x (at least 1; at least 3 for a torus).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanMeshTopology::SetX),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Y",
                          "Number of switches along y (at least 1; at least 3 for a torus).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanMeshTopology::SetY),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HostsPerSwitch",
                          "Number of hosts attached to each switch (at least 1).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&SanMeshTopology::SetHostsPerSwitch),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Wrap",
                          "If true, wrap-around links make the mesh a torus.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&SanMeshTopology::SetWrap),
                          MakeBooleanChecker());
    return tid;
}

SanMeshTopology::SanMeshTopology()
{
    NS_LOG_FUNCTION(this);
}

SanMeshTopology::~SanMeshTopology()
{
    NS_LOG_FUNCTION(this);
}

void
SanMeshTopology::SetX(uint32_t x)
{
    NS_LOG_FUNCTION(this << x);
    m_x = x;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanMeshTopology::SetY(uint32_t y)
{
    NS_LOG_FUNCTION(this << y);
    m_y = y;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanMeshTopology::SetHostsPerSwitch(uint32_t c)
{
    NS_LOG_FUNCTION(this << c);
    m_c = c;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanMeshTopology::SetWrap(bool wrap)
{
    NS_LOG_FUNCTION(this << wrap);
    m_wrap = wrap;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanMeshTopology::NotifyConstructionCompleted()
{
    NS_LOG_FUNCTION(this);
    m_constructed = true;
    Configure();
    SanTopology::NotifyConstructionCompleted();
}

std::string
SanMeshTopology::CheckAttributes(uint32_t x, uint32_t y, uint32_t hostsPerSwitch, bool wrap)
{
    const std::string x_y = "X=" + std::to_string(x) + ", Y=" + std::to_string(y);
    if (x < 1 || y < 1)
    {
        return "SanMeshTopology: X and Y must be at least 1 (got " + x_y + ")";
    }
    if (wrap && (x < 3 || y < 3))
    {
        return "SanMeshTopology: a torus (Wrap=true) needs X >= 3 and Y >= 3 (got " + x_y +
               "); a ring of 2 would link the same pair twice, use a mesh instead";
    }
    if (hostsPerSwitch < 1)
    {
        return "SanMeshTopology: HostsPerSwitch must be at least 1 (got " +
               std::to_string(hostsPerSwitch) + ")";
    }
    if (static_cast<uint64_t>(x) * y * hostsPerSwitch >= std::numeric_limits<uint32_t>::max() ||
        hostsPerSwitch > MAX_SWITCH_PORTS - FIRST_HOST_PORT)
    {
        return "SanMeshTopology: " + std::to_string(x) + " x " + std::to_string(y) +
               " switches x " + std::to_string(hostsPerSwitch) +
               " hosts per switch is too many hosts";
    }
    return "";
}

void
SanMeshTopology::Configure()
{
    NS_LOG_FUNCTION(this);
    const std::string error = CheckAttributes(m_x, m_y, m_c, m_wrap);
    NS_ABORT_MSG_IF(!error.empty(), error);
    NS_LOG_INFO(GetName() << " of " << m_x << " x " << m_y << " switches with " << m_c
                          << " hosts each");
}

std::string
SanMeshTopology::GetName() const
{
    return m_wrap ? "torus" : "mesh";
}

uint32_t
SanMeshTopology::GetNSwitches() const
{
    return m_x * m_y;
}

uint32_t
SanMeshTopology::GetNHosts() const
{
    return m_x * m_y * m_c;
}

uint32_t
SanMeshTopology::GetNPorts(uint32_t /* sw */) const
{
    return FIRST_HOST_PORT + m_c;
}

uint32_t
SanMeshTopology::GetX() const
{
    return m_x;
}

uint32_t
SanMeshTopology::GetY() const
{
    return m_y;
}

uint32_t
SanMeshTopology::GetHostsPerSwitch() const
{
    return m_c;
}

bool
SanMeshTopology::IsTorus() const
{
    return m_wrap;
}

uint32_t
SanMeshTopology::GetHostSwitch(uint32_t host) const
{
    return host / m_c;
}

uint32_t
SanMeshTopology::GetHostPort(uint32_t host) const
{
    return FIRST_HOST_PORT + host % m_c;
}

SanPortPeer
SanMeshTopology::GetPeer(uint32_t sw, uint32_t port) const
{
    NS_ABORT_MSG_IF(sw >= m_x * m_y,
                    "SanMeshTopology: no switch " << sw << " in a " << m_x << " x " << m_y << " "
                                                  << GetName());
    const uint32_t x = sw % m_x;
    const uint32_t y = sw / m_x;
    SanPortPeer peer;
    switch (port)
    {
    case PORT_X_PLUS:
        if (x + 1 < m_x || m_wrap)
        {
            peer.kind = SanPortPeer::SWITCH;
            peer.index = x + 1 < m_x ? sw + 1 : sw + 1 - m_x;
            peer.port = PORT_X_MINUS;
        }
        break;
    case PORT_X_MINUS:
        if (x > 0 || m_wrap)
        {
            peer.kind = SanPortPeer::SWITCH;
            peer.index = x > 0 ? sw - 1 : sw + m_x - 1;
            peer.port = PORT_X_PLUS;
        }
        break;
    case PORT_Y_PLUS:
        if (y + 1 < m_y || m_wrap)
        {
            peer.kind = SanPortPeer::SWITCH;
            peer.index = y + 1 < m_y ? sw + m_x : x;
            peer.port = PORT_Y_MINUS;
        }
        break;
    case PORT_Y_MINUS:
        if (y > 0 || m_wrap)
        {
            peer.kind = SanPortPeer::SWITCH;
            peer.index = y > 0 ? sw - m_x : sw + (m_y - 1) * m_x;
            peer.port = PORT_Y_PLUS;
        }
        break;
    default:
        if (port - FIRST_HOST_PORT < m_c)
        {
            peer.kind = SanPortPeer::HOST;
            peer.index = sw * m_c + (port - FIRST_HOST_PORT);
        }
        break;
    }
    return peer;
}

uint32_t
SanMeshTopology::GetDeterministicPort(uint32_t sw, uint32_t dst) const
{
    const uint32_t sx = sw % m_x;
    const uint32_t sy = sw / m_x;
    const uint32_t dx = dst % m_x;
    const uint32_t dy = dst / m_x;
    if (sx != dx)
    {
        if (!m_wrap)
        {
            return dx > sx ? PORT_X_PLUS : PORT_X_MINUS;
        }
        const uint32_t plus = dx > sx ? dx - sx : dx + m_x - sx;
        return plus <= m_x - plus ? PORT_X_PLUS : PORT_X_MINUS;
    }
    if (sy != dy)
    {
        if (!m_wrap)
        {
            return dy > sy ? PORT_Y_PLUS : PORT_Y_MINUS;
        }
        const uint32_t plus = dy > sy ? dy - sy : dy + m_y - sy;
        return plus <= m_y - plus ? PORT_Y_PLUS : PORT_Y_MINUS;
    }
    return NO_PORT;
}

uint32_t
SanMeshTopology::GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const
{
    const uint32_t sx = sw % m_x;
    const uint32_t sy = sw / m_x;
    const uint32_t dx = dst % m_x;
    const uint32_t dy = dst / m_x;
    uint32_t n = 0;
    if (sx != dx)
    {
        if (!m_wrap)
        {
            ports[n++] = dx > sx ? PORT_X_PLUS : PORT_X_MINUS;
        }
        else
        {
            const uint32_t plus = dx > sx ? dx - sx : dx + m_x - sx;
            const uint32_t minus = m_x - plus;
            if (plus <= minus)
            {
                ports[n++] = PORT_X_PLUS;
            }
            if (minus <= plus)
            {
                ports[n++] = PORT_X_MINUS;
            }
        }
    }
    if (sy != dy)
    {
        if (!m_wrap)
        {
            ports[n++] = dy > sy ? PORT_Y_PLUS : PORT_Y_MINUS;
        }
        else
        {
            const uint32_t plus = dy > sy ? dy - sy : dy + m_y - sy;
            const uint32_t minus = m_y - plus;
            if (plus <= minus)
            {
                ports[n++] = PORT_Y_PLUS;
            }
            if (minus <= plus)
            {
                ports[n++] = PORT_Y_MINUS;
            }
        }
    }
    return n;
}

uint32_t
SanMeshTopology::GetPortDimension(uint32_t /* sw */, uint32_t port) const
{
    if (port < PORT_Y_PLUS)
    {
        return 0;
    }
    if (port < FIRST_HOST_PORT)
    {
        return 1;
    }
    return NO_PORT;
}

bool
SanMeshTopology::IsWrapPort(uint32_t sw, uint32_t port) const
{
    if (!m_wrap)
    {
        return false;
    }
    const uint32_t x = sw % m_x;
    const uint32_t y = sw / m_x;
    switch (port)
    {
    case PORT_X_PLUS:
        return x + 1 == m_x;
    case PORT_X_MINUS:
        return x == 0;
    case PORT_Y_PLUS:
        return y + 1 == m_y;
    case PORT_Y_MINUS:
        return y == 0;
    default:
        return false;
    }
}

uint32_t
SanMeshTopology::GetNDatelineClasses() const
{
    return m_wrap ? 2 : 1;
}

} // namespace ns3
