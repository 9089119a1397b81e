# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the aes_iter register tops (aesf_aes_iter_axil / _apb / _wb) through the PyPI bus models
(the bus classes of aesforge.sim.benches.aes_iter_bus), against the register-map source
hw/aes_iter/aes_iter_regs.json and the golden model. The bus is recognised from the ports.

AESFORGE_PARAMS: DECRYPT (0: decrypt STARTs must end with ERR NO_DECRYPT); AESFORGE_STALL: probability of an
idle cycle before each transfer (APB, Wishbone) or a pause on each AXI channel (AXI4-Lite, incl. B / R
back-pressure).
"""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from aesforge import regmap
from aesforge.model.aes import ecb_decrypt, ecb_encrypt
from aesforge.sim.bench import start_clock_and_reset
from aesforge.sim.benches.aes_iter_bus import REGMAP, bus_for

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
DECRYPT = int(P.get("DECRYPT", 1))
STALL = float(os.environ.get("AESFORGE_STALL", "0"))

MAP = regmap.load(REGMAP)
REGS = {r["name"]: r for r in regmap.expand(MAP)}
A = {n: r["offset"] for n, r in REGS.items()}
BY_ADR = {r["offset"]: r for r in REGS.values()}
ERR = {e["name"]: e["value"] for e in MAP["errors"]}
NR = {16: 10, 24: 12, 32: 14}
KLEN = {16: 0, 24: 1, 32: 2}


def fmask(reg: str) -> int:
    m = 0
    for f in REGS[reg].get("fields", []):
        m |= ((1 << f["width"]) - 1) << f["lsb"]
    return m


def put(reg: str, **kw: int) -> int:
    v = 0
    for name, x in kw.items():
        f = next(f for f in REGS[reg]["fields"] if f["name"] == name)
        v |= (x & ((1 << f["width"]) - 1)) << f["lsb"]
    return v


def get(reg: str, name: str, v: int) -> int:
    f = next(f for f in REGS[reg]["fields"] if f["name"] == name)
    return (v >> f["lsb"]) & ((1 << f["width"]) - 1)


class TB:
    def __init__(self, dut, seed: int = 1):
        self.dut = dut
        self.bus = bus_for(dut, STALL, seed)
        self.rng = random.Random(seed)

    async def start(self):
        await start_clock_and_reset(self.dut)

    async def wr(self, name_or_adr, value: int, ok: bool = True, strb: int = 0xF) -> None:
        adr = A[name_or_adr] if isinstance(name_or_adr, str) else name_or_adr
        got = await self.bus.write(adr, value, strb)
        assert got == ok, f"write 0x{adr:02x} = 0x{value:08x} strb {strb:x}: {'OKAY' if got else 'error'}, " \
                          f"expected {'OKAY' if ok else 'error'}"

    async def rd(self, name_or_adr, ok: bool = True) -> int:
        adr = A[name_or_adr] if isinstance(name_or_adr, str) else name_or_adr
        got, v = await self.bus.read(adr)
        assert got == ok, f"read 0x{adr:02x}: {'OKAY' if got else 'error'}, expected {'OKAY' if ok else 'error'}"
        if not ok:
            assert v == 0, f"read 0x{adr:02x} refused but data 0x{v:08x}"
        return v

    async def status(self) -> dict:
        v = await self.rd("STATUS")
        assert v & ~fmask("STATUS") == 0, f"STATUS 0x{v:08x}: reserved bits set"
        return {f["name"]: get("STATUS", f["name"], v) for f in REGS["STATUS"]["fields"]}

    async def idle(self, budget: int = 200) -> dict:
        for _ in range(budget):
            s = await self.status()
            if not s["BUSY"]:
                return s
        raise AssertionError("STATUS.BUSY does not fall")

    async def load_key(self, key: bytes, klen: int | None = None) -> dict:
        for i in range(len(key) // 4):
            await self.wr(f"KEY{i}", int.from_bytes(key[4 * i:4 * i + 4], "little"))
        await self.wr("CFG", put("CFG", KEY_LEN=KLEN[len(key)] if klen is None else klen))
        await self.wr("CTRL", put("CTRL", KEY_LOAD=1))
        return await self.idle()

    async def block(self, blk: bytes | None, decrypt: bool, klen: int = 0) -> tuple[bytes, dict]:
        if blk is not None:
            for i in range(4):
                await self.wr(f"DIN{i}", int.from_bytes(blk[4 * i:4 * i + 4], "little"))
        await self.wr("CFG", put("CFG", KEY_LEN=klen, DECRYPT=int(decrypt)))
        await self.wr("CTRL", put("CTRL", START=1))
        s = await self.idle()
        out = b""
        for i in range(4):
            out += (await self.rd(f"DOUT{i}")).to_bytes(4, "little")
        return out, s


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def register_sweep(dut):
    """Every word address (and unaligned ones) read and written: responses, values and side effects follow the
    JSON map; write-only registers read as 0; refused writes change nothing."""
    tb = TB(dut, 11)
    await tb.start()
    is_axi = tb.bus.name == "axil"
    # reads after reset
    for adr in range(0, 0x100, 4):
        r = BY_ADR.get(adr)
        v = await tb.rd(adr, ok=r is not None)
        if r is None:
            continue
        if r["access"] == "wo":
            assert v == 0, f"{r['name']} (write-only) reads 0x{v:08x}"
        elif r.get("reset") is not None:
            assert v == r["reset"], f"{r['name']} reset 0x{v:08x}, JSON says 0x{r['reset']:x}"
        if r.get("fields"):
            assert v & ~fmask(r["name"]) == 0, f"{r['name']} = 0x{v:08x}: reserved bits set"
    idv = await tb.rd("ID")
    assert (get("ID", "MAGIC", idv), get("ID", "CORE", idv), get("ID", "DECRYPT", idv)) == (0xAE5F, 1, DECRYPT)
    # CFG / IRQ_EN read back; a reserved bit in a strobed byte: refused, nothing changes
    await tb.wr("CFG", put("CFG", KEY_LEN=2, DECRYPT=1))
    assert await tb.rd("CFG") == put("CFG", KEY_LEN=2, DECRYPT=1)
    await tb.wr("CFG", put("CFG", KEY_LEN=1) | 0x10, ok=False)
    await tb.wr("CFG", 0x8000_0000, ok=False)
    assert await tb.rd("CFG") == put("CFG", KEY_LEN=2, DECRYPT=1)
    # byte strobes: only byte 1 (DECRYPT) written
    await tb.wr("CFG", put("CFG", KEY_LEN=1, DECRYPT=0), strb=0b0010)
    assert await tb.rd("CFG") == put("CFG", KEY_LEN=2)
    # a reserved bit in an unstrobed byte is no error
    await tb.wr("CFG", 0xFF00_0000 | put("CFG", KEY_LEN=0), strb=0b0001)
    assert await tb.rd("CFG") == 0
    await tb.wr("IRQ_EN", 0x3)
    assert await tb.rd("IRQ_EN") == 0x3
    await tb.wr("IRQ_EN", 0x4, ok=False)
    assert await tb.rd("IRQ_EN") == 0x3
    await tb.wr("IRQ_EN", 0)
    await tb.wr("IRQ_STATUS", 0x8, ok=False)
    # CTRL: two commands at once, a reserved bit: refused, nothing starts
    await tb.wr("CTRL", put("CTRL", KEY_LOAD=1, START=1), ok=False)
    await tb.wr("CTRL", put("CTRL", START=1, ZEROIZE=1), ok=False)
    await tb.wr("CTRL", 0x100, ok=False)
    await tb.wr("CTRL", 0)                                    # no command: no effect
    # write sweep over every word address: read-only and unmapped refused, write-only accepted and read as 0
    for adr in range(0, 0x100, 4):
        r = BY_ADR.get(adr)
        if r is not None and r["name"] in ("CTRL", "CFG", "IRQ_EN", "IRQ_STATUS"):
            continue
        val = tb.rng.getrandbits(32)
        ok = r is not None and r["access"] == "wo"
        await tb.wr(adr, val, ok=ok)
        if r is not None:
            v = await tb.rd(adr)
            if ok:
                assert v == 0, f"{r['name']} (write-only) reads back 0x{v:08x}"
    s = await tb.status()
    assert s == {"BUSY": 0, "KEY_OK": 0, "DONE": 0, "ERR": 0}, s
    assert await tb.rd("IRQ_STATUS") == 0
    assert await tb.rd("ID") == idv
    for i in range(4):
        assert await tb.rd(f"DOUT{i}") == 0
    # unaligned: APB and Wishbone refuse them; AXI4-Lite selects lanes by the strobes, the address is the word's
    for adr in (0x01, 0x0E, 0x23, 0x52):
        if is_axi:
            r = await tb.bus.m.read(adr, 1)                  # one byte lane of the word
            word = await tb.rd(adr & ~3)
            assert r.data[0] == (word >> 8 * (adr & 3)) & 0xFF, (hex(adr), r.data, hex(word))
        else:
            await tb.rd(adr, ok=False)
            await tb.wr(adr, 0, ok=False)
    assert dut.irq_o.value == 0


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def vectors_errors_irq(dut):
    """Error codes, the key and block wipes seen at the ports, commands refused while BUSY, the interrupt, and
    random blocks of every key size and direction against the golden model."""
    tb = TB(dut, 12)
    await tb.start()
    rng = tb.rng
    # START without a key: ERR NO_KEY, DONE, IRQ_STATUS.DONE, DOUT 0
    out, s = await tb.block(bytes(range(16)), False)
    assert s == {"BUSY": 0, "KEY_OK": 0, "DONE": 1, "ERR": ERR["NO_KEY"]}, s
    assert out == bytes(16)
    assert await tb.rd("IRQ_STATUS") == put("IRQ_STATUS", DONE=1)
    assert dut.irq_o.value == 0                               # not enabled
    await tb.wr("IRQ_EN", put("IRQ_EN", DONE=1))
    await RisingEdge(dut.clk_i)
    assert dut.irq_o.value == 1
    await tb.wr("IRQ_STATUS", put("IRQ_STATUS", DONE=1))      # W1C
    await RisingEdge(dut.clk_i)
    assert dut.irq_o.value == 0 and await tb.rd("IRQ_STATUS") == 0
    # KEY_LEN 3: ERR KEY_LEN, no key, IRQ_STATUS.KEY
    s = await tb.load_key(bytes(16), klen=3)
    assert s == {"BUSY": 0, "KEY_OK": 0, "DONE": 0, "ERR": ERR["KEY_LEN"]}, s
    assert await tb.rd("IRQ_STATUS") == put("IRQ_STATUS", KEY=1)
    await tb.wr("IRQ_STATUS", 0x3)
    # FIPS-197 C.1 with the interrupt: irq_o rises when the block is done
    key = bytes(range(16))
    s = await tb.load_key(key)
    assert s == {"BUSY": 0, "KEY_OK": 1, "DONE": 0, "ERR": 0}, s
    await tb.wr("IRQ_STATUS", 0x3)
    await tb.wr("IRQ_EN", put("IRQ_EN", DONE=1))
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    for i in range(4):
        await tb.wr(f"DIN{i}", int.from_bytes(pt[4 * i:4 * i + 4], "little"))
    tb.bus.set_stall(0.0)         # the refusals below must fall into the Nr + 2 busy cycles
    await tb.wr("CTRL", put("CTRL", START=1))
    # commands and key words while BUSY are refused (the block runs Nr + 2 cycles)
    await tb.wr("CTRL", put("CTRL", START=1), ok=False)
    await tb.wr("KEY0", 0x12345678, ok=False)
    tb.bus.set_stall(STALL)
    for _ in range(100):
        await ReadOnly()
        if dut.irq_o.value == 1:
            break
        await RisingEdge(dut.clk_i)
    else:
        raise AssertionError("irq_o did not rise")
    await RisingEdge(dut.clk_i)
    out = b"".join([(await tb.rd(f"DOUT{i}")).to_bytes(4, "little") for i in range(4)])
    assert out.hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"
    await tb.wr("IRQ_STATUS", 0x1)
    await tb.wr("IRQ_EN", 0)
    # DIN wiped when the core took the block: START again encrypts the zero block
    out, s = await tb.block(None, False)
    assert s["ERR"] == 0 and out == ecb_encrypt(key, bytes(16))
    # KEYi wiped by KEY_LOAD: write KEY0 only, load again -> the key is KEY0 || zeros
    await tb.wr("KEY0", 0xA5A5A5A5)
    await tb.wr("CTRL", put("CTRL", KEY_LOAD=1))
    await tb.idle()
    k2 = bytes([0xA5] * 4) + bytes(12)
    out, s = await tb.block(pt, False)
    assert out == ecb_encrypt(k2, pt), "KEY1..3 were not wiped by the previous KEY_LOAD"
    # configuration and input words while BUSY (a KEY_LOAD of AES-256: 16 cycles)
    await tb.load_key(bytes(32))
    tb.bus.set_stall(0.0)
    await tb.wr("CTRL", put("CTRL", KEY_LOAD=1))
    await tb.wr("CFG", 0, ok=False)
    await tb.wr("DIN0", 1, ok=False)
    await tb.wr("CTRL", put("CTRL", ZEROIZE=1, KEY_LOAD=1), ok=False)
    tb.bus.set_stall(STALL)
    s = await tb.idle()
    assert s["KEY_OK"] == 1 and await tb.rd("CFG") == put("CFG", KEY_LEN=2)
    # random blocks, every key size and direction
    for klen in (16, 24, 32, 16):
        key = bytes(rng.getrandbits(8) for _ in range(klen))
        s = await tb.load_key(key)
        assert s["KEY_OK"] == 1 and s["ERR"] == 0, s
        for _ in range(2):
            blk = bytes(rng.getrandbits(8) for _ in range(16))
            for dec in (False, True):
                out, s = await tb.block(blk, dec, KLEN[klen])
                if dec and not DECRYPT:
                    assert s["ERR"] == ERR["NO_DECRYPT"] and s["DONE"] == 1 and out == bytes(16), s
                    continue
                want = ecb_decrypt(key, blk) if dec else ecb_encrypt(key, blk)
                assert s == {"BUSY": 0, "KEY_OK": 1, "DONE": 1, "ERR": 0}, s
                assert out == want, f"AES-{8 * klen} {'dec' if dec else 'enc'}: {out.hex()} != {want.hex()}"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def zeroize(dut):
    """ZEROIZE in the middle of a block: accepted while BUSY, everything wiped, BUSY for the scrub, no key."""
    tb = TB(dut, 13)
    await tb.start()
    key = bytes(range(32))
    await tb.load_key(key)
    await tb.wr("IRQ_EN", 0x3)
    await tb.wr("IRQ_STATUS", 0x3)
    for i in range(4):
        await tb.wr(f"DIN{i}", 0x01020304 * (i + 1))
    await tb.wr("CFG", put("CFG", KEY_LEN=2))
    tb.bus.set_stall(0.0)       # ZEROIZE must land in the block, the STATUS read in the 15-cycle scrub
    await tb.wr("CTRL", put("CTRL", START=1))
    await tb.wr("CTRL", put("CTRL", ZEROIZE=1))                # while BUSY: accepted
    s = await tb.status()
    assert s["BUSY"] == 1 and s["KEY_OK"] == 0, s              # the 15-cycle round-key scrub
    tb.bus.set_stall(STALL)
    s = await tb.idle()
    assert s == {"BUSY": 0, "KEY_OK": 0, "DONE": 0, "ERR": 0}, s
    assert await tb.rd("IRQ_STATUS") == 0 and dut.irq_o.value == 0
    for i in range(4):
        assert await tb.rd(f"DOUT{i}") == 0
    assert await tb.rd("IRQ_EN") == 0x3 and await tb.rd("CFG") == put("CFG", KEY_LEN=2)
    await ClockCycles(dut.clk_i, 20)
    # the key is gone: START ends with NO_KEY; the KEY words are gone: KEY_LOAD loads zeros
    out, s = await tb.block(None, False, 2)
    assert s["ERR"] == ERR["NO_KEY"] and out == bytes(16), s
    await tb.wr("IRQ_STATUS", 0x3)
    await tb.wr("CTRL", put("CTRL", KEY_LOAD=1))
    s = await tb.idle()
    assert s["KEY_OK"] == 1
    out, s = await tb.block(bytes(16), False, 2)
    assert out == ecb_encrypt(bytes(32), bytes(16)), "KEYi or DINi survived ZEROIZE"
