#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Register-to-register logic depth of a synthesized ECP5 netlist (the flow's wrapped.json), before P&R: every
path between flip-flops / block-RAM registers / LUT-RAM, scored by LUT levels and the fan-out of the nets it
crosses, grouped by start and end register. A P&R run reports one critical path; this lists every deep path of
the netlist at once, so that a timing round can fix all of them before the next 40-minute placement.

    .venv/bin/python scripts/logic_depth.py build/flow/gcm_lanes_n1/<hash>/pnr_wrap/wrapped.json --top 30

Score (an estimate, not a timing figure): per LUT4 / LUT-RAM read 1 level + a net term of
0.25 + 0.15 x log2(fan-out); PFUMX / L6MUX21 0.3 levels; a CCU2C carry cell 0.1 (1 where the chain is entered).
Use it to rank paths; Fmax comes from nextpnr (`make report`, `scripts/pnr_block.py`).
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import defaultdict

SEQ_OUT = {"TRELLIS_FF": {"Q"}, "DP16KD": None}      # None: every output is a register output (REGMODE OUTREG)
COMB = {"LUT4": 1.0, "PFUMX": 0.3, "L6MUX21": 0.3, "CCU2C": 0.1, "TRELLIS_DPR16X4": 1.0}


def base(name: str) -> str:
    """A net name without bit index and Yosys suffixes: the register it belongs to."""
    n = re.sub(r"\[\d+\]", "", name)
    n = re.sub(r"_TRELLIS_FF_Q.*$", "", n)
    n = re.sub(r"\s+\S+$", "", n) if n.startswith("hw/") else n
    return n


