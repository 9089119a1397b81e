# SPDX-License-Identifier: Apache-2.0
"""The seed-003 reproduction run behind `aesforge report` (docs/dam_reproduce.md): measure the paper's
linear / block / cipher transfers on the RTL of every DAM instance (aesforge.sim.dam_uvm.measure, RTL
simulation, exact cycles), then compare them with the paper's Table I models and claims
(repro.dam.reproduce.write_report), with Fmax and LUT4 of the same instances from results/*.json.

Sizes are the paper's Section 5 figures for each width (repro.dam.cycles.paper_kw: 320 bytes linear,
the block shapes that reproduce Fig. 9(b), N_E = 20 states); P sweeps 0 .. 0.95 as the paper's x axes.
Measurements are cached in build/dam_reproduce/ by a hash of the RTL and bench sources.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from aesforge import cores as _cores
from repro.dam import cycles
from aesforge.paths import repo_root

P_SWEEP = (0.0, 0.25, 0.5, 0.75, 0.95)
DAM_CORES = ("dam_asbus32", "dam_asbus64", "dam_asbus128", "dam_axi32", "dam_axi64", "dam_axi128")

WHY = """\
- **Same direction, smaller gap.** Measured ASBUS/AXI cycles of the cipher test (N_E = 20, P = 0.95, write + read;
  the claim-check table above) fall with the bus width as the paper says, but stay well above its
  76.7 / 64.3 / 51.2 %. The paper's percentages are its own Table I model evaluated at P = 0.95 (every
  cycle count of its Table IV is a model value: `tests/dam/test_dam_cycles.py`), not an RTL measurement.
