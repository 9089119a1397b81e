# SPDX-License-Identifier: Apache-2.0
"""The aes_iter register tops (issue 23): aesf_aes_iter_axil (AXI4-Lite), aesf_aes_iter_apb (APB4),
aesf_aes_iter_wb (Wishbone B4), each driven by its PyPI bus model (cocotbext-axi, cocotbext-apb,
cocotbext-wishbone).

* tests/aes_iter/aes_iter_bus_tb.py (cocotb): register sweep of every address against hw/aes_iter/aes_iter_regs.json,
  error codes, wipes, refusals while BUSY, interrupt, zeroize; random idle cycles / AXI back-pressure;
* a CAVP ECB subset (KAT + MMT, AES-128/192/256, both directions) through `aesforge sim` (bench
  aesforge.sim.benches.aes_iter_bus) checked by `aesforge check`, with the latency in `cycles`.

In `make test` (Icarus, ~30 s in all): the cocotb tests once per bus (APB at 50 % idle cycles, AXI with 50 %
pauses on every channel), the CAVP subset once per bus. `full`: Verilator, DECRYPT = 0 and the whole CAVP CI set.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge import cores
from aesforge.check import check
from aesforge.sim.runner import run_batch, run_cocotb_module

BUSES = ("axil", "apb", "wb")
NR = {16: 10, 24: 12, 32: 14}
LAT = {"axil": 1, "apb": 2, "wb": 1}     # cycles = Nr + LAT per block at full speed (bench docstring)


def _tb(bus: str, sim: str, params: dict, stall: float, monkeypatch) -> None:
    monkeypatch.setenv("AESFORGE_STALL", str(stall))
    tests, failed = run_cocotb_module(f"aes_iter_{bus}", "aes_iter_bus_tb", sim=sim, params=params,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 3
    assert failed == 0


@pytest.mark.parametrize("bus,stall", [("axil", 0.5), ("apb", 0.5), ("wb", 0.0)])
def test_protocol_icarus(bus, stall, monkeypatch):
    _tb(bus, "icarus", {}, stall, monkeypatch)


@pytest.mark.full
@pytest.mark.parametrize("bus", BUSES)
@pytest.mark.parametrize("sim,params,stall", [("icarus", {"DECRYPT": 0}, 0.3), ("verilator", {}, 0.7),
                                              ("icarus", {"SBOX_IMPL": 1}, 0.9)])
def test_protocol_full(bus, sim, params, stall, monkeypatch):
    _tb(bus, sim, params, stall, monkeypatch)


def _subset() -> list[dict]:
    """CAVP ECB: per file (KAT / MMT x key size x direction) its first vectors: every key size and direction,
    multi-block MMT messages."""
    vecs = cores.get("aes_iter").ci_vectors()
    per: dict[str, list] = {}
    for v in vecs:
        f = v["id"].split(":")[0] + v["op"]
        if len(per.setdefault(f, [])) < (3 if "MMT" in f else 1):
            per[f].append(v)
    return [v for vs in per.values() for v in vs]


def _check(name: str, vecs: list[dict], **kw) -> list[dict]:
    res = run_batch(name, vecs, jobs=1, progress=False, **kw)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    return res


@pytest.mark.parametrize("bus", BUSES)
def test_cavp_subset(bus):
    vecs = _subset()
    assert {len(v["key"]) // 2 for v in vecs} == {16, 24, 32} and {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    assert any(len(v.get("pt", "")) > 32 for v in vecs)               # multi-block MMT messages
    res = _check(f"aes_iter_{bus}", vecs, sim="icarus")
    for v, r in zip(vecs, res):
        nr = NR[len(v["key"]) // 2]
        nblk = len(v["pt" if v["op"] == "encrypt" else "ct"]) // 32
        assert r["cycles"] == (nr + LAT[bus]) * nblk, (v["id"], r)
        assert r["key_cycles"] in (0, nr + LAT[bus]), (v["id"], r)


@pytest.mark.parametrize("bus", BUSES)
def test_cavp_subset_stalls(bus):
    """Random idle cycles (and AXI back-pressure) on every transfer."""
    _check(f"aes_iter_{bus}", _subset()[::3], sim="icarus", stall=0.6, seed=3)


@pytest.mark.full
@pytest.mark.parametrize("bus", BUSES)
@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_cavp_ci_full(bus, sim):
    _check(f"aes_iter_{bus}", cores.get("aes_iter").ci_vectors(), sim=sim, stall=0.3 if sim == "icarus" else 0.0)


def test_registry():
    for bus in BUSES:
        c = cores.get(f"aes_iter_{bus}")
        assert c.top == f"aesf_aes_iter_{bus}" and c.bench == "aesforge.sim.benches.aes_iter_bus"
        assert c.sources[-1] == f"hw/aes_iter/rtl/aesf_aes_iter_{bus}.v"
        assert c.key_sizes == cores.get("aes_iter").key_sizes
