# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for aesf_fifo against a Python deque: random pushes and pops (every mix of a push and a pop in one
cycle, full and empty), clear_i at random points; every popped entry, rvalid_o / wready_o / count_o checked in every
cycle, and rdata_o whenever rvalid_o is high (and that it is 0 while empty with SPEC_WR 1 and HEAD_REG 0, whatever
FLAG_COPIES). Observes ports only."""
from __future__ import annotations

import json
import os
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
W = P.get("W", 32)
DEPTH = P.get("DEPTH", 4)
WIPE = P.get("WIPE", 0)
ZERO_EMPTY = P.get("SPEC_WR", 0) == 1 and P.get("HEAD_REG", 0) == 0   # rdata_o is 0 while empty


async def run(dut, q: deque[int], cycles: int, p_push: float, p_pop: float, p_clear: float, seed: int) -> int:
    rng = random.Random(seed)
    popped = 0
    for _ in range(cycles):
        push = rng.random() < p_push
        pop = rng.random() < p_pop
        clear = rng.random() < p_clear
        data = rng.getrandbits(W)
        dut.wvalid_i.value = int(push)
        dut.wdata_i.value = data
        dut.rready_i.value = int(pop)
        dut.clear_i.value = int(clear)
        await ReadOnly()
        rvalid, wready = int(dut.rvalid_o.value), int(dut.wready_o.value)
        assert rvalid == (len(q) > 0), f"rvalid_o {rvalid} with {len(q)} entries"
        assert wready == (len(q) < DEPTH), f"wready_o {wready} with {len(q)} entries"
        assert int(dut.count_o.value) == len(q), f"count_o {int(dut.count_o.value)} with {len(q)} entries"
        if rvalid:
            assert int(dut.rdata_o.value) == q[0], f"rdata_o {int(dut.rdata_o.value):x}, head {q[0]:x}"
        elif ZERO_EMPTY:
            assert int(dut.rdata_o.value) == 0, f"rdata_o {int(dut.rdata_o.value):x} while empty"
        await RisingEdge(dut.clk_i)
        if clear:
            q.clear()
            continue
        if pop and rvalid:
            q.popleft()
            popped += 1
        if push and wready:
            q.append(data)
    dut.clear_i.value = 0
    return popped


@cocotb.test()
async def random_traffic(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.rst_ni.value = 0
    for s in (dut.wvalid_i, dut.rready_i, dut.clear_i, dut.wdata_i):
        s.value = 0
    await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)
    popped = 0
    q: deque[int] = deque()            # the model, across the phases
    # fill-heavy, drain-heavy, balanced (push and pop in the same cycle), then with clears
    for i, (pp, pq, pc) in enumerate(((0.9, 0.3, 0.0), (0.3, 0.9, 0.0), (0.7, 0.7, 0.0), (1.0, 1.0, 0.0),
                                      (0.6, 0.5, 0.02))):
        popped += await run(dut, q, 400, pp, pq, pc, seed=1000 + i)
    assert popped > 800, popped      # the traffic really moved entries


@cocotb.test()
async def wipe(dut):
    """A full FIFO, then clear_i: empty at once (rvalid_o 0, wready_o 1, count_o 0); with WIPE 1 (and HEAD_REG) rdata_o
    also reads 0 (no entry left behind on the port)."""
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.rst_ni.value = 0
    for s in (dut.wvalid_i, dut.rready_i, dut.clear_i):
        s.value = 0
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    dut.wvalid_i.value = 1
    for i in range(DEPTH):
        dut.wdata_i.value = (1 << W) - 1 - i
        await RisingEdge(dut.clk_i)
    dut.wvalid_i.value = 0
    dut.clear_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.clear_i.value = 0
    await ReadOnly()
    assert int(dut.rvalid_o.value) == 0 and int(dut.wready_o.value) == 1 and int(dut.count_o.value) == 0
    if WIPE == 1:
        assert int(dut.rdata_o.value) == 0
