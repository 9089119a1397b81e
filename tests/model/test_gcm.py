# SPDX-License-Identifier: Apache-2.0
"""AES-GCM model: differential runs vs cryptography / pycryptodome, negatives, traces, ECB/CBC."""
from __future__ import annotations

import random

import pytest
from Crypto.Cipher import AES as PyAES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from aesforge.model import (
    TAG_LENGTHS,
    AES,
    cbc_decrypt,
    cbc_encrypt,
    ecb_decrypt,
    ecb_encrypt,
    gcm_decrypt,
    gcm_encrypt,
    gcm_trace,
    gctr,
    ghash,
    gmac,
    inc32,
    j0,
)

KEY_LENS = (16, 24, 32)
# Lengths around block boundaries: empty, partial, single, multi, multi + partial.
LENGTHS = (0, 1, 15, 16, 17, 31, 32, 33, 64, 100)


def _rand_case(rng: random.Random, iv_len: int) -> tuple[bytes, bytes, bytes, bytes]:
    return (rng.randbytes(rng.choice(KEY_LENS)), rng.randbytes(iv_len),
            rng.randbytes(rng.choice(LENGTHS)), rng.randbytes(rng.choice(LENGTHS)))


def test_diff_cryptography_aesgcm() -> None:
    rng = random.Random(1)
    for _ in range(300):
        key, iv, aad, pt = _rand_case(rng, rng.choice((12, 8, 16, 60)))
        ref = AESGCM(key).encrypt(iv, pt, aad)
        ct, tag = gcm_encrypt(key, iv, aad, pt)
        assert ct + tag == ref
        assert gcm_decrypt(key, iv, aad, ct, tag) == pt


def test_diff_cryptography_truncated_tags() -> None:
    rng = random.Random(2)
    for tl in TAG_LENGTHS:
        for _ in range(20):
            key, iv, aad, pt = _rand_case(rng, 12)
            enc = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
            enc.authenticate_additional_data(aad)
            ref_ct = enc.update(pt) + enc.finalize()
            ct, tag = gcm_encrypt(key, iv, aad, pt, tag_len=tl)
            assert ct == ref_ct and tag == enc.tag[:tl]
            dec = Cipher(algorithms.AES(key), modes.GCM(iv, tag, min_tag_length=4)).decryptor()
            dec.authenticate_additional_data(aad)
            assert dec.update(ct) + dec.finalize() == gcm_decrypt(key, iv, aad, ct, tag) == pt


@pytest.mark.parametrize("iv_len", [1, 2, 7, 8, 11, 12, 13, 16, 17, 31, 64, 128])
def test_diff_pycryptodome_iv_lengths(iv_len: int) -> None:
    """pycryptodome accepts any IV length >= 1 byte (cryptography refuses < 8 bytes)."""
    rng = random.Random(1000 + iv_len)
    for i in range(30):
        key, iv, aad, pt = _rand_case(rng, iv_len)
        tl = TAG_LENGTHS[i % len(TAG_LENGTHS)]
        ref = PyAES.new(key, PyAES.MODE_GCM, nonce=iv, mac_len=tl)
        ref.update(aad)
        ref_ct, ref_tag = ref.encrypt_and_digest(pt)
        assert gcm_encrypt(key, iv, aad, pt, tl) == (ref_ct, ref_tag)
        assert gcm_decrypt(key, iv, aad, ref_ct, ref_tag) == pt


def test_gmac_vs_pycryptodome() -> None:
    rng = random.Random(3)
    for _ in range(30):
        key, iv, aad, _pt = _rand_case(rng, rng.randint(1, 40))
        ref = PyAES.new(key, PyAES.MODE_GCM, nonce=iv)
        ref.update(aad)
        assert gmac(key, iv, aad) == ref.digest()


def test_empty_everything_known_answer() -> None:
    """GCM test case 1 (McGrew/Viega): K = 0^128, IV = 0^96, no AAD, no PT."""
    ct, tag = gcm_encrypt(bytes(16), bytes(12), b"", b"")
    assert ct == b"" and tag.hex() == "58e2fccefa7e3061367f1d57a4e7455a"


