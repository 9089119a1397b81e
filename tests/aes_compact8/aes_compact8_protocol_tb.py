# SPDX-License-Identifier: Apache-2.0
"""cocotb protocol tests for aesf_aes_compact8 (run by test_aes_compact8_protocol.py): exact per-beat
timing and throughput, random stalls on all three byte streams, output back-pressure, start while busy
(blocks and keys are held off, nothing is corrupted), no key (error block), a partial key, and reset in the
middle of a block, a key load and an output. Every expected value comes from the golden model."""
from __future__ import annotations

import random

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from aesforge.model import AES
from aesforge.sim.bench import cycle, reset, start_clock_and_reset

FIPS_KEY = bytes(range(16))
FIPS_PT = bytes.fromhex("00112233445566778899aabbccddeeff")
FIPS_CT = bytes.fromhex("69c4e0d86a7b0430d8cdb78070b4c55a")


def idle(dut):
    for s in ("key_valid_i", "key_i", "in_valid_i", "in_data_i", "out_ready_i"):
        getattr(dut, s).value = 0


async def setup(dut):
    idle(dut)
    await start_clock_and_reset(dut)


async def stream(dut, valid, ready, data, payload: bytes, valid_p: float = 1.0, seed: int = 3) -> list[int]:
    """Send `payload` one byte per handshake on (valid, ready, data); return the handshake cycle of each."""
    rng = random.Random(seed)
    cycles = []
    for b in payload:
        while rng.random() >= valid_p:
            valid.value = 0
            await RisingEdge(dut.clk_i)
        valid.value = 1
        data.value = b
        while True:
            await ReadOnly()
            if int(ready.value):
                break
            await RisingEdge(dut.clk_i)
        cycles.append(cycle() + 1)
        await RisingEdge(dut.clk_i)
    valid.value = 0
    data.value = 0
    return cycles


async def load_key(dut, key: bytes, valid_p: float = 1.0, seed: int = 4) -> list[int]:
    cyc = await stream(dut, dut.key_valid_i, dut.key_ready_o, dut.key_i, key, valid_p, seed)
    await ReadOnly()
    assert int(dut.key_ok_o.value) == 1
    await RisingEdge(dut.clk_i)
    return cyc


async def send(dut, data: bytes, valid_p: float = 1.0, seed: int = 5) -> list[int]:
    return await stream(dut, dut.in_valid_i, dut.in_ready_o, dut.in_data_i, data, valid_p, seed)


class Monitor:
    """Collects (cycle, byte, last, error) for every output handshake; out_ready driven by a pattern."""

    def __init__(self, dut, ready_p: float = 1.0, seed: int = 1):
        self.dut, self.ready_p, self.rng = dut, ready_p, random.Random(seed)
        self.items: list[tuple[int, int, int, int]] = []
        self.hold = False
        self.task = cocotb.start_soon(self.run())

    async def run(self):
        d = self.dut
        while True:
            ready = (not self.hold) and self.rng.random() < self.ready_p
            d.out_ready_i.value = int(ready)
            await ReadOnly()
            if ready and int(d.out_valid_o.value):
                self.items.append((cycle() + 1, int(d.out_data_o.value), int(d.out_last_o.value),
                                   int(d.out_error_o.value)))
            await RisingEdge(d.clk_i)

    def data(self) -> bytes:
        return bytes(b for _, b, _, _ in self.items)


async def wait_outputs(mon: Monitor, n: int, budget: int = 20000):
    for _ in range(budget):
        if len(mon.items) >= n:
            return
        await RisingEdge(mon.dut.clk_i)
    raise AssertionError(f"only {len(mon.items)} of {n} output bytes")


def model(key: bytes, data: bytes) -> bytes:
    a = AES(key)
    return b"".join(a.encrypt(data[i:i + 16]) for i in range(0, len(data), 16))


