# SPDX-License-Identifier: Apache-2.0
"""Cycle figures of a core, measured in RTL simulation (used by `make report`; never typed by hand).

For a block-cipher (ECB) core, per supported key size:
  latency_cycles     `cycles` of a one-block vector (first input handshake to last output handshake)
  cycles_per_block   steady-state cost of one more block: (cycles(N blocks) - cycles(1 block)) / (N - 1)
  key_load_cycles    `key_cycles` of the key load (key handshake to key ready)
Every output is checked against the golden model, so a wrong core cannot report figures.
"""
from __future__ import annotations

import random

from aesforge import cores as _cores
from aesforge.check import check
from aesforge.sim.runner import run_batch

N_BLOCKS = 16


def measure(core_name: str, sim: str = "icarus") -> dict:
    core = _cores.get(core_name)
    if core.perf:
        import importlib

        mod, _, fn = core.perf.partition(":")
        return getattr(importlib.import_module(mod), fn or "measure")(core_name, sim=sim)
    if "ecb" not in core.modes:
        raise ValueError(f"no cycle measurement defined for core {core.name} (modes {core.modes})")
    rng = random.Random(2024)
    vecs = []
    for kbits in core.key_sizes:
        key = rng.randbytes(kbits // 8).hex()
        for op in core.directions:
            field = "pt" if op == "encrypt" else "ct"
            for n in (1, N_BLOCKS):
                # one key per key size: the first vector of each size loads it (key_cycles)
                vecs.append({"id": f"k{kbits}-{op}-{n}", "op": op, "mode": "ecb", "key": key,
                             field: rng.randbytes(16 * n).hex()})
    res = run_batch(core.name, vecs, sim=sim, progress=False)
    rep = check(vecs, res)
    if rep.failed:
        raise RuntimeError(f"{core.name} gave wrong answers while measuring cycles: {rep.failures[:3]}")
    by_id = {r["id"]: r for r in res}
    per_key: dict = {}
    for kbits in core.key_sizes:
        entry = {}
        for op in core.directions:
            one, many = by_id[f"k{kbits}-{op}-1"], by_id[f"k{kbits}-{op}-{N_BLOCKS}"]
            cpb = (many["cycles"] - one["cycles"]) / (N_BLOCKS - 1)
            entry[op] = {"latency_cycles": one["cycles"], "cycles_per_block": cpb}
        first = by_id[f"k{kbits}-{core.directions[0]}-1"]
        entry["key_load_cycles"] = first["key_cycles"]
        per_key[kbits] = entry
    k0 = min(core.key_sizes)
    return {
        "cycles_per_block": per_key[k0]["encrypt"]["cycles_per_block"],
        "latency_cycles": per_key[k0]["encrypt"]["latency_cycles"],
        "key_load_cycles": {k: v["key_load_cycles"] for k, v in per_key.items()},
        "per_key_size": per_key,
        "headline_key_bits": k0,
        "simulator": sim,
        "method": f"aesforge.sim.perf: 1-block and {N_BLOCKS}-block ECB vectors at full speed, checked vs model",
    }
