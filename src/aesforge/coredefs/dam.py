# SPDX-License-Identifier: Apache-2.0
"""Registry entries: the seed-003 system (hw/dam): DMA + AES + memory controller ("DAM") behind the paper's
ASBUS (``aesf_dam_asbus``, the ADAM) or AXI4 (``aesf_dam_axi``, the XDAM), W = 32, 64 and 128 bits. Every
core is the one top ``aesf_dam`` with the front end selected by its BUS parameter (0 ASBUS, 1 AXI4).
The bus-free core is ``aesf_dam_core``; both front ends carry the AXI4-Lite control registers and the memory port.
AES-128 ECB (KEY_BITS is an instance parameter: 192/256 work too), encrypt on the read path, decrypt on the
write path, copy/encrypt/decrypt memory-to-memory DMA. The registered engines (issue 21): block-ROM S-boxes
(SBOX_IMPL 4, 80 ECP5 DP16KD per engine), a register after (Inv)MixColumns (MIX_REG 1) and after the initial
AddRoundKey (IN_REG 1): LATENCY 3 Nr + 1 = 31."""
import dataclasses

from aesforge.cores import CORES, Core, register


_COMMON = dict(
    folder="hw/dam",
    key_sizes=(128,),
    modes=("ecb",),
    directions=("encrypt", "decrypt"),
    bench="aesforge.sim.benches.dam",
    perf="aesforge.sim.perf_dam:measure",
    block_bits=128,
    top="aesf_dam",
    # nextpnr defaults (router1). With the composite-field S-boxes (66k of the 84k LUT4) router1 had not converged
    # after 30 min and the cores used router2; with the block-ROM S-boxes (about 19k LUT4, 160 DP16KD) router2 did
    # not converge for dam_axi32 (2,283 overused wires at iteration 29) while router1 routes both buses (issue 21).
    # --placer-heap-timingweight 30 (nextpnr's default 10; issue 21, step 12, hw/dam/README.md): the placer weighs
    # timing higher against wire length; scripts/pnr_block.py, LFE5U-85F, seeds 1 / 2 / 3: dam_asbus32 97.31 /
    # 91.86 / 98.69 MHz against 90.26 / 92.36 / 89.86 with the default, dam_axi128 92.02 / 93.91 / 96.77 against
    # 91.29 / 71.60 / 82.22; on the step-11 netlist dam_asbus32 83.40 / 96.43 / 94.04 against 91.45 / 86.54 / 82.87.
    # dam_axi128: --placer-heap-timingweight 50 (issue 21, step 36, hw/dam/README.md Timing): on step 33's netlist
    # LFE5U-85F seeds 1 / 2 / 3 104.19 / 105.75 / 95.45 MHz against 98.58 / 100.92 / 91.17 with 30. dam_asbus128
    # with 50: 91.41 / 85.62 / 95.56 against 89.42 / 101.82 / 100.93, so it keeps 30, as do the 32- / 64-bit cores
    # (not placed with 50).
    pnr_args=("--placer-heap-timingweight", "30"),
    # the 160 S-box block RAMs pinned round by round in pipeline order (aesforge.flow.pins.dam_rounds; issue 21,
    # hw/dam/README.md Timing): step 17's netlist, seed 1, dam_asbus32 104.37 MHz against 82.24 unpinned; step 19,
    # pinned, seeds 1 / 2 / 3: dam_asbus32 100.84 / 100.67 / 99.87 MHz, dam_axi128 112.07 / 94.30 / 93.91 (the
    # make report rows of all six: results/dam_*.json)
    pnr_pins="dam_rounds",
    report_hook="repro.dam.run:reproduce",    # docs/dam_reproduce.md from the rows of all six (make report)
    claims="seed 003 (Virtex-6, Table II/IV): 32/64/128-bit ADAM 24,822 / 21,319 / 17,060 slices at "
           "183.6 / 176.2 / 184.2 MHz; XDAM 26,106 / 22,603 / 18,344 slices at 133.0 / 131.5 / 130.2 MHz; "
           "ASBUS cipher tests take 76.7 / 64.3 / 51.2 % of the AXI cycles",
)

register(Core(
    name="dam_asbus32", rank=70,
    interface="ASBUS slave (2 masters: req/gnt, ADDR/WR/LEN, WD_VLD, RESP; linear, block, AES-state modes) + "
              "AXI4-Lite control + req/gnt memory port",
    params={"BUS": 0, "W": 32, "MEM_AW": 8, "NM": 2, "SBOX_IMPL": 4, "MIX_REG": 1, "IN_REG": 1},
    summary="seed 003 ADAM: DMA + pipelined AES-128 enc/dec + memory controller on a 32-bit ASBUS",
    **_COMMON,
))
register(Core(
    name="dam_axi32", rank=73,
    interface="AXI4 slave (INCR bursts; cipher window at 0x8000_0000) + AXI4-Lite control + req/gnt memory port",
    params={"BUS": 1, "W": 32, "MEM_AW": 8, "SBOX_IMPL": 4, "MIX_REG": 1, "IN_REG": 1},
    summary="seed 003 XDAM: DMA + pipelined AES-128 enc/dec + memory controller on a 32-bit AXI4",
    **_COMMON,
))
for _bus, _rank0 in (("asbus", 70), ("axi", 73)):
    _base = CORES[f"dam_{_bus}32"]
    for _i, _w in ((1, 64), (2, 128)):
        register(dataclasses.replace(_base, name=f"dam_{_bus}{_w}", rank=_rank0 + _i,
                                     params={**_base.params, "W": _w},
                                     pnr_args=("--placer-heap-timingweight", "50" if (_bus, _w) == ("axi", 128) else "30"),
                                     summary=_base.summary.replace("32-bit", f"{_w}-bit"), claims=""))
