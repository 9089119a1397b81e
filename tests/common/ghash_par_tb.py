# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for aesf_ghash_par (N-lane aggregated GHASH) against the golden model
(aesforge.model.ghash.ghash): every block count 0 .. 3M+2 (odd and even, shorter and longer than the
pipeline), random lengths, random gaps on in_valid and back-pressure on out_ready, back-to-back messages,
H reload, clear_i, and the documented latencies checked exactly."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.model.ghash import ghash

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
N = P.get("N", 2)
D = bin(P.get("PIPE_MASK", 13)).count("1") + bin(P.get("IN_MASK", 0)).count("1") + P.get("OUT_REG", 0)
M = N * D
H_LATENCY = (M - 1) * (D + 2)        # H handshake edge -> h_ok_o visible (edges)
OUT_LATENCY = D + 1                  # last-beat handshake edge -> out_valid_o visible (edges): input stage + D

# GCM spec test case 2: H and GHASH(C || len block)
H2 = 0x66E94BD4EF8A2C3B884CFA59CA342B2E
X2 = [0x0388DACE60B6A392F328C2B971B2FE78, 0x00000000000000000000000000000080]
Y2 = 0xF38CBB1AD69223DCC3457AE5B6B0F885


def model(h: int, blocks: list[int]) -> int:
    return int.from_bytes(ghash(h.to_bytes(16, "big"), b"".join(b.to_bytes(16, "big") for b in blocks)), "big")


class TB:
    def __init__(self, dut):
        self.dut = dut
        self.edge = 0

    async def tick(self):
        await RisingEdge(self.dut.clk_i)
        self.edge += 1

    async def setup(self):
        d = self.dut
        cocotb.start_soon(Clock(d.clk_i, 10, unit="ns").start())
        d.rst_ni.value = 0
        for s in (d.h_valid_i, d.start_valid_i, d.in_valid_i, d.out_ready_i, d.clear_i, d.abort_i):
            s.value = 0
        d.h_i.value = 0
        d.start_nblk_i.value = 0
        d.in_data_i.value = 0
        await self.tick()
        await self.tick()
        d.rst_ni.value = 1
        await self.tick()

    async def load_h(self, h: int) -> int:
        d = self.dut
        d.h_valid_i.value = 1
        d.h_i.value = h
        await ReadOnly()
        assert int(d.h_ready_o.value) == 1
        await self.tick()
        t0 = self.edge
        d.h_valid_i.value = 0
        d.h_i.value = 0
        while True:
            await ReadOnly()
            if int(d.h_ok_o.value):
                lat = self.edge - t0
                await self.tick()
                return lat
            assert self.edge - t0 < 1000, "h_ok_o never rose"
            await self.tick()

    async def message(self, blocks: list[int], rng: random.Random, p_gap: float, p_stall: float) -> tuple[int, int]:
        d = self.dut
        d.start_valid_i.value = 1
        d.start_nblk_i.value = len(blocks)
        await ReadOnly()
        assert int(d.start_ready_o.value) == 1
        await self.tick()
        d.start_valid_i.value = 0
        beats = [blocks[i:i + N] for i in range(0, len(blocks), N)]
        last_edge = self.edge
        for bt in beats:
            while rng.random() < p_gap:
                d.in_valid_i.value = 0
                d.in_data_i.value = rng.getrandbits(128 * N)       # junk while not valid
                await self.tick()
            word = 0
            for k in range(N):
                word = (word << 128) | (bt[k] if k < len(bt) else rng.getrandbits(128))  # junk lanes ignored
            d.in_valid_i.value = 1
            d.in_data_i.value = word
            budget = 50
            while True:
                await ReadOnly()
                if int(d.in_ready_o.value):
                    break
                budget -= 1
                assert budget > 0, "in_ready_o stuck low"
                await self.tick()
            await self.tick()
            last_edge = self.edge
        d.in_valid_i.value = 0
        first_valid = None
        budget = 500
        while True:
            ready = rng.random() >= p_stall
            d.out_ready_i.value = int(ready)
            await ReadOnly()
            if int(d.out_valid_o.value):
                if first_valid is None:
                    first_valid = self.edge
                if ready:
                    y = int(d.out_data_o.value)
                    await self.tick()
                    d.out_ready_i.value = 0
                    return y, first_valid - last_edge
            budget -= 1
            assert budget > 0, "out_valid_o never rose"
            await self.tick()


