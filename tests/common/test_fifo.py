# SPDX-License-Identifier: Apache-2.0
"""Block test of the shared FIFO (hw/common/rtl/aesf_fifo.v) against a Python deque: HEAD_REG 0 / 1, SPEC_WR (with FLAG_COPIES), WIPE,
depths 2..32, on both simulators (Verilator runs check the FIFO's FORMAL assertions)."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.cores import Core
from aesforge.sim.runner import run_cocotb_module

BLOCK = Core(name="blk_fifo", top="aesf_fifo", folder="hw/common",
             interface="block", key_sizes=(), modes=(), directions=())

CONFIGS = [
    ("icarus", {"W": 12, "DEPTH": 4, "WIPE": 0, "HEAD_REG": 0}),
    ("icarus", {"W": 12, "DEPTH": 4, "WIPE": 0, "HEAD_REG": 1}),
    ("icarus", {"W": 9, "DEPTH": 2, "WIPE": 1, "HEAD_REG": 1}),
    ("icarus", {"W": 7, "DEPTH": 8, "WIPE": 0, "SPEC_WR": 1}),
    ("icarus", {"W": 13, "DEPTH": 2, "WIPE": 1, "SPEC_WR": 1, "FLAG_COPIES": 4}),
    pytest.param("verilator", {"W": 40, "DEPTH": 16, "WIPE": 0, "HEAD_REG": 1}, marks=pytest.mark.full),
    pytest.param("verilator", {"W": 5, "DEPTH": 32, "WIPE": 1, "HEAD_REG": 1}, marks=pytest.mark.full),
    pytest.param("verilator", {"W": 5, "DEPTH": 8, "WIPE": 1, "HEAD_REG": 0}, marks=pytest.mark.full),
    ("icarus", {"W": 11, "DEPTH": 2, "WIPE": 0, "HEAD_REG": 1, "SPEC_WR": 1}),
    # Verilator (the FIFO's FORMAL assertions): make test-full; make test compiles them inside gcm_lanes' Verilator run
    pytest.param("verilator", {"W": 6, "DEPTH": 4, "WIPE": 0, "HEAD_REG": 1, "SPEC_WR": 1}, marks=pytest.mark.full),
    pytest.param("verilator", {"W": 10, "DEPTH": 4, "WIPE": 1, "SPEC_WR": 1, "FLAG_COPIES": 3}, marks=pytest.mark.full),
]


@pytest.mark.parametrize("sim,params", CONFIGS, ids=[f"{s}-" + "-".join(f"{k.lower()}{v}" for k, v in p.items())
                                                      for s, p in (getattr(c, "values", c) for c in CONFIGS)])
def test_fifo(sim, params):
    tests, failed = run_cocotb_module(BLOCK, "fifo_tb", sim=sim, params=params,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 2
    assert failed == 0
