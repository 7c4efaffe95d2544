/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_SETTINGS_H
#define NX_SETTINGS_H

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief The parameters of one NX process, shared read-only by its protocol parts
 * (NxConnections, NxSender, NxReceiver, NxZeroCopy). NxProcess's attributes fill it when the
 * process is set up (NxGroup::Create, after its factory has set them); the attributes'
 * documentation and sources are there.
 */
struct NxSettings
{
    /// How one-copy messages travel (NxProcess::Variant).
    enum Variant
    {
        AU,       //!< automatic update: marshal header and data in the bound send buffer
        DU_1COPY, //!< deliberate update of the data from user memory, then of the header
        DU_2COPY, //!< copy the data next to the header, one deliberate update of both
    };

    Variant variant{AU};                //!< "Variant"
    uint32_t packetBuffers{0};          //!< "PacketBuffers"
    uint32_t packetBufferBytes{0};      //!< "PacketBufferBytes"
    uint32_t threshold{0};              //!< "ZeroCopyThreshold"
    uint32_t copyChunk{0};              //!< "BackgroundCopyChunk"
    double sendCallInstructions{0};     //!< "SendCallInstructions"
    double receiveCallInstructions{0};  //!< "ReceiveCallInstructions"
    double bufferSearchInstructions{0}; //!< "BufferSearchInstructions"
    double headerInstructions{0};       //!< "HeaderInstructions"
    double matchInstructions{0};        //!< "MatchInstructions"
    double consumeInstructions{0};      //!< "ConsumeInstructions"
    double creditInstructions{0};       //!< "CreditInstructions"
    double scoutReplyInstructions{0};   //!< "ScoutReplyInstructions"
    double zeroCopyInstructions{0};     //!< "ZeroCopyInstructions"
    double copyCheckInstructions{0};    //!< "CopyCheckInstructions"
    double requestInstructions{0};      //!< "RequestInstructions"
};

} // namespace ns3

#endif /* NX_SETTINGS_H */