def test_diff_ecb_cbc_cryptography() -> None:
    rng = random.Random(4)
    for _ in range(60):
        key, iv = rng.randbytes(rng.choice(KEY_LENS)), rng.randbytes(16)
        data = rng.randbytes(16 * rng.randint(0, 5))
        e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        assert ecb_encrypt(key, data) == e.update(data) + e.finalize()
        assert ecb_decrypt(key, ecb_encrypt(key, data)) == data
        c = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        ref = c.update(data) + c.finalize()
        assert cbc_encrypt(key, iv, data) == ref
        assert cbc_decrypt(key, iv, ref) == data


# ---------------------------------------------------------------------------------------
# Negative tests
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("klen", [0, 8, 15, 17, 20, 33, 64])
def test_bad_key_length(klen: int) -> None:
    with pytest.raises(ValueError, match="key length"):
        gcm_encrypt(bytes(klen), bytes(12), b"", b"")
    with pytest.raises(ValueError, match="key length"):
        gcm_decrypt(bytes(klen), bytes(12), b"", b"", bytes(16))
    with pytest.raises(ValueError, match="key length"):
        AES(bytes(klen))
    with pytest.raises(ValueError, match="key length"):
        ecb_encrypt(bytes(klen), bytes(16))


@pytest.mark.parametrize("tl", [0, 1, 3, 5, 7, 9, 10, 11, 17, 32])
def test_bad_tag_length(tl: int) -> None:
    with pytest.raises(ValueError, match="tag length"):
        gcm_encrypt(bytes(16), bytes(12), b"", b"", tag_len=tl)
    with pytest.raises(ValueError, match="tag length"):
        gcm_decrypt(bytes(16), bytes(12), b"", b"", bytes(tl))
    with pytest.raises(ValueError, match="tag length"):
        gmac(bytes(16), bytes(12), b"", tag_len=tl)


def test_empty_iv() -> None:
    with pytest.raises(ValueError, match="IV"):
        gcm_encrypt(bytes(16), b"", b"", b"")
    with pytest.raises(ValueError, match="IV"):
        gcm_decrypt(bytes(16), b"", b"", b"", bytes(16))


def test_bad_block_data() -> None:
    with pytest.raises(ValueError, match="multiple of 16"):
        ecb_encrypt(bytes(16), bytes(15))
    with pytest.raises(ValueError, match="multiple of 16"):
        cbc_decrypt(bytes(16), bytes(16), bytes(33))
    with pytest.raises(ValueError, match="IV"):
        cbc_encrypt(bytes(16), bytes(12), bytes(16))
    with pytest.raises(ValueError, match="16 bytes"):
        AES(bytes(16)).encrypt(bytes(15))


def test_length_limits() -> None:
    """The SP 800-38D limits are checked on lengths; use a fake bytes-like with a huge len()."""

    class Huge(bytes):
        def __len__(self) -> int:  # noqa: D105
            return 2**36  # 2^39 bits > 2^39 - 256

    with pytest.raises(ValueError, match="2\\^39-256"):
        gcm_encrypt(bytes(16), bytes(12), b"", Huge())

    class HugeAad(bytes):
        def __len__(self) -> int:  # noqa: D105
            return 2**61  # 2^64 bits > 2^64 - 1

    with pytest.raises(ValueError, match="AAD"):
        gcm_encrypt(bytes(16), bytes(12), HugeAad(), b"")
    with pytest.raises(ValueError, match="IV"):
        gcm_encrypt(bytes(16), HugeAad(), b"", b"")


