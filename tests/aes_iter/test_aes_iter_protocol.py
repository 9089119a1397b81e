# SPDX-License-Identifier: Apache-2.0
"""Runs the cocotb protocol tests of aes_iter (aes_iter_protocol_tb.py) on both simulators and both
datapath variants (DECRYPT = 1 and the encrypt-only DECRYPT = 0), and on aes_col32 (same ports) with 1, 2 and 4 columns
per clock, encrypt only (DECRYPT = 0) and encrypt + decrypt (DECRYPT = 1: cores aes_col32_ed, aes_col128_ed)."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge import cores
from aesforge.sim.runner import run_cocotb_module


@pytest.mark.parametrize("sim,decrypt", [("icarus", 1), ("verilator", 1), ("icarus", 0)])
def test_protocol(sim, decrypt):
    tests, failed = run_cocotb_module("aes_iter", "aes_iter_protocol_tb", sim=sim, params={"DECRYPT": decrypt},
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests >= 7
    assert failed == 0


# make test: one Verilator build of aes_col32 (COLS 4, shared with its vector test); COLS 1 on Verilator in test-full
@pytest.mark.parametrize("sim,cols", [("icarus", 1), pytest.param("verilator", 1, marks=pytest.mark.full),
                                      ("icarus", 2), ("icarus", 4), ("verilator", 4)])
def test_protocol_col32(sim, cols):
    tests, failed = run_cocotb_module("aes_col32", "aes_iter_protocol_tb", sim=sim, params={"COLS": cols},
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests >= 7
    assert failed == 0


# the DECRYPT = 1 cores of aes_col32 (their registered COLS / SBOX_IMPL), both simulators
ED = sorted(c.name for c in cores.CORES.values() if c.top == "aesf_aes_col32" and c.params.get("DECRYPT"))


# Verilator builds of aes_col128_ed / _ed2 (about 24 s each) only for this suite: make test-full; make test runs
# every configuration on Icarus and the others, whose Verilator models tests/aes_col32/test_aes_col32_vectors.py builds
# anyway, on Verilator too
VERILATOR_FULL = {"aes_col128_ed", "aes_col128_ed2"}


@pytest.mark.parametrize("name,sim", [
    pytest.param(n, s, marks=pytest.mark.full if s == "verilator" and n in VERILATOR_FULL else ())
    for n in ED for s in ("icarus", "verilator")])
def test_protocol_col32_decrypt(name, sim):
    tests, failed = run_cocotb_module(name, "aes_iter_protocol_tb", sim=sim, pythonpath=[str(Path(__file__).parent)])
    assert tests >= 8
    assert failed == 0


# Verilator in make test-full (make test runs the masked engine on Verilator with every CAVP vector in
# tests/aes_col32/test_aes_col32_vectors.py)
@pytest.mark.parametrize("sim", ["icarus", pytest.param("verilator", marks=pytest.mark.full)])
def test_protocol_col32_dom(sim):
    """The masked engine (aes_col32_dom): the same protocol tests with its cycle figures, plus reseeding."""
    tests, failed = run_cocotb_module("aes_col32_dom", "aes_iter_protocol_tb", sim=sim,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests >= 8
    assert failed == 0
