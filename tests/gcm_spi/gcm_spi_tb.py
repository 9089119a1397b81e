# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of aesf_gcm_spi through its pins: the paper's Table 1 byte for byte (MACsec 2.2.2), an SCK
sweep up to f_clk/4 with MISO sampled at the real rising edge, CS aborts at every bit of a frame, all 256
opcodes (checked against the frame-level model), key bytes never on MISO, commands refused while an
operation runs, sticky status + irq, ZEROIZE, ABORT, and random messages (key sizes, IV lengths, buffered
and streamed, tag lengths, decrypt with good and bad tags) through the Python host driver."""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import tempfile

import cocotb
from cocotb.clock import Clock
from cocotb.simtime import get_sim_time
from cocotb.triggers import ClockCycles, RisingEdge, Timer

from aesforge.host import GcmSpiHost, CocotbSpiTransport, OP
from aesforge.host.model import GcmSpiModel
from aesforge.host.protocol import (E_ABORTED, E_BUSY, E_FRAME, E_KEY, E_LENGTH, E_OPCODE, E_STATE, INFO,
                                    ST_AUTH_FAIL, ST_BUSY, ST_DONE, ST_KEY_OK, ST_RDY, err_code, known_opcodes,
                                    stream_params)
from aesforge.model import gcm
from aesforge.paths import repo_root
from aesforge.sim.spi_master import SpiMaster, SpiTiming

CLK_NS = 10
FULL = os.environ.get("AESFORGE_FULL", "") == "1"
PARAMS = json.loads(os.environ.get("AESFORGE_PARAMS", "{}") or "{}")
DIGIT = int(PARAMS.get("DIGIT", 8))
MASKED = int(PARAMS.get("AES_IMPL", 0)) == 2   # the masked engine: RESEED (0x32) is a known opcode

# IEEE 802.1AE MACsec GCM-AES-256 test vector 2.2.2 (the paper's Figure 5)
KEY = bytes.fromhex("E3C08A8F06C6E3AD95A70557B23F75483CE33021A9C72B7025666204C69C0B72")
NONCE = bytes.fromhex("12153524C0895E81B2C28465")
AAD = bytes.fromhex("D609B1F056637A0D46DF998D88E52E00B2C2846512153524C0895E81")
PT = bytes.fromhex("08000F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F30313233343536373839"
                   "3A0002")
CT = bytes.fromhex("E2006EB42F5277022D9B19925BC419D7A592666C925FE2EF718EB4E308EFEAA7C5273B394118860A5BE2A97F"
                   "56AB7836")
TAG = bytes.fromhex("5CA597CDBB3EDB8D1A1151EA0AF7B436")

MISO_LOG: list[bytes] = []      # every MISO byte of every test of this module (key-leak scan)
KEYS_USED: list[bytes] = []


async def setup(dut, period_ns: float = 40.0, phase_ps: int = 3300, clock: bool = True, **kw):
    """Reset the DUT and return a host driver + master whose SCK edges are `phase_ps` after a clock edge.
    `clock`: start the clk_i driver (exactly once per cocotb test: a second Clock on the same signal would
    add edges and make the clock faster than CLK_NS, which would hide MISO timing errors)."""
    dut.spi_cs_ni.value = 1
    dut.spi_sck_i.value = 0
    dut.spi_mosi_i.value = 0
    if clock:
        cocotb.start_soon(Clock(dut.clk_i, CLK_NS, unit="ns").start())
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 3)
    dut.rst_ni.value = 1
    await ClockCycles(dut.clk_i, 2)
    await Timer(phase_ps, unit="ps")
    m = SpiMaster(dut.spi_sck_i, dut.spi_mosi_i, dut.spi_miso_o, dut.spi_cs_ni, SpiTiming(period_ns, **kw))
    m.miso_log = MISO_LOG
    return GcmSpiHost(CocotbSpiTransport(m)), m


async def poll(h: GcmSpiHost, mask: int, want: bool = True) -> int:
    """Poll READ_STATUS until (status & mask) != 0 equals `want`, ignoring error codes."""
    for _ in range(2000):
        st = await h.status()
        if bool(st & mask) == want:
            return st
    raise TimeoutError(hex(mask))


async def status_irq(dut, h: GcmSpiHost) -> int:
    """READ_STATUS, then check that irq_o is exactly (DONE or an error code pending)."""
    st = await h.status()
    await ClockCycles(dut.clk_i, 2)
    assert int(dut.irq_o.value) == int(bool(st & ST_DONE) or err_code(st) != 0), hex(st)
    return st


async def table1(h: GcmSpiHost, key: bytes = KEY) -> tuple[bytes, bytes]:
    KEYS_USED.append(key)
    return await h.table1_encrypt(key, NONCE, PT, AAD)


@cocotb.test()
async def test_table1_macsec(dut):
    """Table 1 byte for byte -> the published CT and tag; frame sizes as in the paper; sticky status, irq."""
    h, m = await setup(dut)
    frames: list[bytes] = []
    orig = m.transfer

    async def rec(tx, nbits=None):
        frames.append(bytes(tx))
        return await orig(tx, nbits)
    m.transfer = rec
    ct, tag = await table1(h)
    assert ct == CT, ct.hex()
    assert tag == TAG, tag.hex()
    sizes = [len(f) for f in frames]
    ops = [f[0] for f in frames]
    assert ops[:5] == [0x01, 0x02, 0x03, 0x04, 0x10] and ops[-2:] == [0x20, 0x21], ops
    assert sizes[:5] == [33, 13, 49, 29, 1] and sizes[-2:] == [49, 17], sizes
    assert all(f == bytes([0xF0, 0]) for f in frames[5:-2]), frames[5:-2]
    dut._log.info("Table 1: %d frames, %d bytes incl. %d status polls", len(frames), sum(sizes), len(frames) - 7)
    # sticky DONE + KEY_OK, irq level until CLEAR_STATUS
    for _ in range(3):
        assert await h.status() == ST_DONE | ST_KEY_OK
    assert int(dut.irq_o.value) == 1
    await h.clear_status()
    assert await h.status() == ST_KEY_OK
    assert int(dut.irq_o.value) == 0
    # the key staging register (the AAD buffer) is wiped after the key handshake (the RTL's FORMAL assertions,
    # checked in the Verilator runs); the AAD must follow the key
    await h.set_key(KEY)
    await h.wait_not_busy("key load")
    await h.cmd(OP.START_ENC)
    assert err_code(await h.status()) == E_STATE
    await h.clear_status()
    # a second packet under the same key (no WRITE_KEY): only NONCE/PT/AAD/START
    await h.cmd(OP.WRITE_NONCE, NONCE)
    await h.cmd(OP.WRITE_PT, PT)
    await h.cmd(OP.WRITE_AAD, AAD)
    await h.cmd(OP.START_ENC)
    await h.wait(ST_DONE, "second packet")
    assert await h.read(OP.READ_CT, 48) == CT
    assert await h.read(OP.READ_TAG, 16) == TAG
    # READ_INFO
    assert await h.info() == INFO + bytes([DIGIT])


async def _sweep_point(dut, period_ns: float, phase_ps: int, clock: bool) -> bool:
    h, m = await setup(dut, period_ns, phase_ps, clock=clock)
    ct, tag = await table1(h)
    return ct == CT and tag == TAG


@cocotb.test()
async def test_sck_sweep(dut):
    """SCK from slow to f_clk/4 (40 ns at the 10 ns clock), several phases against the clock: Table 1 works.
    Sensitivity check: at f_clk/2.5 the same master reads wrong data (the sampling point is really the edge)."""
    points = [(230.0, 3300), (100.0, 100), (57.0, 5000), (45.45, 2000), (44.0, 9900)]
    points += [(40.0, p) for p in ((100, 2500, 5000, 7500, 9900) if FULL else (100, 5000, 9900))]
    if FULL:
        points += [(41.0, p) for p in (300, 6100)] + [(400.0, 4200), (1000.0, 1700), (2000.0, 800)]
    for i, (period, phase) in enumerate(points):
        ok = await _sweep_point(dut, period, phase, clock=i == 0)
        dut._log.info("SCK %.2f ns (f_clk/%.2f), phase %d ps: %s", period, period / CLK_NS, phase,
                      "ok" if ok else "FAIL")
        assert ok, (period, phase)
    # exactly one clock driver: clk_i still has the CLK_NS period after all the setups
    await RisingEdge(dut.clk_i)
    e0 = get_sim_time("ps")
    await ClockCycles(dut.clk_i, 10)
    assert get_sim_time("ps") - e0 == 10 * CLK_NS * 1000
    # too fast for the synchronizers + MISO update: must break (proves the master samples at the real edge).
    # Icarus only: it keeps the 1 ps phase offsets; with Verilator's scheduling an SCK edge that lands on a
    # clock edge can be seen by the first synchronizer flop in the same step (zero delay), which hides it.
    if cocotb.SIM_NAME.lower().startswith("icarus"):
        h, m = await setup(dut, 25.0, 9900, clock=False)
        info = await h.info()
        assert info != INFO + bytes([DIGIT]), info.hex()


@cocotb.test()
async def test_cs_abort_every_bit(dut):
    """CS released after every bit count of a WRITE_NONCE frame (and of START_ENC, READ_CT): a partial byte
    gives error FRAME and commits nothing, whole bytes are a short payload; the next frame always works."""
    h, m = await setup(dut)
    await table1(h)
    frame = bytes([OP.WRITE_NONCE]) + NONCE
    for n in range(1, 8 * len(frame)):
        await h.clear_status()
        await m.transfer(frame, nbits=n)
        st = await h.status()
        if n % 8:
            assert err_code(st) == E_FRAME, (n, hex(st))
        elif n == 8:
            assert err_code(st) == E_LENGTH, (n, hex(st))        # 0-byte nonce
        else:
            assert err_code(st) == 0, (n, hex(st))                # 1..11-byte nonce is legal
    for n in range(1, 8):                                        # START_ENC cut inside its opcode byte
        await h.clear_status()
        await m.transfer(bytes([OP.START_ENC]), nbits=n)
        st = await h.status()
        assert err_code(st) == E_FRAME and not st & (ST_BUSY | ST_DONE), (n, hex(st))
    # the last partial nonce left the nonce invalid: START refused with STATE, then Table 1 works again
    await h.clear_status()
    await m.transfer(frame, nbits=8 * 5 + 3)
    await h.cmd(OP.START_ENC)
    assert err_code(await h.status()) == E_STATE
    await h.clear_status()
    assert await table1(h) == (CT, TAG)
    for n in range(1, 8 * 6):                                    # a READ_CT cut anywhere
        await m.transfer(bytes([OP.READ_CT]) + bytes(5), nbits=n)
    await h.clear_status()
    assert await h.read(OP.READ_CT, 48) == CT
    # a STREAM_DATA chunk cut mid-byte (and one cut after whole bytes: a short chunk is a legal chunk, so
    # only the mid-byte cut is tested): FRAME, nothing fed, RDY kept; the same chunk again completes the stream
    iv, pt = bytes(range(12)), bytes(range(40, 140))
    await h.clear_status()
    await h.cmd(OP.STREAM_START, stream_params(0, 16, 12, 0, len(pt)))
    await h.wait(ST_RDY, "stream")
    chunk0 = iv + bytes(4) + pt[:48]
    await m.transfer(bytes([OP.STREAM_DATA]) + chunk0, nbits=8 * 21 + 5)
    st = await h.status()
    assert err_code(st) == E_FRAME and st & ST_RDY and st & ST_BUSY, hex(st)   # nothing fed: the result below
    await h.clear_status()
    await h.cmd(OP.STREAM_DATA, chunk0)
    await h.wait(ST_RDY, "chunk 0")
    out = await h.read(OP.READ_CT, 48)
    await h.cmd(OP.STREAM_DATA, pt[48:] + bytes(12))
    await h.wait(ST_DONE, "chunk 1")
    out += (await h.read(OP.READ_CT, 64))[:52]
    assert (out, await h.read(OP.READ_TAG, 16)) == gcm.gcm_encrypt(KEY, iv, b"", pt)


@cocotb.test()
async def test_all_opcodes(dut):
    """Every opcode 0x00..0xFF as a one-byte frame: status equals the frame-level model's (unknown ->
    OPCODE error, known ones -> their documented result); the next frame always works."""
    h, m = await setup(dut)
    model = GcmSpiModel(DIGIT, masked=MASKED)
    for f in ([OP.WRITE_KEY] + list(KEY), [OP.WRITE_NONCE] + list(NONCE), [OP.WRITE_PT] + list(PT),
              [OP.WRITE_AAD] + list(AAD)):
        await m.transfer(bytes(f))
        model.frame(bytes(f))
    KEYS_USED.append(KEY)
    for op in range(256):
        await h.wait_not_busy("before opcode")
        await m.transfer(bytes([op]))
        model.frame(bytes([op]))
        for _ in range(1000):
            st = await h.status()
            if not st & ST_BUSY:
                break
        exp = model.status()
        assert st == exp, f"opcode {op:#04x}: RTL status {st:#04x}, model {exp:#04x}"
        assert await status_irq(dut, h) == exp
        if op not in known_opcodes(MASKED):
            assert err_code(st) == E_OPCODE, hex(op)
        await h.clear_status()
        model.frame(bytes([OP.CLEAR_STATUS]))
    # after ZEROIZE (0x30) the key is gone; everything still answers
    assert not (await h.status()) & ST_KEY_OK
    assert await h.info() == INFO + bytes([DIGIT])
    assert await table1(h) == (CT, TAG)


@cocotb.test()
async def test_abort_and_core_errors(dut):
    """ABORT of a running buffered START_ENC: DONE + ABORTED, nothing readable, the text buffer invalid
    (START refused with STATE until the next WRITE_PT), the key kept. A tag length the core refuses
    (SET_TAGLEN 5) ends with DONE + LENGTH, no hang. Short and long WRITE_KEY payloads give LENGTH, wipe the
    staging register and keep the loaded key. irq_o equals (DONE or an error code) after every step."""
    h, m = await setup(dut)
    KEYS_USED.append(KEY)
    for op, pay in ((OP.WRITE_KEY, KEY), (OP.WRITE_NONCE, NONCE), (OP.WRITE_PT, PT), (OP.WRITE_AAD, AAD)):
        await h.cmd(op, pay)
    assert await status_irq(dut, h) == ST_KEY_OK
    await h.cmd(OP.START_ENC)
    await h.cmd(OP.ABORT)                          # the core is still running (>= 99 cycles at any DIGIT)
    st = await poll(h, ST_DONE)
    assert err_code(st) == E_ABORTED and not st & (ST_BUSY | ST_AUTH_FAIL) and st & ST_KEY_OK, hex(st)
    await status_irq(dut, h)
    for op, n in ((OP.READ_CT, 48), (OP.READ_TAG, 16)):
        await h.clear_status()
        assert await h.read(op, n) == bytes(n)
        assert err_code(await status_irq(dut, h)) == E_STATE
    await h.clear_status()
    await h.cmd(OP.START_ENC)                      # the wiped text buffer is invalid
    assert err_code(await status_irq(dut, h)) == E_STATE
    await h.clear_status()
    assert await status_irq(dut, h) == ST_KEY_OK
    await h.cmd(OP.WRITE_PT, PT)                   # the key is still loaded
    await h.cmd(OP.START_ENC)
    await h.wait(ST_DONE, "after ABORT")
    assert await h.read(OP.READ_CT, 48) == CT and await h.read(OP.READ_TAG, 16) == TAG
    # tag length 5: accepted by SET_TAGLEN (1..16), refused by the core at START -> DONE + LENGTH
    await h.clear_status()
    await h.cmd(OP.SET_TAGLEN, bytes([5]))
    assert await status_irq(dut, h) == ST_KEY_OK
    await h.cmd(OP.WRITE_PT, PT)
    await h.cmd(OP.START_ENC)
    st = await poll(h, ST_DONE)
    assert err_code(st) == E_LENGTH and not st & ST_BUSY, hex(st)
    await status_irq(dut, h)
    await h.clear_status()
    assert await h.read(OP.READ_CT, 48) == bytes(48) and err_code(await h.status()) == E_STATE
    for bad in (0, 17, 255):
        await h.clear_status()
        await h.cmd(OP.SET_TAGLEN, bytes([bad]))
        assert err_code(await status_irq(dut, h)) == E_LENGTH, bad
    await h.clear_status()
    await h.cmd(OP.SET_TAGLEN, bytes([16]))
    # WRITE_KEY with 15, 20 and 33 bytes: LENGTH, staging wiped, the old key stays
    other = bytes(random.Random(9).randrange(256) for _ in range(33))
    KEYS_USED.append(other[:32])
    for n in (15, 20, 33):
        await h.clear_status()
        await h.cmd(OP.WRITE_KEY, other[:n])
        st = await status_irq(dut, h)
        assert err_code(st) == E_LENGTH and st & ST_KEY_OK, (n, hex(st))
    await h.clear_status()
    for op, pay in ((OP.WRITE_PT, PT), (OP.WRITE_AAD, AAD), (OP.START_ENC, b"")):
        await h.cmd(op, pay)
    await h.wait(ST_DONE, "old key")
    assert await h.read(OP.READ_CT, 48) == CT and await h.read(OP.READ_TAG, 16) == TAG


@cocotb.test()
async def test_c_driver_over_pins(dut):
    """The portable C driver (sw/aesforge_spi.c, built with gcc from tests/sw/test_afs.c) drives the pins: its
    HAL hook (cs + full-duplex xfer) is served by the SPI master, byte for byte as an MCU would clock them.
    Table 1 (MACsec 2.2.2) and buffered + streamed messages (4 shapes; all 8 with AESFORGE_FULL), decrypt with
    good and bad tags, errors; every result checked against the golden model, the C self-checks must pass."""
    root = repo_root()
    gcc = shutil.which("gcc")
    assert gcc, "gcc is needed (make setup installs it)"
    exe = os.path.join(tempfile.mkdtemp(prefix="afs_"), "test_afs")
    subprocess.run([gcc, "-std=c99", "-O1", "-Wall", "-Wextra", "-pedantic", "-Werror", f"-I{root / 'sw'}",
                    str(root / "sw/aesforge_spi.c"), str(root / "tests/sw/test_afs.c"), "-o", exe], check=True)
    h, m = await setup(dut)
    p = subprocess.Popen([exe] + ([] if FULL else ["quick"]), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
    assert p.stdin and p.stdout
    clocked, rx, n_r, bad, fails = None, b"", 0, [], None
    try:
        while True:
            line = p.stdout.readline()
            assert line, "the C test ended without END"
            kind, _, arg = line.strip().partition(" ")
            if kind in ("P", "F"):
                frame = b"" if arg == "-" else bytes.fromhex(arg)
                if clocked is None:                       # CS fell for a new frame
                    await m.select()
                    clocked, rx = 0, b""
                rx += await m.shift(frame[clocked:])
                clocked = len(frame)
                if kind == "F":
                    await m.deselect()
                    clocked, reply = None, "ok"
                else:
                    reply = rx.hex()
            elif kind == "R":
                n_r += 1
                name, key, iv, aad, pt, tl, ct, tag = arg.split(" ")
                f = [bytes.fromhex("" if x == "-" else x) for x in (key, iv, aad, pt, ct, tag)]
                KEYS_USED.append(f[0])
                if (f[4], f[5]) != gcm.gcm_encrypt(f[0], f[1], f[2], f[3], int(tl)):
                    bad.append(name)
                reply = "ok"
            elif kind == "END":
                fails = int(arg)
                break
            else:
                raise AssertionError(f"unexpected line from the C test: {line!r}")
            p.stdin.write(reply + "\n")
            p.stdin.flush()
    finally:
        p.stdin.close()
        rc = p.wait(timeout=60)
    dut._log.info("C driver over the pins: %d results checked, %d frames, %d bytes", n_r, m.frames, m.bytes_sent)
    assert n_r == (9 if FULL else 5) and not bad, (n_r, bad)
    assert fails == 0 and rc == 0, (fails, rc)


@cocotb.test()
async def test_key_never_on_miso(dut):
    """Every opcode clocked with a 70-byte payload (3 bytes for unknown opcodes outside FULL) after a key
    load: MISO bytes and the status afterwards equal the frame-level model's (long payloads give LENGTH,
    reads return their data or zeros). No 4-byte window of any key used by this module's tests appears in
    any MISO byte seen by any test so far."""
    h, m = await setup(dut)
    model = GcmSpiModel(DIGIT, masked=MASKED)
    key = bytes(random.Random(5).randrange(256) for _ in range(32))
    KEYS_USED.append(key)
    await h.set_key(key)
    model.frame(bytes([OP.WRITE_KEY]) + key)
    await h.wait_not_busy("key")
    for op in range(256):
        if op in (OP.ZEROIZE,):
            continue
        known = op in {v for k, v in vars(OP).items() if not k.startswith("_")}
        frame = bytes([op]) + bytes(70 if known or FULL else 3)   # long payloads for the known opcodes
        miso = await m.transfer(frame)
        exp = model.frame(frame)
        assert miso == exp, f"opcode {op:#04x}: MISO {miso.hex()} != model {exp.hex()}"
        st = await poll(h, ST_BUSY, False)
        assert st == model.status(), f"opcode {op:#04x}: status {st:#04x} != model {model.status():#04x}"
        await h.clear_status()
        model.frame(bytes([OP.CLEAR_STATUS]))
    log = b"|".join(MISO_LOG)
    assert len(log) > 3000, len(log)
    for k in KEYS_USED:
        for i in range(len(k) - 3):
            assert k[i:i + 4] not in log, (k.hex(), i)
    dut._log.info("scanned %d MISO bytes for %d keys", len(log), len(KEYS_USED))


@cocotb.test()
async def test_busy_refused(dut):
    """Commands that would disturb a running operation are refused with BUSY and change nothing."""
    h, m = await setup(dut)
    KEYS_USED.append(KEY)
    await h.cmd(OP.WRITE_KEY, KEY)
    await h.cmd(OP.WRITE_NONCE, NONCE)
    await h.cmd(OP.WRITE_PT, PT)
    await h.cmd(OP.WRITE_AAD, AAD)
    await h.cmd(OP.START_ENC)
    await h.cmd(OP.WRITE_PT, bytes(48))             # arrives while the core runs
    st = await h.status()
    assert err_code(st) == E_BUSY, hex(st)
    for f in ([OP.WRITE_KEY] + [0] * 32, [OP.WRITE_NONCE] + [0] * 12, [OP.START_ENC], [OP.READ_CT, 0, 0],
              [OP.READ_TAG, 0]):
        if await h.status() & ST_DONE:
            break
        await h.clear_status()
        miso = await m.transfer(bytes(f))
        assert not any(miso[1:]), miso.hex()             # refused reads shift zeros
        st = await h.status()
        assert err_code(st) == E_BUSY or st & ST_DONE, (f[0], hex(st))
    await poll(h, ST_DONE)
    await h.clear_status()
    assert await h.read(OP.READ_CT, 48) == CT
    assert await h.read(OP.READ_TAG, 16) == TAG
    # streamed operation: writes between chunks are refused, the result is still right
    await h.clear_status()
    iv = bytes(range(20))
    pt = bytes(range(100))
    await h.cmd(OP.STREAM_START, stream_params(0, 16, len(iv), 0, len(pt)))
    await h.cmd(OP.STREAM_DATA, iv + bytes(12))
    await h.wait(ST_RDY, "rdy")
    await h.cmd(OP.WRITE_NONCE, NONCE)
    await h.cmd(OP.WRITE_KEY, KEY)
    st = await h.status()
    assert err_code(st) == E_BUSY and st & ST_RDY, hex(st)
    await h.clear_status()
    await h.cmd(OP.STREAM_DATA, pt[:64])
    await h.wait(ST_RDY, "rdy")
    out = await h.read(OP.READ_CT, 64)
    # after the last chunk RDY stays low (and READ_CT refused) until DONE: every status polled before DONE; cycle
    # by cycle, the RTL's FORMAL assertion (Verilator runs)
    await h.cmd(OP.STREAM_DATA, pt[64:] + bytes(12))
    polls = []
    while not (st := await h.status()) & ST_DONE:
        polls.append(st)
        assert len(polls) < 1000, "no DONE"
    assert not any(p & ST_RDY for p in polls), polls
    out += (await h.read(OP.READ_CT, 48))[:36]
    ref_ct, ref_tag = gcm.gcm_encrypt(KEY, iv, b"", pt)
    assert out == ref_ct
    assert await h.read(OP.READ_TAG, 16) == ref_tag


@cocotb.test()
async def test_zeroize_and_abort(dut):
    """ZEROIZE wipes key, buffers and status; ABORT ends a streamed operation with ABORTED; both recover."""
    h, m = await setup(dut)
    await table1(h)
    await h.zeroize()
    st = await h.status()
    assert st == 0, hex(st)
    assert int(dut.irq_o.value) == 0
    # (every buffer beat and the command fields zero: the RTL's FORMAL assertions, Verilator runs)
    assert await h.read(OP.READ_CT, 48) == bytes(48)
    assert err_code(await h.status()) == E_STATE
    await h.clear_status()
    await h.cmd(OP.WRITE_NONCE, NONCE)
    await h.cmd(OP.START_ENC)
    assert err_code(await h.status()) == E_KEY
    await h.clear_status()
    # ABORT during a stream
    await h.set_key(KEY)
    await h.cmd(OP.STREAM_START, stream_params(0, 16, 12, 0, 200))
    await h.cmd(OP.STREAM_DATA, NONCE + bytes(4) + PT)
    await h.wait(ST_RDY, "rdy")
    await h.cmd(OP.ABORT)
    for _ in range(100):
        st = await h.status()
        if st & ST_DONE:
            break
    assert err_code(st) == E_ABORTED and not st & ST_BUSY, hex(st)
    assert int(dut.irq_o.value) == 1
    await h.clear_status()
    assert await h.read(OP.READ_CT, 16) == bytes(16)
    # ZEROIZE during a stream
    await h.clear_status()
    await h.cmd(OP.STREAM_START, stream_params(0, 16, 12, 0, 200))
    await h.cmd(OP.STREAM_DATA, NONCE + bytes(4) + PT)
    await h.zeroize()
    await ClockCycles(dut.clk_i, 50)
    assert await h.status() == 0
    assert await table1(h) == (CT, TAG)


async def _random_messages(dut, n: int, seed: int):
    h, m = await setup(dut)
    rng = random.Random(seed)
    shapes = [(32, 12, 28, 48, 16), (16, 12, 0, 0, 16), (24, 1, 5, 17, 12), (32, 16, 32, 64, 8),
              (16, 17, 0, 65, 16), (24, 12, 33, 3, 4), (32, 60, 70, 130, 15), (16, 12, 100, 0, 13)]
    while len(shapes) < n:
        shapes.append((rng.choice([16, 24, 32]), rng.choice([1, 8, 12, 16, 17, 40, 64]), rng.randrange(0, 80),
                       rng.randrange(0, 160), rng.choice(gcm.TAG_LENGTHS)))
    for i, (kl, ivl, al, pl, tl) in enumerate(shapes[:n]):
        key, iv, aad, pt = (rng.randbytes(kl), rng.randbytes(ivl), rng.randbytes(al), rng.randbytes(pl))
        KEYS_USED.append(key)
        ref_ct, ref_tag = gcm.gcm_encrypt(key, iv, aad, pt, tl)
        ct, tag = await h.encrypt(iv, aad, pt, tl, key=key)
        assert (ct, tag) == (ref_ct, ref_tag), (i, kl, ivl, al, pl, tl)
        assert await h.decrypt(iv, aad, ct, tag) == pt, i
        bad = bytes([tag[0] ^ 0x80]) + tag[1:]
        assert await h.decrypt(iv, aad, ct, bad) is None, i
        st = await h.status()
        assert st & ST_AUTH_FAIL, hex(st)
        # on FAIL no plaintext byte is readable: READ_CT is refused (and the buffer wiped: FORMAL assertions)
        assert await h.read(OP.READ_CT, 64) == bytes(64)
        assert err_code(await h.status()) == E_STATE
        if not h.fits(iv, aad, ct):
            # a releasing streamed decrypt is refused unless a verify-only pass just passed
            await h.clear_status()
            await h.cmd(OP.STREAM_START, stream_params(3, tl, ivl, al, pl))
            assert err_code(await h.status()) == E_STATE
        dut._log.info("message %d: key %d, iv %d, aad %d, text %d, tag %d: ok (%s)", i, kl, ivl, al, pl, tl,
                      "buffered" if h.fits(iv, aad, pt) else "streamed")


@cocotb.test()
async def test_random_messages(dut):
    """Key sizes 16/24/32, IV 1..64 B, AAD/text of any length (buffered and streamed), every tag length,
    decrypt with good and bad tags, through the Python host driver."""
    await _random_messages(dut, 24 if FULL else 8, 11)


@cocotb.test()
async def test_param_fields_sweep(dut):
    """Every parameter field of every opcode with out-of-range values, the device against the frame-level model
    (issue 20: STREAM_START's tag_len byte was taken modulo 32): STREAM_START tag_len, flags and the txt_len top
    byte (all 256 values with AESFORGE_FULL, the bit patterns that matter otherwise), iv_len / aad_len extremes,
    SET_TAGLEN values, and the payload length of every write opcode (also far beyond the buffers and past the
    byte counter's saturation). After each case the status must equal the model's; ABORT + CLEAR_STATUS then
    return both to a known state, and the loaded key must still be there (no refused frame changes anything)."""
    h, m = await setup(dut)
    model = GcmSpiModel(DIGIT, masked=MASKED)
    KEYS_USED.append(KEY)

    async def both(frame: bytes) -> None:
        await m.transfer(frame)
        model.frame(frame)

    async def settle() -> int:
        """Status once the device is idle or waits for a stream chunk (the model has no timing)."""
        for _ in range(400):
            st = await h.status()
            if not st & ST_BUSY or st & ST_RDY:
                return st
        raise TimeoutError("device stays BUSY")

    async def case(frame: bytes, what: str) -> None:
        await both(frame)
        st, exp = await settle(), model.status()
        assert st == exp, f"{what}: device status {st:#04x}, model {exp:#04x}"
        await both(bytes([OP.ABORT]))
        await settle()
        await both(bytes([OP.CLEAR_STATUS]))
        st, exp = await h.status(), model.status()
        assert st == exp and st & ST_KEY_OK, f"{what}, after ABORT + CLEAR_STATUS: {st:#04x} / {exp:#04x}"

    def stream(flags=0, tl=16, iv=12, aad=0, txt=16) -> bytes:
        return bytes([OP.STREAM_START]) + stream_params(flags, tl, iv, aad, txt)

    await both(bytes([OP.WRITE_KEY]) + KEY)
    await h.wait_not_busy("key")
    byte_values = range(256) if FULL else sorted({*range(0, 34), 0x24, 0x28, 0x2C, 0x30, 0x40, 0x80, 0x90, 0xF0,
                                                  0xFF})
    for tl in byte_values:
        await case(stream(tl=tl), f"STREAM_START tag_len {tl:#04x}")
    for fl in (range(256) if FULL else (0, 1, 2, 3, 4, 8, 0x10, 0x20, 0x40, 0x80, 0x81, 0xFC, 0xFF)):
        await case(stream(flags=fl), f"STREAM_START flags {fl:#04x}")
    for top in (range(256) if FULL else (0x00, 0x01, 0x08, 0x0F, 0x10, 0x20, 0x40, 0x80, 0xFF)):
        await case(stream(txt=(top << 32) | 16), f"STREAM_START txt_len[39:32] {top:#04x}")
    for iv, aad in ((0, 0), (1, 0), (0xFFFF, 0), (12, 0xFFFFFFFF), (0xFFFF, 0xFFFFFFFF)):
        await case(stream(iv=iv, aad=aad), f"STREAM_START iv_len {iv} aad_len {aad}")
    for v in (range(256) if FULL else byte_values):
        await case(bytes([OP.SET_TAGLEN, v]), f"SET_TAGLEN {v:#04x}")
    # payload lengths: every write opcode, around its legal range, and past the 8-bit byte counter
    lengths = (0, 1, 2, 11, 12, 13, 14, 15, 16, 17, 23, 24, 25, 31, 32, 33, 63, 64, 65, 255, 256, 257)
    for op in (OP.WRITE_NONCE, OP.WRITE_PT, OP.WRITE_AAD, OP.WRITE_TAG, OP.SET_TAGLEN, OP.STREAM_START,
               OP.START_ENC, OP.START_DEC, OP.ABORT, OP.CLEAR_STATUS, OP.ZEROIZE, OP.WRITE_KEY):
        for n in lengths:
            if op == OP.ZEROIZE and n == 0:
                continue                      # the one legal ZEROIZE would drop the key (checked elsewhere)
            payload = bytes((7 * i + 1) & 0xFF for i in range(n))
            if op == OP.STREAM_START and n >= 13:
                payload = stream_params(0, 16, 12, 0, 16) + payload[13:]
            if op == OP.SET_TAGLEN:
                payload = bytes([16]) + payload[1:]
            await case(bytes([op]) + payload, f"opcode {op:#04x} with {n} payload bytes")
            if op == OP.WRITE_KEY and n in (16, 24, 32):
                await both(bytes([OP.WRITE_KEY]) + KEY)   # the test's key again (a legal length loaded another)
                await h.wait_not_busy("key")
    # STREAM_DATA lengths inside a running stream: 0 and > 64 are refused (LENGTH), the stream keeps RDY
    for n in (0, 65, 255, 256, 300):
        await both(stream())
        assert await settle() == model.status()
        await case(bytes([OP.STREAM_DATA]) + bytes(n), f"STREAM_DATA with {n} bytes")
    assert await table1(h) == (CT, TAG)
