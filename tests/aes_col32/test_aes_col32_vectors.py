# SPDX-License-Identifier: Apache-2.0
"""aes_col32 RTL through `aesforge sim` (the aes_iter bench: same ports): every CAVP ECB KAT + MMT encryption
vector, both simulators, for 1, 2 and 4 columns per clock (cores aes_col32 = COLS 1, aes_col128 = COLS 4), and with
DECRYPT = 1 every KAT + MMT vector of both directions (cores aes_col32_ed = COLS 1, aes_col128_ed = COLS 4); exact
cycle counts at full speed ((4 / COLS) (Nr + 1) cycles per block, latency Nr for COLS 4, 2 (Nr + 1) per key load,
the same in both directions), and random stalls on every valid/ready."""
from __future__ import annotations

import pytest

from aesforge.check import check
from aesforge.cores import CORES, get
from aesforge.sim.runner import run_batch

CORE = get("aes_col32")
NR = {16: 10, 24: 12, 32: 14}


def batch_cycles(cols: int, klen: int, nblk: int, cpr: int = 1) -> int:
    """The bench's cycles for nblk back-to-back blocks: first accepting edge -> last output handshake (cpr: clocks
    per round with block ROMs; 2: SBOX_IMPL 3, period and latency 2 Nr + 1; 3: SBOX_IMPL 4, 3 (Nr + 1))."""
    per = {2: 2 * NR[klen] + 1, 3: 3 * (NR[klen] + 1)}.get(cpr, (4 // cols) * (NR[klen] + 1))
    lat = per if cpr > 1 else (NR[klen] if cols == 4 else per)
    return per * (nblk - 1) + lat + 1


def key_cycles(klen: int, cpr: int = 1) -> int:
    """Key handshake edge -> key_ok_o: 2 (Nr + 1), 4 (Nr + 1) with SBOX_IMPL 3, 6 Nr + 4 with SBOX_IMPL 4 (one
    schedule pair per three clocks, the first in the clock after the handshake)."""
    return {2: 4 * (NR[klen] + 1), 3: 6 * NR[klen] + 4}.get(cpr, 2 * (NR[klen] + 1))


@pytest.mark.parametrize("sim,cols", [("icarus", 1), pytest.param("verilator", 1, marks=pytest.mark.full),
                                      ("icarus", 2),
                                      pytest.param("icarus", 4, marks=pytest.mark.full), ("verilator", 4)])
def test_all_ecb_kat_mmt_encrypt(sim, cols):
    vecs = CORE.ci_vectors()
    files = {v["id"].split(":")[0] for v in vecs}
    assert {v["op"] for v in vecs} == {"encrypt"}
    assert {len(v["key"]) // 2 for v in vecs} == {16, 24, 32}
    assert any("MMT" in f for f in files) and any("KeySbox" in f for f in files), files
    res = run_batch("aes_col32", vecs, sim=sim, jobs=1, params={"COLS": cols}, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    for v, r in zip(vecs, res):
        klen = len(v["key"]) // 2
        nblk = len(v["pt"]) // 32
        assert r["cycles"] == batch_cycles(cols, klen, nblk), (v["id"], r["cycles"])
        assert r["key_cycles"] in (0, 2 * (NR[klen] + 1)), (v["id"], r["key_cycles"])
    assert {len(v["key"]) // 2 for v, r in zip(vecs, res) if r["key_cycles"]} == {16, 24, 32}


@pytest.mark.parametrize("stall,cols", [(0.5, 1), (0.9, 1), (0.5, 4), (0.9, 4)])
def test_mmt_random_stalls(stall, cols):
    """Multi-block messages with random idle cycles on in_valid and back-pressure on out_ready."""
    vecs = [v for v in CORE.ci_vectors() if "MMT" in v["id"]]
    assert len(vecs) >= 30
    res = run_batch("aes_col32", vecs, sim="icarus", jobs=1, stall=stall, seed=9, params={"COLS": cols},
                    progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    # the stalls really happened: the multi-block messages took longer than at full speed
    full = sum(batch_cycles(cols, len(v["key"]) // 2, len(v["pt"]) // 32) for v in vecs)
    assert sum(r["cycles"] for r in res) > full


# DECRYPT = 1 cores: name -> (COLS, clocks per round); every one on both simulators, the compact one and the
# three-clock block-ROM one in make test, the others in make test-full
ED = {c.name: (c.params["COLS"], {3: 2, 4: 3}.get(c.params.get("SBOX_IMPL", 0), 1)) for c in CORES.values()
      if c.top == "aesf_aes_col32" and c.params.get("DECRYPT")}
FAST = {"aes_col128_ed3"}   # the others (aes_col32_ed, aes_col128_ed, aes_col128_ed2) in make test-full


# make test: the FAST configurations on Verilator (every vector, 5-35 s); Icarus (30-60 s each) in make test-full,
# where the Icarus runs of both directions also come from tests/aes_iter/test_aes_iter_protocol.py in make test
@pytest.mark.parametrize("name,sim", [
    pytest.param(n, s, marks=() if n in FAST and s == "verilator" else (pytest.mark.full, pytest.mark.slow))
    for n in sorted(ED) for s in ("icarus", "verilator")])
def test_all_ecb_kat_mmt_both_directions(name, sim):
    """DECRYPT = 1: every KAT + MMT vector of both directions, with their exact cycle counts (a decryption takes
    as long as an encryption)."""
    cols, cpr = ED[name]
    vecs = get(name).ci_vectors()
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    assert {len(v["key"]) // 2 for v in vecs if v["op"] == "decrypt"} == {16, 24, 32}
    assert any("MMT" in v["id"] for v in vecs if v["op"] == "decrypt")
    res = run_batch(name, vecs, sim=sim, jobs=1, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    for v, r in zip(vecs, res):
        klen = len(v["key"]) // 2
        nblk = len(v.get("pt", v.get("ct", ""))) // 32
        assert r["cycles"] == batch_cycles(cols, klen, nblk, cpr), (v["id"], r["cycles"])
        assert r["key_cycles"] in (0, key_cycles(klen, cpr)), (v["id"], r["key_cycles"])


@pytest.mark.parametrize("name,stall", [pytest.param(n, st, marks=pytest.mark.full if st == 0.5 else ())
                                        for n in sorted(ED) for st in (0.5, 0.9)])
def test_mmt_random_stalls_both_directions(name, stall):
    """DECRYPT = 1: the multi-block messages of both directions with random idle cycles and back-pressure."""
    cols, cpr = ED[name]
    vecs = [v for v in get(name).ci_vectors() if "MMT" in v["id"]]
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    res = run_batch(name, vecs, sim="icarus", jobs=1, stall=stall, seed=10, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    full = sum(batch_cycles(cols, len(v["key"]) // 2, len(v.get("pt", v.get("ct", ""))) // 32, cpr) for v in vecs)
    assert sum(r["cycles"] for r in res) > full


# ---- the masked engine (aes_col32_dom, issue 24): 4 + 8 Nr cycles per block, 4 (Nr + 1) + 4 S per key load
DOM_KEY = {16: 84, 24: 84, 32: 112}   # S = the words that need SubWord: 10 / 8 / 13


def _dom_check(vecs, res):
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    for v, r in zip(vecs, res):
        klen = len(v["key"]) // 2
        per = 4 + 8 * NR[klen]
        assert r["cycles"] == per * (len(v["pt"]) // 32) + 1, (v["id"], r["cycles"])
        assert r["key_cycles"] in (0, DOM_KEY[klen]), (v["id"], r["key_cycles"])


@pytest.mark.parametrize("sim,subset", [
    ("verilator", True),
    pytest.param("verilator", False, marks=pytest.mark.full),
    pytest.param("icarus", True, marks=pytest.mark.full),   # Icarus in make test: test_aes_iter_protocol's DOM runs
    pytest.param("icarus", False, marks=(pytest.mark.full, pytest.mark.slow)),
])
def test_dom_ecb_kat_mmt(sim, subset):
    """Masked engine: CAVP ECB KAT + MMT encryption vectors with exact cycle counts, the PRNG reseeded from the
    batch seed. make test: Verilator, the first three records of each MMT file and the first of each KAT file;
    make test-full: every vector on Verilator, the subset and every vector (about 11 minutes) on Icarus."""
    vecs = get("aes_col32_dom").ci_vectors()
    if subset:
        count: dict = {}
        keep = []
        for v in vecs:
            f = v["id"].split(":")[0]
            if count.get(f, 0) < (3 if "MMT" in f else 1):
                keep.append(v)
            count[f] = count.get(f, 0) + 1
        vecs = keep
        assert {len(v["key"]) // 2 for v in vecs} == {16, 24, 32} and len(vecs) < 40
    res = run_batch("aes_col32_dom", vecs, sim=sim, jobs=1, seed=11, progress=False)
    _dom_check(vecs, res)
    assert {len(v["key"]) // 2 for v, r in zip(vecs, res) if r["key_cycles"]} == {16, 24, 32}


@pytest.mark.parametrize("stall", [0.5, 0.9])
def test_dom_mmt_random_stalls(stall):
    vecs = [v for v in get("aes_col32_dom").ci_vectors() if "MMT" in v["id"]]
    res = run_batch("aes_col32_dom", vecs, sim="verilator", jobs=1, stall=stall, seed=12, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    full = sum((4 + 8 * NR[len(v["key"]) // 2]) * (len(v["pt"]) // 32) + 1 for v in vecs)
    assert sum(r["cycles"] for r in res) > full
