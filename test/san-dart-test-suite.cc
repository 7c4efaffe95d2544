/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// DART: the control word, the Operation Logic's primitives and addressing modes, deposits with
// masks, remote reads without the host, protection (nothing written), the TLB's misses, action
// queues and conditional interrupts, multi-cell messages, the software (in-kernel) engine.

#include "dart-test-rig.h"
#include "san-test-util.h"

#include "ns3/dart-header.h"
#include "ns3/host-cpu.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <cstring>

using namespace ns3;
using namespace ns3::santest;

namespace
{

/// Encode and decode every field of the control word.
class DartControlWordTestCase : public TestCase
{
  public:
    DartControlWordTestCase()
        : TestCase("control word: 16 bytes, every field survives encoding and decoding")
    {
    }

  private:
    void DoRun() override
    {
        DartControl c;
        c.opcode = DartOpcode::READ_MULTIPLE;
        c.addressing = DartAddressing::INDEXED;
        c.instructionPointer = true;
        c.returnValue = true;
        c.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_J, DART_REG_K};
        c.regOp[1] =
            DartRegisterOp{DartRegisterOpKind::UNARY, DartAluOp::NOT, DART_REG_K, DART_OPERAND};
        c.cond = DartCondition{DartCompare::GE, DART_REG_J, DART_REG_I};
        c.mask = 0x5a;
        c.index[0] = 7;
        c.index[1] = 200;
        c.index[2] = 255;
        c.operand = 0xdeadbeef;
        Ptr<Packet> p = Create<Packet>(32);
        p->AddHeader(DartHeader(c, 0xabcd));
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 48u, "control cell payload is 48 bytes");
        DartHeader h;
        p->RemoveHeader(h);
        const DartControl& d = h.GetControl();
        NS_TEST_ASSERT_MSG_EQ(h.GetVci(), 0xabcd, "vci");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.opcode), static_cast<int>(c.opcode), "opcode");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.addressing), 3, "addressing");
        NS_TEST_ASSERT_MSG_EQ(d.instructionPointer && d.returnValue, true, "flags");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.regOp[0].op),
                              static_cast<int>(DartAluOp::ADD),
                              "op1");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.regOp[0].dst), DART_REG_J, "dst1");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.regOp[0].src), DART_REG_K, "src1");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.regOp[1].kind), 2, "kind2");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.regOp[1].op),
                              static_cast<int>(DartAluOp::NOT),
                              "op2");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.cond.cmp),
                              static_cast<int>(DartCompare::GE),
                              "cmp");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.cond.rhs), DART_REG_I, "rhs");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.mask), 0x5a, "mask");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(d.index[1]), 200, "index");
        NS_TEST_ASSERT_MSG_EQ(d.operand, 0xdeadbeefu, "operand");
        NS_TEST_ASSERT_MSG_EQ(d.GetNPrimitives(), 4u, "four primitives");
        NS_TEST_ASSERT_MSG_EQ(d.GetUsedSlots(), 7u, "slots I, J, K used");
    }
};

/// The Operation Logic alone: addressing modes, register operations in order, conditional.
class DartOperationLogicTestCase : public TestCase
{
  public:
    DartOperationLogicTestCase()
        : TestCase("operation logic: addressing, register operations fed forward, conditional")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t regs[3] = {1000, 5, 9};
        DartControl c;
        c.operand = 64;
        c.addressing = DartAddressing::DIRECT;
        NS_TEST_ASSERT_MSG_EQ(DartOperationLogic::Execute(c, regs).address, 64u, "direct");
        c.addressing = DartAddressing::INDIRECT;
        NS_TEST_ASSERT_MSG_EQ(DartOperationLogic::Execute(c, regs).address, 1000u, "indirect");
        c.addressing = DartAddressing::INDEXED;
        NS_TEST_ASSERT_MSG_EQ(DartOperationLogic::Execute(c, regs).address, 1064u, "indexed");

