# SPDX-License-Identifier: Apache-2.0
"""Synthesis-only measurements: Xilinx 7-series counts, ECP5 core-only counts, gate-level NAND2 estimate.

Every number returned here is read from the tools' own ``stat -json`` output; nothing is typed in.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from ..paths import repo_root
from .tools import FlowError, run_yosys, yosys_script


def _stat_cells(stat_json: Path) -> dict[str, int]:
    """num_cells_by_type of the whole design from a ``stat -json`` file (without $scopeinfo)."""
    d = json.loads(stat_json.read_text())
    cells = d.get("design", {}).get("num_cells_by_type")
    if cells is None:  # single module designs: take the only module
        mods = list(d.get("modules", {}).values())
        if len(mods) != 1:
            raise FlowError(f"{stat_json}: no design-level cell counts")
        cells = mods[0]["num_cells_by_type"]
    return {k: int(v) for k, v in cells.items() if k != "$scopeinfo"}


def _outdir(outdir) -> Path:
    p = Path(outdir)
    if not p.is_absolute():
        p = repo_root() / p
    p.mkdir(parents=True, exist_ok=True)
    return p


# ----------------------------------------------------------------------------------------------
# Xilinx 7-series
# LUT-equivalents of LUT-RAM / SRL primitives = number of LUT6 sites each occupies (UG474, ch. 5).
XC7_LUTRAM_LUTS = {
    "RAM16X1S": 1, "RAM32X1S": 1, "RAM64X1S": 1, "RAM128X1S": 2, "RAM256X1S": 4, "RAM512X1S": 8,
    "RAM16X1D": 2, "RAM32X1D": 2, "RAM64X1D": 2, "RAM128X1D": 4, "RAM256X1D": 8,
    "RAM32M": 4, "RAM64M": 4, "RAM32M16": 8, "RAM64M8": 8,
}
XC7_SRL_LUTS = {"SRL16E": 1, "SRLC16E": 1, "SRLC32E": 1}
XC7_BRAM36 = {"RAMB36E1": 1.0, "RAMB18E1": 0.5, "FIFO36E1": 1.0, "FIFO18E1": 0.5}


def xc7_counts(cells: dict[str, int]) -> dict:
    lut_by_size = {k: v for k, v in cells.items() if re.fullmatch(r"LUT[1-6]", k)}
    lut = sum(lut_by_size.values()) + cells.get("INV", 0)   # yosys' INV = Vivado LUT1 inverter
    ff = sum(v for k, v in cells.items() if re.fullmatch(r"FD[A-Z]*", k))
    lutram = {k: v for k, v in cells.items() if k in XC7_LUTRAM_LUTS}
    srl = {k: v for k, v in cells.items() if k in XC7_SRL_LUTS}
    dsp = sum(v for k, v in cells.items() if k.startswith("DSP48"))
    unknown_ram = [k for k in cells if k.startswith("RAM") and k not in XC7_LUTRAM_LUTS and k not in XC7_BRAM36]
    if unknown_ram:
        raise FlowError(f"unknown xc7 RAM primitives {unknown_ram}: add them to XC7_LUTRAM_LUTS")
    return {
        "lut": lut,
        "lut_by_size": dict(sorted(lut_by_size.items())) | ({"INV": cells["INV"]} if "INV" in cells else {}),
        "ff": ff,
        "muxf7": cells.get("MUXF7", 0),
        "muxf8": cells.get("MUXF8", 0),
        "carry4": cells.get("CARRY4", 0),
        "lutram": sum(lutram.values()),
        "lutram_lut_equiv": sum(XC7_LUTRAM_LUTS[k] * v for k, v in lutram.items()),
        "srl": sum(srl.values()),
        "srl_lut_equiv": sum(XC7_SRL_LUTS[k] * v for k, v in srl.items()),
        "lut_total": lut + sum(XC7_LUTRAM_LUTS[k] * v for k, v in lutram.items())
                     + sum(XC7_SRL_LUTS[k] * v for k, v in srl.items()),
        "dsp": dsp,
        "bram36": sum(XC7_BRAM36[k] * v for k, v in cells.items() if k in XC7_BRAM36),
    }


def synth_xilinx(core, outdir) -> dict:
    """``synth_xilinx -family xc7 -flatten`` of the bare core; counts parsed from ``stat -json``."""
    out = _outdir(outdir)
    script = yosys_script("xc7.ys", out, core)
    secs = run_yosys(script, out / "yosys.log")
    cells = _stat_cells(out / "stat.json")
    return {"family": "xc7", **xc7_counts(cells), "cells": cells, "seconds": round(secs, 1)}


# ----------------------------------------------------------------------------------------------
# Lattice ECP5, core only
def ecp5_counts(cells: dict[str, int]) -> dict:
    return {
        "lut4": cells.get("LUT4", 0),
        "ff": cells.get("TRELLIS_FF", 0),
        "ccu2c": cells.get("CCU2C", 0),
        "dpr16x4": cells.get("TRELLIS_DPR16X4", 0),
        "pfumx": cells.get("PFUMX", 0),
        "l6mux21": cells.get("L6MUX21", 0),
        "dp16kd": cells.get("DP16KD", 0),
        "mult18": cells.get("MULT18X18D", 0),
        # every CCU2C holds two LUT4s, every DPR16X4 uses four LUT4 sites as RAM
        "lut4_equiv": cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0) + 4 * cells.get("TRELLIS_DPR16X4", 0),
    }


def synth_ecp5_core(core, outdir) -> dict:
    """``synth_ecp5`` of the bare core (no wrapper, no P&R); counts parsed from ``stat -json``."""
    out = _outdir(outdir)
    script = yosys_script("ecp5_core.ys", out, core)
    secs = run_yosys(script, out / "yosys.log")
    cells = _stat_cells(out / "stat.json")
    return {**ecp5_counts(cells), "cells": cells, "seconds": round(secs, 1)}


# ----------------------------------------------------------------------------------------------
# Port list
def core_ports(core, outdir) -> list[dict]:
    """The core top's ports after parameter overrides: [{name, direction, width}] in declaration order."""
    out = _outdir(outdir)
    script = yosys_script("ports.ys", out, core)
    run_yosys(script, out / "yosys.log")
    d = json.loads((out / "ports.json").read_text())
    mod = d["modules"].get(core.top)
    if mod is None:  # a derived name after chparam
        cands = [m for n, m in d["modules"].items() if m.get("attributes", {}).get("top")]
        if len(cands) != 1:
            raise FlowError(f"cannot find module {core.top} in {out / 'ports.json'}")
        mod = cands[0]
    ports = [{"name": n, "direction": p["direction"], "width": len(p["bits"])} for n, p in mod["ports"].items()]
    (out / "ports_list.json").write_text(json.dumps(ports, indent=1))
    return ports


