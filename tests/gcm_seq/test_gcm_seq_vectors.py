# SPDX-License-Identifier: Apache-2.0
"""gcm_seq RTL through `aesforge sim`: the CAVP GCM CI subset (every key size, IV length 8/96/1024 bits, tag
length, direction, FAIL case, empty / partial / multi-block AAD and text) plus the seed paper's MACsec 2.2.2
packet, on Icarus and Verilator for the shipped fast digit and on Icarus for the bit-serial digit (DIGIT = 1),
with every cycle count asserted exactly against the full-speed cycle model (aesforge.sim.perf_gcm), equal
cycles for good and bad tags, random stalls on in/out, and all 47,250 CAVP GCM vectors in `make test-full`."""
from __future__ import annotations

import pytest

from aesforge.check import check
from aesforge.cores import get
from aesforge.sim.perf_gcm import MACSEC_222, engine, key_cycles, predict_cycles
from aesforge.sim.runner import run_batch
from aesforge.vectors import suites

FAST = get("gcm_seq")
D1 = get("gcm_seq_d1")
# The seed paper's packet: command -> done_o and key handshake -> done_o (= key_cycles + 1 + cycles), per core.
# Both packets are GHASH-bound (6 x 16 + 3 at DIGIT 8, 6 x 128 + 3 at DIGIT 1). Key load: 2*15 expansion + 1 +
# E_K(0) (14 in the 128-bit column engine of gcm_seq, 4*15 in the 32-bit one of gcm_seq_d1) + 1 = 46 / 92 cycles.
PAPER = {"gcm_seq": 99, "gcm_seq_d1": 771}
PAPER_TOTAL = {"gcm_seq": 146, "gcm_seq_d1": 864}


def _shape(v: dict) -> tuple[int, int, int, int]:
    txt = v["ct" if v["op"] == "decrypt" else "pt"]
    return len(v["key"]) * 4, len(v["iv"]) // 2, len(v.get("aad", "")) // 2, len(txt) // 2