        // Store indirect with post-increment: r_i <- r_i + 32 after the address is formed.
        c.addressing = DartAddressing::INDIRECT;
        c.index[0] = 3;
        c.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_I, DART_OPERAND};
        c.operand = 32;
        DartExecution x = DartOperationLogic::Execute(c, regs);
        NS_TEST_ASSERT_MSG_EQ(x.address, 1000u, "address before the increment");
        NS_TEST_ASSERT_MSG_EQ(x.regs[0], 1032u, "register after");
        NS_TEST_ASSERT_MSG_EQ(x.written[0], true, "written");
        NS_TEST_ASSERT_MSG_EQ(x.primitives, 2u, "two primitives");

        // Second register op sees the first's result; J aliases I when indices are equal.
        c.index[1] = 3;
        c.regOp[1] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_J, DART_OPERAND};
        x = DartOperationLogic::Execute(c, regs);
        NS_TEST_ASSERT_MSG_EQ(x.regs[0], 1064u, "aliased slots share one register");
        NS_TEST_ASSERT_MSG_EQ(x.regs[1], 1064u, "aliased slots share one register");

        // An unused slot naming the same register as a used one does not stand for it: the
        // receive path reads only the used slots' registers (the others' values are 0 here).
        DartControl a;
        a.addressing = DartAddressing::DIRECT;
        a.index[0] = 3; // slot I: unused
        a.index[1] = 3; // slot J: the same register, used
        a.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_J, DART_OPERAND};
        a.operand = 7;
        const uint32_t loaded[3] = {0, 100, 0};
        x = DartOperationLogic::Execute(a, loaded);
        NS_TEST_ASSERT_MSG_EQ(x.regs[1], 107u, "the used slot's register, plus the operand");
        NS_TEST_ASSERT_MSG_EQ(x.written[1], true, "written");

        // Unary, load, conditional against a register and the operand.
        DartControl u;
        u.addressing = DartAddressing::NONE;
        u.index[0] = 0;
        u.index[1] = 1;
        u.index[2] = 2;
        u.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::UNARY, DartAluOp::NEG, DART_REG_J, DART_REG_K};
        u.regOp[1] =
            DartRegisterOp{DartRegisterOpKind::LOAD, DartAluOp::MOV, DART_REG_I, DART_OPERAND};
        u.operand = 77;
        u.cond = DartCondition{DartCompare::EQ, DART_REG_I, DART_OPERAND};
        x = DartOperationLogic::Execute(u, regs);
        NS_TEST_ASSERT_MSG_EQ(x.regs[1], 0u - 9u, "neg");
        NS_TEST_ASSERT_MSG_EQ(x.regs[0], 77u, "load");
        NS_TEST_ASSERT_MSG_EQ(x.condition, true, "77 == 77");
        NS_TEST_ASSERT_MSG_EQ(x.hasAddress, false, "no address");
        u.cond = DartCondition{DartCompare::LT, DART_REG_K, DART_REG_I};
        NS_TEST_ASSERT_MSG_EQ(DartOperationLogic::Execute(u, regs).condition, true, "9 < 77");
        u.cond = DartCondition{DartCompare::GT, DART_REG_K, DART_REG_I};
        NS_TEST_ASSERT_MSG_EQ(DartOperationLogic::Execute(u, regs).condition, false, "9 > 77");
        const DartAluOp ops[] = {DartAluOp::SUB,
                                 DartAluOp::AND,
                                 DartAluOp::OR,
                                 DartAluOp::XOR,
                                 DartAluOp::MIN,
                                 DartAluOp::MAX};
        const uint32_t want[] = {12 - 10, 12 & 10, 12 | 10, 12 ^ 10, 10, 12};
        for (uint32_t i = 0; i < 6; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(DartOperationLogic::Alu(ops[i], 12, 10, false),
                                  want[i],
                                  "alu " << i);
        }
    }
};

