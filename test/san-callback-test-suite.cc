/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// MakeSanCallback: a Callback of a lambda with one implementation object, used as ns-3's own
// (called with arguments, returning values, copied, compared, connected to a trace and
// disconnected).

#include "ns3/ptr.h"
#include "ns3/san-callback.h"
#include "ns3/simple-ref-count.h"
#include "ns3/test.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <string>

using namespace ns3;

namespace
{

/// An object whose member functions the test binds.
class Counter : public SimpleRefCount<Counter>
{
  public:
    /// \param n added \return the total
    uint32_t Add(uint32_t n)
    {
        m_total += n;
        return m_total;
    }

    uint32_t m_total{0}; //!< the total
};

/**
 * \ingroup san-tests
 * \brief MakeSanCallback behaves as a Callback made from the same lambda.
 */
class SanCallbackTestCase : public TestCase
{
  public:
    SanCallbackTestCase()
        : TestCase("MakeSanCallback: calls, returns, copies, equality and traces")
    {
    }

  private:
    void DoRun() override
    {
        int calls = 0;
        Callback<void> none = MakeSanCallback<void>([&calls]() { ++calls; });
        NS_TEST_EXPECT_MSG_EQ(none.IsNull(), false, "not null");
        none();
        none();
        NS_TEST_EXPECT_MSG_EQ(calls, 2, "called twice");

        // Arguments and a return value; a large capture (held outside std::function's storage).
        const std::string prefix(100, 'x');
        Callback<std::string, uint32_t, const std::string&> join =
            MakeSanCallback<std::string, uint32_t, const std::string&>(
                [prefix](uint32_t n, const std::string& s) { return prefix.substr(0, n) + s; });
        NS_TEST_EXPECT_MSG_EQ(join(3, "y"), "xxxy", "arguments in, value out");

        // A copy is the same callback; another made alike is not (as ns-3's lambda callbacks).
        Callback<void> copy = none;
        NS_TEST_EXPECT_MSG_EQ(copy.IsEqual(none), true, "a copy equals its original");
        Callback<void> other = MakeSanCallback<void>([&calls]() { ++calls; });
        NS_TEST_EXPECT_MSG_EQ(other.IsEqual(none), false, "another lambda's callback differs");
        NS_TEST_EXPECT_MSG_EQ(none.IsEqual(MakeNullCallback<void>()), false, "not the null one");
        copy();
        NS_TEST_EXPECT_MSG_EQ(calls, 3, "the copy calls the same function");

        // Connected to a trace and disconnected by a copy.
        TracedCallback<uint32_t> trace;
        uint32_t seen = 0;
        Callback<void, uint32_t> sink =
            MakeSanCallback<void, uint32_t>([&seen](uint32_t v) { seen += v; });
        trace.ConnectWithoutContext(sink);
        trace(5);
        Callback<void, uint32_t> same = sink;
        trace.DisconnectWithoutContext(same);
        trace(7);
        NS_TEST_EXPECT_MSG_EQ(seen, 5, "called while connected only");

        // A member function and its object (a pointer or a Ptr, which the callback holds).
        Counter counter;
        Callback<uint32_t, uint32_t> add = MakeSanCallback<&Counter::Add>(&counter);
        NS_TEST_EXPECT_MSG_EQ(add(2), 2, "called on the object");
        NS_TEST_EXPECT_MSG_EQ(add(3), 5, "the same object");
        Ptr<Counter> shared = Create<Counter>();
        Callback<uint32_t, uint32_t> addShared = MakeSanCallback<&Counter::Add>(shared);
        NS_TEST_EXPECT_MSG_EQ(shared->GetReferenceCount(), 2, "the callback holds the Ptr");
        NS_TEST_EXPECT_MSG_EQ(addShared(4), 4, "called through the Ptr");
        addShared = Callback<uint32_t, uint32_t>();
        NS_TEST_EXPECT_MSG_EQ(shared->GetReferenceCount(), 1, "and lets it go");

        // What it holds is released with the last copy.
        auto held = std::make_shared<int>(1);
        std::weak_ptr<int> watch = held;
        {
            Callback<int> keep = MakeSanCallback<int>([held]() { return *held; });
            held.reset();
            NS_TEST_EXPECT_MSG_EQ(keep(), 1, "the capture lives with the callback");
        }
        NS_TEST_EXPECT_MSG_EQ(watch.expired(), true, "and goes with it");
    }
};

/**
 * \ingroup san-tests
 * \brief MakeSanCallback.
 */
class SanCallbackTestSuite : public TestSuite
{
  public:
    SanCallbackTestSuite()
        : TestSuite("san-callback", UNIT)
    {
        AddTestCase(new SanCallbackTestCase(), TestCase::QUICK);
    }
};

/// The suite's instance.
SanCallbackTestSuite g_sanCallbackTestSuite;

} // namespace
