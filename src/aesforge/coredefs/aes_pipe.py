# SPDX-License-Identifier: Apache-2.0
"""Registry entries: the fully unrolled, sub-pipelined AES (hw/aes_pipe, seed 002).

One RTL (``aesf_aes_pipe``) covers every register placement of the seed's Algorithm 1; the HDL parameters
KEY_BITS, SBOX_IMPL and PIPE_MASK select a configuration. ``pipe_core(...)`` builds an (unregistered) Core
for any configuration (used by ``aesforge explore pipelined`` and the tests); the registered entries are:

  aes_pipe       AES-128, default placement
  aes_pipe_192   AES-192, same placement
  aes_pipe_256   AES-256, same placement
  aes_pipe_k0    AES-128 baseline: plain unrolled pipeline, round register only (k = 0)
  aes_pipe_bp    AES-128, Boyar-Peralta S-box, 3 stages per round (seam A, after SubBytes), 30 cycles, ECP5
                 synthesis with -nowidelut, nextpnr with --tmg-ripup

The default placement (LUT S-box, register after SubBytes: 2 stages per round) is a starting point, not
the search result: ``aesforge explore pipelined`` reports the best placement per key size
(docs/explore_pipelined.md).
"""
from __future__ import annotations

from aesforge.cores import Core, register


# PIPE_MASK bits (see hw/aes_pipe/rtl/aesf_aes_pipe_round.v)
MASK_BITS = {0: "mid (S-box seam; seam A of the Boyar-Peralta S-box)", 1: "sub (after SubBytes)",
             2: "mix (after MixColumns)", 3: "mid2 (seam B of the Boyar-Peralta S-box)"}
SBOX_IMPLS = {0: "LUT", 1: "composite-field", 2: "block-ROM", 3: "Boyar-Peralta"}
DEFAULT_SBOX_IMPL = 0
DEFAULT_PIPE_MASK = 2

INTERFACE = ("bus-free valid-only stream, no stall: one block + its own key accepted every clock "
             "(in_valid_i, in_key_i, in_data_i), ciphertext out_valid_o/out_data_o exactly LATENCY cycles later")


def nr_of(key_bits: int) -> int:
    return {128: 10, 192: 12, 256: 14}[key_bits]


def stages_of(pipe_mask: int) -> int:
    """Clock cycles per round: the round register plus one per PIPE_MASK bit."""
    return 1 + bin(pipe_mask).count("1")


def latency_of(key_bits: int, pipe_mask: int) -> int:
    """Register stages = edges from the edge that takes a block to the edge that samples its ciphertext."""
    return nr_of(key_bits) * stages_of(pipe_mask)


def legal(sbox_impl: int, pipe_mask: int) -> bool:
    """The RTL's own rule: the S-box seam (bit 0) needs the composite field (1) or Boyar-Peralta (3) S-box, the
    second seam (bit 3) Boyar-Peralta; the block-ROM S-box (2) holds the register after SubBytes (bit 1) itself."""
    return (sbox_impl in (0, 1, 2, 3) and 0 <= pipe_mask <= 15
            and not (sbox_impl not in (1, 3) and pipe_mask & 1)
            and not (sbox_impl != 3 and pipe_mask & 8)
            and not (sbox_impl == 2 and not pipe_mask & 2))


def pipe_core(key_bits: int = 128, sbox_impl: int = DEFAULT_SBOX_IMPL, pipe_mask: int = DEFAULT_PIPE_MASK,
              name: str | None = None, rank: int = 39,
              top: str = "aesf_aes_pipe", extra_params: dict | None = None,
              ecp5_synth_args: tuple[str, ...] = (), pnr_args: tuple[str, ...] = ()) -> Core:
    if key_bits not in (128, 192, 256):
        raise ValueError(f"key_bits must be 128, 192 or 256, not {key_bits}")
    if not legal(sbox_impl, pipe_mask):
        raise ValueError(f"illegal placement SBOX_IMPL={sbox_impl} PIPE_MASK={pipe_mask} "
                         "(PIPE_MASK 0..15; bit 0, the S-box seam, needs SBOX_IMPL 1 or 3, bit 3 SBOX_IMPL 3; "
                         "SBOX_IMPL=2 needs bit 1)")
    impl = SBOX_IMPLS[sbox_impl]
    where = ", ".join(MASK_BITS[b] for b in range(4) if pipe_mask >> b & 1) or "round register only"
    return Core(
        name=name or f"aes_pipe_k{key_bits}_s{sbox_impl}_m{pipe_mask}",
        rank=rank,
        top=top,
        folder="hw/aes_pipe",
        interface=INTERFACE,
        key_sizes=(key_bits,),
        modes=("ecb",),
        directions=("encrypt",),
        params={"KEY_BITS": key_bits, "SBOX_IMPL": sbox_impl, "PIPE_MASK": pipe_mask, **(extra_params or {})},
        bench="aesforge.sim.benches.aes_pipe",
        ecp5_synth_args=tuple(ecp5_synth_args),
        pnr_args=tuple(pnr_args),
        summary=(f"Fully unrolled sub-pipelined AES-{key_bits} encrypt (seed 002), key per block, {impl} S-box, "
                 f"{stages_of(pipe_mask)} stages/round ({where}), latency {latency_of(key_bits, pipe_mask)} cycles"),
    )


register(pipe_core(128, name="aes_pipe", rank=30))
register(pipe_core(192, name="aes_pipe_192", rank=31))
register(pipe_core(256, name="aes_pipe_256", rank=32))
register(pipe_core(128, DEFAULT_SBOX_IMPL, 0, name="aes_pipe_k0", rank=33))
# Issue 4's AES-128: Boyar-Peralta S-box registered at its seam A and after SubBytes (3 stages per round, 30
# cycles; Algorithm 1's choice on the reference part), mapped to LUT4s only (synth_ecp5 -nowidelut: ABC's wide-LUT
# mapping inflates an S-box circuit) and routed with nextpnr's timing-driven ripup (see hw/aes_pipe/README.md).
register(pipe_core(128, 3, 3, name="aes_pipe_bp", rank=34, ecp5_synth_args=("-nowidelut",),
                   pnr_args=("--tmg-ripup",)))