/// A masked write over the fabric deposits only the selected words.
class DartMaskedWriteTestCase : public TestCase
{
  public:
    DartMaskedWriteTestCase()
        : TestCase("write: masked words land, deselected words are untouched")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        auto vcis = DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 8}, DartWindow{0, 8});
        uint8_t src[32];
        for (uint32_t i = 0; i < 32; ++i)
        {
            src[i] = static_cast<uint8_t>(i + 1);
        }
        rig.ctx[0]->Write(256, src, 32);
        std::vector<uint8_t> before(32, 0xee);
        rig.ctx[1]->Write(4096, before.data(), 32);
        DartControl c = DirectWrite(4096);
        c.mask = 0x05; // words 0 and 2
        bool landed = false;
        rig.ctx[1]->WaitForDeposit(4096, 32, Callback<void>([&landed]() { landed = true; }));
        rig.ctx[0]->Send(vcis.first, c, 256, 32);
        Simulator::Run();
        uint8_t got[32];
        rig.ctx[1]->Read(4096, got, 32);
        NS_TEST_ASSERT_MSG_EQ(landed, true, "the polling process saw the deposit");
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(got, src, 4), 0, "word 0 written");
        NS_TEST_ASSERT_MSG_EQ(got[4], 0xee, "word 1 untouched");
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(got + 8, src + 8, 4), 0, "word 2 written");
        NS_TEST_ASSERT_MSG_EQ(got[31], 0xee, "word 7 untouched");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetNReceived(), 1u, "one message");
    }
};

/// Store indirect with post-increment, twice: consecutive blocks; the register advances.
class DartIndirectTestCase : public TestCase
{
  public:
    DartIndirectTestCase()
        : TestCase("addressing: indirect with post-increment and indexed deposit where the "
                   "registers say")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        auto vcis =
            DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 8}, DartWindow{16, 8});
        rig.nics[1]->SetRegister(16 + 2, 8192); // the receiver's queue tail
        uint8_t a[32];
        std::memset(a, 0xa1, 32);
        rig.ctx[0]->Write(0, a, 32);
        DartControl c;
        c.addressing = DartAddressing::INDIRECT;
        c.index[0] = 2;
        c.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_I, DART_OPERAND};
        c.operand = 32;
        rig.ctx[0]->Send(vcis.first, c, 0, 32);
        rig.ctx[0]->Send(vcis.first, c, 0, 32);
        DartControl x;
        x.addressing = DartAddressing::INDEXED;
        x.index[0] = 2;
        x.operand = 64; // tail + 64
        rig.ctx[0]->Send(vcis.first, x, 0, 32);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetRegister(18), 8192u + 64, "tail advanced twice");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(8192), 0xa1a1a1a1u, "first block");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(8192 + 32), 0xa1a1a1a1u, "second block");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(8192 + 64 + 64), 0xa1a1a1a1u, "indexed block");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(8192 + 96), 0u, "nothing between");
    }
};

/// A remote read is answered by the interface; the responder's CPU does nothing.
class DartRemoteReadTestCase : public TestCase
{
  public:
    DartRemoteReadTestCase()
        : TestCase("read: answered by the interface, the responding host's CPU stays idle")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        auto vcis = DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 8}, DartWindow{0, 8});
        for (uint32_t w = 0; w < 8; ++w)
        {
            rig.ctx[1]->WriteWord(1024 + 4 * w, 100 + w);
        }
        // The request's data: where the reply goes at the requester, length, tag.
        rig.ctx[0]->WriteWord(0, 512);
        rig.ctx[0]->WriteWord(4, 32);
        rig.ctx[0]->WriteWord(8, 1);
        // The kernels load the TLB entries of the pages involved at set-up (a cold miss would
        // interrupt the host: see the TLB test).
        rig.nics[1]->LoadTlbEntries(rig.ctx[1]->GetEndpoint(), 0, 4096);
        rig.nics[0]->LoadTlbEntries(rig.ctx[0]->GetEndpoint(), 0, 4096);
        DartControl c;
        c.opcode = DartOpcode::READ;
        c.addressing = DartAddressing::DIRECT;
        c.operand = 1024;
        c.mask = 0x7f; // word 7 deselected: read as zero
        bool replied = false;
        rig.ctx[0]->WaitForDeposit(512, 32, Callback<void>([&replied]() { replied = true; }));
        rig.ctx[0]->Send(vcis.first, c, 0, 32);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(replied, true, "reply deposited");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[0]->ReadWord(512), 100u, "word 0");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[0]->ReadWord(512 + 24), 106u, "word 6");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[0]->ReadWord(512 + 28), 0u, "word 7 masked");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetNReadsServed(), 1u, "served");
        Ptr<HostCpu> cpu = SanHost::Of(rig.hosts.Get(1))->GetCpu();
        NS_TEST_ASSERT_MSG_EQ(cpu->GetResource()->GetBusyTime(), Seconds(0), "host CPU idle");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetInterrupts(), 0u, "no interrupt");
    }
};

