# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of aesf_aes_pipe_round on its own (run by test_aes_pipe_vectors.py::test_standalone_round):
a held round key from outside, random states streamed back-to-back with random gaps, compared with the golden
model's SubBytes/ShiftRows/MixColumns/AddRoundKey; valid_o is valid_i delayed by exactly S - 1 edges."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from aesforge.model import aes as m
from aesforge.sim.bench import cycle


def model_round(state: int, rk: int, last: bool) -> int:
    s = list(state.to_bytes(16, "big"))
    s = m._shift_rows(m._sub_bytes(s, m.SBOX))
    if not last:
        s = m._mix_columns(s)
    return int.from_bytes(bytes(m._add(s, rk.to_bytes(16, "big"))), "big")


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.valid_i.value = 0
    dut.state_i.value = 0
    dut.rk_i.value = 0
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 2)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


@cocotb.test()
async def random_states_held_key(dut):
    p = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
    last = bool(int(p.get("LAST", 0)))
    s_regs = 1 + bin(int(p.get("PIPE_MASK", 0))).count("1")
    rng = random.Random(5)
    await setup(dut)
    # FIPS-197 C.1 round 1 first (not the last round), then random states
    rk = 0xd6aa74fdd2af72fadaa678f1d6ab76fe
    states = [0x00102030405060708090a0b0c0d0e0f0] + [rng.getrandbits(128) for _ in range(60)]
    if not last:
        assert model_round(states[0], rk, False) == 0x89d810e8855ace682d1843d8cb128fe4
    dut.rk_i.value = rk
    sent, got = [], []
    done = False

    async def monitor():
        while not done:
            await RisingEdge(dut.clk_i)
            await ReadOnly()
            if int(dut.valid_o.value):
                got.append((cycle(), int(dut.state_o.value)))

    mon = cocotb.start_soon(monitor())
    for st in states:
        while rng.random() < 0.3:       # idle cycle with junk on state_i
            dut.valid_i.value = 0
            dut.state_i.value = rng.getrandbits(128)
            await RisingEdge(dut.clk_i)
        dut.valid_i.value = 1
        dut.state_i.value = st
        sent.append(cycle() + 1)        # taken at the next edge
        await RisingEdge(dut.clk_i)
    dut.valid_i.value = 0
    await ClockCycles(dut.clk_i, s_regs + 3)
    done = True
    await mon
    assert [v for _, v in got] == [model_round(s, rk, last) for s in states]
    # the output is visible right after edge (taken + S - 1)
    assert [e for e, _ in got] == [e + s_regs - 1 for e in sent], (s_regs, sent[:5], got[:5])
