# SPDX-License-Identifier: Apache-2.0
"""Directed tests of the seed-003 DAM tops (tests/dam/dam_tb.py): register map, write-only key, DMA channel,
ASBUS / AXI cipher round trips against the golden model, refused commands, zeroize; memory grant stalls."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.cores import CORES
from aesforge.sim.runner import run_cocotb_module

CONFIGS = [  # (core, sim, memory grant stall probability)
    pytest.param("dam_asbus32", "icarus", 0.0, marks=pytest.mark.full),   # ASBUS 32 in make test: test_dam_uvm
    pytest.param("dam_asbus128", "icarus", 0.5, marks=pytest.mark.full),   # 128 bits in make test: test_dam_uvm
    pytest.param("dam_axi32", "icarus", 0.5, marks=pytest.mark.full),   # AXI 32 in make test: test_dam_uvm (50 s)
    pytest.param("dam_axi128", "icarus", 0.0, marks=pytest.mark.full),
    # the RTL's FORMAL assertions on Verilator (2 min, mostly the build): make test-full
    pytest.param("dam_asbus64", "verilator", 0.3, marks=pytest.mark.full),
    pytest.param("dam_axi64", "verilator", 0.3, marks=pytest.mark.full),
]


def _id(c) -> str:
    c, s, st = c.values if hasattr(c, "values") else c
    return f"{c}-{s}-s{int(100 * st)}"


@pytest.mark.parametrize("core,sim,stall", CONFIGS, ids=[_id(c) for c in CONFIGS])
def test_dam_directed(core, sim, stall, monkeypatch):
    monkeypatch.setenv("AESFORGE_STALL", str(stall))
    # Verilator runs compile the RTL's FORMAL assertions (engine credits, queue full flags) and stop on a violation
    tests, failed = run_cocotb_module(CORES[core], "dam_tb", sim=sim, pythonpath=[str(Path(__file__).parent)])
    assert tests == 1
    assert failed == 0


def _cavp_subset(core: str, per_file: int) -> list[dict]:
    """The first and last ``per_file`` vectors of every CAVP ECB file and direction of the core (the last MMT
    vectors are the 10-block ones)."""
    groups: dict[str, list] = {}
    for v in CORES[core].ci_vectors():
        groups.setdefault(v["id"].split(":")[0] + v["op"], []).append(v)
    out = []
    for g in groups.values():
        out += g if 2 * per_file >= len(g) else g[:per_file] + g[-per_file:]
    return out


@pytest.mark.parametrize("core,sim,per_file", [
    ("dam_asbus32", "icarus", 1),
    ("dam_axi128", "icarus", 1),
    pytest.param("dam_asbus64", "verilator", 10**6, marks=pytest.mark.full),
    pytest.param("dam_axi32", "verilator", 10**6, marks=pytest.mark.full),
])
def test_dam_cavp(core, sim, per_file):
    """CAVP ECB vectors through the bus (aesforge sim bench: ASBUS state mode / AXI cipher window), checked against
    the published answers; CI: one vector per file and direction (multi-block MMT included), full: all of them."""
    from aesforge.check import check
    from aesforge.sim.runner import run_batch

    vecs = _cavp_subset(core, per_file)
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    assert any(len(v.get("pt", v.get("ct", ""))) > 32 for v in vecs)   # multi-state MMT vectors
    res = run_batch(core, vecs, sim=sim, jobs=1, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:3]
    assert rep.passed == len(vecs)
