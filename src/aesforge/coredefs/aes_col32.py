# SPDX-License-Identifier: Apache-2.0
"""Registry entry: the compact 32-bit-column AES encryption core (hw/aes_col32), the small engine of the
sequential GCM core (aesf_gcm_seq AES_IMPL = 1). Same ports as aes_iter, so it uses the aes_iter bench."""
from aesforge.cores import COMMON, Core, register

register(Core(
    name="aes_col32",
    rank=12,
    top="aesf_aes_col32",
    folder="hw/aes_col32",
    sources=(
        f"{COMMON}/aesf_sbox_lut.v",
        f"{COMMON}/aesf_inv_sbox_lut.v",
        f"{COMMON}/aesf_sbox_cf.v",
        f"{COMMON}/aesf_sbox.v",
        f"{COMMON}/aesf_mixcolumn.v",
        f"{COMMON}/aesf_subword.v",
        "hw/aes_col32/rtl/aesf_aes_col32.v",
    ),
    interface="bus-free valid/ready: key port, block-in port, block-out port (as aes_iter, encrypt only)",
    key_sizes=(128, 192, 256),
    modes=("ecb",),
    directions=("encrypt",),
    bench="aesforge.sim.benches.aes_iter",
    summary="Compact AES-128/192/256 encryption, 32-bit column datapath (4 shared S-boxes), 4(Nr+1) cycles/block",
))
