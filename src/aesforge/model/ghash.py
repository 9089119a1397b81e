# SPDX-License-Identifier: Apache-2.0
"""GF(2^128) multiplication and GHASH (NIST SP 800-38D, section 6.3 / 6.4).

Bit conventions (SP 800-38D): a 128-bit block X = x_0 x_1 ... x_127 where x_0 is the most
significant bit of byte 0.  As a Python integer ``X = int.from_bytes(block, "big")`` so
``x_i`` is integer bit ``127 - i``.  Bit x_i is the coefficient of ``x^i`` in the field
polynomial; the field is GF(2)[x] / (x^128 + x^7 + x^2 + x + 1).  Consequences:

* the multiplicative identity "1" is ``1 << 127`` (block ``80 00 .. 00``);
* multiplying by ``x`` is a right shift of the integer, followed by XOR with
  ``R = 0xE1 << 120`` when the bit shifted out (integer bit 0, i.e. x_127) was 1.

Three interchangeable multipliers are provided:

* :func:`gf_mult_bitserial` -- Algorithm 1 of SP 800-38D, literally.
* :func:`gf_mult_digit`     -- d bits per step, with a per-step trace for RTL comparison.
* :class:`GHashKey`         -- Shoup's 4-bit table method, fast enough for all CAVP vectors.
"""
from __future__ import annotations

from typing import Literal, overload

__all__ = [
    "R",
    "ONE",
    "gf_mult_bitserial",
    "gf_mult_digit",
    "mulx",
    "mulx_pow",
    "GHashKey",
    "ghash",
    "h_powers",
    "DIGIT_SIZES",
]

MASK128 = (1 << 128) - 1
R = 0xE1 << 120
"""Reduction constant R = 11100001 || 0^120 of SP 800-38D Algorithm 1."""
ONE = 1 << 127
"""Multiplicative identity of GF(2^128) in SP 800-38D bit order (block 0x80 00 .. 00)."""
DIGIT_SIZES = (1, 2, 4, 8, 16, 32, 64, 128)
"""Digit widths accepted by :func:`gf_mult_digit`."""

DigitOrder = Literal["horner", "alg1"]


def _check_elem(v: int, name: str) -> None:
    if not isinstance(v, int) or v < 0 or v > MASK128:
        raise ValueError(f"{name} must be an integer in [0, 2^128), got {v!r}")


def mulx(v: int) -> int:
    """Multiply a field element by x: right shift, reduce with R if x_127 (integer bit 0) was set."""
    return (v >> 1) ^ R if v & 1 else v >> 1


def mulx_pow(v: int, n: int) -> int:
    """Multiply a field element by x^n (n single :func:`mulx` steps)."""
    for _ in range(n):
        v = mulx(v)
    return v


