/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "vrpc.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Vrpc");

NS_OBJECT_ENSURE_REGISTERED(VrpcClient);
NS_OBJECT_ENSURE_REGISTERED(VrpcServer);

namespace
{
/// Bytes of an accepted reply's header (xid, type, stat, verifier, accept_stat).
constexpr uint32_t REPLY_HEADER_BYTES = 24;
/// Bytes of a call's header with AUTH_NULL (RFC 1057).
constexpr uint32_t CALL_HEADER_BYTES = 40;
} // namespace

TypeId
VrpcClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VrpcClient")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<VrpcClient>()
            // Section 4.2: "About 7 usecs are spent in preparing the header and making the
            // call" (the stub and the runtime, before the first store into the queue).
            .AddAttribute("CallTime",
                          "Client processor time to prepare the call header and make the call.",
                          TimeValue(MicroSeconds(7)),
                          MakeTimeAccessor(&VrpcClient::m_callTime),
                          MakeTimeChecker(Seconds(0)))
            // Section 4.2: "1-2 usecs in returning from the call": the middle, 1.5 us.
            .AddAttribute("ReturnTime",
                          "Client processor time to return from the call once the reply is in.",
                          TimeValue(NanoSeconds(1500)),
                          MakeTimeAccessor(&VrpcClient::m_returnTime),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

VrpcClient::VrpcClient() = default;

VrpcClient::~VrpcClient() = default;

void
VrpcClient::DoDispose()
{
    m_conn = nullptr;
    Object::DoDispose();
}

void
VrpcClient::Bind(Ptr<VmmcEndpoint> ep,
                 Ptr<VrpcServer> server,
                 std::function<void(Ptr<VrpcClient>)> done,
                 VrpcConnection::Transfer transfer,
                 bool receiverCopy)
{
    NS_ABORT_MSG_IF(ep == nullptr || server == nullptr || server->m_ep == nullptr,
                    "VrpcClient::Bind: needs a client endpoint and a set-up server");
    NS_ABORT_MSG_IF(server->m_conn != nullptr, "VrpcClient::Bind: the server has a client");
    Ptr<VrpcClient> client = CreateObject<VrpcClient>();
    client->m_conn = CreateObject<VrpcConnection>();
    client->m_prog = server->GetProgram();
    client->m_vers = server->GetVersion();
    Ptr<VrpcConnection> theirs = server->GetConnection();
    Ptr<VrpcConnection> ours = client->m_conn;
    for (const Ptr<VrpcConnection>& c : {ours, theirs})
    {
        c->SetAttribute("Transfer", EnumValue(transfer));
        c->SetAttribute("ReceiverCopy", BooleanValue(receiverCopy));
    }
    Ptr<VmmcEndpoint> sep = server->m_ep;
    ours->Open(ep, [=](uint32_t ourId) {
        theirs->Open(sep, [=](uint32_t theirId) {
            theirs->Attach(ep->GetHostNumber(), ourId, [=](bool ok) {
                NS_ABORT_MSG_UNLESS(ok, "VrpcClient::Bind: the server could not map the client");
                ours->Attach(sep->GetHostNumber(), theirId, [=](bool ok2) {
                    NS_ABORT_MSG_UNLESS(ok2, "VrpcClient::Bind: could not map the server");
                    server->Serve();
                    if (done)
                    {
                        done(client);
                    }
                });
            });
        });
    });
}

uint32_t
VrpcClient::GetProgram() const
{
    return m_prog;
}

uint64_t
VrpcClient::GetNStaleReplies() const
{
    return m_stale;
}

uint32_t
VrpcClient::GetLastXid() const
{
    return m_lastXid;
}

void
VrpcClient::Call(uint32_t proc, const XdrEncoder& args, CallDone done)
{
    if (m_busy || m_conn == nullptr)
    {
        NS_LOG_WARN("VrpcClient::Call: a call is outstanding (or the client is not bound)");
        if (done)
        {
            Simulator::ScheduleNow([done]() { done(false, 0, {}); });
        }
        return;
    }
    m_busy = true;
    const uint32_t xid = m_nextXid++;
    m_lastXid = xid;
    RpcHeader h;
    h.xid = xid;
    h.msgType = RpcHeader::CALL;
    h.prog = m_prog;
    h.vers = m_vers;
    h.proc = proc;
    XdrEncoder record;
    h.Encode(record);
    const std::vector<uint8_t>& a = args.GetBytes();
    record.PutFixedOpaque(a.data(), static_cast<uint32_t>(a.size()));
    const std::vector<uint8_t> bytes = record.GetBytes();
    Ptr<VmmcEndpoint> ep = m_conn->GetEndpoint();
    ep->GetCpu()->Execute(m_callTime, MakeSanCallback<void>([this, bytes, xid, done]() {
                              m_conn->Send(bytes, [this, xid, done](bool ok) {
                                  if (!ok)
                                  {
                                      m_busy = false;
                                      if (done)
                                      {
                                          done(false, 0, {});
                                      }
                                      return;
                                  }
                                  AwaitReply(xid, done);
                              });
                          }));
}

void
VrpcClient::AwaitReply(uint32_t xid, CallDone done)
{
    m_conn->Receive(REPLY_HEADER_BYTES, [this, xid, done](std::vector<uint8_t> record) {
        XdrDecoder d(record.data(), static_cast<uint32_t>(record.size()));
        RpcHeader h;
        const bool ok = h.Decode(d);
        if (ok && h.msgType == RpcHeader::REPLY && h.xid != xid)
        {
            ++m_stale; // an old or foreign reply: discarded, keep waiting
            AwaitReply(xid, done);
            return;
        }
        std::vector<uint8_t> results(record.begin() + d.GetPosition(), record.end());
        const bool accepted =
            ok && h.msgType == RpcHeader::REPLY && h.replyStat == RpcHeader::MSG_ACCEPTED;
        const uint32_t stat = h.acceptStat;
        m_conn->GetEndpoint()->GetCpu()->Execute(
            m_returnTime,
            MakeSanCallback<void>([this, accepted, stat, results, done]() {
                m_busy = false;
                if (done)
                {
                    done(accepted, stat, results);
                }
            }));
    });
}

TypeId
VrpcServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VrpcServer")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<VrpcServer>()
            // Section 4.2: "the remaining 5-6 usecs in processing the header": the middle,
            // 5.5 us, charged at the server for decoding the call's header, dispatching and
            // building the reply's.
            .AddAttribute("HeaderTime",
                          "Server processor time to process the call header and build the "
                          "reply header.",
                          TimeValue(NanoSeconds(5500)),
                          MakeTimeAccessor(&VrpcServer::m_headerTime),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

VrpcServer::VrpcServer() = default;

VrpcServer::~VrpcServer() = default;

void
VrpcServer::DoDispose()
{
    m_conn = nullptr;
    m_ep = nullptr;
    m_procs.clear();
    Object::DoDispose();
}

void
VrpcServer::Setup(Ptr<VmmcEndpoint> ep, uint32_t prog, uint32_t vers)
{
    NS_ABORT_MSG_IF(ep == nullptr, "VrpcServer::Setup: no VMMC endpoint");
    m_ep = ep;
    m_prog = prog;
    m_vers = vers;
}

void
VrpcServer::Register(uint32_t proc, Procedure p)
{
    m_procs[proc] = p;
}

uint32_t
VrpcServer::GetProgram() const
{
    return m_prog;
}

uint32_t
VrpcServer::GetVersion() const
{
    return m_vers;
}

uint64_t
VrpcServer::GetNCalls() const
{
    return m_calls;
}

void
VrpcServer::SetStaleReplies(bool on)
{
    m_stale = on;
}

Ptr<VrpcConnection>
VrpcServer::GetConnection()
{
    if (m_conn == nullptr)
    {
        m_conn = CreateObject<VrpcConnection>();
    }
    return m_conn;
}

void
VrpcServer::Serve()
{
    m_conn->Receive(CALL_HEADER_BYTES,
                    [this](std::vector<uint8_t> record) { Dispatch(std::move(record)); });
}

void
VrpcServer::Dispatch(std::vector<uint8_t> record)
{
    m_ep->GetCpu()->Execute(m_headerTime, MakeSanCallback<void>([this, record]() {
                                XdrDecoder d(record.data(), static_cast<uint32_t>(record.size()));
                                RpcHeader call;
                                if (!call.Decode(d) || call.msgType != RpcHeader::CALL)
                                {
                                    NS_LOG_WARN("VrpcServer: a record that is not a call; dropped");
                                    Serve();
                                    return;
                                }
                                ++m_calls;
                                RpcHeader reply;
                                reply.xid = call.xid;
                                reply.msgType = RpcHeader::REPLY;
                                reply.replyStat = RpcHeader::MSG_ACCEPTED;
                                XdrEncoder results;
                                auto it = m_procs.find(call.proc);
                                if (call.prog != m_prog)
                                {
                                    reply.acceptStat = RpcHeader::PROG_UNAVAIL;
                                }
                                else if (call.vers != m_vers)
                                {
                                    reply.acceptStat = RpcHeader::PROG_MISMATCH;
                                    reply.mismatchLow = m_vers;
                                    reply.mismatchHigh = m_vers;
                                }
                                else if (it == m_procs.end())
                                {
                                    reply.acceptStat = RpcHeader::PROC_UNAVAIL;
                                }
                                else
                                {
                                    // The server stub: decode the arguments, run the procedure,
                                    // encode the results.
                                    reply.acceptStat = it->second(d, results)
                                                           ? RpcHeader::SUCCESS
                                                           : RpcHeader::GARBAGE_ARGS;
                                }
                                XdrEncoder out;
                                reply.Encode(out);
                                if (reply.acceptStat == RpcHeader::SUCCESS)
                                {
                                    const std::vector<uint8_t>& r = results.GetBytes();
                                    out.PutFixedOpaque(r.data(), static_cast<uint32_t>(r.size()));
                                }
                                const std::vector<uint8_t> bytes = out.GetBytes();
                                auto send = [this, bytes]() {
                                    m_conn->Send(bytes, [this](bool ok) {
                                        if (!ok)
                                        {
                                            NS_LOG_WARN(
                                                "VrpcServer: the reply does not fit the queue");
                                        }
                                        Serve();
                                    });
                                };
                                if (!m_stale)
                                {
                                    send();
                                    return;
                                }
                                XdrEncoder wrong;
                                RpcHeader w = reply;
                                w.xid = reply.xid + 1000;
                                w.Encode(wrong);
                                m_conn->Send(wrong.GetBytes(), [send](bool) { send(); });
                            }));
}

} // namespace ns3
