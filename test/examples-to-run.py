#! /usr/bin/env python3
#
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
#
# The san examples ns-3's test.py runs when san sits in an ns-3 tree as contrib/san (./test.py
# reads this file). Each entry is (program and its arguments, run it?, run it under valgrind?),
# the last two as Python conditions; the arguments are the short ones the standalone build's
# san-examples suite uses, and outputs go to /dev/null so that nothing is left in the tree.
# The paper reproductions take minutes: make reproduce runs them.

cpp_examples = [
    ("fabric-first", "True", "True"),
    ("fabric-load --csv=/dev/null --topologies=mesh --step=0.2 --maxLoad=0.6 --warmup=200 "
     "--measure=400 --drain=400", "True", "False"),
    ("fabric-bench --csv=/dev/null --packetTimes=300 --meshSize=4 --ftK=4 --ftN=3 "
     "--rawEvents=1000000", "True", "False"),
    ("san-scaling --csv=/dev/null --set=quick --hopBudget=10000", "True", "False"),
    ("san-run --topology=torus --x=8 --y=8 --routing=minimal-adaptive --pattern=tornado "
     "--load=0.1:0.6:0.1 --saturation=true --bisections=2 --warmup=200 --measure=600 "
     "--drain=600 --progress=false --csv= --json=", "True", "False"),
    ("san-distributed --topology=mesh --x=4 --y=4 --partitions=2 --measure=300 --drain=300",
     "True", "False"),
    ("scilan-bulk-send --bytes=262144", "True", "False"),
    ("hamlyn-rats --streamBytes=262144", "True", "False"),
    ("dart-remote --ops=3", "True", "False"),
    ("clan-tripwire --messages=100", "True", "False"),
    ("shrimp-vmmc-nx --rounds=5", "True", "False"),
    ("tcp-baseline --bytes=1024 --link=gige", "True", "False"),
    ("tcp-baseline --bytes=1 --link=atm_lane", "True", "False"),
    ("nic-shootout --csv=none --sizes=8,4096 --rounds=3 --messages=8 --streamBytes=32768", "True",
     "False"),
]

python_examples = []
