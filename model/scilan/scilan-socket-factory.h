/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_SOCKET_FACTORY_H
#define SCILAN_SOCKET_FACTORY_H

#include "ns3/ptr.h"
#include "ns3/socket-factory.h"

namespace ns3
{

class ScilanStack;

/**
 * \ingroup san
 * \brief Creates SCILAN sockets (ScilanSocket) on a node that ScilanHelper set up. An
 * application whose socket type is an attribute (BulkSend, PacketSink, OnOff: "Protocol")
 * runs over SCILAN with "ns3::ScilanSocketFactory", as unmodified WinSock binaries did
 * (Ryan and Bryhni 1998, section 3.1).
 */
class ScilanSocketFactory : public SocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \param stack the host's SCILAN
    void SetStack(Ptr<ScilanStack> stack);

    Ptr<Socket> CreateSocket() override;

  protected:
    void DoDispose() override;

  private:
    Ptr<ScilanStack> m_stack; //!< the host's SCILAN
};

} // namespace ns3

#endif /* SCILAN_SOCKET_FACTORY_H */
