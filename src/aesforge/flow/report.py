# SPDX-License-Identifier: Apache-2.0
"""`aesforge report`: run the flow on every core, cache it, write results/<core>.json and docs/results.md.

Per core, in parallel (``jobs`` worker threads, each waiting on one tool process):
  synth_xilinx  (xc7 counts)   nand2   (gate estimate)   ecp5_core (synth_ecp5 of the bare core)
  pnr_ecp5      (wrapper + synth_ecp5 + nextpnr-ecp5, skipped with pnr=False), once per placement seed and ECP5
                part: ``seeds`` seeds 1..K on every part of ``devices``; the figure of a part is the lower median
                over its seeds (a real placement, whose critical path is reported), every seed's Fmax kept; the
                wrapped design is synthesized (and pinned) once per core, in <hash>/pnr_wrap, and every seed and
                part places that netlist
  cycles        (aesforge.sim.perf.measure, RTL simulation; never typed)
Each step's result is cached in build/flow/<core>/<hash>/<step>.json, where <hash> covers the core's source
contents, top, parameters, clock/reset, P&R target frequency, the tool versions, the syn/*.ys templates
and the flow code itself, so a re-run with nothing changed is instant.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime as _dt
import hashlib
import importlib
import json
import re
import sys
import threading
import time
import traceback
from pathlib import Path

from .. import cores as _cores
from ..paths import build_dir, repo_root
from . import executor as _executor
from . import pnr as _pnr
from . import synth as _synth
from .cpath import ends_from_args
from .tools import tool_versions

FLOW_VERSION = 1
# flow code whose changes can change a tool result (report.py only formats them: not hashed)
FLOW_CODE = ("tools.py", "synth.py", "pnr.py", "wrapper.py", "pins.py")
RESULTS_DIR = "results"
RESULTS_MD = "docs/results.md"
PARETO_PNG = "docs/results_pareto.png"
BEGIN, END = "<!-- BEGIN results -->", "<!-- END results -->"

MEANING = {
    "xc7.lut": "Xilinx 7-series LUTs (LUT1..LUT6 + INV) after yosys synth_xilinx -family xc7 -flatten of the bare "
               "core; logic LUTs only (LUT-RAM/SRL are in lutram_lut_equiv/srl_lut_equiv; lut_total adds them)",
    "xc7.ff": "Xilinx flops (FD* cells) of the bare core",
    "xc7.muxf7/muxf8/carry4": "dedicated slice muxes / carry chains (no LUT cost)",
    "ecp5.core.lut4": "ECP5 LUT4 cells after yosys synth_ecp5 of the bare core (no wrapper, no P&R); "
                      "excludes CCU2C carry cells and DPR16X4 LUT-RAM",
    "ecp5.core.lut4_equiv": "LUT4 + 2*CCU2C + 4*DPR16X4: LUT4 sites of the bare core; used for Mbps per LUT4",
    "ecp5.core.ff": "ECP5 TRELLIS_FF cells of the bare core",
    "ecp5.fmax_mhz": "post-route Fmax of the core clock from nextpnr-ecp5 (LFE5U-85F, CABGA381, speed grade 6) for "
                     "the core inside the generated serializer wrapper, the lower median over the placement seeds "
                     "in ecp5.seeds (every seed's Fmax in ecp5.fmax_by_seed); all core I/O is register to register, "
                     "so this is the core's internal critical path or a wrapper-to-core path",
    "ecp5_parts": "the same P&R on every ECP5 part the report ran (key: the nextpnr device name of "
                  "aesforge.flow.pnr.DEVICES; LFE5UM5G-85F speed 8 is the part of the peer comparisons): fmax_mhz "
                  "(lower median over the seeds), fmax_by_seed, critical_path of the median placement",
    "ecp5.critical_path": "nextpnr's critical path of the core clock: start/end cell, total ns, LUT levels, "
                           "ns by type (routing vs logic)",
    "ecp5.wrapped": "synth_ecp5 counts of core + wrapper (wrapper adds N_in + 2*N_out + 2 flops and ~N_out LUT4)",
    "ecp5.pnr_utilisation": "nextpnr's own utilisation of core + wrapper: TRELLIS_COMB = packed LUT4 sites (LUT4, "
                            "CCU2C halves, LUT-RAM), TRELLIS_FF flops, TRELLIS_RAMW LUT-RAM write ports",
    "gates.nand2_eq": "NAND2 equivalents = CMOS transistors / 4, gates from abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,"
                      "ORNOT,MUX weighted per yosys kernel/cost.h cmos_gate_cost; flops 16 T (20 T with async "
                      "reset); see docs/flow.md",
    "cycles.cycles_per_block": "steady-state clock cycles per additional block, measured in RTL simulation "
                               "(aesforge.sim.perf), smallest key size, encrypt",
    "throughput.mbps": "block_bits * ecp5.fmax_mhz / cycles_per_block (ECP5 post-route clock)",
    "throughput.mbps_per_lut4": "throughput.mbps / ecp5.core.lut4_equiv",
    "throughput.mbps_per_xc7_lut": "throughput.mbps / xc7.lut_total (note: xc7 LUT count with the ECP5 clock)",
}

_print_lock = threading.Lock()


def _say(msg: str) -> None:
    with _print_lock:
        print(msg, flush=True)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


# ----------------------------------------------------------------------------------------------- cache
def _sha(*parts: bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(len(p).to_bytes(8, "little"))
        h.update(p)
    return h.hexdigest()


def flow_hash(core, freq_mhz: float) -> str:
    """Hash of everything a flow result depends on (see module docstring)."""
    root = repo_root()
    parts = [json.dumps({"v": FLOW_VERSION, "top": core.top, "params": core.params, "clock": core.clock,
                         "reset": core.reset, "freq": freq_mhz, "tools": tool_versions(),
                         "pnr_args": list(core.pnr_args), "ecp5_synth_args": list(core.ecp5_synth_args),
                         "pnr_pins": core.pnr_pins,
                         "sources": list(core.sources)}, sort_keys=True, default=str).encode()]
    parts += [(root / s).read_bytes() for s in core.sources]
    parts += [p.read_bytes() for p in sorted((root / "syn").glob("*.ys"))]
    here = Path(__file__).parent
    parts += [(here / f).read_bytes() for f in FLOW_CODE]
    return _sha(*parts)[:16]


def _sim_hash() -> str:
    sim = repo_root() / "src" / "aesforge" / "sim"
    files = sorted(sim.rglob("*.py")) if sim.is_dir() else []
    return _sha(*[f.read_bytes() for f in files])[:12]


def _cached_step(cdir: Path, step: str, fn, label: str, summary) -> dict:
    cache = cdir / f"{step}.json"
    if cache.is_file():
        res = json.loads(cache.read_text())
        _say(f"[{label}] {step}: cached ({summary(res)})")
        return res
    _say(f"[{label}] {step}: running ...")
    t0 = time.monotonic()
    res = fn(cdir / step)
    res["elapsed_s"] = round(time.monotonic() - t0, 1)
    res["run_utc"] = _now()
    tmp = cache.with_suffix(".tmp")
    tmp.write_text(json.dumps(res, indent=1, default=str))
    tmp.replace(cache)
    _say(f"[{label}] {step}: done in {res['elapsed_s']} s ({summary(res)})")
    return res


# ----------------------------------------------------------------------------------------------- cycles
def measure_cycles(core, cdir: Path) -> tuple[dict | None, str]:
    """(perf dict or None, note). Imports aesforge.sim.perf lazily; never invents a number."""
    cache = cdir / f"cycles-{_sim_hash()}.json"
    if cache.is_file():
        _say(f"[{core.name}] cycles: cached")
        return json.loads(cache.read_text()), "measured in RTL simulation (aesforge.sim.perf.measure)"
    try:
        from ..sim import perf  # noqa: PLC0415 - optional, written by another part of the project
        measure = perf.measure
    except (ImportError, AttributeError) as e:
        return None, f"cycles: not measured (aesforge.sim.perf.measure unavailable: {e})"
    _say(f"[{core.name}] cycles: running RTL simulation ...")
    t0 = time.monotonic()
    try:
        res = measure(core.name)
    except Exception as e:  # noqa: BLE001 - report, never guess
        _say(f"[{core.name}] cycles: FAILED: {e}")
        return None, f"cycles: not measured ({type(e).__name__}: {e})"
    res = json.loads(json.dumps(res, default=str))  # int dict keys -> str, as they will be re-read
    cache.write_text(json.dumps(res, indent=1))
    _say(f"[{core.name}] cycles: done in {time.monotonic() - t0:.1f} s "
         f"(cycles/block {res.get('cycles_per_block')}, latency {res.get('latency_cycles')})")
    return res, "measured in RTL simulation (aesforge.sim.perf.measure)"


# ----------------------------------------------------------------------------------------------- per core
def _summ_xc7(r):
    return f"LUT {r['lut']}, FF {r['ff']}"


def _summ_gates(r):
    return f"{r['nand2_eq']:.0f} NAND2-eq"


def _summ_ecp5(r):
    return f"LUT4 {r['lut4']}, FF {r['ff']}, CCU2C {r['ccu2c']}"


def _summ_pnr(r):
    return f"Fmax {r['fmax_mhz']} MHz, TRELLIS_COMB {r['pnr_utilisation'].get('TRELLIS_COMB', {}).get('used')}"


def _throughput(core, ecp5: dict | None, pnr: dict | None, xc7: dict | None, cycles: dict | None) -> dict | None:
    if not (pnr and cycles and cycles.get("cycles_per_block")):
        return None
    mbps = core.block_bits * pnr["fmax_mhz"] / float(cycles["cycles_per_block"])
    out = {"mbps": round(mbps, 1), "gbps": round(mbps / 1000, 3),
           "clock": "ECP5 post-route Fmax", "block_bits": core.block_bits}
    if ecp5 and ecp5.get("lut4_equiv"):
        out["mbps_per_lut4"] = round(mbps / ecp5["lut4_equiv"], 4)
    if xc7 and xc7.get("lut_total"):
        out["mbps_per_xc7_lut"] = round(mbps / xc7["lut_total"], 4)
    return out


def pnr_step(device: str, seed: int) -> str:
    """Cache / output name of one placement: `pnr_ecp5` for the default part and seed 1 (the name of every earlier
    report, so their cached runs stay valid), else `pnr_ecp5_<device>_s<seed>`."""
    if device == _pnr.DEFAULT_DEVICE and seed == _pnr.SEED:
        return "pnr_ecp5"
    return f"pnr_ecp5_{device.replace('-', '')}_s{seed}"


def median_placement(runs: dict[int, dict]) -> dict | None:
    """{seed: pnr result} -> the placement with the lower-median Fmax (a real run: its critical path and counts are
    reported), with ``seeds`` and ``fmax_by_seed`` of all runs; None without a successful run."""
    ok = {s: r for s, r in runs.items() if r and r.get("fmax_mhz") is not None}
    if not ok:
        return None
    order = sorted(ok, key=lambda s: (ok[s]["fmax_mhz"], s))
    med = dict(ok[order[(len(order) - 1) // 2]])
    med["median_seed"] = order[(len(order) - 1) // 2]
    med["seeds"] = sorted(ok)
    med["fmax_by_seed"] = {str(s): ok[s]["fmax_mhz"] for s in sorted(ok)}
    return med


def _core_result(core, steps: dict, cycles, cycles_note, freq, seeds: int = 1,
                 devices: tuple[str, ...] = (_pnr.DEFAULT_DEVICE,)) -> dict:
    parts = {}
    for d in devices:
        med = median_placement({s: steps.get(pnr_step(d, s)) for s in range(1, seeds + 1)})
        if med is not None and med.get("critical_path"):
            # the path's two ends on their source lines (the cell names are Yosys' autonames), while the
            # placement's files are there (a cached step keeps them in its flow folder)
            med["critical_path"] = {**med["critical_path"],
                                    **ends_from_args(med.get("nextpnr_args", ""), med.get("fmax_clock_net"))}
        if med is not None:
            parts[d] = med
    xc7, gates, ecp5 = (steps.get(k) for k in ("synth_xilinx", "nand2", "ecp5_core"))
    pnr = parts.get(_pnr.DEFAULT_DEVICE)
    nseed = len(pnr["seeds"]) if pnr else 0
    seed_txt = (f"seed {pnr['seeds'][0]}" if nseed == 1 else
                f"lower median of seeds {', '.join(map(str, pnr['seeds']))}" if nseed else "not placed")
    return {
        "core": core.name,
        "top": core.top,
        "params": core.params,
        "sources": list(core.sources),
        "block_bits": core.block_bits,
        "generated_utc": _now(),
        # when the newest tool run behind these figures happened (stable across cached re-runs)
        "measured_utc": max((v.get("run_utc", "") for k, v in steps.items() if not k.startswith("_") and v),
                            default=None),
        "tool_versions": tool_versions(),
        "device": {"xc7": "Xilinx 7-series (yosys synth_xilinx -family xc7, counts only, no P&R)",
                   "ecp5": f"{_pnr.DEVICE} {_pnr.PACKAGE} speed {_pnr.SPEED} (nextpnr-ecp5 {_pnr.DEVICE_FLAG}, "
                           f"P&R target {freq:g} MHz, {seed_txt})"},
        "xc7": xc7,
        "ecp5": {"core": ecp5, **({k: v for k, v in pnr.items()} if pnr else {"fmax_mhz": None,
                                                                              "note": "P&R not run"})},
        "ecp5_parts": {d: {"device": r.get("device"), "fmax_mhz": r.get("fmax_mhz"), "seeds": r.get("seeds"),
                           "fmax_by_seed": r.get("fmax_by_seed"), "median_seed": r.get("median_seed"),
                           "critical_path": r.get("critical_path"),
                           "nextpnr_s": _g(r, "seconds", "nextpnr")} for d, r in parts.items()},
        "gates": gates,
        "cycles": cycles,
        "cycles_note": cycles_note,
        "throughput": _throughput(core, ecp5, pnr, xc7, cycles),
        "meaning": MEANING,
        "errors": steps.get("_errors", {}),
    }


# ----------------------------------------------------------------------------------------------- docs
def _fmt(v, nd=0):
    if v is None:
        return "n/m"
    if isinstance(v, float):
        return f"{v:,.{nd}f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


def _g(d, *path):
    for p in path:
        if not isinstance(d, dict):
            return None
        d = d.get(p)
    return d


TABLE_HEAD = ("| core | xc7 LUT | xc7 FF | ECP5 LUT4 | ECP5 FF | block RAM (ECP5 EBR / xc7 36K) | ECP5 Fmax (MHz) "
              "| LFE5UM5G-85F Fmax (MHz) | cycles/block | latency | Gbps | Mbps/LUT4 | Mbps/xc7 LUT | NAND2-eq |\n"
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
# the second part's column (the peer comparisons' part, issue 19 / 22)
PEER_DEVICE = "um5g-85k"


def _fmax_cell(r: dict, device: str) -> str:
    """Fmax of one part: the median, with the seed count when more than one seed was placed; n/m when not run."""
    part = _g(r, "ecp5_parts", device)
    if part is None and device == _pnr.DEFAULT_DEVICE:   # results written before ecp5_parts existed: seed 1
        return _fmt(_g(r, "ecp5", "fmax_mhz"), 1)
    if not part or part.get("fmax_mhz") is None:
        return "n/m"
    n = len(part.get("seeds") or [])
    return _fmt(part["fmax_mhz"], 1) + (f" (median of {n})" if n > 1 else "")


def _bram(r: dict) -> str:
    """Block RAMs of the bare core: ECP5 DP16KD / xc7 RAMB36 equivalents ('-' when the core uses none)."""
    ebr, b36 = _g(r, "ecp5", "core", "dp16kd"), _g(r, "xc7", "bram36")
    if not ebr and not b36:
        return "-" if (ebr is not None or b36 is not None) else "n/m"
    return f"{_fmt(ebr)} / {_fmt(b36, 1) if isinstance(b36, float) else _fmt(b36)}"


def _row(r: dict) -> str:
    cyc = r.get("cycles") or {}
    tp = r.get("throughput") or {}
    return "| " + " | ".join([
        f"`{r['core']}`",
        _fmt(_g(r, "xc7", "lut_total")), _fmt(_g(r, "xc7", "ff")),
        _fmt(_g(r, "ecp5", "core", "lut4_equiv")), _fmt(_g(r, "ecp5", "core", "ff")), _bram(r),
        _fmax_cell(r, _pnr.DEFAULT_DEVICE), _fmax_cell(r, PEER_DEVICE),
        _fmt(cyc.get("cycles_per_block"), 2 if cyc.get("cycles_per_block") < 1 else 1)
        if isinstance(cyc.get("cycles_per_block"), float)
        else _fmt(cyc.get("cycles_per_block")),
        _fmt(cyc.get("latency_cycles")),
        _fmt(tp.get("gbps"), 3), _fmt(tp.get("mbps_per_lut4"), 3), _fmt(tp.get("mbps_per_xc7_lut"), 3),
        _fmt(_g(r, "gates", "nand2_eq"), 0),
    ]) + " |"


def _per_seed(part: dict) -> str:
    return ", ".join(f"s{k}: {_fmt(v, 1)}" for k, v in (part.get("fmax_by_seed") or {}).items()) or "n/m"


def _cp(cp: dict | None) -> str:
    if not cp:
        return "n/m"
    return f"{cp['delay_ns']:.1f} ({cp['logic_levels']}, {_g(cp, 'ns_by_type', 'routing') or 0:.1f})"


def _load_results() -> list[dict]:
    """The per-core result files of results/ (a "core" key); other JSON there (results/explore_pipelined.json of
    `aesforge explore pipelined`) is not a core row."""
    d = repo_root() / RESULTS_DIR
    docs = [json.loads(p.read_text()) for p in sorted(d.glob("*.json"))] if d.is_dir() else []
    return [r for r in docs if isinstance(r, dict) and "core" in r]


def write_results_md(results: list[dict]) -> Path:
    root = repo_root()
    tv = results[0]["tool_versions"] if results else tool_versions()
    lines = [
        "# aesforge results",
        "",
        "Generated by `aesforge report` from `results/*.json`; do not edit by hand (re-run the report).",
        "Every figure is read from tool output or measured in simulation; `n/m` = not measured.",
        "What each number means, and how it is obtained: [flow.md](flow.md).",
        "",
        TABLE_HEAD,
    ]
    lines += [_row(r) for r in results]
    lines += [
        "",
        "Columns:",
        "- **xc7 LUT / FF**: yosys `synth_xilinx -family xc7 -flatten` of the bare core (LUT1-6 + LUT-RAM/SRL "
        "LUT equivalents; FD* flops). Synthesis estimate, no Vivado, no P&R.",
        "- **ECP5 LUT4 / FF**: yosys `synth_ecp5` of the bare core: LUT4 + 2 x CCU2C + 4 x DPR16X4 (LUT4 sites), "
        "TRELLIS_FF.",
        "- **block RAM**: DP16KD (18 Kbit EBR) of the ECP5 mapping / RAMB36E1 equivalents (RAMB18E1 = 0.5) of the xc7 "
        "mapping; `-` = none. The LUT columns and the per-LUT figures do not include them: compare cores that use "
        "block RAM (block-ROM S-boxes, `SBOX_IMPL` 2) with that in mind.",
        "- **ECP5 Fmax**: nextpnr-ecp5 post-route Fmax of the core clock on the LFE5U-85F speed 6, core inside the "
        "generated serializer wrapper (all core I/O register to register); \"median of K\" = the lower median over "
        "placement seeds 1..K (`aesforge report --seeds K`), else seed 1. **LFE5UM5G-85F Fmax**: the same on the "
        "LFE5UM5G-85F speed 8 (`--device um5g-85k`), the part of the peer comparisons; n/m = not placed there.",
        "- **cycles/block, latency**: RTL simulation (`aesforge.sim.perf`); block-cipher cores: smallest key size, "
        "encrypt; GCM cores define their own (`cycles.method` in results/<core>.json: gcm_seq latency = the seed's "
        "MACsec packet incl. key load, cycles/block on long AES-256 messages; gcm_lanes latency = a 64-byte "
        "message, cycles/block = 1/N on long messages).",
        "- **Gbps** = block_bits x ECP5 Fmax / cycles_per_block; **Mbps/LUT4** and **Mbps/xc7 LUT** divide that "
        "by the two LUT columns (the xc7 figure uses the ECP5 clock: it compares area, not speed).",
        "- **NAND2-eq**: generic 2-input-gate mapping weighted by CMOS transistor count / 4 (docs/flow.md).",
        "",
        "## P&R detail (core + wrapper)",
        "",
        "| core | device | target MHz | Fmax MHz | Fmax per seed (MHz) | critical path of the median placement: ns "
        "(logic levels, routing ns) | TRELLIS_COMB | TRELLIS_FF | wrapper in/out bits | nextpnr time (s) |",
        "|---|---|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        e = r.get("ecp5") or {}
        u = e.get("pnr_utilisation") or {}
        w = e.get("wrapper") or {}
        parts = r.get("ecp5_parts") or {}
        first = parts.get(_pnr.DEFAULT_DEVICE) or {"fmax_by_seed": {"1": e.get("fmax_mhz")}}
        lines.append("| " + " | ".join([
            f"`{r['core']}`", str(e.get("device", "n/m")), _fmt(e.get("freq_target_mhz"), 0),
            _fmt(e.get("fmax_mhz"), 1), _per_seed(first), _cp(e.get("critical_path")),
            _fmt(_g(u, "TRELLIS_COMB", "used")), _fmt(_g(u, "TRELLIS_FF", "used")),
            f"{w.get('input_bits', 'n/m')}/{w.get('output_bits', 'n/m')}",
            _fmt(_g(e, "seconds", "nextpnr"), 0)]) + " |")
        for d, pr in parts.items():   # the other parts: Fmax and critical path only
            if d == _pnr.DEFAULT_DEVICE:
                continue
            lines.append("| " + " | ".join([
                f"`{r['core']}`", str(pr.get("device", d)), _fmt(e.get("freq_target_mhz"), 0),
                _fmt(pr.get("fmax_mhz"), 1), _per_seed(pr), _cp(pr.get("critical_path")), "", "", "",
                _fmt(pr.get("nextpnr_s"), 0)]) + " |")
    lines += ["", "## Notes", ""]
    for r in results:
        notes = []
        if r.get("cycles") is None:
            notes.append(r.get("cycles_note") or "cycles: not measured")
        for step, err in (r.get("errors") or {}).items():
            notes.append(f"{step} failed: {err.splitlines()[0] if err else ''}")
        if r.get("params"):
            notes.append(f"parameters {r['params']}")
        notes.append(f"tools run {r.get('measured_utc')}")
        lines.append(f"- `{r['core']}`: " + "; ".join(notes))
    from aesforge.cores import CORES  # noqa: PLC0415 - registry filled by the coredefs import

    claimed = []
    for r in results:
        c = CORES.get(r["core"])
        if c is not None and c.claims:
            claimed.append(f"| `{r['core']}` | {c.claims} | {_fmt(_g(r, 'cycles', 'cycles_per_block'), 1)} "
                           f"| {_fmt(_g(r, 'gates', 'nand2_eq'))} |")
    if claimed:
        lines += ["", "## Next to the seed papers", "",
                  "Published figures, quoted from the papers (other processes and devices, not measured here), next to "
                  "this flow's measurement of our core.", "",
                  "| core | published (quoted) | our cycles/block | our NAND2-eq |", "|---|---|---:|---:|"]
        lines += claimed
    lines += _explore_section()
    lines += ["", "## Tool versions", ""]
    lines += [f"- {k}: `{v}`" for k, v in tv.items()]
    if any(r.get("throughput") for r in results):
        lines += ["", "![LUT4 vs Gbps](results_pareto.png)"]
    lines.append("")
    path = root / RESULTS_MD
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines))
    return path


EXPLORE_JSON = "results/explore_pipelined.json"
# every explore output shown in docs/results.md: the project's device, then issue 4's reference part (LFE5UM5G-85F)
# with the default mapping, with synth_ecp5 -nowidelut, and with that and nextpnr --tmg-ripup
EXPLORE_JSONS = (EXPLORE_JSON, "results/explore_pipelined_um5g85k.json",
                 "results/explore_pipelined_um5g85k_nowidelut.json",
                 "results/explore_pipelined_um5g85k_nowidelut_tmgripup.json")


def _explore_block(rel: str) -> list[str]:
    p = repo_root() / rel
    if not p.is_file():
        return []
    doc = json.loads(p.read_text())
    if doc.get("reduced") or doc.get("synth_only") or not doc.get("choice"):
        return []
    rows = {(r["key_bits"], r["sbox_impl"], r["pipe_mask"]): r for r in doc["rows"]}
    n_run = {kb: sum(1 for k in rows if k[0] == kb) for kb in {k[0] for k in rows}}
    seeds = doc.get("seeds") or [1]
    md = Path(rel).with_suffix(".md").name
    opts = []
    if doc.get("ecp5_synth_args"):
        opts.append(f"`synth_ecp5 {doc['ecp5_synth_args']}`")
    if doc.get("nextpnr_extra_args"):
        opts.append(f"nextpnr `{doc['nextpnr_extra_args']}`")
    seed_txt = ("one seed" if len(seeds) < 2 else
                f"seeds {', '.join(map(str, seeds))}: F = median over the seeds, every seed's F in the last column")
    multi = len(seeds) > 1
    out = ["", f"From `{rel}` (`{doc['command'].strip()}`, {doc['generated_utc']}; every placement in "
           f"[{md}]({md})). Device " + str(doc["device"]) + ", " + seed_txt
           + (", " + ", ".join(opts) if opts else "") + ". "
           "F = post-route Fmax (core in the serializer wrapper), LUT4/FF = bare core (synth_ecp5), "
           "Gbps = 128 x F (one block per clock), latency = Nr x (1 + k) cycles (RTL simulation).", "",
           "| key | role | S-box | placement | k | placements run | cycles | latency (ns) | F (MHz) | LUT4 | FF "
           "| Gbps | Gbps/kLUT4 | H | xc7 LUT | xc7 FF |" + (" F per seed (MHz) |" if multi else ""),
           "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---|" if multi else "")]
    for kb, ch in sorted(doc["choice"].items(), key=lambda kv: int(kv[0])):
        picks = [("chosen (max H)", ch["best_H"])]
        ident_f, ident_h = ch["best_F"], ch["best_H"]
        if (ident_f["sbox_impl"], ident_f["pipe_mask"]) != (ident_h["sbox_impl"], ident_h["pipe_mask"]):
            picks.append(("max F", ident_f))
        picks += [("baseline k = 0", b) for b in ch.get("baseline_k0", [])]
        for role, ident in picks:
            r = rows.get((int(kb), ident["sbox_impl"], ident["pipe_mask"]))
            if r is None:
                continue
            x = r.get("xc7") or {}
            cells = [
                f"AES-{kb}", role, str(r["sbox"]), str(r["placement"]), str(r["k"]), str(n_run[int(kb)]),
                str(r["cycles"]), _fmt(r.get("L_ns"), 1), _fmt(r.get("F_mhz"), 1), _fmt(r["lut4"]), _fmt(r["ff"]),
                _fmt(r.get("T_gbps"), 2), _fmt(r.get("gbps_per_klut4"), 3), _fmt(r.get("H"), 5),
                _fmt(x.get("lut_total")), _fmt(x.get("ff"))]
            if multi:
                cells.append(", ".join(f"s{s}: {v:.1f}" for s, v in (r.get("F_by_seed") or {}).items()))
            out.append("| " + " | ".join(cells) + " |")
    return out


def _explore_section() -> list[str]:
    """hw/aes_pipe figures of `aesforge explore pipelined` (seed 002, Algorithm 1): per key size the chosen register
    placement (max H), the fastest one if different, and the k = 0 baseline, read from each of EXPLORE_JSONS that
    holds a whole-cipher place-and-route sweep (a reduced or synthesis-only run is not shown)."""
    blocks = [b for rel in EXPLORE_JSONS for b in [_explore_block(rel)] if b]
    if not blocks:
        return []
    out = ["", "## aes_pipe: register placement by Algorithm 1"]
    for b in blocks:
        out += b
    return out


def write_pareto(results: list[dict]) -> Path | None:
    pts = [(r["core"], _g(r, "ecp5", "core", "lut4_equiv"), _g(r, "throughput", "gbps")) for r in results]
    pts = [p for p in pts if p[1] and p[2]]
    if not pts:
        return None
    import matplotlib  # noqa: PLC0415 - only needed here
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    for name, x, y in pts:
        ax.scatter([x], [y])
        ax.annotate(name, (x, y), textcoords="offset points", xytext=(5, 5))
    ax.set_xlabel("ECP5 LUT4 sites (core only, yosys synth_ecp5)")
    ax.set_ylabel("Gbps (ECP5 post-route Fmax x block bits / cycles)")
    ax.set_title("aesforge cores: area vs throughput")
    ax.grid(True, alpha=0.3)
    ax.set_xlim(0, max(p[1] for p in pts) * 1.25)
    ax.set_ylim(0, max(p[2] for p in pts) * 1.2)
    fig.tight_layout()
    path = repo_root() / PARETO_PNG
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def splice_readme(core, result: dict) -> bool:
    """Replace the text between the results markers of hw/<core>/README.md with a one-row table."""
    readme = repo_root() / core.folder / "README.md"
    if not readme.is_file():
        return False
    text = readme.read_text()
    if BEGIN not in text or END not in text:
        return False
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    # every measured core of this folder (e.g. gcm_seq and gcm_seq_d1 share hw/gcm_seq), in registry order
    from aesforge.cores import CORES  # noqa: PLC0415

    done = {r["core"]: r for r in _load_results()}
    done[core.name] = result
    names = [c.name for c in CORES.values() if c.folder == core.folder and c.name in done]
    if core.name not in names:
        names.append(core.name)
    rows = "\n".join(_row(done[n]) for n in names)
    block = (f"{BEGIN}\n_Generated by `aesforge report` (tools run {result.get('measured_utc')}); "
             f"see [docs/results.md](../../docs/results.md) and [docs/flow.md](../../docs/flow.md)._\n\n"
             f"{TABLE_HEAD}\n{rows}\n{END}")
    readme.write_text(head + block + tail)
    return True


def splice_top_readme(results: list[dict]) -> bool:
    """Replace the text between the results markers of the top-level README.md with all cores' rows."""
    readme = repo_root() / "README.md"
    text = readme.read_text() if readme.is_file() else ""
    if BEGIN not in text or END not in text or not results:
        return False
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    rows = "\n".join(_row(r) for r in results)
    block = f"{BEGIN}\n{TABLE_HEAD}\n{rows}\n{END}"
    readme.write_text(head + block + tail)
    return True


