# SPDX-License-Identifier: Apache-2.0
"""pyuvm tests of the seed-003 DAM tops (aesf_dam_asbus = ADAM, aesf_dam_axi = XDAM) in the Fig. 13
environment of aesforge.sim.dam_uvm: the paper's three tests (40 words linear, 10x4 block, 10 AES states:
"usb" writes, "wifi" reads back, plus partial byte enables), both masters interleaved back to back, bad
commands, control registers and ZEROIZE, the DMA (copy / encrypt / decrypt, STATUS and irq), and (XDAM) the
cocotbext-axi AxiMaster cross-check. Every test ends with the scoreboard's final check (check_phase).

AESFORGE_PARAMS gives W / MEM_AW / NM; AESFORGE_STALL (0 / 0.5 / 0.9) the back-pressure on every valid/ready
(memory gnt, write stalls, AXI valid and ready stalls, command gaps; read latency 1..3 when > 0);
AESFORGE_SEED the random seed.
"""
from __future__ import annotations

import itertools
import json
import os
import random

import cocotb
import pyuvm

from aesforge.sim.dam_uvm import MODE_BLOCK, MODE_LINEAR, MODE_RESERVED, MODE_STATE, asbus_decode, asbus_len
from aesforge.sim.dam_uvm.agents import AsbusItem, AxiItem, DamCfg
from aesforge.sim.benches.dam import dam_is_axi
from aesforge.sim.dam_uvm.env import DamBaseTest
from aesforge.sim.dam_uvm.seqs import CIPHER_BASE, PacedSeq, Units, ctrl, load_key, set_pitch

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
STALL = float(os.environ.get("AESFORGE_STALL", "0"))
SEED = int(os.environ.get("AESFORGE_SEED", "1"))
KEY = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")


def make_cfg(**over) -> DamCfg:
    bus = "axi" if dam_is_axi(cocotb.top) else "asbus"
    cfg = DamCfg(bus=bus, W=int(P.get("W", 32)), MEM_AW=int(P.get("MEM_AW", 8)), NM=int(P.get("NM", 2)),
                 seed=SEED, gnt_stall=STALL, rd_lat=(1, 3) if STALL else (1, 1), wr_stall=STALL,
                 cmd_gap=STALL / 2, valid_stall=STALL, ready_stall=STALL)
    for k, v in over.items():
        setattr(cfg, k, v)
    return cfg


class DamTest(DamBaseTest):
    cfg_over: dict = {}

    def make_cfg(self):
        return make_cfg(**self.cfg_over)

    async def paper_test(self, test: str, n, base: int, P: float):
        u = Units(self.cfg.bus, test, self.cfg.W, n, P, base, self.env.sb.pitch, self.rng)
        await PacedSeq(u.write_items, u.write_b2b).start(self.seqr("usb"))
        await PacedSeq(u.read_items, u.read_b2b).start(self.seqr("wifi"))
        u.check()
        return u


@pyuvm.test(timeout_time=300, timeout_unit="us")
class PaperTests(DamTest):
    """Section 6.1: 40 words linear, 10x4 words block (pitch from BLOCK_PITCH), 10 AES states cipher; "usb"
    writes, "wifi" reads back; P = 0 and 0.5 back-to-back."""

    async def body(self):
        nb = self.nb
        await load_key(self.env, KEY)
        pitch = 4 * nb + nb
        await set_pitch(self.env, pitch)
        for P in (0.0, 0.5):
            await self.paper_test("linear", 40, 0, P)
            await self.paper_test("block", (10, 4), 40 * nb, P)
            await self.paper_test("cipher", 10, 0, P)
        # partial beats: random non-zero byte enables (wd_vld / wstrb); bytes with enable 0 stay untouched
        # (the scoreboard predicts every memory write with its byte enables and checks the final image)
        full = (1 << nb) - 1
        vld = [self.rng.randrange(1, full + 1) for _ in range(12)]
        data = [self.rng.getrandbits(self.cfg.W) for _ in range(12)]
        if self.cfg.bus == "asbus":
            w = AsbusItem("partial", wr=True, addr=8 * nb, length=asbus_len(MODE_LINEAR, beats=12), data=data, vld=vld,
                          nb=nb)
            r = AsbusItem("partial", wr=False, addr=8 * nb, length=asbus_len(MODE_LINEAR, beats=12), nb=nb)
        else:
            w = AxiItem("partial", wr=True, addr=8 * nb, beats=12, data=data, strb=vld, nb=nb)
            r = AxiItem("partial", wr=False, addr=8 * nb, beats=12, nb=nb)
        await PacedSeq([w]).start(self.seqr("usb"))
        await PacedSeq([r]).start(self.seqr("wifi"))
        for k in range(12):
            m = sum(0xFF << (8 * i) for i in range(nb) if (vld[k] >> i) & 1)
            assert r.rdata[k] & m == data[k] & m, f"partial beat {k}: enabled bytes not written"


