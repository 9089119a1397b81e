# SPDX-License-Identifier: Apache-2.0
"""Registry entries: the multi-lane pipelined AES-GCM (hw/gcm_lanes, seed 004), the bus-free core
`aesf_gcm_lanes` and its AXI4-Stream + AXI4-Lite front end `aesf_gcm_lanes_axi`. The AES key size is a
per-instance parameter (KEY_BITS). `gcm_lanes` is the paper's N = 2; `gcm_lanes_n1` and `gcm_lanes_n4` are the
same RTL with 1 and 4 lanes, `gcm_lanes_256` and `gcm_lanes_n1_256` N = 2 and N = 1 with AES-256 keys, all
registered for the figures; `gcm_lanes_axi` is `gcm_lanes` behind the AXI front end (bench
aesforge.sim.benches.gcm_lanes_axi; protocol tests in tests/gcm_lanes/test_gcm_lanes_axi.py)."""
import dataclasses

from aesforge.cores import CORES, Core, register


register(Core(
    name="gcm_lanes",
    rank=60,
    top="aesf_gcm_lanes",
    folder="hw/gcm_lanes",
    interface="bus-free valid/ready beats of N blocks: key, command (lengths, direction, tag length), "
              "IV/AAD/text/tag beats in, text beats out, done/tag/auth_fail/err",
    key_sizes=(128,),
    modes=("gcm",),
    directions=("encrypt", "decrypt"),
    iv_bits="any",
    tag_lens=(4, 8, 12, 13, 14, 15, 16),
    # PIPE_MASK 2 (register after SubBytes, as hw/aes_pipe) and GH_OUT_REG 1 (register after the GHASH reduction,
    # out of the chain feedback): timing (issue 5), latency only, N blocks per clock unchanged. SBOX_IMPL 2: the
    # S-boxes are block ROMs (two per ECP5 DP16KD / xc7 RAMB18) whose output register is the PIPE_MASK bit-1
    # register, so the lanes cost block RAM instead of LUTs (N = 2 with LUT S-boxes needs ~82k LUT4 and does not
    # fit the LFE5U-85F; the composite-field S-box saves ~1 % there).
    # ROM_LANES 1: lane 0 uses the block ROMs (80 DP16KD), lane 1 the LUT case ROM: with both lanes in block ROM
    # (160 of the LFE5U-85F's 208 DP16KD) nextpnr did not route N = 2 (router1 65k overused wires after 29 min,
    # router2 stalled at 15-17k after 55 min): the lanes' 128-bit buses to the block-RAM rows congest the fabric.
    # GH_PIPE_MASK 31 + GH_IN_MASK 20 (issue 19): every Karatsuba depth registered, operands of the 32-bit and 8-bit
    # sub-products too (D = 8): the GHASH unit alone then closes at 110 MHz on the LFE5U-85F speed 6 (85 MHz with the
    # former PIPE_MASK 13, D = 4), for 4 more cycles per message and (M - 1) x 4 more per key load.
    # SBOX_IMPL 4 (issue 19): the block ROMs with their own output register (DP16KD REGMODE OUTREG, instantiated by
    # aesf_sbox_rom under the flow's AESF_ECP5 define) and no fabric round register: the RAM's slow clock-to-output
    # (5.8 ns) ends in the RAM, every lane path runs RAM register -> MixColumns + AddRoundKey -> next RAM; same
    # latency as SBOX_IMPL 2 (scripts/pnr_block.py, N = 1, seed 1: 81.1 vs 75.3 MHz, same netlist otherwise; the
    # README's timing section, round 4, has the later steps and the make report figure).
    # IV_IN_CMD 1 + CQ_LOG2 4 (issue 19): a 96-bit IV comes with the command and up to 16 messages are queued, so
    # E_K(J0) and the keystream of the next messages are computed while earlier ones stream and their tags form:
    # back-to-back 64-byte messages then run at 4 cycles each (N = 2), limited by their input beats.
    # LUT_SBOX 3 (issue 19, eighth round): the lanes without block ROM (lane 1 at N = 2) use the Boyar-Peralta S-box
    # circuit instead of the LUT case ROM (same two stages per round, no PFUMX / L6MUX21 wide multiplexers). Seed 1,
    # LFE5U-85F, same RTL otherwise: router2 routed it in 1,647 s (40.6 MHz); with the case ROM it had not converged
    # after the flow's 3,600 s (README, timing section, eighth round).
    # ROM_LANES 2 + PIPE_MASK 6 + pnr_pins lane_rounds (issue 19, fifteenth / sixteenth rounds): both lanes in block
    # ROM after all, each with a register after MixColumns as gcm_lanes_n1, their 160 DP16KD pinned like the DAM's
    # two engines (lane 0 on EBR rows 46 / 22, lane 1 on 70 / 82) and placed with a stronger timing weight: router2
    # routes it (the unpinned ROM_LANES 2 never routed, see above); make report, median of 3 seeds: 46.85 MHz on the
    # LFE5U-85F against the former ROM_LANES 1 / PIPE_MASK 2's 37.49 (one seed), 70.63 MHz on the LFE5UM5G-85F, in
    # 58 % of the part's slices instead of 85 % (README, timing section); 10 cycles more latency per message (3
    # stages per round instead of 2).
    params={"N": 2, "KEY_BITS": 128, "SBOX_IMPL": 4, "PIPE_MASK": 6, "GH_ORDER": 4, "GH_PIPE_MASK": 31,
            "GH_IN_MASK": 20, "GH_OUT_REG": 1, "KS_LOG2": 5, "ROM_LANES": 2, "LUT_SBOX": 3, "IV_IN_CMD": 1,
            "CQ_LOG2": 4},
    bench="aesforge.sim.benches.gcm_lanes",
    block_bits=128,
    perf="aesforge.sim.perf_lanes:measure",
    summary="Multi-lane (N = 2) pipelined AES-128-GCM, Karatsuba GHASH with H powers, encrypt + decrypt (seed 004)",
    claims="seed 004 (Virtex-5): 2 blocks/clock, 57 Gbps at 223 MHz",
    # nextpnr's router2 for N >= 2: router1 had not converged after 29 min on N = 2 (65k overused wires left). N = 1
    # keeps router1, which routes it in minutes and faster than router2 (52.8 vs 41.8 MHz, same netlist).
    # --placer-heap-timingweight 30 (nextpnr's default 10): with the pinned block ROMs the placer weighs timing
    # over wire length more (issue 19, fifteenth round).
    pnr_args=("--router", "router2", "--placer-heap-timingweight", "30"),
    pnr_pins="lane_rounds",
    # the README's table per configuration (hw/gcm_lanes/README.md, Results), from results/gcm_lanes*.json
    report_hook="aesforge.coredefs.gcm_lanes_docs:readme_table",
))
_BASE = CORES["gcm_lanes"]
for _n, _rank in ((1, 61), (4, 62)):
    # ROM_LANES = N: N = 1 is all block ROM (80 DP16KD); N = 4 (320 DP16KD) fits no ECP5 either way
    # N = 1: PIPE_MASK 6 (issue 19, ninth round), a register after MixColumns as well: with the control paths one
    # beat ahead the worst path was inside a round, block-ROM register -> MixColumns + AddRoundKey -> the next
    # round's block-ROM address, 9.4 of its 11.1 ns routing between block-RAM rows (90.3 MHz, seed 1); the register
    # halves that route (93.3 MHz, the worst path back in control) for 10 cycles of latency (3 stages per round).
    # N = 1: its 80 block ROMs pinned round by round in pipeline order (aesforge.flow.pins.lane_rounds; issue 19,
    # twelfth round: seeds 1 / 2 / 3 at 91.08 / 88.28 / 96.14 MHz against 85.90 / 84.04 / 91.18 unpinned, the same
    # netlist; no worst path touches a lane either way).
    register(dataclasses.replace(_BASE, name=f"gcm_lanes_n{_n}", rank=_rank,
                                 params={**_BASE.params, "N": _n, "ROM_LANES": _n,
                                         **({"PIPE_MASK": 6} if _n == 1 else {})},
                                 summary=f"gcm_lanes with N = {_n} lane(s) ({_n} block(s) per clock)", claims="",
                                 pnr_args=() if _n == 1 else _BASE.pnr_args,
                                 pnr_pins="lane_rounds" if _n == 1 else ""))

