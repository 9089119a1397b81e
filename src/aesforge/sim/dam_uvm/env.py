# SPDX-License-Identifier: Apache-2.0
"""DAM environment: the memory phy agent (memory model + monitor), the scoreboard (golden model prediction of
every memory write and every read beat), the register map helper and :class:`DamEnv` that puts the paper's
Fig. 13 together (control agent, memory agent, "usb"/"wifi" ASBUS masters or the AXI master, scoreboard).

Scoreboard predictions come from the BUS side only (commands and beats seen by the bus monitors, register
accesses seen by the control agent, the initial memory image) through the golden model
(:class:`aesforge.model.aes.AES`); they are compared with what the memory monitor sees on ``mem_*`` and with the
read beats the bus monitors see. Nothing is compared with itself.
"""
from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass

import cocotb
from cocotb.triggers import RisingEdge
from pyuvm import (ConfigDB, uvm_agent, uvm_analysis_port, uvm_component, uvm_env, uvm_monitor, uvm_subscriber,
                   uvm_test)

from aesforge.model.aes import AES
from aesforge.paths import repo_root

from . import (MODE_RESERVED, MODE_STATE, GoldenMemory, asbus_beat_addrs, asbus_decode, asbus_read_stream,
               asbus_write_unstream, to_beats)
from .agents import PERIOD_NS as PERIOD_NS_
from .agents import AsbusAgent, AxiAgent, CtrlAgent, _cfg_dut, cycle_now, sig

OKAY, SLVERR = 0, 2


# =============================================================================================================
# Register map
# =============================================================================================================
# Fallback = hw/dam/rtl/aesf_dam_regs.v as first seen (the JSON source wins when it exists)
_FALLBACK = {
    "ID": 0x00, "CTRL": 0x04, "CMD": 0x08, "STATUS": 0x0C, "DMA_SRC": 0x10, "DMA_DST": 0x14,
    "DMA_NSTATES": 0x18, "BLOCK_PITCH": 0x1C, **{f"KEY{i}": 0x20 + 4 * i for i in range(8)},
}
_FALLBACK_FIELDS = {
    ("CMD", "GO"): (0, 1), ("CMD", "KEY_LOAD"): (1, 1), ("CMD", "ZEROIZE"): (2, 1),
    ("STATUS", "BUSY"): (0, 1), ("STATUS", "DONE"): (1, 1), ("STATUS", "ERR"): (2, 1),
    ("STATUS", "ERR_CODE"): (4, 4), ("STATUS", "KEY_OK"): (8, 1), ("STATUS", "KEY_BUSY"): (9, 1),
    ("CTRL", "OP"): (0, 2), ("CTRL", "IRQ_EN"): (2, 1),
}
_ALIASES = {"PITCH": "BLOCK_PITCH", "SRC": "DMA_SRC", "DST": "DMA_DST", "NSTATES": "DMA_NSTATES",
            "LOAD": "KEY_LOAD"}


class Regs:
    """Register offsets and fields from hw/dam/dam_regs.json (fallback: the table above)."""

    def __init__(self):
        self.addr = dict(_FALLBACK)
        self.fields = dict(_FALLBACK_FIELDS)
        self.source = "fallback"
        path = repo_root() / "hw/dam/dam_regs.json"
        if path.is_file():
            from aesforge import regmap

            d = regmap.load("hw/dam/dam_regs.json")
            self.addr, self.fields = {}, {}
            for r in regmap.expand(d):
                name = _ALIASES.get(r["name"], r["name"])
                self.addr[name] = r["offset"]
                for f in r.get("fields", []):
                    self.fields[(name, _ALIASES.get(f["name"], f["name"]))] = (f["lsb"], f["width"])
            self.source = "hw/dam/dam_regs.json"

    def __getitem__(self, name: str) -> int:
        return self.addr[_ALIASES.get(name, name)]

    def name_of(self, addr: int) -> str | None:
        for k, v in self.addr.items():
            if v == addr:
                return k
        return None

    def get(self, reg: str, fld: str, value: int) -> int:
        lsb, w = self.fields[(reg, fld)]
        return (value >> lsb) & ((1 << w) - 1)

    def val(self, reg: str, **flds) -> int:
        v = 0
        for k, x in flds.items():
            lsb, w = self.fields[(reg, k)]
            v |= (x & ((1 << w) - 1)) << lsb
        return v


