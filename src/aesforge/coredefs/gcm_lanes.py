# SPDX-License-Identifier: Apache-2.0
"""Registry entry: the multi-lane pipelined AES-GCM (hw/gcm_lanes, seed 004). Work in progress: the bus-free
core only (no AXI front ends yet); AES key size is a per-instance parameter (KEY_BITS)."""
from aesforge.cores import COMMON, Core, register

SOURCES = (
    f"{COMMON}/aesf_sbox_lut.v",
    f"{COMMON}/aesf_inv_sbox_lut.v",
    f"{COMMON}/aesf_sbox_cf.v",
    f"{COMMON}/aesf_sbox.v",
    f"{COMMON}/aesf_mixcolumn.v",
    f"{COMMON}/aesf_subword.v",
    f"{COMMON}/aesf_key_step.v",
    f"{COMMON}/aesf_clmul_kara.v",
    f"{COMMON}/aesf_gf128_mul_kara.v",
    f"{COMMON}/aesf_ghash_par.v",
    "hw/aes_pipe/rtl/aesf_aes_pipe_stage.v",
    "hw/aes_pipe/rtl/aesf_aes_pipe_round.v",
    "hw/gcm_lanes/rtl/aesf_gcm_pack.v",
    "hw/gcm_lanes/rtl/aesf_gcm_lanes.v",
)

register(Core(
    name="gcm_lanes",
    rank=60,
    top="aesf_gcm_lanes",
    folder="hw/gcm_lanes",
    sources=SOURCES,
    interface="bus-free valid/ready beats of N blocks: key, command (lengths, direction, tag length), "
              "IV/AAD/text/tag beats in, text beats out, done/tag/auth_fail/err",
    key_sizes=(128,),
    modes=("gcm",),
    directions=("encrypt", "decrypt"),
    iv_bits="any",
    tag_lens=(4, 8, 12, 13, 14, 15, 16),
    params={"N": 2, "KEY_BITS": 128, "SBOX_IMPL": 0, "PIPE_MASK": 0, "GH_ORDER": 4, "GH_PIPE_MASK": 13,
            "GH_OUT_REG": 0, "KS_LOG2": 5},
    bench="aesforge.sim.benches.gcm_lanes",
    block_bits=256,
    summary="WIP: multi-lane (N = 2) pipelined AES-128-GCM, Karatsuba GHASH with H powers, encrypt + decrypt",
))