async def starts_beats_abort(tb: TB, nblks: list[int], nbeats: int, rng: random.Random) -> None:
    """Start messages of `nblks` blocks (back to back), give `nbeats` random beats, then pulse abort_i."""
    d = tb.dut
    d.start_valid_i.value = 1
    for n in nblks:
        d.start_nblk_i.value = n
        await tb.tick()
    d.start_valid_i.value = 0
    for _ in range(nbeats):
        d.in_valid_i.value = 1
        d.in_data_i.value = rng.getrandbits(128 * N)
        await tb.tick()
    d.in_valid_i.value = 0
    d.abort_i.value = 1
    await tb.tick()
    d.abort_i.value = 0


@cocotb.test()
async def spec_and_latency(dut):
    """Spec test case 2, exact H-power and output latencies, all block counts 0 .. 3M+2 at full speed."""
    tb = TB(dut)
    await tb.setup()
    assert await tb.load_h(H2) == H_LATENCY
    rng = random.Random(1)
    y, lat = await tb.message(X2, rng, 0.0, 0.0)
    assert y == Y2, hex(y)
    assert lat == OUT_LATENCY
    h = rng.getrandbits(128)
    assert await tb.load_h(h) == H_LATENCY
    for m in range(0, 3 * M + 3):
        blocks = [rng.getrandbits(128) for _ in range(m)]
        y, lat = await tb.message(blocks, rng, 0.0, 0.0)
        assert y == model(h, blocks), f"m={m}"
        if m:
            assert lat == OUT_LATENCY, (m, lat)


@cocotb.test()
async def random_traffic(dut):
    """Random lengths with 50 % / 90 % gaps and out stalls, H reloads between messages, abort_i mid-message
    (H kept, next message right), then clear_i."""
    tb = TB(dut)
    await tb.setup()
    rng = random.Random(2)
    for p_gap, p_stall in ((0.5, 0.5), (0.9, 0.9), (0.0, 0.0)):
        h = rng.getrandbits(128)
        await tb.load_h(h)
        for _ in range(6):
            blocks = [rng.getrandbits(128) for _ in range(rng.randrange(1, 5 * M + 7))]
            y, _ = await tb.message(blocks, rng, p_gap, p_stall)
            assert y == model(h, blocks)
    d = dut
    # abort mid-message (after a few beats, so products are in flight), then a good message: H kept
    for nbeats in (1, D + 1, 3 * D):
        await starts_beats_abort(tb, [10 * M], nbeats, rng)
        await ReadOnly()
        assert int(d.h_ok_o.value) == 1 and int(d.out_valid_o.value) == 0
        await tb.tick()
        for _ in range(D + 2):
            await tb.tick()
        blocks = [rng.getrandbits(128) for _ in range(rng.randrange(1, 3 * M + 2))]
        y, _ = await tb.message(blocks, rng, 0.2, 0.2)
        assert y == model(h, blocks), f"after abort at beat {nbeats}"
    d.clear_i.value = 1
    await tb.tick()
    d.clear_i.value = 0
    await ReadOnly()
    assert int(d.h_ok_o.value) == 0 and int(d.start_ready_o.value) == 0
    # clear_i drains the multiplier pipeline for D cycles (busy_o), then the unit takes a new H
    for k in range(D):
        assert int(d.busy_o.value) == 1 and int(d.h_ready_o.value) == 0, f"cycle {k} after clear_i"
        await tb.tick()
        await ReadOnly()
    assert int(d.busy_o.value) == 0 and int(d.h_ready_o.value) == 1
    await tb.tick()
    h = rng.getrandbits(128)
    await tb.load_h(h)
    blocks = [rng.getrandbits(128) for _ in range(2 * M + 1)]
    y, _ = await tb.message(blocks, rng, 0.3, 0.3)
    assert y == model(h, blocks)


