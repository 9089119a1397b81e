# SPDX-License-Identifier: Apache-2.0
"""Cycle figures of the sequential GCM core (hw/gcm_seq), measured in RTL simulation for `make report`,
plus the exact full-speed cycle model of its microarchitecture (hw/gcm_seq/README.md, "cycle budget").

measure() runs, through `aesforge sim` and checked against the published / golden answers:
  paper_packet_total_cycles  IEEE 802.1AE MACsec 2.2.2 (the seed paper's packet: AES-256, 96-bit IV,
                             28-byte AAD, 48-byte PT): key handshake edge -> done_o (key + H + message);
                             also reported as latency_cycles (the report's latency column), since the
                             paper's 874 cycles include computing H
  paper_packet_cycles        the same packet with the key already loaded: command handshake -> done_o
  key_load_cycles            key handshake edge -> key_ok_o (expansion + H = E_K(0)), per key size
  cycles_per_byte            long message (4 KiB PT, 96-bit IV, no AAD): (cycles(4 KiB) - cycles(16 B)) / (4096 - 16)
                             per key size; the headline is AES-256 (the paper's key size)
"""
from __future__ import annotations

import random

from aesforge import cores as _cores
from aesforge.check import check
from aesforge.sim.runner import run_batch

NR = {128: 10, 192: 12, 256: 14}

MACSEC_222 = {
    "id": "macsec-2.2.2", "op": "encrypt", "mode": "gcm",
    "key": "e3c08a8f06c6e3ad95a70557b23f75483ce33021a9c72b7025666204c69c0b72",
    "iv": "12153524c0895e81b2c28465",
    "aad": "d609b1f056637a0d46df998d88e52e00b2c2846512153524c0895e81",
    "pt": "08000f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a0002",
    "expect": {"ct": "e2006eb42f5277022d9b19925bc419d7a592666c925fe2ef718eb4e308efeaa7"
                     "c5273b394118860a5be2a97f56ab7836",
               "tag": "5ca597cdbb3edb8d1a1151ea0af7b436"},
}
LONG_BYTES = 4096


