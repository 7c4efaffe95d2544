# san: build, test and CI entry points (see `make help`).
#
#   make build          install missing Debian packages, configure and build in build/
#   make test           build, then run every test suite (ends with "N passed, N failed")
#   make reproduce      build, then run scripts/reproduce.sh (examples -> results/)
#   make install-check  install build/ into a scratch prefix, build examples/out-of-tree against it
#   make scaling        build, then san-scaling (SET=full: up to a million hosts, hours) -> results/
#   make nic-scaling    build, then nic-scaling: every interface's workloads on fat trees of
#                       NIC_HOSTS hosts (1024,4096 by default) -> results/nic-scaling.csv
#   make asan           build in build-asan/ with AddressSanitizer + UBSan, run the suites
#                       (all but san-scilan-paper, which make test runs: ASAN_EXCLUDE)
#   make contrib-check  build and test san inside ns-3.37's source tree (contrib/san), with MPI,
#                       and check distributed runs on 1, 2 and 4 ranks (make mpi-check)
#   make mpi            the distributed build: ns-3.37 from Debian's source with OpenMPI, san in it
#   make mpi-check      make mpi, then san-distributed on 1, 2, 4 ranks x 2 engines, fabric and
#                       interfaces' workloads: same results
#   make format         clang-format -i every .cc/.h (ns-3's .clang-format)
#   make format-check   report files that clang-format would change
#   make wscript        regenerate the waf file lists (wscript, examples/wscript)
#   make clean          remove build/ and build-asan/
#
# Variables: BUILD_TYPE (Release; or RelWithDebInfo, Debug), JOBS (all cores), CMAKE_ARGS,
#            ASAN_EXCLUDE (a ctest -E pattern; empty: every suite under ASan).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

JOBS ?= $(shell nproc)
BUILD_TYPE ?= Release
BUILD_DIR ?= build
ASAN_DIR ?= build-asan
CMAKE_ARGS ?=
PYTHON := /usr/bin/python3
CLANG_FORMAT ?= clang-format
FORMAT_DIRS := model helper examples test

.PHONY: all help deps build test reproduce scaling nic-scaling install-check asan asan-build contrib-check mpi \
        mpi-check format \
        format-check wscript clean

all: build

help:
	@sed -n '3,18p' Makefile | sed 's/^# \{0,1\}//'

deps:
	bash scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_ARGS)
	cmake --build $(BUILD_DIR) -j $(JOBS)

test: build
	JOBS=$(JOBS) bash test/run-tests.sh $(BUILD_DIR)

reproduce: build
	@if [ -f scripts/reproduce.sh ]; then \
	    bash scripts/reproduce.sh; \
	else \
	    echo "make reproduce: scripts/reproduce.sh does not exist yet; nothing to run"; \
	fi

# The scaling study of the fabric (issue: scaling to a million hosts). SET=quick takes minutes.
SET ?= full
MAX_HOSTS ?= 0
scaling: build
	mkdir -p results
	$(BUILD_DIR)/examples/san-scaling --set=$(SET) --maxHosts=$(MAX_HOSTS) \
	    --csv=results/san-scaling.csv \
	    --schedulers=ns3::MapScheduler,ns3::HeapScheduler,ns3::CalendarScheduler,ns3::PriorityQueueScheduler,ns3::SanOrderedScheduler \
	    --schedulerCsv=results/san-scaling-schedulers.csv
	$(PYTHON) analysis/plot_scaling.py --results results

# The interfaces at scale: request/response, incast and all-to-all in groups of 16 hosts over
# fat trees, each run in a process of its own (what it costs to simulate, and memory per host).
NIC_HOSTS ?= 1024,4096
nic-scaling: build
	mkdir -p results
	$(BUILD_DIR)/examples/nic-scaling --hosts=$(NIC_HOSTS) --csv=results/nic-scaling.csv

# The installed library, headers, CMake package and pkg-config file, used as a user would.
install-check: build
	bash scripts/check-install.sh $(BUILD_DIR)

# Debug (NS3_ASSERT_ENABLE, NS3_LOG_ENABLE) at -O1, with ASan and UBSan; any finding aborts the
# suite, which then fails. -g1 (line tables, enough for ASan's reports) builds faster than -g.
asan-build: deps
	cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug -DSAN_ASAN=ON \
	    -DCMAKE_CXX_FLAGS_DEBUG="-g1 -O1" $(CMAKE_ARGS)
	cmake --build $(ASAN_DIR) -j $(JOBS)

# Every suite but san-scilan-paper: its SCI/NDIS throughput streams megabytes through ns-3's own
# TCP (uninstrumented), 270 s of CI's critical path under ASan for 20 s in Release; san-scilan
# and san-tcp-baseline run san's side of that path here, and make test runs the suite itself.
ASAN_EXCLUDE ?= ^san-scilan-paper$$
asan: asan-build
	JOBS=$(JOBS) bash test/run-tests.sh $(ASAN_DIR) $(if $(ASAN_EXCLUDE),-E '$(ASAN_EXCLUDE)')

contrib-check:
	JOBS=$(JOBS) bash scripts/check-contrib-build.sh

# ns-3's MPI engine: Debian's ns-3 has no mpi module, so the distributed build is ns-3.37's own
# source (Debian's source package) with OpenMPI, san inside it as contrib/san (the tree
# contrib-check uses); the standalone build stays the default and needs no MPI.
mpi:
	JOBS=$(JOBS) bash scripts/check-contrib-build.sh --build-only

mpi-check:
	JOBS=$(JOBS) bash scripts/check-contrib-build.sh --mpi-only

format:
	find $(wildcard $(FORMAT_DIRS)) -type f \( -name '*.cc' -o -name '*.h' \) -print0 \
	    | xargs -0 -r $(CLANG_FORMAT) -i

format-check:
	find $(wildcard $(FORMAT_DIRS)) -type f \( -name '*.cc' -o -name '*.h' \) -print0 \
	    | xargs -0 -r $(CLANG_FORMAT) --dry-run -Werror

wscript:
	$(PYTHON) scripts/update-wscript.py

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR)
