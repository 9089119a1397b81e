# SPDX-License-Identifier: Apache-2.0
"""aesf_gcm_spi buffer RAM (one single-port LUT RAM of 16-byte beats instead of flip-flop buffers): the scrub
(wipe) timing that replaced the one-cycle register clears, and the in-place text buffer.

This file is both the pytest wrapper and the cocotb test module (`run_cocotb_module(..., "test_gcm_spi_ram")`);
the cocotb tests are not named test_* so that pytest does not collect them. Checked through the pins and the
RTL's simulation-only buffer views (txt_q, aad_q, nonce_q, tagin_q, tagout_q = RAM beats 0-3, 4-5, 6, 7, 8):
- reset: the RAM has no reset; all 9 beats are zero SCRUB_CYCLES clock cycles after rst_ni rises;
- ZEROIZE: every beat is zero at most SCRUB_CYCLES + 2 cycles after the commit (CS rise + synchronizer),
  well before the next frame's first byte could be decoded;
- a failed decryption: the text beats (holding plaintext) are zero within 4 + 1 cycles of done_o;
- the key staging beats (4, 5) and key_hi_q are zero within 3 cycles of the key handshake;
- in place: a second START_ENC without WRITE_PT encrypts the CT left in the text buffer (documented)."""
from __future__ import annotations

from pathlib import Path

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge, Timer

from aesforge.sim.runner import run_cocotb_module

SCRUB_CYCLES = 9      # beats 0..8, one per cycle


def test_gcm_spi_ram_icarus():
    tests, failed = run_cocotb_module("gcm_spi", "test_gcm_spi_ram", sim="icarus",
                                      pythonpath=[str(Path(__file__).parent)])
    assert (tests, failed) == (1, 0)


def _views(dut) -> dict:
    return {n: getattr(dut, n).value for n in ("txt_q", "aad_q", "nonce_q", "tagin_q", "tagout_q")}


def _all_zero(dut) -> bool:
    return all(v.is_resolvable and int(v) == 0 for v in _views(dut).values())


async def _cycles_until(dut, cond, limit: int) -> int:
    """Clock cycles (rising edges) until cond(dut) holds; the views are sampled at the falling edge, so
    they are read one cycle later; -1 if not within `limit`."""
    for n in range(limit + 1):
        await ReadOnly()
        if cond(dut):
            break
        await RisingEdge(dut.clk_i)
    else:
        n = -1
    await RisingEdge(dut.clk_i)           # leave the read-only phase, back to the SPI master's clock phase
    await Timer(3300, unit="ps")
    return n


@cocotb.test()
async def ram_scrub_and_in_place(dut):
    import gcm_spi_tb as T
    from aesforge.host import OP
    from aesforge.host.protocol import ST_AUTH_FAIL, ST_DONE
    from aesforge.model import gcm

    # reset scrub: the views lag the RAM by half a cycle
    h, m = await T.setup(dut)          # 3 cycles in reset + 2 after it
    n = await _cycles_until(dut, _all_zero, SCRUB_CYCLES)
    assert n >= 0, _views(dut)
    # Table 1, then a second START_ENC on the CT left in place
    ct, tag = await T.table1(h)
    assert (ct, tag) == (T.CT, T.TAG)
    await h.cmd(OP.START_ENC)
    await h.wait(ST_DONE, "in place")
    ct2, tag2 = gcm.gcm_encrypt(T.KEY, T.NONCE, T.AAD, T.CT)
    assert await h.read(OP.READ_CT, 48) == ct2 and await h.read(OP.READ_TAG, 16) == tag2
    assert int(dut.tagout_q.value) != 0
    # key staging: beats 4, 5 and key_hi_q zero within 3 cycles after the handshake
    async def key_wipe() -> int:
        await _cycles_until(dut, lambda d: int(d.key_valid_q.value) and int(d.core_key_ready.value), 100000)
        await RisingEdge(dut.clk_i)
        return await _cycles_until(dut, lambda d: d.aad_q.value.is_resolvable and int(d.aad_q.value) == 0
                                   and int(d.key_hi_q.value) == 0, 3)
    await h.clear_status()
    w = cocotb.start_soon(key_wipe())
    await m.transfer(bytes([OP.WRITE_KEY]) + T.KEY)
    assert await w >= 0, "key staging not wiped"
    await h.wait_not_busy("key")
    # failed decryption: the plaintext in the text beats is scrubbed right after done_o
    await h.cmd(OP.WRITE_NONCE, T.NONCE)
    await h.cmd(OP.WRITE_AAD, T.AAD)
    await h.cmd(OP.WRITE_PT, T.CT)
    await h.cmd(OP.WRITE_TAG, bytes([T.TAG[0] ^ 1]) + T.TAG[1:])
    await h.cmd(OP.START_DEC)
    n = await _cycles_until(dut, lambda d: int(d.core_done.value), 5000)
    assert n >= 0
    await RisingEdge(dut.clk_i)
    n = await _cycles_until(dut, lambda d: d.txt_q.value.is_resolvable and int(d.txt_q.value) == 0, 5)
    assert n >= 0, "plaintext not scrubbed"
    st = await h.status()
    assert st & ST_AUTH_FAIL and st & ST_DONE, hex(st)
    assert await h.read(OP.READ_CT, 64) == bytes(64)
    # ZEROIZE: every beat zero within SCRUB_CYCLES + 2 cycles of the commit
    await h.clear_status()
    await h.cmd(OP.WRITE_NONCE, T.NONCE)
    await h.cmd(OP.WRITE_TAG, T.TAG)
    assert not _all_zero(dut)
    await m.transfer(bytes([OP.ZEROIZE]))          # returns at the CS rise
    n = await _cycles_until(dut, _all_zero, SYNC + 1 + SCRUB_CYCLES + 1)
    assert n >= 0, _views(dut)
    dut._log.info("ZEROIZE: RAM zero %d cycles after the CS rise", n)
    assert int(dut.scr_q.value) == 0
    await ClockCycles(dut.clk_i, 2)
    assert await h.status() == 0


SYNC = 3    # SYNC_STAGES of the default build: CS rise -> commit
