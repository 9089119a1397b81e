# SPDX-License-Identifier: Apache-2.0
"""aesf_gcm_spi buffer RAM (one single-port LUT RAM of 16-byte beats instead of flip-flop buffers): the scrub
(wipe) timing that replaced the one-cycle register clears, and the in-place text buffer.

This file is both the pytest wrapper and the cocotb test module (`run_cocotb_module(..., "test_gcm_spi_ram")`);
the cocotb tests are not named test_* so that pytest does not collect them. The test drives and observes the pins
only; the wipe deadlines are the RTL's FORMAL assertions (a shadow model of what each beat holds, apart from the
scrub logic), compiled into the Verilator model (`--assert -DFORMAL`), where a violation ends the run with an error:
- reset: the RAM has no reset; every beat is zero within 10 cycles of rst_ni rising;
- ZEROIZE: every beat zero within 10 cycles of the commit (CS rise + synchronizer), the command fields at once;
- a failed decryption: the text beats (holding plaintext) are gone within 6 cycles of done_o, and no MISO fetch
  ever reads unverified plaintext;
- the key staging beats (4, 5) are gone within 10 cycles of the key handshake, key_hi_q at the handshake, and
  no MISO fetch ever reads a beat that holds key bytes;
- in place: a second START_ENC without WRITE_PT encrypts the CT left in the text buffer (documented).
test_assertions_can_fail builds a mutant without the key-handshake scrub and checks that the run fails."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import cocotb
import pytest
from cocotb.triggers import ClockCycles

from aesforge.cores import get
from aesforge.paths import build_dir, repo_root
from aesforge.sim.runner import run_cocotb_module

HERE = str(Path(__file__).parent)
RTL = "hw/gcm_spi/rtl/aesf_gcm_spi.v"


def test_gcm_spi_ram_verilator_assertions():
    tests, failed = run_cocotb_module("gcm_spi", "test_gcm_spi_ram", sim="verilator", pythonpath=[HERE])
    assert (tests, failed) == (1, 0)


@pytest.mark.full   # two Verilator builds (~1.5 min)
def test_assertions_can_fail():
    """The same test against a mutant whose key handshake no longer requests the staging scrub: the key stays in
    beats 4, 5, which only the FORMAL assertion can see (the pins behave the same), so the run must fail."""
    src = (repo_root() / RTL).read_text()
    mutant, n = re.subn(r"\(\{9\{key_hs\}\} & ScrAad\) \|", "", src)
    assert n == 1, "mutation site not found"
    mdir = build_dir() / "mutants"
    mdir.mkdir(parents=True, exist_ok=True)
    (mdir / "aesf_gcm_spi.v").write_text(mutant)
    core = get("gcm_spi")
    rel = str((mdir / "aesf_gcm_spi.v").relative_to(repo_root()))
    mut = dataclasses.replace(core, name="gcm_spi_mutant_nokeyscrub",
                              sources=tuple(rel if s == RTL else s for s in core.sources))
    line = 1 + mutant[:mutant.index("assert (f_key_t_q <= 4'd10);")].count("\n")
    log = mdir / "gcm_spi_mutant_nokeyscrub.log"
    try:
        tests, failed = run_cocotb_module(mut, "test_gcm_spi_ram", sim="verilator", pythonpath=[HERE],
                                          log_file=log)
        assert failed > 0
    except RuntimeError:        # the simulator stopped before cocotb wrote its results
        pass
    # the run ended at the key-deadline assertion, not anywhere else
    assert re.search(rf"aesf_gcm_spi\.v:{line}:.*Assertion failed", log.read_text()), log.read_text()[-2000:]


@cocotb.test()
async def ram_scrub_and_in_place(dut):
    import gcm_spi_tb as T
    from aesforge.host import OP
    from aesforge.host.protocol import ST_AUTH_FAIL, ST_DONE
    from aesforge.model import gcm

    h, m = await T.setup(dut)          # (the reset scrub runs here: FORMAL assertion)
    # Table 1, then a second START_ENC on the CT left in place
    ct, tag = await T.table1(h)
    assert (ct, tag) == (T.CT, T.TAG)
    await h.cmd(OP.START_ENC)
    await h.wait(ST_DONE, "in place")
    ct2, tag2 = gcm.gcm_encrypt(T.KEY, T.NONCE, T.AAD, T.CT)
    assert await h.read(OP.READ_CT, 48) == ct2 and await h.read(OP.READ_TAG, 16) == tag2
    # a key load (staging beats scrubbed after the handshake: FORMAL assertion), then a failed decryption: the
    # plaintext in the text beats is withheld and scrubbed right after done_o
    await h.clear_status()
    await h.cmd(OP.WRITE_KEY, T.KEY)
    await h.wait_not_busy("key")
    await h.cmd(OP.WRITE_NONCE, T.NONCE)
    await h.cmd(OP.WRITE_AAD, T.AAD)
    await h.cmd(OP.WRITE_PT, T.CT)
    await h.cmd(OP.WRITE_TAG, bytes([T.TAG[0] ^ 1]) + T.TAG[1:])
    await h.cmd(OP.START_DEC)
    await h.wait(ST_DONE, "failed decryption")
    st = await h.status()
    assert st & ST_AUTH_FAIL and st & ST_DONE, hex(st)
    assert await h.read(OP.READ_CT, 64) == bytes(64)
    # the same message with the right tag decrypts (the buffers were rewritten), then ZEROIZE
    await h.clear_status()
    await h.cmd(OP.WRITE_PT, T.CT)
    await h.cmd(OP.WRITE_TAG, T.TAG)
    await h.cmd(OP.START_DEC)
    await h.wait(ST_DONE, "decryption")
    assert not (await h.status()) & ST_AUTH_FAIL
    assert await h.read(OP.READ_CT, 48) == T.PT
    await h.clear_status()
    await m.transfer(bytes([OP.ZEROIZE]))          # returns at the CS rise
    await ClockCycles(dut.clk_i, SYNC + 1 + 10 + 2)
    assert await h.status() == 0
    assert await h.read(OP.READ_CT, 48) == bytes(48)


SYNC = 3    # SYNC_STAGES of the default build: CS rise -> commit