# =============================================================================================================
# Memory phy agent
# =============================================================================================================
@dataclass
class MemObs:
    we: int
    addr: int      # word address
    be: int
    data: int
    cycle: int


class MemResponder(uvm_component):
    """The external memory: a byte array of 2^MEM_AW words; gnt low with probability ``gnt_stall``; read data
    returned in order ``rd_lat`` (random in the range) cycles after the gnt, pipelined."""

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.rng = random.Random(self.cfg.seed * 31 + 3)
        init_rng = random.Random(self.cfg.seed * 97 + 11)
        self.mem = bytearray(init_rng.randrange(256) for _ in range(self.cfg.mem_bytes))
        self.init = bytes(self.mem)

    async def run_phase(self):
        d, nb = self.dut, self.cfg.nb
        d.mem_gnt_i.value = 0
        d.mem_rvalid_i.value = 0
        d.mem_rdata_i.value = 0
        await self.cfg.reset_done.wait()
        ret: dict[int, int] = {}
        last_ret = -1
        gnt = 0
        while True:
            await RisingEdge(d.clk_i)
            c = cycle_now()
            if sig(d.mem_req_o) and gnt:
                a = sig(d.mem_addr_o) * nb
                if sig(d.mem_we_o):
                    be, wd = sig(d.mem_be_o), sig(d.mem_wdata_o).to_bytes(nb, "little")
                    for i in range(nb):
                        if (be >> i) & 1:
                            self.mem[a + i] = wd[i]
                else:
                    lo, hi = self.cfg.rd_lat
                    t = max(c + self.rng.randint(lo, hi), last_ret + 1)
                    ret[t] = int.from_bytes(self.mem[a:a + nb], "little")
                    last_ret = t
            gnt = 0 if (self.cfg.gnt_stall and self.rng.random() < self.cfg.gnt_stall) else 1
            d.mem_gnt_i.value = gnt
            if c + 1 in ret:
                d.mem_rvalid_i.value = 1
                d.mem_rdata_i.value = ret.pop(c + 1)
            else:
                d.mem_rvalid_i.value = 0


class MemMonitor(uvm_monitor):
    """Every granted memory access as MemObs on ``ap``; checks that req/we/addr/be/wdata stay stable while
    req && !gnt, and that rvalid never comes without an outstanding read."""

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.ap = uvm_analysis_port("ap", self)
        self.last_write_cycle = None
        self.n_writes = 0

    async def run_phase(self):
        d = self.dut
        await self.cfg.reset_done.wait()
        held = None
        outstanding = 0
        while True:
            await RisingEdge(d.clk_i)
            c = cycle_now()
            req, gnt = sig(d.mem_req_o), sig(d.mem_gnt_i)
            if sig(d.mem_rvalid_i):
                outstanding -= 1
                if outstanding < 0:
                    self.cfg.violation("memory rvalid without an outstanding read (memory model bug)")
            cur = (sig(d.mem_we_o), sig(d.mem_addr_o), sig(d.mem_be_o), sig(d.mem_wdata_o)) if req else None
            if held is not None:
                we = held[0]
                if cur is None or cur[0] != we or cur[1] != held[1] or (we and cur[2:] != held[2:]):
                    self.cfg.violation(f"mem_* changed while req && !gnt: {held} -> {cur}")
            if req and gnt:
                if cur[0]:
                    self.last_write_cycle = c
                    self.n_writes += 1
                else:
                    outstanding += 1
                self.ap.write(MemObs(cur[0], cur[1], cur[2], cur[3], c))
                held = None
            else:
                held = cur


class MemAgent(uvm_agent):
    def build_phase(self):
        self.responder = MemResponder("responder", self)
        self.monitor = MemMonitor("monitor", self)


