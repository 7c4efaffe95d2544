/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Figure 3: ping-pongs through the VMMC layer.

#include "shrimp-paper-experiments.h"
#include "shrimp-scenario.h"

#include "ns3/abort.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <functional>
#include <memory>

namespace ns3
{

std::string
ShrimpPaperExperiments::VmmcVariantName(VmmcVariant v)
{
    switch (v)
    {
    case AU_1COPY:
        return "AU-1copy";
    case AU_2COPY:
        return "AU-2copy";
    case DU_0COPY:
        return "DU-0copy";
    case DU_1COPY:
        return "DU-1copy";
    }
    return "?";
}

namespace
{

/**
 * One side of a VMMC ping-pong. Its receive buffer is the message's data pages and a control
 * page; the peer imports it. Automatic update: the side's send buffer has the same layout,
 * its data pages bound with combining (and the timer), its control page bound without, so
 * the flag's store closes the data's open packet and leaves at once. Deliberate update: the
 * user buffer holds the data and the flag right after it, sent in one transfer.
 */
struct VmmcSide
{
    Ptr<VmmcEndpoint> ep;
    ShrimpPaperExperiments::VmmcVariant variant;
    uint32_t size{0};
    uint32_t dataBytes{0}; //!< data pages' bytes
    uint64_t recv{0};      //!< receive buffer (exported)
    uint64_t send{0};      //!< AU: bound send buffer
    uint64_t user{0};      //!< the user's message (source)
    uint64_t userCopy{0};  //!< where a receiver copy goes
    uint32_t exportId{0};
    int32_t handle{-1};
    std::function<void()> onReceived; //!< the message is in (and copied out)

    bool Au() const
    {
        return variant == ShrimpPaperExperiments::AU_1COPY ||
               variant == ShrimpPaperExperiments::AU_2COPY;
    }

    bool ReceiverCopies() const
    {
        return variant == ShrimpPaperExperiments::AU_2COPY ||
               variant == ShrimpPaperExperiments::DU_1COPY;
    }

    uint32_t FlagOffset() const
    {
        if (size <= 4)
        {
            return Au() ? dataBytes : 0; // the word is its own flag
        }
        return Au() ? dataBytes : (size + 3) / 4 * 4;
    }

    /// Send message \p seq; \p sent runs when the process has returned from sending.
    void Send(uint32_t seq, std::function<void()> sent)
    {
        const uint32_t flag = FlagOffset();
        Callback<void> done([sent]() { sent(); });
        if (Au())
        {
            if (size <= 4)
            {
                ep->StoreWord(send + flag, seq, done);
                return;
            }
            ep->Copy(send, user, size, MakeSanCallback<void>([this, flag, seq, done]() {
                         ep->StoreWord(send + flag, seq, done);
                     }));
            return;
        }
        const uint32_t bytes = size <= 4 ? 4 : flag + 4;
        ep->StoreWord(user + flag, seq, MakeSanCallback<void>([this, bytes, done]() {
                          ep->SendDeliberate(handle,
                                             0,
                                             user,
                                             bytes,
                                             false,
                                             MakeSanCallback<void, bool>([done](bool ok) {
                                                 NS_ABORT_MSG_UNLESS(ok, "DU refused");
                                                 done();
                                             }));
                      }));
    }

