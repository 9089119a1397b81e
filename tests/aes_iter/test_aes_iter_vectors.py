# SPDX-License-Identifier: Apache-2.0
"""aes_iter RTL through `aesforge sim` (the batch harness): every CAVP ECB KAT + MMT vector, both simulators,
exact cycle counts at full speed, random stalls on every valid/ready, and error lines for bad input."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from aesforge.check import check
from aesforge.cores import get
from aesforge.sim.runner import run_batch

CORE = get("aes_iter")
NR = {16: 10, 24: 12, 32: 14}
# Key-expansion latency (key handshake edge -> first cycle with key_ok_o high) = Nr, as documented in
# hw/aes_iter/README.md (one round key per cycle after the handshake edge writes round key 0).
KEY_CYCLES = NR


def ecb_vectors() -> list[dict]:
    return CORE.ci_vectors()


# every vector on Verilator in make test; on Icarus (about 50 s) in make test-full, the MMT files with random stalls
# below run on Icarus in make test
@pytest.mark.parametrize("sim", [pytest.param("icarus", marks=pytest.mark.full), "verilator"])
def test_all_ecb_kat_mmt(sim):
    vecs = ecb_vectors()
    files = {v["id"].split(":")[0] for v in vecs}
    # every CAVP ECB KAT and MMT file, all three key sizes, both directions
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    assert {len(v["key"]) // 2 for v in vecs} == {16, 24, 32}
    assert any("MMT" in f for f in files) and any("KeySbox" in f for f in files), files
    res = run_batch("aes_iter", vecs, sim=sim, jobs=1, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    # exact cycle accounting at full speed
    for v, r in zip(vecs, res):
        klen = len(v["key"]) // 2
        nblk = len(v["pt" if v["op"] == "encrypt" else "ct"]) // 32
        assert r["cycles"] == NR[klen] * nblk + 1, (v["id"], r["cycles"])
        assert r["key_cycles"] in (0, KEY_CYCLES[klen]), (v["id"], r["key_cycles"])  # 0: key reused
    loaded = {len(v["key"]) // 2 for v, r in zip(vecs, res) if r["key_cycles"]}
    assert loaded == {16, 24, 32}


@pytest.mark.parametrize("stall", [0.5, 0.9])
def test_mmt_random_stalls(stall):
    """Multi-block messages with random idle cycles on in_valid and back-pressure on out_ready."""
    vecs = [v for v in ecb_vectors() if "MMT" in v["id"]]
    assert len(vecs) >= 60
    res = run_batch("aes_iter", vecs, sim="icarus", jobs=1, stall=stall, seed=7, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]


def test_bad_input_gives_error_lines(tmp_path):
    """Every bad vector is answered by an error line; good vectors around it still run; order is kept."""
    good = {"id": "good", "op": "encrypt", "mode": "ecb", "key": "000102030405060708090a0b0c0d0e0f",
            "pt": "00112233445566778899aabbccddeeff"}
    lines = [
        json.dumps({**good, "id": "gcm", "mode": "gcm", "iv": "00" * 12}),
        json.dumps({**good, "id": "badhex", "pt": "zz" * 16}),
        json.dumps({**good, "id": "partial", "pt": "00" * 15}),
        json.dumps({**good, "id": "key20", "key": "00" * 20}),
        json.dumps({k: v for k, v in good.items() if k != "op"} | {"id": "noop"}),
        "{not json",
        json.dumps(good),
        json.dumps(good),  # duplicate id
    ]
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join(lines) + "\n")
    cmd = [sys.executable, "-m", "aesforge.cli", "sim", "--core", "aes_iter", "--vectors", str(inp),
           "--out", str(out), "--quiet"]
    assert subprocess.run(cmd, capture_output=True).returncode == 0
    res = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(res) == len(lines)
    errs = [r.get("error", "") for r in res]
    assert "does not support mode gcm" in errs[0]
    assert "not valid hex" in errs[1]
    assert "whole number of 16-byte blocks" in errs[2]
    assert "16, 24 or 32 bytes" in errs[3]
    assert "'op'" in errs[4]
    assert "not valid JSON" in errs[5]
    assert res[6] == {"id": "good", "ct": "69c4e0d86a7b0430d8cdb78070b4c55a", "cycles": 11,
                      "key_cycles": res[6]["key_cycles"]}
    assert "duplicate id" in errs[7]
    # aesforge check counts the error lines as failures and exits non-zero
    chk = subprocess.run([sys.executable, "-m", "aesforge.cli", "check", "--vectors", str(inp),
                          "--results", str(out)], capture_output=True, text=True)
    assert chk.returncode == 1
    assert "1 passed, 7 failed" in chk.stdout