def aes_cycles(key_bits: int, aes_impl: int = 0, aes_cols: int = 1, sbox_impl: int = 0) -> int:
    """AES engine: the back-to-back block period P (accepting edge to the next accepting edge at full speed).
    AES_IMPL 0 (aesf_aes_iter): Nr; AES_IMPL 1 (aesf_aes_col32): (4 / AES_COLS) (Nr + 1); with its block-ROM
    S-boxes over two clocks per round (SBOX_IMPL 3) 2 Nr + 1, over three (SBOX_IMPL 4) 3 (Nr + 1); AES_IMPL 2
    (aesf_aes_col32_dom, masked): 4 + 8 Nr."""
    nr = NR[key_bits]
    if aes_impl == 0:
        return nr
    if aes_impl == 2:                # aesf_aes_col32_dom (masked): 4 + 8 Nr
        return 4 + 8 * nr
    return {3: 2 * nr + 1, 4: 3 * (nr + 1)}.get(sbox_impl, (4 // aes_cols) * (nr + 1))


def aes_latency(key_bits: int, aes_impl: int = 0, aes_cols: int = 1, sbox_impl: int = 0) -> int:
    """AES engine: edges from a block's accepting edge to its out_valid_o (L). Equal to the period, except for
    aesf_aes_col32 with AES_COLS = 4 and SBOX_IMPL 0..2, where the accepting cycle is round 0: L = Nr, P = Nr + 1."""
    if aes_impl == 0 or (aes_impl == 1 and aes_cols == 4 and sbox_impl < 3):
        return NR[key_bits]
    return aes_cycles(key_bits, aes_impl, aes_cols, sbox_impl)


def expand_cycles(key_bits: int, aes_impl: int = 0, aes_cols: int = 1, sbox_impl: int = 0) -> int:
    """AES engine: key handshake edge -> key_ok_o (aesf_aes_iter: Nr; aesf_aes_col32: 2 (Nr + 1), any AES_COLS;
    4 (Nr + 1) with SBOX_IMPL 3, 6 Nr + 4 with SBOX_IMPL 4; aesf_aes_col32_dom, AES_IMPL 2: 84 / 84 / 112)."""
    nr = NR[key_bits]
    if aes_impl == 0:
        return nr
    if aes_impl == 2:                # masked: one word per clock, 5 for a SubWord word (10 / 8 / 13 of them)
        return {10: 84, 12: 84, 14: 112}[nr]
    return {3: 4 * (nr + 1), 4: 6 * nr + 4}.get(sbox_impl, 2 * (nr + 1))


def key_cycles(key_bits: int, aes_impl: int = 0, aes_cols: int = 1, sbox_impl: int = 0) -> int:
    """Key handshake edge -> key_ok_o: expansion + 1 (E_K(0) issue) + AES latency + 1 (H latch)."""
    return (expand_cycles(key_bits, aes_impl, aes_cols, sbox_impl) + aes_latency(key_bits, aes_impl, aes_cols, sbox_impl)
            + 2)


def engine(params: dict) -> dict:
    """The AES-engine keyword arguments of the functions above for a core's parameter dict."""
    return {"aes_impl": int(params.get("AES_IMPL", 0)), "aes_cols": int(params.get("AES_COLS", 1)),
            "sbox_impl": int(params.get("SBOX_IMPL", 0))}


def predict_cycles(digit: int, key_bits: int, iv_len: int, aad_len: int, txt_len: int, decrypt: bool = False,
                   aes_impl: int = 0, aes_cols: int = 1, sbox_impl: int = 0) -> int:
    """Command handshake edge -> done_o at full speed (no stalls), exactly as the RTL schedules it.

    Edges are numbered from the command handshake (0). A GHASH block pushed into the buffer at edge p starts
    multiplying at max(p + 1, previous start + m) and may be pushed no earlier than the previous start;
    E_K(J0) enters the AES engine at f and leaves at o = f + L; counter block k leaves at
    o_k = max(o_{k-1} + P, consume(k - 1)) (L = latency, P = period of the engine); the text beat of block k
    needs o_k + 1.
    done_o = max(start(length block) + m, o + 2) (the tag needs GHASH and E_K(J0)); a decryption's tag beat
    is taken once E_K(J0) is there, so there done_o >= o + 3.
    """
    m = 128 // digit
    per = aes_cycles(key_bits, aes_impl, aes_cols, sbox_impl)      # P
    lat = aes_latency(key_bits, aes_impl, aes_cols, sbox_impl)     # L
    ceil16 = lambda n: -(-n // 16)  # noqa: E731
    start_prev = -10**9              # start edge of the previous multiply
    push_prev = 0

    def ghash(avail: int) -> int:
        """Push a block that the FSM can offer at edge `avail`; return its push edge."""
        nonlocal start_prev, push_prev
        p = max(avail, start_prev, push_prev + 1)
        start_prev = max(p + 1, start_prev + m)
        push_prev = p
        return p

    if iv_len == 12:
        t = 1                        # IV beat; J0 = IV || 1
    else:
        t = 0
        for _ in range(ceil16(iv_len)):
            t = ghash(t + 1)
        t = ghash(t + 1)             # 0^64 || [len(IV)]_64
        t = start_prev + m           # J0 latched when the multiplier is idle
    f = t + 1                        # E_K(J0) issued
    o = f + lat
    consume_prev = o + 1             # E_K(J0) taken into ek0
    # AAD blocks
    for _ in range(ceil16(aad_len)):
        t = ghash(t + 1)
    # text blocks: keystream k is out at o_k = max(o_{k-1} + P, consume_{k-1})
    o_k = o                          # E_K(J0) leaves the engine at o; counter block 1 is issued at o + P - L
    for _ in range(ceil16(txt_len)):
        o_k = max(o_k + per, consume_prev)
        t = ghash(max(t + 1, o_k + 1))
        consume_prev = t
    ghash(t + 1)                      # length block
    return max(start_prev + m, o + 2 + int(decrypt))  # the tag also needs E_K(J0) (taken at o + 1)


def measure(core_name: str, sim: str = "icarus") -> dict:
    core = _cores.get(core_name)
    digit = int(core.params.get("DIGIT", 8))
    eng = engine(core.params)
    rng = random.Random(2026)
    vecs = [dict(MACSEC_222)]
    # the same packet again: key already loaded
    vecs.append({**MACSEC_222, "id": "macsec-2.2.2-again"})
    for kbits in core.key_sizes:
        key = rng.randbytes(kbits // 8).hex()
        iv = rng.randbytes(12).hex()
        for n in (16, LONG_BYTES):
            vecs.append({"id": f"k{kbits}-pt{n}", "op": "encrypt", "mode": "gcm", "key": key, "iv": iv,
                         "aad": "", "pt": rng.randbytes(n).hex()})
    res = run_batch(core.name, vecs, sim=sim, progress=False)
    rep = check(vecs, res)
    if rep.failed:
        raise RuntimeError(f"{core.name} gave wrong answers while measuring cycles: {rep.failures[:3]}")
    by_id = {r["id"]: r for r in res}
    cpb = {}
    key_load = {}
    for kbits in core.key_sizes:
        one, many = by_id[f"k{kbits}-pt16"], by_id[f"k{kbits}-pt{LONG_BYTES}"]
        cpb[kbits] = (many["cycles"] - one["cycles"]) / (LONG_BYTES - 16)
        key_load[kbits] = one["key_cycles"]
    pk, again = by_id["macsec-2.2.2"], by_id["macsec-2.2.2-again"]
    return {
        "digit": digit,
        **eng,
        "paper_packet_total_cycles": pk["total_cycles"],
        "paper_packet_cycles": again["cycles"],
        "paper_packet_key_cycles": pk["key_cycles"],
        "cycles_per_byte": cpb[256] if 256 in cpb else cpb[min(cpb)],
        "cycles_per_byte_per_key_size": cpb,
        "cycles_per_block": 16 * (cpb[256] if 256 in cpb else cpb[min(cpb)]),
        # headline latency = the paper's start..done figure: it includes H = E_K(0) (the paper computes H per
        # packet), so the key load is counted here although this core does it once per key
        "latency_cycles": pk["total_cycles"],
        "key_load_cycles": key_load,
        "headline_key_bits": 256,
        "simulator": sim,
        "method": "aesforge.sim.perf_gcm: MACsec 2.2.2 packet (latency_cycles = key handshake -> done_o incl. key "
                  "expansion and H; paper_packet_cycles = command -> done_o with the key loaded), cycles_per_block "
                  f"= 16 x cycles/byte of AES-256 from 16 B and {LONG_BYTES} B messages, full speed, checked",
    }
