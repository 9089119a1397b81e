# SPDX-License-Identifier: Apache-2.0
"""Directed cocotb tests of the seed-003 DAM tops (aesf_dam_asbus / aesf_dam_axi): key load and register map over
AXI4-Lite, the memory-to-memory DMA channel (copy / encrypt / decrypt, in place and to a second region, irq,
refused starts), ASBUS and AXI cipher round trips against the golden model, refused commands, zeroize.
The memory is a Python model with random grant stalls (AESFORGE_STALL). The UVM-style environment with the
paper's test cases lives in aesforge.sim.dam_uvm (tests/dam/test_dam_uvm.py)."""
from __future__ import annotations

import os
import random

import cocotb
from cocotb.triggers import RisingEdge
from cocotbext.axi import AxiBus, AxiLiteBus, AxiLiteMaster, AxiMaster

from aesforge.dam.order import beats, state_read_ct, state_write_stream, unbeats
from aesforge.sim.benches.dam import Asbus, Mem, dam_is_axi, start_dam
from aesforge.model import aes

KEY = bytes.fromhex("000102030405060708090a0b0c0d0e0f")
A_ID, A_CTRL, A_CMD, A_STATUS, A_SRC, A_DST, A_NSTATES, A_PITCH, A_KEY0 = (
    0x00, 0x04, 0x08, 0x0C, 0x10, 0x14, 0x18, 0x1C, 0x20)


