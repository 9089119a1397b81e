# SPDX-License-Identifier: Apache-2.0
"""gcm_lanes with messages queued inside the core (issue 19): refused commands between good ones, abort_i and
clear_i with messages queued and in flight, the key load's wipe of tag_o / auth_fail_o / err_o (tests/gcm_lanes/gcm_lanes_proto_tb.py), on both simulators, with the IV in
the command (the registered configuration) and in beats."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.sim.runner import run_cocotb_module

N1_IVBEATS = {"N": 1, "ROM_LANES": 1, "PIPE_MASK": 2, "GH_ORDER": 2, "GH_PIPE_MASK": 1, "GH_IN_MASK": 0,
              "IV_IN_CMD": 0, "CQ_LOG2": 2}


# make test: N = 2 on Icarus, N = 1 on Verilator with the assertions; N = 2 on Verilator (100 s, most of it the
# build) in make test-full
@pytest.mark.parametrize("sim,params", [
    pytest.param("icarus", None, id="n2-ivcmd-icarus"),
    pytest.param("verilator", None, id="n2-ivcmd-verilator", marks=pytest.mark.full),
    pytest.param("icarus", N1_IVBEATS, id="n1-ivbeats-q4-icarus"),
    pytest.param("verilator", N1_IVBEATS, id="n1-ivbeats-q4-verilator")])
def test_gcm_lanes_proto(sim, params):
    # on Verilator with the RTL's assertions (`ifdef FORMAL` blocks of aesf_gcm_lanes, aesf_ghash_par and
    # aesf_gcm_pack: queue credits, the kind delay lines against the lanes' valid chain, the keystream FIFO's
    # registered flags, the abort copies; N = 1 for the packer's ring pointers)
    tests, failed = run_cocotb_module("gcm_lanes", "gcm_lanes_proto_tb", sim=sim, params=params,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 4
    assert failed == 0
