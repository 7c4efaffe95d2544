/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_HEADER_H
#define SCI_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The header of an SCI packet between two PCI/SCI adapters (IEEE 1596-1992 send and
 * echo packets, reduced to the fields the model uses).
 *
 * Every request is a send packet of 16 header bytes (target and source node ids, command,
 * transaction id, a 48-bit address within the target node) followed by its data; the target
 * answers each one with an echo that tells the sender whether it was taken or must be sent
 * again (SCI's hardware retry). A read's data comes back in a response packet.
 */
class SciHeader : public Header
{
  public:
    /// Packet types.
    enum Type : uint8_t
    {
        WRITE_REQUEST = 0, //!< write the data at the address (a move of up to 64 bytes)
        READ_REQUEST = 1,  //!< read Length bytes at the address
        READ_RESPONSE = 2, //!< the data of a read, for its transaction id
        ECHO = 3,          //!< the target's answer to a request (Status)
    };

    /// An echo's verdict.
    enum Status : uint8_t
    {
        DONE = 0,  //!< taken
        RETRY = 1, //!< not taken (a corrupted packet): send it again
        ERROR = 2, //!< refused for good (no such address): the sender's error status
    };

    /// Header bytes of every packet.
    static constexpr uint32_t BYTES = 16;
    /// Largest address within a node (SCI: 48 bits below the 16-bit node id).
    static constexpr uint64_t MAX_ADDRESS = (uint64_t(1) << 48) - 1;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    SciHeader();

    /// \return the type
    Type GetType() const;
    /// \param type the type
    void SetType(Type type);
    /// \return ECHO: the verdict
    Status GetStatus() const;
    /// \param status ECHO: the verdict
    void SetStatus(Status status);
    /// \return the 16-bit id of the node that sent the packet
    uint16_t GetSourceNode() const;
    /// \param node the sender's node id
    void SetSourceNode(uint16_t node);
    /// \return the transaction id (a request's, echoed in its echo and response)
    uint16_t GetTransaction() const;
    /// \param id the transaction id
    void SetTransaction(uint16_t id);
    /// \return the address within the target node
    uint64_t GetAddress() const;
    /// \param address the address (at most MAX_ADDRESS; aborts otherwise)
    void SetAddress(uint64_t address);
    /// \return READ_REQUEST: bytes wanted
    uint16_t GetLength() const;
    /// \param length READ_REQUEST: bytes wanted
    void SetLength(uint16_t length);

    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

  private:
    Type m_type{WRITE_REQUEST}; //!< type
    Status m_status{DONE};      //!< echo verdict
    uint16_t m_source{0};       //!< sender node id
    uint16_t m_transaction{0};  //!< transaction id
    uint16_t m_length{0};       //!< read length
    uint64_t m_address{0};      //!< address within the target
};

} // namespace ns3

#endif /* SCI_HEADER_H */
