/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_RPC_BINDING_H
#define SHRIMP_RPC_BINDING_H

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One SHRIMP RPC binding (Felten et al. 1996, section 5): a client process, a server
 * process, one procedure, and a buffer on each side joined by a bidirectional automatic
 * update binding (each side exports its buffer and binds it, with combining and the timer,
 * to the other's).
 *
 * Frame layout (what the stub generator fixes per procedure): OUT-only arguments first,
 * then the IN and INOUT ones, then the flag word, the whole frame ending at the buffer's
 * last word. The client stub marshals IN and INOUT arguments consecutively into its buffer
 * and writes the flag right after them, so the hardware combines arguments and flag into
 * one packet; since the flag is the page's last word, the card closes that packet at once
 * (a combined packet ends at a page boundary) instead of holding it for its timer.
 *
 * The server polls its copy of the flag, then calls the procedure with the addresses of
 * the arguments in its own buffer (passed by reference). OUT and INOUT values the procedure
 * stores there (VmmcEndpoint::Store, Copy) travel to the client by automatic update while
 * it computes; then the server stub writes the flag's "done" value. The client copies the
 * OUT and INOUT values from its buffer to the caller's variables and returns.
 *
 * The stub generator's work is the per-type marshalling cost ("Int32MarshalInstructions",
 * ...), paid per argument on each side that handles it. The server process polls for calls
 * from Setup on and holds its processor while it waits (section 6: polling).
 */
class ShrimpRpcBinding : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ShrimpRpcBinding();
    ~ShrimpRpcBinding() override;

    /// An argument's type (as the interface definition names it).
    enum Type
    {
        INT32,  //!< 4 bytes
        DOUBLE, //!< 8 bytes
        OPAQUE, //!< a fixed-size byte array (a multiple of 4 bytes), marshalled by a copy
    };

    /// Which way an argument goes.
    enum Direction
    {
        IN,    //!< client to server
        OUT,   //!< server to client
        INOUT, //!< both
    };

    /// One argument of the procedure.
    struct Argument
    {
        Type type{INT32};  //!< its type
        Direction dir{IN}; //!< its direction
        uint32_t bytes{4}; //!< its size (OPAQUE; INT32 and DOUBLE have theirs)
    };

    /**
     * The server procedure: (server endpoint, the arguments' addresses in the server's
     * buffer, the continuation to call when it returns). It does its own work on the
     * endpoint (Compute, Store, Copy).
     */
    typedef Callback<void, Ptr<VmmcEndpoint>, std::vector<uint64_t>, Callback<void>> Procedure;

    /**
     * \brief Establish the binding: buffers, exports, imports, bindings; then the server
     * waits for calls.
     * \param client the client process
     * \param server the server process (on another node)
     * \param args the procedure's arguments
     * \param procedure the server procedure
     * \param ready called when calls may be made
     */
    void Setup(Ptr<VmmcEndpoint> client,
               Ptr<VmmcEndpoint> server,
               const std::vector<Argument>& args,
               Procedure procedure,
               Callback<void> ready);

    /**
     * \brief Call the procedure (one call at a time).
     * \param values one client address per argument: IN and INOUT values are read there,
     *        OUT and INOUT results written there
     * \param done called when the call returns
     */
    void Call(const std::vector<uint64_t>& values, Callback<void> done);

    /// \param i an argument \return its address in the client's buffer
    uint64_t GetClientArgument(uint32_t i) const;
    /// \param i an argument \return its address in the server's buffer
    uint64_t GetServerArgument(uint32_t i) const;
    /// \return the flag's address in the client's buffer
    uint64_t GetClientFlag() const;
    /// \return the flag's address in the server's buffer
    uint64_t GetServerFlag() const;
    /// \return calls completed
    uint64_t GetNCalls() const;
    /// \param a an argument \return the stub's instructions to marshal or unmarshal it
    double GetMarshalInstructions(const Argument& a) const;

  protected:
    void DoDispose() override;

  private:
    /// The server waits for call \p seq.
    void Serve(uint32_t seq);

    Ptr<VmmcEndpoint> m_client;      //!< client process
    Ptr<VmmcEndpoint> m_server;      //!< server process
    std::vector<Argument> m_args;    //!< the arguments
    std::vector<uint32_t> m_offsets; //!< each argument's offset in the buffers
    uint32_t m_flagOffset{0};        //!< the flag's offset
    uint32_t m_bufferBytes{0};       //!< each buffer's size (whole pages)
    uint64_t m_clientBuffer{0};      //!< the client's buffer
    uint64_t m_serverBuffer{0};      //!< the server's buffer
    Procedure m_procedure;           //!< the server procedure
    uint32_t m_seq{0};               //!< calls made
    bool m_calling{false};           //!< a call is in progress
    uint64_t m_calls{0};             //!< calls completed

    double m_clientCallInstructions;
    double m_clientReturnInstructions;
    double m_serverDispatchInstructions;
    double m_serverReturnInstructions;
    double m_int32Instructions;
    double m_doubleInstructions;
    double m_opaqueInstructions;
};

} // namespace ns3

#endif /* SHRIMP_RPC_BINDING_H */
