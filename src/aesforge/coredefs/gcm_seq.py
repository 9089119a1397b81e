# SPDX-License-Identifier: Apache-2.0
"""Registry entries: the sequential AES-GCM core (hw/gcm_seq), shipped fast digit and bit-serial digit."""
from aesforge.cores import Core, register


FAST_DIGIT = 8
"""GHASH digit of the shipped fast configuration (16 cycles per multiply)."""

FAST_PARAMS = {"DIGIT": FAST_DIGIT, "AES_IMPL": 1, "AES_COLS": 4}
"""The shipped fast configuration: DIGIT 8 and the 128-bit column engine (aesf_aes_col32 COLS = 4: Nr + 1 cycles
per block, one shared S-box array, one-port round-key RAM), so the packet stays GHASH-bound."""

_COMMON_FIELDS = dict(
    top="aesf_gcm_seq",
    folder="hw/gcm_seq",
    interface="bus-free valid/ready: key port, command port, 128-bit in/out beat streams, done/tag/error result",
    key_sizes=(128, 192, 256),
    modes=("gcm",),
    directions=("encrypt", "decrypt"),
    iv_bits="any",
    tag_lens=(4, 8, 12, 13, 14, 15, 16),
    bench="aesforge.sim.benches.gcm_seq",
    perf="aesforge.sim.perf_gcm:measure",
)

register(Core(
    name="gcm_seq",
    rank=40,
    params=dict(FAST_PARAMS),
    summary=f"Sequential AES-GCM: one shared AES engine (128-bit column engine aesf_aes_col32 COLS=4) + digit-serial "
            f"GHASH (DIGIT={FAST_DIGIT}), H once per key, any IV/AAD/text length, encrypt and decrypt",
    **_COMMON_FIELDS,
))

register(Core(
    name="gcm_seq_d1",
    rank=41,
    params={"DIGIT": 1, "AES_IMPL": 1},
    summary="Sequential AES-GCM, small config: bit-serial GHASH (DIGIT=1, 128 cycles per multiply, the seed paper's "
            "choice) and the 32-bit column AES engine (aesf_aes_col32, AES_IMPL=1)",
    **_COMMON_FIELDS,
))

# The register tops (issue 23): the fast configuration behind AXI4-Lite, APB4 and Wishbone B4 through one register
# block (hw/gcm_seq/rtl/aesf_gcm_seq_regs.v, map hw/gcm_seq/gcm_seq_regs.json: buffered decrypt, plaintext only
# after PASS) and the shared adapters of hw/common/rtl; one bench (aesforge.sim.benches.gcm_seq_bus, the bus is
# recognised from the ports); tests in tests/gcm_seq/test_gcm_seq_bus.py.
BUF_LOG2 = 2
"""Decrypt plaintext buffer of the registered register tops: 4 beats = 64 bytes (as gcm_spi)."""

for _bus, (_desc, _rank) in {"axil": ("AXI4-Lite", 42), "apb": ("APB4", 43),
                             "wb": ("Wishbone B4 classic", 44)}.items():
    register(Core(
        name=f"gcm_seq_{_bus}",
        rank=_rank,
        params={**FAST_PARAMS, "BUF_LOG2": BUF_LOG2},
        **{**_COMMON_FIELDS,
           "top": f"aesf_gcm_seq_{_bus}",
           "interface": f"{_desc} slave, 32-bit registers (KEYi, CFG, lengths, CTRL, STATUS, DINi / PUSH, DOUTi / POP, "
                        "TAGi, IRQ_EN/IRQ_STATUS; map hw/gcm_seq/gcm_seq_regs.json) + irq_o",
           "bench": "aesforge.sim.benches.gcm_seq_bus",
           "perf": ""},
        summary=f"gcm_seq (fast configuration) behind {_desc} registers: buffered decrypt (64 bytes, plaintext only "
                "after PASS), write-only key, error codes, interrupt, zeroize",
    ))

register(Core(
    name="gcm_seq_d1_dom",
    rank=42,
    params={"DIGIT": 1, "AES_IMPL": 2},
    summary="gcm_seq_d1 with the first-order masked AES engine (aesf_aes_col32_dom, AES_IMPL=2, issue 24): the "
            "AES key schedule, state and S-boxes in two shares, PRNG reseeded through prng_seed_*; GHASH unmasked",
    **_COMMON_FIELDS,
))
