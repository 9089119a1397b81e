# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_gcm_lanes (multi-lane pipelined AES-GCM, bus-free beats of N blocks).

Per vector: when the key differs from the loaded one, load it (``key_cycles``: key handshake edge to the first
cycle with key_ok_o high). Then the command, then the IV / AAD / text / (decrypt) tag beats, each segment
starting on a new beat of N blocks (the last beat of a segment partial, its last block left-aligned), while a
monitor collects the text beats with its own back-pressure. Results:

* ``cycles``: clock edges from the command handshake edge to the edge that raises done_o;
* ``start_cycle`` / ``done_cycle``: the absolute clock counts of the command handshake edge and of the edge that
  raises done_o;
* consecutive vectors with the same key and the same ``stream`` field (any value) run as one stream: their commands
  go to the core as fast as it takes them (it queues up to 2^CQ_LOG2 messages), their beats follow each other
  back to back, text beats and done_o are collected in order by concurrent monitors, so the messages overlap
  inside the core; the ``done_cycle`` spacing of a stream is the rate it sustains. Other vectors run one at a
  time (the next command in the cycle after done_o);
* with IV_IN_CMD = 1 a 12-byte IV goes with the command (cmd_iv_i) and has no IV beat;
* decrypt: ``auth_ok`` from auth_fail_o; the plaintext is returned only when the tag matched (the core streams
  it marked unverified; withholding is the integrator's choice, done here by the bench).

Protocol violations (err_o != 0, wrong out_last_o / out_cnt_o, non-zero padding, a non-zero tag_o after a
decrypt) raise and become error lines.
"""
from __future__ import annotations


import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.sim.bench import Batch, HandshakeTB, VectorTimeout, cycle, receive, reset, run_bench, send
from aesforge.sim.validate import gcm_fields


class GcmLanesTB(HandshakeTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.n = int(batch.params.get("N", 2))
        self.iv_in_cmd = int(batch.params.get("IV_IN_CMD", 0)) == 1

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
        d.cmd_iv_i.value = 0
        d.in_data_i.value = 0

    async def recover(self):
        self.idle_inputs()
        await reset(self.dut)
        self.key = None

    async def run(self):
        """Consecutive vectors with the same key and ``stream`` field run as one back-to-back stream (run_stream)."""
        await self.batch.run(self.dut, self.run_one, self.recover, self.run_stream)

    def seg_beats(self, data: bytes) -> list[int]:
        n = self.n
        blocks = [data[i:i + 16].ljust(16, b"\0") for i in range(0, len(data), 16)]
        out = []
        for i in range(0, len(blocks), n):
            grp = blocks[i:i + n]
            out.append(int.from_bytes(b"".join(grp).ljust(16 * n, b"\0"), "big"))
        return out

    async def key_handshake(self, key: bytes) -> int:
        """Offer `key` until the core takes it; returns the handshake edge's cycle. On return the edge after
        the handshake has passed and key_valid_i / key_i are 0."""
        d = self.dut
        d.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
        d.key_valid_i.value = 1
        for _ in range(1000):
            await ReadOnly()
            if int(d.key_ready_o.value):
                break
            await RisingEdge(self.clk)
        else:
            await RisingEdge(self.clk)
            raise VectorTimeout("timeout: key_ready_o")
        t0 = cycle() + 1
        await RisingEdge(self.clk)
        d.key_valid_i.value = 0
        d.key_i.value = 0
        return t0

    async def load_key(self, key: bytes) -> int:
        """Key handshake, then wait for key_ok_o; returns the key load's cycles."""
        d = self.dut
        t0 = await self.key_handshake(key)
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
        await send(self.clk, d.in_valid_i, d.in_ready_o, [{d.in_data_i: b} for b in beats], self.in_stall,
                   4000 * (1 + int(10 * self.batch.stall)), "in_ready_o")

    async def collect(self, nbeats: int, outs: list, budget: int = 0):
        d = self.dut

        def take():
            outs.append((int(d.out_data_o.value), int(d.out_cnt_o.value), int(d.out_last_o.value)))

        await receive(self.clk, d.out_valid_o, d.out_ready_i, nbeats, self.out_stall,
                      budget or (200 + 50 * nbeats) * (1 + int(10 * self.batch.stall)), "output beats", take)

    def plan(self, vec: dict) -> dict:
        """Command fields, input beats and output count of one vector."""
        n = self.n
        key, dec, iv, aad, text, tag_len = gcm_fields(vec)
        ivc = self.iv_in_cmd and len(iv) == 12
        beats = ([] if ivc else self.seg_beats(iv)) + self.seg_beats(aad) + self.seg_beats(text)
        if dec:
            tag = bytes.fromhex(vec["tag"])
            beats.append(int.from_bytes(tag.ljust(16 * n, b"\0"), "big"))
        return {"key": key, "dec": dec, "iv": iv, "aad": aad, "text": text, "tag_len": tag_len, "ivc": ivc,
                "beats": beats, "n_out": (len(text) + 16 * n - 1) // (16 * n)}

    async def command(self, p: dict) -> int:
        """Drive one command; returns its handshake edge."""
        d = self.dut
        d.cmd_decrypt_i.value = int(p["dec"])
        d.cmd_iv_len_i.value = len(p["iv"])
        d.cmd_aad_len_i.value = len(p["aad"])
        d.cmd_txt_len_i.value = len(p["text"])
        d.cmd_tag_len_i.value = p["tag_len"]
        d.cmd_iv_i.value = int.from_bytes(p["iv"], "big") if p["ivc"] else 0
        d.cmd_valid_i.value = 1
        for _ in range(20000):
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
        d.cmd_iv_i.value = 0
        return t0

    async def wait_done(self) -> tuple[int, int, bytes, int]:
        """Wait for done_o; returns (edge, err_o, tag_o, auth_fail_o)."""
        d = self.dut
        for _ in range(20000):
            await ReadOnly()
            if int(d.done_o.value):
                break
            await RisingEdge(self.clk)
        else:
            await RisingEdge(self.clk)
            raise VectorTimeout("timeout: done_o")
        t1 = cycle() + 1
        err = int(d.err_o.value)
        tag_o = int(d.tag_o.value).to_bytes(16, "big")
        fail = int(d.auth_fail_o.value)
        await RisingEdge(self.clk)
        return t1, err, tag_o, fail

    def finish(self, p: dict, outs: list, err: int, tag_o: bytes, fail: int) -> dict:
        """Check the output beats and form the result of one vector."""
        n = self.n
        text, tag_len, n_out = p["text"], p["tag_len"], p["n_out"]
        res: dict = {}
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
        if p["dec"]:
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

    async def run_one(self, vec: dict) -> dict:
        p = self.plan(vec)
        res: dict = {}
        if p["key"] != self.key:
            res["key_cycles"] = await self.load_key(p["key"])
        else:
            res["key_cycles"] = 0
        t0 = await self.command(p)
        outs: list = []
        mon = cocotb.start_soon(self.collect(p["n_out"], outs))
        await self.drive(p["beats"])
        await mon
        t1, err, tag_o, fail = await self.wait_done()
        res.update(self.finish(p, outs, err, tag_o, fail))
        res["cycles"] = t1 - t0
        res["start_cycle"] = t0
        res["done_cycle"] = t1
        return res

    async def run_stream(self, vecs: list[dict]) -> list[dict]:
        """Vectors of one key as one overlapping stream (commands queued ahead, monitors in order)."""
        plans = [self.plan(v) for v in vecs]
        key_cycles = 0
        if plans[0]["key"] != self.key:
            key_cycles = await self.load_key(plans[0]["key"])
        starts: list[int] = []
        dones: list[tuple] = []
        outs: list[list] = [[] for _ in plans]

        async def commands():
            for p in plans:
                starts.append(await self.command(p))

        async def beats():
            await self.drive([b for p in plans for b in p["beats"]])

        async def texts():
            for k, p in enumerate(plans):
                await self.collect(p["n_out"], outs[k], budget=20000 * (1 + int(10 * self.batch.stall)))

        async def results():
            for _ in plans:
                dones.append(await self.wait_done())

        tasks = [cocotb.start_soon(c()) for c in (commands, beats, texts, results)]
        for t in tasks:
            await t
        out = []
        for k, (p, (t1, err, tag_o, fail)) in enumerate(zip(plans, dones)):
            res = {"key_cycles": key_cycles if k == 0 else 0, **self.finish(p, outs[k], err, tag_o, fail),
                   "cycles": t1 - starts[k], "start_cycle": starts[k], "done_cycle": t1}
            out.append(res)
        return out


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the core and write $AESFORGE_OUT."""
    await run_bench(dut, GcmLanesTB)
