# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of aesf_gcm_lanes_axi (AXI4-Lite + AXI4-Stream front end of the multi-lane GCM core) with the
cocotbext-axi BFMs, against the golden model and the register-map source hw/gcm_lanes/gcm_lanes_regs.json.

Parameters come from AESFORGE_PARAMS (N, KEY_BITS, BUF_LOG2); AESFORGE_STALL sets the pause probability of the
s_axis source and the m_axis sink (0 / 0.5 / 0.9).
"""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, Timer, with_timeout
from cocotb.utils import get_sim_time
from cocotbext.axi import AxiStreamFrame
from cocotbext.axi.constants import AxiResp

from aesforge import regmap
from aesforge.model.gcm import gcm_encrypt
from aesforge.sim.benches.gcm_lanes_axi import axi_bfms

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
N = int(P.get("N", 2))
KEY_BITS = int(P.get("KEY_BITS", 128))
BUF_LOG2 = int(P.get("BUF_LOG2", 0))
STALL = float(os.environ.get("AESFORGE_STALL", "0"))
BB = 16 * N

MAP = regmap.load("hw/gcm_lanes/gcm_lanes_regs.json")
REGS = {r["name"]: r for r in regmap.expand(MAP)}
A = {name: r["offset"] for name, r in REGS.items()}
SEG_IV, SEG_AAD, SEG_TXT, SEG_TAG = 0, 1, 2, 3


def field(reg: str, name: str, value: int) -> int:
    f = next(f for f in REGS[reg]["fields"] if f["name"] == name)
    return (value >> f["lsb"]) & ((1 << f["width"]) - 1)


def pause_gen(p: float, seed: int):
    rng = random.Random(seed)
    while True:
        yield rng.random() < p


class TB:
    def __init__(self, dut, seed: int = 1):
        self.dut = dut
        self.rng = random.Random(seed)
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        self.axil, self.src, self.sink = axi_bfms(dut)
        if STALL:
            self.src.set_pause_generator(pause_gen(STALL, seed * 3 + 1))
            self.sink.set_pause_generator(pause_gen(STALL, seed * 3 + 2))
        self.key = None
        self.violations: list[str] = []
        cocotb.start_soon(self._monitor())

    async def _monitor(self):
        """AXI rules on every clock edge, in every test: an m_axis beat offered and not taken stays valid with the
        same tdata / tkeep / tuser / tlast (also across ABORT and ZEROIZE); s_axil bvalid / rvalid likewise."""
        d = self.dut
        prev_m = prev_b = prev_r = None
        while True:
            await RisingEdge(d.clk_i)
            if not int(d.rst_ni.value):
                prev_m = prev_b = prev_r = None
                continue
            m = (int(d.m_axis_tvalid.value), int(d.m_axis_tdata.value), int(d.m_axis_tkeep.value),
                 int(d.m_axis_tuser.value), int(d.m_axis_tlast.value))
            b = (int(d.s_axil_bvalid.value), int(d.s_axil_bresp.value))
            r = (int(d.s_axil_rvalid.value), int(d.s_axil_rdata.value), int(d.s_axil_rresp.value))
            t = get_sim_time(unit="ns")
            if prev_m is not None and prev_m != m:
                self.violations.append(f"{t} ns: m_axis beat changed before tready: {prev_m[0]} -> {m[0]}, "
                                       f"tuser {prev_m[3]} -> {m[3]}, tlast {prev_m[4]} -> {m[4]}")
            if prev_b is not None and prev_b != b:
                self.violations.append(f"{t} ns: s_axil B channel changed before bready")
            if prev_r is not None and prev_r != r:
                self.violations.append(f"{t} ns: s_axil R channel changed before rready")
            prev_m = m if m[0] and not int(d.m_axis_tready.value) else None
            prev_b = b if b[0] and not int(d.s_axil_bready.value) else None
            prev_r = r if r[0] and not int(d.s_axil_rready.value) else None

    def check_rules(self):
        assert not self.violations, "AXI rule broken: " + "; ".join(self.violations[:5])

    async def reset(self):
        self.dut.rst_ni.value = 0
        await ClockCycles(self.dut.clk_i, 3)
        self.dut.rst_ni.value = 1
        await ClockCycles(self.dut.clk_i, 2)

    async def wr(self, name: str, value: int, expect=AxiResp.OKAY):
        r = await self.axil.write(A[name], value.to_bytes(4, "little"))
        assert r.resp == expect, f"write {name}: {r.resp} (expected {expect})"

    async def rd(self, name: str) -> int:
        r = await self.axil.read(A[name], 4)
        assert r.resp == AxiResp.OKAY, f"read {name}: {r.resp}"
        return int.from_bytes(r.data, "little")

    async def status(self) -> int:
        return await self.rd("STATUS")

    async def load_key(self, key: bytes):
        for i in range(len(key) // 4):
            await self.wr(f"KEY{i}", int.from_bytes(key[4 * i:4 * i + 4], "little"))
        await self.wr("CTRL", 1 << 1)
        for _ in range(200):
            s = await self.status()
            if field("STATUS", "KEY_OK", s) and not field("STATUS", "BUSY", s):
                self.key = key
                return
        raise AssertionError("KEY_OK never rose")

    async def configure(self, dec, iv_len, aad_len, txt_len, tag_len, buffered=False):
        await self.wr("CFG", int(dec) | (int(buffered) << 1) | (tag_len << 8))
        await self.wr("IV_LEN", iv_len)
        await self.wr("AAD_LEN", aad_len)
        await self.wr("TXT_LEN_LO", txt_len & 0xFFFFFFFF)
        await self.wr("TXT_LEN_HI", txt_len >> 32)

    @staticmethod
    def frame(segs: list[tuple[int, bytes]]) -> AxiStreamFrame:
        """IV / AAD / text / tag segments, each starting on a new beat, padding with tkeep = 0."""
        data, keep, user = [], [], []
        for seg, b in segs:
            if not b:
                continue
            pad = (-len(b)) % BB
            data += list(b) + [0] * pad
            keep += [1] * len(b) + [0] * pad
            user += [seg] * (len(b) + pad)
        return AxiStreamFrame(bytes(data), tkeep=keep, tuser=user)

    async def recv(self) -> tuple[bytes, list[int], bytes, int]:
        """One m_axis frame -> (text bytes, per-text-byte tuser, status-beat bytes, status tuser); checks tkeep."""
        f = await self.sink.recv(compact=False)
        nbeats = len(f.tdata) // BB
        assert len(f.tdata) == nbeats * BB
        text, tus, st, st_user = b"", [], b"", None
        for i in range(nbeats):
            d = bytes(f.tdata[i * BB:(i + 1) * BB])
            k = f.tkeep[i * BB:(i + 1) * BB]
            u = f.tuser[i * BB]
            nk = sum(k)
            assert k == [1] * nk + [0] * (BB - nk), f"beat {i}: tkeep not contiguous from lane 0: {k}"
            assert all(x == 0 for x in d[nk:]), f"beat {i}: non-zero bytes beyond tkeep"
            if u & 2:
                assert i == nbeats - 1, "status beat before the end of the frame"
                st, st_user = d[:nk], u
            else:
                assert i < nbeats - 1, "frame ends without a status beat"
                text += d[:nk]
                tus += [u] * nk
        assert st_user is not None
        return text, tus, st, st_user

    async def message(self, key, iv, aad, text, tag_len, dec=False, tag=b"", buffered=False):
        """Run one message; returns (text out, text tuser list, status bytes, status tuser, STATUS)."""
        if key != self.key:
            await self.load_key(key)
        await self.configure(dec, len(iv), len(aad), len(text), tag_len, buffered)
        await self.wr("CTRL", 1)
        segs = [(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, text)] + ([(SEG_TAG, tag)] if dec else [])
        await self.src.send(self.frame(segs))
        out = await self.recv()
        return (*out, await self.status())


def rand_msg(rng: random.Random):
    key = bytes(rng.randrange(256) for _ in range(KEY_BITS // 8))
    iv = bytes(rng.randrange(256) for _ in range(rng.choice([12, 12, 12, 1, 8, 16, 17, 60])))
    aad = bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 13, 16, 20, 33, 64, 100])))
    txt = bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 15, 16, 17, 31, 32, 33, 64, 65, 130, 257])))
    tag_len = rng.choice([16, 16, 15, 14, 13, 12, 8, 4])
    return key, iv, aad, txt, tag_len


@cocotb.test()
async def test_register_map(dut):
    """Every address 0x00..0xFC against the JSON source: reset values, SLVERR for unmapped / write-only reads,
    read-only writes refused, read/write registers hold what was written, the key never readable."""
    tb = TB(dut)
    await tb.reset()
    nkw = KEY_BITS // 32
    by_off = {r["offset"]: r for r in REGS.values()}
    for off in range(0, 256, 4):
        r = by_off.get(off)
        rd = await tb.axil.read(off, 4)
        if r is None or r["access"] == "wo" and r["name"] != "CTRL":
            assert rd.resp == AxiResp.SLVERR, f"read 0x{off:02x}: {rd.resp}"
            assert rd.data == b"\0\0\0\0"
        else:
            assert rd.resp == AxiResp.OKAY, f"read {r['name']}: {rd.resp}"
            v = int.from_bytes(rd.data, "little")
            if r["reset"] is not None:
                assert v == r["reset"], f"{r['name']} reset 0x{v:x} != 0x{r['reset']:x}"
        if r is None or r["access"] == "ro":
            wr = await tb.axil.write(off, b"\xff" * 4)
            assert wr.resp == AxiResp.SLVERR, f"write 0x{off:02x}: {wr.resp}"
        if r is not None and r["name"].startswith("KEY"):
            i = int(r["name"][3:])
            wr = await tb.axil.write(off, (0x11111111 * (i + 1)).to_bytes(4, "little"))
            assert wr.resp == (AxiResp.OKAY if i < nkw else AxiResp.SLVERR), f"write {r['name']}: {wr.resp}"
    idv = await tb.rd("ID")
    assert field("ID", "MAGIC", idv) == 0xAE5F and field("ID", "LANES", idv) == N
    assert field("ID", "KEY_BYTES", idv) == KEY_BITS // 8
    assert field("STATUS", "BUF_LOG2", await tb.status()) == BUF_LOG2
    for name, val in (("CFG", 0x0C01), ("IV_LEN", 0xBEEF), ("AAD_LEN", 0x12345678), ("TXT_LEN_LO", 0x9ABCDEF0),
                      ("TXT_LEN_HI", 0x5), ("IRQ_EN", 1)):
        await tb.wr(name, val)
        assert await tb.rd(name) == val, name
    # the key words written above must not appear anywhere readable
    for off in range(0, 256, 4):
        rd = await tb.axil.read(off, 4)
        v = int.from_bytes(rd.data, "little")
        assert v == 0 or v not in {0x11111111 * (i + 1) for i in range(8)}, f"key word readable at 0x{off:02x}"
    tb.check_rules()


@cocotb.test()
async def test_messages_against_model(dut):
    """Random back-to-back messages (key changes, IV 1..60 bytes, AAD/text 0..257 bytes, all tag lengths),
    encrypt and decrypt with good and bad tags, with random stalls on both streams."""
    tb = TB(dut, seed=7)
    await tb.reset()
    rng = random.Random(11)
    nmsg = int(os.environ.get("AESFORGE_NMSG", "24"))
    key = None
    for m in range(nmsg):
        k, iv, aad, pt, tag_len = rand_msg(rng)
        if key is None or rng.random() < 0.3:
            key = k
        ct, tag = gcm_encrypt(key, iv, aad, pt, tag_len)
        text, tus, st, stu, status = await tb.message(key, iv, aad, pt, tag_len)
        assert text == ct, f"msg {m}: CT mismatch"
        assert all(u == 0 for u in tus)
        assert st == tag and stu == 0b0010, f"msg {m}: tag {st.hex()} != {tag.hex()} (tuser {stu:b})"
        assert field("STATUS", "DONE", status) and field("STATUS", "ERR", status) == 0
        got = b"".join([(await tb.rd(f"TAG{i}")).to_bytes(4, "little") for i in range(4)])
        assert got[:tag_len] == tag and got[tag_len:] == bytes(16 - tag_len)
        # decrypt: good tag, then a corrupted one
        bad = rng.random() < 0.5
        rtag = bytes([tag[0] ^ (1 << rng.randrange(8))]) + tag[1:] if bad else tag
        buffered = BUF_LOG2 > 0 and rng.random() < 0.6 and len(ct) <= BB << BUF_LOG2
        text, tus, st, stu, status = await tb.message(key, iv, aad, ct, tag_len, dec=True, tag=rtag,
                                                      buffered=buffered)
        assert st == bytes([int(bad)]), f"msg {m}: status byte {st.hex()}"
        assert stu == (0b0110 if bad else 0b0010)
        assert field("STATUS", "AUTH_FAIL", status) == int(bad)
        assert all(v == 0 for v in [await tb.rd(f"TAG{i}") for i in range(4)]), "decrypt exposed a tag"
        if buffered:
            assert text == (b"" if bad else pt), f"msg {m}: buffered plaintext"
            assert all(u == 0 for u in tus)
        else:
            assert text == pt, f"msg {m}: PT mismatch"
            assert all(u == 1 for u in tus), "unbuffered decrypt text must be flagged unverified"
    tb.check_rules()


@cocotb.test()
async def test_errors_and_recovery(dut):
    """Clear errors, nothing hangs, the next message works: no key, bad tag length, framing errors, START while
    busy, ABORT mid-message, ZEROIZE, buffered text too long; irq level and W1C."""
    tb = TB(dut, seed=3)
    await tb.reset()
    rng = random.Random(5)
    key, iv, _, _, _ = rand_msg(rng)
    aad = bytes(rng.randrange(256) for _ in range(20))
    pt = bytes(rng.randrange(256) for _ in range(200))
    ct, tag = gcm_encrypt(key, iv, aad, pt, 16)
    lpt = bytes(rng.randrange(256) for _ in range(BB * 200))     # long enough to be cut in the middle
    lct = gcm_encrypt(key, iv, aad, lpt, 16)[0]

    # 1. START without a key: error 1, the frame is discarded, status beat with error
    await tb.configure(False, len(iv), len(aad), len(pt), 16)
    await tb.wr("IRQ_EN", 1)
    await tb.wr("CTRL", 1)
    await tb.src.send(tb.frame([(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, pt)]))
    text, _, st, stu = await tb.recv()
    assert text == b"" and stu & 0b1010 == 0b1010 and st == bytes([1 << 1])
    await ClockCycles(dut.clk_i, 2)
    assert int(dut.irq_o.value) == 1
    await tb.wr("IRQ_STATUS", 1)
    await ClockCycles(dut.clk_i, 1)
    assert int(dut.irq_o.value) == 0
    # 2. key, then a bad tag length: error 2
    await tb.load_key(key)
    await tb.configure(False, len(iv), len(aad), len(pt), 7)
    await tb.wr("CTRL", 1)
    await tb.src.send(tb.frame([(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, pt)]))
    text, _, st, stu = await tb.recv()
    assert text == b"" and st == bytes([2 << 1]) and stu == 0b1010
    # 3. framing errors: wrong tuser on the AAD, then an early tlast; each followed by a good message
    for bad_frame in (tb.frame([(SEG_IV, iv), (SEG_TXT, aad), (SEG_TXT, pt)]),
                      tb.frame([(SEG_IV, iv), (SEG_AAD, aad)])):
        await tb.configure(False, len(iv), len(aad), len(pt), 16)
        await tb.wr("CTRL", 1)
        await tb.src.send(bad_frame)
        text, _, st, stu = await tb.recv()
        assert st == bytes([5 << 1]) and stu == 0b1010, f"framing: {st.hex()} {stu:b}"
        assert text == b"", "no text of a message with a framing error before its text"
        out = await tb.message(key, iv, aad, pt, 16)
        assert out[0] == ct and out[2] == tag
    # 4. START / config writes while busy are refused; ABORT mid-message
    await tb.configure(False, len(iv), len(aad), len(lpt), 16)
    await tb.wr("CTRL", 1)
    await tb.wr("CTRL", 1, expect=AxiResp.SLVERR)
    await tb.wr("CTRL", 2, expect=AxiResp.SLVERR)
    await tb.wr("AAD_LEN", 3, expect=AxiResp.SLVERR)
    tb.src.send_nowait(tb.frame([(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, lpt)]))
    await ClockCycles(dut.clk_i, 30)
    await tb.wr("CTRL", 1 << 2)
    text, _, st, stu = await tb.recv()
    assert st == bytes([4 << 1]) and stu == 0b1010
    assert len(text) < len(lct) and lct.startswith(text), "aborted message: text out must be a prefix of the CT"
    await tb.src.wait()
    out = await tb.message(key, iv, aad, pt, 16)
    assert out[0] == ct and out[2] == tag
    # 5. ZEROIZE mid-message: the key is gone, the message ends with error 4, the next START says "no key"
    await tb.configure(False, len(iv), len(aad), len(lpt), 16)
    await tb.wr("CTRL", 1)
    tb.src.send_nowait(tb.frame([(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, lpt)]))
    await ClockCycles(dut.clk_i, 30)
    await tb.wr("CTRL", 1 << 3)
    text, _, st, stu = await tb.recv()
    assert st == bytes([4 << 1]) and stu == 0b1010
    await tb.src.wait()
    s = await tb.status()
    assert field("STATUS", "KEY_OK", s) == 0
    assert await tb.rd("CFG") == REGS["CFG"]["reset"]
    tb.key = None
    out = await tb.message(key, iv, aad, pt, 16)
    assert out[0] == ct and out[2] == tag
    # 6. buffered decrypt longer than the buffer (or no buffer): error 6, nothing released
    nb = (1 << BUF_LOG2) if BUF_LOG2 else 0
    longpt = bytes(BB * nb + 1)
    lct, ltag = gcm_encrypt(key, iv, b"", longpt, 16)
    text, _, st, stu, status = await tb.message(key, iv, b"", lct, 16, dec=True, tag=ltag, buffered=True)
    assert text == b"" and st == bytes([6 << 1]) and field("STATUS", "ERR", status) == 6
    out = await tb.message(key, iv, aad, pt, 16)
    assert out[0] == ct and out[2] == tag
    # 7. buffered decrypt with TXT_LEN = 2^36 - 1 (the beat count must not wrap): error 6, not the core's 2
    await tb.configure(True, len(iv), 0, (1 << 36) - 1, 16, buffered=True)
    await tb.wr("CTRL", 1)
    await tb.src.send(tb.frame([(SEG_IV, iv)]))
    text, _, st, stu = await tb.recv()
    assert text == b"" and st == bytes([6 << 1]) and stu == 0b1010, f"TXT_LEN 2^36-1 buffered: {st.hex()}"
    out = await tb.message(key, iv, aad, pt, 16)
    assert out[0] == ct and out[2] == tag
    tb.check_rules()


@cocotb.test()
async def test_full_rate(dut):
    """No stalls: a long message streams at one beat per clock (exact input-side cycle count)."""
    if STALL:
        return
    tb = TB(dut, seed=9)
    await tb.reset()
    rng = random.Random(2)
    key = bytes(rng.randrange(256) for _ in range(KEY_BITS // 8))
    iv = bytes(12)
    pt = bytes(rng.randrange(256) for _ in range(BB * 64))
    await tb.load_key(key)
    await tb.configure(False, 12, 0, len(pt), 16)
    await tb.wr("CTRL", 1)
    beats = []

    async def count():
        while True:
            await RisingEdge(dut.clk_i)
            if int(dut.m_axis_tvalid.value) and int(dut.m_axis_tready.value) and not int(dut.m_axis_tuser.value) & 2:
                beats.append(get_sim_time(unit="ns"))

    t = cocotb.start_soon(count())
    await tb.src.send(tb.frame([(SEG_IV, iv), (SEG_TXT, pt)]))
    text, _, st, _ = await tb.recv()
    t.cancel()
    assert text == gcm_encrypt(key, iv, b"", pt)[0]
    gaps = [b - a for a, b in zip(beats, beats[1:])]
    assert len(beats) == 64 and max(gaps) == 10, f"text beats not back-to-back: gaps {sorted(set(gaps))}"
    await Timer(1, "ns")
    tb.check_rules()


# ---- issue 20: refused writes, ABORT / ZEROIZE at any point, a source that abandons its frame ----------------

CTRL_START, CTRL_KEY_LOAD, CTRL_ABORT, CTRL_ZEROIZE = 1, 2, 4, 8
# CTRL values refused in every state: several commands at once, or a reserved bit (nothing may be applied)
CTRL_REFUSED = ([c for c in range(16) if bin(c).count("1") >= 2] +
                [1 << b for b in (4, 5, 7, 8, 15, 16, 24, 31)] + [0x11, 0x14, 0x18, 0x102])
CFG_REGS = ("CFG", "IV_LEN", "AAD_LEN", "TXT_LEN_LO", "TXT_LEN_HI", "IRQ_EN")


def legal_bits(reg: str) -> int:
    """The bits of a register that the JSON source defines (a field); any other bit written is refused."""
    fields = REGS[reg]["fields"]
    return sum(((1 << f["width"]) - 1) << f["lsb"] for f in fields) if fields else 0xFFFFFFFF


def hold(tb: TB, bfm, on: bool, seed: int = 0) -> None:
    """Stop (`on`) or resume an AXI4-Stream BFM; resuming restores the configuration's random stalls."""
    if on:
        bfm.clear_pause_generator()
        bfm.pause = True
    else:
        bfm.pause = False
        if STALL:
            bfm.set_pause_generator(pause_gen(STALL, seed))


