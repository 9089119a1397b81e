# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the masked SPI top (gcm_spi_d1_dom: aesf_gcm_spi with AES_IMPL 2, issue 24) through its pins:
RESEED (0x32) frames of the right and wrong length, against the frame-level model's status; the paper's Table 1
(MACsec 2.2.2) with the published CT and tag after reseeding, again after more reseeds and a ZEROIZE (the PRNG back
at its reset state, reseeded); key bytes never on MISO."""
from __future__ import annotations

import cocotb

from aesforge.host.model import GcmSpiModel
from aesforge.host.protocol import E_LENGTH, OP, OP_RESEED, err_code

from gcm_spi_tb import CT, DIGIT, KEY, KEYS_USED, MISO_LOG, TAG, setup, table1


@cocotb.test()
async def test_reseed_and_table1(dut):
    h, m = await setup(dut)
    model = GcmSpiModel(DIGIT, masked=True)
    seeds = [bytes([i * 17 + j for j in range(8)]) for i in range(4)]
    await h.reseed(seeds[0])
    model.frame(bytes([OP_RESEED]) + seeds[0])
    assert await h.status() == model.status()
    # wrong lengths: LENGTH error, nothing else changes
    for n in (0, 7, 9):
        await m.transfer(bytes([OP_RESEED]) + bytes(n))
        model.frame(bytes([OP_RESEED]) + bytes(n))
        st = await h.status()
        assert st == model.status() and err_code(st) == E_LENGTH, (n, hex(st))
        await h.clear_status()
        model.frame(bytes([OP.CLEAR_STATUS]))
    assert await table1(h) == (CT, TAG)
    await h.reseed(seeds[1])
    await h.reseed(seeds[2])
    assert await table1(h) == (CT, TAG)
    # ZEROIZE returns the PRNG to its reset state: reseed, reload, same answer
    await h.zeroize()
    await h.wait_not_busy("zeroize")
    await h.reseed(seeds[3])
    assert await table1(h) == (CT, TAG)
    # no key byte on MISO in any frame of this test
    wire = b"".join(MISO_LOG)
    for k in KEYS_USED + [KEY]:
        for i in range(len(k) - 3):
            assert k[i:i + 4] not in wire