- **Where ASBUS wins in our RTL.** AXI carries one burst per state (as the paper's model assumes), and a burst
  is retired only when its state has crossed the AES pipeline (LATENCY = 3·Nr + 1 = 31 stages in the
  registered engines) and memory (B after the data is in memory; the last read beat). With CQ_DEPTH = 8
  outstanding bursts per direction (the paper's eight command queues) AXI sustains about 8 states per ~40
  cycles, about 5 cycles per state: that limits all three widths (W = 32 carries 4 beats per state). ASBUS sends all back-to-back
  states under one state-mode command at 128/W cycles per state. A deeper CQ_DEPTH narrows the gap.
- **What the state order buys here.** The Fig. 7 pre-shuffle is a fixed byte permutation in our deserializer
  (free in hardware); our engine is a full 128-bit pipeline in both tops, so no MixColumns ever waits for a
  half-received state on either bus, and the paper's per-state buffering delay on AXI does not exist.
- **Linear and block.** ASBUS measures the model + 3 in both directions (write: the write slice, the memory
  request slice and the memory write behind the last beat; read: the request slice and the memory's latency
  ahead of the first beat); our AXI slave has no request/grant phase (one master port), so a
  burst costs 2 command cycles instead of the model's 4 and AXI lands below its model.
- **What the model leaves out.** No pipeline-fill term (31 cycles plus memory latency), which dominates the
  non-back-to-back (P = 0) cipher cases: there each state costs the pipeline latency plus its beats (about
  41 cycles at 32 bit) against the model's 54 / 34 / 23 cycles of serialised rounds.
- **The 128-bit ASBUS cipher test, cycle by cycle** (issue 21's cycle goal; `aesforge.sim.dam_uvm.measure.measure(
  "dam_asbus128", test="cipher", P=[1.0], n={"cipher": k})`, exact RTL counts, asserted by
  `tests/dam/test_dam_uvm.py::test_state_command_cycles`). One state-mode command of k
  states costs k + 36 cycles writing (k = 10: 46, k = 20: 56) and k + 37 reading: 1 request -> grant, k beats,
  the write slice (writing), the engine's LATENCY of 31 stages, the block FIFO and the memory request slice, the
  memory write (reading: the memory's read latency first). Eq. 19 charges 2 + N + 20 N (1 - P): at P = 0.95, N = 20, one state of the 20
  pays its 20 serialised round cycles (2 + 20 + 20 = 42), and at P = 1 the model gives 2 + N = 22 cycles for 20
  states, i.e. no pipeline fill or drain at all. The bench's P = 0.95 transfer is two commands of 10 states (one
  boundary is not back-to-back, so the second command starts when the first is done): 2 x (10 + 36) = 92
  against 42; the 50 cycles are the second command's 36 fixed cycles plus the first's 36 less the model's 20 +
  2. Within 10 % of 42 (46 cycles) two commands of 10 states fit only with an engine latency of 12 cycles or
  less (2 x (1 + 10 + L) <= 46), i.e. under two clocks per round: the paper's own 20-stage engine needs at least
  2 x (1 + 10 + 20) = 62. What the model leaves out is
  the drain of the last command's states; the cost per state that it does model (one beat per state at
  W = 128, one state per clock through the pipeline) is what the RTL delivers (`cycles/block` 1.0).
"""


def _src_hash() -> str:
    root = repo_root()
    h = hashlib.sha256()
    files = sorted(set(_cores.get("dam_asbus32").sources)) + sorted(
        str(p.relative_to(root)) for p in (root / "src/aesforge/sim/dam_uvm").glob("*.py"))
    files += ["tests/dam/dam_uvm_tb.py"]
    for f in files:
        p = root / f
        if p.is_file():
            h.update(f.encode() + p.read_bytes())
    return h.hexdigest()[:16]


def sizes(test: str, w: int):
    kw = cycles.paper_kw(test, w)
    if test == "linear":
        return kw["n_l"]
    if test == "block":
        return (kw["n_h"], kw["n_w"])
    return kw["n_e"]


def measure_all(core_names=DAM_CORES, sim: str = "icarus", p_sweep=P_SWEEP) -> list[dict]:
    from aesforge.sim.dam_uvm.measure import measure

    cache_dir = repo_root() / "build" / "dam_reproduce"
    cache_dir.mkdir(parents=True, exist_ok=True)
    out = []
    for name in core_names:
        core = _cores.get(name)
        w = int(core.params["W"])
        cache = cache_dir / f"{name}-{sim}-{_src_hash()}.json"
        if cache.is_file():
            recs = json.loads(cache.read_text())
        else:
            print(f"[dam reproduce] {name}: measuring linear/block/cipher at P = {list(p_sweep)} ...", flush=True)
            recs = measure(name, test="all", P=list(p_sweep),
                           n={t: sizes(t, w) for t in ("linear", "block", "cipher")}, sim=sim)
            cache.write_text(json.dumps(recs, indent=1))
        out += [_normalize(r) for r in recs]
    return out


def _normalize(rec: dict) -> dict:
    """dam_uvm block records carry n = "HxW"; the report takes n = H*W beats with n_h / n_w."""
    if rec["test"] == "block" and isinstance(rec["n"], str):
        h, w = (int(x) for x in rec["n"].lower().split("x"))
        rec = {**rec, "n": h * w, "n_h": h, "n_w": w}
    return rec


def figures(results: list[dict]) -> dict:
    fig = {}
    for r in results:
        name = r.get("core", "")
        if not name.startswith("dam_"):
            continue
        bus = "asbus" if "asbus" in name else "axi"
        w = int(r.get("params", {}).get("W", 32))
        ecp5 = r.get("ecp5") or {}
        # LUT4 sites (LUT4 + 2 x CCU2C + 4 x DPR16X4), the same area figure as docs/results.md
        fig[(bus, w)] = {"fmax_mhz": ecp5.get("fmax_mhz"), "lut4": (ecp5.get("core") or {}).get("lut4_equiv"),
                         "ff": (ecp5.get("core") or {}).get("ff")}
    return fig


def reproduce(results: list[dict], core_names=None, sim: str = "icarus") -> Path:
    from repro.dam.reproduce import write_report

    names = [n for n in (core_names or DAM_CORES) if n in _cores.CORES]
    measured = measure_all(names, sim=sim)
    return write_report(measured, figures(results), repo_root() / "docs", why=WHY)