# =============================================================================================================
# Scoreboard
# =============================================================================================================
class _Cmd:
    """A bus transfer being predicted (ASBUS command or AXI burst)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)
        self.seen = 0          # data beats seen
        self.pending = 0       # predicted memory writes not yet matched
        self.buf = b""         # state bytes being assembled
        self.done_reported = False


class DamScoreboard(uvm_component):
    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.regs = ConfigDB().get(self, "", "DAM_REGS")
        Imp = uvm_subscriber.uvm_AnalysisImp
        self.ctrl_export = Imp("ctrl_export", self, self.on_ctrl)
        self.bus_export = Imp("bus_export", self, self.on_bus)
        self.axi_export = Imp("axi_export", self, self.on_axi)
        self.mem_export = Imp("mem_export", self, self.on_mem)
        self.errors: list[str] = []
        self.key_words = [0] * 8
        self.aes: AES | None = None
        self.pitch = 64
        self.dma = {"CTRL": 0, "DMA_SRC": 0, "DMA_DST": 0, "DMA_NSTATES": 0}
        self.seq = 0
        self.wcmds: deque = deque()
        self.rcmds: deque = deque()
        self.bq: deque = deque()           # AXI bursts waiting for B
        self.wbeats: deque = deque()       # AXI W beats not yet assigned to an AW
        self.exp: deque = deque()          # predicted memory writes (word addr, be, data, cmd)
        self.act: deque = deque()          # observed memory writes
        self.write_done_cb = None          # f(master) when an ASBUS write command is complete in memory
        self.n_checked = {"mem_writes": 0, "read_beats": 0, "write_beats": 0, "b": 0}
        self.golden: GoldenMemory | None = None

    def set_init(self, init: bytes):
        self.golden = GoldenMemory(init)

    def error(self, msg: str):
        msg = f"cycle {cycle_now()}: {msg}"
        if len(self.errors) < 50:
            self.logger.error(msg)
        self.errors.append(msg)

    # ---------------------------------------------------------------- control
    def on_ctrl(self, item):
        if item.op != "write" or item.resp != OKAY:
            return
        name = self.regs.name_of(item.addr)
        if name is None:
            return
        if name.startswith("KEY") and name[3:].isdigit():
            self.key_words[int(name[3:])] = item.data
        elif name == "BLOCK_PITCH":
            self.pitch = item.data
        elif name in self.dma:
            self.dma[name] = item.data
        elif name == "CMD":
            if self.regs.get("CMD", "GO", item.data):
                self._dma_go()
            if self.regs.get("CMD", "KEY_LOAD", item.data):
                key = b"".join(w.to_bytes(4, "big") for w in self.key_words[:4])
                self.aes = AES(key)
                self.key_words = [0] * 8
            if self.regs.get("CMD", "ZEROIZE", item.data):
                self.aes = None
                self.key_words = [0] * 8

    # ---------------------------------------------------------------- DMA (memory to memory)
    def _dma_go(self):
        """CMD.GO accepted: predict the DMA's memory writes (op 0 copy, 1 encrypt, 2 decrypt; nstates states
        from DMA_SRC to DMA_DST). Refused starts (misaligned, out of range, overlapping, no key) write nothing."""
        nb, size = self.cfg.nb, self.cfg.mem_bytes
        op = self.regs.get("CTRL", "OP", self.dma["CTRL"])
        src, dst, n = self.dma["DMA_SRC"], self.dma["DMA_DST"], self.dma["DMA_NSTATES"]
        if (op == 3 or src % 16 or dst % 16 or n == 0 or src + 16 * n > size or dst + 16 * n > size
                or (src < dst + 16 * n and dst < src + 16 * n) or (op in (1, 2) and self.aes is None)):
            return
        self.seq += 1
        cmd = _Cmd(m=None, wr=True, beats=0, what=f"DMA op {op} 0x{src:x} -> 0x{dst:x} x{n}", refused=None)
        for k in range(n):
            blk = self.golden.read(src + 16 * k, 16, self.seq)
            out = blk if op == 0 else self.aes.encrypt(blk) if op == 1 else self.aes.decrypt(blk)
            self.golden.write(self.seq, dst + 16 * k, out)
            for i, word in enumerate(to_beats(out, nb)):
                self._expect(cmd, (dst + 16 * k) // nb + i, (1 << nb) - 1, word)

    # ---------------------------------------------------------------- memory writes (both buses)
    def _expect(self, cmd, word: int, be: int, data: int):
        self.exp.append((word, be, data, cmd))
        cmd.pending += 1
        self._match()

    def on_mem(self, obs):
        if not obs.we:
            if obs.addr * self.cfg.nb >= self.cfg.mem_bytes:
                self.error(f"memory read beyond memory: word 0x{obs.addr:x}")
            return
        self.act.append(obs)
        self._match()

    def _match(self):
        nb = self.cfg.nb
        while self.exp and self.act:
            word, be, data, cmd = self.exp.popleft()
            o = self.act.popleft()
            mask = sum(0xFF << (8 * i) for i in range(nb) if (be >> i) & 1)
            if (o.addr, o.be, o.data & mask) != (word, be, data & mask):
                self.error(f"memory write mismatch ({cmd.what}): saw word 0x{o.addr:x} be 0x{o.be:x} "
                           f"data 0x{o.data & mask:0{nb * 2}x}, expected word 0x{word:x} be 0x{be:x} "
                           f"data 0x{data & mask:0{nb * 2}x}")
            self.n_checked["mem_writes"] += 1
            cmd.pending -= 1
            self._maybe_done(cmd)
        if self.act and not self.exp:
            o = self.act[0]
            # a write with nothing predicted: either early (prediction comes with the bus beat) or spurious;
            # the end-of-test check reports whatever is left
            _ = o

    def _maybe_done(self, cmd):
        if cmd.pending == 0 and cmd.seen == cmd.beats and not cmd.done_reported:
            cmd.done_reported = True
            cmd.done_cycle = cycle_now()
            if getattr(cmd, "m", None) is not None and self.write_done_cb:
                self.write_done_cb(cmd.m)

    # ---------------------------------------------------------------- ASBUS
    def _refused_asbus(self, mode, addr, length):
        nb, size = self.cfg.nb, self.cfg.mem_bytes
        if mode == MODE_RESERVED:
            return "reserved mode"
        if mode == MODE_STATE:
            _, _, n, _ = asbus_decode(length, nb)
            if addr % 16:
                return "state mode misaligned"
            if addr + 16 * n > size:
                return "beyond memory"
            if self.aes is None:
                return "no key"
            return None
        if addr % nb:
            return "misaligned"
        addrs = asbus_beat_addrs(mode, addr, length, nb, (self.pitch // nb) * nb)
        if max(addrs) + nb > size:
            return "beyond memory"
        return None

    def on_bus(self, o):
        nb = self.cfg.nb
        if o.kind == "cmd":
            self.seq += 1
            mode, beats, _, _ = asbus_decode(o.length, nb)
            why = self._refused_asbus(mode, o.addr, o.length)
            cmd = _Cmd(m=o.m, wr=o.wr, addr=o.addr, length=o.length, mode=mode, beats=beats, refused=why,
                       seq=self.seq, gnt_cycle=o.cycle, what=f"ASBUS m{o.m} {'WR' if o.wr else 'RD'} 0x{o.addr:x} len 0x{o.length:03x}",
                       addrs=None if why or mode == MODE_STATE else
                       asbus_beat_addrs(mode, o.addr, o.length, nb, (self.pitch // nb) * nb))
            (self.wcmds if o.wr else self.rcmds).append(cmd)
            return
        q = self.wcmds if o.kind == "wbeat" else self.rcmds
        if not q:
            self.error(f"ASBUS {o.kind} of master {o.m} with no granted command")
            return
        cmd = q[0]
        if cmd.m != o.m:
            self.error(f"ASBUS {o.kind} for master {o.m} but the oldest command is {cmd.what}")
            return
        k = cmd.seen
        cmd.seen += 1
        if cmd.seen == cmd.beats:
            q.popleft()
        if k == 0 and o.cycle <= cmd.gnt_cycle:
            self.error(f"contract: {cmd.what}: first data beat ({o.kind}, asb_resp_o[{2 * o.m + (o.kind == 'wbeat')}]) "
                       f"in the gnt cycle {o.cycle}; the data phase starts the cycle after the gnt at the earliest")
        if o.err != int(cmd.refused is not None):
            self.error(f"{cmd.what} beat {k}: err={o.err}, expected {int(cmd.refused is not None)} "
                       f"({cmd.refused or 'legal'})")
        if o.kind == "wbeat":
            self.n_checked["write_beats"] += 1
            if not cmd.refused:
                self._asbus_wbeat(cmd, k, o.data, o.vld)
            self._maybe_done(cmd)
        else:
            self.n_checked["read_beats"] += 1
            exp = 0 if cmd.refused else self._asbus_rbeat(cmd, k)
            if o.data != exp:
                self.error(f"{cmd.what} read beat {k}: 0x{o.data:0{nb * 2}x}, expected 0x{exp:0{nb * 2}x}")

    def _asbus_wbeat(self, cmd, k, data, vld):
        nb = self.cfg.nb
        if cmd.mode == MODE_STATE:
            if vld != (1 << nb) - 1:
                self.error(f"{cmd.what}: partial wd_vld 0x{vld:x} in state mode (not covered)")
            cmd.buf += data.to_bytes(nb, "little")
            if len(cmd.buf) == 16:
                s = (k * nb) // 16
                pt = self.aes.decrypt(asbus_write_unstream(cmd.buf))
                cmd.buf = b""
                base = cmd.addr + 16 * s
                self.golden.write(cmd.seq, base, pt)
                for i, word in enumerate(to_beats(pt, nb)):
                    self._expect(cmd, base // nb + i, (1 << nb) - 1, word)
            return
        a = cmd.addrs[k]
        b = data.to_bytes(nb, "little")
        self.golden.write(cmd.seq, a, b, [bool((vld >> i) & 1) for i in range(nb)])
        self._expect(cmd, a // nb, vld, data)

    def _asbus_rbeat(self, cmd, k):
        nb = self.cfg.nb
        if cmd.mode == MODE_STATE:
            per = 16 // nb
            s, i = divmod(k, per)
            pt = self.golden.read(cmd.addr + 16 * s, 16, cmd.seq)
            stream = asbus_read_stream(self.aes.encrypt(pt))
            return to_beats(stream, nb)[i]
        return int.from_bytes(self.golden.read(cmd.addrs[k], nb, cmd.seq), "little")

    # ---------------------------------------------------------------- AXI
    def _refused_axi(self, o):
        nb, size = self.cfg.nb, self.cfg.mem_bytes
        cipher = bool(o.addr >> 31)
        off = o.addr & 0x7FFFFFFF
        if o.burst != 1:
            return "burst type"
        if o.size != nb.bit_length() - 1:
            return "narrow size"
        # an unaligned start address is legal AXI: it selects its (aligned-down) word, wstrb picks the bytes
        if (off // nb) * nb + o.beats * nb > size:
            return "beyond memory"
        if cipher:
            if off % 16 or (o.beats * nb) % 16:
                return "cipher: partial state"
            if self.aes is None:
                return "cipher: no key"
        return None

    def on_axi(self, o):
        nb = self.cfg.nb
        if o.kind in ("aw", "ar"):
            self.seq += 1
            why = self._refused_axi(o)
            off = o.addr & 0x7FFFFFFF
            cmd = _Cmd(m=None, wr=o.kind == "aw", addr=off if o.addr >> 31 else (off // nb) * nb,
                       cipher=bool(o.addr >> 31),
                       beats=o.beats, axid=o.axid, refused=why, seq=self.seq,
                       what=f"AXI {o.kind.upper()} 0x{o.addr:08x} x{o.beats} id {o.axid}")
            if o.kind == "aw":
                self.wcmds.append(cmd)
                self.bq.append(cmd)
                self._axi_w()
            else:
                self.rcmds.append(cmd)
            return
        if o.kind == "w":
            self.wbeats.append(o)
            self._axi_w()
            return
        if o.kind == "b":
            self.n_checked["b"] += 1
            if not self.bq:
                self.error("AXI B with no outstanding write")
                return
            cmd = self.bq.popleft()
            exp = SLVERR if cmd.refused else OKAY
            if (o.axid, o.resp) != (cmd.axid, exp):
                self.error(f"{cmd.what}: B id {o.axid} resp {o.resp}, expected id {cmd.axid} resp {exp} "
                           f"({cmd.refused or 'legal'})")
            if cmd.seen != cmd.beats or cmd.pending:
                self.error(f"{cmd.what}: B before all its beats were written to memory "
                           f"({cmd.seen}/{cmd.beats} beats, {cmd.pending} memory writes pending)")
            return
        # r
        if not self.rcmds:
            self.error("AXI R beat with no outstanding read")
            return
        cmd = self.rcmds[0]
        k = cmd.seen
        cmd.seen += 1
        if cmd.seen == cmd.beats:
            self.rcmds.popleft()
        self.n_checked["read_beats"] += 1
        exp_resp = SLVERR if cmd.refused else OKAY
        if (o.axid, o.resp, o.last) != (cmd.axid, exp_resp, int(k == cmd.beats - 1)):
            self.error(f"{cmd.what} R beat {k}: id {o.axid} resp {o.resp} last {o.last}, expected id {cmd.axid} "
                       f"resp {exp_resp} last {int(k == cmd.beats - 1)} ({cmd.refused or 'legal'})")
        if cmd.refused:
            exp = 0
        elif cmd.cipher:
            s, i = divmod(k * nb, 16)
            pt = self.golden.read(cmd.addr + 16 * s, 16, cmd.seq)
            exp = int.from_bytes(self.aes.encrypt(pt)[i:i + nb], "little")
        else:
            exp = int.from_bytes(self.golden.read(cmd.addr + k * nb, nb, cmd.seq), "little")
        if o.data != exp:
            self.error(f"{cmd.what} R beat {k}: 0x{o.data:0{nb * 2}x}, expected 0x{exp:0{nb * 2}x}")

    def _axi_w(self):
        nb = self.cfg.nb
        while self.wbeats and self.wcmds:
            o = self.wbeats.popleft()
            cmd = self.wcmds[0]
            k = cmd.seen
            cmd.seen += 1
            if cmd.seen == cmd.beats:
                self.wcmds.popleft()
            self.n_checked["write_beats"] += 1
            if o.last != int(k == cmd.beats - 1):
                self.error(f"{cmd.what} W beat {k}: wlast {o.last} (master bug)")
            if cmd.refused:
                continue
            if cmd.cipher:
                cmd.buf += o.data.to_bytes(nb, "little")
                if len(cmd.buf) == 16:
                    s = (k * nb) // 16
                    pt = self.aes.decrypt(cmd.buf)
                    cmd.buf = b""
                    base = cmd.addr + 16 * s
                    self.golden.write(cmd.seq, base, pt)
                    for i, word in enumerate(to_beats(pt, nb)):
                        self._expect(cmd, base // nb + i, (1 << nb) - 1, word)
            else:
                a = cmd.addr + k * nb
                self.golden.write(cmd.seq, a, o.data.to_bytes(nb, "little"),
                                  [bool((o.strb >> i) & 1) for i in range(nb)])
                self._expect(cmd, a // nb, o.strb, o.data)

    # ---------------------------------------------------------------- end of test
    def idle(self) -> bool:
        return not (self.wcmds or self.rcmds or self.bq or self.exp or self.act or self.wbeats)

    def final_check(self, mem: bytes):
        for what, q in (("ASBUS/AXI write commands", self.wcmds), ("read commands", self.rcmds),
                        ("AXI B responses", self.bq), ("predicted memory writes", self.exp),
                        ("unexpected memory writes", self.act), ("unassigned AXI W beats", self.wbeats)):
            if q:
                first = q[0]
                self.error(f"end of test: {len(q)} {what} left (first: "
                           f"{getattr(first, 'what', first) if not isinstance(first, tuple) else first[:3]})")
        if self.golden is not None and bytes(mem) != self.golden.image():
            g = self.golden.image()
            bad = [i for i in range(len(g)) if g[i] != mem[i]]
            self.error(f"end of test: memory differs from the prediction at {len(bad)} bytes, first at byte "
                       f"0x{bad[0]:x}: 0x{mem[bad[0]]:02x} != 0x{g[bad[0]]:02x}")
        for e in self.cfg.errors[:20]:
            self.error(f"protocol: {e}")


# =============================================================================================================
# Env
# =============================================================================================================
class DamEnv(uvm_env):
    """Fig. 13: micro-processor (``ctrl``), memory phy (``mem``), bus masters ``usb``/``wifi`` (ASBUS) or
    ``axi`` (XDAM: one AXI4 port), scoreboard ``sb``."""

    def build_phase(self):
        self.cfg, self.dut = _cfg_dut(self)
        self.regs = Regs()
        ConfigDB().set(None, "*", "DAM_REGS", self.regs)
        self.ctrl = CtrlAgent("ctrl", self)
        self.mem = MemAgent("mem", self)
        self.masters = []
        if self.cfg.bus == "asbus":
            names = ["usb", "wifi", "m2", "m3"]
            self.masters = [AsbusAgent(names[m], self, m) for m in range(self.cfg.NM)]
        else:
            self.axi = AxiAgent("axi", self)
        self.sb = DamScoreboard("sb", self)

    def connect_phase(self):
        self.ctrl.driver.ap.connect(self.sb.ctrl_export)
        self.mem.monitor.ap.connect(self.sb.mem_export)
        if self.cfg.bus == "asbus":
            for a in self.masters:
                a.monitor.ap.connect(self.sb.bus_export)
            self.sb.write_done_cb = self._asbus_write_done
        else:
            self.axi.monitor.ap.connect(self.sb.axi_export)

    def end_of_elaboration_phase(self):
        self.sb.set_init(self.mem.responder.init)

    def _asbus_write_done(self, m: int):
        drv = self.masters[m].driver
        # the driver's granted write items, in order; the scoreboard reports completions in order per master
        while drv.granted_writes:
            item = drv.granted_writes.popleft()
            item.mem_done.set()
            return
        self.sb.error(f"ASBUS master {m}: a write completed in memory that its driver never had granted")

    def diagnose(self) -> str:
        """What is still outstanding (drivers and scoreboard), for hang reports."""
        sb, out = self.sb, []
        for a in self.masters:
            d = a.driver
            out.append(f"{a.get_name()}: queued {d.cmd_q.qsize()}, presenting {d.presenting}, write data queue "
                       f"{d.wq.qsize()}, reads outstanding {[f'{i} {len(i.rdata)}/{i.beats}' for i in d.rq]}, "
                       f"writes not yet in memory {[str(i) for i in d.granted_writes]}")
        if self.cfg.bus == "axi":
            d = self.axi.driver
            out.append(f"axi: B pending {[str(i) for i in d.b_pend]}, R pending "
                       f"{[f'{i} {len(i.rdata)}/{i.beats}' for i in d.r_pend]}")
        for name, q in (("write cmds", sb.wcmds), ("read cmds", sb.rcmds)):
            out.append(f"scoreboard {name}: {[f'{c.what} {c.seen}/{c.beats} pending {c.pending}' for c in q]}")
        out.append(f"scoreboard: {len(sb.exp)} predicted memory writes unmatched, {len(sb.act)} observed unmatched")
        return "; ".join(out)

    @property
    def monitors(self):
        return [a.monitor for a in self.masters] if self.cfg.bus == "asbus" else [self.axi.monitor]

    def arm(self):
        for mon in self.monitors:
            mon.arm()

    def first_cmd_cycle(self):
        c = [mon.first_req for mon in self.monitors if mon.first_req is not None]
        return min(c) if c else None


# =============================================================================================================
# Base test
# =============================================================================================================
class DamBaseTest(uvm_test):
    """Builds :class:`DamEnv` from ``make_cfg()``, starts the clock (10 ns), resets the DUT, runs ``body()``,
    waits until the scoreboard has nothing outstanding and checks it (check_phase). Subclasses give body()."""

    def make_cfg(self):
        raise NotImplementedError

    def build_phase(self):
        import cocotb
        from cocotb.triggers import Event

        from .agents import reset_shared

        reset_shared()
        self.cfg = self.make_cfg()
        self.cfg.reset_done = Event()
        ConfigDB().set(None, "*", "DAM_CFG", self.cfg)
        ConfigDB().set(None, "*", "DUT", cocotb.top)
        self.env = DamEnv("env", self)
        self.rng = random.Random(self.cfg.seed * 1000 + sum(map(ord, type(self).__name__)))

    async def run_phase(self):
        import cocotb
        from cocotb.clock import Clock
        from cocotb.triggers import ClockCycles

        self.raise_objection()
        dut = cocotb.top
        cocotb.start_soon(Clock(dut.clk_i, PERIOD_NS_, unit="ns").start())
        dut.rst_ni.value = 0
        await ClockCycles(dut.clk_i, 3)
        dut.rst_ni.value = 1
        await ClockCycles(dut.clk_i, 2)
        self.cfg.reset_done.set()
        import os
        if os.environ.get("AESFORGE_DAM_TRACE"):
            cocotb.start_soon(self._trace(int(os.environ["AESFORGE_DAM_TRACE"])))
        await ClockCycles(dut.clk_i, 1)
        from cocotb.triggers import SimTimeoutError, with_timeout

        try:
            await with_timeout(self._body_and_drain(), self.watchdog_us, "us")
        except SimTimeoutError:
            self.env.sb.error(f"watchdog: test not finished after {self.watchdog_us} us; " + self.env.diagnose())
        finally:
            self.drop_objection()

    watchdog_us = 250

    async def _body_and_drain(self):
        await self.body()
        await self.drain()

    async def _trace(self, n: int):
        """Debug: print the bus and memory pins of the first n cycles (AESFORGE_DAM_TRACE=n)."""
        import cocotb

        d = cocotb.top
        names = (["asb_req_i", "asb_gnt_o", "asb_wr_i", "asb_len_i", "asb_wd_vld_i", "asb_resp_o", "asb_err_o"]
                 if self.cfg.bus == "asbus" else
                 ["s_axi_awvalid", "s_axi_awready", "s_axi_wvalid", "s_axi_wready", "s_axi_bvalid", "s_axi_arvalid",
                  "s_axi_arready", "s_axi_rvalid", "s_axi_rready"]) + ["mem_req_o", "mem_gnt_i", "mem_we_o",
                                                                      "mem_addr_o", "mem_rvalid_i"]
        for _ in range(n):
            await RisingEdge(d.clk_i)
            print(f"TRACE {cycle_now():5d} " + " ".join(f"{k.split('_')[-2] if k.startswith('asb') else k}="
                                                       f"{sig(getattr(d, k)):x}" for k in names), flush=True)

    async def drain(self, limit=3000):
        import cocotb
        from cocotb.triggers import ClockCycles

        for _ in range(limit):
            await RisingEdge(cocotb.top.clk_i)
            if self.env.sb.idle():
                break
        await ClockCycles(cocotb.top.clk_i, 5)

    def check_phase(self):
        sb = self.env.sb
        sb.final_check(self.env.mem.responder.mem)
        self.logger.info(f"scoreboard: {sb.n_checked}, {len(sb.errors)} errors")
        assert not sb.errors, f"{len(sb.errors)} scoreboard errors, first: {sb.errors[0]}"

    async def body(self):
        raise NotImplementedError

    @property
    def nb(self):
        return self.cfg.nb

    def seqr(self, who: str):
        """Sequencer of "usb" (master 0) or "wifi" (master 1); XDAM: the one AXI master."""
        if self.cfg.bus == "axi":
            return self.env.axi.seqr
        return self.env.masters[0 if who == "usb" else 1].seqr
