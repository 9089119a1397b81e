#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Print the per-seed Fmax of registered cores as a Markdown table, now and at an earlier git revision, from the
flow's own records (results/<core>.json, written by `aesforge report`): the step tables of a core README's
"Timing" section, reproducible instead of typed.

    .venv/bin/python scripts/seed_table.py gcm_lanes_n1 --before 5a5247a
    .venv/bin/python scripts/seed_table.py dam_axi128 dam_asbus128 --before 51ec141 --parts 85k

One row per core and part: the seeds' Fmax and their median (the registered figure) at `--before` (read with
`git show REV:results/<core>.json`) and in the working tree, and the ratio of the medians. A core or part that
has no figure at a revision shows "-".
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PART_NAMES = {"85k": "LFE5U-85F", "um5g-85k": "LFE5UM5G-85F"}


def load(core: str, rev: str | None) -> dict | None:
    """results/<core>.json in the working tree (rev None) or at git revision `rev`; None if absent."""
    rel = f"results/{core}.json"
    if rev is None:
        p = ROOT / rel
        return json.loads(p.read_text()) if p.is_file() else None
    r = subprocess.run(["git", "show", f"{rev}:{rel}"], cwd=ROOT, capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else None


def seeds(res: dict | None, part: str) -> tuple[list[float], float | None]:
    """(Fmax per seed in seed order, registered median) of one part, or ([], None)."""
    p = ((res or {}).get("ecp5_parts") or {}).get(part)
    if not p or p.get("fmax_mhz") is None:
        return [], None
    by = p.get("fmax_by_seed") or {}
    return [by[str(s)] for s in p.get("seeds", []) if by.get(str(s)) is not None], p["fmax_mhz"]


def cell(vals: list[float], med: float | None) -> str:
    if med is None:
        return "-"
    return " / ".join(f"{v:.2f}" for v in vals) + f" -> **{med:.2f}**"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cores", nargs="+", help="registered core names (results/<core>.json)")
    ap.add_argument("--before", required=True, help="git revision of the earlier figures")
    ap.add_argument("--parts", nargs="+", default=list(PART_NAMES), choices=list(PART_NAMES))
    a = ap.parse_args(argv)
    print(f"| core | part | seeds at {a.before} -> median (MHz) | seeds now -> median (MHz) | now / before |")
    print("|---|---|---|---|---:|")
    missing = 0
    for core in a.cores:
        old, new = load(core, a.before), load(core, None)
        if new is None:
            print(f"seed_table: no results/{core}.json in the working tree", file=sys.stderr)
            missing += 1
            continue
        for part in a.parts:
            (ov, om), (nv, nm) = seeds(old, part), seeds(new, part)
            ratio = f"{nm / om:.3f}" if om and nm else "-"
            print(f"| `{core}` | {PART_NAMES[part]} | {cell(ov, om)} | {cell(nv, nm)} | {ratio} |")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
