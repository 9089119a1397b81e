# SPDX-License-Identifier: Apache-2.0
"""Test-only registry entries of gcm_lanes (same RTL, other HDL parameters), shared by test_gcm_lanes_vectors and
test_gcm_lanes_streams so equal parameters share one simulator build.

A variant's parameters are given against BASE, a fixed N = 2 build (one block-ROM lane, one Boyar-Peralta lane,
PIPE_MASK 2: the registered gcm_lanes until issue 19's sixteenth round), not against the registered `gcm_lanes`:
a change of the registered configuration then leaves every variant's build as it was, and the registered core is
tested by name ("gcm_lanes")."""
from __future__ import annotations

import dataclasses

from aesforge import cores

BASE = {"N": 2, "KEY_BITS": 128, "SBOX_IMPL": 4, "PIPE_MASK": 2, "GH_ORDER": 4, "GH_PIPE_MASK": 31, "GH_IN_MASK": 20,
        "GH_OUT_REG": 1, "KS_LOG2": 5, "ROM_LANES": 1, "LUT_SBOX": 3, "IV_IN_CMD": 1, "CQ_LOG2": 4}


def variant(key_bits: int, **params) -> str:
    """Register (once) and return the name of BASE with `key_bits` and `params`."""
    name = f"gcm_lanes_t{key_bits}_" + "_".join(f"{k}{v}" for k, v in sorted(params.items()))
    if name not in cores.CORES:
        core = cores.get("gcm_lanes")
        cores.register(dataclasses.replace(core, name=name, key_sizes=(key_bits,),
                                           params={**BASE, "KEY_BITS": key_bits, **params}))
    return name
