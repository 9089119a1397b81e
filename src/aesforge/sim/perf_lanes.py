# SPDX-License-Identifier: Apache-2.0
"""Cycle figures of the multi-lane GCM core (hw/gcm_lanes) for `make report`, measured in RTL simulation through
`aesforge sim` and checked against the golden model (never typed):

  cycles_per_block     long messages: (cycles(8 KiB) - cycles(4 KiB)) / 256 blocks (1/N at full rate)
  overhead_cycles      per-message overhead on long messages: cycles(4 KiB) - 4096 / (16 N) beats
  msg64_cycles         a 64-byte message, 96-bit IV, no AAD: command handshake -> done_o (= latency_cycles)
  key_load_cycles      key handshake -> key_ok_o (round keys, H through a lane, H powers)
"""
from __future__ import annotations

import random

from aesforge import cores as _cores
from aesforge.check import check
from aesforge.sim.runner import run_batch


def measure(core_name: str, sim: str = "icarus") -> dict:
    core = _cores.get(core_name)
    n = int(core.params.get("N", 2))
    kbits = core.key_sizes[0]
    rng = random.Random(2026)
    key, iv = rng.randbytes(kbits // 8).hex(), rng.randbytes(12).hex()
    vecs = [{"id": f"pt{nb}", "op": "encrypt", "mode": "gcm", "key": key, "iv": iv, "aad": "",
             "pt": rng.randbytes(nb).hex()} for nb in (64, 4096, 8192)]
    res = run_batch(core.name, vecs, sim=sim, progress=False)
    rep = check(vecs, res)
    if rep.failed:
        raise RuntimeError(f"{core.name} gave wrong answers while measuring cycles: {rep.failures[:3]}")
    c = {r["id"]: r for r in res}
    cpb = (c["pt8192"]["cycles"] - c["pt4096"]["cycles"]) / 256
    return {
        "lanes": n,
        "cycles_per_block": cpb,
        "overhead_cycles": c["pt4096"]["cycles"] - 4096 // (16 * n),
        "msg64_cycles": c["pt64"]["cycles"],
        "latency_cycles": c["pt64"]["cycles"],
        "key_load_cycles": {kbits: c["pt64"]["key_cycles"]},
        "headline_key_bits": kbits,
        "simulator": sim,
        "method": "RTL simulation (aesforge.sim.perf_lanes): cycles/block = extra cycles per 128-bit block between "
                  "a 4 KiB and an 8 KiB message; latency = a 64-byte message, command handshake -> done_o",
    }
