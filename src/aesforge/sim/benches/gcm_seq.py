# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_gcm_seq (sequential AES-GCM over valid/ready beats).

Per vector: when the key differs from the loaded one, load it (``key_cycles``: key handshake edge to the first
cycle with key_ok_o high); the command is offered right after the key handshake, and the IV / AAD / text / tag
beats right after the command, so nothing waits on the bench at full speed. Outputs are collected by a monitor
with its own back-pressure. Results:

* ``cycles``: clock edges from the command handshake edge to the edge that raises done_o (the seed paper's
  start_cycle .. end_cycle count, without the key load);
* ``total_cycles`` (only when this vector loaded the key): the same from the key handshake edge;
* ``in_stall`` / ``out_stall``: cycles in which the bench held in_valid_i / out_ready_i low on purpose.

Decrypt: ``auth_ok`` from auth_fail_o; the plaintext is returned only when the tag matched (the core streams
it; withholding is the front end's job, done here by the bench). Any protocol violation (err_o != 0, wrong
out_last_o, non-zero padding bytes, a decrypt tag_o that is not zero) raises and becomes an error line.
"""
from __future__ import annotations

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.sim.bench import (Batch, HandshakeTB, VectorTimeout, cycle, receive, reseed_prng, reset, run_bench,
                                send, wait_high)
from aesforge.sim.validate import gcm_fields

KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}


def beats(data: bytes) -> list[int]:
    """16-byte beats, the partial last one left-aligned (zero padded)."""
    return [int.from_bytes(data[i:i + 16].ljust(16, b"\0"), "big") for i in range(0, len(data), 16)]


class GcmSeqTB(HandshakeTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.digit = int(batch.params.get("DIGIT", 8))

    def idle_inputs(self):
        d = self.dut
        for s in ("key_valid_i", "key_i", "key_len_i", "cmd_valid_i", "cmd_decrypt_i", "cmd_iv_len_i",
                  "cmd_aad_len_i", "cmd_txt_len_i", "cmd_tag_len_i", "in_valid_i", "in_data_i", "out_ready_i",
                  "abort_i", "clear_i", "prng_seed_valid_i", "prng_seed_i"):
            getattr(d, s).value = 0

    async def after_reset(self):
        """The masked engine (AES_IMPL 2): two 64-bit seed words from the batch seed after every reset, as a host
        does; results and cycles must not depend on them."""
        if int(self.batch.params.get("AES_IMPL", 0)) == 2:
            await reseed_prng(self.dut, self.batch.seed * 7919 + 23)

    async def recover(self):
        self.idle_inputs()
        await reset(self.dut)
        await self.after_reset()
        self.key = None

    async def drive(self, blks: list[int], stalls: list):
        d = self.dut
        _, n = await send(self.clk, d.in_valid_i, d.in_ready_o, [{d.in_data_i: blk} for blk in blks], self.in_stall,
                          self.budget, "in_ready_o")
        stalls.append(n)

    async def collect(self, n: int, outs: list, stalls: list):
        d = self.dut

        def take():
            last = int(d.out_last_o.value)
            if last != (len(outs) == n - 1):
                raise RuntimeError(f"out_last_o = {last} on output beat {len(outs)} of {n}")
            outs.append(int(d.out_data_o.value))

        stalls.append(await receive(self.clk, d.out_valid_o, d.out_ready_i, n, self.out_stall, self.budget,
                                    "output beats", take))

    async def run_one(self, vec: dict) -> dict:
        d = self.dut
        key, dec, iv, aad, txt, tlen = gcm_fields(vec)
        nbeats = len(beats(iv)) + len(beats(aad)) + len(beats(txt)) + 1
        mul = 128 // self.digit
        self.budget = (200 + (mul + 16) * (nbeats + 2)) * (1 + int(20 * self.batch.stall))

        t_key = None
        key_cycles = 0
        if key != self.key:
            d.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
            d.key_len_i.value = KEY_LEN_CODE[len(key)]
            d.key_valid_i.value = 1
            t_key = await wait_high(self.clk, d.key_ready_o, 1000, "key_ready_o") + 1
            await RisingEdge(self.clk)      # key handshake edge
            d.key_valid_i.value = 0
            d.key_i.value = 0               # do not leave key bytes on the bus
            self.key = key

        # command, offered at once (the core takes it when idle with the key ready)
        d.cmd_decrypt_i.value = int(dec)
        d.cmd_iv_len_i.value = len(iv)
        d.cmd_aad_len_i.value = len(aad)
        d.cmd_txt_len_i.value = len(txt)
        d.cmd_tag_len_i.value = tlen
        d.cmd_valid_i.value = 1
        blks = beats(iv) + beats(aad) + beats(txt)
        if dec:
            blks.append(int.from_bytes(bytes.fromhex(vec["tag"]).ljust(16, b"\0"), "big"))
        outs: list[int] = []
        in_st: list[int] = []
        out_st: list[int] = []
        t_cmd = None
        for _ in range(self.budget):
            await ReadOnly()
            if t_key is not None and not key_cycles and int(d.key_ok_o.value):
                key_cycles = cycle() - t_key
            if int(d.cmd_ready_o.value):
                t_cmd = cycle() + 1
                break
            await RisingEdge(self.clk)
        if t_cmd is None:
            raise VectorTimeout("timeout: cmd_ready_o")
        await RisingEdge(self.clk)          # command handshake edge
        d.cmd_valid_i.value = 0
        mon = cocotb.start_soon(self.collect(len(beats(txt)), outs, out_st))
        drv = cocotb.start_soon(self.drive(blks, in_st))
        t_done = await wait_high(self.clk, d.done_o, self.budget, "done_o")
        err = int(d.err_o.value)
        fail = int(d.auth_fail_o.value)
        tag = int(d.tag_o.value)
        await drv
        await mon
        if err:
            raise RuntimeError(f"core reported err_o = {err}")
        raw = b"".join(o.to_bytes(16, "big") for o in outs)
        if any(raw[len(txt):]):
            raise RuntimeError("non-zero bytes beyond the text length in the last output beat")
        res: dict = {}
        tag_b = tag.to_bytes(16, "big")
        if dec:
            if tag:
                raise RuntimeError("tag_o is not zero after a decryption")
            if fail:
                res["auth_ok"] = False
            else:
                res["auth_ok"] = True
                res["pt"] = raw[:len(txt)].hex()
        else:
            if fail:
                raise RuntimeError("auth_fail_o set after an encryption")
            if any(tag_b[tlen:]):
                raise RuntimeError("tag_o bytes beyond tag_len are not zero")
            res["ct"] = raw[:len(txt)].hex()
            res["tag"] = tag_b[:tlen].hex()
        res["cycles"] = t_done - t_cmd
        res["key_cycles"] = key_cycles
        if t_key is not None:
            res["total_cycles"] = t_done - t_key
        res["in_stall"] = in_st[0] if in_st else 0
        res["out_stall"] = out_st[0] if out_st else 0
        await RisingEdge(self.clk)
        return res


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the core and write $AESFORGE_OUT."""
    await run_bench(dut, GcmSeqTB)