/// Sends issued together through two connections: the processor stores their Send Registers in
/// program order, so the first one is not held up by the second one's stores.
class DartSendOrderTestCase : public TestCase
{
  public:
    DartSendOrderTestCase()
        : TestCase("hardware send: the Send Registers of sends issued together through different "
                   "connections are stored one send after the other")
    {
    }

  private:
    /**
     * \param sends 1 or 2 register-only sends issued at 1 us (to host 1, then host 2)
     * \param pio filled: the PIO time of one send's Send Registers
     * \return the times host 0's interface handed them to the fabric
     */
    std::vector<Time> Issue(uint32_t sends, Time& pio)
    {
        DartRig rig(3);
        std::vector<uint16_t> vcis;
        for (uint32_t h = 1; h <= 2; ++h)
        {
            vcis.push_back(
                DartHelper::Connect(rig.ctx[0], rig.ctx[h], DartWindow{0, 0}, DartWindow{0, 1})
                    .first);
        }
        std::vector<Time> tx;
        rig.nics[0]->TraceConnectWithoutContext(
            "PacketTx",
            Callback<void, Ptr<const Packet>>(
                [&tx](Ptr<const Packet>) { tx.push_back(Simulator::Now()); }));
        // Register-only messages (r0 <- 7): nothing is read from the endpoint, so the bus
        // carries the stores alone.
        DartControl c;
        c.opcode = DartOpcode::WRITE;
        c.addressing = DartAddressing::NONE;
        c.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::LOAD, DartAluOp::MOV, DART_REG_I, DART_OPERAND};
        c.operand = 7;
        Simulator::Schedule(MicroSeconds(1), [&]() {
            for (uint32_t k = 0; k < sends; ++k)
            {
                rig.ctx[0]->Send(vcis[k], c, 0, 0);
            }
        });
        Simulator::Run();
        pio = SanHost::Of(rig.hosts.Get(0))->GetIoBus()->GetPioTime(DartControl::BYTES + 8);
        NS_TEST_EXPECT_MSG_EQ(rig.nics[1]->GetRegister(0), 7u, "host 1's register loaded");
        return tx;
    }

    void DoRun() override
    {
        Time pio;
        const std::vector<Time> alone = Issue(1, pio);
        const std::vector<Time> both = Issue(2, pio);
        NS_TEST_ASSERT_MSG_EQ(alone.size(), 1u, "one message");
        NS_TEST_ASSERT_MSG_EQ(both.size(), 2u, "two messages");
        NS_TEST_ASSERT_MSG_EQ(both[0], alone[0], "the first send leaves as if it were alone");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(both[1] - both[0], pio, "the second one's stores follow");
    }
};

/// Unknown connection, register outside the window, address outside the endpoint: dropped,
/// counted, nothing written, no register changed.
class DartProtectionTestCase : public TestCase
{
  public:
    DartProtectionTestCase()
        : TestCase("protection: unknown VCI, window and bounds violations write nothing")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2, DartCostModel::CARD_PROCESSOR, 8192);
        auto vcis = DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 4}, DartWindow{8, 4});
        rig.nics[1]->SetRegister(8 + 1, 4096);
        std::vector<uint8_t> zeros(8192, 0);
        Ptr<DartNetDevice> rx = rig.nics[1];
        auto inject = [&rx](uint16_t vci, DartControl c) {
            uint8_t data[32];
            std::memset(data, 0x77, 32);
            Ptr<Packet> p = Create<Packet>(data, 32);
            p->AddHeader(DartHeader(c, vci));
            rx->InjectForTest(p, 0);
        };
        inject(999, DirectWrite(0)); // unknown connection
        DartControl w = DirectWrite(0);
        w.addressing = DartAddressing::INDIRECT;
        w.index[0] = 4; // window has 4 registers: 0..3
        inject(vcis.second, w);
        DartControl b = DirectWrite(8192 - 16); // crosses the bound
        b.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::LOAD, DartAluOp::MOV, DART_REG_I, DART_OPERAND};
        b.index[0] = 1;
        inject(vcis.second, b);
        DartControl u = DirectWrite(0);
        u.opcode = static_cast<DartOpcode>(9);
        inject(vcis.second, u);
        Ptr<Packet> runt = Create<Packet>(20);
        rx->InjectForTest(runt, 0);
        Simulator::Run();
        std::vector<uint8_t> mem(8192);
        rig.ctx[1]->Read(0, mem.data(), mem.size());
        NS_TEST_ASSERT_MSG_EQ((mem == zeros), true, "nothing written");
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(9), 4096u, "no register changed");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNDropped(DartNetDevice::UNKNOWN_CONNECTION), 1u, "vci");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNDropped(DartNetDevice::OUT_OF_WINDOW), 1u, "window");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNDropped(DartNetDevice::OUT_OF_BOUNDS), 1u, "bounds");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNDropped(DartNetDevice::UNIMPLEMENTED), 1u, "opcode");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNDropped(DartNetDevice::MALFORMED), 1u, "runt");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNErrorTraps(), 5u, "each one trapped to the host");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNReceived(), 0u, "none completed");
    }
};

