# SPDX-License-Identifier: Apache-2.0
"""List the nets of highest fan-out in a synthesized ECP5 netlist, with the source lines of their drivers and of the
flip-flops they reach: the control nets that a placer has to spread across the die (timing, issue 19).

    .venv/bin/python scripts/fanout.py build/flow/gcm_lanes/<hash>/pnr_wrap/wrapped.json --min 250 --top 30

The netlist is a flow folder's wrapped synthesis (`wrapped.json`, from `make report` / `aesforge report` or
`scripts/pnr_block.py`). Per net: its fan-out (cell input pins), the driver's cell type and `src` attribute (a
flip-flop keeps the line of its `always_ff`; LUTs lose theirs in ABC), and the flip-flops / LUT-RAMs it reaches
directly or through one LUT, grouped by their source lines. Read only: it places nothing and takes seconds.
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

STORAGE = ("TRELLIS_FF", "TRELLIS_DPR16X4", "DP16KD")


def _src(cell: dict) -> str:
    parts = cell.get("attributes", {}).get("src", "").split("|")
    return "|".join(p.rsplit("/", 1)[-1] for p in parts if p and "cells_map" not in p and "techmap" not in p)


def high_fanout(netlist: dict, min_fanout: int = 250) -> list[dict]:
    """Nets with at least ``min_fanout`` input pins, highest first."""
    top = next(m for m in netlist["modules"] if m.endswith("aesf_flow_wrap"))
    mod = netlist["modules"][top]
    cells = mod["cells"]
    names: dict[int, str] = {}
    for name, nd in mod["netnames"].items():
        for b in nd["bits"]:
            if isinstance(b, int) and (b not in names or len(name) < len(names[b])):
                names[b] = name
    driver: dict[int, str] = {}
    sinks: dict[int, list[str]] = collections.defaultdict(list)
    for cname, c in cells.items():
        dirs = c.get("port_directions", {})
        for port, bits in c["connections"].items():
            for b in bits:
                if isinstance(b, int):
                    (driver.__setitem__(b, cname) if dirs.get(port) == "output" else sinks[b].append(cname))
    out = []
    for b, cname in driver.items():
        fo = len(sinks[b])
        if fo < min_fanout:
            continue
        reached = collections.Counter()
        for s in sinks[b]:
            sc = cells[s]
            if sc["type"] in STORAGE:
                reached[_src(sc)] += 1
                continue
            for port, bits in sc["connections"].items():      # one LUT further
                if sc.get("port_directions", {}).get(port) != "output":
                    continue
                for x in bits:
                    for s2 in sinks.get(x, []):
                        if cells[s2]["type"] in STORAGE:
                            reached[_src(cells[s2])] += 1
        out.append({"fanout": fo, "driver": cells[cname]["type"], "driver_src": _src(cells[cname]),
                    "net": names.get(b, "?"), "reaches": reached.most_common(4)})
    out.sort(key=lambda r: -r["fanout"])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("netlist", type=Path, help="a wrapped.json of the flow")
    ap.add_argument("--min", type=int, default=250, help="smallest fan-out listed (default 250)")
    ap.add_argument("--top", type=int, default=30, help="nets listed (default 30)")
    a = ap.parse_args(argv)
    rows = high_fanout(json.loads(a.netlist.read_text()), a.min)
    for r in rows[:a.top]:
        print(f"{r['fanout']:6d}  {r['driver']:10s} {r['driver_src'] or '(LUT)'}")
        for src, n in r["reaches"]:
            print(f"          -> {n:5d} x {src or '?'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
