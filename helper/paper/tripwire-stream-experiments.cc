/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// TripwirePaperExperiments: DMA bandwidth through the event-based server (section 5.3.2,
// Figure 10) and the MPI-style ping-pong (section 6.3).

#include "tripwire-paper-experiments.h"

#include "ns3/abort.h"
#include "ns3/clan-event-server.h"
#include "ns3/clan-message-passing.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <functional>
#include <memory>

namespace ns3
{

double
TripwirePaperExperiments::DmaBandwidthMbps(uint32_t bytes, bool streaming, uint32_t messages)
{
    NS_ABORT_MSG_IF(bytes < 4 || bytes % 4 != 0, "DmaBandwidthMbps: size " << bytes);
    NS_ABORT_MSG_IF(messages == 0, "DmaBandwidthMbps: no messages");
    ClanScenario s(ClanScenario::Configure(2));
    Ptr<ClanContext> client = s.ctx[0];
    Ptr<ClanContext> server = s.ctx[1];
    // The message's source and the server's buffer (every message lands in the same place:
    // the benchmark measures transfer, not buffering); the client's acknowledgement word.
    const uint64_t source = client->Allocate(bytes, "message");
    const uint64_t buffer = server->Allocate(bytes, "buffer");
    const uint64_t ack = client->Allocate(64, "ack");
    client->WriteLocalWord(ack, 0);
    const uint64_t bufferMap = client->Map(server->Export(buffer, bytes));
    const uint64_t ackMap = server->Map(client->Export(ack, 64));
    // The server: a Tripwire on the last word of the message; each firing is acknowledged
    // with the count of messages seen so far.
    Ptr<ClanEventServer> loop = CreateObject<ClanEventServer>();
    loop->SetContext(server);
    const uint32_t trip =
        server->CreateTripwire(buffer + bytes - 4,
                               4,
                               ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
    auto seen = std::make_shared<uint32_t>(0);
    loop->Watch(trip,
                0,
                ClanEventServer::Handler([server, ackMap, seen](uint64_t, Callback<void> done) {
                    ++*seen;
                    server->WriteWord(ackMap, *seen, done);
                }));
    loop->Start();

    const Time start = MilliSeconds(1);
    Time end;
    const uint32_t window = streaming ? 32 : 1; // DMA requests the client keeps queued
    uint32_t sent = 0;
    uint32_t inFlight = 0;
    auto pump = std::make_shared<std::function<void()>>();
    *pump = [&, pump]() {
        if (sent == messages || inFlight == window)
        {
            return;
        }
        ++sent;
        ++inFlight;
        client->Dma(source,
                    bufferMap,
                    bytes,
                    MakeSanCallback<void>([&, pump, streaming]() {
                        if (!streaming)
                        {
                            return;
                        }
                        if (sent < messages)
                        {
                            (*pump)(); // the next request straight away
                            return;
                        }
                        // All queued: spin for the last acknowledgement.
                        client->SpinUntil(ack,
                                          4,
                                          MakeSanCallback<bool>([client, ack, messages]() {
                                              return client->ReadLocalWord(ack) >= messages;
                                          }),
                                          MakeSanCallback<void>([&]() { end = Simulator::Now(); }));
                    }),
                    MakeSanCallback<void>([&, pump, streaming]() {
                        --inFlight;
                        if (streaming)
                        {
                            (*pump)();
                        }
                    }));
        if (!streaming)
        {
            // (a): wait for the server's acknowledgement, spinning, before the next.
            const uint32_t n = sent;
            client->SpinUntil(ack,
                              4,
                              MakeSanCallback<bool>(
                                  [client, ack, n]() { return client->ReadLocalWord(ack) >= n; }),
                              MakeSanCallback<void>([&, pump]() {
                                  inFlight = 0;
                                  if (sent == messages)
                                  {
                                      end = Simulator::Now();
                                  }
                                  (*pump)();
                              }));
        }
    };
    Simulator::Schedule(start, [pump]() { (*pump)(); });
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    *pump = nullptr;
    loop->Dispose();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(end <= start, "DmaBandwidthMbps: the messages were not all acknowledged");
    return double(bytes) * messages * 8 / (end - start).GetSeconds() / 1e6;
}

double
TripwirePaperExperiments::MpiRoundTripUs(uint32_t iterations)
{
    NS_ABORT_MSG_IF(iterations == 0, "MpiRoundTripUs: no iterations");
    ClanScenario s(ClanScenario::Configure(2));
    Ptr<ClanMessagePassing> mpi = CreateObject<ClanMessagePassing>();
    mpi->Setup(s.ctx[0], s.ctx[1]);
    const Time start = MilliSeconds(1);
    Time end;
    uint32_t done = 0;
    const std::vector<uint8_t> payload(4, 0x5a); // a ping-pong of one word
    auto pong = std::make_shared<std::function<void()>>();
    auto ping = std::make_shared<std::function<void()>>();
    *pong = [&, pong]() {
        mpi->Receive(1,
                     ClanMessagePassing::ReceiveCallback(
                         [&, pong](uint32_t tag, const std::vector<uint8_t>& data) {
                             // One process: the send returns before the next receive.
                             mpi->Send(1, tag, data, MakeSanCallback<void>([&, pong, tag]() {
                                           if (tag < iterations)
                                           {
                                               (*pong)();
                                           }
                                       }));
                         }));
    };
    *ping = [&, ping]() {
        mpi->Send(0, done + 1, payload, MakeSanCallback<void>([&, ping]() {
                      mpi->Receive(0,
                                   ClanMessagePassing::ReceiveCallback(
                                       [&, ping](uint32_t, const std::vector<uint8_t>&) {
                                           ++done;
                                           if (done < iterations)
                                           {
                                               (*ping)();
                                           }
                                           else
                                           {
                                               end = Simulator::Now();
                                           }
                                       }));
                  }));
    };
    Simulator::Schedule(start, [ping, pong]() {
        (*pong)();
        (*ping)();
    });
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    *ping = nullptr;
    *pong = nullptr;
    mpi->Dispose();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(done != iterations, "MpiRoundTripUs: " << done << " of " << iterations);
    return (end - start).GetSeconds() * 1e6 / iterations;
}

} // namespace ns3