/// The first touch of a page misses the TLB: the host is interrupted, loads the entry and the
/// write completes; the next write to the page hits.
class DartTlbTestCase : public TestCase
{
  public:
    DartTlbTestCase()
        : TestCase("TLB: a miss interrupts the host, the operation completes, the next hits")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        auto vcis = DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 8}, DartWindow{0, 8});
        rig.ctx[0]->WriteWord(0, 0x12345678);
        Time first;
        Time second;
        rig.ctx[1]->WaitForDeposit(4096, 4, Callback<void>([&first]() {
                                       first = Simulator::Now();
                                   }));
        rig.ctx[0]->Send(vcis.first, DirectWrite(4096), 0, 32);
        Simulator::Run();
        const uint64_t missesAfterFirst = rig.nics[1]->GetNTlbMisses();
        const Time t0 = Simulator::Now();
        rig.ctx[1]->WaitForDeposit(4096 + 32, 4, Callback<void>([&second]() {
                                       second = Simulator::Now();
                                   }));
        rig.ctx[0]->Send(vcis.first, DirectWrite(4096 + 32), 0, 32);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(4096), 0x12345678u, "first landed");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(4096 + 32), 0x12345678u, "second landed");
        NS_TEST_ASSERT_MSG_EQ(missesAfterFirst, 1u, "one receive-side miss");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetNTlbMisses(), 1u, "second hit");
        NS_TEST_ASSERT_MSG_EQ(SanHost::Of(rig.hosts.Get(1))->GetCpu()->GetInterrupts(),
                              1u,
                              "one interrupt");
        NS_TEST_ASSERT_MSG_GT(first, second - t0, "the miss cost time");
    }
};

/// The TLB as a table of three slots: filled in order, the least recently used evicted, an
/// invalidated slot reused before any other, a re-inserted page kept in its slot.
class DartTlbReplacementTestCase : public TestCase
{
  public:
    DartTlbReplacementTestCase()
        : TestCase("TLB: least recently used out, invalidated slots first, three slots held")
    {
    }

  private:
    void DoRun() override
    {
        DartTlb tlb(3);
        uint64_t frame = 0;
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(1, 10, frame), false, "empty");
        tlb.Insert(1, 10, 100);
        tlb.Insert(1, 11, 110);
        tlb.Insert(2, 20, 200);
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(1, 10, frame) && frame == 100, true, "first held");
        tlb.Insert(2, 21, 210); // full: evicts (1, 11), the least recently used
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(1, 11, frame), false, "LRU evicted");
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(2, 20, frame) && frame == 200, true, "kept");
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(2, 21, frame) && frame == 210, true, "inserted");
        tlb.Insert(1, 10, 101); // the same page again: its own slot, nothing evicted
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(1, 10, frame) && frame == 101, true, "updated");
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(2, 20, frame), true, "still held");
        tlb.Invalidate(2); // frees two slots
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(2, 21, frame), false, "invalidated");
        tlb.Insert(3, 30, 300);
        tlb.Insert(3, 31, 310); // both into the freed slots: (1, 10) stays
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(1, 10, frame) && frame == 101, true, "not evicted");
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(3, 30, frame) && tlb.Lookup(3, 31, frame),
                              true,
                              "in the freed slots");
        tlb.Insert(4, 40, 400); // full again: (1, 10) is now the least recently used
        NS_TEST_EXPECT_MSG_EQ(tlb.Lookup(1, 10, frame), false, "LRU evicted again");
        NS_TEST_EXPECT_MSG_EQ(tlb.GetMisses(), 4u, "misses counted");
    }
};

