# SPDX-License-Identifier: Apache-2.0
"""Reproduction report of seed paper 003 (DAM on AXI / ASBUS): RTL-measured cycles against the paper's models.

``write_report(measured, figures, out_dir)`` writes ``out_dir/dam_reproduce.md`` and three PNG plots
(``dam_fig9_linear.png``, ``dam_fig9_block.png``, ``dam_fig10_cipher.png``, matplotlib Agg backend).
Nothing is simulated here: the caller passes the measured records.

Measured record (one RTL simulation run)::

    {"bus": "axi" | "asbus", "W": 32 | 64 | 128, "test": "linear" | "block" | "cipher",
     "dir": "write" | "read", "P": float (back-to-back probability the bench used),
     "n": int (N_L beats / N_H*N_W beats / N_E states), "cycles": int, "note": str,
     # optional, block only: "n_h": rows, "n_w": beats per row (n_h * n_w must equal n)}

Block records without ``n_h``/``n_w`` use the paper's geometry of that width (:data:`cycles.PAPER_N`) when ``n``
equals it, else the paper's row width N_W (10 / 10 / 5 beats) when it divides ``n``; otherwise a ValueError asks
for ``n_h``/``n_w``.

``figures`` maps ``(bus, W)`` (or the string ``"axi_32"`` / ``"axi-32"`` / ``"axi/32"``) to
``{"fmax_mhz": float, "lut4": int, "ff": int}``; missing keys or entries print "n/a".

Report sections: plots; a Table IV-style table per (bus, W, test, dir) at the largest measured P (measured and
model cycles, valid data bandwidth at the measured Fmax and at the paper's common 200 MHz, slice efficiency with
ECP5 LUT4 in place of Virtex-6 slices); the claim check (measured ASBUS/AXI cipher cycle ratio per width against
the paper's 76.74 / 64.29 / 51.22 %, "agrees" within :data:`AGREE_PP` percentage points); the "why" section kept
between ``<!-- why -->`` and ``<!-- /why -->`` (or replaced by the ``why`` argument); the paper-vs-model findings.
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from . import cycles as cy

REPORT_MD = "dam_reproduce.md"
PLOTS = {"linear": "dam_fig9_linear.png", "block": "dam_fig9_block.png", "cipher": "dam_fig10_cipher.png"}
AGREE_PP = 5.0                      # claim check tolerance, percentage points
WHY_BEGIN, WHY_END = "<!-- why -->", "<!-- /why -->"
WHY_PLACEHOLDER = ("_To be written (lead): why the measured ASBUS/AXI cipher ratios agree or disagree with the "
                   "paper's claim._")
NA = "n/a"
DIRS = ("write", "read")
BUS_LABEL = {"axi": "AXI (XDAM)", "asbus": "ASBUS (ADAM)"}


# --------------------------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------------------------
def _block_geometry(w: int, n: int, rec: dict) -> tuple[int, int]:
    if "n_h" in rec or "n_w" in rec:
        n_h, n_w = rec.get("n_h"), rec.get("n_w")
        if not (isinstance(n_h, int) and isinstance(n_w, int) and n_h >= 1 and n_w >= 1 and n_h * n_w == n):
            raise ValueError(f"block record needs positive integers n_h * n_w == n, got {rec!r}")
        return n_h, n_w
    d = cy.PAPER_N[w]
    if n == d["n_h"] * d["n_w"]:
        return d["n_h"], d["n_w"]
    if n % d["n_w"] == 0:
        return n // d["n_w"], d["n_w"]
    raise ValueError(f"block record with n = {n} does not fit the paper's {d['n_w']}-beat rows: "
                     f"give 'n_h' and 'n_w' in it ({rec!r})")


def normalize(rec: dict) -> dict[str, Any]:
    """Check one measured record and return a copy with the model keyword arguments under ``"kw"``."""
    if not isinstance(rec, dict):
        raise ValueError(f"measured record must be a dict, got {rec!r}")
    missing = [k for k in ("bus", "W", "test", "dir", "P", "n", "cycles") if k not in rec]
    if missing:
        raise ValueError(f"measured record misses {missing}: {rec!r}")
    bus, w, test, d = rec["bus"], rec["W"], rec["test"], rec["dir"]
    if bus not in cy.BUSES:
        raise ValueError(f"bus must be one of {cy.BUSES}: {rec!r}")
    if w not in cy.WIDTHS:
        raise ValueError(f"W must be one of {cy.WIDTHS}: {rec!r}")
    if test not in cy.TESTS:
        raise ValueError(f"test must be one of {cy.TESTS}: {rec!r}")
    if d not in DIRS:
        raise ValueError(f"dir must be one of {DIRS}: {rec!r}")
    p = rec["P"]
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
        raise ValueError(f"P must be a number in [0, 1]: {rec!r}")
    n, c = rec["n"], rec["cycles"]
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive integer: {rec!r}")
    if isinstance(c, bool) or not isinstance(c, int) or c < 1:
        raise ValueError(f"cycles must be a positive integer: {rec!r}")
    if test == "linear":
        kw = {"n_l": n}
    elif test == "block":
        n_h, n_w = _block_geometry(w, n, rec)
        kw = {"n_h": n_h, "n_w": n_w}
    else:
        kw = {"n_e": n}
    out = dict(rec)
    out["P"] = float(p)
    out["note"] = str(rec.get("note", ""))
    out["kw"] = kw
    return out


def valid_bytes(rec: dict) -> int:
    """Valid payload bytes of a record: n beats of W/8 bytes (linear, block) or n states of 16 bytes (cipher)."""
    return rec["n"] * 16 if rec["test"] == "cipher" else rec["n"] * rec["W"] // 8


def model_of(rec: dict, *, clip: bool) -> float:
    """Paper model cycles for the record's (bus, test, W, n, P); ``clip`` clips P into the legal range."""
    return cy.model_cycles(rec["bus"], rec["test"], rec["W"], rec["P"], clip=clip, **rec["kw"])


