# SPDX-License-Identifier: Apache-2.0
"""Block tests of the DAM AES engines (seed 003): aesf_dam_keyexp + aesf_dam_cipher (encrypt and decrypt) on the
test top hw/dam/tb/aesf_dam_cipher_tb_top.v, and aesf_aes_pipe_round with INVERSE = 1 and en_i stalls on its own.

What the cocotb module (tests/dam/dam_cipher_tb.py) checks, per configuration: CAVP ECB KAT + MMT vectors against
the vector and the golden model (AES-128: all; AES-192/256: a subset in CI, all with -m full), exact key-load
cycles (2 Nr + 1) and exact LATENCY (2*Nr composite-field or block-ROM S-box, 3*Nr + 1 with MIX_REG and IN_REG, Nr
LUT S-box) for every block, random en_i stalls, back-to-back blocks, clear_i zeroization, key reload between
blocks, reset mid-stream."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from aesforge.cores import Core, rtl_sources
from aesforge.sim.runner import repo_root, run_cocotb_module

# RTL of the engines (the key schedule and both cipher directions, leaves first), then the test top.
CIPHER_SOURCES = tuple(dict.fromkeys(rtl_sources("aesf_dam_keyexp") + rtl_sources("aesf_dam_cipher")))
TB_SOURCES = CIPHER_SOURCES + ("hw/dam/tb/aesf_dam_cipher_tb_top.v",)

TB = Core(name="blk_dam_cipher", top="aesf_dam_cipher_tb_top", folder="hw/dam", sources=TB_SOURCES,
          interface="block-level test", key_sizes=(128, 192, 256), modes=("ecb",),
          directions=("encrypt", "decrypt"))
HERE = [str(Path(__file__).parent), str(Path(__file__).parents[1] / "aes_pipe")]   # aes_pipe_round_tb lives with aes_pipe
N_COCOTB = 7   # cocotb tests in dam_cipher_tb.py

# Icarus evaluates the function-based composite-field S-box (aesf_sbox_cf) ~15x slower than the LUT ROM (about 20
# cycles/s for this top), and a Verilator build of it costs ~2 CPU minutes. make test runs the engines of the
# registered cores (block-ROM S-boxes, MIX_REG, IN_REG), the composite-field engines (the RTL default, with the
# substage seam) and the LUT S-box with AES-256 on the FIPS-197 example with its exact latency; the registered
# engines see every CAVP vector through the DAM buses in tests/dam/test_dam.py, and the inverse composite-field
# round with its seam register is also covered by test_inverse_round_standalone.
# -m full: every cocotb test (vectors back to back and with stalls, round trips, clear, key change, reset) on every
# engine and key size, Icarus and Verilator (make test ran the registered engines' full set here until the suite
# outgrew its 20 minutes: 150 s on Icarus).
CI_CONFIGS = [
    pytest.param("icarus", 128, 5, "fips_example_exact_latency", id="icarus-k128-rom-mix-fips"),
    pytest.param("icarus", 128, 1, "fips_example_exact_latency", id="icarus-k128-cf-fips"),
    pytest.param("icarus", 256, 0, "fips_example_exact_latency", id="icarus-k256-lut-fips"),
]
FULL_CONFIGS = [
    pytest.param("verilator", 128, 1, id="verilator-k128-cf"),
    pytest.param("verilator", 192, 1, id="verilator-k192-cf"),
    pytest.param("verilator", 256, 1, id="verilator-k256-cf"),
    pytest.param("verilator", 128, 4, id="verilator-k128-rom"),
    pytest.param("verilator", 256, 4, id="verilator-k256-rom"),
    pytest.param("verilator", 128, 5, id="verilator-k128-rom-mix"),
    pytest.param("verilator", 256, 5, id="verilator-k256-rom-mix"),
    pytest.param("icarus", 128, 5, id="icarus-k128-rom-mix"),
    pytest.param("icarus", 128, 0, id="icarus-k128-lut"),
    pytest.param("icarus", 192, 0, id="icarus-k192-lut"),
    pytest.param("icarus", 256, 0, id="icarus-k256-lut"),
]


def _run(sim: str, kbits: int, impl: int, monkeypatch, full: bool = False, testcase: str | None = None) -> None:
    monkeypatch.setenv("DAM_CIPHER_SET", "full" if full else "ci")
    # impl 5 = the registered cores' engines: SBOX_IMPL 4 with MIX_REG 1 (a register after (Inv)MixColumns: 3 stages
    # per round) and IN_REG 1 (a register after the initial AddRoundKey)
    params = ({"KEY_BITS": kbits, "SBOX_IMPL": 4, "MIX_REG": 1, "IN_REG": 1} if impl == 5 else
              {"KEY_BITS": kbits, "SBOX_IMPL": impl})
    tests, failed = run_cocotb_module(TB, "dam_cipher_tb", sim=sim, params=params,
                                      pythonpath=HERE, testcase=testcase)
    assert tests == (1 if testcase else N_COCOTB)
    assert failed == 0


@pytest.mark.parametrize("sim,kbits,impl,testcase", CI_CONFIGS)
def test_dam_cipher(sim, kbits, impl, testcase, monkeypatch):
    _run(sim, kbits, impl, monkeypatch, testcase=testcase)


@pytest.mark.full
@pytest.mark.parametrize("sim,kbits,impl", FULL_CONFIGS)
def test_dam_cipher_full(sim, kbits, impl, monkeypatch):
    """Every cocotb test; every ECB KAT + MMT vector of the key size (CI runs a subset for 192/256)."""
    _run(sim, kbits, impl, monkeypatch, full=True)


@pytest.mark.parametrize("impl,mask,last", [(1, 1, 0), (1, 1, 1), (0, 0, 0), (1, 7, 1)])
def test_inverse_round_standalone(impl, mask, last):
    """aesf_aes_pipe_round INVERSE = 1 alone (equivalent inverse cipher round, FIPS-197 C.1 last round as the
    first state), with back-to-back states, gaps and en_i stalls (tests/aes_pipe/aes_pipe_round_tb.py)."""
    core = Core(name=f"blk_dam_inv_round_s{impl}_m{mask}_l{last}", top="aesf_aes_pipe_round", folder="hw/aes_pipe",
                interface="block-level test", key_sizes=(128,), modes=("ecb",),
                directions=("decrypt",), params={"SBOX_IMPL": impl, "PIPE_MASK": mask, "LAST": last, "INVERSE": 1})
    tests, failed = run_cocotb_module(core, "aes_pipe_round_tb", sim="icarus", pythonpath=HERE)
    assert tests == 2
    assert failed == 0


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("top,params", [
    ("aesf_dam_cipher", {"KEY_BITS": 160}),
    ("aesf_dam_cipher", {"INVERSE": 2}),
    ("aesf_dam_cipher", {"SBOX_IMPL": 2}),
    ("aesf_dam_cipher", {"SBOX_IMPL": 3}),
    ("aesf_dam_cipher", {"MIX_REG": 1}),              # MIX_REG needs SBOX_IMPL 4 (the default is 1)
    ("aesf_dam_cipher", {"SBOX_IMPL": 4, "MIX_REG": 2}),
    ("aesf_dam_cipher", {"IN_REG": 2}),
    ("aesf_dam_keyexp", {"KEY_BITS": 64}),
    ("aesf_dam_keyexp", {"SBOX_IMPL": -1}),
    ("aesf_aes_pipe_round", {"INVERSE": 2}),
])
def test_illegal_parameters_rejected(top, params, tmp_path):
    root = repo_root()
    cmd = ["iverilog", "-g2012", "-o", str(tmp_path / "x.vvp"), "-s", top]
    cmd += [f"-P{top}.{k}={v}" for k, v in params.items()]
    cmd += [str(root / s) for s in CIPHER_SOURCES]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode != 0
    assert "aesf_illegal_parameter_value" in p.stdout + p.stderr


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("bus,ok", [(0, True), (1, True), (2, False), (-1, False)])
def test_dam_top_bus_parameter(bus, ok, tmp_path):
    """aesf_dam elaborates with BUS = 0 (ASBUS) and 1 (AXI4) and refuses any other value at elaboration."""
    from aesforge.cores import CORES

    root = repo_root()
    cmd = ["iverilog", "-g2012", "-o", str(tmp_path / "x.vvp"), "-s", "aesf_dam", f"-Paesf_dam.BUS={bus}"]
    cmd += [str(root / s) for s in CORES["dam_asbus32"].sources]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert (p.returncode == 0) == ok, p.stdout + p.stderr
    if not ok:
        assert "aesf_illegal_parameter_value" in p.stdout + p.stderr
