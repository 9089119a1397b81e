# SPDX-License-Identifier: Apache-2.0
"""pyuvm verification environment of the seed-003 DAM cores (hw/dam: ``aesf_dam_asbus`` = ADAM,
``aesf_dam_axi`` = XDAM), after the paper's Fig. 13: a micro-processor (control) agent, a memory phy agent and
two bus master agents ("usb" = master 0, "wifi" = master 1), a scoreboard with the golden model, the paper's
three tests (40 words linear, 10x4 block, 10 AES states) and the cycle measurement of :mod:`.measure`.

Modules: :mod:`.agents` (sequence items, sequencers, drivers, monitors), :mod:`.env` (memory agent, scoreboard,
env), :mod:`.seqs` (sequences), :mod:`.measure` (cycle measurement; also the cocotb test module it runs).

This file holds only the pure-Python parts (no simulator needed, unit-tested in tests/dam/test_dam_uvm.py):
the ASBUS state-transfer byte permutations of the pin contract, the ASBUS LEN encoding, the back-to-back
schedule (Bresenham) and the versioned golden memory.
"""
from __future__ import annotations

import math

# ASBUS LEN[11:10] modes
MODE_LINEAR, MODE_BLOCK, MODE_STATE, MODE_RESERVED = 0, 1, 2, 3
MODE_NAMES = {MODE_LINEAR: "linear", MODE_BLOCK: "block", MODE_STATE: "state", MODE_RESERVED: "reserved"}


# ---------------------------------------------------------------------------------------------------------------
# ASBUS state transfer (contract "Byte streams"; paper Fig. 7(b)/(c))
# ---------------------------------------------------------------------------------------------------------------
def asbus_write_stream(ct: bytes) -> bytes:
    """Ciphertext state (FIPS order) -> ASBUS write byte stream: s[4j+r] = CT[4*((j - r) mod 4) + r]
    (InvShiftRows column j; first column s0, sd, sa, s7)."""
    assert len(ct) == 16
    return bytes(ct[4 * ((j - r) % 4) + r] for j in range(4) for r in range(4))


def asbus_read_stream(ct: bytes) -> bytes:
    """Ciphertext state (FIPS order) -> ASBUS read byte stream: s[4j+r] = CT[4*((j + r) mod 4) + r]
    (ShiftRows column j; first column s0, s5, sa, sf)."""
    assert len(ct) == 16
    return bytes(ct[4 * ((j + r) % 4) + r] for j in range(4) for r in range(4))


def asbus_write_unstream(s: bytes) -> bytes:
    """Inverse of :func:`asbus_write_stream`: bus stream -> ciphertext state in FIPS order."""
    assert len(s) == 16
    ct = bytearray(16)
    for j in range(4):
        for r in range(4):
            ct[4 * ((j - r) % 4) + r] = s[4 * j + r]
    return bytes(ct)


def asbus_read_unstream(s: bytes) -> bytes:
    """Inverse of :func:`asbus_read_stream`."""
    assert len(s) == 16
    ct = bytearray(16)
    for j in range(4):
        for r in range(4):
            ct[4 * ((j + r) % 4) + r] = s[4 * j + r]
    return bytes(ct)


# ---------------------------------------------------------------------------------------------------------------
# Beats
# ---------------------------------------------------------------------------------------------------------------
def to_beats(data: bytes, nb: int) -> list[int]:
    """Byte stream -> W-bit beats (nb = W/8 bytes each); lane i = byte i of the beat (little-endian lanes)."""
    assert len(data) % nb == 0
    return [int.from_bytes(data[k:k + nb], "little") for k in range(0, len(data), nb)]


def from_beats(beats: list[int], nb: int) -> bytes:
    return b"".join(int(b).to_bytes(nb, "little") for b in beats)