# ----------------------------------------------------------------------------------------------- entry
def run(core_names: list[str] | None = None, jobs: int = 2, pnr: bool = True, freq_mhz: float | None = None,
        seeds: int = 1, devices: list[str] | tuple[str, ...] | None = None, executor: str | None = None) -> int:
    """Run the flow for ``core_names`` (default: all registered cores); return a process exit code. P&R runs for
    placement seeds 1..``seeds`` on every ECP5 part of ``devices`` (keys of aesforge.flow.pnr.DEVICES; default the
    project's part); each part's figure is the lower median over its seeds. ``executor``: where the steps run
    (aesforge.flow.executor: the local pool of ``jobs`` workers, a Dask LocalCluster or a Dask scheduler)."""
    t_start = time.monotonic()
    try:
        executor = _executor.spec_of(executor)
    except ValueError as e:
        print(f"error: {e}")
        return 2
    devices = tuple(dict.fromkeys(devices or (_pnr.DEFAULT_DEVICE,)))
    bad = [d for d in devices if d not in _pnr.DEVICES]
    if bad or seeds < 1:
        print(f"error: unknown ECP5 part {bad[0]!r} (known: {', '.join(_pnr.DEVICES)})" if bad
              else "error: --seeds must be >= 1")
        return 2
    if _pnr.DEFAULT_DEVICE not in devices:   # the result's main figures (and Gbps) are the project's part
        devices = (_pnr.DEFAULT_DEVICE,) + devices
    try:
        cores = [_cores.get(n) for n in core_names] if core_names else list(_cores.CORES.values())
    except KeyError as e:
        print(f"error: {e.args[0]}")
        return 2
    freq = float(freq_mhz or _pnr.DEFAULT_FREQ_MHZ)
    _say("tools: " + ", ".join(f"{k} = {v}" for k, v in tool_versions().items()))
    if not _executor.is_local(executor):
        _say(f"executor: {executor}")
    plan: list[tuple] = []
    cdirs = {}
    for core in cores:
        try:
            h = flow_hash(core, freq)
        except OSError as e:
            _say(f"[{core.name}] cannot hash sources: {e}")
            return 1
        cdir = build_dir() / "flow" / core.name / h
        cdir.mkdir(parents=True, exist_ok=True)
        cdirs[core.name] = cdir
        _say(f"[{core.name}] flow dir {cdir.relative_to(repo_root())}")
        # every placement of this core (seeds, parts) places the one wrapped netlist synthesized in cdir/pnr_wrap
        # (aesforge.flow.pnr.wrapped_netlist; the first placement synthesizes it, the others wait for it and reuse
        # it); the first placement is queued ahead of the core-only syntheses, the others after them, so the pool's
        # other workers synthesize while the wrapped synthesis runs instead of waiting for it
        pnr_plan = [(core, pnr_step(d, sd),
                     lambda o, c=core, d=d, sd=sd, w=cdir / "pnr_wrap": _pnr.pnr_ecp5(
                         c, o, freq, seed=sd, include_core=False, device=d, wrap_dir=w),
                     _summ_pnr)
                    for d in devices for sd in range(1, seeds + 1)] if pnr else []
        plan += pnr_plan[:1]
        plan.append((core, "synth_xilinx", lambda o, c=core: _synth.synth_xilinx(c, o), _summ_xc7))
        plan.append((core, "ecp5_core", lambda o, c=core: _synth.synth_ecp5_core(c, o), _summ_ecp5))
        plan.append((core, "nand2", lambda o, c=core: _synth.nand2_estimate(c, o), _summ_gates))
        plan += pnr_plan[1:]

    steps: dict[str, dict] = {c.name: {"_errors": {}} for c in cores}
    with _executor.executor(executor, jobs) as ex:
        futs = {ex.submit(_cached_step, cdirs[c.name], step, fn, c.name, summ): (c, step)
                for c, step, fn, summ in plan}
        # cycles come from RTL simulation, run alongside the synthesis jobs
        cyc_futs = {c.name: ex.submit(measure_cycles, c, cdirs[c.name]) for c in cores}
        for k, fut in enumerate(cf.as_completed(futs), 1):
            c, step = futs[fut]
            try:
                steps[c.name][step] = fut.result()
                if not _executor.is_local(executor):  # a worker's own lines go to its log
                    _say(f"[{c.name}] {step}: done ({k}/{len(futs)} steps)")
            except Exception as e:  # noqa: BLE001 - report every failure, keep the other steps
                steps[c.name]["_errors"][step] = str(e)
                _say(f"[{c.name}] {step}: FAILED: {e}")
                (cdirs[c.name] / f"{step}.error.txt").write_text(traceback.format_exc())
        cycles = {n: f.result() for n, f in cyc_futs.items()}

    if not pnr:  # reuse cached P&R runs of the same inputs, if they exist
        for c in cores:
            for d in devices:
                for sd in range(1, seeds + 1):
                    cache = cdirs[c.name] / f"{pnr_step(d, sd)}.json"
                    if cache.is_file():
                        steps[c.name][pnr_step(d, sd)] = json.loads(cache.read_text())

    out_dir = repo_root() / RESULTS_DIR
    out_dir.mkdir(exist_ok=True)
    rc = 0
    for c in cores:
        cyc, note = cycles[c.name]
        res = _core_result(c, steps[c.name], cyc, note, freq, seeds=seeds, devices=devices)
        if steps[c.name]["_errors"]:
            rc = 1
        (out_dir / f"{c.name}.json").write_text(json.dumps(res, indent=1, default=str) + "\n")
        spliced = splice_readme(c, res)
        tp = res["throughput"]
        _say(f"[{c.name}] results/{c.name}.json written"
             + (f"; {tp['gbps']} Gbps" if tp else f"; throughput n/m ({note if cyc is None else 'no P&R'})")
             + ("; README table updated" if spliced else ""))
    allres = _load_results()
    md = write_results_md(allres)
    splice_top_readme(allres)
    png = write_pareto(allres)
    if str(repo_root()) not in sys.path:   # hooks may live outside the package (repro/ at the repository root)
        sys.path.insert(0, str(repo_root()))
    for spec in sorted({c.report_hook for c in cores if c.report_hook}):   # per-core outputs (Core.report_hook)
        try:
            mod, fn = spec.split(":")
            _say(f"wrote {getattr(importlib.import_module(mod), fn)(allres).relative_to(repo_root())}")
        except Exception as e:  # noqa: BLE001 - report, never guess
            rc = 1
            _say(f"{spec}: FAILED: {type(e).__name__}: {e}")
    _say(f"wrote {md.relative_to(repo_root())}" + (f", {png.relative_to(repo_root())}" if png else "")
         + f" in {time.monotonic() - t_start:.1f} s total")
    return rc


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of `aesforge report` (for the CLI)."""
    p.add_argument("--core", action="append", metavar="NAME", help="core to run (repeatable; default: all)")
    p.add_argument("--jobs", type=int, default=2, help="parallel tool processes (default 2)")
    p.add_argument("--executor", metavar="SPEC", default=None, help=_executor.HELP)
    p.add_argument("--no-pnr", action="store_true", help="skip nextpnr (synthesis counts and cycles only)")
    p.add_argument("--freq", type=float, default=None, help=f"P&R target MHz (default {_pnr.DEFAULT_FREQ_MHZ:g})")
    p.add_argument("--seeds", type=int, default=1, metavar="K",
                   help="placement seeds 1..K per part; the figure is the lower median (default 1)")
    p.add_argument("--device", action="append", choices=sorted(_pnr.DEVICES), metavar="PART",
                   help=f"ECP5 part to place on (repeatable; {', '.join(sorted(_pnr.DEVICES))}; default "
                        f"{_pnr.DEFAULT_DEVICE}, which is always placed)")


def main_from_args(args: argparse.Namespace) -> int:
    return run(args.core, jobs=args.jobs, pnr=not args.no_pnr, freq_mhz=args.freq, seeds=args.seeds,
               devices=args.device, executor=args.executor)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="aesforge report", description=__doc__.splitlines()[0])
    add_arguments(p)
    return main_from_args(p.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
