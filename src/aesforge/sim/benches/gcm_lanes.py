# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_gcm_lanes (multi-lane pipelined AES-GCM, bus-free beats of N blocks).

Per vector: when the key differs from the loaded one, load it (``key_cycles``: key handshake edge to the first
cycle with key_ok_o high). Then the command, then the IV / AAD / text / (decrypt) tag beats, each segment
starting on a new beat of N blocks (the last beat of a segment partial, its last block left-aligned), while a
monitor collects the text beats with its own back-pressure. Results:

* ``cycles``: clock edges from the command handshake edge to the edge that raises done_o;
* ``start_cycle``: the absolute clock count of the command handshake edge (the bench offers the next command in
  the cycle after done_o, so the starts of back-to-back vectors give the rate a stream of messages gets);
* decrypt: ``auth_ok`` from auth_fail_o; the plaintext is returned only when the tag matched (the core streams
  it marked unverified; withholding is the integrator's choice, done here by the bench).

Protocol violations (err_o != 0, wrong out_last_o / out_cnt_o, non-zero padding, a non-zero tag_o after a
decrypt) raise and become error lines.
"""
from __future__ import annotations

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.sim.bench import Batch, Stall, VectorTimeout, cycle, reset, start_clock_and_reset
from aesforge.sim.validate import gcm_fields


class GcmLanesTB:
    def __init__(self, dut, batch: Batch):
        self.dut = dut
        self.clk = dut.clk_i
        self.batch = batch
        self.n = int(batch.params.get("N", 2))
        self.in_stall = Stall(batch.stall, batch.seed * 2 + 1)
        self.out_stall = Stall(batch.stall, batch.seed * 2 + 2)
        self.key = None

    def idle_inputs(self):
        d = self.dut
        for s in (d.key_valid_i, d.cmd_valid_i, d.in_valid_i, d.out_ready_i, d.abort_i, d.clear_i,
                  d.cmd_decrypt_i):
            s.value = 0
        d.key_i.value = 0
        d.cmd_iv_len_i.value = 0
        d.cmd_aad_len_i.value = 0
        d.cmd_txt_len_i.value = 0
        d.cmd_tag_len_i.value = 0
        d.in_data_i.value = 0

    async def recover(self):
        self.idle_inputs()
        await reset(self.dut)
        self.key = None

    def seg_beats(self, data: bytes) -> list[int]:
        n = self.n
        blocks = [data[i:i + 16].ljust(16, b"\0") for i in range(0, len(data), 16)]
        out = []
        for i in range(0, len(blocks), n):
            grp = blocks[i:i + n]
            out.append(int.from_bytes(b"".join(grp).ljust(16 * n, b"\0"), "big"))
        return out

    async def load_key(self, key: bytes) -> int:
        d = self.dut
        d.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
        d.key_valid_i.value = 1
        budget = 1000
        while True:
            await ReadOnly()
            if int(d.key_ready_o.value):
                break
            budget -= 1
            if budget <= 0:
                raise VectorTimeout("timeout: key_ready_o")
            await RisingEdge(self.clk)
        t0 = cycle() + 1
        await RisingEdge(self.clk)
        d.key_valid_i.value = 0
        d.key_i.value = 0
        for _ in range(5000):
            await ReadOnly()
            if int(d.key_ok_o.value):
                t1 = cycle()
                await RisingEdge(self.clk)
                self.key = key
                return t1 - t0
            await RisingEdge(self.clk)
        raise VectorTimeout("timeout: key_ok_o after key load")

    async def drive(self, beats: list[int]):
        d = self.dut
        for b in beats:
            while self.in_stall():
                d.in_valid_i.value = 0
                await RisingEdge(self.clk)
            d.in_valid_i.value = 1
            d.in_data_i.value = b
            budget = 4000 * (1 + int(10 * self.batch.stall))
            while True:
                await ReadOnly()
                if int(d.in_ready_o.value):
                    break
                await RisingEdge(self.clk)
                budget -= 1
                if budget <= 0:
                    raise VectorTimeout("timeout: in_ready_o")
            await RisingEdge(self.clk)
        d.in_valid_i.value = 0
        d.in_data_i.value = 0

    async def collect(self, nbeats: int, outs: list):
        d = self.dut
        budget = (200 + 50 * nbeats) * (1 + int(10 * self.batch.stall))
        while len(outs) < nbeats:
            ready = not self.out_stall()
            d.out_ready_i.value = int(ready)
            await ReadOnly()
            if ready and int(d.out_valid_o.value):
                outs.append((int(d.out_data_o.value), int(d.out_cnt_o.value), int(d.out_last_o.value)))
            await RisingEdge(self.clk)
            budget -= 1
            if budget <= 0:
                raise VectorTimeout(f"timeout: {len(outs)} of {nbeats} output beats")
        d.out_ready_i.value = 0

    async def run_one(self, vec: dict) -> dict:
        d = self.dut
        n = self.n
        key, dec, iv, aad, text, tag_len = gcm_fields(vec)
        res: dict = {}
        if key != self.key:
            res["key_cycles"] = await self.load_key(key)
        else:
            res["key_cycles"] = 0
        # command
        d.cmd_decrypt_i.value = int(dec)
        d.cmd_iv_len_i.value = len(iv)
        d.cmd_aad_len_i.value = len(aad)
        d.cmd_txt_len_i.value = len(text)
        d.cmd_tag_len_i.value = tag_len
        d.cmd_valid_i.value = 1
        for _ in range(1000):
            await ReadOnly()
            if int(d.cmd_ready_o.value):
                break
            await RisingEdge(self.clk)
        else:
            await RisingEdge(self.clk)
            raise VectorTimeout("timeout: cmd_ready_o")
        t0 = cycle() + 1
        await RisingEdge(self.clk)
        d.cmd_valid_i.value = 0
        beats = self.seg_beats(iv) + self.seg_beats(aad) + self.seg_beats(text)
        if dec:
            tag = bytes.fromhex(vec["tag"])
            beats.append(int.from_bytes(tag.ljust(16 * n, b"\0"), "big"))
        n_out = (len(text) + 16 * n - 1) // (16 * n)
        outs: list = []
        mon = cocotb.start_soon(self.collect(n_out, outs))
        await self.drive(beats)
        await mon
        # done
        for _ in range(5000):
            await ReadOnly()
            if int(d.done_o.value):
                break
            await RisingEdge(self.clk)
        else:
            await RisingEdge(self.clk)
            raise VectorTimeout("timeout: done_o")
        res["cycles"] = cycle() - t0 + 1
        res["start_cycle"] = t0
        err = int(d.err_o.value)
        tag_o = int(d.tag_o.value).to_bytes(16, "big")
        fail = int(d.auth_fail_o.value)
        await RisingEdge(self.clk)
        if err:
            raise RuntimeError(f"core reported err_o = {err}")
        # reassemble the text
        nblk = (len(text) + 15) // 16
        got = b""
        for k, (word, cnt, last) in enumerate(outs):
            want_cnt = min(n, nblk - k * n)
            if cnt != want_cnt or last != int(k == n_out - 1):
                raise RuntimeError(f"beat {k}: out_cnt_o {cnt} / out_last_o {last}, expected {want_cnt} / {int(k == n_out - 1)}")
            raw = word.to_bytes(16 * n, "big")
            if any(raw[16 * cnt:]):
                raise RuntimeError(f"beat {k}: lanes beyond out_cnt_o not zero")
            got += raw[:16 * cnt]
        if any(got[len(text):]):
            raise RuntimeError("padding bytes of the last output block not zero")
        got = got[:len(text)]
        if dec:
            if any(tag_o):
                raise RuntimeError("tag_o not zero after a decryption")
            res["auth_ok"] = not fail
            if not fail:
                res["pt"] = got.hex()
        else:
            if any(tag_o[tag_len:]):
                raise RuntimeError("tag_o bytes beyond tag_len not zero")
            res["ct"] = got.hex()
            res["tag"] = tag_o[:tag_len].hex()
        return res


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the core and write $AESFORGE_OUT."""
    batch = Batch()
    tb = GcmLanesTB(dut, batch)
    tb.idle_inputs()
    await start_clock_and_reset(dut)
    await batch.run(dut, tb.run_one, tb.recover)
