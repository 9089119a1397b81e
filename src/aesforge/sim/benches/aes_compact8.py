# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_aes_compact8 (8-bit datapath AES-128 encryption, byte streams).

Per vector: load the key if it differs from the loaded one (16 key beats; ``key_cycles`` = clock edges from
the first key-beat handshake to the first cycle with key_ok_o high: 15 at full speed, i.e. the 16 beats;
0 when the key was reused), then stream the blocks byte by byte (driver) while collecting the output bytes (monitor).
``cycles`` = clock edges from the first input-beat handshake to the last output-beat handshake: 232 for one
block at full speed, 233 per extra block back-to-back (see hw/aes_compact8/README.md).
"""
from __future__ import annotations

import cocotb
from cocotb.triggers import RisingEdge

from aesforge.sim.bench import HandshakeTB, cycle, receive, reset, run_bench, send, wait_high


class AesCompact8TB(HandshakeTB):
    def idle_inputs(self):
        d = self.dut
        d.key_valid_i.value = 0
        d.key_i.value = 0
        d.in_valid_i.value = 0
        d.in_data_i.value = 0
        d.out_ready_i.value = 0

    async def recover(self):
        self.idle_inputs()
        await reset(self.dut)
        self.key = None

    async def load_key(self, key: bytes) -> int:
        d = self.dut
        edges, _ = await send(self.clk, d.key_valid_i, d.key_ready_o, [{d.key_i: b} for b in key], self.in_stall,
                              1000, "key_ready_o")
        t1 = await wait_high(self.clk, d.key_ok_o, 1000, "key_ok_o after key load")
        await RisingEdge(self.clk)
        self.key = key
        return t1 - edges[0]

    async def drive(self, data: bytes, first: list):
        d = self.dut
        edges, _ = await send(self.clk, d.in_valid_i, d.in_ready_o, [{d.in_data_i: b} for b in data],
                              self.in_stall, 2000, "in_ready_o")
        first.extend(edges[:1])

    async def collect(self, n: int, outs: bytearray, last: list):
        d = self.dut

        def take():
            if int(d.out_error_o.value):
                raise RuntimeError("core flagged out_error_o (block loaded without a key)")
            if int(d.out_last_o.value) != (len(outs) % 16 == 15):
                raise RuntimeError(f"out_last_o wrong at output byte {len(outs)}")
            outs.append(int(d.out_data_o.value))
            last.append(cycle() + 1)

        await receive(self.clk, d.out_valid_o, d.out_ready_i, n, self.out_stall,
                      400 * (n // 16 + 1) * (1 + int(10 * self.batch.stall)), "output bytes", take)

    async def run_one(self, vec: dict) -> dict:
        key = bytes.fromhex(vec["key"])
        if vec["op"] != "encrypt" or len(key) != 16:
            raise ValueError("aes_compact8 supports AES-128 encryption only")
        data = bytes.fromhex(vec["pt"])
        key_cycles = 0
        if key != self.key:
            key_cycles = await self.load_key(key)
        outs = bytearray()
        first: list[int] = []
        last: list[int] = []
        if data:
            mon = cocotb.start_soon(self.collect(len(data), outs, last))
            await self.drive(data, first)
            await mon
        return {"ct": bytes(outs).hex(), "cycles": (last[-1] - first[0]) if data else 0,
                "key_cycles": key_cycles}


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the core and write $AESFORGE_OUT."""
    await run_bench(dut, AesCompact8TB)