def asbus_len(mode: int, *, beats: int = 0, height: int = 0, width: int = 0, states: int = 0) -> int:
    """The 12-bit ASBUS LEN field: linear beats 1..1024, block height 1..64 x width 1..16, states 1..1024."""
    if mode == MODE_LINEAR:
        assert 1 <= beats <= 1024
        return beats & 0x3FF
    if mode == MODE_BLOCK:
        assert 1 <= height <= 64 and 1 <= width <= 16
        return (1 << 10) | ((width & 0xF) << 6) | (height & 0x3F)
    if mode == MODE_STATE:
        assert 1 <= states <= 1024
        return (2 << 10) | (states & 0x3FF)
    return (3 << 10) | (beats & 0x3FF)


def asbus_decode(length: int, nb: int) -> tuple[int, int, int, int]:
    """LEN -> (mode, beats, height, width); for a reserved mode beats = LEN[9:0] (0 = 1024) as in linear mode
    (the number of beats a master sends/expects for a refused reserved-mode transfer)."""
    mode = (length >> 10) & 3
    if mode == MODE_BLOCK:
        h = (length & 0x3F) or 64
        w = ((length >> 6) & 0xF) or 16
        return mode, h * w, h, w
    n = (length & 0x3FF) or 1024
    if mode == MODE_STATE:
        return mode, n * (16 // nb), n, 16 // nb
    return mode, n, 1, n


def asbus_beat_addrs(mode: int, addr: int, length: int, nb: int, pitch: int) -> list[int]:
    """Byte address of every beat of a linear/block transfer (state mode: consecutive, as linear)."""
    mode, beats, h, w = asbus_decode(length, nb)
    if mode == MODE_BLOCK:
        return [addr + r * pitch + c * nb for r in range(h) for c in range(w)]
    return [addr + k * nb for k in range(beats)]


# ---------------------------------------------------------------------------------------------------------------
# Back-to-back schedule
# ---------------------------------------------------------------------------------------------------------------
def b2b_count(n_units: int, p: float) -> int:
    """round(P * (n_units - 1)), half up, clipped to 0 .. n_units - 1."""
    m = max(0, n_units - 1)
    return max(0, min(m, int(math.floor(p * m + 0.5 + 1e-9))))


def b2b_schedule(n_units: int, p: float) -> list[bool]:
    """For each of the n_units - 1 boundaries between consecutive units: True = back-to-back. Exactly
    :func:`b2b_count` of them, spread evenly (Bresenham: boundary i is back-to-back iff floor((i+1)k/m) >
    floor(ik/m))."""
    m = max(0, n_units - 1)
    k = b2b_count(n_units, p)
    return [((i + 1) * k) // m > (i * k) // m for i in range(m)] if m else []


# ---------------------------------------------------------------------------------------------------------------
# Golden memory (versioned: a read sees the writes ordered before it)
# ---------------------------------------------------------------------------------------------------------------
class GoldenMemory:
    """Byte-addressed memory image with a per-byte write history tagged by an ordering number ``seq``.

    ``write(seq, addr, data, mask)`` must be called in non-decreasing seq order per byte; ``read(addr, n, seq)``
    returns the bytes as seen by an access ordered at ``seq`` (writes with a smaller seq; seq None = all)."""

    def __init__(self, init: bytes):
        self.init = bytes(init)
        self.size = len(init)
        self.hist: dict[int, list[tuple[int, int]]] = {}

    def write(self, seq: int, addr: int, data: bytes, mask: list[bool] | None = None) -> None:
        for i, b in enumerate(data):
            if mask is not None and not mask[i]:
                continue
            a = addr + i
            assert 0 <= a < self.size, f"golden write beyond memory: 0x{a:x}"
            h = self.hist.setdefault(a, [])
            assert not h or h[-1][0] <= seq, "golden memory writes out of order"
            h.append((seq, b))

    def read(self, addr: int, n: int, seq: int | None = None) -> bytes:
        out = bytearray()
        for a in range(addr, addr + n):
            v = self.init[a]
            for s, b in self.hist.get(a, ()):
                if seq is not None and s >= seq:
                    break
                v = b
            out.append(v)
        return bytes(out)

    def image(self) -> bytes:
        return self.read(0, self.size)
