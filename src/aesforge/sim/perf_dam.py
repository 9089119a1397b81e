# SPDX-License-Identifier: Apache-2.0
"""Cycle figures of the seed-003 DAM (hw/dam) for `make report`, measured in RTL simulation through
`aesforge sim` (aesforge.sim.benches.dam) and checked against the golden model (never typed):

  cycles_per_block  steady state of an ASBUS state-mode read / AXI cipher-window read burst:
                    (cycles(16 states) - cycles(8 states)) / 8 = 128 / W (one bus beat per clock)
  latency_cycles    one state: read command -> last ciphertext beat (memory, encrypt pipeline, bus)
  key_load_cycles   KEY_CTRL LOAD write -> STATUS.KEY_OK seen over AXI4-Lite (polling included)

The paper's transfer-level cycle counts (linear / block / cipher tests against Table I) are measured by
aesforge.sim.dam_uvm.measure and reported by `aesforge report` in docs/dam_reproduce.md.
"""
from __future__ import annotations

import random

from aesforge import cores as _cores
from aesforge.check import check
from aesforge.model import aes
from aesforge.sim.runner import run_batch


def measure(core_name: str, sim: str = "icarus") -> dict:
    core = _cores.get(core_name)
    kbits = core.key_sizes[0]
    rng = random.Random(2026)
    key = rng.randbytes(kbits // 8)
    vecs = []
    for n in (1, 8, 16):
        pt = rng.randbytes(16 * n)
        vecs.append({"id": f"enc{n}", "op": "encrypt", "mode": "ecb", "key": key.hex(), "pt": pt.hex(),
                     "expect": {"ct": aes.ecb_encrypt(key, pt).hex()}})
    res = run_batch(core.name, vecs, sim=sim, progress=False)
    rep = check(vecs, res)
    if rep.failed:
        raise RuntimeError(f"{core.name} gave wrong answers while measuring cycles: {rep.failures[:3]}")
    c = {r["id"]: r for r in res}
    return {
        "cycles_per_block": (c["enc16"]["cycles"] - c["enc8"]["cycles"]) / 8,
        "latency_cycles": c["enc1"]["cycles"],
        "key_load_cycles": {kbits: c["enc1"]["key_cycles"]},
        "headline_key_bits": kbits,
        "bus_bits": int(core.params.get("W", 32)),
    }
