# SPDX-License-Identifier: Apache-2.0
"""aes_col32 RTL through `aesforge sim` (the aes_iter bench: same ports): every CAVP ECB KAT + MMT encryption
vector, both simulators, for 1, 2 and 4 columns per clock (cores aes_col32 = COLS 1, aes_col128 = COLS 4), and with
DECRYPT = 1 every KAT + MMT vector of both directions (cores aes_col32_ed = COLS 1, aes_col128_ed = COLS 4); exact
cycle counts at full speed ((4 / COLS) (Nr + 1) cycles per block, latency Nr for COLS 4, 2 (Nr + 1) per key load,
the same in both directions), and random stalls on every valid/ready."""
from __future__ import annotations

import pytest

from aesforge.check import check
from aesforge.cores import get
from aesforge.sim.runner import run_batch

CORE = get("aes_col32")
CORE_ED = get("aes_col32_ed")
NR = {16: 10, 24: 12, 32: 14}


def batch_cycles(cols: int, klen: int, nblk: int) -> int:
    """The bench's cycles for nblk back-to-back blocks: first accepting edge -> last output handshake."""
    per = (4 // cols) * (NR[klen] + 1)
    lat = NR[klen] if cols == 4 else per
    return per * (nblk - 1) + lat + 1


@pytest.mark.parametrize("sim,cols", [("icarus", 1), ("verilator", 1), ("icarus", 2), ("icarus", 4),
                                      ("verilator", 4)])
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


@pytest.mark.parametrize("sim,cols", [
    ("icarus", 4), ("verilator", 4), ("verilator", 1),
    pytest.param("icarus", 1, marks=[pytest.mark.full, pytest.mark.slow]),
    pytest.param("icarus", 2, marks=[pytest.mark.full, pytest.mark.slow]),
])
def test_all_ecb_kat_mmt_both_directions(sim, cols):
    """DECRYPT = 1: every KAT + MMT vector of both directions, with their exact cycle counts (a decryption takes
    as long as an encryption)."""
    vecs = CORE_ED.ci_vectors()
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    assert {len(v["key"]) // 2 for v in vecs if v["op"] == "decrypt"} == {16, 24, 32}
    assert any("MMT" in v["id"] for v in vecs if v["op"] == "decrypt")
    res = run_batch("aes_col32_ed", vecs, sim=sim, jobs=1, params={"COLS": cols}, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    for v, r in zip(vecs, res):
        klen = len(v["key"]) // 2
        nblk = len(v.get("pt", v.get("ct", ""))) // 32
        assert r["cycles"] == batch_cycles(cols, klen, nblk), (v["id"], r["cycles"])
        assert r["key_cycles"] in (0, 2 * (NR[klen] + 1)), (v["id"], r["key_cycles"])


@pytest.mark.parametrize("stall,cols", [(0.5, 4), (0.9, 1)])
def test_mmt_random_stalls_both_directions(stall, cols):
    """DECRYPT = 1: the multi-block messages of both directions with random idle cycles and back-pressure."""
    vecs = [v for v in CORE_ED.ci_vectors() if "MMT" in v["id"]]
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    res = run_batch("aes_col32_ed", vecs, sim="icarus", jobs=1, stall=stall, seed=10, params={"COLS": cols},
                    progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    full = sum(batch_cycles(cols, len(v["key"]) // 2, len(v.get("pt", v.get("ct", ""))) // 32) for v in vecs)
    assert sum(r["cycles"] for r in res) > full
