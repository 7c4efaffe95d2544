#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Plot the fabric-load sweep: latency and throughput versus offered load.

    /usr/bin/python3 analysis/plot_fabric_load.py [CSV] [--outdir DIR]

CSV defaults to results/fabric-load.csv and DIR to results/. Writes, for each
topology T in the file, DIR/fabric-load-T.png (top row: average latency in
packet-times against offered load, one panel per traffic pattern; bottom
row: accepted against offered throughput), and DIR/fabric-load-saturation.png
(saturation throughput of every topology/traffic/routing as bars).
"""

import argparse
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sancsv  # noqa: E402

# Traffic patterns always drawn (an empty panel says "no data"), in order;
# any other pattern in the file gets a panel after these.
BASE_TRAFFIC = ("uniform", "transpose")

# Fixed styles so a routing function looks the same in every figure. The two
# deterministic functions share a colour: they never share a topology.
ROUTING_STYLE = {
    "dimension-order": dict(color="tab:blue", marker="o", linestyle="-"),
    "up-down": dict(color="tab:blue", marker="o", linestyle="-"),
    "source": dict(color="tab:orange", marker="s", linestyle="--", markerfacecolor="none"),
    "minimal-adaptive": dict(color="tab:green", marker="^", linestyle="-"),
    "valiant": dict(color="tab:red", marker="D", linestyle="-."),
    # The dragonfly's functions (SanUgalRouting's decisions; valiant shares the style above).
    "minimal": dict(color="tab:blue", marker="o", linestyle="-"),
    "ugal": dict(color="tab:purple", marker="v", linestyle="-"),
}
ROUTING_ORDER = ("dimension-order", "up-down", "minimal", "source", "minimal-adaptive", "valiant",
                 "ugal")
_EXTRA_COLORS = ("tab:purple", "tab:brown", "tab:pink", "tab:gray", "tab:olive", "tab:cyan")
_EXTRA_MARKERS = ("v", "P", "X", "*", "h", "<")

def ordered(values, preferred):
    """Distinct `values`, those in `preferred` first in its order, the rest sorted."""
    values = set(values)
    return [v for v in preferred if v in values] + sorted(values - set(preferred))


def style_of(routing):
    if routing in ROUTING_STYLE:
        return dict(ROUTING_STYLE[routing])
    # Unknown routing: a stable pick from the spare colours and markers.
    index = sum(ord(c) for c in routing)
    return dict(
        color=_EXTRA_COLORS[index % len(_EXTRA_COLORS)],
        marker=_EXTRA_MARKERS[index % len(_EXTRA_MARKERS)],
        linestyle=":",
    )


def curves(rows):
    """Group rows: {(topology, traffic, routing): [rows sorted by offered load]}."""
    grouped = {}
    for row in rows:
        key = (row["topology"], row["traffic"], row["routing"])
        grouped.setdefault(key, []).append(row)
    for points in grouped.values():
        points.sort(key=lambda r: r["offered_load"])
    return grouped


def saturation(points):
    """Summary of one curve (its rows sorted by offered load).

    Saturation as fabric-load (SanLoadSweep) decides it per point, in the
    `saturated` column (Dally and Towles, ch. 23: the offered load at which
    accepted throughput falls below offered load, i.e. some source's demand is
    no longer met). Returns a dict: throughput (the largest offered load met
    below the first saturated one; with no saturated point, the largest load
    tried, a lower bound), offered (the same load), saturated (whether any
    point saturated), zero_load_latency (latency in packet-times at the lowest
    offered load), hops (hops per packet at the lowest offered load).
    """
    first = next((r for r in points if r["saturated"]), None)
    met = [
        r
        for r in points
        if not r["saturated"] and (first is None or r["offered_load"] < first["offered_load"])
    ]
    best = max(met, key=lambda r: r["offered_load"]) if met else None
    return {
        "throughput": best["offered_load"] if best else 0.0,
        "offered": best["offered_load"] if best else 0.0,
        "saturated": first is not None,
        "zero_load_latency": points[0]["avg_latency_packet_times"],
        "hops": points[0]["hops_per_packet"],
        "points": len(points),
    }


def _slug(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name) or "unnamed"


def plot_topology(rows, topology, outdir):
    """Write DIR/fabric-load-<topology>.png for the rows of one topology; return its path."""
    grouped = curves(r for r in rows if r["topology"] == topology)
    traffics = ordered([k[1] for k in grouped], BASE_TRAFFIC)
    # A topology with patterns of its own (the dragonfly's group shift) gets no empty panels.
    own_patterns = any(t not in BASE_TRAFFIC for t in traffics)
    for t in BASE_TRAFFIC:
        if t not in traffics and not own_patterns:
            traffics.insert(BASE_TRAFFIC.index(t), t)
    routings = ordered([k[2] for k in grouped], ROUTING_ORDER)
    max_load = max((r["offered_load"] for p in grouped.values() for r in p), default=1.0)

    ncol = len(traffics)
    fig, axes = plt.subplots(2, ncol, figsize=(5.2 * ncol, 8.4), squeeze=False)
    fig.suptitle("fabric-load: %s, latency and throughput vs offered load" % topology, fontsize=14)

    for col, traffic in enumerate(traffics):
        lat_ax = axes[0][col]
        thr_ax = axes[1][col]
        drawn = 0
        for routing in routings:
            points = grouped.get((topology, traffic, routing))
            if not points:
                continue
            drawn += 1
            style = style_of(routing)
            offered = [r["offered_load"] for r in points]
            # A point where nothing was delivered has no latency; log axes
            # cannot show zero, so such points are left out of the top row.
            lat = [
                (r["offered_load"], r["avg_latency_packet_times"])
                for r in points
                if r["avg_latency_packet_times"] > 0
            ]
            if lat:
                lat_ax.plot(
                    [x for x, _ in lat], [y for _, y in lat], label=routing, markersize=5, **style
                )
            sat = saturation(points)
            label = "%s (sat. %s%.3f)" % (routing, "" if sat["saturated"] else "\u2265", sat["throughput"])
            thr_ax.plot(
                offered,
                [r["accepted_throughput"] for r in points],
                label=label,
                markersize=5,
                **style,
            )

        lat_ax.set_title("%s traffic: average latency" % traffic)
        lat_ax.set_xlabel("offered load (packets / host / packet-time)")
        lat_ax.set_ylabel("average latency (packet-times, log scale)")
        thr_ax.set_title("%s traffic: accepted throughput" % traffic)
        thr_ax.set_xlabel("offered load (packets / host / packet-time)")
        thr_ax.set_ylabel("accepted throughput (packets / host / packet-time)")
        for ax in (lat_ax, thr_ax):
            ax.set_xlim(0, max_load * 1.05)
            ax.grid(True, which="major", alpha=0.35)
        if drawn:
            lat_ax.set_yscale("log")
            lat_ax.grid(True, which="minor", alpha=0.12)
            lat_ax.legend(loc="upper left", fontsize=9)
            thr_ax.plot(
                [0, max_load], [0, max_load], color="black", linewidth=0.8, alpha=0.5, label="accepted = offered"
            )
            thr_ax.set_ylim(0, max_load * 1.05)
            thr_ax.legend(loc="upper left", fontsize=9)
        else:
            for ax in (lat_ax, thr_ax):
                ax.text(
                    0.5, 0.5, "no data for %s / %s" % (topology, traffic),
                    ha="center", va="center", transform=ax.transAxes, color="gray",
                )

    fig.tight_layout(rect=(0, 0, 1, 0.96))
    path = os.path.join(outdir, "fabric-load-%s.png" % _slug(topology))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _slot_label(slot, grouped):
    """Legend text of a bar slot; the shared deterministic slot names both functions."""
    if slot != "dimension-order":
        return slot
    present = {k[2] for k in grouped}
    names = [r for r in ("dimension-order", "up-down") if r in present]
    return " / ".join(names) if len(names) > 1 else names[0]


def plot_saturation(rows, outdir):
    """Write DIR/fabric-load-saturation.png: grouped bars of saturation throughput."""
    grouped = curves(rows)
    topologies = ordered([k[0] for k in grouped], ("mesh", "fat-tree"))
    traffics = ordered([k[1] for k in grouped], BASE_TRAFFIC)
    groups = sorted({(k[0], k[1]) for k in grouped},
                    key=lambda g: (topologies.index(g[0]), traffics.index(g[1])))
    routings = ordered([k[2] for k in grouped], ROUTING_ORDER)
    # The two deterministic functions never share a topology: draw them in one slot.
    slots = []
    for r in routings:
        if r == "up-down" and "dimension-order" in slots:
            continue
        slots.append(r)
    width = 0.8 / max(len(slots), 1)

    fig, ax = plt.subplots(figsize=(max(6.0, 1.9 * len(groups) + 2), 4.8))
    labelled = set()
    for gi, (topology, traffic) in enumerate(groups):
        for si, slot in enumerate(slots):
            routing = slot
            if slot == "dimension-order" and (topology, traffic, slot) not in grouped:
                routing = "up-down"
            points = grouped.get((topology, traffic, routing))
            if not points:
                continue
            sat = saturation(points)
            style = style_of(routing)
            x = gi - 0.4 + width * (si + 0.5)
            ax.bar(
                x, sat["throughput"], width * 0.92, color=style["color"],
                hatch=None if sat["saturated"] else "//", edgecolor="black", linewidth=0.4,
                label=None if slot in labelled else _slot_label(slot, grouped),
            )
            labelled.add(slot)
            ax.text(x, sat["throughput"], "%.2f" % sat["throughput"], ha="center", va="bottom", fontsize=7)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(["%s\n%s" % g for g in groups])
    ax.set_ylabel("saturation throughput\n(packets / host / packet-time)")
    ax.set_title("fabric-load: saturation throughput (max accepted; hatched = sweep never saturated)")
    ax.set_ylim(0, max((saturation(p)["throughput"] for p in grouped.values()), default=1.0) * 1.18)
    ax.grid(True, axis="y", alpha=0.35)
    ax.legend(fontsize=8, ncol=min(len(labelled), 5), loc="upper right")
    fig.tight_layout()
    path = os.path.join(outdir, "fabric-load-saturation.png")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_all(csv_path, outdir):
    """Read the CSV and write every figure; return the list of PNG paths.

    Raises sancsv.CsvError for a malformed file and ValueError for a file
    without data rows.
    """
    rows = sancsv.read_fabric_load(csv_path)
    if not rows:
        raise ValueError("%s: no data rows" % csv_path)
    os.makedirs(outdir, exist_ok=True)
    topologies = ordered([r["topology"] for r in rows], ("mesh", "fat-tree"))
    paths = [plot_topology(rows, t, outdir) for t in topologies]
    paths.append(plot_saturation(rows, outdir))
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="?", default="results/fabric-load.csv",
                        help="fabric-load CSV (default: %(default)s)")
    parser.add_argument("--outdir", default="results", help="where the PNGs go (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        paths = plot_all(args.csv, args.outdir)
    except (sancsv.CsvError, ValueError) as e:
        print("plot_fabric_load: error: %s" % e, file=sys.stderr)
        return 1
    for p in paths:
        print("plot_fabric_load: wrote %s" % p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
