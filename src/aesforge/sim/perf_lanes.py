# SPDX-License-Identifier: Apache-2.0
"""Cycle figures of the multi-lane GCM core (hw/gcm_lanes) for `make report`, measured in RTL simulation through
`aesforge sim` and checked against the golden model (never typed):

  cycles_per_block     long messages: (cycles(8 KiB) - cycles(4 KiB)) / 256 blocks (1/N at full rate)
  overhead_cycles      per-message overhead on long messages: cycles(4 KiB) - 4096 / (16 N) beats
  msg64_cycles         a 64-byte message, 96-bit IV, no AAD: command handshake -> done_o (= latency_cycles)
  key_load_cycles      key handshake -> key_ok_o (round keys, H through a lane, H powers)
  stream64_cycles      an endless stream of messages with 64-byte text, 16-byte AAD, 96-bit IV, one key: mean cycles
                       from one done_o to the next, the bench driving the messages as one overlapping stream
                       (commands queued ahead, beats back to back, monitors in order; bench `stream` field)
  stream64_share       that stream's text bit rate / the long-message rate (128 N bits per clock)
  imix_cycles          the same for an IMIX stream (texts of 64 / 576 / 1500 bytes, 7:4:1, 16-byte AAD): mean
                       cycles per message; imix_share its text bit rate / the long-message rate
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
    aad = rng.randbytes(16).hex()
    stream = [(f"s64_{i}", 64) for i in range(17)]
    imix = [(f"imix_{i}", nb) for i, nb in enumerate(([64] * 7 + [576] * 4 + [1500]) * 2 + [64])]
    for grp, lst in (("s64", stream), ("imix", imix)):
        for vid, nb in lst:
            vecs.append({"id": vid, "op": "encrypt", "mode": "gcm", "key": key, "iv": rng.randbytes(12).hex(),
                         "aad": aad, "pt": rng.randbytes(nb).hex(), "stream": grp})
    res = run_batch(core.name, vecs, sim=sim, progress=False)
    rep = check(vecs, res)
    if rep.failed:
        raise RuntimeError(f"{core.name} gave wrong answers while measuring cycles: {rep.failures[:3]}")
    c = {r["id"]: r for r in res}
    cpb = (c["pt8192"]["cycles"] - c["pt4096"]["cycles"]) / 256
    long_bits = 128 * n                                   # text bits per clock on long messages

    def period(ids: list[str]) -> float:               # mean done-to-done cycles over the stream
        return (c[ids[-1]]["done_cycle"] - c[ids[0]]["done_cycle"]) / (len(ids) - 1)

    # The AXI top's bench (aesforge.sim.benches.gcm_lanes_axi) runs one frame at a time (registers, START, one
    # s_axis frame, the m_axis frame): no overlapping stream, so no done-to-done period; its results carry no
    # done_cycle and the stream figures are not defined for it.
    streams = all("done_cycle" in c[vid] for vid, _ in stream + imix)
    s64 = period([vid for vid, _ in stream]) if streams else None
    imx = period([vid for vid, _ in imix]) if streams else None
    imix_bits = 8 * sum(nb for _, nb in imix[:-1]) / (len(imix) - 1)
    return {
        "lanes": n,
        "cycles_per_block": cpb,
        "overhead_cycles": c["pt4096"]["cycles"] - 4096 // (16 * n),
        "msg64_cycles": c["pt64"]["cycles"],
        "latency_cycles": c["pt64"]["cycles"],
        "key_load_cycles": {kbits: c["pt64"]["key_cycles"]},
        "stream64_cycles": round(s64, 2) if streams else None,
        "stream64_share": round(512 / s64 / long_bits, 4) if streams else None,
        "imix_cycles": round(imx, 2) if streams else None,
        "imix_share": round(imix_bits / imx / long_bits, 4) if streams else None,
        "headline_key_bits": kbits,
        "simulator": sim,
        "method": "RTL simulation (aesforge.sim.perf_lanes): cycles/block = extra cycles per 128-bit block between "
                  "a 4 KiB and an 8 KiB message; latency = a 64-byte message, command handshake -> done_o; streams: "
                  "done-to-done cycles of back-to-back overlapping messages (64-byte / IMIX texts, 16-byte AAD)"
                  + ("" if streams else "; the AXI top runs one frame at a time: cycles = CTRL.START response -> "
                     "status beat, key load = KEY_LOAD response -> STATUS KEY_OK, no stream figures"),
    }