@cocotb.test()
async def fips_example_exact_timing(dut):
    """FIPS-197 C.1 and 8 random blocks back-to-back: every beat's handshake cycle as documented."""
    await setup(dut)
    mon = Monitor(dut)
    kc = await load_key(dut, FIPS_KEY)
    assert kc == list(range(kc[0], kc[0] + 16)), "one key beat per cycle"
    rng = random.Random(11)
    data = FIPS_PT + rng.randbytes(16 * 8)
    ins = await send(dut, data)
    await wait_outputs(mon, len(data))
    assert mon.data() == model(FIPS_KEY, data)
    assert mon.data()[:16] == FIPS_CT
    outs = [c for c, _, _, _ in mon.items]
    assert [lst for _, _, lst, _ in mon.items] == [int(i % 16 == 15) for i in range(len(data))]
    assert all(e == 0 for _, _, _, e in mon.items)
    for blk in range(9):
        i0, o0 = ins[16 * blk], outs[16 * blk]
        assert ins[16 * blk:16 * blk + 16] == list(range(i0, i0 + 16)), "16 in beats, one per cycle"
        assert outs[16 * blk:16 * blk + 16] == list(range(o0, o0 + 16)), "16 out beats, one per cycle"
        assert o0 - (i0 + 15) == 202, "last in beat -> first out beat: 200 round cycles + FIN + 1"
        assert outs[16 * blk + 15] - i0 == 232
        if blk:
            assert i0 - ins[16 * (blk - 1)] == 233, "one block every 233 cycles"
            assert i0 == outs[16 * blk - 1] + 1, "next block starts right after the last out beat"


@cocotb.test()
async def random_stalls_everywhere(dut):
    """Random gaps on key and data input beats and random back-pressure on the output, two keys."""
    await setup(dut)
    rng = random.Random(12)
    mon = Monitor(dut, ready_p=0.3, seed=5)
    expect = b""
    for n in range(2):
        key = rng.randbytes(16)
        await load_key(dut, key, valid_p=0.4, seed=20 + n)
        data = rng.randbytes(16 * 3)
        await send(dut, data, valid_p=0.4, seed=30 + n)
        expect += model(key, data)
        await wait_outputs(mon, len(expect))
    assert mon.data() == expect


@cocotb.test()
async def output_backpressure_holds(dut):
    """With out_ready low the core keeps the result, takes no new block and no key; nothing is dropped."""
    await setup(dut)
    rng = random.Random(13)
    mon = Monitor(dut)
    mon.hold = True
    key = rng.randbytes(16)
    await load_key(dut, key)
    data = rng.randbytes(32)
    task = cocotb.start_soon(send(dut, data))
    await ClockCycles(dut.clk_i, 600)
    assert not task.done(), "core accepted a second block while the first result is unread"
    await ReadOnly()
    assert int(dut.out_valid_o.value) == 1 and int(dut.key_ready_o.value) == 0
    assert int(dut.in_ready_o.value) == 0 and int(dut.busy_o.value) == 1
    await RisingEdge(dut.clk_i)
    assert len(mon.items) == 0
    mon.hold = False
    await task
    await wait_outputs(mon, 32)
    assert mon.data() == model(key, data)


