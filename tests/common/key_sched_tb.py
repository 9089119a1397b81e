# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for the shared round-key controller (hw/common/rtl/aesf_key_sched.v) against the golden model's key
expansion (aesforge.model.aes.expand_key): every cycle after a load, rk_valid_o / rk_idx_o / rk_o / rk_last_o are
checked against the exact schedule (round key g valid for one cycle, right after the 2 (g - FIRST_GROUP) + 2-th edge
after the load edge; rk_o zero in every other cycle); a load in the middle of an expansion restarts it, clear_i in the middle
stops it with every output zero. Observes ports only."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.model.aes import expand_key

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
KEY_BITS = P.get("KEY_BITS", 128)
FIRST = P.get("FIRST_GROUP", 1)
NR = KEY_BITS // 32 + 6
# FIPS-197 A.1 / A.2 / A.3 keys
FIPS = {128: "2b7e151628aed2a6abf7158809cf4f3c",
        192: "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
        256: "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a309147df4"}


def expected(key: bytes) -> dict[int, tuple[int, int]]:
    """cycle after the load edge (edge 0; cycle c is the one right after edge c - 1) -> (round key index, round key):
    round key g is valid right after edge 2 (g - FIRST) + 2"""
    rks = expand_key(key)
    return {2 * (g - FIRST) + 3: (g, int.from_bytes(rks[g], "big")) for g in range(FIRST, NR + 1)}


async def check_idle(dut, cycles: int) -> None:
    for _ in range(cycles):
        await ReadOnly()
        assert int(dut.rk_valid_o.value) == 0 and int(dut.rk_last_o.value) == 0
        assert int(dut.rk_o.value) == 0, "a round key left on rk_o outside its valid cycle"
        await RisingEdge(dut.clk_i)


async def load(dut, key: bytes, stop_after: int | None = None, stop: str = "") -> None:
    """Load `key` and check the whole schedule, or the first `stop_after` cycles, then a reload / clear."""
    dut.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big") | (0 if KEY_BITS == 256 else
                                                                     random.getrandbits(256 - KEY_BITS))
    dut.load_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.load_i.value = 0
    dut.key_i.value = random.getrandbits(256)      # the key is sampled at the load edge only
    exp = expected(key)
    last = max(exp)
    for cyc in range(1, last + 3):
        if stop_after is not None and cyc > stop_after:
            return
        await ReadOnly()
        v, idx, rk = int(dut.rk_valid_o.value), int(dut.rk_idx_o.value), int(dut.rk_o.value)
        if cyc in exp:
            g, want = exp[cyc]
            assert v == 1, f"cycle {cyc}: round key {g} not valid"
            assert idx == g, f"cycle {cyc}: index {idx}, expected {g}"
            assert rk == want, f"cycle {cyc}: round key {g} = {rk:032x}, expected {want:032x}"
            assert int(dut.rk_last_o.value) == (g == NR)
        else:
            assert v == 0 and int(dut.rk_last_o.value) == 0, f"cycle {cyc}: unexpected valid"
            assert rk == 0, f"cycle {cyc}: rk_o not zero outside a valid cycle"
        await RisingEdge(dut.clk_i)


@cocotb.test()
async def schedule(dut):
    random.seed(KEY_BITS * 10 + FIRST)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.rst_ni.value = 0
    dut.load_i.value = 0
    dut.clear_i.value = 0
    dut.key_i.value = 0
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await check_idle(dut, 3)
    await load(dut, bytes.fromhex(FIPS[KEY_BITS]))
    await check_idle(dut, 2)
    for _ in range(4):                              # back to back, different keys
        await load(dut, random.randbytes(KEY_BITS // 8))
    # a load in the middle of an expansion restarts it with the new key
    await load(dut, random.randbytes(KEY_BITS // 8), stop_after=5)
    await load(dut, random.randbytes(KEY_BITS // 8))
    # clear in the middle: every output zero from the next cycle on, nothing valid afterwards
    await load(dut, random.randbytes(KEY_BITS // 8), stop_after=7)
    dut.clear_i.value = 1
    dut.load_i.value = 1                           # clear has priority over load
    await RisingEdge(dut.clk_i)
    dut.clear_i.value = 0
    dut.load_i.value = 0
    await check_idle(dut, 2 * NR + 4)
    await load(dut, random.randbytes(KEY_BITS // 8))
