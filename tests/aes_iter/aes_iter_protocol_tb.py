# SPDX-License-Identifier: Apache-2.0
"""cocotb protocol tests for aesf_aes_iter and aesf_aes_col32 (same ports; run by test_aes_iter_protocol.py): exact
throughput and
latency, per-block direction (back to back, alternating, with key changes), key changes, output back-pressure, errors
(no key, illegal key length, decrypt on an encrypt-only build), clear (zeroize) and reset in the middle of a message.
Every expected value comes from the golden model."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from aesforge.model import AES
from aesforge.sim.bench import cycle, reset, start_clock_and_reset

# aesf_aes_col32 (COLS columns per clock; encrypt only unless DECRYPT = 1) runs the same tests with its own cycle
# figures
TOP = os.environ.get("COCOTB_TOPLEVEL", os.environ.get("TOPLEVEL", ""))
COL32 = TOP == "aesf_aes_col32"
# aesf_aes_col32_dom (masked, encrypt only): 4 + 8 Nr cycles per block, a PRNG reseed port
DOM = TOP == "aesf_aes_col32_dom"
PARAMS = json.loads(os.environ.get("AESFORGE_PARAMS", "{}") or "{}")
DECRYPT = int(PARAMS.get("DECRYPT", 0 if (COL32 or DOM) else 1))
COLS = int(PARAMS.get("COLS", 1))
# aesf_aes_col32 SBOX_IMPL 3 / 4: two / three clocks per round (round 0 after the accepting edge); else 0
CPR = {3: 2, 4: 3}.get(int(PARAMS.get("SBOX_IMPL", 0)), 0) if COL32 else 0
NR = {16: 10, 24: 12, 32: 14}


def block_cycles(klen: int) -> int:
    """The back-to-back block period: Nr (aesf_aes_iter), (4 / COLS) (Nr + 1) (aesf_aes_col32), 2 Nr + 1
    (aesf_aes_col32 SBOX_IMPL 3), 3 (Nr + 1) (SBOX_IMPL 4), 4 + 8 Nr (aesf_aes_col32_dom)."""
    if DOM:
        return 4 + 8 * NR[klen]
    if CPR == 2:
        return 2 * NR[klen] + 1
    if CPR == 3:
        return 3 * (NR[klen] + 1)
    return (4 // COLS) * (NR[klen] + 1) if COL32 else NR[klen]


def latency_cycles(klen: int) -> int:
    """Accepting edge -> out_valid_o: the period, except aesf_aes_col32 with COLS = 4 (round 0 is the accepting
    cycle): Nr; SBOX_IMPL 3 / 4 (round 0 after the accepting edge, two / three clocks per round): the period."""
    if CPR or DOM:
        return block_cycles(klen)
    return NR[klen] if (not COL32 or COLS == 4) else block_cycles(klen)
KLEN = {16: 0, 24: 1, 32: 2}


def idle(dut):
    for s in ("key_valid_i", "key_i", "key_len_i", "in_valid_i", "in_data_i", "in_decrypt_i",
              "out_ready_i", "clear_i"):
        getattr(dut, s).value = 0
    if DOM:
        dut.prng_seed_valid_i.value = 0
        dut.prng_seed_i.value = 0


async def setup(dut):
    idle(dut)
    await start_clock_and_reset(dut)


async def load_key(dut, key: bytes, klen_code: int | None = None):
    dut.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
    dut.key_len_i.value = KLEN[len(key)] if klen_code is None else klen_code
    dut.key_valid_i.value = 1
    while True:
        await ReadOnly()
        if int(dut.key_ready_o.value):
            break
        await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    dut.key_valid_i.value = 0
    dut.key_i.value = 0
    for _ in range(200):
        await ReadOnly()
        if int(dut.key_ok_o.value) or int(dut.key_error_o.value):
            break
        await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)


class Monitor:
    """Collects (cycle, data, error) for every output handshake; out_ready driven by a pattern."""

    def __init__(self, dut, ready_p: float = 1.0, seed: int = 1):
        self.dut, self.ready_p, self.rng = dut, ready_p, random.Random(seed)
        self.items: list[tuple[int, int, int]] = []
        self.hold = False
        cocotb.start_soon(self.run())

    async def run(self):
        d = self.dut
        while True:
            ready = (not self.hold) and self.rng.random() < self.ready_p
            d.out_ready_i.value = int(ready)
            await ReadOnly()
            if ready and int(d.out_valid_o.value):
                self.items.append((cycle() + 1, int(d.out_data_o.value), int(d.out_error_o.value)))
            await RisingEdge(d.clk_i)


async def send(dut, blocks, decrypt_flags, valid_p: float = 1.0, seed: int = 2) -> list[int]:
    """Drive blocks; return the handshake cycle of each."""
    rng = random.Random(seed)
    cycles = []
    for blk, dec in zip(blocks, decrypt_flags):
        while rng.random() >= valid_p:
            dut.in_valid_i.value = 0
            await RisingEdge(dut.clk_i)
        dut.in_valid_i.value = 1
        dut.in_data_i.value = blk
        dut.in_decrypt_i.value = int(dec)
        while True:
            await ReadOnly()
            if int(dut.in_ready_o.value):
                break
            await RisingEdge(dut.clk_i)
        cycles.append(cycle() + 1)
        await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    return cycles


async def wait_outputs(mon: Monitor, n: int, budget: int = 5000):
    for _ in range(budget):
        if len(mon.items) >= n:
            return
        await RisingEdge(mon.dut.clk_i)
    raise AssertionError(f"only {len(mon.items)} of {n} outputs")


def rand_blocks(rng, n):
    return [rng.getrandbits(128) for _ in range(n)]


def model(key: bytes, blk: int, dec: bool) -> int:
    a = AES(key)
    b = blk.to_bytes(16, "big")
    return int.from_bytes(a.decrypt(b) if dec else a.encrypt(b), "big")


@cocotb.test()
async def back_to_back_throughput(dut):
    """Same key, full speed: one block every block_cycles(), out_valid_o latency_cycles() after the accepting
    edge, every key size and direction."""
    await setup(dut)
    rng = random.Random(11)
    mon = Monitor(dut)
    for klen in (16, 24, 32):
        for dec in ((False, True) if DECRYPT else (False,)):
            key = rng.randbytes(klen)
            await load_key(dut, key)
            assert int(dut.key_ok_o.value) == 1
            blocks = rand_blocks(rng, 8)
            mon.items.clear()
            ins = await send(dut, blocks, [dec] * 8)
            await wait_outputs(mon, 8)
            nr = block_cycles(klen)
            assert [c2 - c1 for c1, c2 in zip(ins, ins[1:])] == [nr] * 7, ins
            outs = [c for c, _, _ in mon.items]
            assert [c2 - c1 for c1, c2 in zip(outs, outs[1:])] == [nr] * 7, outs
            assert outs[0] - ins[0] == latency_cycles(klen) + 1
            assert [d for _, d, _ in mon.items] == [model(key, b, dec) for b in blocks]
            assert all(e == 0 for _, _, e in mon.items)


@cocotb.test(skip=not DECRYPT)
async def mixed_directions_and_stalls(dut):
    """Per-block direction changes, random valid gaps and random back-pressure: nothing lost or reordered."""
    await setup(dut)
    rng = random.Random(12)
    mon = Monitor(dut, ready_p=0.4, seed=5)
    key = rng.randbytes(32)
    await load_key(dut, key)
    blocks = rand_blocks(rng, 40)
    decs = [rng.random() < 0.5 for _ in blocks]
    await send(dut, blocks, decs, valid_p=0.5, seed=6)
    await wait_outputs(mon, 40)
    assert [d for _, d, _ in mon.items] == [model(key, b, f) for b, f in zip(blocks, decs)]


@cocotb.test(skip=not DECRYPT)
async def alternating_directions_back_to_back(dut):
    """Full speed, the direction flips on every block and the key size changes between bursts: the period and
    the latency stay exact (no bubble at a direction change) and every result matches the model."""
    await setup(dut)
    rng = random.Random(17)
    mon = Monitor(dut)
    for klen in (16, 32, 24, 16):
        key = rng.randbytes(klen)
        await load_key(dut, key)
        blocks = rand_blocks(rng, 9)
        decs = [(i + klen) % 2 == 1 for i in range(9)]
        mon.items.clear()
        ins = await send(dut, blocks, decs)
        await wait_outputs(mon, 9)
        per = block_cycles(klen)
        assert [c2 - c1 for c1, c2 in zip(ins, ins[1:])] == [per] * 8, ins
        outs = [c for c, _, _ in mon.items]
        assert [c2 - c1 for c1, c2 in zip(outs, outs[1:])] == [per] * 8, outs
        assert outs[0] - ins[0] == latency_cycles(klen) + 1
        assert [d for _, d, _ in mon.items] == [model(key, b, f) for b, f in zip(blocks, decs)]
        assert all(e == 0 for _, _, e in mon.items)


@cocotb.test()
async def output_backpressure_holds(dut):
    """With out_ready low the core keeps one result and stops accepting; nothing is dropped."""
    await setup(dut)
    rng = random.Random(13)
    mon = Monitor(dut)
    mon.hold = True
    key = rng.randbytes(16)
    await load_key(dut, key)
    blocks = rand_blocks(rng, 3)
    task = cocotb.start_soon(send(dut, blocks, [False] * 3))
    await ClockCycles(dut.clk_i, 80 if not (COL32 or DOM) else 300)
    assert not task.done(), "core accepted more blocks than it can hold while the output is blocked"
    assert len(mon.items) == 0
    mon.hold = False
    await task
    await wait_outputs(mon, 3)
    assert [d for _, d, _ in mon.items] == [model(key, b, False) for b in blocks]


@cocotb.test()
async def key_change_between_blocks(dut):
    """A new key waits for the block in the rounds; the next block uses the new key."""
    await setup(dut)
    rng = random.Random(14)
    mon = Monitor(dut)
    expect = []
    for i, klen in enumerate((32, 16, 24, 16)):
        key = rng.randbytes(klen)
        await load_key(dut, key)
        blk = rng.getrandbits(128)
        dec = bool(DECRYPT) and i % 2 == 1
        await send(dut, [blk], [dec])
        expect.append(model(key, blk, dec))
    await wait_outputs(mon, 4)
    assert [d for _, d, _ in mon.items] == expect


@cocotb.test()
async def errors_are_reported_not_hung(dut):
    """No key -> error output; illegal key length -> key_error_o, then error output; good key recovers."""
    await setup(dut)
    mon = Monitor(dut)
    assert int(dut.key_ok_o.value) == 0
    await send(dut, [0x00112233445566778899AABBCCDDEEFF], [False])
    await wait_outputs(mon, 1)
    assert mon.items[0][2] == 1 and mon.items[0][1] == 0
    await load_key(dut, bytes(32), klen_code=3)
    assert int(dut.key_error_o.value) == 1 and int(dut.key_ok_o.value) == 0
    await send(dut, [1], [False])
    await wait_outputs(mon, 2)
    assert mon.items[1][2] == 1 and mon.items[1][1] == 0
    key = bytes(range(16))
    await load_key(dut, key)
    assert int(dut.key_error_o.value) == 0 and int(dut.key_ok_o.value) == 1
    await send(dut, [0x00112233445566778899AABBCCDDEEFF], [False])
    await wait_outputs(mon, 3)
    assert mon.items[2][1:] == (0x69C4E0D86A7B0430D8CDB78070B4C55A, 0)
    if not DECRYPT:
        await send(dut, [0x69C4E0D86A7B0430D8CDB78070B4C55A], [True])
        await wait_outputs(mon, 4)
        assert mon.items[3][1:] == (0, 1), "decrypt on an encrypt-only build must give an error output"


@cocotb.test()
async def clear_zeroizes(dut):
    """clear_i in the middle of a block: the block is dropped, the key is gone, busy_o until done."""
    await setup(dut)
    mon = Monitor(dut)
    key = bytes(range(32))
    await load_key(dut, key)
    dut.in_valid_i.value = 1
    dut.in_data_i.value = 0x00112233445566778899AABBCCDDEEFF
    await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    await ClockCycles(dut.clk_i, 3)
    dut.clear_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.clear_i.value = 0
    n = 0
    while True:
        await ReadOnly()
        if not int(dut.busy_o.value):
            break
        n += 1
        assert n < 200, "clear never finished"
        await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    assert int(dut.key_ok_o.value) == 0
    await ClockCycles(dut.clk_i, 20)
    assert len(mon.items) == 0, "the block in flight must be dropped by clear"
    await send(dut, [0x00112233445566778899AABBCCDDEEFF], [False])
    await wait_outputs(mon, 1)
    assert mon.items[0][1:] == (0, 1), "after clear the core has no key"


@cocotb.test()
async def reset_mid_message(dut):
    """Reset while blocks are in flight: nothing comes out afterwards, the core works again after a key load."""
    await setup(dut)
    mon = Monitor(dut)
    rng = random.Random(15)
    key = rng.randbytes(24)
    await load_key(dut, key)
    task = cocotb.start_soon(send(dut, rand_blocks(rng, 4), [False] * 4))
    await ClockCycles(dut.clk_i, 17)
    task.cancel()
    idle(dut)
    await reset(dut)
    got = len(mon.items)
    await ClockCycles(dut.clk_i, 30)
    assert len(mon.items) == got
    assert int(dut.key_ok_o.value) == 0 and int(dut.out_valid_o.value) == 0
    await load_key(dut, key)
    blk = rng.getrandbits(128)
    await send(dut, [blk], [False])
    await wait_outputs(mon, got + 1)
    assert mon.items[-1][1:] == (model(key, blk, False), 0)


@cocotb.test(skip=not DOM)
async def reseed_anywhere_same_results(dut):
    """Masked engine: reseeding the PRNG at any clock (during key loads and blocks, under back-pressure) changes
    neither a result nor a cycle; after clear_i (which returns the PRNG to its reset state) a new key works."""
    await setup(dut)
    rng = random.Random(21)
    mon = Monitor(dut, ready_p=0.6, seed=5)
    stop = False

    async def reseeder():
        while not stop:
            dut.prng_seed_valid_i.value = int(rng.random() < 0.3)
            dut.prng_seed_i.value = rng.getrandbits(64)
            await RisingEdge(dut.clk_i)
        dut.prng_seed_valid_i.value = 0

    task = cocotb.start_soon(reseeder())
    expect = []
    for klen in (16, 32, 24):
        key = rng.randbytes(klen)
        await load_key(dut, key)
        blocks = rand_blocks(rng, 3)
        await send(dut, blocks, [False] * 3, valid_p=0.7, seed=klen)
        expect += [model(key, b, False) for b in blocks]
    await wait_outputs(mon, len(expect))
    assert [d for _, d, _ in mon.items] == expect
    assert all(e == 0 for _, _, e in mon.items)
    # the same block under the same key with a different seed stream: same output, same latency
    dut.clear_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.clear_i.value = 0
    while True:
        await ReadOnly()
        if not int(dut.busy_o.value):
            break
        await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    stop = True
    await task
    mon.ready_p = 1.0
    key = bytes(range(16))
    await load_key(dut, key)
    n0 = len(mon.items)
    ins = await send(dut, [0x00112233445566778899AABBCCDDEEFF], [False])
    await wait_outputs(mon, n0 + 1)
    assert mon.items[-1][1:] == (0x69C4E0D86A7B0430D8CDB78070B4C55A, 0)
    assert mon.items[-1][0] - ins[0] == latency_cycles(16) + 1
