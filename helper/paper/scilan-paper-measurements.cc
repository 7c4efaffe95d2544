/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ScilanPaperExperiments' measurements: the cluster, the copy benchmarks, streams and
// ping-pongs that the rows and figures (scilan-paper-experiments.cc) are made of.

#include "san-results-writer.h"
#include "sci-scenario.h"
#include "scilan-paper-experiments.h"
#include "scilan-tcp-baselines.h"

#include "ns3/boolean.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-memory.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/scilan-helper.h"
#include "ns3/scilan-socket-factory.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>

namespace ns3
{

namespace
{

/// Whether measurements are reused (ScilanPaperExperiments::SetReuse).
bool g_scilanReuse = false;

/// \return the measurements kept for reuse, by key
std::map<std::string, double>&
ScilanReused()
{
    static std::map<std::string, double> kept;
    return kept;
}

/// \param config a configuration \return every field of it, as text (a reuse key's part)
std::string
ScilanConfigKey(const ScilanPaperExperiments::Config& config)
{
    std::ostringstream key;
    key << config.preset << "," << config.polling << "," << config.mtu << "," << config.receiverCopy
        << "," << config.hosts << "," << config.ring << "," << config.ringBytes;
    return key.str();
}

} // namespace

void
ScilanPaperExperiments::SetReuse(bool reuse)
{
    g_scilanReuse = reuse;
    if (!reuse)
    {
        ScilanReused().clear();
    }
}

bool
ScilanPaperExperiments::Recall(const std::string& key, double& value)
{
    if (!g_scilanReuse)
    {
        return false;
    }
    auto it = ScilanReused().find(key);
    if (it == ScilanReused().end())
    {
        return false;
    }
    value = it->second;
    return true;
}

void
ScilanPaperExperiments::Remember(const std::string& key, double value)
{
    if (g_scilanReuse)
    {
        ScilanReused()[key] = value;
    }
}

std::map<std::string, double>
ScilanPaperExperiments::GetKept()
{
    return ScilanReused();
}

void
ScilanPaperExperiments::Keep(const std::map<std::string, double>& kept)
{
    if (g_scilanReuse)
    {
        ScilanReused().insert(kept.begin(), kept.end());
    }
}

std::unique_ptr<SciScenario>
ScilanPaperExperiments::BuildCluster(const Config& config)
{
    SciScenario::Spec spec = SciScenario::Configure(config.hosts, config.ring);
    spec.hostPreset = config.preset;
    auto s = std::make_unique<SciScenario>(spec);
    ScilanHelper scilan;
    scilan.SetStackAttribute("Polling", BooleanValue(config.polling));
    scilan.SetStackAttribute("Mtu", UintegerValue(config.mtu));
    scilan.SetStackAttribute("ReceiverCopy", BooleanValue(config.receiverCopy));
    scilan.SetStackAttribute("RingBytes", UintegerValue(config.ringBytes));
    scilan.Install(s->GetHosts());
    return s;
}

namespace
{

/// \param s a cluster \param i a host \return a new SCILAN socket on it
Ptr<Socket>
NewSocket(const SciScenario& s, uint32_t i)
{
    return Socket::CreateSocket(s.GetHosts().Get(i), ScilanSocketFactory::GetTypeId());
}

/// One stream: a sender that keeps send() busy and a receiver that reads all it can.
struct Stream
{
    uint32_t size{0};                  //!< bytes per send()
    uint64_t total{0};                 //!< bytes to move
    uint64_t sent{0};                  //!< bytes handed to send()
    uint64_t received{0};              //!< bytes read
    uint64_t markBytes{0};             //!< bytes read when the measurement began
    Time mark;                         //!< when it began (a quarter of the way)
    Time end;                          //!< when the last byte was read
    Ptr<Socket> tx;                    //!< sending socket
    std::vector<Ptr<Socket>> accepted; //!< receiving sockets

    /// Send what fits.
    void Fill(Ptr<Socket>, uint32_t)
    {
        while (sent < total && tx->Send(Create<Packet>(size)) >= 0)
        {
            sent += size;
        }
    }

    /// Read everything there is.
    void Read(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            received += p->GetSize();
            if (mark.IsZero() && received >= total / 4)
            {
                mark = Simulator::Now();
                markBytes = received;
            }
            if (received >= total && end.IsZero())
            {
                end = Simulator::Now();
            }
        }
    }

    /// \return steady-state MB/s (from a quarter of the stream to its end)
    double MBps() const
    {
        if (end.IsZero() || end <= mark)
        {
            return std::nan("");
        }
        return (received - markBytes) / (end - mark).GetSeconds() / 1e6;
    }

