# SPDX-License-Identifier: Apache-2.0
"""cocotb protocol tests of aesf_aes_pipe (run by test_aes_pipe_vectors.py::test_protocol_icarus).

Driver and monitor are separate coroutines; expected values come from the golden model (aesforge.model.aes).
The parameters come from $AESFORGE_PARAMS (KEY_BITS, PIPE_MASK), so the expected latency is derived, not typed.
"""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from aesforge.model.aes import ecb_encrypt
from aesforge.sim.bench import cycle


def _params():
    p = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
    kbits = int(p.get("KEY_BITS", 128))
    lat = {128: 10, 192: 12, 256: 14}[kbits] * (1 + bin(int(p.get("PIPE_MASK", 0))).count("1"))
    return kbits, lat


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.in_valid_i.value = 0
    dut.in_key_i.value = 0
    dut.in_data_i.value = 0
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 2)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


class Monitor:
    def __init__(self, dut):
        self.dut = dut
        self.got: list[tuple[int, int]] = []   # (edge after which out_valid_o is high, ciphertext)
        self.running = True
        self.task = cocotb.start_soon(self.run())

    async def run(self):
        while self.running:
            await RisingEdge(self.dut.clk_i)
            await ReadOnly()
            if int(self.dut.out_valid_o.value):
                self.got.append((cycle(), int(self.dut.out_data_o.value)))

    async def stop(self):
        self.running = False
        await self.task


@cocotb.test()
async def key_per_block_random_gaps(dut):
    """80 blocks, a fresh random key with every block, random idle cycles: every ciphertext matches the model
    and out_valid_o is in_valid_i delayed by exactly LATENCY - 1 edges (sampled by a consumer at LATENCY)."""
    kbits, lat = _params()
    rng = random.Random(3)
    await setup(dut)
    mon = Monitor(dut)
    sent = []
    for _ in range(80):
        while rng.random() < 0.25:
            dut.in_valid_i.value = 0
            dut.in_key_i.value = rng.getrandbits(kbits)
            dut.in_data_i.value = rng.getrandbits(128)
            await RisingEdge(dut.clk_i)
        key, pt = rng.randbytes(kbits // 8), rng.randbytes(16)
        dut.in_valid_i.value = 1
        dut.in_key_i.value = int.from_bytes(key, "big")
        dut.in_data_i.value = int.from_bytes(pt, "big")
        sent.append((cycle() + 1, int.from_bytes(ecb_encrypt(key, pt), "big")))
        await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    await ClockCycles(dut.clk_i, lat + 3)
    await mon.stop()
    assert [c for _, c in mon.got] == [c for _, c in sent]
    assert [e for e, _ in mon.got] == [e + lat - 1 for e, _ in sent]


@cocotb.test()
async def reset_mid_stream_drops_blocks(dut):
    """A reset while blocks are in flight: none of them comes out; blocks after the reset are exact."""
    kbits, lat = _params()
    rng = random.Random(4)
    await setup(dut)
    mon = Monitor(dut)
    for _ in range(5):
        dut.in_valid_i.value = 1
        dut.in_key_i.value = rng.getrandbits(kbits)
        dut.in_data_i.value = rng.getrandbits(128)
        await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    await ClockCycles(dut.clk_i, lat // 2)
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 2)
    dut.rst_ni.value = 1
    await ClockCycles(dut.clk_i, lat + 5)
    assert mon.got == [], mon.got
    key, pt = rng.randbytes(kbits // 8), rng.randbytes(16)
    dut.in_valid_i.value = 1
    dut.in_key_i.value = int.from_bytes(key, "big")
    dut.in_data_i.value = int.from_bytes(pt, "big")
    taken = cycle() + 1
    await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    await ClockCycles(dut.clk_i, lat + 3)
    await mon.stop()
    assert mon.got == [(taken + lat - 1, int.from_bytes(ecb_encrypt(key, pt), "big"))]


@cocotb.test()
async def fips197_appendix_c(dut):
    """The worked example of the RTL header (FIPS-197 C.1/C.2/C.3 for the configured key size)."""
    kbits, lat = _params()
    key = bytes(range(kbits // 8))
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    expect = {128: "69c4e0d86a7b0430d8cdb78070b4c55a", 192: "dda97ca4864cdfe06eaf70a0ec0d7191",
              256: "8ea2b7ca516745bfeafc49904b496089"}[kbits]
    await setup(dut)
    mon = Monitor(dut)
    dut.in_valid_i.value = 1
    dut.in_key_i.value = int.from_bytes(key, "big")
    dut.in_data_i.value = int.from_bytes(pt, "big")
    await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    await ClockCycles(dut.clk_i, lat + 3)
    await mon.stop()
    assert [hex(c)[2:].zfill(32) for _, c in mon.got] == [expect]
