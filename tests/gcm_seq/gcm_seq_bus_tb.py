# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the gcm_seq register tops (aesf_gcm_seq_axil / _apb / _wb) through the PyPI bus models (the
bus classes of aesforge.sim.benches.aes_iter_bus), against hw/gcm_seq/gcm_seq_regs.json and the golden model:
register sweep of every address, error codes, the failed-tag policy (no plaintext readable, buffer wiped),
PUSH / POP out of turn, interrupt, zeroize; with the masked engine (AES_IMPL 2) SEED0/1 and CTRL.RESEED, reseeds
while a message runs. AESFORGE_STALL: random idle cycles / AXI back-pressure."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge import regmap
from aesforge.model.gcm import gcm_encrypt
from aesforge.sim.bench import start_clock_and_reset
from aesforge.sim.benches.gcm_seq_bus import REGMAP, GcmSeqBusTB

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
BUF_LOG2 = int(P.get("BUF_LOG2", 2))
MASKED = int(P.get("AES_IMPL", 1)) == 2
STALL = float(os.environ.get("AESFORGE_STALL", "0"))
MAP = regmap.load(REGMAP)
REGS = {r["name"]: r for r in regmap.expand(MAP, {"ID.MASKED"} if MASKED else set())}
BY_ADR = {r["offset"]: r for r in REGS.values()}
ERR = {e["name"]: e["value"] for e in MAP["errors"]}


def fmask(reg: str) -> int:
    m = 0
    for f in REGS[reg].get("fields", []):
        m |= ((1 << f["width"]) - 1) << f["lsb"]
    return m


class TB(GcmSeqBusTB):
    reseeds = 0

    async def wr(self, name: str, value: int) -> int:
        """Masked engine: a reseed (SEED0, SEED1, CTRL.RESEED) before a third of the PUSH commands, i.e. while the
        message runs; results and cycles must not change."""
        if MASKED and name == "CTRL" and value == self.put("CTRL", PUSH=1) and self.seed_rng.random() < 0.33:
            await self.reseed()
            self.reseeds += 1
        return await super().wr(name, value)

    async def irq(self) -> int:
        """irq_o after the last write has taken effect."""
        await RisingEdge(self.dut.clk_i)
        await ReadOnly()
        v = int(self.dut.irq_o.value)
        await RisingEdge(self.dut.clk_i)
        return v

    async def expect_wr(self, adr: int, value: int, ok: bool) -> None:
        got = await self.bus.write(adr, value)
        assert got == ok, f"write 0x{adr:02x} = 0x{value:08x}: {'OKAY' if got else 'error'}"

    async def expect_rd(self, adr: int, ok: bool) -> int:
        got, v = await self.bus.read(adr)
        assert got == ok, f"read 0x{adr:02x}: {'OKAY' if got else 'error'}"
        if not ok:
            assert v == 0
        return v

    async def vec(self, key, iv, aad, pt, tag_len=16, op="encrypt", tag=None) -> dict:
        v = {"id": "t", "op": op, "mode": "gcm", "key": key.hex(), "iv": iv.hex(), "aad": aad.hex(),
             "tag_len": tag_len}
        if op == "encrypt":
            v["pt"] = pt.hex()
        else:
            v["ct"] = pt.hex()
            v["tag"] = tag.hex()
        return await self.message(v)


