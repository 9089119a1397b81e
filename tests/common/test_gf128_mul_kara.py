# SPDX-License-Identifier: Apache-2.0
"""Block test of the shared Karatsuba GF(2^128) multiplier (hw/common/rtl/aesf_gf128_mul_kara.v) against the
golden model, over recursion orders and pipeline placements, on both simulators."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.cores import Core
from aesforge.sim.runner import run_cocotb_module

BLOCK = Core(name="blk_gf128_mul_kara", top="aesf_gf128_mul_kara", folder="hw/common",
             interface="block", key_sizes=(), modes=(), directions=())

CONFIGS = [
    ("icarus", {"ORDER": 4, "PIPE_MASK": 0b01101, "OUT_REG": 0}),   # seed 004: regs after 16x16, 64x64, 128x128
    pytest.param("verilator", {"ORDER": 4, "PIPE_MASK": 0b01101, "OUT_REG": 1}, marks=pytest.mark.full),  # 39 s
    ("icarus", {"ORDER": 0, "PIPE_MASK": 0, "OUT_REG": 0}),         # schoolbook, combinational
    ("icarus", {"ORDER": 2, "PIPE_MASK": 0b100, "OUT_REG": 1}),
    pytest.param("icarus", {"ORDER": 6, "PIPE_MASK": 0b1000001, "OUT_REG": 0}, marks=pytest.mark.full),   # 38 s
    ("icarus", {"ORDER": 4, "PIPE_MASK": 0b10101, "IN_MASK": 0b10000, "OUT_REG": 1}),   # leaf operand registers
]


@pytest.mark.parametrize("sim,params", CONFIGS, ids=[f"{s}-o{p['ORDER']}-m{p['PIPE_MASK']}-i{p.get('IN_MASK', 0)}-r{p['OUT_REG']}"
                                                      for s, p in (getattr(c, "values", c) for c in CONFIGS)])
def test_gf128_mul_kara(sim, params):
    tests, failed = run_cocotb_module(BLOCK, "gf128_mul_kara_tb", sim=sim, params=params,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 2
    assert failed == 0