@pyuvm.test(timeout_time=300, timeout_unit="us")
class InterleavedTest(DamTest):
    """Both masters at once, every command back to back: "usb" and "wifi" each write and read back their own
    region (linear, block, state), then read the other's region; AXI: writes and reads of two regions in flight
    together."""
    watchdog_us = 120 if STALL < 0.9 else 250
    cipher = True

    async def body(self):
        nb, rng, W = self.nb, self.rng, self.cfg.W
        await load_key(self.env, KEY)
        await set_pitch(self.env, 6 * nb)
        half = self.cfg.mem_bytes // 2
        for rnd in range(2):
            if self.cfg.bus == "asbus":
                mk = lambda spec, off: [Units("asbus", t, W, n, 1.0, off + base, 6 * nb, rng) for t, n, base in spec
                                        if self.cipher or t != "cipher"]
                us = mk((("linear", 24, 0), ("block", (5, 3), 32 * nb), ("cipher", 4, 64 * nb)), 0)
                ws = mk((("cipher", 3, 0), ("linear", 17, 16 * nb), ("block", (4, 5), 48 * nb)), half)
                if rnd:
                    us, ws = us[::-1], ws[::-1]
                # each master writes then reads back its own region, every command back to back (a read after
                # the same master's write must see it: the DUT orders reads after earlier-granted writes)
                ta = cocotb.start_soon(PacedSeq([i for u in us for i in u.write_items + u.read_items]).start(
                    self.env.masters[0].seqr))
                tb = cocotb.start_soon(PacedSeq([i for u in ws for i in u.write_items + u.read_items]).start(
                    self.env.masters[1].seqr))
                await ta
                await tb
                for u in us + ws:
                    u.check()
                # then each reads the other's region (scoreboard checks the data)
                ta = cocotb.start_soon(PacedSeq([AsbusItem("x", wr=False, addr=half, nb=nb,
                                                           length=asbus_len(MODE_LINEAR, beats=72))]).start(
                    self.env.masters[0].seqr))
                tb = cocotb.start_soon(PacedSeq([AsbusItem("x", wr=False, addr=0, nb=nb,
                                                           length=asbus_len(MODE_LINEAR, beats=80))]).start(
                    self.env.masters[1].seqr))
                await ta
                await tb
            else:
                u1 = Units("axi", "linear", W, 40, 1.0, 0, 0, rng)
                u2 = Units("axi", "cipher" if self.cipher else "block", W, 6 if self.cipher else (6, 3), 1.0, half,
                           64, rng)
                await PacedSeq(u1.write_items).start(self.seqr("usb"))
                # region 1 read back while region 2 is written (independent addresses, both channels busy)
                t = cocotb.start_soon(PacedSeq(u2.write_items).start(self.seqr("usb")))
                await PacedSeq(u1.read_items).start(self.seqr("wifi"))
                await t
                await PacedSeq(u2.read_items).start(self.seqr("wifi"))
                u1.check()
                u2.check()
                # then cipher-window (or block) reads and plain reads interleaved back to back
                (r1, _), (r2, _) = u1._build(False, 1.0), u2._build(False, 1.0)
                mixed = [i for pair in itertools.zip_longest(r2, r1) for i in pair if i is not None]
                await PacedSeq(mixed).start(self.seqr("wifi"))
                u1.read_items, u2.read_items = r1, r2
                u1.check()
                u2.check()


