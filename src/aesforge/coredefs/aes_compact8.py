# SPDX-License-Identifier: Apache-2.0
"""Registry entry: the compact 8-bit-datapath AES-128 encryption core (hw/aes_compact8, seed 001)."""
from aesforge.cores import Core, register

register(Core(
    name="aes_compact8",
    rank=20,
    top="aesf_aes_compact8",
    folder="hw/aes_compact8",
    interface="bus-free byte streams, valid/ready: 16-beat key port, 16-beat block-in port, 16-beat block-out port",
    key_sizes=(128,),
    modes=("ecb",),
    directions=("encrypt",),
    bench="aesforge.sim.benches.aes_compact8",
    summary="Compact AES-128 encrypt, 8-bit datapath, one 2-stage composite-field S-box, 233 cycles/block (seed 001)",
    claims="seed 001 (40 nm ASIC, latches + clock gating): 2,228 gates, 337 cycles/block; peer secworks/aes "
           "as measured in this flow by issue 6: 4,104 xc7 LUT, 10,962 ECP5 LUT4",
))