async def _tb(dut, seed: int) -> TB:
    tb = TB(dut, STALL, seed)
    await start_clock_and_reset(dut)
    assert await tb.reseed() == MASKED
    return tb


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def register_sweep(dut):
    tb = await _tb(dut, 21)
    rng = random.Random(21)
    for adr in range(0, 0x100, 4):
        r = BY_ADR.get(adr)
        v = await tb.expect_rd(adr, r is not None)
        if r is None:
            continue
        if r["access"] == "wo":
            assert v == 0, r["name"]
        elif r.get("reset") is not None:
            assert v == r["reset"], f"{r['name']} reset 0x{v:x}"
        if r.get("fields"):
            assert v & ~fmask(r["name"]) == 0, r["name"]
    idv = await tb.rd("ID")
    assert (tb.field("ID", "MAGIC", idv), tb.field("ID", "CORE", idv), tb.field("ID", "BUF_LOG2", idv),
            tb.field("ID", "MASKED", idv)) == (0xAE5F, 2, BUF_LOG2, int(MASKED))
    # reserved bits refused, nothing changes
    cfg = await tb.rd("CFG")
    await tb.expect_wr(REGS["CFG"]["offset"], cfg | 0x8000_0000, False)
    await tb.expect_wr(REGS["IV_LEN"]["offset"], 0x1_0000, False)
    assert await tb.rd("CFG") == cfg and await tb.rd("IV_LEN") == 12
    # commands out of turn: two at once, PUSH without a message, POP with nothing to read
    for cmd in (0x3, 0x18, 0x40, 0x21, tb.put("CTRL", PUSH=1), tb.put("CTRL", POP=1)):
        await tb.expect_wr(REGS["CTRL"]["offset"], cmd, False)
    # RESEED (bit 5): a command of the masked engine, a reserved bit elsewhere; accepted while a key loads
    await tb.expect_wr(REGS["CTRL"]["offset"], 0x20, MASKED)
    if MASKED:
        await tb.wr("CTRL", tb.put("CTRL", KEY_LOAD=1))                     # the all-zero AES-128 key
        assert (await tb.status())["BUSY"] == 1
        await tb.expect_wr(REGS["SEED0"]["offset"], 0x1234_5678, True)
        await tb.expect_wr(REGS["CTRL"]["offset"], tb.put("CTRL", RESEED=1), True)
        while (await tb.status())["BUSY"]:
            pass
        await tb.wr("CTRL", tb.put("CTRL", ZEROIZE=1))
        while (await tb.status())["BUSY"]:
            pass
        await tb.reseed()
    # write sweep: read-only / unmapped refused, write-only accepted and read as 0
    for adr in range(0, 0x100, 4):
        r = BY_ADR.get(adr)
        if r is not None and r["access"] in ("rw", "rw1c"):
            continue
        if r is not None and r["name"] == "CTRL":
            continue
        ok = r is not None and r["access"] == "wo"
        await tb.expect_wr(adr, rng.getrandbits(32), ok)
        if ok:
            assert await tb.rd(r["name"]) == 0
    s = await tb.status()
    assert s == {"BUSY": 0, "KEY_OK": 0, "DONE": 0, "AUTH_FAIL": 0, "ERR": 0, "IN_FREE": 0, "OUT_VALID": 0}, s
    if tb.bus.name != "axil":
        await tb.expect_rd(0x0D, False)
        await tb.expect_wr(0x09, 0, False)
    assert await tb.irq() == 0


