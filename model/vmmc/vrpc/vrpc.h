/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef VRPC_H
#define VRPC_H

#include "vrpc-connection.h"
#include "vrpc-xdr.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <functional>
#include <map>
#include <vector>

namespace ns3
{

class VrpcServer;

/**
 * \ingroup san
 * \brief VRPC's client side (Felten et al. 1996, section 4.2): Sun RPC (RFC 1057) with the
 * network layer replaced by VMMC and the stream layer folded into XDR (VrpcConnection). The
 * stub is unchanged: it hands the XDR-encoded arguments to the runtime and gets the results'
 * stream back; its work and the runtime's are the paper's measured pieces ("CallTime",
 * "ReturnTime"), so the null call's round trip is what the simulation predicts.
 *
 * One call is outstanding at a time (the caller is blocked in clnt_call); the reply whose xid
 * matches the call's is taken, others are discarded (RFC 1057, section 8).
 */
class VrpcClient : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    VrpcClient();
    ~VrpcClient() override;

    /// The result of a call: ok (a reply accepted and matched), accept_stat, the results.
    typedef std::function<void(bool, uint32_t, std::vector<uint8_t>)> CallDone;

    /**
     * \brief Bind a client on \p ep to \p server (clnt_create): two mappings, one each way.
     * The exchange of export ids stands for the binding's set-up (off the measured path).
     * \param ep the client process's VMMC
     * \param server the server (not yet serving a client)
     * \param done called with the client
     * \param transfer how both directions send records (Figure 5's AU and DU versions)
     * \param receiverCopy whether both receivers copy a record's body out of the queue
     */
    static void Bind(Ptr<VmmcEndpoint> ep,
                     Ptr<VrpcServer> server,
                     std::function<void(Ptr<VrpcClient>)> done,
                     VrpcConnection::Transfer transfer = VrpcConnection::AUTOMATIC_UPDATE,
                     bool receiverCopy = true);

    /**
     * \brief Call procedure \p proc.
     * \param proc the procedure
     * \param args the arguments, XDR-encoded by the stub
     * \param done the result (ok false: another call outstanding, the record too large, or a
     *        reply that does not decode)
     */
    void Call(uint32_t proc, const XdrEncoder& args, CallDone done);

    /// \return the program and version called
    uint32_t GetProgram() const;
    /// \return replies discarded for a wrong xid
    uint64_t GetNStaleReplies() const;
    /// \return the xid of the last call
    uint32_t GetLastXid() const;

  protected:
    void DoDispose() override;

  private:
    /// Wait for the reply to \p xid.
    void AwaitReply(uint32_t xid, CallDone done);

    Ptr<VrpcConnection> m_conn; //!< the stream
    uint32_t m_prog{0};         //!< program
    uint32_t m_vers{0};         //!< version
    uint32_t m_nextXid{1};      //!< next transaction id
    uint32_t m_lastXid{0};      //!< last call's
    bool m_busy{false};         //!< a call is outstanding
    uint64_t m_stale{0};        //!< stale replies
    Time m_callTime;            //!< attribute
    Time m_returnTime;          //!< attribute
};

/**
 * \ingroup san
 * \brief VRPC's server side: svc_run polling its incoming queue, decoding the call header,
 * dispatching to the registered procedure, and replying through its outgoing queue. One
 * client per server process (a second would need a second poll loop).
 */
class VrpcServer : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    VrpcServer();
    ~VrpcServer() override;

    /// A procedure: decode the arguments, encode the results; false: garbage arguments.
    typedef std::function<bool(XdrDecoder&, XdrEncoder&)> Procedure;

    /**
     * \param ep the server process's VMMC
     * \param prog program number
     * \param vers version
     */
    void Setup(Ptr<VmmcEndpoint> ep, uint32_t prog, uint32_t vers);
    /// \param proc a procedure number \param p its implementation
    void Register(uint32_t proc, Procedure p);

    /// \return the program
    uint32_t GetProgram() const;
    /// \return the version
    uint32_t GetVersion() const;
    /// \return calls served
    uint64_t GetNCalls() const;
    /// \param on before each reply, also send one with a wrong xid (a confused server: tests)
    void SetStaleReplies(bool on);

  protected:
    void DoDispose() override;

  private:
    friend class VrpcClient;
    /// \return the server's connection (created for its client)
    Ptr<VrpcConnection> GetConnection();
    /// svc_run: take the next call.
    void Serve();
    /// \param record a call record
    void Dispatch(std::vector<uint8_t> record);

    Ptr<VmmcEndpoint> m_ep;                //!< the process's VMMC
    Ptr<VrpcConnection> m_conn;            //!< its client's stream
    uint32_t m_prog{0};                    //!< program
    uint32_t m_vers{0};                    //!< version
    std::map<uint32_t, Procedure> m_procs; //!< by number
    uint64_t m_calls{0};                   //!< calls served
    bool m_stale{false};                   //!< send stale replies
    Time m_headerTime;                     //!< attribute
};

} // namespace ns3

#endif /* VRPC_H */
