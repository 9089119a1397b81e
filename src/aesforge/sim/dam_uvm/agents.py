# SPDX-License-Identifier: Apache-2.0
"""Agents of the DAM environment (paper Fig. 13): sequence items, sequencers, drivers and monitors.

- :class:`AsbusAgent` (ASBUS master m: "usb" m = 0, "wifi" m = 1): the driver implements the master side of the
  pin contract (docs: /work/helper_briefs/dam_interface.md, hw/dam/README.md): command pins held until the
  registered one-cycle ``asb_gnt_o[m]``; back-to-back = req kept high with the next command in the cycle after the
  gnt is seen; write beats presented from the cycle after the gnt, each held until ``asb_resp_o[2m+1]``;
  every read beat taken when ``asb_resp_o[2m]``; ``asb_err_o[m]`` recorded with every beat.
- :class:`AxiAgent`: an AXI4 master of our own (AW/W/B, AR/R, INCR bursts, random valid and ready stalls) so the
  cycle timing is under our control; the monitor is independent of the driver (a cocotbext-axi AxiMaster may drive
  the pins instead, passive agent).
- :class:`CtrlAgent`: the micro-processor, cocotbext-axi AxiLiteMaster on ``s_axil_``.

Timing convention: every coroutine samples right after ``RisingEdge(clk)`` (the values of the cycle that just
ended) and drives the values of the next cycle in the same time step. ``cycle(dut)`` numbers the cycle ending at
the current edge; all cycle stamps (``*.cycle``) use it.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

import cocotb
from cocotb.queue import Queue
from cocotb.triggers import Event, RisingEdge
from cocotb.utils import get_sim_time
from pyuvm import (ConfigDB, uvm_agent, uvm_analysis_port, uvm_driver, uvm_monitor, uvm_sequence_item,
                   uvm_sequencer)

from . import asbus_decode

PERIOD_NS = 10


def cycle_now() -> int:
    """Index of the clock cycle that ended at the current rising edge (edges every PERIOD_NS from time 0)."""
    return int(get_sim_time(unit="ns")) // PERIOD_NS - 1


def sig(h) -> int:
    """Integer value of a handle; X/Z read as 0 (only before reset)."""
    try:
        return int(h.value)
    except ValueError:
        return 0


@dataclass
class DamCfg:
    """Environment configuration (ConfigDB key "DAM_CFG")."""
    bus: str                      # "asbus" | "axi"
    W: int = 32
    MEM_AW: int = 8
    NM: int = 2
    seed: int = 1
    # memory phy
    gnt_stall: float = 0.0        # probability of gnt = 0 in a cycle
    rd_lat: tuple[int, int] = (1, 1)  # read latency range (cycles after the gnt), in order
    # masters
    wr_stall: float = 0.0         # ASBUS: probability of an idle (wd_vld = 0) cycle before each write beat
    cmd_gap: float = 0.0          # probability of an idle (req / a*valid low) cycle before each command
    valid_stall: float = 0.0      # AXI: probability of wvalid low before each W beat
    ready_stall: float = 0.0      # AXI: probability of rready / bready low in a cycle
    axi_driver: bool = True       # False: our AXI driver stays passive (cocotbext-axi AxiMaster drives)
    errors: list = field(default_factory=list)   # protocol violations seen by any monitor / driver
    reset_done: Event | None = None

    @property
    def nb(self) -> int:
        return self.W // 8

    @property
    def mem_bytes(self) -> int:
        return (1 << self.MEM_AW) * self.nb

    def violation(self, msg: str) -> None:
        self.errors.append(f"cycle {cycle_now()}: {msg}")


class SharedVec:
    """A DUT input vector driven slice by slice by several drivers (e.g. asb_req_i[NM-1:0])."""

    def __init__(self, handle, width: int):
        self.h, self.width, self.v = handle, width, 0
        self.h.value = 0

    def set(self, idx: int, value: int) -> None:
        mask = ((1 << self.width) - 1) << (idx * self.width)
        self.v = (self.v & ~mask) | ((value << (idx * self.width)) & mask)
        self.h.value = self.v


_SHARED: dict = {}


def shared(dut, name: str, width: int) -> SharedVec:
    key = (id(dut), name)
    if key not in _SHARED:
        _SHARED[key] = SharedVec(getattr(dut, name), width)
    return _SHARED[key]


def reset_shared() -> None:
    _SHARED.clear()


def _cfg_dut(comp):
    return ConfigDB().get(comp, "", "DAM_CFG"), ConfigDB().get(comp, "", "DUT")


# =============================================================================================================
# ASBUS
# =============================================================================================================
class AsbusItem(uvm_sequence_item):
    """One ASBUS command. Write: ``data``/``vld`` per beat (already in bus order, state mode permuted by the
    sequence). Results: ``rdata``/``err`` per beat, cycle stamps, events ``granted``, ``beats_done`` and
    ``mem_done`` (write: its last byte written to memory, set by the scoreboard; read: = beats_done)."""

    def __init__(self, name="asbus_item", wr=True, addr=0, length=0, data=None, vld=None, nb=4):
        super().__init__(name)
        self.wr, self.addr, self.length = bool(wr), addr, length
        self.mode, self.beats, _, _ = asbus_decode(length, nb)
        self.data = list(data or [])
        full = (1 << nb) - 1
        self.vld = list(vld) if vld is not None else [full] * len(self.data)
        if self.wr:
            assert len(self.data) == self.beats, f"write item: {len(self.data)} beats != LEN {self.beats}"
        self.rdata: list[int] = []
        self.err: list[int] = []
        self.req_cycle = self.gnt_cycle = self.last_cycle = None
        self.granted, self.beats_done, self.mem_done = Event(), Event(), Event()

    async def wait_done(self):
        await self.beats_done.wait()
        if self.wr:
            await self.mem_done.wait()

    def __str__(self):
        return (f"ASBUS {'WR' if self.wr else 'RD'} addr=0x{self.addr:x} len=0x{self.length:03x} "
                f"({self.beats} beats)")


class AsbusDriver(uvm_driver):
    def __init__(self, name, parent, m=0):
        super().__init__(name, parent)
        self.m = m

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.rng = random.Random(self.cfg.seed * 7919 + 17 * self.m + 1)
        self.cmd_q: Queue = Queue()
        self.wq: Queue = Queue()
        self.rq: deque = deque()
        self.granted_writes: deque = deque()   # granted write items waiting for the scoreboard's "in memory"
        self.presenting = None                 # the item on the command pins, not yet granted

    async def run_phase(self):
        d, nm, w = self.dut, self.cfg.NM, self.cfg.W
        self.p_req = shared(d, "asb_req_i", 1)
        self.p_wr = shared(d, "asb_wr_i", 1)
        self.p_addr = shared(d, "asb_addr_i", 32)
        self.p_len = shared(d, "asb_len_i", 12)
        self.p_wdata = shared(d, "asb_wdata_i", w)
        self.p_vld = shared(d, "asb_wd_vld_i", w // 8)
        await self.cfg.reset_done.wait()
        cocotb.start_soon(self._cmd_loop())
        cocotb.start_soon(self._wdata_loop())
        cocotb.start_soon(self._rdata_loop())
        while True:
            item = await self.seq_item_port.get_next_item()
            self.cmd_q.put_nowait(item)
            self.seq_item_port.item_done()

    def _gap(self, p: float) -> int:
        n = 0
        while p and self.rng.random() < p and n < 50:
            n += 1
        return n

    async def _cmd_loop(self):
        m, clk = self.m, self.dut.clk_i
        while True:
            if self.cmd_q.empty():
                self.p_req.set(m, 0)
                item = await self.cmd_q.get()
            else:
                item = self.cmd_q.get_nowait()
            gap = self._gap(self.cfg.cmd_gap)
            if gap:
                self.p_req.set(m, 0)
                for _ in range(gap):
                    await RisingEdge(clk)
            self.p_req.set(m, 1)
            self.p_addr.set(m, item.addr)
            self.p_wr.set(m, int(item.wr))
            self.p_len.set(m, item.length)
            item.req_cycle = cycle_now() + 1
            self.presenting = item
            while True:
                await RisingEdge(clk)
                if (sig(self.dut.asb_gnt_o) >> m) & 1:
                    break
            self.presenting = None
            self._on_gnt(item)

    def _on_gnt(self, item):
        """Idempotent: the cmd loop or (a read beat in the gnt cycle itself) the read loop calls it."""
        if item.gnt_cycle is not None:
            return
        item.gnt_cycle = cycle_now()
        if item.wr:
            self.granted_writes.append(item)
            self.wq.put_nowait(item)
        else:
            self.rq.append(item)
        item.granted.set()

    async def _wdata_loop(self):
        m, clk, d = self.m, self.dut.clk_i, self.dut
        while True:
            item = await self.wq.get()
            for data, vld in zip(item.data, item.vld):
                gap = self._gap(self.cfg.wr_stall)
                if gap:
                    self.p_vld.set(m, 0)
                    for _ in range(gap):
                        await RisingEdge(clk)
                self.p_wdata.set(m, data)
                self.p_vld.set(m, vld)
                while True:
                    await RisingEdge(clk)
                    if (sig(d.asb_resp_o) >> (2 * m + 1)) & 1:
                        break
                item.err.append((sig(d.asb_err_o) >> m) & 1)
                self.p_vld.set(m, 0)
            item.last_cycle = cycle_now()
            item.beats_done.set()

    async def _rdata_loop(self):
        m, clk, d = self.m, self.dut.clk_i, self.dut
        while True:
            await RisingEdge(clk)
            if not (sig(d.asb_resp_o) >> (2 * m)) & 1:
                continue
            p = self.presenting
            if not self.rq and p is not None and not p.wr and (sig(d.asb_gnt_o) >> m) & 1:
                self._on_gnt(p)   # beat in the gnt cycle (the scoreboard reports it as a contract violation)
            if not self.rq:
                self.cfg.violation(f"ASBUS master {m}: read beat (resp[{2 * m}]) with no granted read command")
                continue
            item = self.rq[0]
            item.rdata.append(sig(d.asb_rdata_o))
            item.err.append((sig(d.asb_err_o) >> m) & 1)
            if len(item.rdata) == item.beats:
                self.rq.popleft()
                item.last_cycle = cycle_now()
                item.beats_done.set()
                item.mem_done.set()


@dataclass
class AsbusObs:
    """What the ASBUS monitor saw: kind "cmd" (at the gnt), "wbeat" or "rbeat"."""
    kind: str
    m: int
    cycle: int
    wr: int = 0
    addr: int = 0
    length: int = 0
    data: int = 0
    vld: int = 0
    err: int = 0


class AsbusMonitor(uvm_monitor):
    """Passive: samples master m's pins every cycle, publishes AsbusObs on ``ap``; protocol checks (gnt only
    after a request, one-cycle gnt pulse, command stable while req until gnt, one write-ready / read-valid
    owner at a time)."""

    def __init__(self, name, parent, m=0):
        super().__init__(name, parent)
        self.m = m
        self.first_req = None   # cycle of the first req after arm()

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.ap = uvm_analysis_port("ap", self)

    def arm(self):
        self.first_req = None

    async def run_phase(self):
        d, m, nb, w = self.dut, self.m, self.cfg.nb, self.cfg.W
        await self.cfg.reset_done.wait()
        prev = None        # (req, wr, addr, len) of the previous cycle
        prev_gnt = 0
        while True:
            await RisingEdge(d.clk_i)
            c = cycle_now()
            req = (sig(d.asb_req_i) >> m) & 1
            cmd = (req, (sig(d.asb_wr_i) >> m) & 1, (sig(d.asb_addr_i) >> (32 * m)) & 0xFFFFFFFF,
                   (sig(d.asb_len_i) >> (12 * m)) & 0xFFF)
            gnt = (sig(d.asb_gnt_o) >> m) & 1
            resp = sig(d.asb_resp_o)
            err = (sig(d.asb_err_o) >> m) & 1
            if req and self.first_req is None:
                self.first_req = c
            if gnt:
                if prev_gnt:
                    self.cfg.violation(f"ASBUS gnt[{m}] high two cycles in a row")
                if prev is None or not prev[0]:
                    self.cfg.violation(f"ASBUS gnt[{m}] without a request in the previous cycle")
                else:
                    if cmd[1:] != prev[1:] or not req:
                        self.cfg.violation(f"ASBUS master {m}: command changed in its gnt cycle (monitor bug?)")
                    self.ap.write(AsbusObs("cmd", m, c, wr=prev[1], addr=prev[2], length=prev[3]))
            elif prev is not None and prev[0] and not prev_gnt and req and cmd != prev:
                self.cfg.violation(f"ASBUS master {m}: command pins changed while waiting for gnt")
            if m == 0:
                wrs = [(resp >> (2 * k + 1)) & 1 for k in range(self.cfg.NM)]
                rds = [(resp >> (2 * k)) & 1 for k in range(self.cfg.NM)]
                if sum(wrs) > 1 or sum(rds) > 1:
                    self.cfg.violation(f"ASBUS resp 0b{resp:b}: more than one write-ready or read-valid owner")
            vld = (sig(d.asb_wd_vld_i) >> (nb * m)) & ((1 << nb) - 1)
            if vld and (resp >> (2 * m + 1)) & 1:
                data = (sig(d.asb_wdata_i) >> (w * m)) & ((1 << w) - 1)
                self.ap.write(AsbusObs("wbeat", m, c, data=data, vld=vld, err=err))
            if (resp >> (2 * m)) & 1:
                self.ap.write(AsbusObs("rbeat", m, c, data=sig(d.asb_rdata_o), err=err))
            prev = cmd
            prev_gnt = gnt


class AsbusAgent(uvm_agent):
    def __init__(self, name, parent, m=0):
        super().__init__(name, parent)
        self.m = m

    def build_phase(self):
        self.seqr = uvm_sequencer("seqr", self)
        self.driver = AsbusDriver("driver", self, self.m)
        self.monitor = AsbusMonitor("monitor", self, self.m)

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.seqr.seq_item_export)


# =============================================================================================================
# AXI4
# =============================================================================================================
class AxiItem(uvm_sequence_item):
    """One AXI4 burst. ``addr`` byte address (bit 31 = cipher window), ``beats`` 1..256, ``size`` log2 bytes
    (default full width), ``burst`` 0 FIXED / 1 INCR / 2 WRAP. Results: ``resp`` (write: bresp, read: list of
    rresp), ``rdata``, ``rlast``, ``bid``/``rid``, ``done``."""

    def __init__(self, name="axi_item", wr=True, addr=0, beats=1, data=None, strb=None, nb=4, size=None,
                 burst=1, axid=0):
        super().__init__(name)
        self.wr, self.addr, self.beats, self.burst, self.axid = bool(wr), addr, beats, burst, axid
        self.size = (nb.bit_length() - 1) if size is None else size
        self.data = list(data or [])
        self.strb = list(strb) if strb is not None else [(1 << nb) - 1] * len(self.data)
        if self.wr:
            assert len(self.data) == beats
        self.resp = None
        self.rresp: list[int] = []
        self.rdata: list[int] = []
        self.rlast: list[int] = []
        self.rid: list[int] = []
        self.bid = None
        self.first_cycle = self.last_cycle = None
        self.done = Event()

    async def wait_done(self):
        await self.done.wait()

    def __str__(self):
        return f"AXI {'WR' if self.wr else 'RD'} addr=0x{self.addr:08x} beats={self.beats} size={self.size} burst={self.burst}"


class AxiDriver(uvm_driver):
    """AXI4 master: AW and W of a burst presented together (W never waits for AWREADY), the next burst's AW
    the cycle after the previous AW handshake, W beats back to back; B / R collected in order."""

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.rng = random.Random(self.cfg.seed * 104729 + 5)
        self.aw_q: Queue = Queue()
        self.w_q: Queue = Queue()
        self.ar_q: Queue = Queue()
        self.b_pend: deque = deque()
        self.r_pend: deque = deque()

    def _gap(self, p: float) -> int:
        n = 0
        while p and self.rng.random() < p and n < 50:
            n += 1
        return n

    async def run_phase(self):
        d = self.dut
        for s in ("awvalid", "wvalid", "arvalid", "bready", "rready", "awid", "awaddr", "awlen", "awsize",
                  "awburst", "wdata", "wstrb", "wlast", "arid", "araddr", "arlen", "arsize", "arburst"):
            if self.cfg.axi_driver:
                getattr(d, "s_axi_" + s).value = 0
        for s in ("awlock", "awcache", "awprot", "arlock", "arcache", "arprot", "awqos", "arqos"):
            if self.cfg.axi_driver and hasattr(d, "s_axi_" + s):
                getattr(d, "s_axi_" + s).value = 0
        await self.cfg.reset_done.wait()
        if not self.cfg.axi_driver:
            return
        for co in (self._aw_loop, self._w_loop, self._b_loop, self._ar_loop, self._r_loop):
            cocotb.start_soon(co())
        while True:
            item = await self.seq_item_port.get_next_item()
            if item.wr:
                self.aw_q.put_nowait(item)
                self.w_q.put_nowait(item)
                self.b_pend.append(item)
            else:
                self.ar_q.put_nowait(item)
                self.r_pend.append(item)
            self.seq_item_port.item_done()

    async def _addr_loop(self, q, p):
        d = self.dut
        valid, ready = getattr(d, f"s_axi_{p}valid"), getattr(d, f"s_axi_{p}ready")
        while True:
            if q.empty():
                valid.value = 0
                item = await q.get()
            else:
                item = q.get_nowait()
            gap = self._gap(self.cfg.cmd_gap)
            if gap:
                valid.value = 0
                for _ in range(gap):
                    await RisingEdge(d.clk_i)
            getattr(d, f"s_axi_{p}id").value = item.axid
            getattr(d, f"s_axi_{p}addr").value = item.addr
            getattr(d, f"s_axi_{p}len").value = item.beats - 1
            getattr(d, f"s_axi_{p}size").value = item.size
            getattr(d, f"s_axi_{p}burst").value = item.burst
            valid.value = 1
            item.first_cycle = cycle_now() + 1
            while True:
                await RisingEdge(d.clk_i)
                if sig(ready):
                    break

    async def _aw_loop(self):
        await self._addr_loop(self.aw_q, "aw")

    async def _ar_loop(self):
        await self._addr_loop(self.ar_q, "ar")

    async def _w_loop(self):
        d = self.dut
        while True:
            item = await self.w_q.get()
            for k, (data, strb) in enumerate(zip(item.data, item.strb)):
                gap = self._gap(self.cfg.valid_stall)
                if gap:
                    d.s_axi_wvalid.value = 0
                    for _ in range(gap):
                        await RisingEdge(d.clk_i)
                d.s_axi_wdata.value = data
                d.s_axi_wstrb.value = strb
                d.s_axi_wlast.value = int(k == item.beats - 1)
                d.s_axi_wvalid.value = 1
                while True:
                    await RisingEdge(d.clk_i)
                    if sig(d.s_axi_wready):
                        break
                d.s_axi_wvalid.value = 0

    async def _resp_loop(self, p):
        d = self.dut
        valid, ready = getattr(d, f"s_axi_{p}valid"), getattr(d, f"s_axi_{p}ready")
        pend = self.b_pend if p == "b" else self.r_pend
        ready.value = 1
        while True:
            await RisingEdge(d.clk_i)
            if sig(valid) and sig(ready):
                if not pend:
                    self.cfg.violation(f"AXI {p.upper()} handshake with nothing outstanding")
                else:
                    item = pend[0]
                    if p == "b":
                        item.resp, item.bid = sig(d.s_axi_bresp), sig(d.s_axi_bid)
                        pend.popleft()
                        item.last_cycle = cycle_now()
                        item.done.set()
                    else:
                        item.rdata.append(sig(d.s_axi_rdata))
                        item.rresp.append(sig(d.s_axi_rresp))
                        item.rlast.append(sig(d.s_axi_rlast))
                        item.rid.append(sig(d.s_axi_rid))
                        if len(item.rdata) == item.beats:
                            pend.popleft()
                            item.resp = max(item.rresp)
                            item.last_cycle = cycle_now()
                            item.done.set()
            ready.value = int(not (self.cfg.ready_stall and self.rng.random() < self.cfg.ready_stall))

    async def _b_loop(self):
        await self._resp_loop("b")

    async def _r_loop(self):
        await self._resp_loop("r")


@dataclass
class AxiObs:
    kind: str          # aw, w, b, ar, r
    cycle: int
    axid: int = 0
    addr: int = 0
    beats: int = 0
    size: int = 0
    burst: int = 0
    data: int = 0
    strb: int = 0
    last: int = 0
    resp: int = 0


class AxiMonitor(uvm_monitor):
    """Passive AXI4 monitor: every handshake of the five channels as AxiObs on ``ap``; checks valid/payload
    stability while valid && !ready on the slave-driven channels B and R."""

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.ap = uvm_analysis_port("ap", self)
        self.first_req = None

    def arm(self):
        self.first_req = None

    async def run_phase(self):
        d = self.dut
        await self.cfg.reset_done.wait()
        pend_b = pend_r = None
        while True:
            await RisingEdge(d.clk_i)
            c = cycle_now()
            awv, arv = sig(d.s_axi_awvalid), sig(d.s_axi_arvalid)
            if (awv or arv) and self.first_req is None:
                self.first_req = c
            if awv and sig(d.s_axi_awready):
                self.ap.write(AxiObs("aw", c, axid=sig(d.s_axi_awid), addr=sig(d.s_axi_awaddr),
                                     beats=sig(d.s_axi_awlen) + 1, size=sig(d.s_axi_awsize),
                                     burst=sig(d.s_axi_awburst)))
            if sig(d.s_axi_wvalid) and sig(d.s_axi_wready):
                self.ap.write(AxiObs("w", c, data=sig(d.s_axi_wdata), strb=sig(d.s_axi_wstrb),
                                     last=sig(d.s_axi_wlast)))
            bv, rv = sig(d.s_axi_bvalid), sig(d.s_axi_rvalid)
            b = (sig(d.s_axi_bid), sig(d.s_axi_bresp)) if bv else None
            r = (sig(d.s_axi_rid), sig(d.s_axi_rdata), sig(d.s_axi_rresp), sig(d.s_axi_rlast)) if rv else None
            if pend_b is not None and b != pend_b:
                self.cfg.violation(f"AXI B changed/dropped while bvalid && !bready: {pend_b} -> {b}")
            if pend_r is not None and r != pend_r:
                self.cfg.violation(f"AXI R changed/dropped while rvalid && !rready: {pend_r} -> {r}")
            if bv and sig(d.s_axi_bready):
                self.ap.write(AxiObs("b", c, axid=b[0], resp=b[1]))
                pend_b = None
            else:
                pend_b = b
            if rv and sig(d.s_axi_rready):
                self.ap.write(AxiObs("r", c, axid=r[0], data=r[1], resp=r[2], last=r[3]))
                pend_r = None
            else:
                pend_r = r
            if sig(d.s_axi_arvalid) and sig(d.s_axi_arready):
                self.ap.write(AxiObs("ar", c, axid=sig(d.s_axi_arid), addr=sig(d.s_axi_araddr),
                                     beats=sig(d.s_axi_arlen) + 1, size=sig(d.s_axi_arsize),
                                     burst=sig(d.s_axi_arburst)))


class AxiAgent(uvm_agent):
    def build_phase(self):
        self.seqr = uvm_sequencer("seqr", self)
        self.driver = AxiDriver("driver", self)
        self.monitor = AxiMonitor("monitor", self)

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.seqr.seq_item_export)


# =============================================================================================================
# Control (micro-processor): AXI4-Lite
# =============================================================================================================
class CtrlItem(uvm_sequence_item):
    """One register access: op "write"/"read", register ``addr`` (byte), ``data``; result ``resp``/``data``."""

    def __init__(self, name="ctrl_item", op="write", addr=0, data=0):
        super().__init__(name)
        self.op, self.addr, self.data = op, addr, data
        self.resp = None

    def __str__(self):
        return f"CTRL {self.op} 0x{self.addr:02x} = 0x{self.data:08x} resp={self.resp}"


class CtrlDriver(uvm_driver):
    """Drives CtrlItems through a cocotbext-axi AxiLiteMaster; every completed access is published on ``ap``
    (the AXI4-Lite BFM is its own monitor: the scoreboard learns the key and BLOCK_PITCH from it)."""

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.ap = uvm_analysis_port("ap", self)

    async def run_phase(self):
        import logging

        from cocotbext.axi import AxiLiteBus, AxiLiteMaster

        d = self.dut
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(d, "s_axil"), d.clk_i, d.rst_ni, reset_active_level=False)
        self.axil.write_if.log.setLevel(logging.WARNING)
        self.axil.read_if.log.setLevel(logging.WARNING)
        await self.cfg.reset_done.wait()
        while True:
            item = await self.seq_item_port.get_next_item()
            if item.op == "write":
                r = await self.axil.write(item.addr, int(item.data).to_bytes(4, "little"))
            else:
                r = await self.axil.read(item.addr, 4)
                item.data = int.from_bytes(r.data, "little")
            item.resp = int(r.resp)
            self.ap.write(item)
            self.seq_item_port.item_done()


class CtrlAgent(uvm_agent):
    def build_phase(self):
        self.seqr = uvm_sequencer("seqr", self)
        self.driver = CtrlDriver("driver", self)

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.seqr.seq_item_export)
