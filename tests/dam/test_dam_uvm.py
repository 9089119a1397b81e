# SPDX-License-Identifier: Apache-2.0
"""Seed-003 DAM (hw/dam: aesf_dam_asbus = ADAM, aesf_dam_axi = XDAM) in the pyuvm environment of
aesforge.sim.dam_uvm (paper Fig. 13).

- pure Python: state-order permutations against the paper's Fig. 7, LEN encoding, back-to-back schedule,
  versioned golden memory;
- RTL (tests/dam/dam_uvm_tb.py, one pytest item per cocotb test): the paper's three tests (+ partial byte
  enables), both masters interleaved back to back, bad commands, control registers / ZEROIZE, DMA copy /
  encrypt / decrypt with irq, the cocotbext-axi AxiMaster cross-check (XDAM); 0 / 50 / 90 % back-pressure on
  every valid/ready; CI: W = 32 / 128 on Icarus (the registered cores), `full`: W = 64, 90 % and Verilator;
- exact cycle counts of aesforge.sim.dam_uvm.measure (CI: the two 32-bit cores; `full`: all six).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.sim.dam_uvm import (GoldenMemory, asbus_decode, asbus_len, asbus_read_stream, asbus_read_unstream,
                                  asbus_write_stream, asbus_write_unstream, b2b_count, b2b_schedule)
from aesforge.sim.dam_uvm.measure import core_for, measure, sim_lock

HERE = str(Path(__file__).parent)


# ------------------------------------------------------------------------------------------- pure Python
def test_state_streams_match_paper_fig7():
    """Fig. 7(b)/(c) (64-bit bus, two states, bytes written 0xRC = row R column C): the write stream is
    InvShiftRows-ordered (s0, sd, sa, s7, ...), the read stream ShiftRows-ordered (s0, s5, sa, sf, ...)."""
    st = bytes(16 * r + c for c in range(4) for r in range(4))  # FIPS order: byte 4c + r holds 0xRC
    w = asbus_write_stream(st)
    assert list(w[:8]) == [0x00, 0x13, 0x22, 0x31, 0x01, 0x10, 0x23, 0x32]      # Fig. 7(b) D0
    assert list(w[8:]) == [0x02, 0x11, 0x20, 0x33, 0x03, 0x12, 0x21, 0x30]      # Fig. 7(b) D1
    r = asbus_read_stream(st)
    assert list(r[:8]) == [0x00, 0x11, 0x22, 0x33, 0x01, 0x12, 0x23, 0x30]      # Fig. 7(c) D0
    assert list(r[8:]) == [0x02, 0x13, 0x20, 0x31, 0x03, 0x10, 0x21, 0x32]      # Fig. 7(c) D1
    lin = bytes(range(16))
    assert list(asbus_write_stream(lin)[:4]) == [0x0, 0xd, 0xa, 0x7]
    assert list(asbus_read_stream(lin)[:4]) == [0x0, 0x5, 0xa, 0xf]
    for f, g in ((asbus_write_stream, asbus_write_unstream), (asbus_read_stream, asbus_read_unstream)):
        assert g(f(lin)) == lin and f(g(lin)) == lin


def test_len_encoding():
    assert asbus_len(2, states=2) == 0x802                       # Fig. 7: LEN = 12'h802
    assert asbus_decode(0x802, 4) == (2, 8, 2, 4)
    assert asbus_decode(asbus_len(0, beats=1024), 8)[1] == 1024
    assert asbus_decode(asbus_len(1, height=64, width=16), 4)[1:] == (1024, 64, 16)
    assert asbus_decode(asbus_len(1, height=10, width=4), 4)[1:] == (40, 10, 4)


def test_b2b_schedule():
    assert b2b_schedule(1, 0.95) == []
    assert b2b_schedule(10, 0.0) == [False] * 9
    assert b2b_schedule(10, 1.0) == [True] * 9
    for n in range(1, 40):
        for p in (0, 0.1, 0.25, 0.5, 0.75, 0.95, 1):
            s = b2b_schedule(n, p)
            assert len(s) == max(0, n - 1) and sum(s) == b2b_count(n, p) == (int(p * (n - 1) + 0.5) if n > 1 else 0)
    assert sum(b2b_schedule(20, 0.95)) == 18                    # 0.95 * 19 = 18.05
    assert b2b_schedule(10, 0.5) == [False, True, False, True, False, True, False, True, True]  # 4.5 -> 5, spread


def test_golden_memory_versions():
    g = GoldenMemory(bytes(8))
    g.write(1, 0, b"\x11\x22", [True, False])
    g.write(3, 1, b"\x33")
    assert g.read(0, 3, seq=1) == b"\0\0\0"
    assert g.read(0, 3, seq=2) == b"\x11\0\0"
    assert g.read(0, 3) == b"\x11\x33\0"
    with pytest.raises(AssertionError):
        g.write(2, 1, b"\x44")


# ------------------------------------------------------------------------------------------- RTL
# The registered cores run as they are: their block-ROM S-boxes (SBOX_IMPL 4) simulate as fast on Icarus as the
# LUT S-boxes this file used while the registered S-box was the composite field (~15x slower).


def _run(bus, W, stall, testcase, sim="icarus", seed=1, monkeypatch=None):
    from aesforge.sim.runner import run_cocotb_module

    monkeypatch.setenv("AESFORGE_STALL", str(stall))
    monkeypatch.setenv("AESFORGE_SEED", str(seed))
    core = core_for(bus, W)
    with sim_lock(core, "dam_uvm_tb", sim):   # items of one config share the runner's test directory
        return run_cocotb_module(core, "dam_uvm_tb", sim=sim, params=dict(core.params), pythonpath=[HERE],
                                 testcase=testcase)


ASB = ("PaperTests", "InterleavedTest", "InterleavedPlainTest", "BadCommandTest", "RegisterTest", "DmaTest")
ALL = ASB + ("CocotbextAxiCrossCheck",)
CI = [  # (bus, W, stall, sim, tests); the rest of each configuration's sequences run in make test-full (FULL)
    ("asbus", 32, 0.0, "icarus", ("PaperTests", "InterleavedTest", "BadCommandTest", "DmaTest")),
    ("asbus", 128, 0.5, "icarus", ("PaperTests", "InterleavedTest")),
    ("axi", 32, 0.5, "icarus", ("PaperTests", "RegisterTest", "CocotbextAxiCrossCheck")),
    ("axi", 128, 0.0, "icarus", ("DmaTest",)),
]
FULL = [
    # the sequences of the CI configurations that make test leaves out (suite time)
    ("asbus", 32, 0.0, "icarus", ("InterleavedPlainTest", "RegisterTest")),
    ("asbus", 128, 0.5, "icarus", ("InterleavedPlainTest", "BadCommandTest")),
    ("axi", 32, 0.5, "icarus", ("InterleavedTest", "InterleavedPlainTest", "BadCommandTest", "DmaTest")),
    ("axi", 128, 0.0, "icarus", ("PaperTests", "BadCommandTest")),
    ("asbus", 64, 0.9, "icarus", ASB), ("axi", 64, 0.9, "icarus", ALL), ("asbus", 32, 0.9, "icarus", ASB),
    ("asbus", 128, 0.0, "icarus", ("RegisterTest", "DmaTest")), ("axi", 128, 0.9, "icarus", ALL[1:]),
    ("asbus", 64, 0.5, "verilator", ASB), ("axi", 64, 0.5, "verilator", ALL),
    # Verilator with the RTL's assertions at stall 0: reads that wait for earlier writes (the registered order flag)
    ("asbus", 32, 0.0, "verilator", ("InterleavedTest",)),
]


# RTL issues found by this environment and not fixed yet (non-strict xfail: an XPASS means fixed).
# (bus or None, test) -> reason. The one it found (a plain read queued behind a cipher read never returned its
# beats: the read path's middle pointer skipped the plain command early) is fixed in aesf_dam_core.
KNOWN_RTL_ISSUES: dict = {}


def _cases(cfgs):
    out = []
    for b, w, st, sim, ts in cfgs:
        for t in ts:
            why = KNOWN_RTL_ISSUES.get((b, t)) or KNOWN_RTL_ISSUES.get((None, t))
            marks = [pytest.mark.xfail(reason=why, strict=False)] if why else []
            out.append(pytest.param(b, w, st, sim, t, id=f"{b}{w}-s{int(100 * st)}-{sim}-{t}", marks=marks))
    return out


@pytest.mark.parametrize("bus,W,stall,sim,testcase", _cases(CI))
def test_dam_uvm(bus, W, stall, sim, testcase, monkeypatch):
    assert _run(bus, W, stall, testcase, sim, monkeypatch=monkeypatch) == (1, 0)


@pytest.mark.full
@pytest.mark.parametrize("bus,W,stall,sim,testcase", _cases(FULL))
def test_dam_uvm_full(bus, W, stall, sim, testcase, monkeypatch):
    assert _run(bus, W, stall, testcase, sim, seed=7, monkeypatch=monkeypatch) == (1, 0)


# ------------------------------------------------------------------------------------------- cycle counts
# aesforge.sim.dam_uvm.measure on the paper's tests (40 words, 10x4 block, 10 states); exact and deterministic.
# (bus, W) -> cycles of every record of the registered cores, in ORDER (linear P=0 write/read, P=0.95 write/read,
# then block, then cipher); about 10 s per core on Icarus.
ORDER = [(t, p, d) for t in ("linear", "block", "cipher") for p in (0.0, 0.95) for d in ("write", "read")]
CYCLES = {
    ("asbus", 32): [45, 45, 45, 45, 45, 45, 45, 45, 430, 440, 79, 80],
    ("asbus", 64): [45, 45, 45, 45, 45, 45, 45, 45, 390, 400, 57, 58],
    ("asbus", 128): [45, 45, 45, 45, 45, 45, 45, 45, 370, 380, 46, 47],
    ("axi", 32): [54, 52, 44, 46, 89, 80, 44, 53, 429, 430, 89, 90],
    ("axi", 64): [54, 52, 44, 46, 89, 80, 44, 53, 389, 390, 79, 80],
    ("axi", 128): [54, 52, 44, 46, 89, 80, 44, 53, 369, 370, 74, 75],
}


@pytest.mark.parametrize("bus,W", [pytest.param(b, w, marks=[pytest.mark.full] if w != 32 else [])
                                   for b, w in CYCLES])
def test_measure_cycles(bus, W):
    recs = measure(f"dam_{bus}{W}", test="all", P=[0.0, 0.95])
    assert all(set(r) == {"bus", "W", "test", "dir", "P", "n", "cycles", "note"} for r in recs)
    assert [r["n"] for r in recs[::4]] == [40, "10x4", 10]
    assert [(r["test"], r["P"], r["dir"]) for r in recs] == ORDER
    assert [r["cycles"] for r in recs] == CYCLES[(bus, W)]


@pytest.mark.parametrize("k", [10, pytest.param(20, marks=pytest.mark.full)])
def test_state_command_cycles(k):
    """docs/dam_reproduce.md ("cycle by cycle", repro.dam.run.WHY): one ASBUS state-mode command of k states at
    W = 128 costs exactly k + 36 cycles writing and k + 37 reading (request -> grant, k beats, the write slice
    (writing), the engine's 31 stages, the block FIFO and the memory request slice, the memory)."""
    recs = measure("dam_asbus128", test="cipher", P=[1.0], n={"cipher": k})
    assert [(r["dir"], r["note"].split(",")[0]) for r in recs] == [("write", "1 command(s)"), ("read", "1 command(s)")]
    assert [r["cycles"] for r in recs] == [k + 36, k + 37]
