# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_aes_pipe (fully unrolled, sub-pipelined AES, valid-only, key per block).

The whole shard is ONE stream: every block of every vector enters back-to-back, each block with its own
vector's key on in_key_i, so consecutive vectors (with different keys) share the pipeline; a monitor takes the
ciphertexts in order and hands them back to their vectors. With AESFORGE_STALL = p > 0 the driver inserts
random idle cycles (in_valid_i = 0 with random junk on in_key_i/in_data_i, which the core must ignore).

``cycles`` = clock edges from the edge that samples the vector's first block (in_valid_i = 1) to the edge at
which the consumer samples its last ciphertext (the first edge after out_valid_o rose for that block), the
same start/stop points as aes_iter: LATENCY + n - 1 for n blocks at full speed, LATENCY = Nr * (1 +
popcount(PIPE_MASK)) register stages. ``key_cycles`` is 0: there is no key load (the key schedule runs beside
the data, a new key with every block).
"""
from __future__ import annotations

import random

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.sim.bench import Batch, Stall, VectorTB, cycle, run_bench


def latency(params: dict) -> int:
    nr = {128: 10, 192: 12, 256: 14}[int(params.get("KEY_BITS", 128))]
    return nr * (1 + bin(int(params.get("PIPE_MASK", 0))).count("1"))


class AesPipeTB(VectorTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.clk = dut.clk_i
        self.kbits = len(dut.in_key_i)
        self.stall = Stall(batch.stall, batch.seed * 2 + 1)
        self.junk = random.Random(batch.seed * 2 + 2)
        self.lat = latency(batch.params)

    def idle_inputs(self):
        self.dut.in_valid_i.value = 0
        self.dut.in_key_i.value = 0
        self.dut.in_data_i.value = 0

    async def drive(self, stream: list[tuple[int, int, int]], first: dict):
        """stream = [(vector index, key, block)]; first[v] = sampling edge of vector v's first block."""
        d = self.dut
        for v, key, blk in stream:
            while self.stall():
                d.in_valid_i.value = 0
                d.in_key_i.value = self.junk.getrandbits(self.kbits)
                d.in_data_i.value = self.junk.getrandbits(128)
                await RisingEdge(self.clk)
            d.in_valid_i.value = 1
            d.in_key_i.value = key
            d.in_data_i.value = blk
            if v not in first:
                first[v] = cycle() + 1      # the next edge samples it
            await RisingEdge(self.clk)
        self.idle_inputs()

    async def collect(self, n: int, outs: list, last: list, budget: int):
        d = self.dut
        while len(outs) < n:
            await ReadOnly()
            if int(d.out_valid_o.value):
                outs.append(int(d.out_data_o.value))
                last.append(cycle() + 1)     # the consumer samples it at the next edge
            budget -= 1
            if budget <= 0:
                break
            await RisingEdge(self.clk)

    async def run(self):
        vecs = list(self.batch.vectors())
        stream, nblk = [], []
        for v, vec in enumerate(vecs):
            key = int(vec["key"], 16)
            data = bytes.fromhex(vec["pt"])
            blocks = [int.from_bytes(data[i:i + 16], "big") for i in range(0, len(data), 16)]
            nblk.append(len(blocks))
            stream += [(v, key, b) for b in blocks]
        outs: list[int] = []
        last: list[int] = []
        first: dict = {}
        budget = (self.lat + 10) + len(stream) * (1 + int(20 * self.batch.stall)) + 100
        mon = cocotb.start_soon(self.collect(len(stream), outs, last, budget))
        await self.drive(stream, first)
        await mon
        pos = 0
        for v, vec in enumerate(vecs):
            n = nblk[v]
            if n == 0:
                self.batch.emit({"id": vec["id"], "ct": "", "cycles": 0, "key_cycles": 0})
                continue
            if pos + n > len(outs):
                self.batch.emit({"id": vec["id"], "error": f"timeout: {len(outs)} of {len(stream)} output "
                                                           "blocks after the cycle budget"})
                pos += n
                continue
            ct = b"".join(o.to_bytes(16, "big") for o in outs[pos:pos + n]).hex()
            self.batch.emit({"id": vec["id"], "ct": ct, "cycles": last[pos + n - 1] - first[v], "key_cycles": 0})
            pos += n
        self.batch.out.close()


@cocotb.test()
async def run_vectors(dut):
    """Stream every vector of $AESFORGE_IN through the core back-to-back and write $AESFORGE_OUT."""
    await run_bench(dut, AesPipeTB)
