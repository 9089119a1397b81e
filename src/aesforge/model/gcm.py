# SPDX-License-Identifier: Apache-2.0
"""AES-GCM and GMAC golden model, following NIST SP 800-38D section 7 step by step.

Notation follows the standard: H = CIPH_K(0^128); J0 = IV || 0^31 || 1 for 96-bit IVs,
else GHASH_H(IV || 0^(s+64) || [len(IV)]_64); C = GCTR_K(inc32(J0), P);
S = GHASH_H(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64); T = MSB_t(GCTR_K(J0, S)).
All lengths in the length block are in bits.  Blocks are handled as 128-bit big-endian
integers internally.
"""
from __future__ import annotations

import hmac
from typing import Any

from .aes import AES
from .ghash import GHashKey

__all__ = [
    "TAG_LENGTHS",
    "MAX_PT_BITS",
    "MAX_AAD_BITS",
    "MAX_IV_BITS",
    "inc32",
    "j0",
    "gctr",
    "gcm_encrypt",
    "gcm_decrypt",
    "gmac",
    "gcm_trace",
]

TAG_LENGTHS = (16, 15, 14, 13, 12, 8, 4)
"""Allowed tag lengths in bytes (SP 800-38D 5.2.1.2: 128, 120, 112, 104, 96, 64, 32 bits)."""
MAX_PT_BITS = 2**39 - 256
MAX_AAD_BITS = 2**64 - 1
MAX_IV_BITS = 2**64 - 1
_M32 = 0xFFFFFFFF
_M128 = (1 << 128) - 1


def inc32(block: int) -> int:
    """inc_32: increment the rightmost 32 bits modulo 2^32, leave the leftmost 96 bits alone."""
    return (block & ~_M32 & _M128) | ((block + 1) & _M32)


def _pad_blocks(data: bytes) -> list[int]:
    """Split into 128-bit integers, zero-padding the last partial block on the right."""
    out = []
    for i in range(0, len(data), 16):
        chunk = data[i : i + 16]
        out.append(int.from_bytes(chunk.ljust(16, b"\x00"), "big"))
    return out


def _as_key(h: bytes | int | GHashKey) -> GHashKey:
    return h if isinstance(h, GHashKey) else GHashKey(h)


def j0(h: bytes | int | GHashKey, iv: bytes) -> int:
    """Pre-counter block J0 (SP 800-38D 7.1 step 2) as a 128-bit integer."""
    _check_iv(iv)
    if len(iv) == 12:
        return (int.from_bytes(iv, "big") << 32) | 1
    key = _as_key(h)
    blocks = _pad_blocks(iv) + [8 * len(iv)]  # IV || 0^(s+64) || [len(IV)]_64
    return key.ghash_int(blocks)


def gctr(cipher: AES | bytes, icb: int, data: bytes) -> bytes:
    """GCTR_K(ICB, X) (SP 800-38D 6.5): XOR X with E(ICB), E(inc32(ICB)), ...; last block truncated."""
    aes = cipher if isinstance(cipher, AES) else AES(cipher)
    out = bytearray()
    cb = icb
    for i in range(0, len(data), 16):
        chunk = data[i : i + 16]
        n = len(chunk)
        # A partial last block uses the leftmost n bytes of the keystream block (MSB_n).
        ks = aes.encrypt_int(cb) >> (8 * (16 - n))
        out += (int.from_bytes(chunk, "big") ^ ks).to_bytes(n, "big")
        cb = inc32(cb)
    return bytes(out)


# ----------------------------------------------------------------------------------------
# Input validation (SP 800-38D 5.2.1.1 / 5.2.1.2)
# ----------------------------------------------------------------------------------------
def _check_key(key: bytes) -> None:
    if len(key) not in (16, 24, 32):
        raise ValueError(f"invalid AES-GCM key length {len(key)} bytes; expected 16, 24 or 32 bytes")


def _check_iv(iv: bytes) -> None:
    if len(iv) < 1:
        raise ValueError("GCM IV must be at least 1 byte long (SP 800-38D: 1 <= len(IV) <= 2^64-1 bits)")
    if 8 * len(iv) > MAX_IV_BITS:
        raise ValueError("GCM IV longer than 2^64-1 bits")


def _check_tag_len(tag_len: int) -> None:
    if tag_len not in TAG_LENGTHS:
        raise ValueError(
            f"invalid GCM tag length {tag_len} bytes; allowed: {', '.join(map(str, TAG_LENGTHS))} bytes"
        )


def _check_lengths(aad: bytes, text: bytes, what: str) -> None:
    if 8 * len(text) > MAX_PT_BITS:
        raise ValueError(f"GCM {what} longer than 2^39-256 bits")
    if 8 * len(aad) > MAX_AAD_BITS:
        raise ValueError("GCM AAD longer than 2^64-1 bits")


def _ghash_s(key: GHashKey, aad: bytes, ct: bytes) -> int:
    """S = GHASH_H(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64)."""
    blocks = _pad_blocks(aad) + _pad_blocks(ct) + [((8 * len(aad)) << 64) | (8 * len(ct))]
    return key.ghash_int(blocks)


