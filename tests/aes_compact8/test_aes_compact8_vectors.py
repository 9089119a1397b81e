# SPDX-License-Identifier: Apache-2.0
"""aes_compact8 RTL through `aesforge sim` (the batch harness): every CAVP ECB KAT + MMT AES-128 encrypt
vector on both simulators with exact cycle counts, random stalls on every valid/ready, and error lines for
input the core cannot take (other key sizes, decryption, malformed vectors)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from aesforge.check import check
from aesforge.cores import get
from aesforge.sim.runner import run_batch

CORE = get("aes_compact8")
# Cycle budget documented in hw/aes_compact8/README.md and the RTL header (full speed, clk_i edges):
BLOCK_CYCLES = 233      # back-to-back cost of one block: 16 in beats + 10 x 20 round cycles + 1 FIN + 16 out beats
FIRST_TO_LAST = 232     # one block: first in-beat handshake edge to last out-beat handshake edge
KEY_CYCLES = 15         # first key-beat handshake edge to the first cycle with key_ok_o high (16 beats)


def expected_cycles(nblk: int) -> int:
    return FIRST_TO_LAST + BLOCK_CYCLES * (nblk - 1)


# every vector on Verilator in make test; on Icarus (about 50 s) in make test-full, the MMT files with random stalls
# below run on Icarus in make test
@pytest.mark.parametrize("sim", [pytest.param("icarus", marks=pytest.mark.full), "verilator"])
def test_all_ecb_kat_mmt(sim):
    vecs = CORE.ci_vectors()
    files = {v["id"].split(":")[0] for v in vecs}
    # every CAVP ECB KAT and MMT file for AES-128 encryption
    assert {v["op"] for v in vecs} == {"encrypt"}
    assert {len(v["key"]) // 2 for v in vecs} == {16}
    assert files == {"ECBVarKey128", "ECBVarTxt128", "ECBKeySbox128", "ECBMMT128", "ECBGFSbox128"}, files
    res = run_batch("aes_compact8", vecs, sim=sim, jobs=1, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs) == 294
    for v, r in zip(vecs, res):
        nblk = len(v["pt"]) // 32
        assert r["cycles"] == expected_cycles(nblk), (v["id"], nblk, r["cycles"])
        assert r["key_cycles"] in (0, KEY_CYCLES), (v["id"], r["key_cycles"])  # 0: key reused
    assert max(len(v["pt"]) // 32 for v in vecs) == 10   # MMT: up to 10 blocks back-to-back
    assert BLOCK_CYCLES <= 337                          # the paper's figure


@pytest.mark.parametrize("stall", [0.5, 0.9])
def test_mmt_random_stalls(stall):
    """Multi-block messages with random idle cycles on every input beat (key and data) and random
    back-pressure on out_ready."""
    vecs = [v for v in CORE.ci_vectors() if "MMT" in v["id"] or "GFSbox" in v["id"]]
    assert len(vecs) == 17
    res = run_batch("aes_compact8", vecs, sim="icarus", jobs=1, stall=stall, seed=7, progress=False)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert all(r["cycles"] > expected_cycles(len(v["pt"]) // 32) for v, r in zip(vecs, res))


def test_bad_input_gives_error_lines(tmp_path):
    """Every vector the core cannot take is answered by an error line; good vectors around it still run."""
    good = {"id": "good", "op": "encrypt", "mode": "ecb", "key": "000102030405060708090a0b0c0d0e0f",
            "pt": "00112233445566778899aabbccddeeff"}
    lines = [
        json.dumps({**good, "id": "dec", "op": "decrypt", "ct": good["pt"]}),
        json.dumps({**good, "id": "k192", "key": "00" * 24}),
        json.dumps({**good, "id": "k256", "key": "00" * 32}),
        json.dumps({**good, "id": "gcm", "mode": "gcm", "iv": "00" * 12}),
        json.dumps({**good, "id": "partial", "pt": "00" * 15}),
        "{not json",
        json.dumps(good),
        json.dumps({**good, "id": "empty", "pt": ""}),
    ]
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join(lines) + "\n")
    cmd = [sys.executable, "-m", "aesforge.cli", "sim", "--core", "aes_compact8", "--vectors", str(inp),
           "--out", str(out), "--quiet"]
    assert subprocess.run(cmd, capture_output=True).returncode == 0
    res = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(res) == len(lines)
    errs = [r.get("error", "") for r in res]
    assert "does not support decrypt" in errs[0]
    assert "does not support AES-192" in errs[1]
    assert "does not support AES-256" in errs[2]
    assert "does not support mode gcm" in errs[3]
    assert "whole number of 16-byte blocks" in errs[4]
    assert "not valid JSON" in errs[5]
    assert res[6] == {"id": "good", "ct": "69c4e0d86a7b0430d8cdb78070b4c55a", "cycles": FIRST_TO_LAST,
                      "key_cycles": KEY_CYCLES}
    assert res[7] == {"id": "empty", "ct": "", "cycles": 0, "key_cycles": 0}  # no blocks: nothing to run