async def recv_within(tb: TB, what: str, us: int = 400):
    """One m_axis frame, or a failure (not a hang) if the front end never closes it."""
    try:
        return await with_timeout(tb.recv(), us, "us")
    except Exception as e:   # cocotb's SimTimeoutError
        raise AssertionError(f"{what}: no m_axis frame within {us} us ({type(e).__name__})") from None


async def wait_idle(tb: TB, what: str) -> int:
    for _ in range(400):
        s = await tb.status()
        if not field("STATUS", "BUSY", s):
            return s
    raise AssertionError(f"{what}: STATUS.BUSY stays set")


@cocotb.test()
async def test_refused_writes_have_no_effect(dut):
    """SLVERR => no effect, in every state (idle without key, key load, message mid-frame with the sink stalled,
    status beat pending, discarding a bad frame): every CTRL combination that is refused (several commands,
    reserved bits, START / KEY_LOAD while busy, e.g. START | ABORT on a running 300-byte message) and every
    reserved bit of each configuration register return SLVERR, and the registers, the status and the running
    message (all of its output checked against the model) are exactly as without the write."""
    tb = TB(dut, seed=13)
    await tb.reset()
    rng = random.Random(23)

    async def snap():
        return [await tb.rd(r) for r in CFG_REGS]

    async def refuse_all(busy: bool):
        for v in CTRL_REFUSED + ([CTRL_START, CTRL_KEY_LOAD] if busy else []):
            await tb.wr("CTRL", v, expect=AxiResp.SLVERR)
        for name in CFG_REGS + ("IRQ_STATUS",):
            rsv = [b for b in range(32) if not legal_bits(name) >> b & 1]
            for b in sorted({rsv[0], rsv[-1], rng.choice(rsv)} if rsv else set()):
                await tb.wr(name, legal_bits(name) & rng.getrandbits(32) | 1 << b, expect=AxiResp.SLVERR)
            if busy and name in CFG_REGS[:5]:
                await tb.wr(name, rng.getrandbits(32) & legal_bits(name), expect=AxiResp.SLVERR)
        await tb.wr("CTRL", 0)                 # no command: accepted, nothing happens

    # 1. idle, no key: nothing changes, no frame appears
    before, st0 = await snap(), await tb.status()
    await refuse_all(busy=False)
    assert await snap() == before and await tb.status() == st0
    assert tb.sink.empty()
    # 2. during a key load: combinations refused, the key loads as written
    key = bytes(rng.randrange(256) for _ in range(KEY_BITS // 8))
    for i in range(KEY_BITS // 32):
        await tb.wr(f"KEY{i}", int.from_bytes(key[4 * i:4 * i + 4], "little"))
    await tb.wr("CTRL", CTRL_KEY_LOAD)
    for v in (CTRL_START | CTRL_KEY_LOAD, CTRL_KEY_LOAD | CTRL_ABORT, CTRL_KEY_LOAD | CTRL_ZEROIZE, 0x12):
        await tb.wr("CTRL", v, expect=AxiResp.SLVERR)
    s = await wait_idle(tb, "key load")
    assert field("STATUS", "KEY_OK", s)
    tb.key = key
    iv = bytes(rng.randrange(256) for _ in range(12))
    aad = bytes(rng.randrange(256) for _ in range(20))
    pt = bytes(rng.randrange(256) for _ in range(300))
    ct, tag = gcm_encrypt(key, iv, aad, pt, 16)
    # 3. a 300-byte message mid-frame, and a message without text whose status beat is pending, both with the
    # sink stalled (BUSY for certain): everything refused, the message ends intact
    for stage, txt in (("mid-frame", pt), ("status beat pending", b"")):
        ct, tag = gcm_encrypt(key, iv, aad, txt, 16)
        await tb.configure(False, len(iv), len(aad), len(txt), 16)
        before = await snap()
        hold(tb, tb.sink, True)
        await tb.wr("CTRL", CTRL_START)
        tb.src.send_nowait(tb.frame([(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, txt)]))
        await ClockCycles(dut.clk_i, 40 if txt else 200)
        s = await tb.status()
        assert field("STATUS", "BUSY", s), f"{stage}: not busy"
        if not txt:
            assert int(dut.m_axis_tvalid.value) and int(dut.m_axis_tlast.value), f"{stage}: no status beat offered"
        await refuse_all(busy=True)
        assert await snap() == before, f"{stage}: a refused write changed a register"
        hold(tb, tb.sink, False, seed=rng.randrange(1000))
        text, _, st, stu = await recv_within(tb, stage)
        assert text == ct and st == tag and stu == 0b0010, f"{stage}: the message was disturbed ({st.hex()})"
        s = await tb.status()
        assert field("STATUS", "ERR", s) == 0 and field("STATUS", "DONE", s)
        await tb.src.wait()
    ct, tag = gcm_encrypt(key, iv, aad, pt, 16)
    # 4. discarding the rest of a bad frame (wrong tuser on the AAD) while the source is stalled
    await tb.configure(False, len(iv), len(aad), len(pt), 16)
    await tb.wr("CTRL", CTRL_START)
    tb.src.send_nowait(tb.frame([(SEG_IV, iv), (SEG_TXT, aad), (SEG_TXT, bytes(BB * 300))]))
    for _ in range(200):                    # the bad beat arrives (whatever the stalls), then stall the source
        if field("STATUS", "DRAINING", await tb.status()):
            break
    hold(tb, tb.src, True)
    await ClockCycles(dut.clk_i, 20)
    s = await tb.status()
    assert field("STATUS", "BUSY", s) and field("STATUS", "DRAINING", s), hex(s)
    before = await snap()
    await refuse_all(busy=True)
    assert await snap() == before
    hold(tb, tb.src, False, seed=rng.randrange(1000))
    text, _, st, stu = await recv_within(tb, "framing error")
    assert text == b"" and st == bytes([5 << 1]) and stu == 0b1010
    await tb.src.wait()
    await wait_idle(tb, "after the drain")
    out = await tb.message(key, iv, aad, pt, 16)
    assert out[0] == ct and out[2] == tag
    tb.check_rules()


@cocotb.test()
async def test_abort_zeroize_anywhere(dut):
    """ABORT and ZEROIZE at random points of random messages (encrypt, decrypt, buffered decrypt), half of them
    while the sink stalls a beat: the AXI4-Stream rule holds (monitor), the m_axis frame is well formed and
    closes with a status beat (ERR 4, or the complete result when the command came after the message ended),
    text out is a prefix of the model's, a buffered decrypt releases nothing unverified, the source's frame is
    absorbed, and the next message is right."""
    tb = TB(dut, seed=29)
    await tb.reset()
    rng = random.Random(31)
    ntrial = 24 if os.environ.get("AESFORGE_FULL") == "1" else 10
    for t in range(ntrial):
        cmd = rng.choice([CTRL_ABORT, CTRL_ZEROIZE])
        k, iv, aad, pt, tag_len = rand_msg(rng)
        key = tb.key or k
        kind = rng.choice(["enc", "dec", "buf"] if BUF_LOG2 else ["enc", "dec"])
        if kind == "buf":
            pt = pt[:BB << BUF_LOG2]
        ct, tag = gcm_encrypt(key, iv, aad, pt, tag_len)
        if key != tb.key:
            await tb.load_key(key)
        dec = kind != "enc"
        bad = dec and rng.random() < 0.4
        rtag = bytes([tag[0] ^ 0x01]) + tag[1:] if bad else tag
        await tb.configure(dec, len(iv), len(aad), len(pt), tag_len, buffered=kind == "buf")
        stall = rng.random() < 0.5
        if stall:
            hold(tb, tb.sink, True)
        await tb.wr("CTRL", CTRL_START)
        segs = [(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, ct if dec else pt)] + ([(SEG_TAG, rtag)] if dec else [])
        tb.src.send_nowait(tb.frame(segs))
        await ClockCycles(dut.clk_i, rng.randrange(0, 120))
        offered = int(dut.m_axis_tvalid.value) and not int(dut.m_axis_tready.value)
        await tb.wr("CTRL", cmd)
        if stall:
            await ClockCycles(dut.clk_i, rng.randrange(0, 12))
            hold(tb, tb.sink, False, seed=rng.randrange(1000))
        text, tus, st, stu = await recv_within(tb, f"trial {t}")
        what = (f"trial {t} ({kind}, bad tag {bad}, cmd {cmd}, stall {stall}, offered {offered}): "
                f"status {st.hex()} tuser {stu:b}")
        want = pt if dec else ct
        assert want.startswith(text), what
        if kind == "buf":                # released only after PASS (a ZEROIZE may cut the release short)
            assert not (bad and text), what
            assert all(u == 0 for u in tus), what
        complete = st != bytes([4 << 1])
        if complete:                                             # the command came after the end
            assert text == (b"" if kind == "buf" and bad else want), what
            assert st == (bytes([int(bad)]) if dec else tag), what
            assert stu == (0b0110 if bad else 0b0010), what
        else:
            assert stu == 0b1010, what
        await tb.src.wait()
        s = await wait_idle(tb, what)
        if cmd == CTRL_ZEROIZE:
            assert not field("STATUS", "KEY_OK", s), what
            tb.key = None
        out = await tb.message(key, iv, aad, pt, tag_len)
        assert out[0] == ct and out[2] == tag, f"{what}: the next message is wrong"
    tb.check_rules()


@cocotb.test()
async def test_abandoned_frame_recovery(dut):
    """A source that abandons its frame (reset in the middle, tlast never comes): ABORT or ZEROIZE closes the
    m_axis frame at once (ERR 4); the front end then discards up to a tlast (STATUS.DRAINING, START refused);
    the same command again ends the discard, and the next message is right. Both commands, with random stalls."""
    tb = TB(dut, seed=37)
    await tb.reset()
    rng = random.Random(41)
    for cmd in (CTRL_ABORT, CTRL_ZEROIZE, CTRL_ABORT):
        key, iv, aad, _, _ = rand_msg(rng)
        key = tb.key or key
        pt = bytes(rng.randrange(256) for _ in range(BB * 200))      # far longer than 40 cycles of beats
        ct, tag = gcm_encrypt(key, iv, aad, pt, 16)
        if key != tb.key:
            await tb.load_key(key)
        await tb.configure(False, len(iv), len(aad), len(pt), 16)
        await tb.wr("CTRL", CTRL_START)
        tb.src.send_nowait(tb.frame([(SEG_IV, iv), (SEG_AAD, aad), (SEG_TXT, pt)]))
        await ClockCycles(dut.clk_i, 40)
        # the source is reset mid-frame (the BFM's own reset handling: it drops tvalid and forgets the frame)
        tb.src._handle_reset(True)
        tb.src.clear()
        tb.src._handle_reset(False)
        await ClockCycles(dut.clk_i, 4)
        await tb.wr("CTRL", cmd)
        text, _, st, stu = await recv_within(tb, f"cmd {cmd}: frame closed")
        assert st == bytes([4 << 1]) and stu == 0b1010 and ct.startswith(text), (cmd, st.hex())
        s = await tb.status()
        assert field("STATUS", "DRAINING", s) and field("STATUS", "BUSY", s), hex(s)
        await tb.wr("CTRL", CTRL_START, expect=AxiResp.SLVERR)
        await tb.wr("CTRL", cmd)                                   # again: the discard ends
        s = await tb.status()
        assert not field("STATUS", "DRAINING", s), hex(s)
        await wait_idle(tb, f"cmd {cmd}: after the second command")   # (ZEROIZE: the wipe takes a few cycles)
        if cmd == CTRL_ZEROIZE:
            tb.key = None
        out = await tb.message(key, iv, aad, pt[:100], 16)
        ct2, tag2 = gcm_encrypt(key, iv, aad, pt[:100], 16)
        assert out[0] == ct2 and out[2] == tag2
    tb.check_rules()