class Tb:
    def __init__(self, dut):
        self.dut = dut
        self.w = int(dut.W.value)
        self.aw = int(dut.MEM_AW.value)
        self.nb = self.w // 8
        self.stall = float(os.environ.get("AESFORGE_STALL", "0"))
        self.mem = Mem(dut, self.w, self.aw, self.stall)
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk_i, dut.rst_ni,
                                  reset_active_level=False)

    async def start(self):
        await start_dam(self.dut, self.mem)

    async def rd(self, addr: int) -> tuple[int, int]:
        r = await self.axil.read(addr, 4)
        return int.from_bytes(r.data, "little"), int(r.resp)

    async def wr(self, addr: int, val: int) -> int:
        r = await self.axil.write(addr, val.to_bytes(4, "little"))
        return int(r.resp)

    async def load_key(self, key: bytes):
        for i in range(len(key) // 4):
            assert await self.wr(A_KEY0 + 4 * i, int.from_bytes(key[4 * i:4 * i + 4], "big")) == 0
        assert await self.wr(A_CMD, 2) == 0
        for _ in range(100):
            st, _ = await self.rd(A_STATUS)
            if st >> 8 & 1:
                return
        raise AssertionError("key_ok never rose")

    async def dma(self, op: int, src: int, dst: int, n: int) -> int:
        await self.wr(A_SRC, src)
        await self.wr(A_DST, dst)
        await self.wr(A_NSTATES, n)
        await self.wr(A_CTRL, op | 4)
        assert await self.wr(A_CMD, 1) == 0
        for cyc in range(40 * n + 2000):
            if int(self.dut.irq_o.value):
                break
            await RisingEdge(self.dut.clk_i)
        else:
            raise AssertionError("DMA: no irq")
        self.dma_cycles = cyc
        self.dut._log.info("DMA op %d n %d: %d cycles", op, n, cyc)
        st, _ = await self.rd(A_STATUS)
        assert st & 1 == 0, "busy after irq"
        assert int(self.dut.irq_o.value) == 1
        await self.wr(A_STATUS, 6)           # W1C DONE | ERR: the level interrupt falls
        await RisingEdge(self.dut.clk_i)
        assert int(self.dut.irq_o.value) == 0, "irq_o still high after STATUS W1C"
        return st


async def regmap_checks(tb: Tb):
    """Every register of hw/dam/dam_regs.json at its offset with its reset value and access; unmapped: SLVERR."""
    from aesforge.regmap import expand, load
    regs = {r["offset"]: r for r in expand(load("hw/dam/dam_regs.json"))}
    for off in range(0, 0x100, 4):
        v, resp = await tb.rd(off)
        r = regs.get(off)
        if r is None or (r["access"] == "wo" and r["name"].startswith("KEY")):
            assert resp == 2 and v == 0, (hex(off), resp, v)
        else:
            assert resp == 0, (r["name"], resp)
            if r.get("reset") is not None:
                assert v == r["reset"], (r["name"], hex(v))


async def common_checks(tb: Tb):
    """Register map, write-only key, DMA channel (works identically behind both buses)."""
    await regmap_checks(tb)
    ident, resp = await tb.rd(A_ID)
    assert resp == 0 and ident >> 16 == 0xDA03 and ident & 0xFF == tb.nb and (ident >> 8) & 0xFF == tb.aw
    assert (await tb.rd(A_PITCH))[0] == 64
    # key registers are write-only: SLVERR and no data, before and after a load
    await tb.wr(A_KEY0, 0x11223344)
    v, resp = await tb.rd(A_KEY0)
    assert resp == 2 and v == 0
    v, resp = await tb.rd(0xF0)
    assert resp == 2 and v == 0
    assert await tb.wr(0xF0, 1) == 2
    # DMA encrypt before any key: refused with ERR 3 (no key)
    await tb.wr(A_KEY0, 0)
    st = await tb.dma(1, 0, 256, 1)
    assert st & 0b110 == 0b110 and (st >> 4) & 0xF == 3, hex(st)
    # the channel checks a GO's operands one cycle after it (BUSY for that cycle): CMD write response -> irq
    assert tb.dma_cycles == 1, tb.dma_cycles
    await tb.load_key(KEY)
    rng = random.Random(7)
    pt = bytes(rng.randrange(256) for _ in range(64))
    tb.mem.data[0:64] = pt
    # encrypt 4 states in place, decrypt them to a second region, copy that to a third
    st = await tb.dma(1, 0, 0, 4)
    assert st & 0b110 == 0b010, hex(st)
    ct = aes.ecb_encrypt(KEY, pt)
    assert bytes(tb.mem.data[0:64]) == ct
    st = await tb.dma(2, 0, 128, 4)
    assert st & 0b110 == 0b010
    assert bytes(tb.mem.data[128:192]) == pt
    st = await tb.dma(0, 128, 320, 4)
    assert bytes(tb.mem.data[320:384]) == pt
    wps = 16 // tb.nb
    # a region larger than every internal buffer (48 states: the engines' block FIFOs hold 32), under the memory
    # grant stalls of this run: encrypted in place, then decrypted to a second region; every byte checked
    saved = bytes(tb.mem.data)
    n_big = 48
    big = bytes(rng.randrange(256) for _ in range(16 * n_big))
    tb.mem.data[0:16 * n_big] = big
    st = await tb.dma(1, 0, 0, n_big)
    assert st & 0b110 == 0b010, hex(st)
    assert bytes(tb.mem.data[0:16 * n_big]) == aes.ecb_encrypt(KEY, big)
    # without memory stalls a long transfer is memory-bound: one word per clock on the shared port, read and
    # write, GO (CMD write response) -> irq = 2 * n * 128/W + 3 cycles (exact; hw/dam/README.md, cycle budget)
    if tb.stall == 0:
        assert tb.dma_cycles == 2 * n_big * wps + 3, tb.dma_cycles
    if (tb.nb << tb.aw) >= 2 * 16 * n_big:
        st = await tb.dma(2, 0, 16 * n_big, n_big)
        assert st & 0b110 == 0b010, hex(st)
        assert bytes(tb.mem.data[16 * n_big:32 * n_big]) == big
    else:   # W = 32: 1 KiB of memory: decrypt in place
        st = await tb.dma(2, 0, 0, n_big)
        assert st & 0b110 == 0b010, hex(st)
        assert bytes(tb.mem.data[0:16 * n_big]) == big
    tb.mem.data[:] = saved
    # refused: overlap with dst above src, beyond memory, zero states, bad op
    size = tb.nb << tb.aw
    for op, src, dst, n, code in ((0, 0, 16, 4, 2), (0, 32, 48, 2, 2), (0, 0, size - 16, 2, 1), (0, size - 16, 0, 2, 1),
                                  (0, 0, 64, 0, 1), (3, 0, 64, 1, 4)):
        before = bytes(tb.mem.data)
        st = await tb.dma(op, src, dst, n)
        assert st & 0b110 == 0b110 and (st >> 4) & 0xF == code, (op, src, dst, n, hex(st))
        assert bytes(tb.mem.data) == before
    # the overlap check's edges: a destination right at the source's end, and at the last state of the memory
    for src, dst, n in ((32, 64, 2), (size - 32, size - 16, 1)):
        before = bytes(tb.mem.data)
        st = await tb.dma(0, src, dst, n)
        assert st & 0b110 == 0b010, (src, dst, n, hex(st))
        assert bytes(tb.mem.data[dst:dst + 16 * n]) == before[src:src + 16 * n]
        tb.mem.data[:] = before
    return pt, ct


async def zeroize_checks(tb: Tb):
    await tb.wr(A_CMD, 4)
    st, _ = await tb.rd(A_STATUS)
    assert not (st >> 8) & 1, "key_ok after zeroize"
    st = await tb.dma(1, 0, 0, 1)
    assert (st >> 4) & 0xF == 3


@cocotb.test()
async def dam_tb(dut):
    tb = Tb(dut)
    is_axi = dam_is_axi(dut)
    if is_axi:
        axi = AxiMaster(AxiBus.from_prefix(dut, "s_axi"), dut.clk_i, dut.rst_ni, reset_active_level=False)
    else:
        asb = Asbus(dut, tb.w, int(dut.NM.value))
    await tb.start()
    pt, ct = await common_checks(tb)
    rng = random.Random(3)
    pt2 = bytes(rng.randrange(256) for _ in range(160))   # 10 states
    ct2 = aes.ecb_encrypt(KEY, pt2)
    spw = 16 // tb.nb                                       # beats per state
    if is_axi:
        # cipher window: write CT (decrypted into memory), read back (encrypted), plain read of the PT
        r = await axi.write(0x8000_0000 + 512, ct2)
        assert int(r.resp) == 0
        assert bytes(tb.mem.data[512:672]) == pt2
        r = await axi.read(0x8000_0000 + 512, 160)
        assert int(r.resp) == 0 and bytes(r.data) == ct2
        r = await axi.read(512, 160)
        assert bytes(r.data) == pt2
        # refused: partial state in the window, misaligned, out of range: SLVERR, memory unchanged
        before = bytes(tb.mem.data)
        if tb.nb < 16:   # a partial state (8 bytes) in the window
            r = await axi.write(0x8000_0000 + 512, ct2[:8])
        else:            # W = 128: every beat is a state; a window address that is not state-aligned
            r = await axi.write(0x8000_0000 + 512 + 8, ct2[:8])
        assert int(r.resp) == 2
        r = await axi.write(tb.nb << tb.aw, b"\x55" * tb.nb)
        assert int(r.resp) == 2
        assert bytes(tb.mem.data) == before
        r = await axi.read(0x8000_0000 + 8, 16)
        assert int(r.resp) == 2 and bytes(r.data) == bytes(16)
        # plain partial write with strobes
        r = await axi.write(1000 // tb.nb * tb.nb + 1, b"\xAB")
        assert int(r.resp) == 0 and tb.mem.data[1000 // tb.nb * tb.nb + 1] == 0xAB
        # W before AW (AXI allows the data first): the write data wait at the pins, nothing reaches memory, no
        # response, until the address arrives; then the burst completes with OKAY (plain and cipher window)
        top = (tb.nb << tb.aw) * 3 // 4                      # a free region: the last quarter of the memory
        for addr, data, exp in ((top, pt2[:64], pt2[:64]), (0x8000_0000 + top + 128, ct2[:32], pt2[:32])):
            a = addr & 0x7FFF_FFFF
            assert bytes(tb.mem.data[a:a + len(exp)]) != exp, "the region already holds the expected bytes"
            aw = axi.write_if.aw_channel
            aw.pause = True
            w0 = tb.mem.writes
            task = cocotb.start_soon(axi.write(addr, data))
            seen_w = 0
            for _ in range(30):
                await RisingEdge(dut.clk_i)
                seen_w |= int(dut.s_axi_wvalid.value)
                assert not int(dut.s_axi_bvalid.value), "B response before AW"
            assert seen_w, "the bench did not present W before AW"
            assert tb.mem.writes == w0, "memory written before AW"
            aw.pause = False
            r = await task
            assert int(r.resp) == 0
            assert bytes(tb.mem.data[a:a + len(exp)]) == exp
    else:
        # linear write by master 0, linear read back by master 1
        data = bytes(rng.randrange(256) for _ in range(40 * tb.nb))
        assert await asb.write(0, 704, 40, beats(data, tb.w)) == 0
        vals, errs = await asb.read(1, 704, 40, 40)
        assert errs == 0 and unbeats(vals, tb.w) == data
        # state mode: master 0 writes 10 CT states (Fig. 7 order), memory gets PT; master 1 reads them back
        w0 = tb.mem.writes
        assert await asb.write(0, 512, (2 << 10) | 10, beats(state_write_stream(ct2), tb.w)) == 0
        for _ in range(500):   # ASBUS has no write response: wait for the decrypted words to reach memory
            if tb.mem.writes - w0 == 10 * spw:
                break
            await RisingEdge(dut.clk_i)
        assert bytes(tb.mem.data[512:672]) == pt2
        vals, errs = await asb.read(1, 512, (2 << 10) | 10, 10 * spw)
        assert errs == 0 and state_read_ct(unbeats(vals, tb.w)) == ct2
        # block mode: 3 rows x 2 beats at pitch 64 bytes
        vals, errs = await asb.read(0, 0, (1 << 10) | (2 << 6) | 3, 6)
        exp = b"".join(bytes(tb.mem.data[r * 64:r * 64 + 2 * tb.nb]) for r in range(3))
        assert errs == 0 and unbeats(vals, tb.w) == exp
        # refused: reserved mode, misaligned state address, beyond memory: err on every beat, nothing written
        before = bytes(tb.mem.data)
        assert await asb.write(0, 0, (3 << 10) | 2, [1, 2]) == 2
        assert await asb.write(1, 8, (2 << 10) | 1, [0] * spw) == spw
        assert await asb.write(0, (tb.nb << tb.aw) - tb.nb, 2, [1, 2]) == 2
        assert bytes(tb.mem.data) == before
        vals, errs = await asb.read(0, 8, (2 << 10) | 1, spw)
        assert errs == spw and vals == [0] * spw
        # the memory-size check at its edge: a span that ends at the last word is legal, one word more is refused
        words = 1 << tb.aw
        vals, errs = await asb.read(1, (words - 3) * tb.nb, 3, 3)
        assert errs == 0 and unbeats(vals, tb.w) == bytes(tb.mem.data[(words - 3) * tb.nb:])
        vals, errs = await asb.read(1, (words - 3) * tb.nb, 4, 4)
        assert errs == 4 and vals == [0] * 4
        # block mode, 3 rows x 2 beats at pitch 64 bytes: span (3 - 1) * pitch + 2 words
        first = words - (2 * (64 // tb.nb) + 2)
        vals, errs = await asb.read(0, first * tb.nb, (1 << 10) | (2 << 6) | 3, 6)
        assert errs == 0
        vals, errs = await asb.read(0, (first + 1) * tb.nb, (1 << 10) | (2 << 6) | 3, 6)
        assert errs == 6 and vals == [0] * 6
        # block mode with LEN[5:0] = 0 (64 rows) x 1 beat at a pitch of one word: span 64 words, at its edge
        await tb.wr(A_PITCH, tb.nb)
        vals, errs = await asb.read(0, (words - 64) * tb.nb, (1 << 10) | (1 << 6), 64)
        assert errs == 0 and unbeats(vals, tb.w) == bytes(tb.mem.data[(words - 64) * tb.nb:])
        vals, errs = await asb.read(0, (words - 63) * tb.nb, (1 << 10) | (1 << 6), 64)
        assert errs == 64 and vals == [0] * 64
        # random block geometries (rows h of 1..64 with LEN[5:0] = 0 for 64, beats w, pitch) placed at the memory's
        # edge: the span (h - 1) * pitch + w words ending at the last word is read back row by row, one word
        # further it is refused on every beat (the front end's h * pitch check, whatever the digits of h)
        for h in [64, 63, 9, 8, 7] + [rng.randrange(1, 65) for _ in range(6)]:
            w = rng.randrange(1, 3)
            pw = rng.randrange(w, max(w, (words - w) // max(h - 1, 1)) + 1)   # pitch in words
            await tb.wr(A_PITCH, pw * tb.nb)
            first = words - ((h - 1) * pw + w)
            ln = (1 << 10) | (w << 6) | (h % 64)
            vals, errs = await asb.read(h % 2, first * tb.nb, ln, h * w)
            exp = b"".join(bytes(tb.mem.data[(first + r * pw) * tb.nb:(first + r * pw + w) * tb.nb])
                           for r in range(h))
            assert errs == 0 and unbeats(vals, tb.w) == exp, (h, w, pw)
            if first > 0:
                vals, errs = await asb.read(h % 2, (first + 1) * tb.nb, ln, h * w)
                assert errs == h * w and vals == [0] * (h * w), (h, w, pw)
        await tb.wr(A_PITCH, 64)
        # LEN[9:0] = 0: 64 rows x 16 beats, past the memory at this pitch: refused, all 1024 beats taken with err
        vals, errs = await asb.read(1, 0, 1 << 10, 1024)
        assert errs == 1024 and vals == [0] * 1024
        # partial byte valids on a linear write
        assert await asb.write(1, 0, 1, [int.from_bytes(b"\x5A" * tb.nb, "little")], [1]) == 0
        for _ in range(40):      # the word reaches the memory through the request slice, under grant stalls
            await RisingEdge(dut.clk_i)
            if tb.mem.data[0] == 0x5A:
                break
        assert tb.mem.data[0] == 0x5A and bytes(tb.mem.data[1:tb.nb]) == before[1:tb.nb]
    await zeroize_checks(tb)