def _setup(key: bytes, iv: bytes) -> tuple[AES, GHashKey, int]:
    _check_key(key)
    _check_iv(iv)
    aes = AES(key)
    hkey = GHashKey(aes.encrypt_int(0))
    return aes, hkey, j0(hkey, iv)


# ----------------------------------------------------------------------------------------
# Authenticated encryption / decryption (SP 800-38D 7.1 / 7.2)
# ----------------------------------------------------------------------------------------
def gcm_encrypt(key: bytes, iv: bytes, aad: bytes, pt: bytes, tag_len: int = 16) -> tuple[bytes, bytes]:
    """GCM-AE_K(IV, P, A) -> (C, T) with T of ``tag_len`` bytes."""
    _check_tag_len(tag_len)
    _check_lengths(aad, pt, "plaintext")
    aes, hkey, j = _setup(key, iv)
    ct = gctr(aes, inc32(j), pt)
    s = _ghash_s(hkey, aad, ct)
    tag = (aes.encrypt_int(j) ^ s).to_bytes(16, "big")[:tag_len]
    return ct, tag


def gcm_decrypt(key: bytes, iv: bytes, aad: bytes, ct: bytes, tag: bytes) -> bytes | None:
    """GCM-AD_K(IV, C, A, T) -> P, or None for FAIL. The tag length is ``len(tag)``.

    The tag is compared in constant time (hmac.compare_digest); the plaintext is only
    returned when the tag verifies.
    """
    _check_tag_len(len(tag))
    _check_lengths(aad, ct, "ciphertext")
    aes, hkey, j = _setup(key, iv)
    s = _ghash_s(hkey, aad, ct)
    expected = (aes.encrypt_int(j) ^ s).to_bytes(16, "big")[: len(tag)]
    if not hmac.compare_digest(expected, bytes(tag)):
        return None
    return gctr(aes, inc32(j), ct)


def gmac(key: bytes, iv: bytes, aad: bytes, tag_len: int = 16) -> bytes:
    """GMAC: GCM with an empty plaintext; returns the tag over ``aad``."""
    return gcm_encrypt(key, iv, aad, b"", tag_len)[1]


def gcm_trace(key: bytes, iv: bytes, aad: bytes, pt: bytes, tag_len: int = 16) -> dict[str, Any]:
    """Run GCM-AE and return every intermediate value (lowercase hex) for RTL debugging.

    Keys of the result:

    * ``H``, ``J0``, ``EJ0`` (= E_K(J0), the tag mask)
    * ``counters``: CB_1 = inc32(J0), CB_2, ... one per text block
    * ``keystream``: E_K(CB_i)
    * ``ct``, ``tag``
    * ``ghash``: list of ``{"kind": "aad"|"text"|"len", "block": X_i, "y": Y_i}`` -- the
      GHASH input block (zero padded) and the accumulator after absorbing it
    * ``len_block``: [len(A)]_64 || [len(C)]_64; ``S`` (final GHASH); ``T`` (full 16-byte
      tag before truncation)
    * ``j0_ghash``: for non-96-bit IVs, the GHASH steps that compute J0 (same format)
    """
    _check_tag_len(tag_len)
    _check_lengths(aad, pt, "plaintext")
    aes, hkey, j = _setup(key, iv)

    def h128(v: int) -> str:
        return f"{v:032x}"

    out: dict[str, Any] = {"H": h128(hkey.h), "J0": h128(j), "EJ0": h128(aes.encrypt_int(j))}
    if len(iv) != 12:
        steps = []
        y = 0
        for kind, b in [("iv", b) for b in _pad_blocks(iv)] + [("len", 8 * len(iv))]:
            y = hkey.mult(y ^ b)
            steps.append({"kind": kind, "block": h128(b), "y": h128(y)})
        out["j0_ghash"] = steps
    counters, keystream = [], []
    cb = j
    for _ in range(0, len(pt), 16):
        cb = inc32(cb)
        counters.append(h128(cb))
        keystream.append(h128(aes.encrypt_int(cb)))
    ct = gctr(aes, inc32(j), pt)
    out["counters"] = counters
    out["keystream"] = keystream
    len_block = ((8 * len(aad)) << 64) | (8 * len(ct))
    steps = []
    y = 0
    tagged = (
        [("aad", b) for b in _pad_blocks(aad)] + [("text", b) for b in _pad_blocks(ct)] + [("len", len_block)]
    )
    for kind, b in tagged:
        y = hkey.mult(y ^ b)
        steps.append({"kind": kind, "block": h128(b), "y": h128(y)})
    out["ghash"] = steps
    out["len_block"] = h128(len_block)
    out["S"] = h128(y)
    full_tag = aes.encrypt_int(j) ^ y
    out["T"] = h128(full_tag)
    out["ct"] = ct.hex()
    out["tag"] = full_tag.to_bytes(16, "big")[:tag_len].hex()
    return out
