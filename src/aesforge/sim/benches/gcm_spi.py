# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` bench for aesf_gcm_spi: every GCM vector goes through the Python host driver
(aesforge.host.GcmSpiHost) over the SPI pins, driven by aesforge.sim.spi_master (mode 0, MISO sampled at the
real rising SCK edge). SCK period: $AESFORGE_SCK_NS (default 40 ns = f_clk/4 with the bench's 10 ns clock).

Results: ``ct``/``tag`` (encrypt) or ``auth_ok`` (+ ``pt`` when it verified) (decrypt), and ``spi_bytes`` /
``frames`` (all frames of the vector incl. status polls) and ``spi_ns`` (time on the wire). ``cycles``: clk_i
periods from the vector's first CS falling edge to its last CS rising edge plus the CS idle time (every frame
the host driver needed, at the bench's SCK); ``key_cycles``: the key handshake (front end -> core) to
``key_ok_o``, 0 when the loaded key was reused. Messages that fit the device buffers use the buffered commands,
longer ones the streamed commands (two passes for decrypt). ``--stall`` has no effect (SPI has no handshake).
"""
from __future__ import annotations

import os

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge, Timer

from aesforge.host import CocotbSpiTransport, GcmSpiHost
from aesforge.sim.bench import Batch, VectorTB, cycle, reset, run_bench
from aesforge.sim.spi_master import SpiMaster, SpiTiming
from aesforge.sim.validate import tag_len_of


def make_host(dut, period_ns: float = 40.0, **kw) -> tuple[GcmSpiHost, SpiMaster]:
    m = SpiMaster(dut.spi_sck_i, dut.spi_mosi_i, dut.spi_miso_o, dut.spi_cs_ni, SpiTiming(period_ns, **kw))
    return GcmSpiHost(CocotbSpiTransport(m)), m


class GcmSpiTB(VectorTB):
    def __init__(self, dut, batch: Batch):
        super().__init__(dut, batch)
        self.host, self.m = make_host(dut, float(os.environ.get("AESFORGE_SCK_NS", "40") or 40))
        self.key = None
        self.key_hs = self.key_ok = None
        cocotb.start_soon(self._key_monitor())

    async def _key_monitor(self):
        """Cycle of the last key handshake into the core and of the following key_ok_o rise."""
        dut = self.dut
        while True:
            await RisingEdge(dut.clk_i)
            await ReadOnly()
            core = dut.u_core          # the core instance's ports (aesf_gcm_seq's key handshake), no register
            if int(core.key_valid_i.value) and int(core.key_ready_o.value):
                self.key_hs, self.key_ok = cycle() + 1, None
            elif self.key_hs is not None and self.key_ok is None and int(core.key_ok_o.value):
                self.key_ok = cycle()

    def idle_inputs(self):
        self.dut.spi_cs_ni.value = 1
        self.dut.spi_sck_i.value = 0
        self.dut.spi_mosi_i.value = 0

    async def after_reset(self):
        await Timer(3300, unit="ps")      # SCK edges off the clock edges

    async def recover(self):
        self.m.cs_n.value = 1
        self.m.sck.value = 0
        await reset(self.dut)
        self.key = None

    async def run_one(self, vec: dict) -> dict:
        key = bytes.fromhex(vec["key"])
        iv = bytes.fromhex(vec["iv"])
        aad = bytes.fromhex(vec.get("aad", ""))
        b0, f0, t0, c0 = self.m.bytes_sent, self.m.frames, self.m.busy_ns, cycle()
        k = None if key == self.key else key
        self.key = key
        self.key_hs = self.key_ok = None
        res: dict = {}
        if vec["op"] == "decrypt":
            pt = await self.host.decrypt(iv, aad, bytes.fromhex(vec["ct"]), bytes.fromhex(vec["tag"]), key=k)
            res["auth_ok"] = pt is not None
            if pt is not None:
                res["pt"] = pt.hex()
        else:
            ct, tag = await self.host.encrypt(iv, aad, bytes.fromhex(vec["pt"]), tag_len_of(vec), key=k)
            res["ct"], res["tag"] = ct.hex(), tag.hex()
        res["spi_bytes"] = self.m.bytes_sent - b0
        res["frames"] = self.m.frames - f0
        res["spi_ns"] = round(self.m.busy_ns - t0, 1)
        res["cycles"] = cycle() - c0
        res["key_cycles"] = (self.key_ok - self.key_hs) if k is not None and self.key_ok is not None else 0
        return res


@cocotb.test()
async def run_vectors(dut):
    """Drive every vector of $AESFORGE_IN through the SPI device and write $AESFORGE_OUT."""
    await run_bench(dut, GcmSpiTB)
