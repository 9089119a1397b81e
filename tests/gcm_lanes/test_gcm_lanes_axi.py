# SPDX-License-Identifier: Apache-2.0
"""aesf_gcm_lanes_axi (AXI4-Lite + AXI4-Stream front end of gcm_lanes) with the cocotbext-axi BFMs: register
map against its JSON source, random messages against the golden model with 0 / 50 / 90 % stalls on both
streams, errors and recovery, full rate; N = 1, 2, 4, buffered decrypt, both simulators."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from aesforge.cores import Core
from aesforge.sim.runner import run_cocotb_module

TOP = Core(name="blk_gcm_lanes_axi", top="aesf_gcm_lanes_axi", folder="hw/gcm_lanes",
           interface="AXI4-Lite + AXI4-Stream", key_sizes=(), modes=(), directions=())

BASE = {"N": 2, "KEY_BITS": 128, "SBOX_IMPL": 0, "PIPE_MASK": 0, "GH_ORDER": 4, "GH_PIPE_MASK": 13,
        "GH_OUT_REG": 0, "KS_LOG2": 5, "BUF_LOG2": 4}

# make test: N = 1 with block-ROM S-boxes at 90 % stalls (the registered N = 2 through the same top: the aesforge sim
# bench in tests/gcm_lanes/test_gcm_lanes_axi_sim.py); the rest in make test-full
CONFIGS = [  # (sim, parameter overrides, stall probability, make test-full only)
    ("icarus", {}, 0.0, True),
    ("icarus", {}, 0.5, True),
    # N = 1, block-ROM S-boxes
    ("icarus", {"N": 1, "KEY_BITS": 256, "BUF_LOG2": 0, "SBOX_IMPL": 2, "PIPE_MASK": 2}, 0.9, False),
    ("verilator", {"N": 4, "KEY_BITS": 192, "BUF_LOG2": 3}, 0.5, True),   # 100 s, mostly the Verilator build of N = 4
]


def _id(sim, over, st):
    p = {**BASE, **over}
    return f"{sim}-n{p['N']}-k{p['KEY_BITS']}-b{p['BUF_LOG2']}-s{int(100 * st)}"


@pytest.mark.parametrize("sim,over,stall", [
    pytest.param(s, o, st, id=_id(s, o, st), marks=[pytest.mark.full] if f else []) for s, o, st, f in CONFIGS])
def test_gcm_lanes_axi(sim, over, stall, monkeypatch, request):
    monkeypatch.setenv("AESFORGE_STALL", str(stall))
    # make test's configuration: 5 random messages (the other six tests of the tb unchanged); make test-full's: 24
    monkeypatch.setenv("AESFORGE_NMSG", "24" if request.node.get_closest_marker("full") else "5")
    tests, failed = run_cocotb_module(TOP, "gcm_lanes_axi_tb", sim=sim, params={**BASE, **over},
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 7
    assert failed == 0
