# SPDX-License-Identifier: Apache-2.0
"""The gcm_seq register tops (issue 23): aesf_gcm_seq_axil / _apb / _wb with the PyPI bus models.

* tests/gcm_seq/gcm_seq_bus_tb.py (cocotb): register sweep against hw/gcm_seq/gcm_seq_regs.json, messages against the
  golden model, the failed-tag policy (no plaintext readable, buffer wiped), error codes, PUSH / POP out of turn,
  zeroize in the middle of a buffered decryption, interrupt;
* the CAVP GCM CI subset (encrypt, decrypt with FAIL vectors, IV 8 / 96 / 1024 bits, every tag length) through
  `aesforge sim` (bench aesforge.sim.benches.gcm_seq_bus) checked by `aesforge check`.

In `make test` (Icarus, ~25 s in all): the cocotb tests per bus (AXI and APB with 50 % idle cycles / pauses), a
40-vector CAVP sample per bus at 50 % stalls. `full`: Verilator, BUF_LOG2 1 and the whole CI subset per bus.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from aesforge import cores
from aesforge.check import check
from aesforge.sim.runner import run_batch, run_cocotb_module

BUSES = ("axil", "apb", "wb")


def _tb(bus: str, sim: str, params: dict, stall: float, monkeypatch, testcase: list[str] | None = None) -> None:
    monkeypatch.setenv("AESFORGE_STALL", str(stall))
    tests, failed = run_cocotb_module(f"gcm_seq_{bus}", "gcm_seq_bus_tb", sim=sim, params=params,
                                      pythonpath=[str(Path(__file__).parent)], testcase=testcase)
    assert tests == (len(testcase) if testcase else 3)
    assert failed == 0


@pytest.mark.parametrize("bus,stall", [("axil", 0.5), ("apb", 0.5), ("wb", 0.0)])
def test_protocol_icarus(bus, stall, monkeypatch):
    _tb(bus, "icarus", {}, stall, monkeypatch)


@pytest.mark.full
@pytest.mark.parametrize("bus", BUSES)
@pytest.mark.parametrize("sim,params,stall", [("verilator", {}, 0.7), ("icarus", {"BUF_LOG2": 3}, 0.3)])
def test_protocol_full(bus, sim, params, stall, monkeypatch):
    _tb(bus, sim, params, stall, monkeypatch)


MASKED = {"DIGIT": 1, "AES_IMPL": 2}
"""The masked engine behind the registers (issue 24): ID.MASKED, SEED0/1, CTRL.RESEED (the small configuration of
gcm_seq_d1_dom)."""


def test_protocol_masked(monkeypatch):
    """make test: the register sweep (ID.MASKED, SEEDi write-only, RESEED accepted while BUSY) and the zeroize /
    interrupt test on AXI4-Lite, Icarus; the messages with reseeds in between run in make test-full."""
    _tb("axil", "icarus", MASKED, 0.5, monkeypatch, ["register_sweep", "zeroize_and_irq"])


@pytest.mark.full
@pytest.mark.parametrize("bus,sim,stall", [("axil", "icarus", 0.5), ("apb", "icarus", 0.3), ("wb", "icarus", 0.0),
                                           ("axil", "verilator", 0.7), ("apb", "verilator", 0.0),
                                           ("wb", "verilator", 0.5)])
def test_protocol_masked_full(bus, sim, stall, monkeypatch):
    _tb(bus, sim, MASKED, stall, monkeypatch)


def _check(name: str, vecs: list[dict], **kw) -> list[dict]:
    res = run_batch(name, vecs, jobs=1, progress=False, **kw)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    for v, r in zip(vecs, res):
        if r.get("auth_ok") is False:
            assert "pt" not in r
    return res


@pytest.mark.parametrize("bus", BUSES)
def test_cavp_sample(bus):
    vecs = random.Random(1).sample(cores.get("gcm_seq").ci_vectors(), 40)
    assert {v["op"] for v in vecs} == {"encrypt", "decrypt"}
    assert any(v.get("expect", {}).get("auth_ok") is False for v in vecs)
    assert {len(v["key"]) // 2 for v in vecs} == {16, 24, 32}
    res = _check(f"gcm_seq_{bus}", vecs, sim="icarus", stall=0.5, seed=2)
    assert any(r.get("auth_ok") is False for r in res)


@pytest.mark.full
@pytest.mark.parametrize("bus", BUSES)
@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_cavp_ci_full(bus, sim):
    _check(f"gcm_seq_{bus}", cores.get("gcm_seq").ci_vectors(), sim=sim, stall=0.3 if sim == "icarus" else 0.0)


@pytest.mark.full
@pytest.mark.parametrize("bus", BUSES)
def test_cavp_ci_masked(bus):
    """The whole CI subset through each bus on the masked engine (reseeded after every reset by the bench)."""
    _check(f"gcm_seq_{bus}", cores.get("gcm_seq").ci_vectors(), sim="verilator", stall=0.3, params=MASKED)


def test_registry():
    for bus in BUSES:
        c = cores.get(f"gcm_seq_{bus}")
        assert c.top == f"aesf_gcm_seq_{bus}" and c.bench == "aesforge.sim.benches.gcm_seq_bus"
        assert c.sources[-1] == f"hw/gcm_seq/rtl/aesf_gcm_seq_{bus}.v"
        assert c.params["BUF_LOG2"] == 2 and c.tag_lens == cores.get("gcm_seq").tag_lens