@pyuvm.test(timeout_time=300, timeout_unit="us")
class InterleavedPlainTest(InterleavedTest):
    """InterleavedTest with linear and block transfers only (no state mode / cipher window)."""
    cipher = False


@pyuvm.test(timeout_time=300, timeout_unit="us")
class BadCommandTest(DamTest):
    """Refused transfers: state mode before any key, reserved mode, misaligned (state / word), beyond memory;
    AXI: FIXED/WRAP burst, narrow size, out of range, partial cipher state, cipher without key. Each flags
    err / SLVERR on its beats, changes no memory (scoreboard + final image), and the next command works."""

    async def good(self, base):
        u = Units(self.cfg.bus, "linear", self.cfg.W, 5, 1.0, base, 0, self.rng)
        await PacedSeq(u.write_items).start(self.seqr("usb"))
        await PacedSeq(u.read_items).start(self.seqr("wifi"))
        u.check()

    async def asbus_bad(self, wr: bool, addr: int, length: int, who="usb"):
        nb = self.nb
        it = AsbusItem("bad", wr=wr, addr=addr, length=length, nb=nb,
                       data=[self.rng.getrandbits(self.cfg.W) for _ in range(_beats(length, nb))] if wr else None)
        await PacedSeq([it]).start(self.seqr(who))
        assert it.err and all(it.err), f"{it}: err {it.err}"
        if not wr:
            assert not any(it.rdata), f"{it}: refused read returned data"
        await self.good(self.rng.randrange(0, self.cfg.mem_bytes // 2, 16))

    async def axi_bad(self, wr, addr, beats, size=None, burst=1, strb=None):
        nb = self.nb
        it = AxiItem("bad", wr=wr, addr=addr, beats=beats, nb=nb, size=size, burst=burst, axid=self.rng.randrange(16),
                     data=[self.rng.getrandbits(self.cfg.W) for _ in range(beats)] if wr else None, strb=strb)
        await PacedSeq([it]).start(self.seqr("usb"))
        assert it.resp == 2, f"{it}: resp {it.resp}, expected SLVERR"
        if not wr:
            assert not any(it.rdata), f"{it}: refused read returned data"
        await self.good(self.rng.randrange(0, self.cfg.mem_bytes // 2, 16))

    async def body(self):
        nb, size = self.nb, self.cfg.mem_bytes
        if self.cfg.bus == "asbus":
            for wr in (True, False):
                await self.asbus_bad(wr, 0, asbus_len(MODE_STATE, states=2))                    # no key
            await load_key(self.env, KEY)
            for wr in (True, False):
                await self.asbus_bad(wr, 0, asbus_len(MODE_RESERVED, beats=1), "wifi")         # reserved mode
                await self.asbus_bad(wr, 8, asbus_len(MODE_STATE, states=1))                    # state misaligned
                await self.asbus_bad(wr, size - 16, asbus_len(MODE_STATE, states=2))            # beyond memory
                await self.asbus_bad(wr, size - 4 * nb, asbus_len(MODE_LINEAR, beats=5))       # beyond memory
                await self.asbus_bad(wr, size, asbus_len(MODE_LINEAR, beats=1), "wifi")        # beyond memory
                await self.asbus_bad(wr, size - 2 * 64, asbus_len(MODE_BLOCK, height=3, width=2))  # block beyond
                await self.asbus_bad(wr, 2, asbus_len(MODE_LINEAR, beats=2))                   # word misaligned
        else:
            c = CIPHER_BASE
            for wr in (True, False):
                await self.axi_bad(wr, c, 16 // nb)                                # cipher without key
            await load_key(self.env, KEY)
            for wr in (True, False):
                await self.axi_bad(wr, 0, 4, burst=0)                              # FIXED
                await self.axi_bad(wr, 0, 4, burst=2)                              # WRAP
                await self.axi_bad(wr, 0, 4, size=0)                               # narrow
                await self.axi_bad(wr, size - 2 * nb, 4)                           # beyond memory
                await self.axi_bad(wr, c | 8, 16 // nb)                            # cipher misaligned
                if nb < 16:
                    await self.axi_bad(wr, c, 16 // nb + 1)                        # cipher partial state
                await self.axi_bad(wr, c | (size - 16), 32 // nb)                  # cipher beyond memory
            # an unaligned start address is legal AXI (aligned-down word, wstrb selects the bytes)
            for wr in (True, False):
                it = AxiItem("unaligned", wr=wr, addr=0x40 + 2, beats=2, nb=nb,
                             data=[self.rng.getrandbits(self.cfg.W) for _ in range(2)] if wr else None,
                             strb=[((1 << nb) - 1) & ~3, (1 << nb) - 1] if wr else None)
                await PacedSeq([it]).start(self.seqr("usb"))
                assert it.resp == 0, f"{it}: resp {it.resp}"


def _beats(length, nb):
    return asbus_decode(length, nb)[1]


@pyuvm.test(timeout_time=300, timeout_unit="us")
class RegisterTest(DamTest):
    """Control agent: ID, BLOCK_PITCH read-back, key words never readable (SLVERR, zero data), ZEROIZE drops
    KEY_OK (a state transfer is then refused), key reload works."""

    async def body(self):
        regs = self.env.regs
        (i,) = await ctrl(self.env, ("read", "ID", 0))
        assert i.resp == 0 and i.data != 0, str(i)
        await set_pitch(self.env, 7 * self.nb)
        (i,) = await ctrl(self.env, ("read", "BLOCK_PITCH", 0))
        assert i.data == 7 * self.nb, str(i)
        await load_key(self.env, KEY)
        for k in range(8):
            (i,) = await ctrl(self.env, ("read", f"KEY{k}", 0))
            assert i.resp == 2 and i.data == 0, str(i)
        await ctrl(self.env, ("write", "CMD", regs.val("CMD", ZEROIZE=1)))
        (st,) = await ctrl(self.env, ("read", "STATUS", 0))
        assert not regs.get("STATUS", "KEY_OK", st.data), f"KEY_OK after ZEROIZE: 0x{st.data:x}"
        if self.cfg.bus == "asbus":
            it = AsbusItem("z", wr=False, addr=0, length=asbus_len(MODE_STATE, states=1), nb=self.nb)
        else:
            it = AxiItem("z", wr=False, addr=CIPHER_BASE, beats=16 // self.nb, nb=self.nb)
        await PacedSeq([it]).start(self.seqr("wifi"))
        assert (all(it.err) if self.cfg.bus == "asbus" else it.resp == 2), f"{it}: not refused after ZEROIZE"
        await load_key(self.env, KEY)
        await self.paper_test("cipher", 2, 0, 1.0)


class CrossCheckCfg(DamTest):
    cfg_over = {"axi_driver": False}


@pyuvm.test(timeout_time=300, timeout_unit="us")
class CocotbextAxiCrossCheck(CrossCheckCfg):
    """XDAM only: an independent AXI4 master (cocotbext-axi AxiMaster) writes and reads plain and cipher-window
    data; the results are checked against the golden model here and by the scoreboard through the monitor."""

    async def body(self):
        if self.cfg.bus != "axi":
            return
        import logging

        from cocotbext.axi import AxiBus, AxiMaster

        from aesforge.model.aes import ecb_decrypt, ecb_encrypt

        dut = cocotb.top
        m = AxiMaster(AxiBus.from_prefix(dut, "s_axi"), dut.clk_i, dut.rst_ni, reset_active_level=False)
        m.write_if.log.setLevel(logging.WARNING)
        m.read_if.log.setLevel(logging.WARNING)
        await load_key(self.env, KEY)
        rng = self.rng
        data = bytes(rng.randrange(256) for _ in range(40 * self.nb))
        await m.write(0x40, data)
        r = await m.read(0x40, len(data))
        assert r.data == data
        ct = bytes(rng.randrange(256) for _ in range(10 * 16))
        await m.write(CIPHER_BASE + 0x200, ct)
        r = await m.read(0x200, len(ct))
        assert r.data == ecb_decrypt(KEY, ct), "plaintext in memory != AES-128 decrypt of the written ciphertext"
        r = await m.read(CIPHER_BASE + 0x200, len(ct))
        assert r.data == ct, "cipher-window read != the original ciphertext"
        r = await m.read(CIPHER_BASE + 0x40, 32)
        assert r.data == ecb_encrypt(KEY, data[:32])


@pyuvm.test(timeout_time=300, timeout_unit="us")
class DmaTest(DamTest):
    """Control agent drives the DMA: copy, encrypt, decrypt of 8 states (plaintext written by "usb", results
    read back by "wifi" and predicted by the scoreboard), STATUS.DONE + irq_o, W1C; a misaligned start ends
    with ERR and writes nothing."""

    async def dma(self, op, src, dst, n, expect_err=False):
        regs, dut = self.env.regs, cocotb.top
        await ctrl(self.env, ("write", "CTRL", regs.val("CTRL", OP=op, IRQ_EN=1)), ("write", "DMA_SRC", src),
                   ("write", "DMA_DST", dst), ("write", "DMA_NSTATES", n))
        (go,) = await ctrl(self.env, ("write", "CMD", regs.val("CMD", GO=1)))
        assert go.resp == 0, str(go)
        for _ in range(500):
            (st,) = await ctrl(self.env, ("read", "STATUS", 0))
            if regs.get("STATUS", "DONE", st.data):
                break
        else:
            raise AssertionError(f"DMA op {op}: STATUS.DONE never rose")
        assert regs.get("STATUS", "ERR", st.data) == int(expect_err), f"DMA op {op}: STATUS 0x{st.data:x}"
        assert int(dut.irq_o.value) == 1, "irq_o not raised at DMA completion"
        await ctrl(self.env, ("write", "STATUS", regs.val("STATUS", DONE=1, ERR=1)))
        (st,) = await ctrl(self.env, ("read", "STATUS", 0))
        assert not regs.get("STATUS", "DONE", st.data) and not regs.get("STATUS", "ERR", st.data)
        assert int(dut.irq_o.value) == 0, "irq_o still high after STATUS W1C"

    async def body(self):
        from aesforge.model.aes import ecb_encrypt

        nb = self.nb
        await load_key(self.env, KEY)
        u = Units(self.cfg.bus, "linear", self.cfg.W, 128 // nb, 1.0, 0, 0, self.rng)
        await PacedSeq(u.write_items).start(self.seqr("usb"))
        await self.dma(0, 0, 0x100, 8)
        await self.dma(1, 0, 0x200, 8)
        await self.dma(2, 0x200, 0x300, 8)
        await self.dma(0, 8, 0x100, 8, expect_err=True)        # misaligned: refused, nothing written
        got = {}
        for base in (0x100, 0x200, 0x300):
            r = Units(self.cfg.bus, "linear", self.cfg.W, 128 // nb, 1.0, base, 0, self.rng)
            await PacedSeq(r.read_items).start(self.seqr("wifi"))
            got[base] = r.read_back()
        assert got[0x100] == u.payload, "DMA copy"
        assert got[0x200] == ecb_encrypt(KEY, u.payload), "DMA encrypt != AES-128 ECB of the source"
        assert got[0x300] == u.payload, "DMA decrypt of the encrypted copy != the original"
