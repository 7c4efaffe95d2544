/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_HEADER_H
#define DART_HEADER_H

#include "dart-operation.h"

#include "ns3/header.h"
#include "ns3/trailer.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The 16 bytes of control at the start of a DART control cell (Osborne 1994, Figure 3):
 * the 48-byte payload of the first cell carries them and 32 bytes of data.
 *
 * The connection (VCI) travels in the ATM cell header, whose 5 bytes the fabric's Cell mode
 * charges on the wire for every cell (CellSize - CellPayload) but does not carry; this model
 * keeps the VCI in two of the control word's bytes instead, so the packet parses on its own and
 * the 48-byte payload stays exactly 16 + 32 bytes.
 */
class DartHeader : public Header
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    DartHeader();
    /// \param ctl control information \param vci the destination's connection
    DartHeader(const DartControl& ctl, uint16_t vci);

    /// \return the control information
    const DartControl& GetControl() const;
    /// \param ctl the control information
    void SetControl(const DartControl& ctl);
    /// \return the connection at the destination
    uint16_t GetVci() const;
    /// \param vci the connection at the destination
    void SetVci(uint16_t vci);

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    DartControl m_control; //!< control information
    uint16_t m_vci;        //!< connection
};

/**
 * \ingroup san
 * \brief The AAL5 trailer that ends a multi-cell DART message (ITU-T I.363.5): CPCS-UU and CPI
 * (one byte each), the length of the data (two bytes) and a CRC-32 (four bytes). A multi-cell
 * message is a control cell (16 bytes of control, the first 32 bytes of data) followed by AAL5
 * cells of 48 data bytes, the last padded so that the trailer ends it.
 */
class DartAal5Trailer : public Trailer
{
  public:
    /// Bytes of the trailer.
    static constexpr uint32_t BYTES = 8;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    DartAal5Trailer();

    /// \return bytes of data in the message
    uint16_t GetLength() const;
    /// \param length bytes of data in the message
    void SetLength(uint16_t length);

    /**
     * \param dataBytes bytes of data in a multi-cell message
     * \return padding bytes between the data and the trailer, so that control + data + padding
     * + trailer fills whole 48-byte cell payloads
     */
    static uint32_t GetPadding(uint32_t dataBytes);

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    uint16_t m_length; //!< data bytes
};

} // namespace ns3

#endif /* DART_HEADER_H */