@cocotb.test(timeout_time=4, timeout_unit="ms")
async def messages_and_policy(dut):
    """Encrypt and decrypt against the golden model (all key sizes, IV 1 / 12 / 60 bytes, tags 4..16), the
    failed-tag policy, error codes, and the key / input wipes at the ports."""
    tb = await _tb(dut, 22)
    rng = random.Random(22)
    buf = 16 << BUF_LOG2
    # START without a key: ERR NO_KEY
    await tb.wr("CFG", tb.put("CFG", TAG_LEN=16))
    await tb.wr("CTRL", tb.put("CTRL", START=1))
    s = await tb.status()
    while s["BUSY"]:
        s = await tb.status()
    assert s["DONE"] == 1 and s["ERR"] == ERR["NO_KEY"], s
    # KEY_LEN 3: ERR KEY_LEN
    await tb.wr("CFG", tb.put("CFG", KEY_LEN=3, TAG_LEN=16))
    await tb.wr("CTRL", tb.put("CTRL", KEY_LOAD=1))
    s = await tb.status()
    while s["BUSY"]:
        s = await tb.status()
    assert s["ERR"] == ERR["KEY_LEN"] and s["KEY_OK"] == 0, s
    for klen, ivl, aadl, ptl, tl in ((16, 12, 20, 33, 16), (24, 1, 0, 16, 4), (32, 60, 17, 0, 8),
                                     (16, 12, 0, buf, 12)):
        key = bytes(rng.getrandbits(8) for _ in range(klen))
        iv = bytes(rng.getrandbits(8) for _ in range(ivl))
        aad = bytes(rng.getrandbits(8) for _ in range(aadl))
        pt = bytes(rng.getrandbits(8) for _ in range(ptl))
        ct, tag = gcm_encrypt(key, iv, aad, pt, tl)
        r = await tb.vec(key, iv, aad, pt, tl)
        assert (r["ct"], r["tag"]) == (ct.hex(), tag.hex()), (klen, ivl, aadl, ptl, tl)
        r = await tb.vec(key, iv, aad, ct, tl, "decrypt", tag)
        assert r["auth_ok"] is True and r["pt"] == pt.hex()
        for i in range(4):                              # a decryption never shows a tag
            assert await tb.rd(f"TAG{i}") == 0
        bad = bytes([tag[0] ^ 1]) + tag[1:]
        r = await tb.vec(key, iv, aad, ct, tl, "decrypt", bad)        # the bench checks nothing is readable
        assert r["auth_ok"] is False and "pt" not in r
    # decrypt longer than the buffer: refused at START
    await tb.wr("CFG", tb.put("CFG", KEY_LEN=0, DECRYPT=1, TAG_LEN=16))
    await tb.wr("TXT_LEN", buf + 1)
    await tb.wr("CTRL", tb.put("CTRL", START=1))
    s = await tb.status()
    assert s["DONE"] == 1 and s["ERR"] == ERR["BUF_LEN"] and s["BUSY"] == 0 and s["IN_FREE"] == 0, s
    # bad tag length: ERR BAD_LEN from the core
    await tb.wr("CFG", tb.put("CFG", KEY_LEN=0, TAG_LEN=5))
    await tb.wr("TXT_LEN", 0)
    await tb.wr("CTRL", tb.put("CTRL", START=1))
    s = await tb.status()
    while s["BUSY"]:
        s = await tb.status()
    assert s["DONE"] == 1 and s["ERR"] == ERR["BAD_LEN"], s
    # KEYi wiped by KEY_LOAD: write KEY0 only and load again -> the key is KEY0 || zeros
    await tb.wr("KEY0", 0x5A5A5A5A)
    await tb.wr("CFG", tb.put("CFG", KEY_LEN=0, TAG_LEN=16))
    await tb.wr("CTRL", tb.put("CTRL", KEY_LOAD=1))
    while (await tb.status())["BUSY"]:
        pass
    k2 = bytes([0x5A] * 4) + bytes(12)
    tb.key = k2
    r = await tb.vec(k2, bytes(12), b"", bytes(16))
    ct, tag = gcm_encrypt(k2, bytes(12), b"", bytes(16), 16)
    assert (r["ct"], r["tag"]) == (ct.hex(), tag.hex()), "KEY1..3 survived KEY_LOAD"
    assert (tb.reseeds > 5) == MASKED, tb.reseeds


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def zeroize_and_irq(dut):
    """ZEROIZE in the middle of a decryption whose plaintext is buffered: nothing readable afterwards, no key."""
    tb = await _tb(dut, 23)
    key = bytes(range(16))
    iv, pt = bytes(12), bytes(range(32))
    ct, tag = gcm_encrypt(key, iv, b"", pt, 16)
    await tb.load_key(key)
    assert await tb.irq() == 0
    await tb.wr("CFG", tb.put("CFG", KEY_LEN=0, DECRYPT=1, TAG_LEN=16))
    await tb.wr("IV_LEN", 12)
    await tb.wr("AAD_LEN", 0)
    await tb.wr("TXT_LEN", 32)
    await tb.wr("CTRL", tb.put("CTRL", START=1))
    for b in (iv.ljust(16, b"\0"), ct[:16], ct[16:]):                 # the tag beat is never sent
        while not (await tb.status())["IN_FREE"]:
            pass
        for i in range(4):
            await tb.wr(f"DIN{i}", int.from_bytes(b[4 * i:4 * i + 4], "little"))
        await tb.wr("CTRL", tb.put("CTRL", PUSH=1))
    s = await tb.status()
    assert s["OUT_VALID"] == 0 and s["BUSY"] == 1 and s["DONE"] == 0, s  # plaintext withheld while running
    for i in range(4):
        assert await tb.rd(f"DOUT{i}") == 0
    await tb.wr("CTRL", tb.put("CTRL", ZEROIZE=1))
    while (await tb.status())["BUSY"]:
        pass
    s = await tb.status()
    assert s == {"BUSY": 0, "KEY_OK": 0, "DONE": 0, "AUTH_FAIL": 0, "ERR": 0, "IN_FREE": 0, "OUT_VALID": 0}, s
    for i in range(4):
        assert await tb.rd(f"DOUT{i}") == 0
    await tb.expect_wr(REGS["CTRL"]["offset"], tb.put("CTRL", POP=1), False)
    assert await tb.rd("IRQ_STATUS") == 0 and await tb.irq() == 0
    # the interrupt: IRQ_EN.DONE, a refused message (no key) raises irq_o, W1C lowers it
    await tb.wr("IRQ_EN", tb.put("IRQ_EN", DONE=1))
    await tb.wr("CFG", tb.put("CFG", TAG_LEN=16))
    await tb.wr("CTRL", tb.put("CTRL", START=1))
    while (await tb.status())["BUSY"]:
        pass
    assert (await tb.status())["ERR"] == ERR["NO_KEY"]
    assert await tb.irq() == 1
    await tb.wr("IRQ_STATUS", tb.put("IRQ_STATUS", DONE=1))
    assert await tb.irq() == 0
