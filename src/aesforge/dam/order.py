# SPDX-License-Identifier: Apache-2.0
"""Byte orders of the seed-003 DAM buses (hw/dam): the AES state-transfer permutations of the paper's Fig. 7.

Bus beats carry a byte stream s[0..]; beat k lane l is s[k*W/8 + l] (little-endian lanes, as AXI). Linear, block
and AXI cipher-window transfers carry states in memory (FIPS-197) byte order. ASBUS state transfers
(LEN[11:10] = 2'b10) carry every ciphertext state permuted:

* write (bus -> decrypt engine): s[4j+r] = CT[4*((j-r) mod 4) + r]  (InvShiftRows column j: s0, sd, sa, s7 first)
* read (encrypt engine -> bus):  s[4j+r] = CT[4*((j+r) mod 4) + r]  (ShiftRows column j: s0, s5, sa, sf first)
"""
from __future__ import annotations


def _perm(block: bytes, sign: int) -> bytes:
    assert len(block) == 16
    return bytes(block[4 * ((j + sign * r) % 4) + r] for j in range(4) for r in range(4))


def _unperm(stream: bytes, sign: int) -> bytes:
    assert len(stream) == 16
    out = bytearray(16)
    for j in range(4):
        for r in range(4):
            out[4 * ((j + sign * r) % 4) + r] = stream[4 * j + r]
    return bytes(out)


def state_write_stream(ct: bytes) -> bytes:
    """Bus byte stream of ASBUS state-mode WRITE data for ciphertext ``ct`` (any multiple of 16 bytes)."""
    return b"".join(_perm(ct[i:i + 16], -1) for i in range(0, len(ct), 16))


def state_read_ct(stream: bytes) -> bytes:
    """Ciphertext from the bus byte stream of an ASBUS state-mode READ."""
    return b"".join(_unperm(stream[i:i + 16], +1) for i in range(0, len(stream), 16))


def state_read_stream(ct: bytes) -> bytes:
    """Expected bus byte stream of an ASBUS state-mode READ returning ciphertext ``ct``."""
    return b"".join(_perm(ct[i:i + 16], +1) for i in range(0, len(ct), 16))


def beats(stream: bytes, w: int) -> list[int]:
    """Split a byte stream into W-bit beat integers (lane l = byte l of the beat)."""
    n = w // 8
    assert len(stream) % n == 0
    return [int.from_bytes(stream[i:i + n], "little") for i in range(0, len(stream), n)]


def unbeats(values: list[int], w: int) -> bytes:
    n = w // 8
    return b"".join(v.to_bytes(n, "little") for v in values)
