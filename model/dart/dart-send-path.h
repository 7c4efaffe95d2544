/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_SEND_PATH_H
#define DART_SEND_PATH_H

#include "dart-address-translation.h"
#include "dart-card.h"
#include "dart-connection-table.h"
#include "dart-endpoint-table.h"
#include "dart-engine.h"
#include "dart-operation.h"

#include "ns3/callback.h"
#include "ns3/host-pio-window.h"
#include "ns3/san-fifo.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The send path of a DART interface (DartNetDevice).
 *
 * CARD_PROCESSOR (the hardware DART): each connection has memory-mapped Send Registers (a
 * HostPioWindow); the process stores the control information, the message's offset in its
 * endpoint and its size (24 bytes of posted stores, in program order whatever the connection).
 * When they land, the card's processor does the send work, translates the data's pages
 * (DartAddressTranslation), reads the data by DMA and sends the message. Messages leave in the
 * order their Send Registers landed: a send whose translation misses (an exception the host
 * serves) holds the sends behind it at the translation stage, as one send side does (Osborne
 * 1994, Figure 4: the send and receive sides each go through one Connection and Operation
 * Logic), and as an ATM virtual circuit keeps its cells in order; the card's processor may do
 * their send work meanwhile.
 *
 * HOST_KERNEL (the software DART): the Send Registers are the arguments of a trap into the
 * kernel, which forms the cells and stores them into the card's transmit FIFO.
 *
 * A message is a control cell (16 bytes of control, 32 of data) or, for more than 32 bytes, a
 * control cell followed by AAL5 cells (BuildMessage). Stage "send": registers landed or trap
 * entered, to the message handed to the fabric.
 */
class DartSendPath
{
  public:
    /**
     * \param card the device
     * \param engine who does the work
     * \param translation the TLB
     * \param connections the Connection Table
     * \param endpoints the Endpoint Table
     */
    DartSendPath(DartCard& card,
                 DartEngine& engine,
                 DartAddressTranslation& translation,
                 const DartConnectionTable& connections,
                 const DartEndpointTable& endpoints);

    /// \param connections VCIs (the device is attached)
    void Build(uint32_t connections);
    /**
     * \brief Send a message (DartNetDevice::Send; the caller checked the arguments).
     * \param vci the connection
     * \param ctl the control information
     * \param offset the data's offset in the connection's endpoint
     * \param size the data's size in bytes
     * \param issued called when the process may go on
     */
    void Send(uint16_t vci,
              const DartControl& ctl,
              uint32_t offset,
              uint32_t size,
              Callback<void> issued);
    /// \brief Forget the Send Registers and the sends not yet stored.
    void Clear();

    /**
     * \param vci the VCI the message is for (at its destination)
     * \param ctl control
     * \param data the message's data
     * \param size its bytes
     * \return the message: a control cell, or a control cell and AAL5 cells
     */
    static Ptr<Packet> BuildMessage(uint16_t vci,
                                    const DartControl& ctl,
                                    const uint8_t* data,
                                    uint32_t size);
    /// \param bytes data \return cells of a message with that much data
    static uint32_t CellsFor(uint32_t bytes);

  private:
    /// A send whose Send Registers the processor has yet to store.
    struct PendingSend
    {
        uint16_t vci;              //!< its connection
        std::vector<uint8_t> regs; //!< the registers' contents (control, offset, size)
    };

    /// A send whose work is done on the card, waiting for its pages' translation.
    struct Translating
    {
        DartAddressTranslation::Access access; //!< its data's pages
        uint16_t vci;                          //!< its connection
        DartControl ctl;                       //!< control
        uint32_t offset;                       //!< the data's offset in the endpoint
        uint32_t size;                         //!< its bytes
        Time start;                            //!< when its Send Registers landed
    };

    /// \param vci a connection \return its entry (aborts if there is none)
    const DartConnection& Connection(uint16_t vci) const;
    /**
     * \param c the connection
     * \param ctl control
     * \param offset the data's offset in the connection's endpoint
     * \param size its bytes
     * \return the message for the connection's peer, with the data read from the endpoint now
     */
    Ptr<Packet> ReadMessage(const DartConnection& c,
                            const DartControl& ctl,
                            uint32_t offset,
                            uint32_t size) const;
    /// Store the oldest waiting send's Send Registers, if no store is crossing the bus.
    void StoreNextSend();
    /// The Send Registers of a connection landed.
    void SendRegistersLanded(uint16_t vci, uint64_t offset, const uint8_t* data, uint32_t len);
    /// Send-side work on the card, then the message to the fabric.
    void CardSend(uint16_t vci, DartControl ctl, uint32_t offset, uint32_t size, Time start);
    /// Translate the oldest worked send's pages, if no translation is under way; then its DMA.
    void TranslateNext();

    DartCard& m_dev;                          //!< the device
    DartEngine& m_engine;                     //!< who works
    DartAddressTranslation& m_translation;    //!< the TLB
    const DartConnectionTable& m_connections; //!< Connection Table
    const DartEndpointTable& m_endpoints;     //!< Endpoint Table
    /// \param vci a connection \return its Send Registers (made at its first send)
    Ptr<HostPioWindow> SendRegisters(uint16_t vci);

    /// Send Registers per VCI (null until its first send): the table's size, storage for its
    /// pages in use
    SanSparseArray<Ptr<HostPioWindow>> m_registers;
    SanFifo<PendingSend> m_storeQueue;     //!< sends in program order, not yet stored
    bool m_storing{false};                 //!< a send's stores are crossing the bus
    SanFifo<Translating> m_translateQueue; //!< worked sends, in order, not translated
    bool m_translating{false};             //!< a send's translation is under way
};

} // namespace ns3

#endif /* DART_SEND_PATH_H */
