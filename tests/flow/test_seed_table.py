# SPDX-License-Identifier: Apache-2.0
"""scripts/seed_table.py (the per-seed Fmax tables of the core READMEs' Timing sections, from results/*.json): the
rows carry the flow's recorded seeds and medians, at a git revision and in the working tree, and an unknown core
is an error. The expected cells are built from the JSON records here, not typed."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(mod, argv: list[str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = mod.main(argv)
    return rc, out.getvalue().splitlines()


def test_rows_from_records(load_script):
    mod = load_script("seed_table")
    core = "dam_axi128"
    res = json.loads((ROOT / "results" / f"{core}.json").read_text())
    rc, lines = _run(mod, [core, "--before", "HEAD", "--parts", "85k"])
    assert rc == 0
    assert len(lines) == 3, lines                          # header, rule, one row
    part = res["ecp5_parts"]["85k"]
    seeds = " / ".join(f"{part['fmax_by_seed'][str(s)]:.2f}" for s in part["seeds"])
    want = f"{seeds} -> **{part['fmax_mhz']:.2f}**"
    cells = [c.strip() for c in lines[2].strip("|").split("|")]
    assert cells[0] == f"`{core}`" and cells[1] == "LFE5U-85F", cells
    # the committed record (HEAD) and the working tree's agree unless results/ was changed since
    if mod.load(core, "HEAD") == res:
        assert cells[2] == cells[3] == want and cells[4] == "1.000", cells
    assert cells[3] == want, cells


def test_missing_core_and_revision(load_script):
    mod = load_script("seed_table")
    rc, _ = _run(mod, ["no_such_core", "--before", "HEAD"])
    assert rc == 1
    # a revision without the record shows "-" for it (the core exists in the working tree)
    rc, lines = _run(mod, ["dam_axi128", "--before", "4b825dc642cb6eb9a060e54bf8d69288fbee4904", "--parts", "85k"])
    assert rc == 0
    cells = [c.strip() for c in lines[2].strip("|").split("|")]
    assert cells[2] == "-" and cells[4] == "-", cells
