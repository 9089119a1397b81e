# SPDX-License-Identifier: Apache-2.0
"""cocotb protocol tests of aesf_gcm_seq (expected values from the golden model aesforge.model):
back-to-back messages with key changes and every length corner (empty AAD / text, partial blocks, non-96-bit
IVs) under random stalls, decrypt with good and bad tags (equal cycles, tag_o never shows the computed tag),
abort in every phase followed by a good message, clear_i zeroizing key / H / counters / buffers, and the error
codes for a missing key, bad lengths / tag lengths and an illegal key length."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.model import gcm_decrypt, gcm_encrypt
from aesforge.sim.bench import cycle

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
DIGIT = int(P.get("DIGIT", 8))
KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}
INPUTS = ("key_valid_i", "key_i", "key_len_i", "cmd_valid_i", "cmd_decrypt_i", "cmd_iv_len_i", "cmd_aad_len_i",
          "cmd_txt_len_i", "cmd_tag_len_i", "in_valid_i", "in_data_i", "out_ready_i", "abort_i", "clear_i")


def beats(data: bytes) -> list[int]:
    return [int.from_bytes(data[i:i + 16].ljust(16, b"\0"), "big") for i in range(0, len(data), 16)]


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for s in INPUTS:
        getattr(dut, s).value = 0
    dut.rst_ni.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


async def wait_sig(dut, sig, budget=20000, what=""):
    for _ in range(budget):
        await ReadOnly()
        if int(sig.value):
            return cycle()
        await RisingEdge(dut.clk_i)
    raise AssertionError(f"timeout waiting for {what or sig._name}")


async def load_key(dut, key: bytes, code: int | None = None) -> None:
    dut.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
    dut.key_len_i.value = KEY_LEN_CODE[len(key)] if code is None else code
    dut.key_valid_i.value = 1
    await wait_sig(dut, dut.key_ready_o)
    await RisingEdge(dut.clk_i)
    dut.key_valid_i.value = 0
    dut.key_i.value = 0
    if code == 3:
        return
    await wait_sig(dut, dut.key_ok_o, 200, "key_ok_o")
    await RisingEdge(dut.clk_i)


class Msg:
    """One message through the core: command, driver (random idles), collector (random back-pressure)."""

    def __init__(self, dut, rng: random.Random, p_in: float = 0.0, p_out: float = 0.0):
        self.dut, self.rng, self.p_in, self.p_out = dut, rng, p_in, p_out
        self.outs: list[int] = []
        self.lasts: list[int] = []
        self.n_in = 0

    async def drive(self, blks):
        d = self.dut
        for b in blks:
            while self.rng.random() < self.p_in:
                d.in_valid_i.value = 0
                await RisingEdge(d.clk_i)
            d.in_valid_i.value = 1
            d.in_data_i.value = b
            while True:
                await ReadOnly()
                if int(d.in_ready_o.value):
                    break
                await RisingEdge(d.clk_i)
            await RisingEdge(d.clk_i)
            self.n_in += 1
        d.in_valid_i.value = 0
        d.in_data_i.value = 0

    async def collect(self):
        d = self.dut
        while True:
            rdy = self.rng.random() >= self.p_out
            d.out_ready_i.value = int(rdy)
            await ReadOnly()
            if rdy and int(d.out_valid_o.value):
                self.outs.append(int(d.out_data_o.value))
                self.lasts.append(int(d.out_last_o.value))
            await RisingEdge(d.clk_i)

    async def run(self, dec: bool, iv: bytes, aad: bytes, txt: bytes, tag_len: int, tag: bytes = b"",
                  abort_after: int | None = None, tag_len_cmd: int | None = None, iv_len_cmd: int | None = None,
                  txt_len_cmd: int | None = None) -> dict:
        d = self.dut
        d.cmd_decrypt_i.value = int(dec)
        d.cmd_iv_len_i.value = len(iv) if iv_len_cmd is None else iv_len_cmd
        d.cmd_aad_len_i.value = len(aad)
        d.cmd_txt_len_i.value = len(txt) if txt_len_cmd is None else txt_len_cmd
        d.cmd_tag_len_i.value = tag_len if tag_len_cmd is None else tag_len_cmd
        d.cmd_valid_i.value = 1
        t0 = await wait_sig(d, d.cmd_ready_o, 2000, "cmd_ready_o") + 1
        await RisingEdge(d.clk_i)
        d.cmd_valid_i.value = 0
        blks = beats(iv) + beats(aad) + beats(txt) + ([int.from_bytes(tag.ljust(16, b"\0"), "big")] if dec else [])
        drv = cocotb.start_soon(self.drive(blks))
        mon = cocotb.start_soon(self.collect())
        budget = 400 * (len(blks) + 4) * (128 // DIGIT + 20)
        while True:
            await ReadOnly()
            if int(d.done_o.value):
                break
            if abort_after is not None and self.n_in >= abort_after:
                await RisingEdge(d.clk_i)
                d.abort_i.value = 1
                await RisingEdge(d.clk_i)
                d.abort_i.value = 0
                abort_after = None
                continue
            budget -= 1
            assert budget > 0, "no done_o"
            await RisingEdge(d.clk_i)
        res = {"cycles": cycle() - t0, "err": int(d.err_o.value), "fail": int(d.auth_fail_o.value),
               "tag": int(d.tag_o.value).to_bytes(16, "big"), "busy": int(d.busy_o.value)}
        await RisingEdge(d.clk_i)
        drv.cancel()
        mon.cancel()
        d.in_valid_i.value = 0
        d.out_ready_i.value = 0
        res["out"] = b"".join(o.to_bytes(16, "big") for o in self.outs)
        res["lasts"] = list(self.lasts)
        res["n_in"] = self.n_in
        await ReadOnly()
        assert int(d.done_o.value) == 0, "done_o must be a one-cycle pulse"
        await RisingEdge(d.clk_i)
        return res


async def check_msg(dut, rng, key, dec, iv, aad, txt, tag_len, p_in=0.0, p_out=0.0, corrupt=False) -> dict:
    """Run one message and compare with the model; returns the core's result."""
    if dec:
        pt = txt
        ct, tag = gcm_encrypt(key, iv, aad, pt, tag_len)
        if corrupt:
            tag = bytes([tag[0] ^ 0x01]) + tag[1:]
        r = await Msg(dut, rng, p_in, p_out).run(True, iv, aad, ct, tag_len, tag)
        assert r["err"] == 0
        assert r["tag"] == bytes(16), "decrypt must not expose a tag"
        assert r["fail"] == int(corrupt)
        assert gcm_decrypt(key, iv, aad, ct, tag) == (None if corrupt else pt)
        assert r["out"][:len(pt)] == pt, "the core streams the plaintext (the front end withholds it)"
    else:
        ct, tag = gcm_encrypt(key, iv, aad, txt, tag_len)
        r = await Msg(dut, rng, p_in, p_out).run(False, iv, aad, txt, tag_len)
        assert r["err"] == 0 and r["fail"] == 0
        assert r["out"][:len(txt)] == ct
        assert r["tag"] == tag + bytes(16 - tag_len)
    n = -(-len(txt) // 16)
    assert len(r["out"]) == 16 * n and not any(r["out"][len(txt):])
    assert r["lasts"] == [0] * (n - 1) + [1] * (n > 0)
    return r


@cocotb.test()
async def back_to_back_key_changes_and_corners(dut):
    """Messages back-to-back over three keys (128/256/192), both directions, every length corner, stalls."""
    await setup(dut)
    rng = random.Random(21)
    shapes = [(12, 0, 0), (12, 0, 1), (12, 1, 0), (12, 16, 16), (12, 17, 33), (12, 28, 48), (1, 0, 0), (8, 5, 17),
              (16, 0, 32), (60, 20, 15), (128, 3, 64), (13, 16, 0)]
    for klen in (16, 32, 24):
        key = rng.randbytes(klen)
        await load_key(dut, key)
        for i, (ivl, aadl, txtl) in enumerate(shapes):
            stall = (0.0, 0.0) if i % 3 == 0 else (0.4, 0.5)
            tag_len = (16, 12, 8, 4, 13, 14, 15)[i % 7]
            await check_msg(dut, rng, key, bool(i & 1), rng.randbytes(ivl), rng.randbytes(aadl), rng.randbytes(txtl),
                            tag_len, *stall)
        assert int(dut.key_ok_o.value) == 1


@cocotb.test()
async def good_and_bad_tag_same_cycles(dut):
    """A wrong tag sets auth_fail_o with exactly the cycles of the right tag; done/err/fail/tag hold until the
    next command."""
    await setup(dut)
    rng = random.Random(3)
    key = rng.randbytes(32)
    await load_key(dut, key)
    for ivl, aadl, txtl in ((12, 28, 48), (12, 0, 0), (7, 9, 31)):
        iv, aad, pt = rng.randbytes(ivl), rng.randbytes(aadl), rng.randbytes(txtl)
        good = await check_msg(dut, rng, key, True, iv, aad, pt, 16)
        bad = await check_msg(dut, rng, key, True, iv, aad, pt, 16, corrupt=True)
        assert good["cycles"] == bad["cycles"], (good["cycles"], bad["cycles"])
        for _ in range(5):
            await RisingEdge(dut.clk_i)
        await ReadOnly()
        assert int(dut.auth_fail_o.value) == 1 and int(dut.err_o.value) == 0
        await RisingEdge(dut.clk_i)


@cocotb.test()
async def abort_every_phase(dut):
    """abort_i after 0..n input beats: done_o with err 4, no further beats, key kept, next message right."""
    await setup(dut)
    rng = random.Random(8)
    key = rng.randbytes(16)
    await load_key(dut, key)
    iv, aad, pt = rng.randbytes(12), rng.randbytes(40), rng.randbytes(70)
    nb = len(beats(iv)) + len(beats(aad)) + len(beats(pt)) + 1
    for dec in (False, True):
        for k in range(nb + 1):
            ct, tag = gcm_encrypt(key, iv, aad, pt, 16)
            m = Msg(dut, rng, 0.3, 0.6)
            r = await m.run(dec, iv, aad, ct if dec else pt, 16, tag, abort_after=k)
            if r["err"] == 4:
                assert r["tag"] == bytes(16) and r["fail"] == 0 and r["n_in"] <= k + 1
            else:
                assert r["err"] == 0 and k >= nb - 1   # aborted too late: the message had finished
            assert int(dut.key_ok_o.value) == 1
            await check_msg(dut, rng, key, dec, iv, aad, pt, 16)
    # abort while idle does nothing
    dut.abort_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.abort_i.value = 0
    await ReadOnly()
    assert int(dut.done_o.value) == 0
    await RisingEdge(dut.clk_i)


@cocotb.test()
async def clear_zeroizes(dut):
    """clear_i in the middle of a message and when idle: key_ok_o falls, H / counters / buffers / tag are zero,
    the next command gives err 1, a new key works."""
    await setup(dut)
    rng = random.Random(4)
    key = rng.randbytes(32)
    await load_key(dut, key)
    r = await check_msg(dut, rng, key, False, rng.randbytes(12), rng.randbytes(20), rng.randbytes(40), 16)
    assert r["tag"] != bytes(16)
    # start a message and clear it half way
    m = Msg(dut, rng)
    dut.cmd_decrypt_i.value = 0
    dut.cmd_iv_len_i.value = 12
    dut.cmd_aad_len_i.value = 16
    dut.cmd_txt_len_i.value = 64
    dut.cmd_tag_len_i.value = 16
    dut.cmd_valid_i.value = 1
    await wait_sig(dut, dut.cmd_ready_o)
    await RisingEdge(dut.clk_i)
    dut.cmd_valid_i.value = 0
    drv = cocotb.start_soon(m.drive(beats(rng.randbytes(12 + 16 + 64))))
    for _ in range(40):
        await RisingEdge(dut.clk_i)
    dut.clear_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.clear_i.value = 0
    drv.cancel()
    dut.in_valid_i.value = 0
    await ReadOnly()
    assert int(dut.key_ok_o.value) == 0 and int(dut.busy_o.value) == 0
    assert int(dut.tag_o.value) == 0 and int(dut.out_data_o.value) == 0 and int(dut.out_valid_o.value) == 0
    # (H, counter, E_K(J0), GHASH input/accumulator, output, tag, AES state and output registers are zero after
    # this edge: the RTL's FORMAL assertions of aesf_gcm_seq, aesf_gf128_mul_digit and the AES engine, checked
    # in the Verilator runs)
    await RisingEdge(dut.clk_i)
    for _ in range(40):   # round-key store scrub (15 rows in aesf_aes_iter, 32 word pairs in aesf_aes_col32)
        await RisingEdge(dut.clk_i)
    r = await Msg(dut, rng).run(False, bytes(12), b"", b"", 16)
    assert r["err"] == 1 and r["n_in"] == 0 and r["tag"] == bytes(16)
    key2 = rng.randbytes(24)
    await load_key(dut, key2)
    await check_msg(dut, rng, key2, True, rng.randbytes(12), b"", rng.randbytes(20), 12)


@cocotb.test()
async def error_codes(dut):
    """err 1 without a key, err 2 for bad tag / IV / text lengths (no beat taken, key kept), err 3 for
    key_len 3 (key no longer usable)."""
    await setup(dut)
    rng = random.Random(6)
    r = await Msg(dut, rng).run(False, bytes(12), b"", bytes(16), 16)
    assert r["err"] == 1 and r["n_in"] == 0
    key = rng.randbytes(16)
    await load_key(dut, key)
    for tl in (0, 1, 3, 5, 7, 9, 10, 11, 17, 31):
        r = await Msg(dut, rng).run(False, bytes(12), b"", bytes(16), 16, tag_len_cmd=tl)
        assert r["err"] == 2 and r["n_in"] == 0, tl
    r = await Msg(dut, rng).run(False, bytes(12), b"", bytes(16), 16, iv_len_cmd=0)
    assert r["err"] == 2 and r["n_in"] == 0
    r = await Msg(dut, rng).run(False, bytes(12), b"", bytes(16), 16, txt_len_cmd=(1 << 36) - 31)
    assert r["err"] == 2 and r["n_in"] == 0
    assert int(dut.key_ok_o.value) == 1
    await check_msg(dut, rng, key, False, rng.randbytes(12), rng.randbytes(3), rng.randbytes(5), 4)
    # illegal key length: done with err 3, key unusable
    await load_key(dut, rng.randbytes(16), code=3)
    await wait_sig(dut, dut.done_o, 10)
    assert int(dut.err_o.value) == 3 and int(dut.key_ok_o.value) == 0
    await RisingEdge(dut.clk_i)
    r = await Msg(dut, rng).run(False, bytes(12), b"", bytes(16), 16)
    assert r["err"] == 1


@cocotb.test()
async def busy_refuses_and_key_corners(dut):
    """While a message runs, cmd_ready_o and key_ready_o stay low (a command or key offered then waits, it is
    never applied to the running message); clear_i during a key expansion leaves no usable key; abort_i during a
    key load is ignored (no done_o); a good key after all that works."""
    await setup(dut)
    rng = random.Random(12)
    key = rng.randbytes(16)
    await load_key(dut, key)
    iv, aad, pt = rng.randbytes(12), rng.randbytes(20), rng.randbytes(50)
    ct, tag = gcm_encrypt(key, iv, aad, pt, 16)
    # a message with a second command and a new key offered all the time: both must wait until done_o
    m = Msg(dut, rng, 0.3, 0.3)
    run = cocotb.start_soon(m.run(False, iv, aad, pt, 16))
    await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)            # the command handshake has happened
    key2 = rng.randbytes(32)
    dut.key_i.value = int.from_bytes(key2, "big")
    dut.key_len_i.value = 2
    dut.key_valid_i.value = 1
    seen_busy = 0
    while not run.done():
        await ReadOnly()
        if int(dut.busy_o.value) and not int(dut.done_o.value):
            seen_busy += 1
            assert int(dut.cmd_ready_o.value) == 0 and int(dut.key_ready_o.value) == 0
        await RisingEdge(dut.clk_i)
    r = run.result()
    assert seen_busy > 20
    assert r["err"] == 0 and r["out"][:len(pt)] == ct and r["tag"] == tag
    # the pending key is taken after the message: the next message uses key2
    await wait_sig(dut, dut.key_ready_o, 150, "key_ready_o")  # after the engine's last block (<= 60 cycles)
    await RisingEdge(dut.clk_i)            # key handshake
    dut.key_valid_i.value = 0
    dut.key_i.value = 0
    await wait_sig(dut, dut.key_ok_o, 200, "key_ok_o")
    await RisingEdge(dut.clk_i)
    await check_msg(dut, rng, key2, True, iv, aad, pt, 15)
    # clear_i in the middle of a key expansion: no key afterwards
    dut.key_i.value = int.from_bytes(key2, "big")
    dut.key_len_i.value = 2
    dut.key_valid_i.value = 1
    await wait_sig(dut, dut.key_ready_o)
    await RisingEdge(dut.clk_i)
    dut.key_valid_i.value = 0
    dut.key_i.value = 0
    for _ in range(5):
        await RisingEdge(dut.clk_i)
    dut.clear_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.clear_i.value = 0
    for _ in range(60):
        await ReadOnly()
        assert int(dut.key_ok_o.value) == 0 and int(dut.done_o.value) == 0
        await RisingEdge(dut.clk_i)
    r = await Msg(dut, rng).run(False, bytes(12), b"", bytes(16), 16)
    assert r["err"] == 1 and r["n_in"] == 0
    # abort_i during a key load: ignored, the key loads, no done_o
    key3 = rng.randbytes(24)
    dut.key_i.value = int.from_bytes(key3.ljust(32, b"\0"), "big")
    dut.key_len_i.value = 1
    dut.key_valid_i.value = 1
    await wait_sig(dut, dut.key_ready_o)
    await RisingEdge(dut.clk_i)
    dut.key_valid_i.value = 0
    dut.key_i.value = 0
    dut.abort_i.value = 1
    for _ in range(120):   # longer than either engine's AES-192 key load (+ H): 26 + 52 + 2 with AES_IMPL 1
        await ReadOnly()
        assert int(dut.done_o.value) == 0
        await RisingEdge(dut.clk_i)
    dut.abort_i.value = 0
    assert int(dut.key_ok_o.value) == 1
    await check_msg(dut, rng, key3, False, rng.randbytes(9), rng.randbytes(33), rng.randbytes(47), 13, 0.5, 0.5)
