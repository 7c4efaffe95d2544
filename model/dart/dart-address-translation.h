/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_ADDRESS_TRANSLATION_H
#define DART_ADDRESS_TRANSLATION_H

#include "dart-card.h"
#include "dart-endpoint-table.h"
#include "dart-engine.h"

#include "ns3/callback.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief A DART interface's address translation: its TLB (DartTlb) over the endpoints' pages,
 * and what a miss costs. A miss is not an error: on CARD_PROCESSOR the card raises an
 * exception and the host's handler walks its page table and stores the entries into the card
 * (TlbMissInstructions per page, then 8 bytes per entry by programmed I/O); on HOST_KERNEL the
 * kernel, already running, walks the page table itself. Then the operation completes
 * ("tlb-miss" stage).
 */
class DartAddressTranslation
{
  public:
    /// The pages one operation touches, and how many of them the TLB lacked.
    struct Access
    {
        uint32_t endpoint{0};    //!< the endpoint
        uint32_t missing{0};     //!< pages the TLB lacked (CountMisses)
        uint64_t offset{0};      //!< first byte touched
        uint32_t bytes{0};       //!< bytes touched (0: none)
        bool fetched{false};     //!< the operation's control word was fetched too
        uint32_t fetchOffset{0}; //!< from there
    };

    /**
     * \param card the device
     * \param engine who runs the miss handler's work
     * \param endpoints the Endpoint Table
     */
    DartAddressTranslation(DartCard& card, DartEngine& engine, const DartEndpointTable& endpoints);

    /// \param entries TLB entries (the device is attached: the TLB is built)
    void Build(uint32_t entries);
    /// \param bytes page size of the endpoints' virtual memory
    void SetPageSize(uint32_t bytes);
    /// \return the page size
    uint32_t GetPageSize() const;

    /// \param endpoint an endpoint \param offset where \param len bytes
    /// \return pages of the range the TLB lacks (counts misses, touches hits)
    uint32_t CountMisses(uint32_t endpoint, uint64_t offset, uint32_t len);
    /// \brief Insert the range's translations (after the host loaded them).
    /// \param endpoint an endpoint \param offset where \param len bytes
    void Fill(uint32_t endpoint, uint64_t offset, uint32_t len);
    /// \brief Load the entries an access misses (host exception), then continue.
    /// \param access the access \param then called once the entries are in
    void Load(const Access& access, Callback<void> then);
    /// \param endpoint drop the TLB's entries of this endpoint
    void Invalidate(uint32_t endpoint);
    /// \return the TLB
    const DartTlb& GetTlb() const;

  private:
    DartCard& m_dev;                      //!< the device
    DartEngine& m_engine;                 //!< who works
    const DartEndpointTable& m_endpoints; //!< the Endpoint Table
    DartTlb m_tlb{1};                     //!< the TLB (rebuilt by Build)
    uint32_t m_pageSize{4096};            //!< page size
};

} // namespace ns3

#endif /* DART_ADDRESS_TRANSLATION_H */
