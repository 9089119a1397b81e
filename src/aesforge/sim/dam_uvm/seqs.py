# SPDX-License-Identifier: Apache-2.0
"""Sequences of the DAM environment: control-register sequences (key load, BLOCK_PITCH), the paced unit
sequence behind the paper's tests and the measurement (back-to-back or wait-for-completion between units),
the unit builders of the paper's three tests on both buses, and the bad-command stimulus.

Unit model (also the measurement's, see :mod:`.measure`):
- linear n beats: AXI bursts of XS = 16 beats; ASBUS one command per 1024 beats.
- block H x Wd beats (row pitch = BLOCK_PITCH bytes): AXI one burst per row; ASBUS one block command.
- cipher n states: AXI one 16-byte burst per state in the cipher window (0x8000_0000 + offset); ASBUS
  consecutive back-to-back states merged into one state-mode command (P = 0: n commands of one state).
"""
from __future__ import annotations

import random

from pyuvm import uvm_sequence

from . import (MODE_BLOCK, MODE_LINEAR, MODE_STATE, asbus_len, asbus_read_unstream, asbus_write_stream,
               b2b_schedule, from_beats, to_beats)
from .agents import AsbusItem, AxiItem, CtrlItem

XS = 16          # AXI burst size of the paper's model (AXI3)
AS = 1024        # ASBUS linear command size
CIPHER_BASE = 0x8000_0000


# =============================================================================================================
# Control
# =============================================================================================================
class CtrlSeq(uvm_sequence):
    """A list of register accesses ("write"/"read", register name or byte offset, value); results in
    ``self.items``."""

    def __init__(self, regs, ops, name="ctrl_seq"):
        super().__init__(name)
        self.regs, self.ops, self.items = regs, ops, []

    async def body(self):
        for op, reg, val in self.ops:
            addr = self.regs[reg] if isinstance(reg, str) else reg
            it = CtrlItem("ctrl", op, addr, val)
            await self.start_item(it)
            await self.finish_item(it)
            self.items.append(it)


async def ctrl(env, *ops):
    """Run register accesses on the control agent; returns the items."""
    s = CtrlSeq(env.regs, list(ops))
    await s.start(env.ctrl.seqr)
    return s.items


async def load_key(env, key: bytes, polls: int = 200):
    """KEY0..3 (byte 4i in bits [31:24]), CMD.KEY_LOAD, then poll STATUS.KEY_OK."""
    assert len(key) == 16
    regs = env.regs
    ops = [("write", f"KEY{i}", int.from_bytes(key[4 * i:4 * i + 4], "big")) for i in range(4)]
    ops.append(("write", "CMD", regs.val("CMD", KEY_LOAD=1)))
    its = await ctrl(env, *ops)
    assert all(i.resp == 0 for i in its), f"key load refused: {[str(i) for i in its]}"
    for _ in range(polls):
        st = (await ctrl(env, ("read", "STATUS", 0)))[0]
        if regs.get("STATUS", "KEY_OK", st.data) and not regs.get("STATUS", "KEY_BUSY", st.data):
            return
    raise AssertionError("STATUS.KEY_OK never rose after KEY_LOAD")


async def set_pitch(env, pitch: int):
    it = (await ctrl(env, ("write", "BLOCK_PITCH", pitch)))[0]
    assert it.resp == 0


# =============================================================================================================
# Paced units
# =============================================================================================================
class PacedSeq(uvm_sequence):
    """Sends ``items`` in order; before item i+1 either nothing (``b2b[i]`` True: the driver presents it as early
    as the protocol allows) or waits until item i is complete (``wait_done``). Ends when every item is done."""

    def __init__(self, items, b2b=None, name="paced"):
        super().__init__(name)
        self.items = items
        self.b2b = b2b if b2b is not None else [True] * (len(items) - 1)

    async def body(self):
        for i, it in enumerate(self.items):
            if i and not self.b2b[i - 1]:
                await self.items[i - 1].wait_done()
            await self.start_item(it)
            await self.finish_item(it)
        for it in self.items:
            await it.wait_done()


