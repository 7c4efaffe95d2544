# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
# san for waf-era ns-3 trees (ns-3 <= 3.35): copy this folder to src/san or contrib/san.
# CMake-era trees and the standalone build use CMakeLists.txt instead.
# The file lists below are generated: after adding or removing files run
#   /usr/bin/python3 scripts/update-wscript.py
# (the test suite san-build-files fails while they differ from the files on disk).


def build(bld):
    module = bld.create_ns3_module('san', ['core', 'network'])
    module.source = [
        'model/fabric/routing/san-deterministic-routing.cc',
        'model/fabric/routing/san-dimension-order-routing.cc',
        'model/fabric/routing/san-minimal-adaptive-routing.cc',
        'model/fabric/routing/san-routing.cc',
        'model/fabric/routing/san-source-routing.cc',
        'model/fabric/routing/san-up-down-routing.cc',
        'model/fabric/routing/san-valiant-routing.cc',
        'model/fabric/san-channel.cc',
        'model/fabric/san-endpoint-device.cc',
        'model/fabric/san-fabric-header.cc',
        'model/fabric/san-fabric-packet.cc',
        'model/fabric/san-fabric.cc',
        'model/fabric/san-port-device.cc',
        'model/fabric/san-switch-port.cc',
        'model/fabric/san-switch.cc',
        'model/fabric/san-traffic-generator.cc',
        'model/fabric/topology/san-crossbar-topology.cc',
        'model/fabric/topology/san-fat-tree-topology.cc',
        'model/fabric/topology/san-graph-topology.cc',
        'model/fabric/topology/san-mesh-topology.cc',
        'model/fabric/topology/san-ring-topology.cc',
        'model/fabric/topology/san-topology.cc',
        'model/hamlyn/hamlyn-cost-model.cc',
        'model/hamlyn/hamlyn-header.cc',
        'model/hamlyn/hamlyn-lanai3-cost-model.cc',
        'model/hamlyn/hamlyn-message-area.cc',
        'model/hamlyn/hamlyn-net-device.cc',
        'model/hamlyn/hamlyn-notification-assembly.cc',
        'model/hamlyn/hamlyn-notification-queue.cc',
        'model/hamlyn/hamlyn-packet-counter.cc',
        'model/hamlyn/hamlyn-send-terminus.cc',
        'model/hamlyn/hamlyn-slot-table.cc',
        'model/host/host-bus.cc',
        'model/host/host-cpu.cc',
        'model/host/host-memory.cc',
        'model/host/san-operation.cc',
        'model/host/san-resource.cc',
        'helper/san-fabric-helper.cc',
        'helper/san-traffic-helper.cc',
        ]

    module_test = bld.create_ns3_module_test_library('san')
    module_test.source = [
        'test/san-build-files-test-suite.cc',
        'test/san-examples-test-suite.cc',
        'test/san-fabric-test-suite.cc',
        'test/san-hamlyn-test-suite.cc',
        'test/san-host-test-suite.cc',
        'test/san-topology-test-suite.cc',
        ]

    headers = bld(features='ns3header')
    headers.module = 'san'
    headers.source = [
        'model/fabric/routing/san-deterministic-routing.h',
        'model/fabric/routing/san-dimension-order-routing.h',
        'model/fabric/routing/san-minimal-adaptive-routing.h',
        'model/fabric/routing/san-routing.h',
        'model/fabric/routing/san-source-routing.h',
        'model/fabric/routing/san-up-down-routing.h',
        'model/fabric/routing/san-valiant-routing.h',
        'model/fabric/san-channel.h',
        'model/fabric/san-endpoint-device.h',
        'model/fabric/san-fabric-header.h',
        'model/fabric/san-fabric-packet.h',
        'model/fabric/san-fabric.h',
        'model/fabric/san-port-device.h',
        'model/fabric/san-switch-port.h',
        'model/fabric/san-switch.h',
        'model/fabric/san-traffic-generator.h',
        'model/fabric/topology/san-crossbar-topology.h',
        'model/fabric/topology/san-fat-tree-topology.h',
        'model/fabric/topology/san-graph-topology.h',
        'model/fabric/topology/san-mesh-topology.h',
        'model/fabric/topology/san-ring-topology.h',
        'model/fabric/topology/san-topology-graph.h',
        'model/fabric/topology/san-topology.h',
        'model/hamlyn/hamlyn-cost-model.h',
        'model/hamlyn/hamlyn-header.h',
        'model/hamlyn/hamlyn-lanai3-cost-model.h',
        'model/hamlyn/hamlyn-message-area.h',
        'model/hamlyn/hamlyn-net-device.h',
        'model/hamlyn/hamlyn-notification-assembly.h',
        'model/hamlyn/hamlyn-notification-queue.h',
        'model/hamlyn/hamlyn-packet-counter.h',
        'model/hamlyn/hamlyn-send-terminus.h',
        'model/hamlyn/hamlyn-slot-table.h',
        'model/host/host-bus.h',
        'model/host/host-cpu.h',
        'model/host/host-memory.h',
        'model/host/san-operation.h',
        'model/host/san-resource.h',
        'helper/san-fabric-helper.h',
        'helper/san-traffic-helper.h',
        ]

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse('examples')
