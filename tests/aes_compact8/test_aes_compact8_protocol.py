# SPDX-License-Identifier: Apache-2.0
"""Runs the cocotb protocol tests of aes_compact8 (aes_compact8_protocol_tb.py) on both simulators."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.sim.runner import run_cocotb_module


@pytest.mark.parametrize("sim", ["icarus", pytest.param("verilator", marks=pytest.mark.full)])   # (31 s; vectors stay on both)
def test_protocol(sim):
    tests, failed = run_cocotb_module("aes_compact8", "aes_compact8_protocol_tb", sim=sim,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 6
    assert failed == 0