def _rand(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


class Units:
    """The units of one paper test on one bus, write and read side: ``write_items``/``read_items`` with their
    back-to-back schedules, and ``expect_read`` checking the read items against the written stimulus."""

    def __init__(self, bus: str, test: str, W: int, n, P: float, base: int, pitch: int, rng: random.Random,
                 key: bytes | None = None, P_read: float | None = None):
        self.bus, self.test, self.W, self.nb = bus, test, W, W // 8
        self.base, self.pitch, self.P = base, pitch, P
        nb = self.nb
        P_read = P if P_read is None else P_read
        if test == "linear":
            self.n_beats = int(n)
            self.payload = _rand(rng, self.n_beats * nb)
        elif test == "block":
            self.h, self.w = n
            assert self.w <= 16 and self.h <= 64
            self.payload = _rand(rng, self.h * self.w * nb)
        elif test == "cipher":
            self.n_states = int(n)
            self.payload = _rand(rng, 16 * self.n_states)      # ciphertext on the bus (FIPS order per state)
        else:
            raise ValueError(test)
        self.write_items, self.write_b2b = self._build(True, P)
        self.read_items, self.read_b2b = self._build(False, P_read)

    # ------------------------------------------------------------------
    def _chunks(self):
        """[(byte offset in payload, bus address, beats)] per unit before ASBUS cipher merging."""
        nb = self.nb
        if self.test == "linear":
            size = XS if self.bus == "axi" else AS
            return [(k * nb, self.base + k * nb, min(size, self.n_beats - k)) for k in range(0, self.n_beats, size)]
        if self.test == "block":
            if self.bus == "axi":
                return [(r * self.w * nb, self.base + r * self.pitch, self.w) for r in range(self.h)]
            return [(0, self.base, self.h * self.w)]
        per = 16 // nb
        return [(16 * s, self.base + 16 * s, per) for s in range(self.n_states)]

    def _build(self, wr: bool, P: float):
        nb = self.nb
        chunks = self._chunks()
        sched = b2b_schedule(len(chunks), P)
        items = []
        if self.bus == "axi":
            for off, addr, beats in chunks:
                a = addr | (CIPHER_BASE if self.test == "cipher" else 0)
                data = to_beats(self.payload[off:off + beats * nb], nb) if wr else None
                items.append(AxiItem("axi", wr=wr, addr=a, beats=beats, data=data, nb=nb))
            return items, sched
        if self.test == "cipher":
            # merge back-to-back states into one state-mode command; the others wait for completion
            groups, cur = [], [0]
            for i, b in enumerate(sched):
                if b:
                    cur.append(i + 1)
                else:
                    groups.append(cur)
                    cur = [i + 1]
            groups.append(cur)
            for g in groups:
                s0, ns = g[0], len(g)
                data = None
                if wr:
                    stream = b"".join(asbus_write_stream(self.payload[16 * s:16 * s + 16]) for s in g)
                    data = to_beats(stream, nb)
                items.append(AsbusItem("asb", wr=wr, addr=self.base + 16 * s0, length=asbus_len(MODE_STATE, states=ns),
                                       data=data, nb=nb))
            return items, [False] * (len(items) - 1)
        for off, addr, beats in chunks:
            if self.test == "block":
                length = asbus_len(MODE_BLOCK, height=self.h, width=self.w)
            else:
                length = asbus_len(MODE_LINEAR, beats=beats)
            data = to_beats(self.payload[off:off + beats * nb], nb) if wr else None
            items.append(AsbusItem("asb", wr=wr, addr=addr, length=length, data=data, nb=nb))
        return items, sched

    # ------------------------------------------------------------------
    def read_back(self) -> bytes:
        """The payload as the master read it back (bus side; ASBUS cipher stream un-permuted to FIPS order)."""
        nb = self.nb
        raw = b"".join(from_beats(it.rdata, nb) for it in self.read_items)
        if self.bus == "asbus" and self.test == "cipher":
            return b"".join(asbus_read_unstream(raw[k:k + 16]) for k in range(0, len(raw), 16))
        return raw

    def check(self):
        """End-to-end check of the test: what 'wifi' read back equals what 'usb' wrote (cipher: the original
        ciphertext), no error flagged. (The scoreboard checks memory contents and every beat on its own.)"""
        for it in self.write_items + self.read_items:
            if self.bus == "axi":
                assert it.resp == 0, f"{it}: resp {it.resp}"
            else:
                assert not any(it.err), f"{it}: err flagged"
        got = self.read_back()
        assert got == self.payload, (f"{self.bus} {self.test}: read back differs from what was written "
                                     f"(first byte {next(i for i in range(len(got)) if got[i] != self.payload[i])})")


async def run_units(seqr, items, b2b):
    seq = PacedSeq(items, b2b)
    await seq.start(seqr)
