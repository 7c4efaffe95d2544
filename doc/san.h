/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \defgroup san System-area networks
 *
 * The san module: the user-level network interfaces of 1990s system-area networks (HP's
 * Hamlyn, MERL's DART, AT&T's CLAN with Tripwires, Princeton's SHRIMP, Oslo's SCILAN) on
 * switch fabrics with adaptive routing, and hosts whose buses, processors and operating
 * systems cost time. Its layers, from the bottom: the fabric (model/fabric: switches, ports,
 * channels, topologies, routing functions), the host (model/host: memory systems, buses,
 * processors), the shared NIC layer (model/nic), each interface (model/hamlyn, dart, clan,
 * shrimp with vmmc, sci, scilan, rats) and the helpers that build them (helper/, and
 * helper/paper for the papers' reproductions). Every public header is in this group; this
 * file is where the group is defined, once (the san-build-files suite checks both).
 */
