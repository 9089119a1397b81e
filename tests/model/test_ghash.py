# SPDX-License-Identifier: Apache-2.0
"""GF(2^128) multipliers and GHASH: bit-serial (Algorithm 1) == digit-serial (all d) == table."""
from __future__ import annotations

import random

import pytest

from aesforge.model import ONE, GHashKey, gf_mult_bitserial, gf_mult_digit, ghash, h_powers, mulx

DIGITS = [1, 2, 4, 8, 16, 32, 64, 128]
rng = random.Random(0x6A5)
PAIRS = [(rng.getrandbits(128), rng.getrandbits(128)) for _ in range(6)] + [
    (ONE, 1), (1, 1), ((1 << 128) - 1, (1 << 128) - 1), (0xE1 << 120, 1)
]


def test_identity_is_msb() -> None:
    assert ONE == 0x80000000000000000000000000000000
    for x, _ in PAIRS:
        assert gf_mult_bitserial(x, ONE) == x
        assert gf_mult_bitserial(ONE, x) == x
        assert gf_mult_bitserial(x, 0) == 0
        assert GHashKey(x).mult(ONE) == x
    # The integer 1 is x^127, not the identity.
    assert gf_mult_bitserial(5 << 100, 1) != 5 << 100


def test_mult_by_x() -> None:
    x_elem = ONE >> 1  # the polynomial "x" (bit 1 set)
    for v, _ in PAIRS:
        assert gf_mult_bitserial(v, x_elem) == mulx(v)
    # x^127 * x = x^128 = x^7 + x^2 + x + 1 -> bits 0, 1, 2, 7 = 0xE1 << 120.
    assert mulx(1) == 0xE1 << 120


def test_field_laws() -> None:
    a, b, c = (rng.getrandbits(128) for _ in range(3))
    m = gf_mult_bitserial
    assert m(a, b) == m(b, a)
    assert m(a, b ^ c) == m(a, b) ^ m(a, c)
    assert m(m(a, b), c) == m(a, m(b, c))


def test_known_product() -> None:
    """GCM test case 2 (McGrew/Viega): H = E_0(0), C = 0388dace..; GHASH(C || len) = f38cbb1a.."""
    h = bytes.fromhex("66e94bd4ef8a2c3b884cfa59ca342b2e")
    data = bytes.fromhex("0388dace60b6a392f328c2b971b2fe78" "00000000000000000000000000000080")
    for impl in ("table", "bitserial", "digit"):
        assert ghash(h, data, impl=impl).hex() == "f38cbb1ad69223dcc3457ae5b6b0f885"  # type: ignore[arg-type]


@pytest.mark.parametrize("order", ["horner", "alg1"])
@pytest.mark.parametrize("d", DIGITS)
def test_digit_equals_bitserial(d: int, order: str) -> None:
    for x, y in PAIRS:
        want = gf_mult_bitserial(x, y)
        assert gf_mult_digit(x, y, d, order=order) == want  # type: ignore[arg-type]
        z, states = gf_mult_digit(x, y, d, trace=True, order=order)  # type: ignore[arg-type]
        assert z == want and len(states) == 128 // d and states[-1] == want


def test_digit_trace_recurrences() -> None:
    """Re-derive the documented per-step accumulators independently for one case."""
    x, y = PAIRS[0]
    # horner, d = 8: Z_{s+1} = Z_s * x^8 xor (byte s from the END of y, placed at the top) * X
    _, st = gf_mult_digit(x, y, 8, trace=True)
    z = 0
    for s in range(16):
        digit = y.to_bytes(16, "big")[15 - s]
        for _ in range(8):
            z = mulx(z)
        z ^= gf_mult_bitserial(digit << 120, x)
        assert st[s] == z
    # alg1, d = 1: the Z values of SP 800-38D Algorithm 1 with X = y (consumed), Y = x.
    _, st = gf_mult_digit(x, y, 1, trace=True, order="alg1")
    z, v = 0, x
    for i in range(128):
        if (y >> (127 - i)) & 1:
            z ^= v
        v = mulx(v)
        assert st[i] == z


def test_ghash_impls_agree() -> None:
    for n in (0, 1, 2, 5):
        h = rng.randbytes(16)
        data = rng.randbytes(16 * n)
        ref = ghash(h, data, impl="bitserial")
        assert ghash(h, data) == ref
        for d in (1, 4, 32):
            assert ghash(h, data, impl="digit", d=d) == ref
            assert ghash(h, data, impl="digit", d=d, order="alg1") == ref
    assert ghash(bytes(16), b"") == bytes(16)


def test_ghash_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="multiple of 16"):
        ghash(bytes(16), bytes(17))
    with pytest.raises(ValueError, match="16 bytes"):
        ghash(bytes(15), bytes(16))
    with pytest.raises(ValueError, match="digit size"):
        gf_mult_digit(1, 1, 3)
    with pytest.raises(ValueError, match="impl"):
        ghash(bytes(16), bytes(16), impl="fast")  # type: ignore[arg-type]


def test_h_powers() -> None:
    h = rng.getrandbits(128)
    p = h_powers(h, 8)
    assert len(p) == 8 and p[0] == h
    acc = ONE
    for i in range(8):
        acc = gf_mult_bitserial(acc, h)
        assert p[i] == acc
    assert p[2] == gf_mult_bitserial(p[0], p[1])
    assert h_powers(h.to_bytes(16, "big"), 3) == p[:3]
    assert h_powers(h, 0) == []