    /// Start: \p from connects to \p to's port \p port.
    void Start(const SciScenario& s, uint32_t from, uint32_t to, uint16_t port)
    {
        Ptr<Socket> listener = NewSocket(s, to);
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeSanCallback<void, Ptr<Socket>, const Address&>(
                                        [this](Ptr<Socket> a, const Address&) {
                                            accepted.push_back(a);
                                            a->SetRecvCallback(MakeCallback(&Stream::Read, this));
                                        }));
        accepted.push_back(listener);
        tx = NewSocket(s, from);
        tx->SetConnectCallback(MakeSanCallback<void, Ptr<Socket>>([this](Ptr<Socket>) {
                                   tx->SetSendCallback(MakeCallback(&Stream::Fill, this));
                                   Fill(tx, 0);
                               }),
                               MakeNullCallback<void, Ptr<Socket>>());
        tx->Connect(InetSocketAddress(ScilanHelper::GetAddress(s.GetHosts().Get(to)), port));
    }
};

/// \param size message size \return bytes a stream moves (many times the 64 KB ring)
uint64_t
StreamBytes(uint32_t size)
{
    const uint64_t target = SanResultsWriter::IsQuick() ? (1u << 20) : (2u << 20);
    return std::max<uint64_t>(target / size, 32) * size;
}

/// A ping-pong of fixed-size messages.
struct PingPong
{
    uint32_t size{0};              //!< bytes each way
    uint32_t rounds{0};            //!< rounds to time
    uint32_t warmup{0};            //!< rounds before
    uint32_t done{0};              //!< rounds finished
    uint64_t clientGot{0};         //!< bytes of the current reply
    uint64_t serverGot{0};         //!< bytes of the current request
    Time start;                    //!< when the timed rounds began
    Time end;                      //!< when they ended
    Ptr<Socket> client;            //!< client socket
    std::vector<Ptr<Socket>> keep; //!< server sockets

    /// The client sends a request.
    void Ask()
    {
        if (done == warmup)
        {
            start = Simulator::Now();
        }
        client->Send(Create<Packet>(size));
    }

    /// The client reads the reply.
    void ClientRead(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            clientGot += p->GetSize();
        }
        if (clientGot < size)
        {
            return;
        }
        clientGot -= size;
        if (++done == warmup + rounds)
        {
            end = Simulator::Now();
            return;
        }
        Ask();
    }

    /// The server answers a whole request.
    void ServerRead(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            serverGot += p->GetSize();
        }
        while (serverGot >= size)
        {
            serverGot -= size;
            s->Send(Create<Packet>(size));
        }
    }
};

} // namespace

double
ScilanPaperExperiments::RemoteCopyMBps(uint32_t size, bool readSource, const std::string& preset)
{
    const std::string key = "RemoteCopyMBps:" + std::to_string(size) + "," +
                            std::to_string(readSource) + "," + preset + "," +
                            std::to_string(SanResultsWriter::IsQuick());
    double kept = 0;
    if (Recall(key, kept))
    {
        return kept;
    }
    SciScenario::Spec spec = SciScenario::Configure(2);
    spec.hostPreset = preset;
    SciScenario s(spec);
    const uint64_t regionBytes = 1 << 20;
    Ptr<SanHost> receiver = s.GetHost(1);
    const uint64_t region = receiver->GetMemory()->Allocate(regionBytes, "target");
    const uint64_t mapped =
        s.nics[0]->Map(s.nics[1]->GetNodeId(), s.nics[1]->Export(region, regionBytes), regionBytes);
    Ptr<HostMemorySystem> ms = s.GetHost(0)->GetMemorySystem();
    NS_ABORT_MSG_IF(ms == nullptr, "RemoteCopyMBps: the preset models no memory system");
    const uint32_t copies = static_cast<uint32_t>(
        std::max<uint64_t>(8, (SanResultsWriter::IsQuick() ? 256 : 1024) * 1024 / size));
    Time end;
    Ptr<SciNetDevice> nic = s.nics[0];
    // A loop of copies: each takes the processor when the one before has issued its last
    // store; the transfers are checked once at the end.
    for (uint32_t i = 0; i < copies; ++i)
    {
        const uint64_t at = (uint64_t(i) * size) % (regionBytes - size + 1);
        Callback<void> done;
        if (i + 1 == copies)
        {
            done = MakeSanCallback<void>([nic, &end]() {
                nic->CheckTransfers(
                    SciNetDevice::CheckCallback([&end](bool) { end = Simulator::Now(); }));
            });
        }
        ms->CopyToDevice(nullptr, size, readSource, nic->GetStoreSink(mapped + at), done);
    }
    Simulator::Run();
    Simulator::Destroy();
    const double mbps = double(copies) * size / end.GetSeconds() / 1e6;
    Remember(key, mbps);
    return mbps;
}

