# SPDX-License-Identifier: Apache-2.0
"""Runs the cocotb protocol tests of gcm_seq (gcm_seq_protocol_tb.py): the fast digit on both simulators and the
bit-serial digit (DIGIT = 1) on Icarus."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.sim.runner import run_cocotb_module


@pytest.mark.parametrize("sim,core", [("icarus", "gcm_seq"), ("verilator", "gcm_seq"), ("icarus", "gcm_seq_d1")])
def test_protocol(sim, core):
    tests, failed = run_cocotb_module(core, "gcm_seq_protocol_tb", sim=sim, pythonpath=[str(Path(__file__).parent)])
    assert tests == 6
    assert failed == 0
