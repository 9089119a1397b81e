# SPDX-License-Identifier: Apache-2.0
"""aes_pipe RTL (fully unrolled, sub-pipelined AES, key per block) through `aesforge sim`: every CAVP ECB
KAT + MMT encrypt vector for AES-128/192/256, streamed back-to-back in ONE stream per run (consecutive vectors
carry different keys, so the pipeline holds blocks of many keys at once), exact cycle counts, several register
placements, random idle cycles, and the protocol module (reset mid-stream, standalone round).

CI share (about 70 s CPU): Icarus for every key size x two LUT placements, the composite-field seam placement
on a subset, Verilator for AES-128 only (one build); every key size x two placements on Verilator (a fully
unrolled AES is a big C++ model) and every other placement on Icarus are @pytest.mark.full. The Boyar-Peralta
placements run the MMT + GFSbox vectors in make test and the whole suite in make test-full (with the whole suite
they were the four slowest tests of make test: 1,133 of 4,963 s on a loaded CI machine, `--durations`).
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from aesforge.check import check
from aesforge.coredefs.aes_pipe import latency_of, pipe_core
from aesforge.cores import Core, get, rtl_sources
from aesforge.paths import repo_root
from aesforge.sim.runner import run_batch, run_cocotb_module

CORE_BY_BITS = {128: "aes_pipe", 192: "aes_pipe_192", 256: "aes_pipe_256"}
# (SBOX_IMPL, PIPE_MASK): the default (LUT S-box, register after SubBytes, 2 stages/round) and the deepest
# placement (composite-field S-box split at its seam + after SubBytes + after MixColumns, 4 stages/round).
PLACEMENTS = [(0, 2), (1, 7)]
# In make test (Icarus): the LUT S-box with the register after SubBytes (2 stages/round) and after SubBytes +
# after MixColumns (3 stages/round); the composite-field placements are slow in Icarus (see below).
CI_PLACEMENTS = [(0, 2), (0, 6)]


def _params(kbits: int, impl: int, mask: int) -> dict:
    return {"KEY_BITS": kbits, "SBOX_IMPL": impl, "PIPE_MASK": mask}


def _run_and_check(kbits: int, impl: int, mask: int, sim: str, stall: float = 0.0, vecs=None):
    name = CORE_BY_BITS[kbits]
    vecs = vecs if vecs is not None else get(name).ci_vectors()
    res = run_batch(name, vecs, sim=sim, jobs=1, stall=stall, seed=11, params=_params(kbits, impl, mask),
                    progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    return vecs, res


def _assert_exact_cycles(vecs, res, kbits, mask):
    lat = latency_of(kbits, mask)
    for v, r in zip(vecs, res):
        nblk = len(v["pt"]) // 32
        assert r["cycles"] == lat + nblk - 1, (v["id"], r["cycles"], lat)
        assert r["key_cycles"] == 0


def _assert_suite_shape(vecs, kbits):
    files = {v["id"].split(":")[0] for v in vecs}
    assert {v["op"] for v in vecs} == {"encrypt"}
    assert {len(v["key"]) * 4 for v in vecs} == {kbits}
    assert any("MMT" in f for f in files) and any("KeySbox" in f for f in files), files
    # back-to-back with a different key per block: consecutive (single-block) vectors change key
    changes = sum(1 for a, b in zip(vecs, vecs[1:]) if a["key"] != b["key"])
    assert changes >= 100, changes


@pytest.mark.parametrize("impl,mask", CI_PLACEMENTS)
@pytest.mark.parametrize("kbits", [128, 192, 256])
def test_ecb_kat_mmt_icarus(kbits, impl, mask):
    vecs, res = _run_and_check(kbits, impl, mask, "icarus")
    _assert_suite_shape(vecs, kbits)
    _assert_exact_cycles(vecs, res, kbits, mask)


@pytest.mark.parametrize("kbits,mask", [(128, 2), pytest.param(192, 6, marks=pytest.mark.full), (256, 2)])
def test_ecb_block_rom_sbox_icarus(kbits, mask):
    """SBOX_IMPL 2: block-ROM S-boxes in the rounds and the key schedule (their output register is the register
    after SubBytes / SubWord): every CAVP ECB KAT + MMT vector, a new key per block, exact latency."""
    vecs, res = _run_and_check(kbits, 2, mask, "icarus")
    _assert_suite_shape(vecs, kbits)
    _assert_exact_cycles(vecs, res, kbits, mask)


BP_PLACEMENTS = [(128, 3), (128, 11), (192, 0), (256, 9)]


# make test: two placements (AES-128 and AES-256); the other two in make test-full
@pytest.mark.parametrize("kbits,mask", [pytest.param(k, m, marks=pytest.mark.full if (k, m) in ((128, 11), (192, 0))
                                                     else ()) for k, m in BP_PLACEMENTS])
def test_ecb_boyar_peralta_icarus_subset(kbits, mask):
    """SBOX_IMPL 3: Boyar-Peralta S-boxes in the rounds and the key schedule, whole (mask 0) and split at seam A
    (bit 0) and seam B (bit 3), with the register after SubBytes (bit 1; mask 3 = aes_pipe_bp); exact latency
    Nr * (1 + popcount). In make test the MMT + GFSbox vectors of the key size (a gate-level S-box netlist is slow in
    Icarus: the whole KAT + MMT suite took most of this file's time); the whole suite is in make test-full."""
    vecs = [v for v in get(CORE_BY_BITS[kbits]).ci_vectors() if "MMT" in v["id"] or "GFSbox" in v["id"]]
    assert len(vecs) >= 15 and len({v["key"] for v in vecs}) >= 10
    vecs, res = _run_and_check(kbits, 3, mask, "icarus", vecs=vecs)
    _assert_exact_cycles(vecs, res, kbits, mask)


@pytest.mark.full
@pytest.mark.parametrize("kbits,mask", BP_PLACEMENTS)
def test_ecb_boyar_peralta_icarus(kbits, mask):
    """The same placements on the whole CAVP ECB KAT + MMT encrypt suite of the key size."""
    vecs, res = _run_and_check(kbits, 3, mask, "icarus")
    _assert_suite_shape(vecs, kbits)
    _assert_exact_cycles(vecs, res, kbits, mask)


def test_ecb_cf_split_icarus_subset():
    """The composite-field S-box split at its seam (CF mid+sub+mix, 4 stages/round, 40 cycles) in CI: AES-128,
    the MMT + GFSbox vectors only (a CF netlist is slow in Icarus; the whole suite is in make test-full)."""
    vecs = [v for v in get("aes_pipe").ci_vectors() if "MMT" in v["id"] or "GFSbox" in v["id"]]
    assert len(vecs) >= 15
    vecs, res = _run_and_check(128, 1, 7, "icarus", vecs=vecs)
    _assert_exact_cycles(vecs, res, 128, 7)


# ~60 s, mostly the Verilator build: make test-full; make test runs aes_pipe's vectors on Icarus (and its rounds in
# gcm_lanes' Verilator run)
@pytest.mark.full
def test_ecb_mmt_gfsbox_verilator():
    """Verilator (make test-full): AES-128, LUT S-box, register after SubBytes (20 cycles), the MMT + GFSbox
    vectors (the whole KAT + MMT suite of this placement runs on Icarus in make test, and on Verilator below)."""
    vecs = [v for v in get("aes_pipe").ci_vectors() if "MMT" in v["id"] or "GFSbox" in v["id"]]
    assert len(vecs) >= 15
    vecs, res = _run_and_check(128, 0, 2, "verilator", vecs=vecs)
    _assert_exact_cycles(vecs, res, 128, 2)


@pytest.mark.full
def test_ecb_kat_mmt_verilator():
    """The whole CAVP ECB KAT + MMT suite of AES-128 on the same Verilator build."""
    vecs, res = _run_and_check(128, 0, 2, "verilator")
    _assert_suite_shape(vecs, 128)
    _assert_exact_cycles(vecs, res, 128, 2)


@pytest.mark.full
@pytest.mark.parametrize("impl,mask", PLACEMENTS)
@pytest.mark.parametrize("kbits", [128, 192, 256])
def test_ecb_kat_mmt_verilator_full(kbits, impl, mask):
    """Verilator, every key size x two placements (LUT sub, CF mid+sub+mix): one big C++ build each."""
    vecs, res = _run_and_check(kbits, impl, mask, "verilator")
    _assert_suite_shape(vecs, kbits)
    _assert_exact_cycles(vecs, res, kbits, mask)


@pytest.mark.full
@pytest.mark.parametrize("impl,mask", [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (0, 0), (0, 4)])
@pytest.mark.parametrize("kbits", [128, 192, 256])
def test_every_placement_icarus_full(kbits, impl, mask):
    """Every other legal placement (all 8 composite-field masks, the remaining LUT masks) on Icarus."""
    vecs, res = _run_and_check(kbits, impl, mask, "icarus")
    _assert_suite_shape(vecs, kbits)
    _assert_exact_cycles(vecs, res, kbits, mask)


@pytest.mark.parametrize("stall", [0.5, pytest.param(0.9, marks=pytest.mark.full)])
def test_random_idle_cycles(stall):
    """Random idle cycles (in_valid_i = 0 with junk on the key/data ports) between blocks: AES-192, MMT +
    GFSbox vectors, LUT S-box, registers after SubBytes and after MixColumns (50 % in CI, 90 % in full)."""
    vecs = [v for v in get("aes_pipe_192").ci_vectors() if "MMT" in v["id"] or "GFSbox" in v["id"]]
    assert len(vecs) >= 15
    _run_and_check(192, 0, 6, "icarus", stall=stall, vecs=vecs)


def test_protocol_icarus():
    """Reset mid-stream drops the blocks in flight; random key per block with random gaps keeps the valid
    pattern exactly LATENCY - 1 edges behind (see aes_pipe_protocol_tb.py)."""
    tests, failed = run_cocotb_module("aes_pipe", "aes_pipe_protocol_tb", sim="icarus",
                                      params=_params(128, 0, 6), pythonpath=[str(Path(__file__).parent)])
    assert tests >= 3
    assert failed == 0


@pytest.mark.parametrize("impl,mask,last", [(0, 0, 0), (1, 7, 0), (0, 6, 1), (1, 1, 1), (2, 2, 0), (2, 6, 1),
                                             (3, 11, 0), (3, 12, 1)])
def test_standalone_round(impl, mask, last):
    """aesf_aes_pipe_round alone with a held round key from outside (how issue 5's multi-lane GCM uses it);
    impl 2 = the block-ROM S-boxes (aesf_sbox_rom) holding the P_SUB register; impl 3 = Boyar-Peralta split at its
    seams (mask 11: seam A + after SubBytes + seam B; 12: after MixColumns + seam B)."""
    core = Core(name=f"aes_pipe_round_s{impl}_m{mask}_l{last}", top="aesf_aes_pipe_round", folder="hw/aes_pipe",
                interface="block-level test", key_sizes=(128,), modes=("ecb",),
                directions=("encrypt",), params={"SBOX_IMPL": impl, "PIPE_MASK": mask, "LAST": last})
    tests, failed = run_cocotb_module(core, "aes_pipe_round_tb", sim="icarus",
                                      pythonpath=[str(Path(__file__).parent)])
    assert tests >= 1
    assert failed == 0


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("params", [
    {"PIPE_MASK": 1, "SBOX_IMPL": 0},   # S-box seam with the LUT S-box: no seam exists
    {"PIPE_MASK": 8},                   # seam B exists only in the Boyar-Peralta S-box
    {"PIPE_MASK": 9, "SBOX_IMPL": 1},
    {"PIPE_MASK": 16, "SBOX_IMPL": 3},
    {"KEY_BITS": 160},
    {"SBOX_IMPL": 4},
    {"SBOX_IMPL": 2, "PIPE_MASK": 4},   # block-ROM S-box without the register after SubBytes it holds
    {"ROUNDS": 11},                     # more rounds than AES-128 has
])
def test_illegal_parameters_rejected(params, tmp_path):
    root = repo_root()
    cmd = ["iverilog", "-g2012", "-o", str(tmp_path / "x.vvp"), "-s", "aesf_aes_pipe"]
    cmd += [f"-Paesf_aes_pipe.{k}={v}" for k, v in params.items()]
    cmd += [str(root / s) for s in rtl_sources("aesf_aes_pipe")]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode != 0
    assert "aesf_illegal_parameter_value" in p.stdout + p.stderr
    if "ROUNDS" not in params:          # the registry helper rejects the same values with a clear error
        with pytest.raises(ValueError):
            pipe_core(params.get("KEY_BITS", 128), params.get("SBOX_IMPL", 0), params.get("PIPE_MASK", 0))


def test_legal_parameters_elaborate(tmp_path):
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    root = repo_root()
    cmd = ["iverilog", "-g2012", "-o", str(tmp_path / "x.vvp"), "-s", "aesf_aes_pipe",
           "-Paesf_aes_pipe.PIPE_MASK=7", "-Paesf_aes_pipe.SBOX_IMPL=1", "-Paesf_aes_pipe.KEY_BITS=256"]
    cmd += [str(root / s) for s in rtl_sources("aesf_aes_pipe")]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
