# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_gcm_lanes_axi (gcm_lanes behind AXI4-Lite control and AXI4-Stream data).

The vectors are driven the way software and a DMA would (hw/gcm_lanes/README.md, "AXI front end"), with the
cocotbext-axi BFMs: ``AxiLiteMaster`` on ``s_axil_*``, ``AxiStreamSource`` on ``s_axis_*``, ``AxiStreamSink``
on ``m_axis_*``. Register offsets and fields come from hw/gcm_lanes/gcm_lanes_regs.json. Per vector:

1. when the key differs from the loaded one: ``KEY0..`` (KEY_BITS / 32 words, byte 4i in bits [7:0]),
   ``CTRL.KEY_LOAD``, then ``STATUS`` is polled until KEY_OK and not BUSY;
2. ``CFG`` (direction, BUFFERED, TAG_LEN), ``IV_LEN``, ``AAD_LEN``, ``TXT_LEN_LO/HI``, ``CTRL.START``;
3. one ``s_axis`` frame: IV (``tuser`` 0), AAD (1), text (2), decrypt: the tag (3); every segment starts on a
   new beat, ``tkeep`` marks its bytes, empty segments are left out, ``tlast`` on the last beat;
4. one ``m_axis`` frame is received: the text beats, then the status beat (``tuser[1]``, ``tlast``) that
   carries the tag (encrypt) or the status byte ``{3'b0, ERR[3:0], AUTH_FAIL}`` (decrypt);
5. ``STATUS`` is read once: DONE, not BUSY, ERR 0, AUTH_FAIL as the status beat said.

Decrypt mode: buffered (``CFG.BUFFERED`` = 1, plaintext released only after PASS) when the instance has a
buffer (``BUF_LOG2`` > 0) and the text fits it (ceil(len / 16N) <= 2^BUF_LOG2 beats); otherwise unbuffered
(plaintext streamed marked ``tuser[0]`` = unverified). The decrypt result says which (``buffered``). On FAIL
the result is ``auth_ok: false`` without ``pt``: buffered, the front end must send no text beat at all;
unbuffered, the bench drops the unverified beats it received.

Result fields besides the answer:

* ``cycles``: clock edges from the edge of the ``CTRL.START`` write-response handshake (``s_axil_bvalid`` and
  ``bready``) to the edge of the status-beat handshake (``m_axis_tvalid``, ``tready``, ``tlast``), i.e.
  START accepted -> whole result delivered, including the frame transfer (the source drives the first beat
  from the edge after the START response, so at full speed it is taken at the second edge);
* ``key_cycles``: clock edges from the ``CTRL.KEY_LOAD`` write-response handshake edge to the read-response
  handshake edge of the first ``STATUS`` read that shows KEY_OK and not BUSY (the bench polls ``STATUS`` back to
  back, as a CPU would; observed at the ports only, so it includes up to one read of polling latency); 0 when
  the loaded key was reused.

``--stall P`` installs random pause generators (probability P per clock, seeded by ``--seed``) on the
``s_axis`` source (idle cycles) and the ``m_axis`` sink (``tready`` low); AXI4-Lite is never stalled.

Protocol violations raise and become error lines (the DUT is then reset): a refused register write (SLVERR),
a non-zero ERR, a wrong ``tkeep`` / ``tuser`` / frame structure on ``m_axis``, non-zero bytes outside
``tkeep``, plaintext released by a buffered decrypt that failed, an ``m_axis`` beat that changes or is
withdrawn before it is taken, STATUS out of step with the status beat, a timeout.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator

import cocotb
from cocotb.triggers import RisingEdge, SimTimeoutError, with_timeout
from cocotbext.axi import (AxiLiteBus, AxiLiteMaster, AxiStreamBus, AxiStreamFrame, AxiStreamSink,
                           AxiStreamSource)
from cocotbext.axi.constants import AxiResp

from aesforge import regmap
from aesforge.sim.bench import CLK_PERIOD_NS, Batch, Stall, VectorTB, VectorTimeout, cycle, reset, run_bench
from aesforge.sim.validate import gcm_fields

REGMAP = "hw/gcm_lanes/gcm_lanes_regs.json"
SEG_IV, SEG_AAD, SEG_TXT, SEG_TAG = 0, 1, 2, 3
TU_UNVERIFIED, TU_STATUS, TU_FAIL, TU_ERR = 1, 2, 4, 8     # m_axis_tuser bits


def axi_bfms(dut) -> tuple[AxiLiteMaster, AxiStreamSource, AxiStreamSink]:
    """The cocotbext-axi models bound to aesf_gcm_lanes_axi's ports (active-low reset, quiet logs): the AXI4-Lite
    master on ``s_axil_*``, the stream source on ``s_axis_*`` and the sink on ``m_axis_*``. Shared with the
    protocol tests (tests/gcm_lanes/gcm_lanes_axi_tb.py)."""
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk_i, dut.rst_ni, reset_active_level=False)
    src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk_i, dut.rst_ni, reset_active_level=False)
    sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.clk_i, dut.rst_ni, reset_active_level=False)
    for bfm in (axil.write_if, axil.read_if, src, sink):
        bfm.log.setLevel(logging.WARNING)
    return axil, src, sink


