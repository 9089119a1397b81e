# SPDX-License-Identifier: Apache-2.0
"""Block test of the shared N-lane aggregated GHASH (hw/common/rtl/aesf_ghash_par.v) against the golden model:
N = 1, 2, 4 and several multiplier latencies, on both simulators."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.cores import Core
from aesforge.sim.runner import run_cocotb_module

BLOCK = Core(name="blk_ghash_par", top="aesf_ghash_par", folder="hw/common",
             interface="block", key_sizes=(), modes=(), directions=())

CONFIGS = [
    # seed 004: 2 lanes, D = 3, H^1..H^6 (28 s, make test-full; N = 2 stays in make test inside gcm_lanes on Icarus)
    pytest.param("icarus", {"N": 2, "ORDER": 4, "PIPE_MASK": 0b01101, "OUT_REG": 0}, marks=pytest.mark.full),
    # (make test-full: 46 s, mostly the build; make test checks the unit's assertions inside gcm_lanes, on Verilator
    # in tests/gcm_lanes/test_gcm_lanes_proto.py)
    pytest.param("verilator", {"N": 4, "ORDER": 4, "PIPE_MASK": 0b01101, "OUT_REG": 1}, marks=pytest.mark.full),
    ("icarus", {"N": 1, "ORDER": 2, "PIPE_MASK": 0, "OUT_REG": 1}),         # D = 1: plain Horner
    pytest.param("icarus", {"N": 4, "ORDER": 3, "PIPE_MASK": 0b0010, "OUT_REG": 0}, marks=pytest.mark.full),  # D = 1, 4 lanes
    ("icarus", {"N": 2, "ORDER": 4, "PIPE_MASK": 0b10101, "IN_MASK": 0b10000, "OUT_REG": 1}),  # D = 5, leaf operand regs
    # gcm_lanes_n1's unit (D = 8: every depth and the leaf operands registered), assertions on
    pytest.param("verilator", {"N": 1, "ORDER": 4, "PIPE_MASK": 0b11111, "IN_MASK": 0b10100, "OUT_REG": 1},
                 marks=pytest.mark.full),
]


def _id(c) -> str:
    s, p = c.values if hasattr(c, "values") else c
    return f"{s}-n{p['N']}-o{p['ORDER']}-m{p['PIPE_MASK']}-i{p.get('IN_MASK', 0)}-r{p['OUT_REG']}"


@pytest.mark.parametrize("sim,params", CONFIGS, ids=[_id(c) for c in CONFIGS])
def test_ghash_par(sim, params):
    # Verilator runs check the unit's FORMAL assertions (result-FIFO credits, abort vs the H-power updates)
    tests, failed = run_cocotb_module(BLOCK, "ghash_par_tb", sim=sim, params=params,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 3
    assert failed == 0