@pytest.mark.parametrize("tl", [16, 12, 4])
def test_tamper_detected(tl: int) -> None:
    rng = random.Random(5 + tl)
    key, iv, aad, pt = rng.randbytes(16), rng.randbytes(12), rng.randbytes(20), rng.randbytes(40)
    ct, tag = gcm_encrypt(key, iv, aad, pt, tl)
    assert gcm_decrypt(key, iv, aad, ct, tag) == pt

    def flip(b: bytes, bit: int) -> bytes:
        x = bytearray(b)
        x[bit // 8] ^= 0x80 >> (bit % 8)
        return bytes(x)

    for bit in (0, 7, 8 * tl - 1):
        assert gcm_decrypt(key, iv, aad, ct, flip(tag, bit)) is None
    for bit in (0, 123, 8 * len(ct) - 1):
        assert gcm_decrypt(key, iv, aad, flip(ct, bit), tag) is None
    for bit in (0, 8 * len(aad) - 1):
        assert gcm_decrypt(key, iv, flip(aad, bit), ct, tag) is None
    assert gcm_decrypt(key, flip(iv, 5), aad, ct, tag) is None
    assert gcm_decrypt(key, iv, aad + b"\x00", ct, tag) is None
    assert gcm_decrypt(key, iv, aad, ct[:-1], tag) is None


# ---------------------------------------------------------------------------------------
# Building blocks and trace
# ---------------------------------------------------------------------------------------
def test_inc32() -> None:
    assert inc32(0x1) == 0x2
    assert inc32((0xABC << 32) | 0xFFFFFFFF) == 0xABC << 32  # wraps mod 2^32, no carry out
    assert inc32((1 << 128) - 1) == ((1 << 128) - 1) ^ 0xFFFFFFFF


def test_j0() -> None:
    h = AES(bytes(16)).encrypt(bytes(16))
    assert j0(h, bytes(range(12))) == (int.from_bytes(bytes(range(12)), "big") << 32) | 1
    iv = bytes(range(1, 9))  # 64-bit IV: GHASH(IV || 0^64 || [0]^64 || [64]^64)
    block = iv + bytes(8) + bytes(8) + (64).to_bytes(8, "big")
    assert j0(h, iv) == int.from_bytes(ghash(h, block, impl="bitserial"), "big")


@pytest.mark.parametrize("iv_len,pt_len,aad_len", [(12, 0, 0), (12, 40, 20), (1, 17, 16), (64, 16, 0)])
def test_gcm_trace_consistent(iv_len: int, pt_len: int, aad_len: int) -> None:
    rng = random.Random(iv_len * 1000 + pt_len)
    key, iv, aad, pt = rng.randbytes(32), rng.randbytes(iv_len), rng.randbytes(aad_len), rng.randbytes(pt_len)
    tr = gcm_trace(key, iv, aad, pt, tag_len=12)
    ct, tag = gcm_encrypt(key, iv, aad, pt, tag_len=12)
    assert tr["ct"] == ct.hex() and tr["tag"] == tag.hex()
    aes = AES(key)
    assert tr["H"] == aes.encrypt(bytes(16)).hex()
    nblk = -(-pt_len // 16)
    assert len(tr["counters"]) == len(tr["keystream"]) == nblk
    cb = int(tr["J0"], 16)
    for c, ks in zip(tr["counters"], tr["keystream"]):
        cb = inc32(cb)
        assert c == f"{cb:032x}" and ks == aes.encrypt(cb.to_bytes(16, "big")).hex()
    kinds = [s["kind"] for s in tr["ghash"]]
    assert kinds == ["aad"] * (-(-aad_len // 16)) + ["text"] * nblk + ["len"]
    assert tr["ghash"][-1]["y"] == tr["S"]
    assert tr["ghash"][-1]["block"] == tr["len_block"] == f"{8 * aad_len:016x}{8 * pt_len:016x}"
    assert int(tr["T"], 16) == int(tr["S"], 16) ^ int(tr["EJ0"], 16)
    assert ("j0_ghash" in tr) == (iv_len != 12)
    if iv_len != 12:
        assert tr["j0_ghash"][-1]["y"] == tr["J0"]
    # GCTR on its own reproduces the ciphertext.
    assert gctr(key, inc32(int(tr["J0"], 16)), pt) == ct


def test_gctr_counter_wraps_32_bits() -> None:
    """The counter increment must wrap inside the low 32 bits (not carry into the IV part)."""
    key = bytes(range(16))
    icb = (0x0123456789ABCDEF01234567 << 32) | 0xFFFFFFFF
    data = bytes(40)  # three blocks, the last one partial
    aes = AES(key)
    ks = b"".join(aes.encrypt(((icb & ~0xFFFFFFFF) | ((icb + i) & 0xFFFFFFFF)).to_bytes(16, "big")) for i in range(3))
    assert gctr(key, icb, data) == ks[:40]
    assert gctr(key, icb, data)[16:32] != aes.encrypt((icb + 1).to_bytes(16, "big"))