double
ScilanPaperExperiments::ReceiverCopyMBps(const std::string& preset)
{
    const std::string key = "ReceiverCopyMBps:" + preset;
    double kept = 0;
    if (Recall(key, kept))
    {
        return kept;
    }
    SciScenario::Spec spec = SciScenario::Configure(2);
    spec.hostPreset = preset;
    SciScenario s(spec);
    const uint64_t bytes = 1 << 20;
    Time end;
    s.GetHost(1)->GetMemorySystem()->Copy(bytes, MakeSanCallback<void>([&end]() {
                                              end = Simulator::Now();
                                          }));
    Simulator::Run();
    Simulator::Destroy();
    const double mbps = bytes / end.GetSeconds() / 1e6;
    Remember(key, mbps);
    return mbps;
}

double
ScilanPaperExperiments::RemoteReadUs()
{
    SciScenario s(SciScenario::Configure(2));
    const uint64_t region = s.GetHost(1)->GetMemory()->Allocate(4096, "target");
    const uint64_t mapped =
        s.nics[0]->Map(s.nics[1]->GetNodeId(), s.nics[1]->Export(region, 4096), 4096);
    Time end;
    s.nics[0]->Load(mapped, 4, SciNetDevice::ReadCallback([&end](const uint8_t*, uint32_t) {
                        end = Simulator::Now();
                    }));
    Simulator::Run();
    Simulator::Destroy();
    return end.GetSeconds() * 1e6;
}

double
ScilanPaperExperiments::StreamMBps(const Config& config, uint32_t size)
{
    const std::string key = "StreamMBps:" + ScilanConfigKey(config) + "," + std::to_string(size) +
                            "," + std::to_string(SanResultsWriter::IsQuick());
    double kept = 0;
    if (Recall(key, kept))
    {
        return kept;
    }
    auto s = BuildCluster(config);
    Stream st;
    st.size = size;
    st.total = StreamBytes(size);
    st.Start(*s, 0, s->GetNHosts() - 1, 5001);
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    const double v = st.MBps();
    Simulator::Destroy();
    Remember(key, v);
    return v;
}

double
ScilanPaperExperiments::AggregateMBps(const Config& config, uint32_t size)
{
    NS_ABORT_MSG_IF(config.hosts % 2 != 0, "AggregateMBps: an even number of hosts");
    auto s = BuildCluster(config);
    const uint32_t half = config.hosts / 2;
    std::vector<std::unique_ptr<Stream>> streams;
    for (uint32_t i = 0; i < half; ++i)
    {
        streams.push_back(std::make_unique<Stream>());
        streams.back()->size = size;
        streams.back()->total = StreamBytes(size);
        streams.back()->Start(*s, i, i + half, 6000 + i);
    }
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    double sum = 0;
    for (const auto& st : streams)
    {
        sum += st->MBps();
    }
    Simulator::Destroy();
    return sum;
}

double
ScilanPaperExperiments::TransferTimeUs(const Config& config, uint32_t size)
{
    NS_ABORT_MSG_IF(size == 0, "TransferTimeUs: messages of at least one byte");
    auto s = BuildCluster(config);
    PingPong pp;
    pp.size = size;
    pp.rounds = 20;
    pp.warmup = 3;
    Ptr<Socket> listener = NewSocket(*s, 1);
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 7000));
    listener->Listen();
    listener->SetAcceptCallback(
        MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
        MakeSanCallback<void, Ptr<Socket>, const Address&>([&pp](Ptr<Socket> a, const Address&) {
            pp.keep.push_back(a);
            a->SetRecvCallback(MakeCallback(&PingPong::ServerRead, &pp));
        }));
    pp.client = NewSocket(*s, 0);
    pp.client->SetRecvCallback(MakeCallback(&PingPong::ClientRead, &pp));
    pp.client->SetConnectCallback(MakeSanCallback<void, Ptr<Socket>>([&pp](Ptr<Socket>) {
                                      // Let the connection settle (both threads waiting) before the
                                      // first request.
                                      Simulator::Schedule(MicroSeconds(500), &PingPong::Ask, &pp);
                                  }),
                                  MakeNullCallback<void, Ptr<Socket>>());
    pp.client->Connect(InetSocketAddress(ScilanHelper::GetAddress(s->GetHosts().Get(1)), 7000));
    Simulator::Stop(Seconds(5));
    Simulator::Run();
    const double us =
        pp.end.IsZero() ? std::nan("") : (pp.end - pp.start).GetSeconds() * 1e6 / (2 * pp.rounds);
    Simulator::Destroy();
    return us;
}

} // namespace ns3
