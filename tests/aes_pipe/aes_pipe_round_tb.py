# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of aesf_aes_pipe_round on its own (run by test_aes_pipe_vectors.py::test_standalone_round):
a held round key from outside, random states streamed back-to-back with random gaps, compared with the golden
model's SubBytes/ShiftRows/MixColumns/AddRoundKey (INVERSE = 1: InvSubBytes/InvShiftRows/InvMixColumns, the
equivalent inverse cipher round); valid_o is valid_i delayed by exactly S - 1 edges; with random en_i = 0
cycles everything holds and the delay is S - 1 ENABLED edges (also run by tests/dam/test_dam_cipher.py)."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

from aesforge.model import aes as m
from aesforge.sim.bench import cycle


def model_round(state: int, rk: int, last: bool, inverse: bool = False) -> int:
    s = list(state.to_bytes(16, "big"))
    s = m._shift_rows(m._sub_bytes(s, m.INV_SBOX if inverse else m.SBOX), inverse)
    if not last:
        s = m._mix_columns(s, inverse)
    return int.from_bytes(bytes(m._add(s, rk.to_bytes(16, "big"))), "big")


def _params() -> tuple[bool, bool, int]:
    p = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
    return (bool(int(p.get("LAST", 0))), bool(int(p.get("INVERSE", 0))),
            1 + bin(int(p.get("PIPE_MASK", 0))).count("1"))


def _first(last: bool, inv: bool) -> tuple[int, list[int]]:
    """The FIPS-197 C.1 worked example of the header (forward round 1 / inverse last round) first."""
    if not inv:
        rk, st = 0xd6aa74fdd2af72fadaa678f1d6ab76fe, 0x00102030405060708090a0b0c0d0e0f0
        if not last:
            assert model_round(st, rk, False) == 0x89d810e8855ace682d1843d8cb128fe4
    else:
        rk, st = 0x000102030405060708090a0b0c0d0e0f, 0x6353e08c0960e104cd70b751bacad0e7
        if last:
            assert model_round(st, rk, True, True) == 0x00112233445566778899aabbccddeeff
    return rk, [st]


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.en_i.value = 1
    dut.valid_i.value = 0
    dut.state_i.value = 0
    dut.rk_i.value = 0
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 2)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


@cocotb.test()
async def random_states_held_key(dut):
    last, inv, s_regs = _params()
    rng = random.Random(5)
    await setup(dut)
    rk, states = _first(last, inv)
    states += [rng.getrandbits(128) for _ in range(60)]
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
    assert [v for _, v in got] == [model_round(s, rk, last, inv) for s in states]
    # the output is visible right after edge (taken + S - 1)
    assert [e for e, _ in got] == [e + s_regs - 1 for e in sent], (s_regs, sent[:5], got[:5])


@cocotb.test()
async def random_states_with_stalls(dut):
    """en_i = 0 on ~50 % of the cycles (with junk on state_i/valid_i): outputs hold, and each block comes out
    after exactly S - 1 enabled edges counted from the enabled edge that took it."""
    last, inv, s_regs = _params()
    rng = random.Random(11)
    await setup(dut)
    rk = rng.getrandbits(128)
    dut.rk_i.value = rk
    states = [rng.getrandbits(128) for _ in range(40)]
    exp = [model_round(s, rk, last, inv) for s in states]
    en_edges = 0            # enabled edges so far
    taken, got = [], []
    it = iter(states)
    cur = next(it, None)
    prev_out = None
    while len(got) < len(states):
        en = rng.random() < 0.5
        dut.en_i.value = int(en)
        v = cur is not None and rng.random() < 0.8
        dut.valid_i.value = int(v)
        dut.state_i.value = cur if v else rng.getrandbits(128)
        await RisingEdge(dut.clk_i)
        await ReadOnly()
        out = (int(dut.valid_o.value), int(dut.state_o.value))
        if not en:
            assert prev_out is None or out == prev_out, "outputs moved while en_i = 0"
        else:
            en_edges += 1
            if v:
                taken.append(en_edges)
                cur = next(it, None)
            if out[0]:
                got.append((en_edges, out[1]))
        prev_out = out
        await FallingEdge(dut.clk_i)
        assert len(got) <= len(states)
    assert [g for _, g in got] == exp
    assert [e for e, _ in got] == [t + s_regs - 1 for t in taken]
