/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_DRAGONFLY_TOPOLOGY_H
#define SAN_DRAGONFLY_TOPOLOGY_H

#include "san-topology.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A dragonfly (Kim, Dally, Scott and Abts, ISCA 2008): g groups of a
 * routers; the routers of a group are fully connected by local links, each
 * router has h global links to other groups and p hosts.
 *
 * With the default number of groups, g = a*h + 1, every pair of groups is
 * joined by exactly one global link (the largest dragonfly the parameters
 * allow). Attribute Groups may ask for fewer groups, provided a*h is a
 * multiple of g - 1: every pair of groups is then joined by
 * m = a*h / (g - 1) parallel global links (the "copies").
 *
 * Numbering. Router r (switch index) is router ri = r mod a of group
 * G = r / a. Host x is on router x / p, so the a*p hosts of group G are the
 * consecutive hosts G*a*p .. (G+1)*a*p - 1.
 *
 * Ports of router r = (G, ri):
 * - ports 0..a-2: local links; port l leads to router j = l (l < ri) or
 *   l + 1 (l >= ri) of the same group, arriving at that router's port
 *   ri (ri < j) or ri - 1 (ri > j);
 * - ports a-1..a+h-2: global links; port a-1+t is global slot k = ri*h + t
 *   of group G (slots 0..a*h-1 per group);
 * - ports a+h-1..a+h+p-2: hosts; host r*p + i is on port a+h-1+i.
 *
 * Global arrangement ("absolute", or consecutive: each group's slots go to
 * the other groups in increasing group order, then round again for the next
 * copy). Slot k of group G is copy c = k / (g-1) of the link to the
 * o-th other group, o = k mod (g-1), that is group G' = o (o < G) or o + 1
 * (o >= G). Its far end is slot c*(g-1) + (G < G' ? G : G-1) of group G'.
 *
 * Routing arithmetic (no tables). "Minimal" follows the dragonfly's own
 * sense: a route with at most one global link, local-global-local, at most
 * 3 switch-to-switch hops. Among the m copies joining the two groups,
 * GetMinimalPorts answers the first ports of those copies that give the
 * fewest hops (the copy's router is this one: no first local hop; the
 * copy lands on the destination router: no last local hop), and
 * GetDeterministicPortFor takes the first such copy counting from
 * (destination host mod m), so pairs spread over the copies. A path through
 * a third group can occasionally be shorter in links (two global hops);
 * those are not minimal in the dragonfly sense and are not offered.
 *
 * Virtual channels for generic routing functions: every switch port moves
 * along dimension 0 and every global port is a "wrap" port, so the base
 * class's dateline bookkeeping puts a packet in class 1 from its first
 * global hop on. Local-global-local routes then use class 0 for the local
 * hop before the global link and class 1 after it, which is the two-class
 * scheme Kim et al. give for minimal routing (a local hop on class 0 is
 * followed only by a global hop, a global or a class-1 local hop only by a
 * class-1 local hop or the destination: no cycle).
 *
 * Attributes: P (hosts per router), A (routers per group), H (global links
 * per router), Groups (0: a*h + 1). Limits: p, a, h >= 1; 2 <= g <= a*h + 1;
 * (g - 1) divides a*h; (a - 1) + h <= MAX_CANDIDATES; fewer than 2^32 hosts.
 */
class SanDragonflyTopology : public SanTopology
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanDragonflyTopology();
    ~SanDragonflyTopology() override;

    std::string GetName() const override;
    uint32_t GetNSwitches() const override;
    uint32_t GetNHosts() const override;
    uint32_t GetNPorts(uint32_t sw) const override;
    uint32_t GetHostSwitch(uint32_t host) const override;
    uint32_t GetHostPort(uint32_t host) const override;
    SanPortPeer GetPeer(uint32_t sw, uint32_t port) const override;
    uint32_t GetDeterministicPort(uint32_t sw, uint32_t dst) const override;
    uint32_t GetDeterministicPortFor(uint32_t sw, uint32_t dst, uint32_t dstHost) const override;
    uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const override;
    uint32_t GetPortDimension(uint32_t sw, uint32_t port) const override;
    bool IsWrapPort(uint32_t sw, uint32_t port) const override;
    uint32_t GetNDatelineClasses() const override;

    /// \return hosts per router (p)
    uint32_t GetP() const;
    /// \return routers per group (a)
    uint32_t GetA() const;
    /// \return global links per router (h)
    uint32_t GetH() const;
    /// \return the number of groups (g)
    uint32_t GetNGroups() const;
    /// \return global links joining each pair of groups (m = a*h / (g-1))
    uint32_t GetLinksPerGroupPair() const;
    /// \param sw a switch \return its group
    uint32_t GetGroup(uint32_t sw) const;
    /// \param sw a switch \param port one of its ports \return true for a global link
    bool IsGlobalPort(uint32_t sw, uint32_t port) const;
    /// \param sw a switch \param port one of its ports \return true for a local link
    bool IsLocalPort(uint32_t sw, uint32_t port) const;

    /**
     * Switch-to-switch hops of the minimal (local-global-local) route.
     * \param sw current switch
     * \param dst destination switch
     * \return 0 to 3
     */
    uint32_t GetMinimalHops(uint32_t sw, uint32_t dst) const;

    /**
     * The way from sw to any router of another group (a Valiant or UGAL
     * intermediate group): the copy of the links to that group whose router
     * is sw if there is one, else the first copy counting from hint mod m.
     * \param sw current switch
     * \param group a group other than sw's
     * \param hint spreads choices over the copies (e.g. a destination host)
     * \param hops set to the switch-to-switch hops up to the landing router (1 or 2)
     * \param landing set to the router the global link arrives at
     * \return the output port at sw (global, or local toward the copy's router)
     */
    uint32_t GetPortTowardGroup(uint32_t sw,
                                uint32_t group,
                                uint32_t hint,
                                uint32_t& hops,
                                uint32_t& landing) const;

    /**
     * Check a dragonfly's attributes (what Configure aborts on).
     * \param p hosts per router \param a routers per group \param h global links per router
     * \param groups groups (0: a*h + 1)
     * \return "" if they make a topology, else one line saying why not
     */
    static std::string CheckAttributes(uint32_t p, uint32_t a, uint32_t h, uint32_t groups);

  protected:
    void NotifyConstructionCompleted() override;

  private:
    /// Set P (attribute). \param v hosts per router
    void SetP(uint32_t v);
    /// Set A (attribute). \param v routers per group
    void SetA(uint32_t v);
    /// Set H (attribute). \param v global links per router
    void SetH(uint32_t v);
    /// Set Groups (attribute). \param v groups, 0 for a*h + 1
    void SetGroups(uint32_t v);
    /// Check the attributes and derive the rest; aborts with a message if invalid.
    void Configure();

    /**
     * \param g group \param other another group \param copy copy index
     * \return the slot of group g holding that copy of the link to group other
     */
    uint32_t SlotTo(uint32_t g, uint32_t other, uint32_t copy) const;
    /**
     * \param sw current switch \param t target group (not sw's) \param copy a copy
     * \param dst destination router in t, or NO_PORT if any router of t will do
     * \return switch-to-switch hops from sw to dst (or to t) through that copy
     */
    uint32_t CopyHops(uint32_t sw, uint32_t t, uint32_t dst, uint32_t copy) const;
    /**
     * Best copy of the links from sw's group to group t.
     * \param sw current switch
     * \param t target group (not sw's)
     * \param dst destination router in t, or NO_PORT if any router of t will do
     * \param first copy to start from (ties go to the first in this rotation)
     * \param hops set to the hops of the route through that copy
     * \return the copy
     */
    uint32_t BestCopy(uint32_t sw, uint32_t t, uint32_t dst, uint32_t first, uint32_t& hops) const;
    /**
     * \param sw current switch \param t target group \param copy a copy
     * \return the port at sw toward that copy (global if sw owns it, else local)
     */
    uint32_t PortToCopy(uint32_t sw, uint32_t t, uint32_t copy) const;
    /// \param sw a router \param other another router of its group \return the local port
    uint32_t LocalPort(uint32_t sw, uint32_t other) const;

    uint32_t m_p{2};           //!< hosts per router
    uint32_t m_a{4};           //!< routers per group
    uint32_t m_h{2};           //!< global links per router
    uint32_t m_groupsAttr{0};  //!< Groups attribute (0: a*h + 1)
    uint32_t m_g{9};           //!< groups (derived)
    uint32_t m_copies{1};      //!< global links per pair of groups (derived)
    bool m_constructed{false}; //!< true once the attributes have all been set
};

} // namespace ns3

#endif /* SAN_DRAGONFLY_TOPOLOGY_H */
