# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_aes_iter (iterative AES, ECB blocks over valid/ready).

Per vector: load the key if it differs from the loaded one (``key_cycles``: key handshake edge to the first
cycle with key_ok_o high; 0 when the key was reused), then stream the blocks (driver) while collecting
outputs (monitor). ``cycles`` = clock edges from the first input-block handshake to the last output-block
handshake: Nr + 1 for one block at full speed, Nr per extra block back-to-back.
Monte Carlo records (``"mct": true``, the ``ecb_mct_k*`` suites): 1000 chained single-block operations under the
record's key, the expected value is the last output (AESAVS); ``cycles`` spans all 1000.
"""
from __future__ import annotations

import cocotb
from cocotb.triggers import RisingEdge

from aesforge.sim.bench import Batch, HandshakeTB, cycle, receive, reseed_prng, reset, run_bench, send, wait_high

KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}
MCT_INNER = 1000        # AESAVS: chained operations per Monte Carlo checkpoint (aesforge.model.mct_ecb)


class AesIterTB(HandshakeTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.masked = hasattr(dut, "prng_seed_valid_i")

    def idle_inputs(self):
        d = self.dut
        d.key_valid_i.value = 0
        d.key_i.value = 0
        d.key_len_i.value = 0
        d.in_valid_i.value = 0
        d.in_data_i.value = 0
        d.in_decrypt_i.value = 0
        d.out_ready_i.value = 0
        d.clear_i.value = 0
        if self.masked:
            d.prng_seed_valid_i.value = 0
            d.prng_seed_i.value = 0

    async def after_reset(self):
        """Masked engines (a prng_seed_* port, aesf_aes_col32_dom): two 64-bit seed words from the batch seed, as a
        host reseeds after reset; the outputs and cycle counts must not depend on them."""
        if self.masked:
            await reseed_prng(self.dut, self.batch.seed * 7919 + 17)

    async def recover(self):
        self.idle_inputs()
        await reset(self.dut)
        await self.after_reset()
        self.key = None

    async def load_key(self, key: bytes) -> int:
        d = self.dut
        d.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
        d.key_len_i.value = KEY_LEN_CODE[len(key)]
        d.key_valid_i.value = 1
        t0 = await wait_high(self.clk, d.key_ready_o, 1000, "key_ready_o")
        await RisingEdge(self.clk)          # key handshake edge
        d.key_valid_i.value = 0
        d.key_i.value = 0                   # do not leave key bytes on the bus
        t1 = await wait_high(self.clk, d.key_ok_o, 1000, "key_ok_o after key load")
        await RisingEdge(self.clk)
        self.key = key
        return t1 - (t0 + 1)              # handshake edge (t0 + 1) to first cycle with key_ok_o

    async def drive(self, blocks: list[int], decrypt: bool, first: list):
        d = self.dut
        edges, _ = await send(self.clk, d.in_valid_i, d.in_ready_o,
                              [{d.in_data_i: blk, d.in_decrypt_i: int(decrypt)} for blk in blocks],
                              self.in_stall, 2000, "in_ready_o")
        first.extend(edges[:1])

    async def collect(self, n: int, outs: list, last: list):
        d = self.dut

        def take():
            if int(d.out_error_o.value):
                raise RuntimeError("core flagged out_error_o (no key or unsupported direction)")
            outs.append(int(d.out_data_o.value))
            last.append(cycle() + 1)

        await receive(self.clk, d.out_valid_o, d.out_ready_i, n, self.out_stall,
                      200 * (n + 1) * (1 + int(10 * self.batch.stall)), "output blocks", take)

    async def run_mct(self, x: int, decrypt: bool, inner: int) -> tuple[int, int]:
        """AESAVS ECB Monte Carlo inner loop: ``inner`` chained single-block operations, each block the previous
        output (host side, as a user's software would chain them). Returns the last output and the cycles from
        the first input handshake to the last output handshake."""
        t0 = None
        for _ in range(inner):
            outs: list[int] = []
            first: list[int] = []
            last: list[int] = []
            mon = cocotb.start_soon(self.collect(1, outs, last))
            await self.drive([x], decrypt, first)
            await mon
            t0 = first[0] if t0 is None else t0
            x = outs[0]
        return x, last[-1] - t0

    async def run_one(self, vec: dict) -> dict:
        key = bytes.fromhex(vec["key"])
        decrypt = vec["op"] == "decrypt"
        data = bytes.fromhex(vec["ct"] if decrypt else vec["pt"])
        if vec.get("mct") and (vec.get("mode", "ecb") != "ecb" or len(data) != 16):
            raise ValueError("Monte Carlo records: ECB with one 16-byte block only (CBC MCT needs a CBC core)")
        key_cycles = 0
        if key != self.key:
            key_cycles = await self.load_key(key)
        if vec.get("mct"):
            out, cycles = await self.run_mct(int.from_bytes(data, "big"), decrypt, MCT_INNER)
            return {"pt" if decrypt else "ct": f"{out:032x}", "cycles": cycles, "key_cycles": key_cycles}
        blocks = [int.from_bytes(data[i:i + 16], "big") for i in range(0, len(data), 16)]
        outs: list[int] = []
        first: list[int] = []
        last: list[int] = []
        if blocks:
            mon = cocotb.start_soon(self.collect(len(blocks), outs, last))
            await self.drive(blocks, decrypt, first)
            await mon
        out = b"".join(o.to_bytes(16, "big") for o in outs).hex()
        res = {"pt" if decrypt else "ct": out, "cycles": (last[-1] - first[0]) if blocks else 0,
               "key_cycles": key_cycles}
        return res


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the core and write $AESFORGE_OUT."""
    await run_bench(dut, AesIterTB)
