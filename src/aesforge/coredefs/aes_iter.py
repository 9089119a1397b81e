# SPDX-License-Identifier: Apache-2.0
"""Registry entry: the iterative AES core (hw/aes_iter)."""
from aesforge.cores import COMMON, Core, register

register(Core(
    name="aes_iter",
    rank=10,
    top="aesf_aes_iter",
    folder="hw/aes_iter",
    sources=(
        f"{COMMON}/aesf_sbox_lut.v",
        f"{COMMON}/aesf_inv_sbox_lut.v",
        f"{COMMON}/aesf_sbox_cf.v",
        f"{COMMON}/aesf_sbox.v",
        f"{COMMON}/aesf_mixcolumn.v",
        f"{COMMON}/aesf_inv_mixcolumn.v",
        f"{COMMON}/aesf_subword.v",
        f"{COMMON}/aesf_key_step.v",
        "hw/aes_iter/rtl/aesf_aes_iter.v",
    ),
    interface="bus-free valid/ready: key port, block-in port (per-block direction), block-out port",
    key_sizes=(128, 192, 256),
    modes=("ecb",),
    directions=("encrypt", "decrypt"),
    bench="aesforge.sim.benches.aes_iter",
    summary="Iterative AES-128/192/256, one round per clock, run-time key size, encrypt and decrypt",
))
