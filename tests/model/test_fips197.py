# SPDX-License-Identifier: Apache-2.0
"""FIPS-197 tables, key expansion (Appendix A) and round-by-round traces (Appendix C)."""
from __future__ import annotations

import pytest

from aesforge.model import (
    AES,
    INV_SBOX,
    RCON,
    SBOX,
    expand_key,
    key_words,
    num_rounds,
    trace_decrypt,
    trace_encrypt,
)

PT = bytes.fromhex("00112233445566778899aabbccddeeff")
# Appendix C.1 / C.2 / C.3: key 000102..., plaintext 00112233...ff, cipher output.
APPENDIX_C = {
    16: "69c4e0d86a7b0430d8cdb78070b4c55a",
    24: "dda97ca4864cdfe06eaf70a0ec0d7191",
    32: "8ea2b7ca516745bfeafc49904b496089",
}


def test_sbox_tables() -> None:
    assert len(SBOX) == 256 and len(INV_SBOX) == 256
    assert SBOX[0x00] == 0x63 and SBOX[0x01] == 0x7C and SBOX[0x53] == 0xED and SBOX[0xFF] == 0x16
    assert INV_SBOX[0x00] == 0x52 and INV_SBOX[0xED] == 0x53
    assert sorted(SBOX) == list(range(256))
    assert all(INV_SBOX[SBOX[a]] == a for a in range(256))
    assert RCON[1:] == (0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36)


def test_num_rounds() -> None:
    assert [num_rounds(n) for n in (16, 24, 32)] == [10, 12, 14]
    with pytest.raises(ValueError):
        num_rounds(20)


@pytest.mark.parametrize(
    "key,checks",
    [
        # Appendix A.1 (AES-128), A.2 (AES-192), A.3 (AES-256): selected words w[i].
        ("2b7e151628aed2a6abf7158809cf4f3c", {4: 0xA0FAFE17, 5: 0x88542CB1, 43: 0xB6630CA6}),
        ("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", {6: 0xFE0C91F7, 51: 0x01002202}),
        ("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", {8: 0x9BA35411, 59: 0x706C631E}),
    ],
)
def test_key_expansion_appendix_a(key: str, checks: dict[int, int]) -> None:
    k = bytes.fromhex(key)
    w = key_words(k)
    assert len(w) == 4 * (num_rounds(len(k)) + 1)
    for i, v in checks.items():
        assert w[i] == v, f"w[{i}] = {w[i]:08x}"
    rks = expand_key(k)
    assert rks[0] == k[:16] and rks[-1] == b"".join(x.to_bytes(4, "big") for x in w[-4:])
    assert AES(k).round_keys == rks


def test_trace_encrypt_c1_rounds() -> None:
    t = trace_encrypt(bytes(range(16)), PT)
    assert t[0] == {"round": 0, "input": PT.hex(), "k_sch": "000102030405060708090a0b0c0d0e0f"}
    assert t[1] == {
        "round": 1,
        "start": "00102030405060708090a0b0c0d0e0f0",
        "s_box": "63cab7040953d051cd60e0e7ba70e18c",
        "s_row": "6353e08c0960e104cd70b751bacad0e7",
        "m_col": "5f72641557f5bc92f7be3b291db9f91a",
        "k_sch": "d6aa74fdd2af72fadaa678f1d6ab76fe",
    }
    assert t[2]["start"] == "89d810e8855ace682d1843d8cb128fe4"
    assert t[9]["start"] == "fde3bad205e5d0d73547964ef1fe37f1"
    assert t[10]["start"] == "bd6e7c3df2b5779e0b61216e8b10b689"
    assert t[10]["s_row"] == "7ad5fda789ef4e272bca100b3d9ff59f"
    assert t[10]["k_sch"] == "13111d7fe3944a17f307a78b4d2b30c5"
    assert "m_col" not in t[10]
    assert t[10]["output"] == APPENDIX_C[16]


def test_trace_decrypt_c1_rounds() -> None:
    t = trace_decrypt(bytes(range(16)), bytes.fromhex(APPENDIX_C[16]))
    assert t[0] == {"round": 0, "iinput": APPENDIX_C[16], "ik_sch": "13111d7fe3944a17f307a78b4d2b30c5"}
    assert t[1] == {
        "round": 1,
        "istart": "7ad5fda789ef4e272bca100b3d9ff59f",
        "is_row": "7a9f102789d5f50b2beffd9f3dca4ea7",
        "is_box": "bd6e7c3df2b5779e0b61216e8b10b689",
        "ik_sch": "549932d1f08557681093ed9cbe2c974e",
        "ik_add": "e9f74eec023020f61bf2ccf2353c21c7",
    }
    assert t[10]["ik_sch"] == "000102030405060708090a0b0c0d0e0f"
    assert t[10]["ioutput"] == PT.hex()


@pytest.mark.parametrize("klen", [16, 24, 32])
def test_trace_decrypt_mirrors_encrypt(klen: int) -> None:
    """Inverse round r undoes cipher round n = Nr+1-r, so its states mirror the cipher trace."""
    key = bytes(range(klen))
    nr = num_rounds(klen)
    enc = trace_encrypt(key, PT)
    dec = trace_decrypt(key, bytes.fromhex(APPENDIX_C[klen]))
    for r in range(1, nr + 1):
        n = nr + 1 - r
        assert dec[r]["istart"] == enc[n]["s_row"], r
        assert dec[r]["is_row"] == enc[n]["s_box"], r
        assert dec[r]["is_box"] == enc[n]["start"], r
        assert dec[r]["ik_sch"] == enc[n - 1]["k_sch"], r
        if r < nr:
            assert dec[r]["ik_add"] == enc[n - 1]["m_col"], r


@pytest.mark.parametrize("klen", [16, 24, 32])
def test_trace_outputs_appendix_c(klen: int) -> None:
    key = bytes(range(klen))
    enc = trace_encrypt(key, PT)
    assert len(enc) == num_rounds(klen) + 1
    assert enc[-1]["output"] == APPENDIX_C[klen]
    dec = trace_decrypt(key, bytes.fromhex(APPENDIX_C[klen]))
    assert dec[-1]["ioutput"] == PT.hex()
    # Fast T-table cipher agrees with the literal reference.
    aes = AES(key)
    assert aes.nr == num_rounds(klen)
    assert aes.encrypt(PT).hex() == APPENDIX_C[klen]
    assert aes.decrypt(bytes.fromhex(APPENDIX_C[klen])) == PT
    # Every middle round's m_col xor k_sch is the next round's start.
    for r in range(1, num_rounds(klen) - 1):
        nxt = int(enc[r]["m_col"], 16) ^ int(enc[r]["k_sch"], 16)
        assert f"{nxt:032x}" == enc[r + 1]["start"]
