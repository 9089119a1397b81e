# SPDX-License-Identifier: Apache-2.0
"""Shared cocotb plumbing for the `aesforge sim` benches (imported inside the simulator).

A bench is a cocotb test module with one test that reads the shard's vectors from $AESFORGE_IN, drives each
through the DUT, and appends one result line per vector to $AESFORGE_OUT (flushed, so the parent can show
progress and nothing is lost if the simulator dies). A vector that raises or times out gets an ``error``
line and the DUT is reset before the next one.

A bench's test bench subclasses ``VectorTB`` (``HandshakeTB`` for a core with valid/ready ports), overriding the
hooks it needs (``idle_inputs``, ``start``, ``after_reset``, ``run``, ``run_one``, ``recover``); its one cocotb test
is ``await run_bench(dut, TheTB)``.
"""
from __future__ import annotations

import json
import os
import random
import traceback

import cocotb
from cocotb.clock import Clock
from cocotb.simtime import get_sim_time
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

CLK_PERIOD_NS = 10


class VectorTimeout(Exception):
    """The DUT did not complete a handshake within the bench's cycle budget."""


class Stall:
    """Random idle/back-pressure generator: True means "hold off this cycle" with probability p."""

    def __init__(self, p: float, seed: int):
        self.p = p
        self.rng = random.Random(seed)

    def __call__(self) -> bool:
        return self.p > 0 and self.rng.random() < self.p


def cycle() -> int:
    """Index of the current clock period (edges counted from time 0)."""
    return int(get_sim_time("ns")) // CLK_PERIOD_NS


async def start_clock_and_reset(dut, clk: str = "clk_i", rst_n: str = "rst_ni", cycles: int = 3):
    cocotb.start_soon(Clock(getattr(dut, clk), CLK_PERIOD_NS, unit="ns").start())
    await reset(dut, clk, rst_n, cycles)


async def reset(dut, clk: str = "clk_i", rst_n: str = "rst_ni", cycles: int = 3):
    getattr(dut, rst_n).value = 0
    await ClockCycles(getattr(dut, clk), cycles)
    getattr(dut, rst_n).value = 1
    await RisingEdge(getattr(dut, clk))


async def reseed_prng(dut, seed: int, words: int = 2, clk: str = "clk_i") -> None:
    """A masked engine's reseed port (prng_seed_valid_i, prng_seed_i[63:0]; aesf_aes_col32_dom and its users):
    `words` 64-bit seed words drawn from `seed`, one per clock, as a host does after reset; results and cycle
    counts must not depend on them."""
    rng = random.Random(seed)
    for _ in range(words):
        dut.prng_seed_valid_i.value = 1
        dut.prng_seed_i.value = rng.getrandbits(64)
        await RisingEdge(getattr(dut, clk))
    dut.prng_seed_valid_i.value = 0
    dut.prng_seed_i.value = 0


async def wait_high(clk, sig, budget: int, what: str) -> int:
    """Wait (in ReadOnly of each cycle) until `sig` is 1; return the cycle index. Raise VectorTimeout."""
    for _ in range(budget):
        await ReadOnly()
        if int(sig.value):
            return cycle()
        await RisingEdge(clk)
    raise VectorTimeout(f"timeout: {what} not seen within {budget} cycles")


async def send(clk, valid, ready, items: list[dict], stall: Stall, budget: int, what: str) -> tuple[list[int], int]:
    """Offer `items` on a valid/ready input, one after the other. Before each item `valid` stays low for as many
    cycles as `stall()` asks, then the item's signals ({handle: value}) are set with `valid` high until `ready`
    is seen (ReadOnly; `budget` cycles at most); the handshake is the next edge. Afterwards `valid` and every
    signal an item set go to 0 (no data or key bytes left on a bus). Returns the handshake edges and the cycles
    stalled on purpose."""
    edges: list[int] = []
    stalled = 0
    driven: list = []
    for item in items:
        while stall():
            valid.value = 0
            stalled += 1
            await RisingEdge(clk)
        valid.value = 1
        for sig, v in item.items():
            sig.value = v
            if not any(sig is s for s in driven):
                driven.append(sig)
        edges.append(await wait_high(clk, ready, budget, what) + 1)   # the handshake happens at the next edge
        await RisingEdge(clk)
    valid.value = 0
    for sig in driven:
        sig.value = 0
    return edges, stalled


