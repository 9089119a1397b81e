# SPDX-License-Identifier: Apache-2.0
"""Block test of the digit-serial GF(2^128) multiplier (hw/common/rtl/aesf_gf128_mul_digit.v) against the golden
model (per-clock Horner trace, products, GHASH chains, exact 128/DIGIT latency), for every legal DIGIT."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.cores import Core
from aesforge.sim.runner import run_cocotb_module

BLOCK = Core(name="blk_gf128_mul_digit", top="aesf_gf128_mul_digit", folder="hw/common",
             interface="block", key_sizes=(), modes=(), directions=())

# every DIGIT on Icarus in make test; Verilator (17 s each, mostly the build) for the shipped fast digit and DIGIT 1
# in make test-full
CONFIGS = [("icarus", d) for d in (1, 2, 4, 8, 16, 32, 64, 128)] + [
    pytest.param("verilator", 8, marks=pytest.mark.full), pytest.param("verilator", 1, marks=pytest.mark.full)]
IDS = [f"icarus-d{d}" for d in (1, 2, 4, 8, 16, 32, 64, 128)] + ["verilator-d8", "verilator-d1"]


@pytest.mark.parametrize("sim,digit", CONFIGS, ids=IDS)
def test_gf128_mul_digit(sim, digit):
    tests, failed = run_cocotb_module(BLOCK, "gf128_mul_digit_tb", sim=sim, params={"DIGIT": digit},
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 3
    assert failed == 0
