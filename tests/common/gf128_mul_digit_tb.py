# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for aesf_gf128_mul_digit against the golden model (aesforge.model.ghash): the accumulator after
every clock equals gf_mult_digit(..., trace=True) (Horner order), the product equals gf_mult_bitserial, the
latency is exactly 128/DIGIT cycles with back-to-back starts in the done cycle, starts while busy are ignored,
acc_i chains GHASH steps, and clear_i drops a running product."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.model.ghash import GHashKey, gf_mult_bitserial, gf_mult_digit

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
DIGIT = int(P.get("DIGIT", 8))
STEPS = 128 // DIGIT

H = 0x66E94BD4EF8A2C3B884CFA59CA342B2E
C1 = 0x0388DACE60B6A392F328C2B971B2FE78
H_C1 = 0x5E2EC746917062882C85B0685353DEB7


async def _setup(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.rst_ni.value = 0
    for s in (dut.clear_i, dut.start_i, dut.acc_i, dut.x_i, dut.y_i):
        s.value = 0
    for _ in range(2):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


async def _mul(dut, x: int, y: int, acc: int = 0, trace: list | None = None) -> tuple[int, int]:
    """Start in this cycle (busy_o must be low); return (product, cycles from start to done) in the ReadOnly
    phase of the done cycle."""
    dut.x_i.value = x
    dut.y_i.value = y
    dut.acc_i.value = acc
    dut.start_i.value = 1
    await ReadOnly()
    assert int(dut.busy_o.value) == 0
    await RisingEdge(dut.clk_i)     # start edge: step 0
    dut.start_i.value = 0
    dut.y_i.value = random.getrandbits(128)   # y_i and acc_i are sampled at the start only
    dut.acc_i.value = random.getrandbits(1)
    n = 1
    while True:
        await ReadOnly()
        if trace is not None:
            trace.append(int(dut.z_o.value))
        if int(dut.done_o.value):
            assert int(dut.busy_o.value) == 0
            return int(dut.z_o.value), n
        assert int(dut.busy_o.value) == 1
        assert n < STEPS + 2, "no done_o"
        await RisingEdge(dut.clk_i)
        n += 1


@cocotb.test()
async def spec_example_and_trace(dut):
    """GCM spec test case 2 product; the accumulator after each clock follows the model's Horner trace."""
    await _setup(dut)
    trace: list[int] = []
    z, lat = await _mul(dut, H, C1, trace=trace)
    assert z == H_C1, hex(z)
    assert lat == STEPS
    prod, states = gf_mult_digit(H, C1, DIGIT, trace=True)
    assert prod == H_C1
    assert trace == states, [hex(t) for t in trace[:4]]


@cocotb.test()
async def random_back_to_back(dut):
    """Random and edge operands with start_i held high: every product starts in the done cycle of the previous
    one (no bubble), exactly STEPS cycles apart; y_i changes while busy are ignored."""
    await _setup(dut)
    rng = random.Random(5)
    n = 40 if STEPS > 16 else 150
    for x in (H, (1 << 128) - 1, rng.getrandbits(128)):
        ys = [0, 1, 1 << 127, (1 << 128) - 1] + [rng.getrandbits(128) for _ in range(n)]
        dut.x_i.value = x
        dut.acc_i.value = 0
        dut.y_i.value = ys[0]
        dut.start_i.value = 1
        issued, k, t = 0, 0, 0
        starts: list[int] = []
        while k < len(ys):
            await ReadOnly()
            if int(dut.done_o.value):
                assert int(dut.z_o.value) == gf_mult_bitserial(x, ys[k]), f"product {k}"
                assert t - starts[k] == STEPS, (k, t - starts[k])
                k += 1
            busy = int(dut.busy_o.value)
            await RisingEdge(dut.clk_i)
            if not busy and issued < len(ys):
                starts.append(t)       # this edge started ys[issued]
                issued += 1
                if issued == len(ys):
                    dut.start_i.value = 0
                else:
                    dut.y_i.value = ys[issued]
            elif busy:
                pass
            t += 1
            assert t < (len(ys) + 2) * (STEPS + 2), "stuck"
        # fully back-to-back: one start every STEPS cycles
        assert all(b - a == STEPS for a, b in zip(starts, starts[1:])), starts[:5]
        await RisingEdge(dut.clk_i)


@cocotb.test()
async def ghash_chain_and_clear(dut):
    """acc_i = 1 folds (z_o ^ y_i) * X: a 6-block GHASH equals the model; clear_i mid-product zeroes z_o."""
    await _setup(dut)
    rng = random.Random(9)
    h = rng.getrandbits(128)
    blocks = [rng.getrandbits(128) for _ in range(6)]
    y = None
    for i, b in enumerate(blocks):
        y, lat = await _mul(dut, h, b, acc=int(i > 0))
        assert lat == STEPS
        await RisingEdge(dut.clk_i)
    assert y == GHashKey(h).ghash_int(blocks)
    # clear in the middle of a product: no done, z_o = 0, idle
    dut.x_i.value = h
    dut.y_i.value = blocks[0]
    dut.start_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.start_i.value = 0
    dut.clear_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.clear_i.value = 0
    for _ in range(STEPS + 2):
        await ReadOnly()
        assert int(dut.done_o.value) == 0 and int(dut.busy_o.value) == 0 and int(dut.z_o.value) == 0
        await RisingEdge(dut.clk_i)
    # and the next product is right (accumulate from the cleared zero)
    z, _ = await _mul(dut, h, blocks[1], acc=1)
    assert z == GHashKey(h).mult(blocks[1])
