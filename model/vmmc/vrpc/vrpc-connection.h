/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef VRPC_CONNECTION_H
#define VRPC_CONNECTION_H

#include "ns3/object.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One end of VRPC's bidirectional stream (Felten et al. 1996, section 4.2, "Data
 * Structures"): a cyclic shared queue in each direction over a pair of mappings. Each end
 * exports its incoming queue: a control page whose 2 reserved words are a flag and the total
 * length written so far, then the data pages. Its outgoing queue is bound to the peer's by
 * automatic update (data pages combining with the timer, the control page not combining, so
 * the control stores close the data's packet): the XDR layer's stores into it are the send,
 * with no sender-side copy. Records carry RFC 1057's record mark (last fragment, length),
 * since the stream layer is folded into XDR.
 *
 * The receiver polls the flag (the library prefers polling, section 6), clears it, and takes
 * whole records; copying a record's body out of the queue is the receiver's copy.
 *
 * Figure 5's variants, counted as section 4 counts copies (an automatic update's stores are
 * the sender's copy): the transfer is automatic update (above) or deliberate update (the XDR
 * layer encodes into a private image of the queue, and two blocking deliberate updates send
 * the record and then the control words), and the receiver copies the body out of the queue
 * or, with ReceiverCopy false, decodes it in place (the "further optimization" of section
 * 4.2, which needs the server to consume a call before the next arrives, as one outstanding
 * call guarantees). AU with the copy is AU-2copy, without it AU-1copy; DU with the copy is
 * DU-1copy, without it DU-0copy.
 */
class VrpcConnection : public Object
{
  public:
    /// How a record reaches the peer's queue.
    enum Transfer
    {
        AUTOMATIC_UPDATE, //!< stores into the bound queue (the send is the stores)
        DELIBERATE_UPDATE //!< encoded into a private image, then deliberate updates
    };

    /// Control words.
    enum ControlWord
    {
        CTRL_FLAG = 0,   //!< set by the writer after each transfer
        CTRL_LENGTH = 4, //!< total bytes written, all transfers
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    VrpcConnection();
    ~VrpcConnection() override;

    /**
     * \brief Allocate and export the incoming queue.
     * \param ep the process's VMMC
     * \param done called with the export id
     */
    void Open(Ptr<VmmcEndpoint> ep, std::function<void(uint32_t)> done);
    /**
     * \brief Map the peer's incoming queue (import, bind).
     * \param host the peer's host
     * \param exportId its queue's export id
     * \param done called with false if refused
     */
    void Attach(uint32_t host, uint32_t exportId, std::function<void(bool)> done);

    /**
     * \brief Send one record: its mark, then \p bytes, stored into the bound queue, then the
     * length and flag words.
     * \param bytes the XDR stream (header and arguments or results)
     * \param done called with false if the record is larger than the queue, or (deliberate
     *        update) not whole words
     */
    void Send(const std::vector<uint8_t>& bytes, std::function<void(bool)> done);
    /**
     * \brief Wait (polling) for the next whole record and take it.
     * \param uncopied bytes at its start the caller reads in place (the header) rather than
     *        copying out
     * \param done called with the record's bytes
     */
    void Receive(uint32_t uncopied, std::function<void(std::vector<uint8_t>)> done);

    /// \return the queue's data bytes
    uint32_t GetQueueBytes() const;
    /// \return the endpoint
    Ptr<VmmcEndpoint> GetEndpoint() const;
    /// \return how records are sent
    Transfer GetTransfer() const;
    /// \return whether the receiver copies a record's body out of the queue
    bool GetReceiverCopy() const;

  protected:
    void DoDispose() override;

  private:
    /// \return bytes of whole records waiting, or 0 \param[out] len the first one's body
    bool RecordReady(uint32_t& len) const;
    /// Take the first record. \param uncopied \param done
    void Take(uint32_t uncopied, std::function<void(std::vector<uint8_t>)> done);
    /// \param pos queue position \param out bytes \param n count (wraps)
    void ReadQueue(uint32_t pos, uint8_t* out, uint32_t n) const;
    /// Automatic update: store \p record into the bound queue, then the control words.
    void SendAutomatic(std::shared_ptr<std::vector<uint8_t>> record,
                       std::function<void(bool)> done);
    /// Deliberate update: encode \p record into the private image, send it, then the control
    /// words.
    void SendDeliberate(std::shared_ptr<std::vector<uint8_t>> record,
                        std::function<void(bool)> done);

    Ptr<VmmcEndpoint> m_ep; //!< the process's VMMC
    uint32_t m_queueBytes;  //!< attribute
    Transfer m_transfer;    //!< attribute
    bool m_receiverCopy;    //!< attribute
    uint64_t m_in{0};       //!< incoming queue (control page, then data)
    uint64_t m_out{0};      //!< outgoing queue: bound to the peer's, or its private image
    uint64_t m_user{0};     //!< user memory the receiver copies into
    int32_t m_handle{-1};   //!< import of the peer's queue
    uint32_t m_written{0};  //!< total bytes written to the peer
    uint32_t m_read{0};     //!< total bytes taken from ours
};

} // namespace ns3

#endif /* VRPC_CONNECTION_H */
