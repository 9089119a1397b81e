#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Place and route one shared block (not a registered core) in the flow's serializer wrapper and print its
Fmax, size and critical path: the block-level timing experiments behind a core README's "Timing" section.

    .venv/bin/python scripts/pnr_block.py aesf_ghash_par '{"N": 1, "PIPE_MASK": 13, "OUT_REG": 1}' \
        --device um5g-85k --seed 1
    .venv/bin/python scripts/pnr_block.py core:gcm_lanes_n1 '{}' --device 85k --seed 2

A `core:NAME` top places a registered core with its registered parameters (updated by the JSON ones): one
device and seed at a time, without the xc7 synthesis of `make report` (for experiments and extra seeds).

Uses aesforge.flow.pnr.pnr_ecp5 (synth_ecp5 + nextpnr-ecp5, the same commands as `make report`); output folder
build/block/<top>-<device>-s<seed>-<params hash>. Not part of `make report` (the cores' figures come from there),
except with `--flow`:

    .venv/bin/python scripts/pnr_block.py core:dam_asbus32 '{}' --device 85k --seed 3 --flow

`--flow` (a registered core as registered: no parameter or option overrides) runs one of `make report`'s own
placement steps instead, in the report's cache (build/flow/<core>/<hash>/pnr_ecp5_<part>_s<seed>, the shared
pnr_wrap), so the seeds of a core can be placed one at a time or on several machines and a later `aesforge
report` with the same sources, seeds and parts reuses them ("cached") instead of placing them again.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from aesforge import cores  # noqa: E402
from aesforge.cores import Core  # noqa: E402
from aesforge.flow.cpath import path_table  # noqa: E402
from aesforge.flow.pnr import DEFAULT_FREQ_MHZ, DEVICES, pnr_ecp5  # noqa: E402
from aesforge.flow.report import _cached_step, _summ_pnr, flow_hash, pnr_step  # noqa: E402
from aesforge.paths import build_dir  # noqa: E402

BLOCKS = ("aesf_ghash_par", "aesf_gf128_mul_kara")   # shared blocks (sources: cores.rtl_sources)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("top", help=f"one of {sorted(BLOCKS)} or core:NAME (a registered core)")
    ap.add_argument("params", help="HDL parameters as JSON, e.g. '{\"N\": 1}'")
    ap.add_argument("--device", choices=sorted(DEVICES), default="85k")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--path", action="store_true", help="also print the critical path hop by hop")
    ap.add_argument("--synth-args", default=None, help="replace the core's extra synth_ecp5 options, e.g. '-nowidelut'")
    ap.add_argument("--pnr-args", default=None, help="replace the core's extra nextpnr options, e.g. '--tmg-ripup'")
    ap.add_argument("--freq", type=float, default=None, help="P&R target MHz (default: the flow's)")
    ap.add_argument("--pins", default=None, help="replace the core's placement pin hook (aesforge.flow.pins; '' = none)")
    ap.add_argument("--flow", action="store_true",
                    help="run make report's own placement step of a registered core (its cache; see above)")
    a = ap.parse_args()
    params = json.loads(a.params)
    tag = hashlib.sha256(json.dumps([params, a.synth_args, a.pnr_args] + ([a.pins] if a.pins is not None else [])
                                    + ([a.freq] if a.freq is not None else []),
                                    sort_keys=True).encode()).hexdigest()[:10]
    out = Path("build/block") / f"{a.top}-{a.device}-s{a.seed}-{tag}"
    if a.top.startswith("core:"):
        reg = cores.get(a.top[5:])
        params = {**reg.params, **params}
        core = dataclasses.replace(reg, params=params)    # keeps the core's recorded nextpnr / synth options
        out = Path("build/block") / f"{reg.name}-{a.device}-s{a.seed}-{tag}"
    elif a.top in BLOCKS:
        core = Core(name=f"block_{a.top}", top=a.top, folder="hw/common", interface="block",
                    key_sizes=(), modes=(), directions=(), params=params)
    else:
        ap.error(f"unknown top {a.top}")
    if a.synth_args is not None:
        core = dataclasses.replace(core, ecp5_synth_args=tuple(a.synth_args.split()))
    if a.pnr_args is not None:
        core = dataclasses.replace(core, pnr_args=tuple(a.pnr_args.split()))
    if a.pins is not None:
        core = dataclasses.replace(core, pnr_pins=a.pins)
    if a.flow:
        if not a.top.startswith("core:") or json.loads(a.params) or \
                any(v is not None for v in (a.synth_args, a.pnr_args, a.pins)):
            ap.error("--flow places a registered core as registered: core:NAME '{}' without overrides")
        freq = float(a.freq or DEFAULT_FREQ_MHZ)
        cdir = build_dir() / "flow" / core.name / flow_hash(core, freq)   # the report's folder for these sources
        cdir.mkdir(parents=True, exist_ok=True)
        step = pnr_step(a.device, a.seed)
        out, wrap = cdir / step, cdir / "pnr_wrap"
        r = _cached_step(cdir, step, lambda o: pnr_ecp5(core, o, freq_mhz=freq, seed=a.seed, include_core=False,
                                                        device=a.device, wrap_dir=wrap), core.name, _summ_pnr)
    else:
        # the wrapped synthesis, shared by every seed and part of the same sources, parameters and options (the
        # flow's hash covers the RTL and the flow code, so a changed source never reuses a stale netlist)
        wrap = Path("build/block") / f"{core.name}-wrap-{tag}-{flow_hash(core, a.freq or 0.0)}"
        r = pnr_ecp5(core, out, freq_mhz=a.freq, device=a.device, seed=a.seed, include_core=False, wrap_dir=wrap)
    print(json.dumps({"top": core.top, "params": params, "device": r["device"], "fmax_mhz": r["fmax_mhz"],
                      "lut4_sites": r["wrapped"]["lut4_equiv"], "ff": r["wrapped"]["cells"].get("TRELLIS_FF"),
                      "critical_path": r["critical_path"], "pnr_pins": r["pnr_pins"],
                      "out": str(out)}, indent=1))
    if a.path:
        print("\n".join(path_table(out, wrap)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
