// A program of one's own built against an installed san (README.md, "Using san from your own
// program"): a 4x4 wormhole mesh; host 0 sends 512 bytes to host 15.
#include "ns3/core-module.h"
#include "ns3/san-module.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);
    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(4), "Y", UintegerValue(4));
    NodeContainer hosts;
    hosts.Create(16);
    NetDeviceContainer nics = fabric.Install(hosts);
    nics.Get(15)->TraceConnectWithoutContext(
        "PacketRx",
        MakeCallback(+[](uint64_t, uint32_t src, uint32_t bytes, Time latency, uint32_t hops) {
            std::cout << "hello-san: " << bytes << " bytes from host " << src << " in "
                      << latency.GetNanoSeconds() << " ns over " << hops << " switches\n";
        }));
    Simulator::Schedule(MicroSeconds(1), [&nics]() {
        DynamicCast<SanEndpointDevice>(nics.Get(0))->SendTo(15, 512);
    });
    Simulator::Run();
    Simulator::Destroy();
    return 0;
}
