# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for the register tops of aes_iter (issue 23): ``aesf_aes_iter_axil`` (AXI4-Lite),
``aesf_aes_iter_apb`` (APB4) and ``aesf_aes_iter_wb`` (Wishbone B4 classic). The bus is recognised from the
top's ports and driven by the PyPI bus model:

* AXI4-Lite: cocotbext-axi ``AxiLiteMaster`` on ``s_axil_*``; ``--stall P``: pause generators on all five
  channels (AW / W / AR idle cycles, B / R back-pressure);
* APB4: cocotbext-apb ``ApbMaster`` on ``s_apb_*``; ``--stall P``: random idle cycles between transfers
  (the slave has no wait state). The master is bound without ``pslverr`` (its own check raises inside its
  background task, which would end the whole batch); this bench samples ``s_apb_pslverr`` itself in the
  completing cycle of every transfer;
* Wishbone: cocotbext-wishbone ``WishboneMaster`` on ``s_wb_*`` (``dat_w`` / ``dat_r`` mapped onto the
  model's ``datwr`` / ``datrd``), one classic cycle per transfer; ``--stall P``: random idle cycles before
  ``stb``.

Per vector (ECB, register map hw/aes_iter/aes_iter_regs.json): when the key differs from the loaded one,
``KEY0..``, ``CFG.KEY_LEN``, ``CTRL.KEY_LOAD``, then wait for ``irq_o`` (``IRQ_EN`` = DONE | KEY) and clear
``IRQ_STATUS``; per block ``DIN0..3``, ``CFG`` (direction), ``CTRL.START``, wait for ``irq_o``, ``STATUS``
(DONE, ERR 0, not BUSY), ``DOUT0..3``, clear ``IRQ_STATUS``.

Result fields besides the answer: ``cycles`` = the sum over the blocks of the clock edges from the edge that
completes the ``CTRL.START`` write on the bus (AXI4-Lite: B handshake; APB: end of the access phase; Wishbone:
ack) to the edge after which ``irq_o`` is high. The register block raises ``irq_o`` Nr + 2 edges after the edge
that applies the write, which is the APB completion edge and one edge before the AXI B handshake (at full
speed) and the Wishbone ack: Nr + 2 on APB, Nr + 1 on AXI4-Lite and Wishbone per block, not counting the bus
transfers of DINi / DOUTi. ``key_cycles`` likewise from ``CTRL.KEY_LOAD`` (same figures; 0 when the loaded key
was reused).

Every refused transfer (bus error), a wrong ``STATUS`` or ``irq_o`` that does not rise in time raises and
becomes an error line (the DUT is then reset).
"""
from __future__ import annotations

import logging
from collections.abc import Iterator

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge import regmap
from aesforge.sim.bench import Batch, Stall, VectorTB, VectorTimeout, cycle, reset, run_bench

REGMAP = "hw/aes_iter/aes_iter_regs.json"
KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}


def regs(path: str = REGMAP) -> tuple[dict, dict]:
    """(name -> offset, name -> {field: (lsb, width)}) from a JSON register map (arrays expanded)."""
    rs = regmap.expand(regmap.load(path))
    adr = {r["name"]: r["offset"] for r in rs}
    fld = {r["name"]: {f["name"]: (f["lsb"], f["width"]) for f in r.get("fields", [])} for r in rs}
    return adr, fld


def _pauses(p: float, seed: int) -> Iterator[bool]:
    stall = Stall(p, seed)
    while True:
        yield stall()


class AxilBus:
    """AXI4-Lite through cocotbext-axi. ``write``/``read`` return (ok, data)."""

    name = "axil"

    def __init__(self, dut, stall: float = 0.0, seed: int = 1):
        from cocotbext.axi import AxiLiteBus, AxiLiteMaster
        self.m = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk_i, dut.rst_ni, reset_active_level=False)
        for bfm in (self.m.write_if, self.m.read_if):
            bfm.log.setLevel(logging.WARNING)
        self.seed = seed
        self.set_stall(stall)

    def set_stall(self, p: float) -> None:
        """Pause probability of every channel (0: none)."""
        chans = (self.m.write_if.aw_channel, self.m.write_if.w_channel, self.m.write_if.b_channel,
                 self.m.read_if.ar_channel, self.m.read_if.r_channel)
        for i, ch in enumerate(chans):
            ch.set_pause_generator(_pauses(p, self.seed * 8 + i) if p > 0 else None)
            if p <= 0:
                ch.pause = False      # removing the generator leaves the last pause state in place

    async def write(self, addr: int, value: int, strb: int = 0xF) -> bool:
        from cocotbext.axi.constants import AxiResp
        if strb == 0xF:
            r = await self.m.write(addr, value.to_bytes(4, "little"))
            self.t_done = cycle()               # the model returns at the B handshake edge
            return r.resp == AxiResp.OKAY
        # contiguous strobes: one transfer with the AXI byte address of the first strobed byte
        lo = (strb & -strb).bit_length() - 1
        n = bin(strb).count("1")
        assert strb >> lo == (1 << n) - 1, "non-contiguous strobes"
        r = await self.m.write(addr + lo, value.to_bytes(4, "little")[lo:lo + n])
        self.t_done = cycle()
        return r.resp == AxiResp.OKAY

    async def read(self, addr: int) -> tuple[bool, int]:
        from cocotbext.axi.constants import AxiResp
        r = await self.m.read(addr, 4)
        return r.resp == AxiResp.OKAY, int.from_bytes(r.data, "little")

    def clear(self) -> None:
        pass


class ApbBusDrv:
    """APB4 through cocotbext-apb (pslverr sampled by this class, see the module doc)."""

    name = "apb"

    def __init__(self, dut, stall: float = 0.0, seed: int = 1):
        from cocotbext.apb import ApbBus, ApbMaster
        self.dut = dut
        bus = ApbBus.from_prefix(dut, "s_apb", optional_signals=["penable", "pstrb", "pprot"])
        self.m = ApbMaster(bus, dut.clk_i)
        self.m.log.setLevel(logging.WARNING)
        self.seed = seed
        self.set_stall(stall)
        self.errs: list[int] = []
        cocotb.start_soon(self._monitor())

    async def _monitor(self) -> None:
        d = self.dut
        while True:
            await RisingEdge(d.clk_i)
            if int(d.s_apb_psel.value) and int(d.s_apb_penable.value) and int(d.s_apb_pready.value):
                self.errs.append(int(d.s_apb_pslverr.value))

    def set_stall(self, p: float) -> None:
        """Probability of an idle cycle before each transfer (0: none)."""
        self.stall = Stall(p, self.seed * 8 + 1)

    async def _gap(self) -> None:
        while self.stall():
            await RisingEdge(self.dut.clk_i)

    async def write(self, addr: int, value: int, strb: int = 0xF) -> bool:
        await self._gap()
        n = len(self.errs)
        await self.m.write(addr, value, strb=strb)
        await RisingEdge(self.dut.clk_i)        # the model returns before the edge that ends the access phase
        self.t_done = cycle()                   # ... this one; the monitor has sampled it
        assert len(self.errs) == n + 1, f"APB write: {len(self.errs) - n} access phases seen"
        return not self.errs[-1]

    async def read(self, addr: int) -> tuple[bool, int]:
        await self._gap()
        n = len(self.errs)
        data = await self.m.read(addr)
        await RisingEdge(self.dut.clk_i)
        assert len(self.errs) == n + 1, f"APB read: {len(self.errs) - n} access phases seen"
        return not self.errs[-1], int.from_bytes(data, "little") if isinstance(data, bytes) else int(data)

    def clear(self) -> None:
        self.m.clear()


class WbBus:
    """Wishbone B4 classic through cocotbext-wishbone (one cycle per transfer)."""

    name = "wb"

    def __init__(self, dut, stall: float = 0.0, seed: int = 1):
        from cocotbext.wishbone import driver as wbd
        from cocotbext.wishbone.driver import WishboneMaster
        # cocotbext-wishbone writes its idle values with Immediate deposits at construction; on Icarus those
        # leave the inputs stuck for the continuous assignments behind them (the slave saw X): plain writes
        wbd.set_immediate = lambda sig, val: setattr(sig, "value", val)
        sig = {"cyc": "cyc", "stb": "stb", "we": "we", "adr": "adr", "datwr": "dat_w", "datrd": "dat_r",
               "ack": "ack"}
        self.m = WishboneMaster(dut, "s_wb", dut.clk_i, width=32, timeout=100, signals_dict=sig)
        self.m.log.setLevel(logging.WARNING)
        self.seed = seed
        self.set_stall(stall)

    def set_stall(self, p: float) -> None:
        """Probability of an idle cycle before each transfer (0: none)."""
        self.stall = Stall(p, self.seed * 8 + 2)

    async def _op(self, op) -> tuple[bool, int]:
        res = await self.m.send_cycle([op])
        assert len(res) == 1, f"Wishbone: {len(res)} replies to one transfer"
        return res[0].ack == 1, int(res[0].datrd)

    async def write(self, addr: int, value: int, strb: int = 0xF) -> bool:
        from cocotbext.wishbone.driver import WBOp
        idle = 0
        while self.stall():
            idle += 1
        ok, _ = await self._op(WBOp(adr=addr, dat=value, sel=strb, idle=idle))
        self.t_done = cycle() - 1               # the model returns one edge after the ack edge
        return ok

    async def read(self, addr: int) -> tuple[bool, int]:
        from cocotbext.wishbone.driver import WBOp
        idle = 0
        while self.stall():
            idle += 1
        return await self._op(WBOp(adr=addr, dat=None, sel=0xF, idle=idle))

    def clear(self) -> None:
        pass


def bus_for(dut, stall: float = 0.0, seed: int = 1):
    """The bus model matching the top's ports."""
    for prefix, cls in (("s_axil_awaddr", AxilBus), ("s_apb_psel", ApbBusDrv), ("s_wb_cyc", WbBus)):
        if hasattr(dut, prefix):
            return cls(dut, stall, seed)
    raise RuntimeError("no s_axil_* / s_apb_* / s_wb_* ports on the top")


class RegBusTB(VectorTB):
    """Register access by name through whichever bus the top has (shared by the register-top benches): the JSON
    map's offsets and fields, writes / reads that raise on a bus error."""

    def __init__(self, dut, path: str, stall: float = 0.0, seed: int = 1, batch: Batch | None = None):
        super().__init__(dut, batch)
        self.bus = bus_for(dut, stall, seed)
        self.adr, self.fld = regs(path)
        self.key: bytes | None = None
        self.stage = "idle"

    def field(self, reg: str, name: str, value: int) -> int:
        lsb, width = self.fld[reg][name]
        return (value >> lsb) & ((1 << width) - 1)

    def put(self, reg: str, **fields: int) -> int:
        v = 0
        for name, x in fields.items():
            lsb, width = self.fld[reg][name]
            v |= (x & ((1 << width) - 1)) << lsb
        return v

    async def wr(self, name: str, value: int) -> int:
        """Write; return the edge that completed the transfer on the bus (see ``t_done`` of the bus classes)."""
        if not await self.bus.write(self.adr[name], value):
            raise RuntimeError(f"{self.stage}: write {name} = 0x{value:x} refused (bus error)")
        return self.bus.t_done

    async def rd(self, name: str) -> int:
        ok, v = await self.bus.read(self.adr[name])
        if not ok:
            raise RuntimeError(f"{self.stage}: read {name} refused (bus error)")
        return v

    async def wait_irq(self, t0: int, budget: int = 400) -> int:
        """Edges from t0 to the first edge at which irq_o is high (sampled in ReadOnly before that edge)."""
        for _ in range(budget):
            await ReadOnly()
            if int(self.dut.irq_o.value):
                return cycle() - t0
            await RisingEdge(self.dut.clk_i)
        raise VectorTimeout(f"timeout: irq_o not high within {budget} cycles ({self.stage})")


class AesIterBusTB(RegBusTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, REGMAP, batch.stall, batch.seed, batch)

    async def recover(self) -> None:
        self.bus.clear()
        await reset(self.dut)
        self.key = None

    async def load_key(self, key: bytes) -> int:
        self.stage = "key load"
        for i in range(len(key) // 4):
            await self.wr(f"KEY{i}", int.from_bytes(key[4 * i:4 * i + 4], "little"))
        await self.wr("IRQ_EN", self.put("IRQ_EN", DONE=1, KEY=1))
        await self.wr("CFG", self.put("CFG", KEY_LEN=KEY_LEN_CODE[len(key)]))
        await self.wr("IRQ_STATUS", 0x3)         # no stale event may raise irq_o
        t0 = await self.wr("CTRL", self.put("CTRL", KEY_LOAD=1))
        n = await self.wait_irq(t0)
        await RisingEdge(self.dut.clk_i)
        st = await self.rd("STATUS")
        if (self.field("STATUS", "KEY_OK", st), self.field("STATUS", "BUSY", st), self.field("STATUS", "ERR", st)) \
                != (1, 0, 0):
            raise RuntimeError(f"STATUS 0x{st:08x} after KEY_LOAD (expected KEY_OK 1, BUSY 0, ERR 0)")
        irq = await self.rd("IRQ_STATUS")
        if irq != self.put("IRQ_STATUS", KEY=1):
            raise RuntimeError(f"IRQ_STATUS 0x{irq:x} after KEY_LOAD (expected KEY only)")
        await self.wr("IRQ_STATUS", irq)
        self.key = key
        return n

    async def block(self, blk: bytes, decrypt: bool) -> tuple[bytes, int]:
        self.stage = "block"
        for i in range(4):
            await self.wr(f"DIN{i}", int.from_bytes(blk[4 * i:4 * i + 4], "little"))
        await self.wr("CFG", self.put("CFG", KEY_LEN=KEY_LEN_CODE[len(self.key)], DECRYPT=int(decrypt)))
        t0 = await self.wr("CTRL", self.put("CTRL", START=1))
        n = await self.wait_irq(t0)
        await RisingEdge(self.dut.clk_i)
        st = await self.rd("STATUS")
        want = {"DONE": 1, "BUSY": 0, "ERR": 0, "KEY_OK": 1}
        got = {k: self.field("STATUS", k, st) for k in want}
        if got != want:
            raise RuntimeError(f"STATUS 0x{st:08x} after START: {got}, expected {want}")
        out = b""
        for i in range(4):
            out += (await self.rd(f"DOUT{i}")).to_bytes(4, "little")
        await self.wr("IRQ_STATUS", self.put("IRQ_STATUS", DONE=1))
        return out, n

    async def run_one(self, vec: dict) -> dict:
        key = bytes.fromhex(vec["key"])
        decrypt = vec["op"] == "decrypt"
        data = bytes.fromhex(vec["ct"] if decrypt else vec["pt"])
        key_cycles = await self.load_key(key) if key != self.key else 0
        out = b""
        cycles = 0
        for i in range(0, len(data), 16):
            o, n = await self.block(data[i:i + 16], decrypt)
            out += o
            cycles += n
        return {"pt" if decrypt else "ct": out.hex(), "cycles": cycles, "key_cycles": key_cycles}


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the register interface and write $AESFORGE_OUT."""
    await run_bench(dut, AesIterBusTB)
