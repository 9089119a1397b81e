# SPDX-License-Identifier: Apache-2.0
"""AESAVS ECB Monte Carlo tests through `aesforge sim` on the ECB block cores that share the aes_iter bench
(aes_iter and the encrypt + decrypt column engines of issue 22): each checkpoint is 1000 chained single-block
operations under one key, the checkpoint's expected value the 1000th output (model-generated from the CBCMCT
seeds, aesforge.vectors suites ecb_mct_k128/192/256; the model itself is checked against `cryptography` in
tests/model/test_cavp_aes.py). make test: the first checkpoint of each direction for AES-128 on aes_col128_ed (the
shortest block latency, so the fastest 1000-block chain);
make test-full: the first three checkpoints of every key size and direction on every such core, both simulators
for aes_iter. Exact cycles: 1000 single blocks at full speed, each its block latency + 1 edges apart."""
from __future__ import annotations

import pytest

from aesforge.check import check
from aesforge.sim.runner import run_batch
from aesforge.vectors.suites import all_records

NR = {16: 10, 24: 12, 32: 14}


def _mct(kbits: tuple[int, ...], per: int) -> list[dict]:
    out, seen = [], {}
    for v in all_records("ecb_mct"):
        g = (len(v["key"]) * 4, v["op"])
        if g[0] in kbits and seen.get(g, 0) < per:
            seen[g] = seen.get(g, 0) + 1
            out.append(v)
    return out


def _run(core: str, vecs: list[dict], sim: str) -> list[dict]:
    res = run_batch(core, vecs, sim=sim, jobs=1, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs) > 0
    return res


@pytest.mark.full   # 41 s on Icarus; every RTL MCT runs in make test-full
def test_mct_col128_ed_k128():
    vecs = _mct((128,), 1)
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"} and all(v["mct"] for v in vecs)
    res = _run("aes_col128_ed", vecs, "icarus")
    # one block at a time: the output handshake Nr + 1 edges after the input handshake, the next input handshake
    # one edge after that (the host chains the output back): 1000 x (Nr + 2) - 1 edges
    assert all(r["cycles"] == 1000 * (NR[16] + 2) - 1 for r in res), [r["cycles"] for r in res]


@pytest.mark.full
def test_mct_col128_ed3_k128_cycles():
    """aes_col128_ed3 (three clocks per round): the output handshake 3 (Nr + 1) + 1 edges after the input handshake,
    the next input one edge later: 1000 x (3 (Nr + 1) + 2) - 1 edges per checkpoint."""
    vecs = _mct((128,), 1)
    res = _run("aes_col128_ed3", vecs, "icarus")
    assert all(r["cycles"] == 1000 * (3 * (NR[16] + 1) + 2) - 1 for r in res), [r["cycles"] for r in res]


@pytest.mark.full
@pytest.mark.parametrize("core,sim", [("aes_iter", "icarus"), ("aes_iter", "verilator"), ("aes_col128_ed", "verilator"),
                                      ("aes_col128_ed2", "icarus"), ("aes_col128_ed3", "verilator"),
                                      ("aes_col32_ed", "icarus")])
def test_mct_all_key_sizes(core, sim):
    _run(core, _mct((128, 192, 256), 3), sim)


def test_cbc_mct_record_refused():
    """A CBC Monte Carlo record is not silently run as ECB: it gets an error line naming the mode."""
    v = next(r for r in all_records("mct") if r["op"] == "encrypt")
    res = run_batch("aes_col128_ed", [v], sim="icarus", jobs=1, progress=False)
    assert len(res) == 1 and "mode cbc" in res[0].get("error", ""), res
