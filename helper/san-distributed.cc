/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-distributed.h"

#include "ns3/abort.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/string.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"
#include "ns3/simulator.h"

// Not installed by the mpi module: on the include path of the MPI build (CMakeLists.txt).
#include "distributed-simulator-impl.h"
#include "remote-channel-bundle-manager.h"
#include "remote-channel-bundle.h"

#include <mpi.h>
#endif

#include <cstdlib>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanDistributed");

namespace
{
/// The engine Enable() chose.
SanDistributed::Engine g_engine = SanDistributed::GRANTED_TIME_WINDOW;
} // namespace

std::string
SanDistributed::ParseEngine(const std::string& name, Engine& engine)
{
    if (name == "granted" || name == "gtw" || name == "DistributedSimulatorImpl" ||
        name == "ns3::DistributedSimulatorImpl")
    {
        engine = GRANTED_TIME_WINDOW;
        return "";
    }
    if (name == "null" || name == "nullmsg" || name == "NullMessageSimulatorImpl" ||
        name == "ns3::NullMessageSimulatorImpl")
    {
        engine = NULL_MESSAGE;
        return "";
    }
    return "unknown engine '" + name.substr(0, 40) +
           "' (granted: ns-3's granted time window; null: its null-message engine)";
}

bool
SanDistributed::HasMpi()
{
#ifdef NS3_MPI
    return true;
#else
    return false;
#endif
}

void
SanDistributed::Enable(int* argc, char*** argv, Engine engine)
{
    g_engine = engine;
#ifdef NS3_MPI
    GlobalValue::Bind("SimulatorImplementationType",
                      StringValue(engine == NULL_MESSAGE ? "ns3::NullMessageSimulatorImpl"
                                                         : "ns3::DistributedSimulatorImpl"));
    MpiInterface::Enable(argc, argv);
#else
    (void)argc;
    (void)argv;
    (void)engine;
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    if (size == nullptr)
    {
        size = std::getenv("PMI_SIZE");
    }
    NS_ABORT_MSG_IF(size != nullptr && std::atoi(size) > 1,
                    "SanDistributed: launched on "
                        << size
                        << " ranks, but this build of san has no MPI (Debian's ns-3 has no mpi "
                           "module); build it with 'make mpi' and run the programs of that "
                           "build");
#endif
}

void
SanDistributed::Disable()
{
#ifdef NS3_MPI
    if (MpiInterface::IsEnabled())
    {
        MpiInterface::Disable();
    }
#endif
}

bool
SanDistributed::IsEnabled()
{
#ifdef NS3_MPI
    return MpiInterface::IsEnabled();
#else
    return false;
#endif
}

SanDistributed::Engine
SanDistributed::GetEngine()
{
    return g_engine;
}

void
SanDistributed::BoundLookahead(Time lookahead)
{
    NS_ABORT_MSG_IF(!lookahead.IsStrictlyPositive(),
                    "SanDistributed::BoundLookahead: " << lookahead << " is not positive");
#ifdef NS3_MPI
    if (GetSize() < 2 || g_engine != GRANTED_TIME_WINDOW)
    {
        return;
    }
    Ptr<DistributedSimulatorImpl> impl =
        DynamicCast<DistributedSimulatorImpl>(Simulator::GetImplementation());
    NS_ABORT_MSG_IF(impl == nullptr,
                    "SanDistributed::BoundLookahead: the simulator is not ns-3's "
                    "granted-time-window engine");
    impl->BoundLookAhead(lookahead);
#endif
}

void
SanDistributed::DeclareCutLink(Ptr<Channel> channel, uint32_t rank, Time lead)
{
#ifdef NS3_MPI
    if (GetSize() < 2 || g_engine != NULL_MESSAGE)
    {
        return;
    }
    NS_ABORT_MSG_IF(!lead.IsStrictlyPositive(),
                    "SanDistributed::DeclareCutLink: a link to rank "
                        << rank << " has a lead of " << lead
                        << ": messages across ranks need time on the way (a Delay)");
    NS_ABORT_MSG_IF(rank == GetRank() || rank >= GetSize(),
                    "SanDistributed::DeclareCutLink: rank " << rank << " is not another rank");
    Ptr<RemoteChannelBundle> bundle = RemoteChannelBundleManager::Find(rank);
    if (bundle == nullptr)
    {
        bundle = RemoteChannelBundleManager::Add(rank);
    }
    bundle->AddChannel(channel, Max(TimeStep(1), lead - TimeStep(1)));
#else
    (void)channel;
    (void)rank;
    (void)lead;
#endif
}

uint32_t
SanDistributed::GetRank()
{
#ifdef NS3_MPI
    return MpiInterface::IsEnabled() ? MpiInterface::GetSystemId() : 0;
#else
    return 0;
#endif
}

uint32_t
SanDistributed::GetSize()
{
#ifdef NS3_MPI
    return MpiInterface::IsEnabled() ? MpiInterface::GetSize() : 1;
#else
    return 1;
#endif
}

void
SanDistributed::SumAll(std::vector<uint64_t>& values)
{
#ifdef NS3_MPI
    if (GetSize() > 1 && !values.empty())
    {
        MPI_Allreduce(MPI_IN_PLACE,
                      values.data(),
                      static_cast<int>(values.size()),
                      MPI_UINT64_T,
                      MPI_SUM,
                      MpiInterface::GetCommunicator());
    }
#else
    (void)values;
#endif
}

void
SanDistributed::MaxAll(std::vector<int64_t>& values)
{
#ifdef NS3_MPI
    if (GetSize() > 1 && !values.empty())
    {
        MPI_Allreduce(MPI_IN_PLACE,
                      values.data(),
                      static_cast<int>(values.size()),
                      MPI_INT64_T,
                      MPI_MAX,
                      MpiInterface::GetCommunicator());
    }
#else
    (void)values;
#endif
}

double
SanDistributed::MaxAll(double v)
{
#ifdef NS3_MPI
    if (GetSize() > 1)
    {
        MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_DOUBLE, MPI_MAX, MpiInterface::GetCommunicator());
    }
#endif
    return v;
}

} // namespace ns3