# AES-256 (14 rounds per lane, 8-word key schedule): MACsec GCM-AES-256 / GCM-AES-XPN-256 is what line cards deploy.
for _src, _name, _rank in (("gcm_lanes", "gcm_lanes_256", 63), ("gcm_lanes_n1", "gcm_lanes_n1_256", 64)):
    _c = CORES[_src]
    _n = _c.params["N"]
    register(dataclasses.replace(
        # (PIPE_MASK 6 with 14 rounds: L = 1 + 14 x 3 = 43 beats, so the keystream FIFO needs 2^6 entries to keep one
        # beat per clock; with KS_LOG2 5 the first measurement gave 1.4 cycles per block)
        # (pnr_pins "": the AES-256 lane pinned as gcm_lanes_n1's, 112 block ROMs on EBR rows 46 / 70 / 82, placed
        # seeds 1 / 2 at 78.38 / 85.46 MHz on the LFE5U-85F against 100.34 / 79.34 unpinned: no consistent gain, and
        # router1 took 33 min per seed instead of 10; hw/gcm_lanes/README.md, timing section)
        # (N = 2: ROM_LANES 1, two AES-256 lanes in block ROM need 224 DP16KD, the LFE5U-85F has 208; ROM_ROUNDS
        # 0xFFF puts lane 1's rounds 1-12 in the 96 block RAMs left, rounds 13-14 in Boyar-Peralta LUT S-boxes:
        # with lane 1 all in LUTs the core took 97 % of the part's LUT4 and did not place, issue 19)
        _c, name=_name, rank=_rank, key_sizes=(256,), pnr_pins="",
        params={**_c.params, "KEY_BITS": 256, **({"KS_LOG2": 6} if _c.params["PIPE_MASK"] == 6 else {}),
                **({"ROM_LANES": 1, "ROM_ROUNDS": 0xFFF} if _n == 2 else {})}, claims="",
        summary=f"{_src} (N = {_n}) with AES-256 keys (KEY_BITS 256, 14 rounds per lane): MACsec GCM-AES-256 / "
                f"GCM-AES-XPN-256, what line cards deploy"))