def gf_mult_bitserial(x: int, y: int) -> int:
    """X * Y in GF(2^128), exactly SP 800-38D Algorithm 1.

    ::

        Z_0 = 0, V_0 = Y
        for i = 0 .. 127:
            Z_{i+1} = Z_i xor V_i   if x_i = 1  else Z_i       (x_i = integer bit 127-i)
            V_{i+1} = V_i >> 1      if LSB1(V_i) = 0
                      (V_i >> 1) xor R otherwise
        return Z_128
    """
    _check_elem(x, "x")
    _check_elem(y, "y")
    z = 0
    v = y
    for i in range(128):
        if (x >> (127 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1
    return z


def _digit_times(digit: int, d: int, v: int) -> int:
    """Partial product D(x) * V for a d-bit digit whose MSB is the coefficient of x^0.

    ``D(x) = sum_j digit_bit(d-1-j) * x^j``, i.e. the digit placed in the top d bits of a
    block (``digit << (128 - d)``).  This is the combinational "d x 128" multiplier of a
    digit-serial datapath: XOR of V*x^j for every set digit bit j (j = 0 is the digit MSB).
    """
    acc = 0
    for j in range(d):
        if (digit >> (d - 1 - j)) & 1:
            acc ^= v
        v = mulx(v)
    return acc


@overload
def gf_mult_digit(x: int, y: int, d: int = 1, trace: Literal[False] = False, order: DigitOrder = "horner") -> int: ...
@overload
def gf_mult_digit(x: int, y: int, d: int = 1, *, trace: Literal[True], order: DigitOrder = "horner") -> tuple[int, list[int]]: ...
@overload
def gf_mult_digit(x: int, y: int, d: int, trace: Literal[True], order: DigitOrder = "horner") -> tuple[int, list[int]]: ...


def gf_mult_digit(
    x: int, y: int, d: int = 1, trace: bool = False, order: DigitOrder = "horner"
) -> int | tuple[int, list[int]]:
    """X * Y in GF(2^128) consuming ``d`` bits of ``y`` per step (n = 128/d steps).

    ``x`` is the full-width operand held constant (typically the hash key H), ``y`` is the
    operand consumed one d-bit digit per clock.  With ``trace=True`` returns
    ``(product, [Z_1, ..., Z_n])``: the accumulator register after each step.  Z_n is the
    product.  Two recurrences are available; both give the same product.

    ``order="horner"`` (default; single 128-bit state register, H constant)::

        digit s (s = 0..n-1) = integer bits [d*s + d-1 .. d*s] of y
                             = SP 800-38D bits y_{128-d(s+1)} .. y_{127-d*s}
          -> y is consumed from its LEAST significant integer end (highest-degree bits,
             y_127 first), i.e. from the LAST byte of the block.
        D_s   = digit_s << (128 - d)               # digit as a field element
        Z_0   = 0
        Z_s+1 = (Z_s * x^d) xor (D_s * X)           # Horner step, * x^d = d x mulx()

    ``order="alg1"`` (Algorithm 1 generalised to d bits; two registers Z and V)::

        digit s = integer bits [127 - d*s .. 128 - d(s+1)] of y
                = SP 800-38D bits y_{d*s} .. y_{d*s + d-1}
          -> y is consumed from its MOST significant integer end (y_0 first, byte 0 first).
        Z_0 = 0, V_0 = X
        Z_s+1 = Z_s xor (D_s * V_s)                 # D_s = digit_s << (128 - d)
        V_s+1 = V_s * x^d
      With d = 1 and the operands swapped this is exactly SP 800-38D Algorithm 1.

    In both, ``D * V`` for a d-bit digit is ``XOR_{j: digit bit (d-1-j) set} V * x^j``
    (the digit MSB multiplies V * x^0).
    """
    _check_elem(x, "x")
    _check_elem(y, "y")
    if d not in DIGIT_SIZES:
        raise ValueError(f"digit size d must be one of {DIGIT_SIZES}, got {d!r}")
    steps = 128 // d
    mask = (1 << d) - 1
    z = 0
    states: list[int] = []
    if order == "horner":
        for s in range(steps):
            digit = (y >> (d * s)) & mask
            z = mulx_pow(z, d) ^ _digit_times(digit, d, x)
            states.append(z)
    elif order == "alg1":
        v = x
        for s in range(steps):
            digit = (y >> (128 - d * (s + 1))) & mask
            z ^= _digit_times(digit, d, v)
            v = mulx_pow(v, d)
            states.append(z)
    else:
        raise ValueError(f"order must be 'horner' or 'alg1', got {order!r}")
    return (z, states) if trace else z


# Shoup 4-bit reduction table: RED4[v] = v * x^4 for the 4 integer low bits v (degrees 124..127),
# i.e. the reduction of the bits shifted out by a 4-bit right shift.
RED4: tuple[int, ...] = tuple(mulx_pow(v, 4) for v in range(16))


class GHashKey:
    """Multiplication by a fixed hash key H using Shoup's 4-bit table method.

    ``M[n] = (n << 124) * H`` for the 16 nibble values n (a nibble placed in the top 4 bits,
    i.e. coefficients of x^0..x^3).  A 128-bit X is split into 32 nibbles n_k (n_0 = integer
    bits 3..0, the highest-degree coefficients) so that X = sum_k (n_k << 124) * x^(124-4k), and
    X*H is evaluated by Horner: Z = Z * x^4 xor M[n_k] for k = 0..31, where
    Z * x^4 = (Z >> 4) xor RED4[Z & 0xF].
    """

    __slots__ = ("h", "_m")

    def __init__(self, h: bytes | int) -> None:
        hv = int.from_bytes(h, "big") if isinstance(h, (bytes, bytearray)) else h
        if isinstance(h, (bytes, bytearray)) and len(h) != 16:
            raise ValueError(f"hash key H must be 16 bytes, got {len(h)}")
        _check_elem(hv, "H")
        self.h: int = hv
        # M[8] = 1*H (x^0), M[4] = H*x, M[2] = H*x^2, M[1] = H*x^3; the rest by linearity.
        m = [0] * 16
        v = hv
        for bit in (8, 4, 2, 1):
            m[bit] = v
            v = mulx(v)
        for n in range(16):
            if n not in (0, 1, 2, 4, 8):
                acc = 0
                for bit in (8, 4, 2, 1):
                    if n & bit:
                        acc ^= m[bit]
                m[n] = acc
        self._m: tuple[int, ...] = tuple(m)

    def mult(self, x: int) -> int:
        """Return X * H (X as a 128-bit integer)."""
        m = self._m
        red = RED4
        z = 0
        for k in range(32):
            z = (z >> 4) ^ red[z & 0xF] ^ m[(x >> (4 * k)) & 0xF]
        return z

    def ghash_int(self, blocks: list[int], y: int = 0) -> int:
        """Fold blocks into the GHASH accumulator: Y_i = (Y_{i-1} xor X_i) * H."""
        mult = self.mult
        for b in blocks:
            y = mult(y ^ b)
        return y


def _blocks(data: bytes) -> list[int]:
    if len(data) % 16:
        raise ValueError(f"GHASH input must be a multiple of 16 bytes, got {len(data)} bytes")
    return [int.from_bytes(data[i : i + 16], "big") for i in range(0, len(data), 16)]


def ghash(
    h: bytes,
    data: bytes,
    impl: Literal["table", "bitserial", "digit"] = "table",
    d: int = 8,
    order: DigitOrder = "horner",
) -> bytes:
    """GHASH_H(X) of SP 800-38D Algorithm 2: Y_0 = 0, Y_i = (Y_{i-1} xor X_i) * H; returns Y_m.

    ``data`` must be a multiple of 16 bytes (the caller does the GCM padding).  ``impl``
    selects the multiplier (all give identical results); ``d``/``order`` apply to "digit".
    """
    if len(h) != 16:
        raise ValueError(f"hash key H must be 16 bytes, got {len(h)}")
    blocks = _blocks(data)
    hv = int.from_bytes(h, "big")
    y = 0
    if impl == "table":
        y = GHashKey(hv).ghash_int(blocks)
    elif impl == "bitserial":
        for b in blocks:
            y = gf_mult_bitserial(y ^ b, hv)
    elif impl == "digit":
        for b in blocks:
            y = gf_mult_digit(hv, y ^ b, d, order=order)
    else:
        raise ValueError(f"impl must be 'table', 'bitserial' or 'digit', got {impl!r}")
    return y.to_bytes(16, "big")


def h_powers(h: bytes | int, n: int) -> list[int]:
    """[H^1, H^2, ..., H^n] as integers (for n-way parallel / aggregated GHASH datapaths)."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    key = GHashKey(h)
    out: list[int] = []
    p = ONE
    for _ in range(n):
        p = key.mult(p)
        out.append(p)
    return out