async def receive(clk, valid, ready, n: int, stall: Stall, budget: int, what: str, take) -> int:
    """Take `n` items from a valid/ready output: `ready` is low in the cycles `stall()` asks for; in each cycle
    (ReadOnly) with `valid` and `ready` high, `take()` reads (and may check) the item. `ready` goes low at the
    end. Raises VectorTimeout after `budget` cycles. Returns the cycles `valid` waited while `ready` was low."""
    got = held = 0
    while got < n:
        r = not stall()
        ready.value = int(r)
        await ReadOnly()
        if int(valid.value):
            if r:
                take()
                got += 1
            else:
                held += 1
        budget -= 1
        if budget <= 0:
            raise VectorTimeout(f"timeout: {got} of {n} {what} after the cycle budget")
        await RisingEdge(clk)
    ready.value = 0
    return held


class Batch:
    """The shard's input vectors and its result stream."""

    def __init__(self):
        self.inp = os.environ["AESFORGE_IN"]
        self.out = open(os.environ["AESFORGE_OUT"], "a")
        self.stall = float(os.environ.get("AESFORGE_STALL", "0") or 0)
        self.seed = int(os.environ.get("AESFORGE_SEED", "1"))
        self.params = json.loads(os.environ.get("AESFORGE_PARAMS", "{}") or "{}")

    def vectors(self):
        with open(self.inp) as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)

    def emit(self, result: dict) -> None:
        self.out.write(json.dumps(result) + "\n")
        self.out.flush()

    def groups(self, streams: bool):
        """The vectors one by one, or with ``streams`` runs of consecutive vectors with the same key and ``stream``
        field as one group (a bench that overlaps messages runs them back to back)."""
        vecs = list(self.vectors())
        i = 0
        while i < len(vecs):
            j = i + 1
            if streams and "stream" in vecs[i]:
                while (j < len(vecs) and vecs[j].get("stream") == vecs[i]["stream"] and
                       vecs[j].get("key") == vecs[i].get("key")):
                    j += 1
            yield vecs[i:j]
            i = j

    async def run(self, dut, run_one, recover, run_stream=None) -> None:
        """Call `await run_one(vec) -> dict` per vector (with ``run_stream``: `await run_stream(group) -> [dict]` per
        group of two or more, see ``groups``); on an exception emit an error line for each vector of the group and
        `await recover()`."""
        for group in self.groups(run_stream is not None):
            try:
                if len(group) == 1:
                    results = [await run_one(group[0])]
                else:
                    results = await run_stream(group)
                for vec, res in zip(group, results):
                    self.emit({"id": vec["id"], **res})
            except Exception as e:  # noqa: BLE001 - every failure becomes an error line, never a crash
                msg = str(e) if isinstance(e, VectorTimeout) else f"bench error: {type(e).__name__}: {e}"
                dut._log.error("vector %s: %s\n%s", group[0].get("id"), msg, traceback.format_exc())
                for vec in group:
                    self.emit({"id": vec["id"], "error": msg})
                await recover()
        self.out.close()


class VectorTB:
    """Base of every bench's test bench: ``run_bench`` builds it from (dut, batch), calls ``idle_inputs()``, starts the
    clock and the reset (``start()``), calls ``after_reset()`` and then ``run()``, which hands each vector to
    ``run_one(vec) -> dict`` and, after a failed one, calls ``recover()``. A bench overrides the hooks it needs."""

    def __init__(self, dut, batch: Batch):
        self.dut = dut
        self.batch = batch

    def idle_inputs(self) -> None:
        """Drive the DUT's inputs to their idle values (before the reset)."""

    async def start(self) -> None:
        """The clock and the reset."""
        await start_clock_and_reset(self.dut)

    async def after_reset(self) -> None:
        """Anything the DUT needs after the reset and before the first vector (a PRNG reseed, ...)."""

    async def run(self) -> None:
        await self.batch.run(self.dut, self.run_one, self.recover)

    async def run_one(self, vec: dict) -> dict:
        raise NotImplementedError

    async def recover(self) -> None:
        """Bring the DUT back to a known state after a vector that failed."""


class HandshakeTB(VectorTB):
    """A VectorTB for a core with valid/ready ports: its clock, seeded stall generators for the input and the output
    handshakes (``send`` / ``receive``), and the key it holds (None: none loaded)."""

    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.clk = dut.clk_i
        self.in_stall = Stall(batch.stall, batch.seed * 2 + 1)
        self.out_stall = Stall(batch.stall, batch.seed * 2 + 2)
        self.key = None


async def run_bench(dut, make_tb) -> None:
    """The body of every bench's one cocotb test: ``make_tb(dut, batch)`` (a VectorTB class or factory) drives every
    vector of $AESFORGE_IN through the DUT and writes $AESFORGE_OUT."""
    tb = make_tb(dut, Batch())
    tb.idle_inputs()
    await tb.start()
    await tb.after_reset()
    await tb.run()