async def stream(tb: TB, h: int, msgs: list[list[int]], rng: random.Random, p_gap: float, p_stall: float) -> int:
    """Starts queued ahead, beats of all messages back to back (random gaps), results taken with random
    back-pressure and checked in order. Returns the edges from the first to the last accepted beat."""
    d = tb.dut
    results: list[int] = []
    beat_edges: list[int] = []
    done = {"starts": False, "beats": False}

    async def starter():
        for m in msgs:
            d.start_valid_i.value = 1
            d.start_nblk_i.value = len(m)
            while True:
                await ReadOnly()
                ok = int(d.start_ready_o.value)
                await RisingEdge(d.clk_i)
                if ok:
                    break
            d.start_valid_i.value = 0
        done["starts"] = True

    async def driver():
        for m in msgs:
            for i in range(0, len(m), N):
                bt = m[i:i + N]
                while rng.random() < p_gap:
                    d.in_valid_i.value = 0
                    await RisingEdge(d.clk_i)
                word = 0
                for k in range(N):
                    word = (word << 128) | (bt[k] if k < len(bt) else rng.getrandbits(128))
                d.in_valid_i.value = 1
                d.in_data_i.value = word
                while True:
                    await ReadOnly()
                    ok = int(d.in_ready_o.value)
                    await RisingEdge(d.clk_i)
                    if ok:
                        beat_edges.append(tb.edge)
                        break
        d.in_valid_i.value = 0
        done["beats"] = True

    async def collector():
        while len(results) < len(msgs):
            ready = rng.random() >= p_stall
            d.out_ready_i.value = int(ready)
            await ReadOnly()
            take = ready and int(d.out_valid_o.value)
            y = int(d.out_data_o.value)
            await RisingEdge(d.clk_i)
            if take:
                results.append(y)
        d.out_ready_i.value = 0

    async def clock_count():
        while len(results) < len(msgs):
            await RisingEdge(d.clk_i)
            tb.edge += 1

    cocotb.start_soon(clock_count())
    cocotb.start_soon(starter())
    cocotb.start_soon(driver())
    col = cocotb.start_soon(collector())
    budget = 20000
    while not col.done():
        await RisingEdge(d.clk_i)
        budget -= 1
        assert budget > 0, f"stream stuck: {len(results)} of {len(msgs)} results"
    for k, (m, y) in enumerate(zip(msgs, results)):
        assert y == model(h, m), f"message {k} ({len(m)} blocks)"
    await RisingEdge(d.clk_i)
    return (beat_edges[-1] - beat_edges[0]) if beat_edges else 0


@cocotb.test()
async def streaming(dut):
    """Back-to-back messages (issue 19): starts queued while earlier messages run, their beats follow without a
    gap (exactly one beat per clock at full speed, across message boundaries), results in start order; short
    messages shorter than the pipeline, zero-block messages in between; random gaps and result back-pressure."""
    tb = TB(dut)
    await tb.setup()
    rng = random.Random(3)
    h = rng.getrandbits(128)
    await tb.load_h(h)
    # full speed: every beat of every message in consecutive clocks
    msgs = [[rng.getrandbits(128) for _ in range(n)] for n in
            [1, N, 3, M, M + 1, 2 * N + 1, 1, 1, 2 * M + 3, N, 5, 1]]
    span = await stream(tb, h, msgs, rng, 0.0, 0.0)
    nbeats = sum((len(m) + N - 1) // N for m in msgs)
    assert span == nbeats - 1, f"{span + 1} clocks for {nbeats} beats: gaps between messages"
    for p_gap, p_stall in ((0.3, 0.3), (0.7, 0.8), (0.0, 0.9)):
        msgs = [[rng.getrandbits(128) for _ in range(rng.choice([0, 1, 2, 3, N, M, M + 2, 3 * M + 1]))]
                for _ in range(14)]
        await stream(tb, h, msgs, rng, p_gap, p_stall)
    # abort with messages queued and in flight: all dropped, then a stream again
    d = dut
    await starts_beats_abort(tb, [2 * M, M], 3, rng)
    for _ in range(D + 1):
        await ReadOnly()
        assert int(d.out_valid_o.value) == 0 and int(d.in_ready_o.value) == 0
        await tb.tick()
    msgs = [[rng.getrandbits(128) for _ in range(n)] for n in (3, 0, M + 1)]
    await stream(tb, h, msgs, rng, 0.2, 0.2)