    void Expect(uint32_t seq)
    {
        const uint64_t flag = recv + FlagOffset();
        ep->Poll(flag,
                 4,
                 MakeSanCallback<bool>([this, flag, seq]() { return ep->ReadWord(flag) == seq; }),
                 MakeSanCallback<void>([this]() {
                     if (ReceiverCopies() && size > 4)
                     {
                         ep->Copy(userCopy, recv, size, MakeSanCallback<void>([this]() {
                                      onReceived();
                                  }));
                         return;
                     }
                     onReceived();
                 }));
    }
};

} // namespace

ShrimpPaperExperiments::PingPong
ShrimpPaperExperiments::VmmcPingPong(VmmcVariant v, uint32_t size, bool uncached, uint32_t rounds)
{
    NS_ABORT_MSG_IF(size == 0 || rounds == 0, "VmmcPingPong: size and rounds must be positive");
    ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
    const uint32_t warmup = 2;
    const HostMemorySystem::CachePolicy recvPolicy =
        uncached ? HostMemorySystem::UNCACHED : HostMemorySystem::WRITE_THROUGH;
    VmmcSide sides[2];
    const uint32_t hosts[2] = {0, 3}; // opposite corners of the 2x2 mesh
    for (uint32_t i = 0; i < 2; ++i)
    {
        VmmcSide& s = sides[i];
        s.ep = scenario.CreateEndpoint(hosts[i]);
        s.variant = v;
        s.size = size;
        const uint32_t page = s.ep->GetPageBytes();
        s.dataBytes = ((size + 4 + page - 1) / page) * page;
        s.recv = s.ep->Allocate(s.dataBytes + page, recvPolicy);
        s.user = s.ep->Allocate(size + 4);
        s.userCopy = s.ep->Allocate(size + 4);
        if (s.Au())
        {
            s.send = s.ep->Allocate(s.dataBytes + page);
        }
        for (uint32_t b = 0; b < size; ++b)
        {
            const uint8_t x = static_cast<uint8_t>(b * 7 + i);
            s.ep->GetMemory()->Write(s.user + b, &x, 1);
        }
    }
    // Set-up: export, import, bind (off the measured path).
    auto pending = std::make_shared<uint32_t>(2);
    std::function<void()> start;
    for (uint32_t i = 0; i < 2; ++i)
    {
        VmmcSide& s = sides[i];
        VmmcSide& peer = sides[1 - i];
        s.ep->Export(
            s.recv,
            s.dataBytes + s.ep->GetPageBytes(),
            {},
            MakeSanCallback<void, uint32_t>([&s, &peer, pending, &start, uncached](uint32_t id) {
                s.exportId = id;
                peer.ep->Import(
                    s.ep->GetHostNumber(),
                    id,
                    MakeSanCallback<void, int32_t>([&peer, pending, &start, uncached](int32_t h) {
                        NS_ABORT_MSG_IF(h < 0, "import refused");
                        peer.handle = h;
                        if (!peer.Au())
                        {
                            if (--*pending == 0)
                            {
                                start();
                            }
                            return;
                        }
                        VmmcEndpoint::BindOptions data;
                        data.uncached = uncached;
                        VmmcEndpoint::BindOptions control;
                        control.combine = false;
                        control.timer = false;
                        control.uncached = uncached;
                        peer.ep->Bind(
                            peer.send,
                            peer.dataBytes,
                            h,
                            0,
                            data,
                            MakeSanCallback<void, bool>(
                                [&peer, h, control, pending, &start](bool ok) {
                                    NS_ABORT_MSG_UNLESS(ok, "bind refused");
                                    peer.ep->Bind(
                                        peer.send + peer.dataBytes,
                                        peer.ep->GetPageBytes(),
                                        h,
                                        peer.dataBytes,
                                        control,
                                        MakeSanCallback<void, bool>([pending, &start](bool ok2) {
                                            NS_ABORT_MSG_UNLESS(ok2, "bind refused");
                                            if (--*pending == 0)
                                            {
                                                start();
                                            }
                                        }));
                                }));
                    }));
            }));
    }
    uint32_t seq = 0;
    Time t0;
    Time t1;
    // A sends seq, B expects it and answers with it, A expects the answer.
    sides[1].onReceived = [&]() { sides[1].Send(seq, []() {}); };
    sides[0].onReceived = [&]() {
        if (seq == warmup)
        {
            t0 = Simulator::Now();
        }
        if (seq == warmup + rounds)
        {
            t1 = Simulator::Now();
            return;
        }
        ++seq;
        sides[1].Expect(seq);
        // A spins for the answer once it has sent (a spinning process holds its processor).
        sides[0].Send(seq, [&]() { sides[0].Expect(seq); });
    };
    start = [&]() {
        seq = 1;
        sides[1].Expect(seq);
        // A spins for the answer once it has sent (a spinning process holds its processor).
        sides[0].Send(seq, [&]() { sides[0].Expect(seq); });
    };
    Simulator::Run();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(t1 <= t0, "VmmcPingPong: the ping-pong did not complete");
    PingPong r;
    r.oneWayUs = (t1 - t0).GetSeconds() * 1e6 / (2.0 * rounds);
    r.mbps = size / r.oneWayUs;
    return r;
}

} // namespace ns3