def analyze(d: dict, min_score: float = 0.0, cones: int = 0) -> list[tuple]:
    """Every register-to-register path of a Yosys JSON netlist (ECP5 cells), worst first, grouped by (start,
    end): rows of (start, end, score, LUT-level hops, nets along the worst path, endpoints in the group, cones).
    cones > 0: for the first `cones` groups, per net along the worst path the registers in its fan-in cone, as
    {source lines: flip-flop bits} (the RTL the logic up to that net reads); otherwise an empty list."""
    mods = d["modules"]
    topname = next(m for m, v in mods.items() if v.get("attributes", {}).get("top"))
    m = mods[topname]
    names: dict[int, str] = {}
    rank: dict[int, int] = {}

    def quality(n: str, hidden: bool) -> int:
        # a source name (u_core.ks_hd_q) beats a name that nextpnr / ABC derived from cell pins
        mangled = re.search(r"_(LUT4|TRELLIS_|CCU2C|PFUMX|L6MUX|DP16KD|DPR16X4)", n) is not None
        return (0 if hidden else 2) + (0 if mangled else 1)
    for n, v in m["netnames"].items():
        hidden = n.startswith("$") or bool(v.get("hide_name"))
        for i, b in enumerate(v["bits"]):
            if isinstance(b, int):
                qv = quality(n, hidden)
                if b not in names or qv > rank[b]:
                    names[b] = f"{n}[{i}]" if len(v["bits"]) > 1 else n
                    rank[b] = qv
    fanout: dict[int, int] = defaultdict(int)
    driver: dict[int, tuple[str, str]] = {}
    cells = m["cells"]
    for cn, c in cells.items():
        for p, bits in c["connections"].items():
            dirn = c["port_directions"].get(p, "input")
            for b in bits:
                if not isinstance(b, int):
                    continue
                if dirn == "output":
                    driver[b] = (cn, p)
                else:
                    fanout[b] += 1

    memo: dict[int, tuple[float, int | None]] = {}   # net -> (score at the net, previous net on the worst path)

    def cell_inputs(c: dict, outp: str) -> list[int]:
        t = c["type"]
        ins = []
        for p, bits in c["connections"].items():
            if c["port_directions"].get(p) != "input":
                continue
            if t == "TRELLIS_DPR16X4" and not p.startswith("RAD"):
                continue                            # the read is combinational from the read address only
            if t == "CCU2C" and outp == "S0" and p.endswith("1"):
                continue
            ins += [b for b in bits if isinstance(b, int)]
        return ins

    sys.setrecursionlimit(100000)

    def arrival(net: int) -> tuple[float, int | None]:
        if net in memo:
            return memo[net]
        memo[net] = (0.0, None)                     # loop guard
        if net not in driver:
            return memo[net]
        cn, p = driver[net]
        c = cells[cn]
        t = c["type"]
        if t in SEQ_OUT and (SEQ_OUT[t] is None or p in SEQ_OUT[t]):
            res = (0.0, None)
        elif t in COMB or t.startswith("aesf_"):
            w = COMB.get(t, 3.0)
            if t == "CCU2C" and p != "COUT":
                w = 1.0
            best, prev = 0.0, None
            for b in cell_inputs(c, p):
                a, _ = arrival(b)
                net_term = 0.25 + 0.15 * math.log2(max(1, fanout[b])) if w >= 1.0 else 0.05
                if a + net_term > best:
                    best, prev = a + net_term, b
            res = (best + w, prev)
        else:
            res = (0.0, None)                       # ports, constants, unknown cells: path start
        memo[net] = res
        return res

    # endpoints: flip-flop data / enable / reset inputs, block-RAM address / data / enables, LUT-RAM write side
    ends = []
    for cn, c in cells.items():
        t = c["type"]
        if t not in ("TRELLIS_FF", "DP16KD", "TRELLIS_DPR16X4"):
            continue
        for p, bits in c["connections"].items():
            if c["port_directions"].get(p) != "input" or p.startswith("CLK") or p == "WCK":
                continue
            if t == "TRELLIS_DPR16X4" and p.startswith("RAD"):
                continue
            for b in bits:
                if isinstance(b, int):
                    a, prev = arrival(b)
                    net_term = 0.25 + 0.15 * math.log2(max(1, fanout[b]))
                    ends.append((a + net_term, cn, p, b))

    def t_of(cn: str) -> str:
        return cells[cn]["type"]

    def src_of(cn: str) -> str:
        # the RTL line range of a cell (the techmap library's own line dropped)
        srcs = cells[cn].get("attributes", {}).get("src", "?").split("|")
        return "|".join(x for x in srcs if "/share/" not in x) or srcs[0]

    groups: dict[tuple[str, str], list] = {}
    for score, cn, p, b in ends:
        if score < min_score:
            continue
        # walk back to the start register
        path = [b]
        n = b
        while True:
            _, prev = memo.get(n, (0.0, None))
            if prev is None:
                break
            path.append(prev)
            n = prev
        start = names.get(path[-1], f"net{path[-1]}")
        sdrv = driver.get(path[-1])
        if sdrv and rank.get(path[-1], 0) < 3:
            start = src_of(sdrv[0]) + " " + start[:50]
        c = cells[cn]
        q = c["connections"].get("Q")
        endname = names.get(q[0], cn) if q and isinstance(q[0], int) else cn
        if q and isinstance(q[0], int) and rank.get(q[0], 0) < 3:
            endname = src_of(cn) + " " + endname[:50]
        elif t_of(cn) != "TRELLIS_FF":
            endname = t_of(cn) + ":" + cn[:60]
        key = (base(start), base(endname) + ("" if p in ("DI",) else f".{p.rstrip('0123456789')}"))
        g = groups.get(key)
        if g is None or score > g[0]:
            groups[key] = [score, len(path) - 1, [names.get(x, f"net{x}") for x in reversed(path)],
                           (g[3] + 1) if g else 1, list(reversed(path))]
        else:
            g[3] += 1
    rows = sorted(groups.items(), key=lambda kv: -kv[1][0])

    def cone_of(net: int) -> dict[str, int]:
        # the sequential cells (and ports) behind a net, through the combinational cells, by source lines
        seen: set[int] = set()
        regs: dict[str, int] = defaultdict(int)
        todo = [net]
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            drv = driver.get(n)
            if drv is None:
                regs["(port or constant) " + base(names.get(n, f"net{n}"))] += 1
                continue
            cn, p = drv
            t = cells[cn]["type"]
            if t in SEQ_OUT and (SEQ_OUT[t] is None or p in SEQ_OUT[t]):
                regs[src_of(cn)] += 1
            elif t in COMB or t.startswith("aesf_"):
                todo += cell_inputs(cells[cn], p)
            else:
                regs[t + " " + base(names.get(n, f"net{n}"))] += 1
        return dict(sorted(regs.items(), key=lambda kv: -kv[1]))

    out = []
    for i, ((s_, e_), g) in enumerate(rows):
        cn_list = [cone_of(n) for n in g[4][1:]] if i < cones else []
        out.append((s_, e_, g[0], g[1], g[2], g[3], cn_list))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("netlist")
    ap.add_argument("--top", type=int, default=25, help="groups to list")
    ap.add_argument("--via", action="store_true", help="print the nets along each path")
    ap.add_argument("--min", type=float, default=0.0, help="only endpoints scoring at least this")
    ap.add_argument("--cone", action="store_true",
                    help="per net of each listed path, the source lines of the registers in its fan-in cone")
    args = ap.parse_args()
    rows = analyze(json.load(open(args.netlist)), args.min, cones=args.top if args.cone else 0)
    for s, e, score, hops, path, count, cones in rows[: args.top]:
        print(f"{score:5.2f}  {hops:2d} hops  x{count:<5d} {s}  ->  {e}")
        if args.via:
            print("        via " + " > ".join(base(x) for x in path[1:-1][:12]))
        for net, cone in zip(path[1:], cones):
            regs = ", ".join(f"{k} ({v})" for k, v in list(cone.items())[:6])
            more = f", +{len(cone) - 6} more" if len(cone) > 6 else ""
            print(f"        {base(net)[:60]}: {regs}{more}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
