# SPDX-License-Identifier: Apache-2.0
"""Directed tests of the seed-003 DAM tops (tests/rtl/dam_tb.py): register map, write-only key, DMA channel,
ASBUS / AXI cipher round trips against the golden model, refused commands, zeroize; memory grant stalls."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.cores import CORES
from aesforge.sim.runner import run_cocotb_module

CONFIGS = [  # (core, sim, memory grant stall probability)
    ("dam_asbus32", "icarus", 0.0),
    ("dam_asbus128", "icarus", 0.5),
    ("dam_axi32", "icarus", 0.5),
    ("dam_axi128", "icarus", 0.0),
    ("dam_asbus64", "verilator", 0.3),
    pytest.param("dam_axi64", "verilator", 0.3, marks=pytest.mark.full),
]


def _id(c) -> str:
    c, s, st = c.values if hasattr(c, "values") else c
    return f"{c}-{s}-s{int(100 * st)}"


@pytest.mark.parametrize("core,sim,stall", CONFIGS, ids=[_id(c) for c in CONFIGS])
def test_dam_directed(core, sim, stall, monkeypatch):
    monkeypatch.setenv("AESFORGE_STALL", str(stall))
    tests, failed = run_cocotb_module(CORES[core], "dam_tb", sim=sim, pythonpath=[str(Path(__file__).parent)])
    assert tests == 1
    assert failed == 0
