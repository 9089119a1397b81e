# SPDX-License-Identifier: Apache-2.0
"""nextpnr's critical path read on the source lines: the flip-flops at its two ends (and every flip-flop or RAM on
it) named by the ``src`` attribute synth_ecp5 keeps, instead of the cell names (Yosys' autoname chains of renamed
flip-flops, e.g. ``u_core.u_cq.mem_q.0.8_DO_2_LUT4_C_Z_TRELLIS_FF_DI_Q...``, which name a neighbour, not the
register). LUTs lose their ``src`` in ABC, so the ends are what names a path.

Used by `scripts/pnr_block.py --path` (the hop-by-hop table) and by `aesforge report` (``start_src`` /
``end_src`` of each part's median placement in results/<core>.json). Formats tool output only: not part of the
flow hash (aesforge.flow.report.FLOW_CODE)."""
from __future__ import annotations

import json
from pathlib import Path


def top_cells(netlist: dict) -> tuple[dict, dict[int, str]]:
    """(cells, bit -> net name) of the netlist's top module (the flow's wrapper)."""
    mods = netlist["modules"]
    top = next((m for m, v in mods.items() if v.get("attributes", {}).get("top")), None) \
        or next(m for m in mods if m.endswith("aesf_flow_wrap"))
    return mods[top]["cells"], bit_names(mods[top]["netnames"])


def cell_src(cell: dict) -> str:
    """A cell's RTL source lines (``file:line.col-line.col``, '|'-joined), without the techmap library's own."""
    return "|".join(x for x in cell.get("attributes", {}).get("src", "").split("|") if x and "cells_map" not in x)


def bit_names(netnames: dict) -> dict[int, str]:
    """Netlist bit -> the shortest user-visible (hierarchical) net name that holds it, with its bit index. The
    flattened netlist keeps the RTL names of many signals (``u_core.gen_axi.u_front.u_core.u_wblk.gen_head.head_q``)
    but not of flip-flops that synthesis re-created (those nets carry only Yosys' ``autoname`` chain, which the
    caller sees in the path's cell names); cells carry synthesis-made names."""
    out: dict[int, str] = {}
    for name, net in netnames.items():
        if net.get("hide_name") or "$" in name or "_TRELLIS_" in name or "_LUT4_" in name:
            continue
        bits = net["bits"]
        for i, b in enumerate(bits):
            if isinstance(b, int):
                label = name if len(bits) == 1 else f"{name}[{i}]"
                if b not in out or len(label) < len(out[b]):
                    out[b] = label
    return out


def driven(cell: dict, names: dict[int, str]) -> str:
    """The RTL name of what a path cell drives (a flip-flop's Q, a LUT's Z, a carry's S outputs): names the
    instance on the path, e.g. which FIFO's pointers a path ends in."""
    dirs = cell.get("port_directions", {})
    got = [names[b] for p, bits in cell.get("connections", {}).items() if dirs.get(p) == "output"
           for b in bits if isinstance(b, int) and b in names]
    return "= " + ", ".join(got[:2]) if got else ""


def select_path(report: dict, clk_net: str | None = None) -> list[dict]:
    """The hops of nextpnr's critical path for the clock ``clk_net`` (posedge -> posedge of that clock; the first
    path when None), [] when the report has none."""
    for cp in report.get("critical_paths", []):
        if clk_net and (clk_net not in cp.get("from", "") or clk_net not in cp.get("to", "")):
            continue
        if cp.get("path"):
            return cp["path"]
    return []


def path_rows(report: dict, netlist: dict, clk_net: str | None = None) -> list[str]:
    """The critical path hop by hop: type, delay, running total, tile, and for cells the source lines and what
    they drive."""
    cells, names = top_cells(netlist)
    rows, total = [], 0.0
    for step in select_path(report, clk_net):
        total += step["delay"]
        if step["type"] == "routing":
            rows.append(f"{step['type']:9s} {step['delay']:5.2f} {total:6.2f}  {step['from']['loc']} -> "
                        f"{step['to']['loc']}")
        else:
            cell = cells.get(step["to"]["cell"], {})
            rows.append(f"{step['type']:9s} {step['delay']:5.2f} {total:6.2f}  {cell.get('type', '?'):10s} "
                        f"{step['to']['loc']} {cell_src(cell)} {driven(cell, names)}")
    return rows


def path_ends(report: dict, netlist: dict, clk_net: str | None = None) -> dict:
    """{"start_src", "end_src"}: the source lines of the path's first and last cell ('' where synthesis left
    none), and {"start_net", "end_net"}: the RTL net the start flip-flop drives / the end flip-flop's output."""
    path = select_path(report, clk_net)
    if not path:
        return {}
    cells, names = top_cells(netlist)
    first, last = cells.get(path[0]["from"]["cell"], {}), cells.get(path[-1]["to"]["cell"], {})
    return {"start_src": cell_src(first), "end_src": cell_src(last),
            "start_net": driven(first, names).removeprefix("= "), "end_net": driven(last, names).removeprefix("= ")}


def ends_from_args(nextpnr_args: str, clk_net: str | None) -> dict:
    """`path_ends` of a recorded placement, from the ``--json`` netlist and ``--report`` of its nextpnr command
    line (results' ``nextpnr_args``, paths relative to the repository); {} when either file is gone."""
    from aesforge.paths import repo_root  # noqa: PLC0415

    args = nextpnr_args.split()
    try:
        nl, rp = (repo_root() / args[args.index(opt) + 1] for opt in ("--json", "--report"))
    except (ValueError, IndexError):
        return {}
    if not (nl.is_file() and rp.is_file()):
        return {}
    return path_ends(json.loads(rp.read_text()), json.loads(nl.read_text()), clk_net)


def path_table(out: Path, wrap: Path | None = None) -> list[str]:
    """`path_rows` of a placement folder ``out`` (or its ``pnr_ecp5/``): the netlist from ``wrap``, else the
    placement's own `wrap/` or, in a `make report` flow folder, the core's shared `pnr_wrap/` (pinned netlist
    first: it is the one placed)."""
    pdir = out / "pnr_ecp5" if (out / "pnr_ecp5").is_dir() else out
    report = json.loads((pdir / "report.json").read_text())
    cands = ([wrap] if wrap is not None else []) + [pdir / "wrap", pdir.parent / "pnr_wrap"]
    wdir = next(c for c in cands if (c / "wrapped.json").is_file())
    nl = wdir / "wrapped_pinned.json" if (wdir / "wrapped_pinned.json").is_file() else wdir / "wrapped.json"
    return path_rows(report, json.loads(nl.read_text()))