/// A conditional raises an action exactly when it holds; immediate queues interrupt, delayable
/// ones accumulate.
class DartConditionalTestCase : public TestCase
{
  public:
    DartConditionalTestCase()
        : TestCase(
              "conditional: an action exactly when the condition holds; immediate vs delayable")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        Ptr<DartNetDevice> rx = rig.nics[1];
        const uint32_t immediate = rx->CreateActionQueue(true);
        const uint32_t delayable = rx->CreateActionQueue(false);
        auto c1 = DartHelper::Connect(rig.ctx[0],
                                      rig.ctx[1],
                                      DartWindow{0, 4},
                                      DartWindow{0, 4},
                                      DartConnection::NO_QUEUE,
                                      immediate);
        auto c2 = DartHelper::Connect(rig.ctx[0],
                                      rig.ctx[1],
                                      DartWindow{0, 4},
                                      DartWindow{0, 4},
                                      DartConnection::NO_QUEUE,
                                      delayable);
        uint32_t handled = 0;
        rx->SetActionHandler(immediate, Callback<void>([&handled, rx, immediate]() {
                                 uint8_t e[DartAction::BYTES];
                                 while (rx->GetActionQueue(immediate)->Pop(e))
                                 {
                                     ++handled;
                                 }
                             }));
        // Count to 5 in register 0; the conditional holds only when it reaches 3.
        DartControl inc;
        inc.addressing = DartAddressing::NONE;
        inc.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_I, DART_OPERAND};
        inc.operand = 1;
        inc.cond = DartCondition{DartCompare::EQ, DART_REG_I, DART_REG_J};
        inc.index[1] = 1;
        rx->SetRegister(1, 3);
        for (int i = 0; i < 5; ++i)
        {
            rig.ctx[0]->Send(c1.first, inc, 0, 32);
        }
        Simulator::Run(); // (the two connections' Send Registers would interleave)
        // On the delayable connection: holds when the count reaches 7 and 8 (>= 7).
        DartControl inc2 = inc;
        inc2.cond = DartCondition{DartCompare::GE, DART_REG_I, DART_OPERAND};
        inc2.operand = 1;
        inc2.cond.rhs = DART_REG_K;
        inc2.index[2] = 2;
        rx->SetRegister(2, 7);
        for (int i = 0; i < 3; ++i)
        {
            rig.ctx[0]->Send(c2.first, inc2, 0, 32);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(0), 8u, "eight increments");
        NS_TEST_ASSERT_MSG_EQ(rx->GetNActions(), 3u, "three actions");
        NS_TEST_ASSERT_MSG_EQ(handled, 1u, "one immediate action (count == 3)");
        NS_TEST_ASSERT_MSG_EQ(rx->GetActionQueue(delayable)->GetNPending(),
                              2u,
                              "two delayed (7, 8)");
        NS_TEST_ASSERT_MSG_EQ(SanHost::Of(rig.hosts.Get(1))->GetCpu()->GetInterrupts(),
                              1u,
                              "only the immediate one interrupted");
        uint8_t e[DartAction::BYTES];
        rx->GetActionQueue(delayable)->Pop(e);
        DartAction a = DartAction::Decode(e);
        NS_TEST_ASSERT_MSG_EQ(a.lhs, 7u, "the action carries the register");
        NS_TEST_ASSERT_MSG_EQ(a.vci, c2.second, "and the connection");
    }
};

