# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for the register tops of gcm_seq (issue 23): ``aesf_gcm_seq_axil`` / ``_apb`` / ``_wb``,
driven by the PyPI bus models through the bus classes of aesforge.sim.benches.aes_iter_bus (``--stall``: random
idle cycles / AXI back-pressure on every transfer).

Per vector (register map hw/gcm_seq/gcm_seq_regs.json): when the key differs from the loaded one ``KEY0..``,
``CFG.KEY_LEN``, ``CTRL.KEY_LOAD``, wait for ``IRQ_STATUS.KEY``; then ``CFG`` (direction, TAG_LEN), ``IV_LEN``,
``AAD_LEN``, ``TXT_LEN``, ``CTRL.START`` and every beat (IV, AAD, text, decrypt: the tag) as ``DIN0..3`` +
``CTRL.PUSH`` when ``STATUS.IN_FREE``, popping ``DOUT0..3`` whenever ``STATUS.OUT_VALID`` (encrypt); at
``STATUS.DONE``: encrypt ``TAG0..3``; decrypt ``AUTH_FAIL``, and after PASS the released plaintext beats. A
decrypt FAIL must leave nothing readable: ``OUT_VALID`` 0 and ``DOUTi`` 0 (checked; the result is
``auth_ok: false`` without ``pt``). Decrypt texts longer than the buffer (16 << ``ID.BUF_LOG2`` bytes) are
refused by the hardware (ERR BUF_LEN) and become error lines.

Masked configurations (``ID.MASKED`` 1, ``AES_IMPL`` 2): after every reset ``SEED0``, ``SEED1`` and
``CTRL.RESEED`` (seed words from the batch seed), as a host must; results and cycle counts do not depend on them.

