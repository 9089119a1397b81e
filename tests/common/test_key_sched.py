# SPDX-License-Identifier: Apache-2.0
"""Block test of the shared round-key controller (hw/common/rtl/aesf_key_sched.v, used by aesf_dam_keyexp and
aesf_gcm_lanes) against the golden model's key expansion: every key length, both FIRST_GROUP settings, both SubWord
S-boxes, exact cycles; illegal parameters fail elaboration."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from aesforge.cores import Core
from aesforge.paths import repo_root
from aesforge.sim.runner import run_cocotb_module

BLOCK = Core(name="blk_key_sched", top="aesf_key_sched", folder="hw/common",
             interface="block", key_sizes=(), modes=(), directions=())

CONFIGS = [
    ("icarus", {"KEY_BITS": 128, "FIRST_GROUP": 1, "SBOX_IMPL": 1}),
    ("icarus", {"KEY_BITS": 192, "FIRST_GROUP": 0, "SBOX_IMPL": 0}),
    ("icarus", {"KEY_BITS": 256, "FIRST_GROUP": 1, "SBOX_IMPL": 0}),
    # each Verilator build costs about a minute: all three in make test-full (make test compiles aesf_key_sched's
    # FORMAL assertions on Verilator inside gcm_lanes: tests/gcm_lanes/test_gcm_lanes_proto.py)
    pytest.param("verilator", {"KEY_BITS": 128, "FIRST_GROUP": 0, "SBOX_IMPL": 0}, marks=pytest.mark.full),
    pytest.param("verilator", {"KEY_BITS": 192, "FIRST_GROUP": 1, "SBOX_IMPL": 1}, marks=pytest.mark.full),
    pytest.param("verilator", {"KEY_BITS": 256, "FIRST_GROUP": 0, "SBOX_IMPL": 1}, marks=pytest.mark.full),
]


@pytest.mark.parametrize("sim,params", CONFIGS,
                         ids=[f"{s}-" + "-".join(f"{k.lower()}{v}" for k, v in p.items())
                              for s, p in (getattr(c, "values", c) for c in CONFIGS)])
def test_key_sched(sim, params):
    tests, failed = run_cocotb_module(BLOCK, "key_sched_tb", sim=sim, params=params,
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests == 1
    assert failed == 0


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("params,ok", [({"KEY_BITS": 192, "FIRST_GROUP": 0}, True), ({"KEY_BITS": 160}, False),
                                       ({"FIRST_GROUP": 2}, False), ({"SBOX_IMPL": 2}, False)])
def test_key_sched_parameters(params, ok, tmp_path):
    """Legal parameters elaborate; illegal ones fail elaboration with aesf_param_check's message (Icarus)."""
    top = "aesf_key_sched"
    cmd = ["iverilog", "-g2012", "-o", str(tmp_path / "x.vvp"), "-s", top, "-y", str(repo_root() / "hw/common/rtl")]
    cmd += [f"-P{top}.{k}={v}" for k, v in params.items()]
    cmd += [str(repo_root() / "hw/aes/rtl/aesf_pkg.v"), str(repo_root() / "hw/common/rtl/aesf_key_sched.v")]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert (p.returncode == 0) == ok, p.stdout + p.stderr
    assert ("aesf_illegal_parameter_value" in p.stdout + p.stderr) == (not ok)