# The AXI front end (hw/gcm_lanes/README.md, "AXI front end"): gcm_lanes' datapath parameters (the AXI top passes them
# all, ROM_LANES included, to the core) plus a 16-beat plaintext buffer for the buffered decrypt mode. It runs one
# frame at a time with the IV in the frame: its core has IV_IN_CMD 0 and a 2-message queue (set in the AXI top).
register(dataclasses.replace(
    _BASE, name="gcm_lanes_axi", rank=65, top="aesf_gcm_lanes_axi",
    sources=(),   # derived again for the new top
    interface="AXI4-Lite control (KEYi, CFG, IV_LEN, AAD_LEN, TXT_LEN, CTRL, STATUS, TAGi; irq_o) + AXI4-Stream "
              "128N-bit s_axis frame (IV / AAD / text / tag segments by tuser, tkeep, tlast) in, m_axis frame "
              "(text, then a status beat: tag or status byte) out",
    params={**{k: v for k, v in _BASE.params.items() if k not in ("IV_IN_CMD", "CQ_LOG2")}, "BUF_LOG2": 4},
    bench="aesforge.sim.benches.gcm_lanes_axi",
    summary="gcm_lanes (N = 2, AES-128) behind AXI4-Stream (256-bit) + AXI4-Lite: register map, framed streams, "
            "buffered decrypt (16 beats) that releases plaintext only after PASS",
    claims=""))