def pauses(p: float, seed: int) -> Iterator[bool]:
    """cocotbext-axi pause generator: True (pause this clock) with probability p."""
    stall = Stall(p, seed)
    while True:
        yield stall()


class GcmLanesAxiTB(VectorTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.clk = dut.clk_i
        p = batch.params
        self.n = int(p.get("N", 2))
        self.key_bits = int(p.get("KEY_BITS", 128))
        self.buf_log2 = int(p.get("BUF_LOG2", 0))
        self.bb = 16 * self.n                      # bytes per beat
        regs = regmap.expand(regmap.load(REGMAP))
        self.adr = {r["name"]: r["offset"] for r in regs}
        self.fields = {r["name"]: {f["name"]: (f["lsb"], f["width"]) for f in r.get("fields", [])} for r in regs}
        self.axil, self.src, self.sink = axi_bfms(dut)
        if batch.stall > 0:
            self.src.set_pause_generator(pauses(batch.stall, batch.seed * 2 + 1))
            self.sink.set_pause_generator(pauses(batch.stall, batch.seed * 2 + 2))
        self.key: bytes | None = None
        self.id_checked = False
        self.stage = "idle"
        # monitor state: edges of the last handshakes of interest, counters, AXI4-Stream rule violations
        self.b_edge = -1
        self.n_st = 0
        self.st_edge = -1
        self.r_edge = -1
        self.violations: list[str] = []

    # ------------------------------------------------------------------------------------------ monitor
    async def monitor(self) -> None:
        """Sample the handshakes on every rising edge (values before the edge's updates = what the edge takes)."""
        d = self.dut
        prev_m = None
        while True:
            await RisingEdge(self.clk)
            rst = d.rst_ni.value
            if not rst.is_resolvable or not int(rst):
                prev_m = None
                continue
            k = cycle()
            if int(d.s_axil_bvalid.value) and int(d.s_axil_bready.value):
                self.b_edge = k
            if int(d.s_axil_rvalid.value) and int(d.s_axil_rready.value):
                self.r_edge = k
            mv, mr = int(d.m_axis_tvalid.value), int(d.m_axis_tready.value)
            m = (mv, int(d.m_axis_tdata.value), int(d.m_axis_tkeep.value), int(d.m_axis_tuser.value),
                 int(d.m_axis_tlast.value)) if mv else (0,)
            if prev_m is not None and m != prev_m:
                self.violations.append(f"cycle {k}: m_axis beat " + ("withdrawn" if not mv else "changed")
                                       + " before it was taken")
            prev_m = m if mv and not mr else None
            if mv and mr and m[4]:
                self.n_st += 1
                self.st_edge = k

    # ------------------------------------------------------------------------------------------ AXI4-Lite
    def fld(self, reg: str, name: str, value: int) -> int:
        lsb, width = self.fields[reg][name]
        return (value >> lsb) & ((1 << width) - 1)

    def put(self, reg: str, **fields: int) -> int:
        v = 0
        for name, x in fields.items():
            lsb, width = self.fields[reg][name]
            v |= (x & ((1 << width) - 1)) << lsb
        return v

    async def wr(self, name: str, value: int) -> int:
        """Write a register; return the edge of its write-response handshake (the BFM returns at that edge)."""
        r = await self.axil.write(self.adr[name], value.to_bytes(4, "little"))
        if r is None or r.resp != AxiResp.OKAY:
            raise RuntimeError(f"write {name} = 0x{value:x}: {getattr(r, 'resp', None)} (expected OKAY)")
        return cycle()

    async def rd(self, name: str) -> int:
        r = await self.axil.read(self.adr[name], 4)
        if r is None or r.resp != AxiResp.OKAY:
            raise RuntimeError(f"read {name}: {getattr(r, 'resp', None)} (expected OKAY)")
        return int.from_bytes(r.data, "little")

    # ------------------------------------------------------------------------------------------ steps
    async def start(self) -> None:
        cocotb.start_soon(self.monitor())
        await super().start()

    async def recover(self) -> None:
        self.src.clear()
        self.sink.clear()
        await reset(self.dut)
        await RisingEdge(self.clk)
        self.src.clear()
        self.sink.clear()
        self.key = None
        self.violations.clear()

    async def check_id(self) -> None:
        v = await self.rd("ID")
        got = (self.fld("ID", "MAGIC", v), self.fld("ID", "LANES", v), self.fld("ID", "KEY_BYTES", v))
        want = (0xAE5F, self.n, self.key_bits // 8)
        if got != want:
            raise RuntimeError(f"ID register {got} does not match the parameters {want}")
        self.id_checked = True

    async def load_key(self, key: bytes) -> int:
        self.stage = "key load"
        for i in range(len(key) // 4):
            await self.wr(f"KEY{i}", int.from_bytes(key[4 * i:4 * i + 4], "little"))
        t0 = await self.wr("CTRL", self.put("CTRL", KEY_LOAD=1))
        self.stage = "STATUS.KEY_OK after KEY_LOAD"
        while True:
            s = await self.rd("STATUS")
            if self.fld("STATUS", "KEY_OK", s) and not self.fld("STATUS", "BUSY", s):
                break
        # by now the monitor has seen every edge up to the last read: the KEY_LOAD response is the last B
        if self.b_edge != t0 or self.r_edge <= t0:
            raise RuntimeError(f"STATUS read after the KEY_LOAD write response not seen (edge {t0}; monitor: "
                               f"last write response {self.b_edge}, last read response {self.r_edge})")
        self.key = key
        return self.r_edge - t0

    def frame(self, segs: list[tuple[int, bytes]]) -> AxiStreamFrame:
        """IV / AAD / text / tag segments, each starting on a new beat, its padding marked tkeep = 0."""
        data: list[int] = []
        keep: list[int] = []
        user: list[int] = []
        for seg, b in segs:
            if not b:
                continue
            pad = (-len(b)) % self.bb
            data += list(b) + [0] * pad
            keep += [1] * len(b) + [0] * pad
            user += [seg] * (len(b) + pad)
        return AxiStreamFrame(bytes(data), tkeep=keep, tuser=user)

    def split(self, f: AxiStreamFrame, text_len: int, unverified: bool,
              no_text: bool) -> tuple[bytes, bytes, int]:
        """Check one m_axis frame; return (text, status-beat bytes, status tuser)."""
        bb = self.bb
        nbeats = len(f.tdata) // bb
        if len(f.tdata) != nbeats * bb or nbeats == 0:
            raise RuntimeError(f"m_axis frame of {len(f.tdata)} bytes is not whole beats")
        want_text = 0 if no_text else -(-text_len // bb)
        if nbeats != want_text + 1:
            raise RuntimeError(f"m_axis frame has {nbeats} beats, expected {want_text} text beat(s) + status")
        text = b""
        for i in range(nbeats):
            d = bytes(f.tdata[i * bb:(i + 1) * bb])
            k = list(f.tkeep[i * bb:(i + 1) * bb])
            u = f.tuser[i * bb]
            nk = sum(k)
            if k != [1] * nk + [0] * (bb - nk):
                raise RuntimeError(f"m_axis beat {i}: tkeep not contiguous from byte 0")
            if any(d[nk:]):
                raise RuntimeError(f"m_axis beat {i}: non-zero bytes outside tkeep")
            if i < nbeats - 1:
                want_nk = min(bb, text_len - i * bb)
                want_u = TU_UNVERIFIED if unverified else 0
                if nk != want_nk or u != want_u:
                    raise RuntimeError(f"m_axis text beat {i}: {nk} bytes, tuser {u:#x} "
                                       f"(expected {want_nk}, {want_u:#x})")
                text += d[:nk]
            else:
                if not u & TU_STATUS:
                    raise RuntimeError(f"m_axis: last beat (tlast) is not a status beat (tuser {u:#x})")
                return text, d[:nk], u
        raise AssertionError("unreachable")

    async def message(self, vec: dict, res: dict) -> None:
        key, dec, iv, aad, text, tag_len = gcm_fields(vec)
        if len(key) * 8 != self.key_bits:
            raise RuntimeError(f"AES-{len(key) * 8} key on an instance with KEY_BITS {self.key_bits}")
        if not self.id_checked:
            self.stage = "ID read"
            await self.check_id()
        res["key_cycles"] = await self.load_key(key) if key != self.key else 0
        nbeats = -(-len(text) // self.bb)
        buffered = dec and self.buf_log2 > 0 and nbeats <= (1 << self.buf_log2)
        self.stage = "configuration"
        await self.wr("CFG", self.put("CFG", DECRYPT=int(dec), BUFFERED=int(buffered), TAG_LEN=tag_len))
        await self.wr("IV_LEN", len(iv))
        await self.wr("AAD_LEN", len(aad))
        await self.wr("TXT_LEN_LO", len(text) & 0xFFFF_FFFF)
        await self.wr("TXT_LEN_HI", len(text) >> 32)
        self.stage = "START"
        n_st0 = self.n_st
        t0 = await self.wr("CTRL", self.put("CTRL", START=1))
        segs = [(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, text)]
        if dec:
            segs.append((SEG_TAG, bytes.fromhex(vec["tag"])))
        self.stage = "s_axis / m_axis frames"
        self.src.send_nowait(self.frame(segs))
        f = await self.sink.recv(compact=False)
        t1 = cycle()                              # the sink returns at the edge that took the status beat
        self.stage = "STATUS after the status beat"
        status = await self.rd("STATUS")         # also lets the monitor catch up with that edge
        if self.violations:
            raise RuntimeError("AXI4-Stream rule broken: " + "; ".join(self.violations[:3]))
        if not self.src.empty() or self.src.active:
            raise RuntimeError("the s_axis frame was not consumed completely")
        if self.b_edge != t0 or self.n_st != n_st0 + 1 or self.st_edge != t1:
            raise RuntimeError(f"handshake edges out of step: START response {t0}, status beat {t1}; monitor: last "
                               f"write response {self.b_edge}, {self.n_st - n_st0} frame end(s), last {self.st_edge}")
        res["cycles"] = t1 - t0

        # the status beat first: it says whether the text may be used
        bb = self.bb
        if len(f.tdata) < bb or not f.tuser[-1] & TU_STATUS:
            raise RuntimeError("m_axis frame does not end with a status beat")
        st_nk = sum(f.tkeep[-bb:])
        st0 = f.tdata[-bb] if st_nk else 0
        if f.tuser[-1] & TU_ERR:      # refused or aborted: the status beat is the status byte
            raise RuntimeError(f"front end reported ERR {(st0 >> 1) & 0xF} (status byte 0x{st0:02x}, "
                               f"tuser {f.tuser[-1]:#x}, STATUS 0x{status:08x})")
        if dec:
            if st_nk != 1:
                raise RuntimeError(f"decrypt status beat has {st_nk} bytes (tkeep), expected 1")
            err, fail = (st0 >> 1) & 0xF, st0 & 1
            if st0 >> 5:
                raise RuntimeError(f"status byte 0x{st0:02x}: reserved bits set")
            if err:
                raise RuntimeError(f"status byte 0x{st0:02x} says ERR {err} but tuser[3] is 0")
            # buffered FAIL: not a single plaintext beat may leave the front end
            text_out, _, stu = self.split(f, len(text), unverified=not buffered, no_text=buffered and bool(fail))
            want_u = TU_STATUS | (TU_FAIL if fail else 0)
            if stu != want_u:
                raise RuntimeError(f"status beat tuser {stu:#x}, expected {want_u:#x}")
            res["buffered"] = buffered
            res["auth_ok"] = not fail
            if not fail:
                res["pt"] = text_out.hex()
        else:
            fail = 0
            text_out, st, stu = self.split(f, len(text), unverified=False, no_text=False)
            if stu != TU_STATUS:
                raise RuntimeError(f"encrypt status beat tuser {stu:#x} (expected {TU_STATUS:#x}; "
                                   f"status byte 0x{st[:1].hex()})")
            if len(st) != tag_len:
                raise RuntimeError(f"encrypt status beat carries {len(st)} bytes, expected the {tag_len}-byte tag")
            res["ct"] = text_out.hex()
            res["tag"] = st.hex()
        want = {"DONE": 1, "BUSY": 0, "ERR": 0, "AUTH_FAIL": fail, "KEY_OK": 1}
        got = {k: self.fld("STATUS", k, status) for k in want}
        if got != want:
            raise RuntimeError(f"STATUS 0x{status:08x} after the status beat: {got}, expected {want}")

    async def run_one(self, vec: dict) -> dict:
        res: dict = {}
        nbytes = sum(len(vec.get(k, "") or "") // 2 for k in ("iv", "aad", "pt", "ct"))
        budget = int((3000 + 60 * (nbytes // self.bb + 8)) / max(0.02, 1.0 - self.batch.stall))
        self.stage = "start"
        try:
            await with_timeout(self.message(vec, res), budget * CLK_PERIOD_NS, "ns")
        except SimTimeoutError:
            raise VectorTimeout(f"timeout: {self.stage} not done within {budget} cycles") from None
        return res


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the AXI front end and write $AESFORGE_OUT."""
    await run_bench(dut, GcmLanesAxiTB)
