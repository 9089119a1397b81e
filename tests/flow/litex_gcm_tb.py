# SPDX-License-Identifier: Apache-2.0
"""cocotb test of the LiteX SoC that tests/flow/test_litex.py generates: MACsec 2.2.2 through the SoC's Wishbone
interconnect into the aesforge.litex peripheral, with the register driver of the gcm_seq register tops
(aesforge.sim.benches.gcm_seq_bus) on the SoC's external byte-addressed Wishbone master (top ports ``s_wb_*``,
``clk_i``, ``rst_ni``, ``irq_o``). $AESFORGE_LITEX_BASE: the peripheral's region origin; $AESFORGE_LITEX_SCRATCH:
byte address of LiteX's CSR ``ctrl_scratch`` (another slave of the same interconnect)."""
from __future__ import annotations

import os

import cocotb

from aesforge.model.gcm import gcm_decrypt, gcm_encrypt
from aesforge.sim.bench import start_clock_and_reset
from aesforge.sim.benches.gcm_seq_bus import GcmSeqBusTB
from aesforge.sim.perf_gcm import MACSEC_222

BASE = int(os.environ["AESFORGE_LITEX_BASE"], 0)
SCRATCH = int(os.environ["AESFORGE_LITEX_SCRATCH"], 0)
SCRATCH_RESET = 0x12345678                  # LiteX SoCController's scratch register after reset


class SocTB(GcmSeqBusTB):
    """The gcm_seq register driver with every register at BASE + its offset (the SoC's byte address)."""

    def __init__(self, dut):
        super().__init__(dut)
        self.adr = {name: BASE + off for name, off in self.adr.items()}


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def macsec_222(dut):
    tb = SocTB(dut)
    await start_clock_and_reset(dut)
    # the interconnect decodes: another slave answers outside the region, the core's ID inside it
    ok, v = await tb.bus.read(SCRATCH)
    assert ok and v == SCRATCH_RESET, f"CSR scratch: ok {ok}, 0x{v:08x}"
    idv = await tb.rd("ID")
    assert (tb.field("ID", "MAGIC", idv), tb.field("ID", "CORE", idv)) == (0xAE5F, 2), f"ID 0x{idv:08x}"

    key, iv, aad, pt = (bytes.fromhex(MACSEC_222[f]) for f in ("key", "iv", "aad", "pt"))
    ct, tag = gcm_encrypt(key, iv, aad, pt, 16)
    assert (ct.hex(), tag.hex()) == (MACSEC_222["expect"]["ct"], MACSEC_222["expect"]["tag"]), \
        "golden model and the published MACsec 2.2.2 answer differ"

    r = await tb.message(dict(MACSEC_222))
    assert r["key_cycles"] > 0                  # the key went through KEY_LOAD (irq_o seen at the top)
    assert (r["ct"], r["tag"]) == (ct.hex(), tag.hex()), r

    dec = {"id": "macsec-2.2.2-dec", "op": "decrypt", "mode": "gcm", "key": key.hex(), "iv": iv.hex(),
           "aad": aad.hex(), "ct": ct.hex(), "tag": tag.hex()}
    r = await tb.message(dec)
    assert r["auth_ok"] is True and r["pt"] == pt.hex(), r

    bad = bytes([tag[0]]) + bytes([tag[1] ^ 0x80]) + tag[2:]
    assert gcm_decrypt(key, iv, aad, ct, bad) is None
    r = await tb.message({**dec, "id": "macsec-2.2.2-badtag", "tag": bad.hex()})
    # the driver has checked that STATUS.OUT_VALID is 0 and DOUT0..3 read 0 after FAIL
    assert r["auth_ok"] is False and "pt" not in r, r
    for i in range(4):
        assert await tb.rd(f"DOUT{i}") == 0