``cycles`` = clock edges from the edge completing the ``CTRL.START`` write on the bus to the edge after which
``irq_o`` (``IRQ_EN.DONE``) is high: the whole message through the registers, bus transfers included (they
depend on the bus and ``--stall``). ``key_cycles`` likewise from ``CTRL.KEY_LOAD`` (0 when the key was reused).
"""
from __future__ import annotations

import cocotb
from cocotb.triggers import RisingEdge

import random

from aesforge.sim.bench import Batch, VectorTimeout, reset, run_bench
from aesforge.sim.benches.aes_iter_bus import RegBusTB
from aesforge.sim.validate import gcm_fields

REGMAP = "hw/gcm_seq/gcm_seq_regs.json"
KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}


def beats(b: bytes) -> list[bytes]:
    return [b[i:i + 16].ljust(16, b"\0") for i in range(0, len(b), 16)]


class GcmSeqBusTB(RegBusTB):
    def __init__(self, dut, stall: float = 0.0, seed: int = 1, batch: Batch | None = None):
        super().__init__(dut, REGMAP, stall, seed, batch)
        self.seed_rng = random.Random(seed * 7919 + 23)
        self.masked: bool | None = None

    async def after_reset(self) -> None:
        await self.reseed()

    async def reseed(self, seed: bytes | None = None) -> bool:
        """SEED0, SEED1 (seed bytes 0..7; random from the batch seed when None) and CTRL.RESEED when ID.MASKED is 1;
        returns whether the configuration is masked."""
        if self.masked is None:
            self.masked = bool(self.field("ID", "MASKED", await self.rd("ID")))
        if not self.masked:
            return False
        if seed is None:
            seed = self.seed_rng.getrandbits(64).to_bytes(8, "little")
        for i in range(2):
            await self.wr(f"SEED{i}", int.from_bytes(seed[4 * i:4 * i + 4], "little"))
        await self.wr("CTRL", self.put("CTRL", RESEED=1))
        return True

    async def status(self) -> dict:
        v = await self.rd("STATUS")
        return {k: self.field("STATUS", k, v) for k in self.fld["STATUS"]}

    async def read_beat(self) -> bytes:
        out = b""
        for i in range(4):
            out += (await self.rd(f"DOUT{i}")).to_bytes(4, "little")
        await self.wr("CTRL", self.put("CTRL", POP=1))
        return out

    async def recover(self) -> None:
        self.bus.clear()
        await reset(self.dut)
        self.key = None
        await self.reseed()

    async def load_key(self, key: bytes) -> int:
        self.stage = "key load"
        for i in range(len(key) // 4):
            await self.wr(f"KEY{i}", int.from_bytes(key[4 * i:4 * i + 4], "little"))
        await self.wr("IRQ_EN", self.put("IRQ_EN", DONE=1, KEY=1))
        await self.wr("CFG", self.put("CFG", KEY_LEN=KEY_LEN_CODE[len(key)], TAG_LEN=16))
        await self.wr("IRQ_STATUS", 0x3)         # no stale event may raise irq_o
        t0 = await self.wr("CTRL", self.put("CTRL", KEY_LOAD=1))
        n = await self.wait_irq(t0, 2000)
        await RisingEdge(self.dut.clk_i)
        s = await self.status()
        if (s["KEY_OK"], s["BUSY"], s["ERR"]) != (1, 0, 0):
            raise RuntimeError(f"STATUS {s} after KEY_LOAD")
        await self.wr("IRQ_STATUS", 0x3)
        self.key = key
        return n

    async def message(self, vec: dict) -> dict:
        key, dec, iv, aad, text, tag_len = gcm_fields(vec)
        res: dict = {"key_cycles": await self.load_key(key) if key != self.key else 0}
        self.stage = "configuration"
        await self.wr("CFG", self.put("CFG", KEY_LEN=KEY_LEN_CODE[len(key)], DECRYPT=int(dec), TAG_LEN=tag_len))
        await self.wr("IV_LEN", len(iv))
        await self.wr("AAD_LEN", len(aad))
        await self.wr("TXT_LEN", len(text))
        await self.wr("IRQ_EN", self.put("IRQ_EN", DONE=1, KEY=1))
        await self.wr("IRQ_STATUS", 0x3)
        self.stage = "START"
        t0 = await self.wr("CTRL", self.put("CTRL", START=1))
        n_done = None
        ins = beats(iv) + beats(aad) + beats(text)
        if dec:
            ins.append(bytes.fromhex(vec["tag"]).ljust(16, b"\0"))
        out = b""
        self.stage = "beats"
        budget = 400 * (len(ins) + 4)
        for b in ins:
            while True:
                s = await self.status()
                if s["DONE"]:
                    raise RuntimeError(f"message ended before all beats were pushed: STATUS {s}")
                if s["OUT_VALID"]:
                    if dec:
                        raise RuntimeError("decrypt: a plaintext beat readable before DONE")
                    out += await self.read_beat()
                    continue
                if s["IN_FREE"]:
                    break
                budget -= 1
                if budget <= 0:
                    raise VectorTimeout(f"timeout: STATUS.IN_FREE not seen ({self.stage})")
            for i in range(4):
                await self.wr(f"DIN{i}", int.from_bytes(b[4 * i:4 * i + 4], "little"))
            await self.wr("CTRL", self.put("CTRL", PUSH=1))
        self.stage = "DONE"
        nbeats = -(-len(text) // 16)
        while not dec and len(out) < 16 * nbeats:
            s = await self.status()
            if s["OUT_VALID"]:
                out += await self.read_beat()
            budget -= 1
            if budget <= 0:
                raise VectorTimeout("timeout: ciphertext beats missing")
        n_done = await self.wait_irq(t0, 20000)
        await RisingEdge(self.dut.clk_i)
        s = await self.status()
        if not s["DONE"] or s["BUSY"] or s["ERR"]:
            raise RuntimeError(f"STATUS {s} at the end of the message")
        res["cycles"] = n_done
        if dec:
            if s["AUTH_FAIL"]:
                dout = [await self.rd(f"DOUT{i}") for i in range(4)]
                if s["OUT_VALID"] or any(dout):
                    raise RuntimeError("decrypt FAIL: plaintext readable")
                res["auth_ok"] = False
            else:
                pt = b""
                while len(pt) < 16 * nbeats:
                    s = await self.status()
                    if not s["OUT_VALID"]:
                        raise RuntimeError(f"decrypt PASS: {len(pt) // 16} of {nbeats} plaintext beats released")
                    pt += await self.read_beat()
                res["auth_ok"] = True
                res["pt"] = pt[:len(text)].hex()
        else:
            res["ct"] = out[:len(text)].hex()
            tag = b""
            for i in range(4):
                tag += (await self.rd(f"TAG{i}")).to_bytes(4, "little")
            res["tag"] = tag[:tag_len].hex()
        if (await self.status())["OUT_VALID"]:
            raise RuntimeError("a beat left over in DOUTi")
        await self.wr("IRQ_STATUS", 0x3)
        return res

    async def run_one(self, vec: dict) -> dict:
        return await self.message(vec)


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the register interface and write $AESFORGE_OUT."""
    await run_bench(dut, lambda d, batch: GcmSeqBusTB(d, batch.stall, batch.seed, batch))