/// A multi-cell message is deposited whole.
class DartMultiCellTestCase : public TestCase
{
  public:
    DartMultiCellTestCase()
        : TestCase("write multiple: control cell + AAL5 cells, deposited whole")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        auto vcis = DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 8}, DartWindow{0, 8});
        const uint32_t n = 1000;
        std::vector<uint8_t> src(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            src[i] = static_cast<uint8_t>(i * 7 + 3);
        }
        rig.ctx[0]->Write(100, src.data(), n);
        DartControl c = DirectWrite(5000);
        c.opcode = DartOpcode::WRITE_MULTIPLE;
        uint32_t cells = 0;
        rig.nics[0]->TraceConnectWithoutContext(
            "PacketTx",
            Callback<void, Ptr<const Packet>>(
                [&cells](Ptr<const Packet> p) { cells = (p->GetSize() + 47) / 48; }));
        rig.ctx[0]->Send(vcis.first, c, 100, n);
        Simulator::Run();
        std::vector<uint8_t> got(n);
        rig.ctx[1]->Read(5000, got.data(), n);
        NS_TEST_ASSERT_MSG_EQ((got == src), true, "whole message deposited");
        // 16 + 1000 + 8 = 1024 -> 22 cells (21.33 rounded up)
        NS_TEST_ASSERT_MSG_EQ(cells, 22u, "control cell + AAL5 cells");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(5000 + n), 0u, "nothing past the end");
    }
};

/// The in-kernel engine: same results, the host's CPU does the work (interrupt, PIO).
class DartSoftwareEngineTestCase : public TestCase
{
  public:
    DartSoftwareEngineTestCase()
        : TestCase("software engine: the host kernel does the work, with an interrupt per message")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2, DartCostModel::HOST_KERNEL);
        auto vcis = DartHelper::Connect(rig.ctx[0], rig.ctx[1], DartWindow{0, 8}, DartWindow{0, 8});
        rig.ctx[0]->WriteWord(0, 42);
        rig.ctx[0]->Send(vcis.first, DirectWrite(64), 0, 32);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(64), 42u, "landed");
        Ptr<HostCpu> rxCpu = SanHost::Of(rig.hosts.Get(1))->GetCpu();
        Ptr<HostCpu> txCpu = SanHost::Of(rig.hosts.Get(0))->GetCpu();
        NS_TEST_ASSERT_MSG_EQ(rxCpu->GetInterrupts(), 1u, "receive interrupt");
        NS_TEST_ASSERT_MSG_EQ(txCpu->GetSyscalls(), 1u, "send trap");
        NS_TEST_ASSERT_MSG_GT(rxCpu->GetResource()->GetBusyTime(),
                              Seconds(0),
                              "receiver CPU worked");
        NS_TEST_ASSERT_MSG_EQ(rig.nics[1]->GetCardProcessor()->GetBusyTime(),
                              Seconds(0),
                              "card idle");
    }
};

/// The variant: the operation is the destination's, the message names it by offset; a software
/// exception interrupts the host and queues the message's action.
class DartVariantAndExceptionTestCase : public TestCase
{
  public:
    DartVariantAndExceptionTestCase()
        : TestCase("instruction-pointer variant and software exception")
    {
    }

  private:
    void DoRun() override
    {
        DartRig rig(2);
        Ptr<DartNetDevice> rx = rig.nics[1];
        const uint32_t queue = rx->CreateActionQueue(false);
        auto vcis = DartHelper::Connect(rig.ctx[0],
                                        rig.ctx[1],
                                        DartWindow{0, 4},
                                        DartWindow{0, 4},
                                        DartConnection::NO_QUEUE,
                                        queue);
        // The receiver's stored operation: store indirect through register 2, post-increment.
        DartControl op;
        op.addressing = DartAddressing::INDIRECT;
        op.index[0] = 2;
        op.regOp[0] =
            DartRegisterOp{DartRegisterOpKind::BINARY, DartAluOp::ADD, DART_REG_I, DART_OPERAND};
        op.operand = 32;
        uint8_t word[DartControl::BYTES];
        op.Encode(0, word);
        rig.ctx[1]->Write(512, word, DartControl::BYTES);
        rx->SetRegister(2, 2048);
        rig.ctx[0]->WriteWord(0, 0xfeedface);
        DartControl ip;
        ip.instructionPointer = true;
        ip.operand = 512; // where the operation is
        rig.ctx[0]->Send(vcis.first, ip, 0, 32);
        rig.ctx[0]->Send(vcis.first, ip, 0, 32);
        DartControl ex;
        ex.opcode = DartOpcode::SOFTWARE_EXCEPTION;
        ex.addressing = DartAddressing::NONE;
        ex.operand = 99;
        rig.ctx[0]->Send(vcis.first, ex, 0, 32);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(2048), 0xfeedfaceu, "first deposit");
        NS_TEST_ASSERT_MSG_EQ(rig.ctx[1]->ReadWord(2048 + 32), 0xfeedfaceu, "second deposit");
        NS_TEST_ASSERT_MSG_EQ(rx->GetRegister(2), 2048u + 64, "the stored operation ran twice");
        NS_TEST_ASSERT_MSG_EQ(rx->GetActionQueue(queue)->GetNPending(), 1u, "exception queued");
        uint8_t e[DartAction::BYTES];
        rx->GetActionQueue(queue)->Pop(e);
        const DartAction a = DartAction::Decode(e);
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(a.kind),
                              static_cast<int>(DartAction::SOFTWARE_EXCEPTION),
                              "kind");
        NS_TEST_ASSERT_MSG_EQ(a.value, 99u, "the operand reaches the host");
        NS_TEST_ASSERT_MSG_GT(SanHost::Of(rig.hosts.Get(1))->GetCpu()->GetInterrupts(),
                              0u,
                              "a software exception interrupts even on a delayable queue");
    }
};

