# SPDX-License-Identifier: Apache-2.0
"""Runs the cocotb protocol tests of aes_iter (aes_iter_protocol.py) on both simulators and both
datapath variants (DECRYPT = 1 and the encrypt-only DECRYPT = 0), and on aes_col32 (same ports) with 1, 2 and 4 columns
per clock, encrypt only (DECRYPT = 0) and encrypt + decrypt (DECRYPT = 1: cores aes_col32_ed, aes_col128_ed)."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.sim.runner import run_cocotb_module


@pytest.mark.parametrize("sim,decrypt", [("icarus", 1), ("verilator", 1), ("icarus", 0)])
def test_protocol(sim, decrypt):
    tests, failed = run_cocotb_module("aes_iter", "aes_iter_protocol", sim=sim, params={"DECRYPT": decrypt},
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests >= 7
    assert failed == 0


@pytest.mark.parametrize("sim,cols,decrypt", [("icarus", 1, 0), ("verilator", 1, 0), ("icarus", 2, 0),
                                              ("icarus", 4, 0), ("verilator", 4, 0), ("icarus", 1, 1),
                                              ("verilator", 1, 1), ("icarus", 2, 1), ("icarus", 4, 1),
                                              ("verilator", 4, 1)])
def test_protocol_col32(sim, cols, decrypt):
    core = "aes_col32_ed" if decrypt else "aes_col32"
    tests, failed = run_cocotb_module(core, "aes_iter_protocol", sim=sim, params={"COLS": cols},
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests >= 7
    assert failed == 0