@cocotb.test()
async def start_while_busy_is_held_off(dut):
    """Key and block beats offered during the rounds are not taken (ready low); the block in flight keeps
    its key; the new key is taken once the output is read."""
    await setup(dut)
    mon = Monitor(dut)
    rng = random.Random(14)
    key1, key2 = rng.randbytes(16), rng.randbytes(16)
    await load_key(dut, key1)
    blk1, blk2 = rng.randbytes(16), rng.randbytes(16)
    await send(dut, blk1)
    # offer a key and a block at once while the core is in the rounds
    dut.key_valid_i.value = 1
    dut.key_i.value = key2[0]
    dut.in_valid_i.value = 1
    dut.in_data_i.value = 0xA5
    for _ in range(150):
        await ReadOnly()
        assert int(dut.key_ready_o.value) == 0 and int(dut.in_ready_o.value) == 0
        assert int(dut.busy_o.value) == 1
        await RisingEdge(dut.clk_i)
    idle(dut)
    await wait_outputs(mon, 16)
    assert mon.data() == model(key1, blk1), "the block in flight must use the key it started with"
    # now both are offered in the same cycle: the key wins, the block waits for the complete key
    kc = cocotb.start_soon(stream(dut, dut.key_valid_i, dut.key_ready_o, dut.key_i, key2))
    bc = cocotb.start_soon(send(dut, blk2))
    kcyc = await kc
    bcyc = await bc
    assert bcyc[0] == kcyc[-1] + 1, (kcyc, bcyc)
    await wait_outputs(mon, 32)
    assert mon.data()[16:] == model(key2, blk2)


@cocotb.test()
async def no_key_gives_error_block(dut):
    """A block without a complete key is answered by 16 error beats with zero data, then the core works."""
    await setup(dut)
    mon = Monitor(dut)
    assert int(dut.key_ok_o.value) == 0
    ins = await send(dut, FIPS_PT)
    await wait_outputs(mon, 16)
    assert all(e == 1 and b == 0 for _, b, _, e in mon.items), mon.items
    assert mon.items[0][0] == ins[-1] + 1, "error beats follow the last in beat at once"
    assert mon.items[15][2] == 1
    # a partial key (8 of 16 beats) is no key either: key_ok_o stays low, blocks are held off
    await stream(dut, dut.key_valid_i, dut.key_ready_o, dut.key_i, FIPS_KEY[:8])
    await ReadOnly()
    assert int(dut.key_ok_o.value) == 0 and int(dut.in_ready_o.value) == 0 and int(dut.busy_o.value) == 1
    await RisingEdge(dut.clk_i)
    await stream(dut, dut.key_valid_i, dut.key_ready_o, dut.key_i, FIPS_KEY[8:])
    await ReadOnly()
    assert int(dut.key_ok_o.value) == 1 and int(dut.busy_o.value) == 0
    await RisingEdge(dut.clk_i)
    await send(dut, FIPS_PT)
    await wait_outputs(mon, 32)
    assert mon.data()[16:] == FIPS_CT and all(e == 0 for _, _, _, e in mon.items[16:])


@cocotb.test()
async def reset_mid_block_key_and_output(dut):
    """Reset in the rounds, in a key load and in the output phase: the core is idle with no key
    afterwards, nothing stale comes out, and it works again after a key load."""
    await setup(dut)
    rng = random.Random(15)
    key = rng.randbytes(16)
    for where in ("rounds", "key", "output"):
        mon = Monitor(dut)
        if where == "output":
            mon.hold = True
        if where != "key":
            await load_key(dut, key)
            await send(dut, rng.randbytes(16))
            await ClockCycles(dut.clk_i, 100 if where == "rounds" else 300)
        else:
            await stream(dut, dut.key_valid_i, dut.key_ready_o, dut.key_i, key[:5])
        await ReadOnly()
        assert int(dut.busy_o.value) == 1
        if where == "output":
            assert int(dut.out_valid_o.value) == 1
        await RisingEdge(dut.clk_i)
        mon.task.cancel()
        idle(dut)
        await reset(dut)
        mon = Monitor(dut)
        await ClockCycles(dut.clk_i, 300)
        await ReadOnly()
        assert len(mon.items) == 0, f"output after reset in the {where}"
        assert int(dut.key_ok_o.value) == 0 and int(dut.busy_o.value) == 0 and int(dut.out_valid_o.value) == 0
        await RisingEdge(dut.clk_i)
        await load_key(dut, key)
        blk = rng.randbytes(16)
        await send(dut, blk)
        await wait_outputs(mon, 16)
        assert mon.data() == model(key, blk), where
        mon.task.cancel()
        await RisingEdge(dut.clk_i)
