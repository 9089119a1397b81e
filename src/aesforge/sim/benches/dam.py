# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for the seed-003 DAM tops (aesf_dam_asbus / aesf_dam_axi), plus the memory model and the
minimal ASBUS master it uses (tests/dam/dam_tb.py reuses them; the UVM-style environment is
aesforge.sim.dam_uvm).

Per vector: load the key over AXI4-Lite when it changes (``key_cycles``: KEY_CTRL write to key_ok seen), then
* ASBUS encrypt: master 0 writes the plaintext (linear), master 1 reads it back as ciphertext in state-transfer
  mode (Fig. 7 order, un-permuted here); decrypt: master 0 writes the ciphertext in state mode (decrypted into
  memory), master 1 reads the plaintext (linear).
* AXI encrypt: write the plaintext, read the cipher window (0x8000_0000 + address); decrypt: write the cipher
  window, read the plaintext.
``cycles`` = clock cycles of the cipher transfer: from its command (req / AxVALID) to its last data beat
(read) or to the last word written to memory (write).
"""
from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge, Timer
from cocotbext.axi import AxiBus, AxiLiteBus, AxiLiteMaster, AxiMaster

from aesforge.dam.order import beats, state_read_ct, state_write_stream, unbeats
from aesforge.sim.bench import Batch, VectorTB, cycle, run_bench

A_CMD, A_STATUS, A_KEY0 = 0x08, 0x0C, 0x20


class Mem:
    """The external memory: req/gnt with random grant stalls, reads returned one cycle after the grant."""

    def __init__(self, dut, w: int, aw: int, stall: float, seed: int = 1):
        self.dut, self.w, self.nb = dut, w, w // 8
        self.data = bytearray(self.nb * (1 << aw))
        self.stall = stall
        self.rng = random.Random(seed)
        self.writes = 0

    async def run(self):
        d = self.dut
        d.mem_gnt_i.value = 0
        d.mem_rvalid_i.value = 0
        d.mem_rdata_i.value = 0
        pending = None
        while True:
            gnt = int(self.rng.random() >= self.stall)
            d.mem_gnt_i.value = gnt
            await ReadOnly()
            req = int(d.mem_req_o.value)
            take = None
            if req and gnt:
                take = (int(d.mem_we_o.value), int(d.mem_addr_o.value), int(d.mem_be_o.value),
                        int(d.mem_wdata_o.value))
            await RisingEdge(d.clk_i)
            d.mem_rvalid_i.value = 0
            if pending is not None:
                d.mem_rvalid_i.value = 1
                d.mem_rdata_i.value = pending
                pending = None
            if take:
                we, addr, be, wdata = take
                base = addr * self.nb
                if we:
                    wb = wdata.to_bytes(self.nb, "little")
                    for lane in range(self.nb):
                        if be >> lane & 1:
                            self.data[base + lane] = wb[lane]
                    self.writes += 1
                else:
                    pending = int.from_bytes(self.data[base:base + self.nb], "little")


# ------------------------------------------------------------------------------------------------
# ASBUS master (minimal; the full agent is aesforge.sim.dam_uvm)
class Asbus:
    def __init__(self, dut, w: int, nm: int):
        self.d, self.w, self.nb, self.nm = dut, w, w // 8, nm
        dut.asb_req_i.value = 0
        dut.asb_addr_i.value = 0
        dut.asb_wr_i.value = 0
        dut.asb_len_i.value = 0
        dut.asb_wdata_i.value = 0
        dut.asb_wd_vld_i.value = 0
        self.lock = [False] * nm

    def _set(self, sig, m, width, val):
        cur = int(sig.value) if sig.value.is_resolvable else 0
        mask = ((1 << width) - 1) << (m * width)
        sig.value = (cur & ~mask) | ((val << (m * width)) & mask)

    async def command(self, m: int, wr: int, addr: int, length: int):
        d = self.d
        self._set(d.asb_addr_i, m, 32, addr)
        self._set(d.asb_wr_i, m, 1, wr)
        self._set(d.asb_len_i, m, 12, length)
        self._set(d.asb_req_i, m, 1, 1)
        for _ in range(1000):
            await RisingEdge(d.clk_i)
            await ReadOnly()
            if int(d.asb_gnt_o.value) >> m & 1:
                break
        else:
            raise AssertionError(f"master {m}: no gnt")
        await RisingEdge(d.clk_i)
        self._set(d.asb_req_i, m, 1, 0)

    async def write(self, m: int, addr: int, length: int, values: list[int], vld: list[int] | None = None):
        await self.command(m, 1, addr, length)
        d = self.d
        errs = 0
        for i, v in enumerate(values):
            self._set(d.asb_wdata_i, m, self.w, v)
            self._set(d.asb_wd_vld_i, m, self.nb, vld[i] if vld else (1 << self.nb) - 1)
            for _ in range(1000):
                await ReadOnly()
                ok = int(d.asb_resp_o.value) >> (2 * m + 1) & 1
                err = int(d.asb_err_o.value) >> m & 1
                await RisingEdge(d.clk_i)
                if ok:
                    errs += err
                    break
            else:
                raise AssertionError(f"master {m}: write beat {i} never taken")
        self._set(d.asb_wd_vld_i, m, self.nb, 0)
        return errs

    async def read(self, m: int, addr: int, length: int, n: int):
        await self.command(m, 0, addr, length)
        d = self.d
        out, errs = [], 0
        for _ in range(1000 + 20 * n):   # from the cycle after the gnt
            await ReadOnly()
            if int(d.asb_resp_o.value) >> (2 * m) & 1:
                out.append(int(d.asb_rdata_o.value))
                errs += int(d.asb_err_o.value) >> m & 1
            await RisingEdge(d.clk_i)
            if len(out) >= n:
                break
        assert len(out) == n, f"master {m}: {len(out)} of {n} read beats"
        return out, errs



async def start_dam(dut, mem: Mem) -> None:
    """Clock (10 ns), the memory model, reset released after 35 ns."""
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.rst_ni.value = 0
    cocotb.start_soon(mem.run())
    await Timer(35, unit="ns")
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


def dam_is_axi(dut) -> bool:
    """AXI4 front end? aesf_dam carries both buses' ports and selects one with its BUS parameter; the front-end
    tops aesf_dam_asbus / aesf_dam_axi are told apart by their ports."""
    if hasattr(dut, "BUS"):
        return int(dut.BUS.value) == 1
    return hasattr(dut, "s_axi_awvalid")


class DamBench(VectorTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.w = int(dut.W.value)
        self.nb = self.w // 8
        self.is_axi = dam_is_axi(dut)
        self.mem = Mem(dut, self.w, int(dut.MEM_AW.value), batch.stall, batch.seed)
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk_i, dut.rst_ni,
                                  reset_active_level=False)
        if self.is_axi:
            self.axi = AxiMaster(AxiBus.from_prefix(dut, "s_axi"), dut.clk_i, dut.rst_ni, reset_active_level=False)
        else:
            self.asb = Asbus(dut, self.w, int(dut.NM.value))
        self.key = None

    async def start(self):
        await start_dam(self.dut, self.mem)

    async def load_key(self, key: bytes) -> int:
        if len(key) * 8 != int(self.dut.KEY_BITS.value):
            raise ValueError(f"this instance is AES-{int(self.dut.KEY_BITS.value)}; key has {len(key)} bytes")
        for i in range(len(key) // 4):
            await self.axil.write(A_KEY0 + 4 * i, int.from_bytes(key[4 * i:4 * i + 4], "big").to_bytes(4, "little"))
        await self.axil.write(A_CMD, (2).to_bytes(4, "little"))
        t0 = cycle()
        for _ in range(100):
            r = await self.axil.read(A_STATUS, 4)
            if int.from_bytes(r.data, "little") >> 8 & 1:
                self.key = key
                return cycle() - t0
        raise RuntimeError("key_ok never rose")

    async def run_one(self, vec: dict) -> dict:
        key = bytes.fromhex(vec["key"])
        decrypt = vec["op"] == "decrypt"
        data = bytes.fromhex(vec["ct"] if decrypt else vec["pt"])
        key_cycles = await self.load_key(key) if key != self.key else 0
        n = len(data) // 16
        if n == 0:
            return {"pt" if decrypt else "ct": "", "cycles": 0, "key_cycles": key_cycles}
        spw = 16 // self.nb
        if self.is_axi:
            if decrypt:
                t0 = cycle()
                await self.axi.write(0x8000_0000, data)
                cyc = cycle() - t0
                out = bytes((await self.axi.read(0, len(data))).data)
            else:
                await self.axi.write(0, data)
                t0 = cycle()
                r = await self.axi.read(0x8000_0000, len(data))
                cyc = cycle() - t0
                out = bytes(r.data)
        else:
            if decrypt:
                w0, t0 = self.mem.writes, cycle()
                await self.asb.write(0, 0, (2 << 10) | n, beats(state_write_stream(data), self.w))
                for _ in range(1000):
                    if self.mem.writes - w0 >= n * spw:
                        break
                    await RisingEdge(self.dut.clk_i)
                cyc = cycle() - t0
                vals, _ = await self.asb.read(1, 0, n * spw, n * spw)
                out = unbeats(vals, self.w)
            else:
                await self.asb.write(0, 0, n * spw, beats(data, self.w))
                t0 = cycle()
                vals, _ = await self.asb.read(1, 0, (2 << 10) | n, n * spw)
                cyc = cycle() - t0
                out = state_read_ct(unbeats(vals, self.w))
        return {"pt" if decrypt else "ct": out.hex(), "cycles": cyc, "key_cycles": key_cycles}

    async def recover(self):
        self.key = None


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the DAM and write $AESFORGE_OUT."""
    await run_bench(dut, DamBench)