/// Sizes the interface cannot carry are refused with a clear error.
class DartBadInputTestCase : public TestCase
{
  public:
    DartBadInputTestCase()
        : TestCase("bad input: oversize messages and unknown connections abort with a message")
    {
    }

  private:
    void DoRun() override
    {
        std::string msg;
        NS_TEST_ASSERT_MSG_EQ(DiesWithMessage(
                                  []() {
                                      DartRig rig(2);
                                      auto v = DartHelper::Connect(rig.ctx[0],
                                                                   rig.ctx[1],
                                                                   DartWindow{0, 1},
                                                                   DartWindow{0, 1});
                                      rig.ctx[0]->Send(v.first, DirectWrite(0), 0, 33);
                                  },
                                  "at most 32 bytes",
                                  msg),
                              true,
                              msg);
        NS_TEST_ASSERT_MSG_EQ(DiesWithMessage(
                                  []() {
                                      DartRig rig(2);
                                      rig.ctx[0]->Send(7, DirectWrite(0), 0, 32);
                                  },
                                  "no connection with VCI 7",
                                  msg),
                              true,
                              msg);
        NS_TEST_ASSERT_MSG_EQ(DiesWithMessage(
                                  []() {
                                      DartRig rig(2);
                                      auto v = DartHelper::Connect(rig.ctx[0],
                                                                   rig.ctx[1],
                                                                   DartWindow{0, 1},
                                                                   DartWindow{0, 1});
                                      DartControl c = DirectWrite(0);
                                      c.opcode = DartOpcode::WRITE_MULTIPLE;
                                      rig.ctx[0]->Send(v.first, c, 0, 60000);
                                  },
                                  "exceed",
                                  msg),
                              true,
                              msg);
    }
};

} // namespace

/// The DART suite.
class SanDartTestSuite : public TestSuite
{
  public:
    SanDartTestSuite()
        : TestSuite("san-dart", UNIT)
    {
        AddTestCase(new DartControlWordTestCase, TestCase::QUICK);
        AddTestCase(new DartOperationLogicTestCase, TestCase::QUICK);
        AddTestCase(new DartMaskedWriteTestCase, TestCase::QUICK);
        AddTestCase(new DartIndirectTestCase, TestCase::QUICK);
        AddTestCase(new DartRemoteReadTestCase, TestCase::QUICK);
        AddTestCase(new DartSendOrderTestCase, TestCase::QUICK);
        AddTestCase(new DartProtectionTestCase, TestCase::QUICK);
        AddTestCase(new DartTlbTestCase, TestCase::QUICK);
        AddTestCase(new DartTlbReplacementTestCase, TestCase::QUICK);
        AddTestCase(new DartConditionalTestCase, TestCase::QUICK);
        AddTestCase(new DartMultiCellTestCase, TestCase::QUICK);
        AddTestCase(new DartSoftwareEngineTestCase, TestCase::QUICK);
        AddTestCase(new DartVariantAndExceptionTestCase, TestCase::QUICK);
        AddTestCase(new DartBadInputTestCase, TestCase::QUICK);
    }
};

static SanDartTestSuite g_sanDartTestSuite; //!< registers the suite