def _run_and_check(core, vecs, sim, stall=0.0, seed=1, jobs=1, params=None):
    res = run_batch(core.name, vecs, sim=sim, jobs=jobs, stall=stall, seed=seed, params=params, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    return res


def _assert_cycles(core, vecs, res, params=None):
    params = {**core.params, **(params or {})}
    digit, eng = params["DIGIT"], engine(params)
    for v, r in zip(vecs, res):
        kbits, ivl, aadl, txtl = _shape(v)
        assert r["cycles"] == predict_cycles(digit, kbits, ivl, aadl, txtl, v["op"] == "decrypt", **eng), \
            (v["id"], r["cycles"])
        assert r["key_cycles"] in (0, key_cycles(kbits, **eng)), (v["id"], r["key_cycles"])
        if "total_cycles" in r:
            assert r["total_cycles"] == r["key_cycles"] + 1 + r["cycles"], v["id"]
    # a bad tag costs exactly the cycles of a good one (same shape)
    by_shape: dict = {}
    for v, r in zip(vecs, res):
        if v["op"] == "decrypt":
            by_shape.setdefault(_shape(v), {}).setdefault(r.get("auth_ok"), set()).add(r["cycles"])
    both = [s for s, d in by_shape.items() if True in d and False in d]
    assert both, "the subset must hold good and bad tags of one shape"
    for s in both:
        assert len(by_shape[s][True] | by_shape[s][False]) == 1, (s, by_shape[s])


# Icarus (43 s) in make test-full: make test runs the subset on Verilator, gcm_seq on Icarus through the protocol and
# register-top tests (make test's time, 2026-11-28: a fresh-clone CI measured 20:36 of pytest)
@pytest.mark.parametrize("sim", [pytest.param("icarus", marks=pytest.mark.full), "verilator"])
def test_ci_subset_fast(sim):
    vecs = [dict(MACSEC_222)] + FAST.ci_vectors()
    assert {suites.iv_bits_of(v) for v in vecs[1:]} == {8, 96, 1024}
    assert {v["tag_len"] for v in vecs[1:]} == {4, 8, 12, 13, 14, 15, 16}
    assert any(suites.is_fail(v) for v in vecs)
    res = _run_and_check(FAST, vecs, sim)
    assert res[0]["total_cycles"] == PAPER_TOTAL["gcm_seq"] and res[0]["cycles"] == PAPER["gcm_seq"]
    _assert_cycles(FAST, vecs, res)


def _d1_subset() -> list[dict]:
    """A small D1 subset: one vector per (key size, IV length, op, FAIL) plus empty/partial lengths."""
    seen, out = set(), []
    for v in D1.ci_vectors():
        k = (_shape(v)[0], suites.iv_bits_of(v), v["op"], suites.is_fail(v), _shape(v)[3] % 16 == 0)
        if k not in seen:
            seen.add(k)
            out.append(v)
    return out


def test_ci_subset_d1():
    vecs = [dict(MACSEC_222)] + _d1_subset()
    res = _run_and_check(D1, vecs, "icarus")
    assert res[0]["total_cycles"] == PAPER_TOTAL["gcm_seq_d1"] <= 874 and res[0]["cycles"] == PAPER["gcm_seq_d1"]
    _assert_cycles(D1, vecs, res)


@pytest.mark.parametrize("params", [
    {"DIGIT": 1, "AES_IMPL": 0},                     # bit-serial GHASH with aesf_aes_iter
    {"DIGIT": 8, "AES_IMPL": 0},                     # the fast digit with aesf_aes_iter (Nr cycles per block)
    {"DIGIT": 8, "AES_IMPL": 1, "AES_COLS": 1},      # AES-bound: 4 (Nr + 1) cycles per block
    {"DIGIT": 8, "AES_IMPL": 1, "AES_COLS": 2},      # AES-bound: 2 (Nr + 1)
    {"DIGIT": 1, "AES_IMPL": 1, "AES_COLS": 4},
    {"DIGIT": 8, "AES_IMPL": 1, "AES_COLS": 4, "SBOX_IMPL": 2},     # block-ROM S-boxes (aes_col128_ed's engine)
    {"DIGIT": 8, "AES_IMPL": 1, "AES_COLS": 4, "SBOX_IMPL": 3},     # ... two clocks per round (aes_col128_ed2's)
    {"DIGIT": 8, "AES_IMPL": 1, "AES_COLS": 4, "SBOX_IMPL": 4},     # ... three clocks per round (aes_col128_ed3's)
], ids=["d1-iter", "d8-iter", "d8-col1", "d8-col2", "d1-col4", "d8-col4-rom", "d8-col4-rom2", "d8-col4-rom3"])
def test_ci_subset_engines(params):
    """Every AES engine under both digits, cycles exact (the model takes each engine's latency and period)."""
    vecs = [dict(MACSEC_222)] + _d1_subset()
    res = _run_and_check(FAST, vecs, "icarus", params=params)
    _assert_cycles(FAST, vecs, res, params)


# make test-full (36 s on Verilator): make test runs the masked D1 core through its SPI pins with MACsec and reseeds
# (tests/gcm_spi/test_gcm_spi.py) and the masked engine with every CAVP ECB vector
@pytest.mark.full
@pytest.mark.parametrize("sim", ["verilator", pytest.param("icarus", marks=pytest.mark.slow)])
def test_ci_subset_d1_dom(sim):
    """gcm_seq_d1_dom (the masked AES engine, AES_IMPL 2, issue 24): the MACsec packet and the D1 subset, cycles
    exact (84 / 84 / 112 key expansion, 4 + 8 Nr per block), the PRNG reseeded by the bench after reset."""
    core = get("gcm_seq_d1_dom")
    vecs = [dict(MACSEC_222)] + _d1_subset()
    res = _run_and_check(core, vecs, sim)
    _assert_cycles(core, vecs, res)
    assert res[0]["key_cycles"] == 112 + 116 + 2      # AES-256: expansion + E_K(0) + 2


@pytest.mark.parametrize("digit", [pytest.param(2, marks=pytest.mark.full), 16, 128])
def test_other_digits(digit):
    """The cycle model holds for another GHASH-bound digit (2, full suite) and the AES-bound digits (16, 128)."""
    vecs = [dict(MACSEC_222)] + _d1_subset()
    res = _run_and_check(FAST, vecs, "icarus", params={"DIGIT": digit})
    _assert_cycles(FAST, vecs, res, {"DIGIT": digit})


@pytest.mark.full
def test_ci_subset_d1_all():
    vecs = D1.ci_vectors()
    res = _run_and_check(D1, vecs, "icarus", jobs=2)
    _assert_cycles(D1, vecs, res)


@pytest.mark.parametrize("stall", [0.3, 0.8])
def test_random_stalls(stall):
    """Random idle cycles on in_valid_i and back-pressure on out_ready_i: nothing lost or reordered."""
    vecs = [v for v in FAST.ci_vectors() if len(v.get("pt", v.get("ct", ""))) >= 64][:60]
    assert len(vecs) >= 30
    res = _run_and_check(FAST, vecs, "icarus", stall=stall, seed=11)
    assert sum(r["in_stall"] for r in res) > 0 and sum(r["out_stall"] for r in res) > 0


@pytest.mark.full
@pytest.mark.parametrize("sim", ["verilator"])
def test_all_cavp_gcm(sim):
    """Every CAVP GCM vector (47,250: AES-128/192/256, IV 8/96/1024 bits, all tag lengths, 11,908 FAIL)."""
    vecs = suites.all_records("gcm")
    assert len(vecs) == 47250
    res = _run_and_check(FAST, vecs, sim, jobs=2)
    _assert_cycles(FAST, vecs, res)


@pytest.mark.parametrize("core", ["gcm_seq", pytest.param("gcm_seq_d1", marks=pytest.mark.full)])
def test_perf_figures(core):
    """The figures `make report` takes (aesforge.sim.perf_gcm.measure), exact: the paper's packet with the key
    load (<= 874 for DIGIT 1, goal <= 150 for the fast digit), with the key loaded, key load per size, and the
    long-message cycles/byte = max(128/DIGIT, AES block cycles) / 16."""
    from aesforge.sim.perf_gcm import aes_cycles, measure

    c = get(core)
    digit, eng = c.params["DIGIT"], engine(c.params)
    r = measure(core)
    assert r["paper_packet_total_cycles"] == r["latency_cycles"] == PAPER_TOTAL[core]
    assert r["paper_packet_cycles"] == PAPER[core]
    assert r["key_load_cycles"] == {k: key_cycles(k, **eng) for k in (128, 192, 256)}
    assert r["cycles_per_byte_per_key_size"] == {k: max(128 // digit, aes_cycles(k, **eng)) / 16
                                                 for k in (128, 192, 256)}
    assert r["cycles_per_block"] == 16 * r["cycles_per_byte"]
    assert r["latency_cycles"] <= (874 if digit == 1 else 150)