def _geo(rec_or_kw: dict) -> str:
    kw = rec_or_kw.get("kw", rec_or_kw)
    if "n_l" in kw:
        return f"N_L={kw['n_l']}"
    if "n_h" in kw:
        return f"{kw['n_h']}x{kw['n_w']}"
    return f"N_E={kw['n_e']}"


def _fig(figures: dict, bus: str, w: int) -> dict:
    for key in ((bus, w), f"{bus}_{w}", f"{bus}-{w}", f"{bus}/{w}", f"{bus}:{w}"):
        if key in figures and isinstance(figures[key], dict):
            return figures[key]
    return {}


def _num(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
        return None
    return float(v)


def _f(v: float | None, fmt: str = ".2f") -> str:
    return NA if v is None else format(v, fmt)


# --------------------------------------------------------------------------------------------------------------
# Computations (also used by the tests)
# --------------------------------------------------------------------------------------------------------------
def vdb_gbps(nbytes: int, cycles: int, fmax_mhz: float | None) -> float | None:
    """Valid data bandwidth, GB/s (1e9): valid bytes / (cycles / Fmax)."""
    if fmax_mhz is None:
        return None
    return nbytes * fmax_mhz * 1e6 / cycles / 1e9


def se_kbps_per_unit(vdb: float | None, units: float | None) -> float | None:
    """Slice efficiency, KB/s (1e3) per area unit (Virtex-6 slice in the paper, ECP5 LUT4 here)."""
    if vdb is None or units is None:
        return None
    return vdb * 1e9 / units / 1e3


def table4_rows(measured: list[dict], figures: dict) -> list[dict[str, Any]]:
    """Per (bus, W, test, dir): the records at the largest measured P with model and bandwidth figures."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in measured:
        groups[(r["bus"], r["W"], r["test"], r["dir"])].append(r)
    rows = []
    order = {b: i for i, b in enumerate(cy.BUSES)}
    torder = {t: i for i, t in enumerate(cy.TESTS)}
    for key in sorted(groups, key=lambda k: (torder[k[2]], k[1], order[k[0]], DIRS.index(k[3]))):
        recs = groups[key]
        pmax = max(r["P"] for r in recs)
        for r in sorted((r for r in recs if r["P"] == pmax), key=lambda r: (r["n"], r["cycles"])):
            fig = _fig(figures, r["bus"], r["W"])
            fmax, lut4, ff = _num(fig.get("fmax_mhz")), _num(fig.get("lut4")), _num(fig.get("ff"))
            nbytes = valid_bytes(r)
            vdb = vdb_gbps(nbytes, r["cycles"], fmax)
            m_raw, m_clip = model_of(r, clip=False), model_of(r, clip=True)
            rows.append({
                **r, "bytes": nbytes, "model_raw": m_raw, "model_clip": m_clip,
                "p_max": cy.p_max(r["bus"], r["test"], **r["kw"]),
                "ratio_to_model": r["cycles"] / m_clip,
                "fmax_mhz": fmax, "lut4": lut4, "ff": ff, "vdb_gbps": vdb,
                "vdb_200_gbps": vdb_gbps(nbytes, r["cycles"], cy.PAPER_VDB_CLOCK_MHZ),
                "se_kbps_per_lut4": se_kbps_per_unit(vdb, lut4),
            })
    return rows


def claim_check(measured: list[dict]) -> list[dict[str, Any]]:
    """Measured ASBUS/AXI cipher cycle ratio per width against the paper (Fig. 10 / Section 7 at P = 0.95).

    Per width: the (dir, n, P) keys measured on both buses; of those, the ones at the largest P.  Repeated runs of
    a key are averaged; the ratio is sum(ASBUS cycles) / sum(AXI cycles) over the kept keys (write + read
    together, like the paper's "write then read" test case), with the per-direction ratios alongside."""
    out = []
    for w in cy.WIDTHS:
        runs: dict[str, dict[tuple, list[int]]] = {b: defaultdict(list) for b in cy.BUSES}
        for r in measured:
            if r["test"] == "cipher" and r["W"] == w:
                runs[r["bus"]][(r["dir"], r["n"], r["P"])].append(r["cycles"])
        common = set(runs["axi"]) & set(runs["asbus"])
        paper = cy.PAPER_FIG10_P095[w]
        row: dict[str, Any] = {"W": w, "paper_pct": paper, "P": None, "n": None, "dirs": [], "asbus": None,
                               "axi": None, "measured_pct": None, "model_pct": None, "per_dir": {},
                               "delta_pp": None, "verdict": "n/a (no matching AXI and ASBUS cipher records)"}
        if common:
            pm = max(k[2] for k in common)
            keys = sorted((k for k in common if k[2] == pm), key=lambda k: (DIRS.index(k[0]), k[1]))

            def mean(v: list[int]) -> float:
                return sum(v) / len(v)
            a = sum(mean(runs["asbus"][k]) for k in keys)
            x = sum(mean(runs["axi"][k]) for k in keys)
            ma = sum(cy.asbus_cipher(w, k[1], k[2]) for k in keys)
            mx = sum(cy.axi_cipher(w, k[1], k[2]) for k in keys)
            per_dir = {}
            for d in DIRS:
                dk = [k for k in keys if k[0] == d]
                if dk:
                    per_dir[d] = 100.0 * sum(mean(runs["asbus"][k]) for k in dk) / sum(mean(runs["axi"][k])
                                                                                      for k in dk)
            pct = 100.0 * a / x
            delta = pct - paper
            row.update(P=pm, n=sorted({k[1] for k in keys}), dirs=sorted({k[0] for k in keys}, key=DIRS.index),
                       asbus=a, axi=x, measured_pct=pct, model_pct=100.0 * ma / mx, per_dir=per_dir,
                       delta_pp=delta, verdict="agrees" if abs(delta) <= AGREE_PP else "disagrees")
        out.append(row)
    return out


# --------------------------------------------------------------------------------------------------------------
# Plots
# --------------------------------------------------------------------------------------------------------------
def _curve_kws(measured: list[dict], bus: str, test: str, w: int) -> list[dict]:
    kws = []
    for r in measured:
        if (r["bus"], r["test"], r["W"]) == (bus, test, w) and r["kw"] not in kws:
            kws.append(r["kw"])
    if not kws:
        kws = [cy.paper_kw(test, w)]
    return kws


def write_plots(measured: list[dict], out_dir: Path) -> dict[str, Path]:
    """Fig. 9-style (linear, block) and Fig. 10-style (cipher) plots: model lines, measured markers."""
    import matplotlib  # noqa: PLC0415 - optional dependency, only needed here
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    ps = [i * 0.95 / 95 for i in range(96)]
    colors = {"axi": "tab:blue", "asbus": "tab:red"}
    markers = {"write": "o", "read": "s"}
    paths = {}
    for test, fname in PLOTS.items():
        fig, axes = plt.subplots(1, len(cy.WIDTHS), figsize=(13, 4.2), sharey=False)
        for ax, w in zip(axes, cy.WIDTHS):
            for bus in cy.BUSES:
                for i, kw in enumerate(_curve_kws(measured, bus, test, w)):
                    ys = [cy.model_cycles(bus, test, w, p, **kw) for p in ps]
                    ax.plot(ps, ys, color=colors[bus], linestyle=("-", "--", "-.")[i % 3], linewidth=1.2,
                            label=f"{bus.upper()} model {_geo(kw)}")
                    if cy.p_max(bus, test, **kw) < ps[-1]:
                        yc = [cy.model_cycles(bus, test, w, p, clip=True, **kw) for p in ps]
                        ax.plot(ps, yc, color=colors[bus], linestyle=":", linewidth=0.9, alpha=0.7,
                                label=f"{bus.upper()} model, P clipped to p_max")
                for d in DIRS:
                    pts = [(r["P"], r["cycles"]) for r in measured
                           if (r["bus"], r["test"], r["W"], r["dir"]) == (bus, test, w, d)]
                    if pts:
                        ax.scatter([p for p, _ in pts], [c for _, c in pts], color=colors[bus],
                                   marker=markers[d], facecolors="none" if d == "read" else colors[bus],
                                   zorder=3, label=f"{bus.upper()} RTL {d}")
            ax.set_title(f"{test}, W = {w}")
            ax.set_xlabel("back-to-back probability P")
            ax.set_ylabel("clock cycles")
            ax.set_xlim(-0.03, 1.0)
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=7)
        fig.suptitle(f"DAM {test} transfers: paper model (Eq. 10-19) vs RTL measurement")
        fig.tight_layout()
        path = out_dir / fname
        fig.savefig(path, dpi=100, metadata={"Software": None})
        plt.close(fig)
        paths[test] = path
    return paths


# --------------------------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------------------------
def _existing_why(md: Path) -> str | None:
    if not md.exists():
        return None
    m = re.search(re.escape(WHY_BEGIN) + r"\n?(.*?)\n?" + re.escape(WHY_END), md.read_text(), re.S)
    return m.group(1) if m else None


def _md_table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def write_report(measured: list[dict], figures: dict, out_dir: Path, why: str | None = None, *,
                 plots: bool = True) -> Path:
    """Write ``out_dir/dam_reproduce.md`` and the PNG plots (``plots=False``: Markdown only); return its path.

    ``why``: text of the "why" section; when None, the section of an existing report is kept (placeholder if
    there is none).  Raises ValueError on a malformed record.  If matplotlib is missing, the report is still
    written, with the error in place of the plots."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    recs = [normalize(r) for r in measured]
    md = out_dir / REPORT_MD
    if why is None:
        why = _existing_why(md)
    if why is None:
        why = WHY_PLACEHOLDER

    L: list[str] = [
        "# Seed 003 (DAM on AXI / ASBUS): reproduction report",
        "",
        "Generated by `repro.dam.reproduce.write_report` from RTL-simulated cycle counts; the model is the "
        "paper's Section 5 (Eq. 10-19, Table I, `repro.dam.cycles`). P is the back-to-back probability the "
        "bench used; \"model (raw P)\" is the printed formula at that P, \"model (P clipped)\" clips P into the "
        "paper's legal range 0..(k-1)/k (k = number of bus commands), which is how Table IV's cycles come out.",
        "",
        f"{len(recs)} measured record(s).",
        "",
        "## Plots (Fig. 9 / Fig. 10 style)",
        "",
    ]
    if not plots:
        L += ["_Plots not requested (plots=False)._", ""]
    else:
        try:
            paths = write_plots(recs, out_dir)
        except ImportError as e:
            L += [f"**Plots not produced: matplotlib is not importable ({e}). Install it in the venv "
                  "(`.venv/bin/pip install matplotlib`) and re-run.**", ""]
        else:
            for test in cy.TESTS:
                L += [f"![{test}]({paths[test].name})", ""]

    # Table IV style
    L += ["## Table IV style: measured vs model at the largest measured P", "",
          "VDB = valid bytes / (cycles / Fmax) with the ECP5 Fmax of `figures`; the paper's own Table IV uses one "
          "common 200 MHz clock for VDB (finding 7 of `repro.dam.cycles`), given alongside. "
          "SE = VDB per ECP5 LUT4 (the paper: per Virtex-6 slice); LUT4 = LUT4 sites (LUT4 + 2 x CCU2C + "
          "4 x DPR16X4), the area figure of docs/results.md.", ""]
    rows = table4_rows(recs, figures)
    if rows:
        L += _md_table(
            ["bus", "W", "test", "dir", "P", "geometry", "bytes", "measured cycles", "model (raw P)",
             "model (P clipped)", "measured / model (clipped)", "Fmax MHz", "VDB GB/s", "VDB GB/s @200 MHz",
             "LUT4", "FF", "SE KB/s per LUT4", "note"],
            [[r["bus"].upper(), str(r["W"]), r["test"], r["dir"], f"{r['P']:.3g}", _geo(r), str(r["bytes"]),
              str(r["cycles"]), f"{r['model_raw']:.2f}", f"{r['model_clip']:.2f} (p_max {r['p_max']:.3g})",
              f"{r['ratio_to_model']:.3f}", _f(r["fmax_mhz"], ".1f"), _f(r["vdb_gbps"]), _f(r["vdb_200_gbps"]),
              _f(r["lut4"], ".0f"), _f(r["ff"], ".0f"), _f(r["se_kbps_per_lut4"]), r["note"].replace("|", "/")]
             for r in rows])
    else:
        L.append("_No measured records._")
    L.append("")

    # Claim check
    L += ["## Claim check: ASBUS / AXI cipher cycles", "",
          "The paper (Fig. 10 text and Section 7): ASBUS cipher tests take 76.74 / 64.29 / 51.22 % of the AXI "
          f"cycles for 32 / 64 / 128-bit buses (P = 0.95, N_E = 20). \"agrees\" = within {AGREE_PP:g} percentage "
          "points of the paper.", ""]
    crow = []
    for c in claim_check(recs):
        per = ", ".join(f"{d} {v:.2f} %" for d, v in c["per_dir"].items()) or NA
        crow.append([str(c["W"]), _f(c["P"], ".3g"), ", ".join(map(str, c["n"])) if c["n"] else NA,
                     "+".join(c["dirs"]) or NA, _f(c["asbus"], ".1f"), _f(c["axi"], ".1f"),
                     _f(c["measured_pct"]), per, _f(c["model_pct"]), f"{c['paper_pct']:.2f}",
                     _f(c["delta_pp"], "+.2f"), c["verdict"]])
    L += _md_table(["W", "P", "N_E", "dirs", "ASBUS cycles", "AXI cycles", "measured %", "per dir",
                    "model % (same N, P)", "paper %", "delta pp", "verdict"], crow)
    L += ["", "### Why", "", WHY_BEGIN, why, WHY_END, ""]

    # Findings
    L += ["## Paper printed numbers vs the models", "",
          "Burst sizes: N_L = 80 / 40 / 20 beats, block 8x10 / 4x10 / 4x5, N_E = 20 states (320 bytes on every "
          "width). Table IV cycles = models at the largest legal P (all transfers back-to-back).", ""]
    L += _md_table(["where", "quantity", "printed", "model", "model evaluation", "reproduces"],
                   [[f.where, f.quantity, f"{f.printed:.2f}" if "%" in f.quantity else f"{f.printed:g}",
                     f"{f.model:.4f}", f.how, "yes" if f.reproduces else "**NO**"] for f in cy.findings()])
    L += ["", "Other notes (see the `repro.dam.cycles` docstring): Eq. 14-19 simplify exactly to Table I; "
          "Table IV VDB/SE use a 200 MHz clock and DE a 100 MHz clock, not Table II's MOF; Table I's "
          "\"P from 0 to 1\" contradicts the per-equation ranges; the three Fig. 10 P = 0 numbers "
          "(96.43 / 94.13 / 91.32 %) all come out only for N_E = 37..47, where the P = 0.95 ones do not (N_E = 20 "
          "is the only N_E giving those).", ""]
    md.write_text("\n".join(L))
    return md
