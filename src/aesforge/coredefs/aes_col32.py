# SPDX-License-Identifier: Apache-2.0
"""Registry entries: the column-serial AES encryption core (hw/aes_col32), the engine of the sequential GCM core
(aesf_gcm_seq AES_IMPL = 1): one column per clock (aes_col32, the small configuration) and four (aes_col128, the
fast one). Same ports as aes_iter, so it uses the aes_iter bench."""
import dataclasses

from aesforge.cores import CORES, Core, register

register(Core(
    name="aes_col32",
    rank=12,
    top="aesf_aes_col32",
    folder="hw/aes_col32",
    interface="bus-free valid/ready: key port, block-in port, block-out port (as aes_iter, encrypt only)",
    key_sizes=(128, 192, 256),
    modes=("ecb",),
    directions=("encrypt",),
    bench="aesforge.sim.benches.aes_iter",
    params={"COLS": 1},
    summary="Compact AES-128/192/256 encryption, 32-bit column datapath (4 shared S-boxes), 4(Nr+1) cycles/block",
))

register(dataclasses.replace(
    CORES["aes_col32"], name="aes_col128", rank=13, params={"COLS": 4},
    summary="aes_col32 with COLS=4: 128-bit rounds, 16 S-boxes (4 shared with the key expansion), one-port round-key "
            "RAM; Nr cycles latency, Nr+1 cycles/block",
))

register(dataclasses.replace(
    CORES["aes_col32"], name="aes_col128_ed", rank=14, params={"COLS": 4, "DECRYPT": 1, "SBOX_IMPL": 2},
    directions=("encrypt", "decrypt"),
    interface="bus-free valid/ready: key port, block-in port (per-block direction), block-out port (as aes_iter)",
    summary="aes_col128 with DECRYPT=1, SBOX_IMPL=2: encrypt and decrypt, direction per block, 8 block RAMs holding "
            "16 forward/inverse S-boxes (4 shared with the key expansion) as the state register, one MixColumns "
            "per column for both directions; Nr+1 cycles/block",
))

register(dataclasses.replace(
    CORES["aes_col128_ed"], name="aes_col128_ed2", rank=15, params={"COLS": 4, "DECRYPT": 1, "SBOX_IMPL": 3},
    summary="aes_col128_ed with SBOX_IMPL=3: an S-box clock and a round clock per round (S-box output and round "
            "key registered); 2Nr+1 cycles/block",
))

register(dataclasses.replace(
    CORES["aes_col128_ed"], name="aes_col32_ed", rank=16, params={"COLS": 1, "DECRYPT": 1, "SBOX_IMPL": 0},
    summary="aes_col32 with DECRYPT=1: encrypt and decrypt, 32-bit column datapath, 4 forward/inverse LUT S-boxes "
            "shared with the key expansion; 4(Nr+1) cycles/block",
))

register(dataclasses.replace(
    CORES["aes_col128_ed"], name="aes_col128_ed3", rank=17, params={"COLS": 4, "DECRYPT": 1, "SBOX_IMPL": 4},
    summary="aes_col128_ed with SBOX_IMPL=4: three clocks per round (the block RAM's own output register, "
            "(Inv)ShiftRows + MixColumns, key and pre-map into the RAM address); 3(Nr+1) cycles/block",
))

register(Core(
    name="aes_col32_dom",
    rank=18,
    top="aesf_aes_col32_dom",
    folder="hw/aes_col32",
    interface="bus-free valid/ready: key port, block-in port, block-out port (as aes_iter, encrypt only) and a "
              "PRNG reseed port",
    key_sizes=(128, 192, 256),
    modes=("ecb",),
    directions=("encrypt",),
    bench="aesforge.sim.benches.aes_iter",
    params={},
    summary="First-order masked AES-128/192/256 encryption (issue 24): two shares, 4 domain-oriented masked S-boxes "
            "(4-stage pipelines), masked key schedule and word store, on-chip LFSR PRNG with a reseed port; "
            "4 + 8 Nr cycles/block",
))
