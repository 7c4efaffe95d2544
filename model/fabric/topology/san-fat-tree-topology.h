/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FAT_TREE_TOPOLOGY_H
#define SAN_FAT_TREE_TOPOLOGY_H

#include "san-topology.h"

#include <array>

namespace ns3
{

/**
 * \ingroup san
 * \brief A k-ary n-tree (Petrini and Vanneschi): a fat tree of n levels of
 * k^(n-1) switches each, serving k^n hosts.
 *
 * Numbering. Level 0 holds the leaves, level n-1 the roots. Switch <w, l>
 * (level l, position w in [0, k^(n-1))) has index l * k^(n-1) + w; w is read
 * as n-1 base-k digits w_(n-2) ... w_1 w_0. Host h is read as n base-k digits
 * h_(n-1) ... h_0.
 *
 * Ports. Ports 0..k-1 go down and ports k..2k-1 go up. Top-level switches
 * have only their k down ports (GetNPorts answers k for them, 2k otherwise).
 *
 * Connection rule (all arithmetic, no tables):
 * - Leaf <w, 0> down port i connects host w * k + i (so host h is on leaf
 *   h / k, port h % k, and leaf digit w_j equals host digit h_(j+1)).
 * - Up port k + j of <w, l> (l < n-1) connects to <w', l+1>, where w' is w
 *   with digit w_l replaced by j, at that upper switch's down port w_l.
 *   Equivalently, down port i of <u, l> (l > 0) leads to <u', l-1>, u' being
 *   u with digit u_(l-1) replaced by i, at its up port k + u_(l-1).
 *
 * Consequence: going down from <u, l> only rewrites digits l-1 .. 0, so the
 * sub-tree of <u, l> holds exactly the k^(l+1) hosts whose top n-1-l digits
 * h_(n-1) .. h_(l+1) equal u_(n-2) .. u_l. The k^l switches of level l that
 * share u_(n-2) .. u_l serve the same sub-tree; the roots serve all hosts.
 *
 * Routing toward leaf d (sw != d; routing destinations are leaves, the
 * switches hosts are attached to): at <u, l>, if d is in the sub-tree
 * (u and d agree on digits l and above) go down through port d_(l-1);
 * otherwise go up. GetDeterministicPort goes up through port k + d_l, digit
 * l of the destination leaf (destination-mod-k: each pair of leaves has one
 * path, all traffic to one leaf descends through the switches <d, l>, and
 * different leaves spread over the up links). GetDeterministicPortFor goes up
 * through port k + h_l, digit l of the destination host, so the k hosts of one
 * leaf are reached through k different last links (leaf up port k + h_0).
 * Minimal ports: all k up ports while going up, the single down port when
 * going down. A leaf-to-leaf route whose lowest common ancestors are at
 * level L takes 2L switch-to-switch hops. Minimal routing is deadlock free
 * (up then down only).
 *
 * Attributes: K (2 <= K <= MAX_CANDIDATES), N (>= 1); k^n hosts and
 * n * k^(n-1) switches must each stay below 2^32.
 */
class SanFatTreeTopology : public SanTopology
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanFatTreeTopology();
    ~SanFatTreeTopology() override;

    std::string GetName() const override;
    uint32_t GetNSwitches() const override;
    uint32_t GetNHosts() const override;
    uint32_t GetNPorts(uint32_t sw) const override;
    uint32_t GetHostSwitch(uint32_t host) const override;
    uint32_t GetHostPort(uint32_t host) const override;
    SanPortPeer GetPeer(uint32_t sw, uint32_t port) const override;
    /**
     * \copydoc SanTopology::GetDeterministicPort
     * dst must be a leaf (index < k^(n-1)).
     */
    uint32_t GetDeterministicPort(uint32_t sw, uint32_t dst) const override;
    /**
     * d-mod-k: going up from level l takes up port k + (digit l of the
     * destination host), so traffic to the k hosts of one leaf arrives over
     * k different down links.
     * \copydoc SanTopology::GetDeterministicPortFor
     */
    uint32_t GetDeterministicPortFor(uint32_t sw, uint32_t dst, uint32_t dstHost) const override;
    /**
     * \copydoc SanTopology::GetMinimalPorts
     * dst must be a leaf (index < k^(n-1)).
     */
    uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const override;
    /// \return true: up-then-down routes cannot form a cycle of channel dependencies
    bool IsMinimalRoutingDeadlockFree() const override;
    /**
     * Every level is cut alike by position w (index modulo k^(n-1)) into contiguous blocks:
     * positions are ordered by their top digits, so a part holds whole sub-trees (pods) with
     * their leaves and hosts, and an equal share of the roots; only links between a pod and
     * the roots of other parts are cut.
     * \param sw a switch
     * \param parts the number of parts
     * \return its part
     */
    uint32_t GetSwitchPart(uint32_t sw, uint32_t parts) const override;

    /// \return the arity k (down ports per switch)
    uint32_t GetK() const;
    /// \return the number of levels n
    uint32_t GetN() const;
    /// \return the number of switches per level, k^(n-1)
    uint32_t GetSwitchesPerLevel() const;
    /**
     * \param sw a switch
     * \return its level (0 = leaf, n-1 = root)
     */
    uint32_t GetLevel(uint32_t sw) const;

    /**
     * Check a fat tree's attributes (what Configure aborts on).
     * \param k switch arity \param n levels
     * \return "" if they make a topology, else one line saying why not
     */
    static std::string CheckAttributes(uint32_t k, uint32_t n);

  protected:
    void NotifyConstructionCompleted() override;

  private:
    /**
     * Set the arity (attribute K).
     * \param k the arity
     */
    void SetK(uint32_t k);
    /**
     * Set the number of levels (attribute N).
     * \param n the number of levels
     */
    void SetN(uint32_t n);
    /// Check the attributes and precompute powers of k; aborts if they are invalid.
    void Configure();

    /**
     * \param x a number
     * \param l a digit position
     * \return x / k^l (the digits of x from position l up)
     */
    uint32_t High(uint32_t x, uint32_t l) const
    {
        return m_pow2 ? x >> (l * m_log2k) : x / m_pow[l];
    }

    /**
     * \param x a number
     * \param l a digit position
     * \return digit l of x in base k
     */
    uint32_t Digit(uint32_t x, uint32_t l) const
    {
        return m_pow2 ? (x >> (l * m_log2k)) & (m_k - 1) : (x / m_pow[l]) % m_k;
    }

    /**
     * \param x a number
     * \param l a digit position
     * \param d a digit
     * \return x with digit l replaced by d
     */
    uint32_t Replace(uint32_t x, uint32_t l, uint32_t d) const
    {
        return x - Digit(x, l) * m_pow[l] + d * m_pow[l];
    }

    uint32_t m_k{4};                  //!< arity
    uint32_t m_n{3};                  //!< number of levels
    uint32_t m_perLevel{16};          //!< switches per level, k^(n-1)
    uint32_t m_nHosts{64};            //!< hosts, k^n
    std::array<uint32_t, 33> m_pow{}; //!< m_pow[i] = k^i for i <= n
    bool m_pow2{true};                //!< true if k is a power of two
    uint32_t m_log2k{2};              //!< log2(k) when m_pow2
    bool m_constructed{false};        //!< true once the attributes have all been set
};

} // namespace ns3

#endif /* SAN_FAT_TREE_TOPOLOGY_H */