# ----------------------------------------------------------------------------------------------
# Gate-level estimate
# Transistor counts per yosys internal gate, copied from yosys kernel/cost.h CellCosts::cmos_gate_cost()
# (static CMOS: NAND2/NOR2 = 4, AND2/OR2 = 6, XOR2 = 12, MUX2 = 12 ...); plain D flop = 16 as in yosys
# `stat -tech cmos` (passes/cmds/stat.cc). NAND2-equivalent (GE) = transistors / 4 (one NAND2 = 4 T).
CMOS_TRANSISTORS = {
    "$_BUF_": 1, "$_NOT_": 2, "$_AND_": 6, "$_NAND_": 4, "$_OR_": 6, "$_NOR_": 4, "$_ANDNOT_": 6,
    "$_ORNOT_": 6, "$_XOR_": 12, "$_XNOR_": 12, "$_AOI3_": 6, "$_OAI3_": 6, "$_AOI4_": 8, "$_OAI4_": 8,
    "$_MUX_": 12, "$_NMUX_": 10,
    "$_DFF_P_": 16, "$_DFF_N_": 16,
}
# Flops with an asynchronous set or reset: 16 + 4 (one extra NAND2-equivalent).  This one is OUR
# assumption (yosys has no figure for them), stated in docs/flow.md.
ASYNC_FF_TRANSISTORS = 20
TRANSISTORS_PER_GE = 4


def nand2_counts(cells: dict[str, int]) -> dict:
    gates_t = ff_t = 0
    n_ff = 0
    unknown = {}
    for k, v in cells.items():
        if k in CMOS_TRANSISTORS:
            if k.startswith("$_DFF"):
                ff_t += CMOS_TRANSISTORS[k] * v
                n_ff += v
            else:
                gates_t += CMOS_TRANSISTORS[k] * v
        elif re.fullmatch(r"\$_DFF_[PN][PN][01]_", k):
            ff_t += ASYNC_FF_TRANSISTORS * v
            n_ff += v
        else:
            unknown[k] = v
    if unknown:
        raise FlowError(f"gate estimate: cells without a weight {unknown}")
    return {
        "nand2_eq": round((gates_t + ff_t) / TRANSISTORS_PER_GE, 1),
        "nand2_eq_logic": round(gates_t / TRANSISTORS_PER_GE, 1),
        "nand2_eq_ff": round(ff_t / TRANSISTORS_PER_GE, 1),
        "transistors": gates_t + ff_t,
        "ff": n_ff,
        "gates": sum(v for k, v in cells.items() if not k.startswith("$_DFF")),
    }


def nand2_estimate(core, outdir) -> dict:
    """Generic gate-level size in NAND2 equivalents (see docs/flow.md for the weights)."""
    out = _outdir(outdir)
    script = yosys_script("gates.ys", out, core)
    secs = run_yosys(script, out / "yosys.log")
    cells = _stat_cells(out / "stat.json")
    res = {**nand2_counts(cells), "cells": cells, "seconds": round(secs, 1)}
    est = json.loads((out / "stat.json").read_text()).get("design", {}).get("estimated_num_transistors")
    if est is not None:
        res["yosys_estimated_num_transistors"] = str(est)  # "+" = yosys had no cost for some cells (async flops)
    return res
