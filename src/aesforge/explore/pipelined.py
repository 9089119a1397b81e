# SPDX-License-Identifier: Apache-2.0
"""`aesforge explore pipelined`: seed 002's Algorithm 1 (pipeline-register search) with real place and route.

For every key size and every legal register placement of hw/aes_pipe (SBOX_IMPL x PIPE_MASK, see
hw/aes_pipe/rtl/aesf_aes_pipe_round.v) this runs, in parallel jobs, the project flow
(aesforge.flow.pnr.pnr_ecp5: synth_ecp5 of the bare core for LUT4/FF, then the core in the generated
serializer wrapper through synth_ecp5 + nextpnr-ecp5 for the post-route Fmax), and computes exactly the
paper's figures:

  F = post-route Fmax (MHz)            A = LUT4 + FF of the bare core (ECP5 cells; LUT4 = lut4_equiv)
  T = 128 * F (Mbps)                   E = T / A (Mbps per cell)
  L = cycles / F (ns)                  H = E / L
  cycles = Nr * (1 + k) register stages (k = popcount(PIPE_MASK), the paper's number of inserted registers),
           measured in RTL simulation (Icarus, one FIPS-197 block checked against the golden model) unless
           --no-sim; the reduced --rounds designs use the formula (their output is not a ciphertext).

Algorithm 1 keeps the configuration with the largest H; the output also names the largest F and E. The
paper walks k = 0..n and the locations C(n, k) with a running maximum; with n = 3 insertion points this
enumeration is exhaustive, so the result is the same.

Results are cached per configuration under the cache folder (default build/explore_pipelined/<hash>/), keyed
by aesforge.flow.report.flow_hash (source contents, parameters, P&R target, tool versions, syn/*.ys, flow code),
so an interrupted or repeated sweep only runs what is missing. The chosen configuration of each key size (and
the k = 0 baseline) also gets synth_xilinx (xc7 LUT/FF).

Outputs: results/explore_pipelined.json, docs/explore_pipelined.md (table), docs/explore_pipelined.svg (plot).
--device: the ECP5 part of the place and route (aesforge.flow.pnr.DEVICES; default the project's LFE5U-85F
speed 6). Another device gets its own cache folders and default outputs (results/explore_pipelined_<device>.json,
docs/explore_pipelined_<device>.md/.svg); `um5g-85k` (LFE5UM5G-85F, speed 8) is the part of issue 4's reference.
--sbox 3: the Boyar-Peralta S-box (its seams: PIPE_MASK bit 0 = seam A, bit 3 = seam B, masks up to 15).
--nowidelut: synth_ecp5 -nowidelut for every configuration (LUT4s only); --nextpnr-args=...: extra nextpnr options;
--seeds 1,2,3: P&R once per seed, F = the lower median (every seed's F is kept). --nowidelut and --nextpnr-args get
their own cache folders and default output names (e.g. results/explore_pipelined_um5g85k_nowidelut_tmgripup.json);
each seed is cached as its own file in the configuration's folder.
--smoke: a 2-configuration sweep of a REDUCED design (1 round of AES-128, --rounds 1); its figures are not AES
figures and go to build/explore_pipelined/smoke/ unless --out is given.
--synth-only: no place and route (no F, so no T, E, L, H and no choice): LUT4/FF of the bare core only, plus
synth_xilinx of every configuration. `--smoke --synth-only` is the CI smoke sweep (seconds); a P&R of one
whole AES configuration takes tens of minutes on a 2-CPU machine (see hw/aes_pipe/README.md).
--cached-only: no ECP5 synthesis and no place and route; take the configurations that have a cached result (from
earlier or parallel runs with the same sources) and list the others as not run (the latency simulation and the
synth_xilinx of the chosen configurations still run if they are not cached). Writes the outputs of a partial
sweep; the choice is then over the configurations that were run, and the outputs say so.

Figures that were not measured are null in the JSON and `n/m` in the table; nothing is estimated.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import dataclasses
import datetime as _dt
import json
import shlex
import sys
import threading
import time
from pathlib import Path

from aesforge.coredefs.aes_pipe import legal, nr_of, pipe_core, stages_of
from aesforge.flow import executor as _executor
from aesforge.paths import build_dir, repo_root

VERSION = 1
DEFAULT_FREQ_MHZ = 250.0
OUT_JSON = "results/explore_pipelined.json"
OUT_MD = "docs/explore_pipelined.md"
OUT_SVG = "docs/explore_pipelined.svg"
BLOCK_BITS = 128
SBOX_NAME = {0: "LUT", 1: "CF", 2: "ROM", 3: "BP"}
POINTS = {0: "mid", 1: "sub", 2: "mix", 3: "mid2"}   # PIPE_MASK bit -> insertion point (aesf_aes_pipe_round.v)
NOWIDELUT = ("-nowidelut",)
CORE_BY_BITS = {128: "aes_pipe", 192: "aes_pipe_192", 256: "aes_pipe_256"}

_lock = threading.Lock()


def say(msg: str) -> None:
    with _lock:
        print(msg, flush=True)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


@dataclasses.dataclass(frozen=True)
class Config:
    key_bits: int
    sbox_impl: int
    pipe_mask: int
    rounds: int = 0          # 0 = the whole cipher; 1..Nr = reduced slice (smoke runs)
    nowidelut: bool = False  # synth_ecp5 -nowidelut (LUT4 only, no PFUMX/L6MUX wide functions)
    pnr_args: tuple[str, ...] = ()  # extra nextpnr-ecp5 options (part of the cache hash)

    @property
    def k(self) -> int:
        return bin(self.pipe_mask).count("1")

    @property
    def placement(self) -> str:
        pts = [POINTS[b] for b in range(4) if self.pipe_mask >> b & 1]
        return "+".join(pts) if pts else "none"

    @property
    def label(self) -> str:
        r = f" r{self.rounds}" if self.rounds else ""
        nw = " nowidelut" if self.nowidelut else ""
        return f"AES-{self.key_bits} {SBOX_NAME[self.sbox_impl]} m{self.pipe_mask} ({self.placement}){r}{nw}"

    @property
    def rounds_built(self) -> int:
        return self.rounds or nr_of(self.key_bits)

    @property
    def cycles_formula(self) -> int:
        return self.rounds_built * stages_of(self.pipe_mask)

    def core(self):
        extra = {"ROUNDS": self.rounds} if self.rounds else None
        nw = "_nw" if self.nowidelut else ""
        return pipe_core(self.key_bits, self.sbox_impl, self.pipe_mask,
                         name=f"aes_pipe_k{self.key_bits}_s{self.sbox_impl}_m{self.pipe_mask}_r{self.rounds}{nw}",
                         extra_params=extra, ecp5_synth_args=NOWIDELUT if self.nowidelut else (),
                         pnr_args=self.pnr_args)


def enumerate_configs(key_bits, impls, masks, rounds: int = 0, nowidelut: bool = False,
                      pnr_args: tuple[str, ...] = ()) -> list[Config]:
    out = []
    for kb in key_bits:
        for impl in impls:
            for m in masks:
                if legal(impl, m):
                    out.append(Config(kb, impl, m, rounds, nowidelut, tuple(pnr_args)))
    return out


# --------------------------------------------------------------------------------------------- steps
def _cache_dir(cache: Path, cfg: Config, freq: float, device: str | None = None) -> Path:
    from aesforge.flow.pnr import DEFAULT_DEVICE
    from aesforge.flow.report import flow_hash

    core = cfg.core()
    dev = "" if device in (None, DEFAULT_DEVICE) else f"-{device}"
    d = cache / f"{core.name}-{flow_hash(core, freq)}{dev}"
    d.mkdir(parents=True, exist_ok=True)
    return d


def _cached(path: Path, fn):
    if path.is_file():
        return json.loads(path.read_text()), True
    res = fn()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(res, indent=1, default=str))
    tmp.replace(path)
    return res, False


def _pnr_name(seed: int) -> str:
    from aesforge.flow.pnr import SEED

    return "pnr" if seed == SEED else f"pnr_seed{seed}"


def run_pnr(cfg: Config, cache: Path, freq: float, device: str | None = None, seed: int | None = None
            ) -> tuple[dict, bool]:
    """P&R of one configuration with one placement seed (the flow's seed by default, cached as pnr.json; another
    seed as pnr_seed<N>.json)."""
    from aesforge.flow import pnr

    seed = pnr.SEED if seed is None else seed
    d = _cache_dir(cache, cfg, freq, device)
    name = _pnr_name(seed)

    def go():
        t0 = time.monotonic()
        # the seeds of one configuration and part place one wrapped netlist (synthesized by the first of them)
        res = pnr.pnr_ecp5(cfg.core(), d / name, freq_mhz=freq, seed=seed, device=device or pnr.DEFAULT_DEVICE,
                           wrap_dir=d / "pnr_wrap")
        res["wall_s"] = round(time.monotonic() - t0, 1)
        res["run_utc"] = _now()
        res["seed"] = seed
        return res
    return _cached(d / f"{name}.json", go)


def median_run(runs: list[dict]) -> dict:
    """The run with the median Fmax (the lower median for an even count, so it is always a real placement), with
    every seed's Fmax in ``F_by_seed``."""
    by_f = sorted(runs, key=lambda r: (r["fmax_mhz"], r["seed"]))
    med = dict(by_f[(len(by_f) - 1) // 2])
    med["F_by_seed"] = {str(r["seed"]): r["fmax_mhz"] for r in sorted(runs, key=lambda r: r["seed"])}
    return med


def run_ecp5_core(cfg: Config, cache: Path, freq: float) -> tuple[dict, bool]:
    """synth_ecp5 of the bare core only (--synth-only); reuses the counts of a cached P&R run if there is one."""
    from aesforge.flow import synth

    d = _cache_dir(cache, cfg, freq)
    if (d / "pnr.json").is_file():
        res = json.loads((d / "pnr.json").read_text())
        return {"fmax_mhz": None, "core": res["core"], "seconds": {"synth_ecp5_core": None}}, True

    def go():
        core = synth.synth_ecp5_core(cfg.core(), d / "ecp5_core")
        secs = core.pop("seconds")
        return {"fmax_mhz": None, "core": core, "seconds": {"synth_ecp5_core": secs}, "run_utc": _now()}
    return _cached(d / "ecp5_core.json", go)


def run_xc7(cfg: Config, cache: Path, freq: float) -> tuple[dict, bool]:
    from aesforge.flow import synth

    d = _cache_dir(cache, cfg, freq)
    return _cached(d / "xc7.json", lambda: synth.synth_xilinx(cfg.core(), d / "xc7"))


def measure_cycles(cfg: Config, cache: Path, freq: float) -> tuple[dict, bool]:
    """One FIPS-197 Appendix C block through the RTL on Icarus, checked against the model."""
    from aesforge.check import check
    from aesforge.sim.runner import run_batch

    d = _cache_dir(cache, cfg, freq)

    def go():
        key = bytes(range(cfg.key_bits // 8)).hex()
        vec = {"id": "fips197-c", "op": "encrypt", "mode": "ecb", "key": key,
               "pt": "00112233445566778899aabbccddeeff"}
        res = run_batch(CORE_BY_BITS[cfg.key_bits], [vec], sim="icarus", progress=False,
                        params={"KEY_BITS": cfg.key_bits, "SBOX_IMPL": cfg.sbox_impl, "PIPE_MASK": cfg.pipe_mask})
        rep = check([vec], res)
        if rep.failed:
            raise RuntimeError(f"{cfg.label}: wrong ciphertext in simulation: {rep.failures[:1]}")
        return {"cycles": res[0]["cycles"], "simulator": "icarus", "vector": "FIPS-197 Appendix C"}
    return _cached(d / "cycles.json", go)


# --------------------------------------------------------------------------------------------- figures
def _rnd(x: float | None, nd: int) -> float | None:
    return None if x is None else round(x, nd)


def figures(cfg: Config, pnr_res: dict, cycles: int, cycles_source: str) -> dict:
    """The paper's figures of one configuration; F (and all that needs it) is None without P&R."""
    core = pnr_res["core"]
    f = None if pnr_res.get("fmax_mhz") is None else float(pnr_res["fmax_mhz"])
    lut4 = int(core["lut4_equiv"])
    ff = int(core["ff"])
    a = lut4 + ff
    t = e = lat = h = None
    if f is not None:
        t = BLOCK_BITS * f                 # Mbps
        e = t / a                          # Mbps per (LUT4 + FF)
        lat = cycles / f * 1e3             # ns
        h = e / lat
    return {
        "key_bits": cfg.key_bits, "sbox": SBOX_NAME[cfg.sbox_impl], "sbox_impl": cfg.sbox_impl,
        "pipe_mask": cfg.pipe_mask, "placement": cfg.placement, "k": cfg.k, "stages_per_round": 1 + cfg.k,
        "rounds_built": cfg.rounds_built, "reduced": bool(cfg.rounds),
        "F_mhz": _rnd(f, 2), "lut4": lut4, "ff": ff, "A": a,
        "T_gbps": None if t is None else round(t / 1e3, 3), "E_mbps_per_cell": _rnd(e, 4),
        "gbps_per_klut4": None if t is None else round(t / lut4, 4),
        "cycles": cycles, "cycles_source": cycles_source, "L_ns": _rnd(lat, 2), "H": _rnd(h, 6),
        "critical_path": pnr_res.get("critical_path"), "ecp5_synth_args": " ".join(cfg.core().ecp5_synth_args),
        "seed": pnr_res.get("seed"), "F_by_seed": pnr_res.get("F_by_seed"),
        "pnr_seconds": pnr_res.get("seconds"), "wall_s": pnr_res.get("wall_s"),
    }


def pick(rows: list[dict]) -> dict:
    """Per key size: Algorithm 1's choice (max H; ties: smaller A), plus max F, max E and the k = 0 rows."""
    out = {}
    for kb in sorted({r["key_bits"] for r in rows if r["H"] is not None}):
        rs = [r for r in rows if r["key_bits"] == kb and r["H"] is not None]
        best = max(rs, key=lambda r: (r["H"], -r["A"]))
        out[str(kb)] = {
            "best_H": _ident(best),
            "best_F": _ident(max(rs, key=lambda r: r["F_mhz"])),
            "best_E": _ident(max(rs, key=lambda r: r["E_mbps_per_cell"])),
            "baseline_k0": [_ident(r) for r in rs if r["k"] == 0],
        }
    return out


def _ident(r: dict) -> dict:
    return {"sbox_impl": r["sbox_impl"], "pipe_mask": r["pipe_mask"], "sbox": r["sbox"], "placement": r["placement"],
            "k": r["k"], "F_mhz": r["F_mhz"], "A": r["A"], "cycles": r["cycles"], "L_ns": r["L_ns"],
            "T_gbps": r["T_gbps"], "E_mbps_per_cell": r["E_mbps_per_cell"], "H": r["H"]}


# --------------------------------------------------------------------------------------------- writers
def _f(v, fmt: str) -> str:
    return "n/m" if v is None else format(v, fmt)


def write_md(path: Path, doc: dict) -> None:
    rows = doc["rows"]
    L = []
    a = L.append
    a("# Pipeline-register search for hw/aes_pipe (seed 002, Algorithm 1)")
    a("")
    a("Generated by `aesforge explore pipelined` (never typed by hand); raw data in "
      f"`{doc['json']}`. Device {doc['device']}, nextpnr target {doc['freq_target_mhz']:g} MHz, "
      + ("one seed." if len(doc.get("seeds") or [1]) < 2 else
         f"placement seeds {', '.join(map(str, doc['seeds']))}: F is the MEDIAN over the seeds (lower median, a real "
         "placement; the other figures are that placement's), every seed's F in the last column."))
    if doc["reduced"]:
        a("")
        a(f"**REDUCED DESIGN**: only the first {doc['rounds']} round(s) of the cipher were built (`--rounds`); "
          "these are flow smoke figures, not AES figures.")
    if doc.get("synth_only"):
        a("")
        a("**SYNTHESIS ONLY** (`--synth-only`): no place and route, so no F and nothing that needs it "
          "(T, E, L, H: `n/m`), and no Algorithm 1 choice.")
    a("")
    a("F = post-route Fmax of the core in the serializer wrapper; A = LUT4 + FF of the bare core (ECP5 cells); "
      "T = 128 x F; E = T / A; cycles = register stages from input to output (Nr x (1 + k)); L = cycles / F; "
      "H = E / L (the paper's figure of merit). S-box: LUT = case ROM, CF = composite field, BP = Boyar-Peralta "
      "circuit. Placement: `mid` = register at the S-box seam (CF: its seam; BP: seam A), `mid2` = BP seam B, "
      "`sub` = after SubBytes, `mix` = after MixColumns; the round register after AddRoundKey is always there, "
      "and the key-schedule registers follow the same placement.")
    if doc.get("nextpnr_extra_args"):
        a("")
        a(f"nextpnr-ecp5 with the extra options `{doc['nextpnr_extra_args']}` for every configuration.")
    if doc.get("ecp5_synth_args"):
        a("")
        a(f"ECP5 synthesis with `synth_ecp5 {doc['ecp5_synth_args']}` (LUT4 only: no PFUMX/L6MUX21 wide functions).")
    for kb in sorted({r["key_bits"] for r in rows}):
        ch = doc["choice"].get(str(kb))
        b = ch["best_H"] if ch else None
        a("")
        a(f"## AES-{kb}")
        a("")
        if b:
            a(f"Algorithm 1 choice (max H): **{b['sbox']} S-box, {b['placement']} (k = {b['k']})**: {b['F_mhz']} MHz, "
              f"{b['cycles']} cycles = {b['L_ns']} ns, {b['T_gbps']} Gbps, A = {b['A']}. "
              f"Max F: {ch['best_F']['sbox']} {ch['best_F']['placement']} ({ch['best_F']['F_mhz']} MHz); "
              f"max E: {ch['best_E']['sbox']} {ch['best_E']['placement']} ({ch['best_E']['E_mbps_per_cell']} "
              "Mbps/cell).")
        else:
            a("No Algorithm 1 choice: no configuration of this key size has a post-route F.")
        a("")
        multi = len(doc.get("seeds") or [1]) > 1
        a("| S-box | placement | k | F (MHz) | LUT4 | FF | A | T (Gbps) | Gbps/kLUT4 | E (Mbps/cell) | cycles "
          "| L (ns) | H | xc7 LUT | xc7 FF |" + (" F per seed (MHz) |" if multi else ""))
        a("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---|" if multi else ""))
        sel = [r for r in rows if r["key_bits"] == kb]
        for r in sorted(sel, key=lambda r: (r["H"] is None, -(r["H"] or 0), r["sbox_impl"], r["pipe_mask"])):
            x = r.get("xc7") or {}
            mark = " **(chosen)**" if b and (r["sbox_impl"], r["pipe_mask"]) == (b["sbox_impl"], b["pipe_mask"]) else ""
            a(f"| {r['sbox']} | {r['placement']}{mark} | {r['k']} | {_f(r['F_mhz'], '.1f')} | {r['lut4']:,} | "
              f"{r['ff']:,} | {r['A']:,} | {_f(r['T_gbps'], '.2f')} | {_f(r['gbps_per_klut4'], '.3f')} | "
              f"{_f(r['E_mbps_per_cell'], '.3f')} | {r['cycles']} | {_f(r['L_ns'], '.1f')} | {_f(r['H'], '.5f')} | "
              f"{x.get('lut_total', '')} | {x.get('ff', '')} |"
              + (" " + ", ".join(f"s{s}: {v:.1f}" for s, v in (r.get("F_by_seed") or {}).items()) + " |"
                 if multi else ""))
    if doc.get("subset"):
        a("")
        a(f"**SUBSET**: {len(rows)} configuration(s) selected by the command below, not the whole sweep (every key "
          "size x LUT/CF x PIPE_MASK 0..7); the choice is over these.")
    if doc.get("not_run"):
        a("")
        a(f"**PARTIAL SWEEP** (`--cached-only`): {len(doc['not_run'])} configuration(s) of this command have no "
          "result yet and are not in the tables or the choice: " + ", ".join(doc["not_run"]) + ".")
    if doc.get("missing"):
        a("")
        a("Configurations that failed: " + "; ".join(f"{m['label']}: {m['error']}" for m in doc["missing"]))
    a("")
    a("Tool versions: " + ", ".join(f"{k} {v}" for k, v in doc["tools"].items()) + ".")
    a(f"Generated {doc['generated_utc']} by `{doc['command']}`.")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(L) + "\n")


def write_svg(path: Path, doc: dict) -> None:
    """F vs A per configuration, one marker per key size, the chosen ones ringed (matplotlib, SVG).
    Without P&R (--synth-only): A vs cycles."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "aesforge"
    fig, ax = plt.subplots(figsize=(7, 4.5))
    marks = {128: "o", 192: "s", 256: "^"}
    have_f = any(r["F_mhz"] is not None for r in doc["rows"])
    for kb in sorted({r["key_bits"] for r in doc["rows"]}):
        rs = [r for r in doc["rows"] if r["key_bits"] == kb and (r["F_mhz"] is not None or not have_f)]
        ys = [r["F_mhz"] if have_f else r["cycles"] for r in rs]
        ax.scatter([r["A"] for r in rs], ys, marker=marks.get(kb, "o"), label=f"AES-{kb}")
        for r, y in zip(rs, ys):
            ax.annotate(f"{r['sbox']} {r['placement']}", (r["A"], y), fontsize=6,
                        xytext=(3, 3), textcoords="offset points")
        ch = doc["choice"].get(str(kb))
        if ch:
            b = ch["best_H"]
            ax.scatter([b["A"]], [b["F_mhz"]], s=160, facecolors="none", edgecolors="k")
    ax.set_xlabel("A = LUT4 + FF (ECP5, bare core)")
    ax.set_ylabel("F = post-route Fmax (MHz)" if have_f else "cycles (latency)")
    title = "hw/aes_pipe register placements" + (" (ringed: max H)" if have_f else " (synthesis only, no F)")
    if doc["reduced"]:
        title += f" - REDUCED {doc['rounds']}-round design"
    ax.set_title(title, fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)


# --------------------------------------------------------------------------------------------- main
def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def output_tag(device: str, nowidelut: bool, pnr_args: tuple[str, ...]) -> str:
    """Suffix of the default output names: the device (unless the default), _nowidelut, and each extra nextpnr
    option's name (e.g. "_um5g85k_nowidelut_tmgripup")."""
    from aesforge.flow.pnr import DEFAULT_DEVICE

    tag = "" if device == DEFAULT_DEVICE else "_" + device.replace("-", "")
    tag += "_nowidelut" if nowidelut else ""
    return tag + "".join("_" + "".join(ch for ch in a if ch.isalnum()) for a in pnr_args if a.startswith("-"))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="aesforge explore pipelined", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--key-bits", default="128,192,256", help="key sizes, comma separated (default all)")
    p.add_argument("--sbox", default="0,1",
                   help="SBOX_IMPL values: 0 LUT, 1 composite field, 3 Boyar-Peralta (default 0,1: the paper's sweep)")
    p.add_argument("--masks", default="0,1,2,3,4,5,6,7",
                   help="PIPE_MASK values (bit0 mid, bit1 sub, bit2 mix, bit3 mid2; odd masks need --sbox 1 or 3, "
                        "masks 8..15 --sbox 3) (default 0..7; illegal combinations are skipped)")
    p.add_argument("--nowidelut", action="store_true",
                   help="synth_ecp5 -nowidelut for every configuration (LUT4 only); own cache folders, outputs "
                        "results/explore_pipelined[_<device>]_nowidelut.json and docs")
    p.add_argument("--rounds", type=int, default=0, help="build only the first R rounds (reduced design, for smoke runs)")
    p.add_argument("--freq", type=float, default=DEFAULT_FREQ_MHZ, help="nextpnr target MHz (default %(default)s)")
    p.add_argument("--device", default=None,
                   help="ECP5 part for place and route: 85k (LFE5U-85F speed 6, the default) or um5g-85k "
                        "(LFE5UM5G-85F speed 8, issue 4's reference part); another device writes "
                        "results/explore_pipelined_<device>.json and its own docs")
    p.add_argument("--jobs", type=int, default=2, help="parallel flow jobs (default 2)")
    p.add_argument("--executor", metavar="SPEC", default=None, help=_executor.HELP)
    p.add_argument("--nextpnr-args", default="",
                   help="extra nextpnr-ecp5 options for every configuration, one string given with = (e.g. "
                        "--nextpnr-args=--tmg-ripup); part "
                        "of the cache hash, recorded in the outputs, whose default names get each option's name "
                        "(results/explore_pipelined[_<device>][_nowidelut]_tmgripup.json)")
    p.add_argument("--seeds", default="1",
                   help="nextpnr placement seeds, comma separated (default 1). With several, every configuration is "
                        "placed and routed once per seed and F is the MEDIAN (lower median) over the seeds; every "
                        "seed's F is listed. Seed 1 shares the cache of a single-seed run"),
    p.add_argument("--smoke", action="store_true",
                   help="2 configurations of a REDUCED 1-round AES-128: --key-bits 128 --rounds 1, LUT m2 and CF m7; "
                        "outputs under build/explore_pipelined/smoke/ unless --out is given")
    p.add_argument("--synth-only", action="store_true",
                   help="no place and route: LUT4/FF (synth_ecp5 of the bare core) and xc7 of every configuration, "
                        "no F/T/E/L/H and no choice (with --smoke: the CI smoke sweep)")
    p.add_argument("--no-xc7", action="store_true", help="skip synth_xilinx of the chosen configurations")
    p.add_argument("--no-sim", action="store_true", help="cycles from the formula Nr*(1+k) instead of RTL simulation")
    p.add_argument("--list", action="store_true", help="print the configurations and exit")
    p.add_argument("--cached-only", action="store_true",
                   help="no ECP5 synthesis or P&R: use the configurations with a cached result, list the others "
                        "as not run (a partial sweep)")
    p.add_argument("--cache-dir", default=None, help="cache folder inside the repo (default build/explore_pipelined)")
    p.add_argument("--out", default=None, help=f"JSON output (default {OUT_JSON})")
    p.add_argument("--md", default=None, help=f"Markdown table (default {OUT_MD}, or next to --out)")
    p.add_argument("--svg", default=None, help=f"plot (default {OUT_SVG}, or next to --out)")
    return p


def main(argv: list[str] | None = None) -> int:
    with contextlib.ExitStack() as stack:   # closes the work executor (a Dask cluster) on every return
        return _main(argv, stack)


def _main(argv: list[str] | None, stack: contextlib.ExitStack) -> int:
    from aesforge.flow.pnr import DEFAULT_DEVICE, DEVICES

    args = build_parser().parse_args(argv)
    root = repo_root()
    try:
        executor_spec = _executor.spec_of(args.executor)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    device = args.device or DEFAULT_DEVICE
    if device not in DEVICES:
        print(f"error: --device must be one of {', '.join(DEVICES)} (got {device})", file=sys.stderr)
        return 2
    pnr_args = tuple(shlex.split(args.nextpnr_args))
    tag = output_tag(device, args.nowidelut, pnr_args)
    try:
        seeds = _ints(args.seeds)
    except ValueError:
        seeds = []
    if not seeds or any(s < 1 for s in seeds) or len(set(seeds)) != len(seeds):
        print(f"error: --seeds must be distinct positive integers, comma separated (got {args.seeds!r})",
              file=sys.stderr)
        return 2
    out_json, out_md, out_svg = (f.replace("explore_pipelined", "explore_pipelined" + tag)
                                 for f in (OUT_JSON, OUT_MD, OUT_SVG))
    if args.smoke:
        key_bits, impls, masks, rounds = [128], None, None, args.rounds or 1
        configs = [Config(128, 0, 2, rounds, args.nowidelut, pnr_args),
                   Config(128, 1, 7, rounds, args.nowidelut, pnr_args)]
        sdir = build_dir() / "explore_pipelined" / "smoke"
        out = Path(args.out) if args.out else sdir / "explore_pipelined.json"
        md = Path(args.md) if args.md else out.with_suffix(".md")
        svg = Path(args.svg) if args.svg else out.with_suffix(".svg")
    else:
        key_bits, impls, masks, rounds = _ints(args.key_bits), _ints(args.sbox), _ints(args.masks), args.rounds
        bad = [k for k in key_bits if k not in (128, 192, 256)]
        if bad:
            print(f"error: --key-bits must be 128, 192, 256 (got {bad})", file=sys.stderr)
            return 2
        if rounds < 0 or any(rounds > nr_of(k) for k in key_bits):
            print("error: --rounds must be 0..Nr", file=sys.stderr)
            return 2
        configs = enumerate_configs(key_bits, impls, masks, rounds, args.nowidelut, pnr_args)
        out = Path(args.out or out_json)
        # with --out, the table and the plot go next to it (never silently into docs/)
        md = Path(args.md) if args.md else (out.with_suffix(".md") if args.out else Path(out_md))
        svg = Path(args.svg) if args.svg else (out.with_suffix(".svg") if args.out else Path(out_svg))
    out, md, svg = (p if p.is_absolute() else root / p for p in (out, md, svg))
    if not configs:
        print("error: no legal configuration (odd masks need --sbox 1 or 3, masks 8..15 --sbox 3)", file=sys.stderr)
        return 2
    if args.list:
        for c in configs:
            print(f"{c.label}: k={c.k}, cycles={c.cycles_formula}")
        return 0
    cache = Path(args.cache_dir) if args.cache_dir else build_dir() / "explore_pipelined"
    if not cache.is_absolute():
        cache = root / cache

    n = len(configs)
    where = f"{args.jobs} job(s)" if _executor.is_local(executor_spec) else f"executor {executor_spec}"
    say(f"[explore] {n} configurations, {where}, target {args.freq:g} MHz, cache {cache}")
    t_all = time.monotonic()
    rows: list[dict] = []
    missing: list[dict] = []
    not_run: list[str] = []
    done = [0]

    # every tool run goes to the work executor (the local pool: at most --jobs at a time; or a Dask cluster); the
    # per-configuration threads below only wait on it
    work = stack.enter_context(_executor.executor(executor_spec, args.jobs))

    def one(cfg: Config):
        t0 = time.monotonic()
        wanted = ["ecp5_core.json"] if args.synth_only else [f"{_pnr_name(s)}.json" for s in seeds]
        if args.cached_only and not all((_cache_dir(cache, cfg, args.freq, device) / w).is_file() for w in wanted):
            return None
        say(f"[explore] start {cfg.label}")
        if args.synth_only:
            res, hit = work.submit(run_ecp5_core, cfg, cache, args.freq).result()
        else:
            futs = [work.submit(run_pnr, cfg, cache, args.freq, device, s) for s in seeds]
            runs = [f.result() for f in futs]
            res, hit = median_run([r for r, _ in runs]), all(h for _, h in runs)
        if cfg.rounds or args.no_sim:
            cyc, src = cfg.cycles_formula, "formula Nr*(1+k)" + (" (reduced design)" if cfg.rounds else "")
        else:
            c, _ = work.submit(measure_cycles, cfg, cache, args.freq).result()
            cyc, src = int(c["cycles"]), "RTL simulation (icarus, FIPS-197 Appendix C block)"
            if cyc != cfg.cycles_formula:
                raise RuntimeError(f"{cfg.label}: simulated latency {cyc} != Nr*(1+k) = {cfg.cycles_formula}")
        row = figures(cfg, res, cyc, src)
        with _lock:
            done[0] += 1
            k = done[0]
        per = "" if len(seeds) < 2 or args.synth_only else f" (median of seeds: {row['F_by_seed']})"
        say(f"[explore] {k}/{n} {cfg.label}: {'cached' if hit else f'{time.monotonic() - t0:.0f} s'}: "
            f"F={_f(row['F_mhz'], '.1f')} MHz{per} A={row['A']} (LUT4 {row['lut4']} + FF {row['ff']}) cycles={cyc} "
            f"T={_f(row['T_gbps'], '.2f')} Gbps H={_f(row['H'], '.5f')}")
        return row

    waiters = max(1, args.jobs) if _executor.is_local(executor_spec) else max(1, len(configs))
    with cf.ThreadPoolExecutor(max_workers=waiters) as pool:
        futs = {pool.submit(one, c): c for c in configs}
        for fut in cf.as_completed(futs):
            cfg = futs[fut]
            try:
                row = fut.result()
                if row is None:
                    not_run.append(cfg.label)
                else:
                    rows.append(row)
            except Exception as e:  # noqa: BLE001 - report every failing config, keep the others
                missing.append({"label": cfg.label, "error": str(e).splitlines()[0][:300]})
                say(f"[explore] FAILED {cfg.label}: {str(e).splitlines()[0][:300]}")
    if not rows:
        print("error: " + ("no configuration has a cached result" if not missing else "every configuration failed"),
              file=sys.stderr)
        return 1
    rows.sort(key=lambda r: (r["key_bits"], r["sbox_impl"], r["pipe_mask"]))
    choice = pick(rows)

    if not args.no_xc7:
        want = set()
        for kb, ch in choice.items():
            for ident in [ch["best_H"], *ch["baseline_k0"]]:
                want.add((int(kb), ident["sbox_impl"], ident["pipe_mask"]))
        if args.synth_only:     # no choice without F: every configuration (synthesis only, cheap)
            want = {(r["key_bits"], r["sbox_impl"], r["pipe_mask"]) for r in rows}
        cfgs = [c for c in configs if (c.key_bits, c.sbox_impl, c.pipe_mask) in want]
        say(f"[explore] synth_xilinx (xc7) of {len(cfgs)} chosen/baseline configurations")
        for cfg, fut in [(c, work.submit(run_xc7, c, cache, args.freq)) for c in cfgs]:
            try:
                x, hit = fut.result()
            except Exception as e:  # noqa: BLE001
                missing.append({"label": cfg.label + " (xc7)", "error": str(e).splitlines()[0][:300]})
                continue
            for r in rows:
                if (r["key_bits"], r["sbox_impl"], r["pipe_mask"]) == (cfg.key_bits, cfg.sbox_impl, cfg.pipe_mask):
                    r["xc7"] = {k: x[k] for k in ("lut", "lut_total", "ff", "muxf7", "muxf8")}
            say(f"[explore] xc7 {cfg.label}: {x['lut_total']} LUT, {x['ff']} FF{' (cached)' if hit else ''}")

    from aesforge.flow.pnr import PACKAGE
    from aesforge.flow.tools import tool_versions

    doc = {
        "generated_utc": _now(),
        "command": "aesforge explore pipelined " + " ".join(argv or []),
        "version": VERSION,
        "json": out.relative_to(root).as_posix() if out.is_relative_to(root) else str(out),
        "device": f"{DEVICES[device]['name']} {PACKAGE} speed {DEVICES[device]['speed']}",
        "device_option": device,
        "freq_target_mhz": args.freq,
        "reduced": any(c.rounds for c in configs),
        "synth_only": bool(args.synth_only),
        "ecp5_synth_args": " ".join(NOWIDELUT) if args.nowidelut else "",
        "seeds": seeds,
        "subset": not args.smoke and (key_bits, impls, masks) != ([128, 192, 256], [0, 1], list(range(8))),
        "nextpnr_extra_args": " ".join(pnr_args),
        "rounds": rounds,
        "tools": tool_versions(),
        "meaning": {
            "F_mhz": "post-route Fmax of the core clock (nextpnr-ecp5, core in the serializer wrapper); with several "
                     "seeds the median (lower median) over them, every seed's Fmax in F_by_seed",
            "A": "lut4 + ff of the bare core after synth_ecp5 (lut4 = LUT4 + 2*CCU2C + 4*DPR16X4)",
            "T_gbps": "128 * F", "E_mbps_per_cell": "T / A", "cycles": "register stages input -> output",
            "L_ns": "cycles / F", "H": "E / L (seed 002, Algorithm 1)",
        },
        "choice": choice,
        "rows": rows,
        "missing": missing,
        "not_run": sorted(not_run),
        "elapsed_s": round(time.monotonic() - t_all, 1),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=1, default=str) + "\n")
    write_md(md, doc)
    write_svg(svg, doc)
    from aesforge.flow import report

    if out in [root / j for j in report.EXPLORE_JSONS]:   # docs/results.md shows the choices of these outputs
        say(f"[explore] wrote {report.write_results_md(report._load_results()).relative_to(root)}")
    for kb, ch in choice.items():
        b = ch["best_H"]
        say(f"[explore] AES-{kb}: best H = {b['sbox']} {b['placement']} (k={b['k']}): {b['F_mhz']} MHz, "
            f"{b['cycles']} cycles, {b['T_gbps']} Gbps, A={b['A']}")
    say(f"[explore] wrote {out}, {md}, {svg} in {doc['elapsed_s']} s")
    return 0 if not missing else 1
