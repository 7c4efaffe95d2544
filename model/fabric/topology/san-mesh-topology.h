/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_MESH_TOPOLOGY_H
#define SAN_MESH_TOPOLOGY_H

#include "san-topology.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A 2-D mesh, or with Wrap a 2-D torus, of X x Y switches with c hosts
 * on each.
 *
 * Switch (x, y) has index y * X + x. Port conventions (a contract with the
 * routing code):
 * - port 0: +x, to (x+1, y), arriving at its port 1;
 * - port 1: -x, to (x-1, y), arriving at its port 0;
 * - port 2: +y, to (x, y+1), arriving at its port 3;
 * - port 3: -y, to (x, y-1), arriving at its port 2;
 * - ports 4..4+c-1: hosts; host h is on switch h / c, port 4 + h % c.
 *
 * In a mesh the ports that would leave the grid are unconnected (GetPeer
 * answers NONE) but still counted by GetNPorts, so every switch has 4 + c
 * ports. In a torus they wrap around: port 0 of (X-1, y) reaches (0, y)
 * and port 2 of (x, Y-1) reaches (x, 0); those links (and the opposite
 * ports 1 of (0, y) and 3 of (x, 0)) are the wrap ports, the datelines of
 * their rings.
 *
 * Deterministic routing is dimension order: x first, then y. In a torus each
 * dimension goes the shorter way round, the + direction on a tie. Minimal
 * ports are the productive directions: one per dimension that still differs
 * in a mesh; in a torus one per differing dimension, or both directions of a
 * dimension whose two ways round are equally long. GetPortDimension answers
 * 0 for ports 0/1 and 1 for ports 2/3. A torus needs 2 dateline classes, a
 * mesh 1.
 *
 * Attributes: X, Y (>= 1 for a mesh, so 1 x N is a line; >= 3 for a torus, as
 * a 2-wide ring would link the same pair twice), HostsPerSwitch (>= 1), Wrap.
 */
class SanMeshTopology : public SanTopology
{
  public:
    static constexpr uint32_t PORT_X_PLUS = 0;     //!< port toward x + 1
    static constexpr uint32_t PORT_X_MINUS = 1;    //!< port toward x - 1
    static constexpr uint32_t PORT_Y_PLUS = 2;     //!< port toward y + 1
    static constexpr uint32_t PORT_Y_MINUS = 3;    //!< port toward y - 1
    static constexpr uint32_t FIRST_HOST_PORT = 4; //!< first host port

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanMeshTopology();
    ~SanMeshTopology() override;

    /// \return "torus" if Wrap is set, else "mesh"
    std::string GetName() const override;
    uint32_t GetNSwitches() const override;
    uint32_t GetNHosts() const override;
    uint32_t GetNPorts(uint32_t sw) const override;
    uint32_t GetHostSwitch(uint32_t host) const override;
    uint32_t GetHostPort(uint32_t host) const override;
    SanPortPeer GetPeer(uint32_t sw, uint32_t port) const override;
    uint32_t GetDeterministicPort(uint32_t sw, uint32_t dst) const override;
    uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const override;
    uint32_t GetPortDimension(uint32_t sw, uint32_t port) const override;
    bool IsWrapPort(uint32_t sw, uint32_t port) const override;
    uint32_t GetNDatelineClasses() const override;

    /// \return the width X (switches along x)
    uint32_t GetX() const;
    /// \return the height Y (switches along y)
    uint32_t GetY() const;
    /// \return the number of hosts on each switch (c)
    uint32_t GetHostsPerSwitch() const;
    /// \return true for a torus, false for a mesh
    bool IsTorus() const;

    /**
     * Check a mesh's or torus's attributes (what Configure aborts on).
     * \param x switches along x \param y switches along y
     * \param hostsPerSwitch hosts per switch \param wrap a torus
     * \return "" if they make a topology, else one line saying why not
     */
    static std::string CheckAttributes(uint32_t x, uint32_t y, uint32_t hostsPerSwitch, bool wrap);

  protected:
    void NotifyConstructionCompleted() override;

  private:
    /**
     * Set the width (attribute X).
     * \param x switches along x
     */
    void SetX(uint32_t x);
    /**
     * Set the height (attribute Y).
     * \param y switches along y
     */
    void SetY(uint32_t y);
    /**
     * Set the number of hosts per switch (attribute HostsPerSwitch).
     * \param c hosts per switch
     */
    void SetHostsPerSwitch(uint32_t c);
    /**
     * Choose mesh or torus (attribute Wrap).
     * \param wrap true for a torus
     */
    void SetWrap(bool wrap);
    /// Check the attributes; aborts with a message if they are invalid.
    void Configure();

    uint32_t m_x{8};           //!< switches along x
    uint32_t m_y{8};           //!< switches along y
    uint32_t m_c{1};           //!< hosts per switch
    bool m_wrap{false};        //!< torus if true
    bool m_constructed{false}; //!< true once the attributes have all been set
};

} // namespace ns3

#endif /* SAN_MESH_TOPOLOGY_H */
