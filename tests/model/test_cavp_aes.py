# SPDX-License-Identifier: Apache-2.0
"""AESAVS ECB/CBC KAT + MMT files and the Monte Carlo tests through the golden model."""
from __future__ import annotations

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aesforge.model import AES, cbc_decrypt, cbc_encrypt, ecb_decrypt, ecb_encrypt, mct_cbc, mct_ecb
from aesforge.vectors import all_records, cavp_files, file_stem, parse_mct, parse_rsp

AES_FILES = cavp_files("ecb") + cavp_files("cbc")
MCT_FILES = cavp_files("mct")


def test_aes_counts() -> None:
    for kind in ("ecb", "cbc"):
        recs = all_records(kind)
        assert len(recs) == 2138
        assert len({r["id"] for r in recs}) == 2138
        assert sum("MMT" in r["id"] for r in recs) == 60
        assert {r["op"] for r in recs} == {"encrypt", "decrypt"}
    mct = all_records("mct")
    assert len(mct) == 600 and all(r["mct"] for r in mct)


@pytest.mark.parametrize("path", AES_FILES, ids=file_stem)
def test_aes_file(path) -> None:
    failures = []
    recs = list(parse_rsp(path))
    assert recs, "empty file"
    for r in recs:
        key = bytes.fromhex(r["key"])
        if r["op"] == "encrypt":
            src, want = bytes.fromhex(r["pt"]), r["expect"]["ct"]
            got = ecb_encrypt(key, src) if r["mode"] == "ecb" else cbc_encrypt(key, bytes.fromhex(r["iv"]), src)
        else:
            src, want = bytes.fromhex(r["ct"]), r["expect"]["pt"]
            got = ecb_decrypt(key, src) if r["mode"] == "ecb" else cbc_decrypt(key, bytes.fromhex(r["iv"]), src)
        if got.hex() != want:
            failures.append(r["id"])
        # Single-block records also exercise the AES class API directly.
        if len(src) == 16 and r["mode"] == "ecb":
            aes = AES(key)
            one = aes.encrypt(src) if r["op"] == "encrypt" else aes.decrypt(src)
            assert one.hex() == want, r["id"]
    assert not failures, f"{len(failures)} mismatches, first: {failures[:5]}"


def _strip(rec: dict) -> dict:
    return {k: v for k, v in rec.items() if k != "id"}


# The full 100 x 1000 Monte Carlo runs take ~30 s in total on one core, so the default run
# checks the first OUTER_QUICK checkpoints and `-m full` runs all 100.
OUTER_QUICK = 5
OUTERS = [OUTER_QUICK, pytest.param(100, marks=pytest.mark.full, id="full")]


@pytest.mark.parametrize("outer", OUTERS)
@pytest.mark.parametrize("op", ["encrypt", "decrypt"])
@pytest.mark.parametrize("path", MCT_FILES, ids=file_stem)
def test_cbc_mct_file(path, op: str, outer: int) -> None:
    """AESAVS CBC Monte Carlo against the NIST file, chained from COUNT = 0."""
    want = [r for r in parse_mct(path) if r["op"] == op]
    assert [r["count"] for r in want] == list(range(100))
    s = want[0]
    text = bytes.fromhex(s["pt" if op == "encrypt" else "ct"])
    got = mct_cbc(bytes.fromhex(s["key"]), bytes.fromhex(s["iv"]), text, op, outer=outer)  # type: ignore[arg-type]
    assert len(got) == outer
    for g, w in zip(got, want):
        assert _strip(g) == _strip(w), w["id"]


def test_ecb_mct_nist_known_answer() -> None:
    """ECBMCT128.rsp [ENCRYPT] COUNT = 0 of the NIST AESAVS response files (not shipped by the
    installed packages; value transcribed from the NIST file)."""
    got = mct_ecb(bytes.fromhex("139a35422f1d61de3c91787fe0507afd"),
                  bytes.fromhex("b9145a768b7dc489a096b546f43b231f"), "encrypt", outer=1)
    assert got[0]["expect"] == {"ct": "d7c3ffac9031238650901e157364c386"}


def _ref_ecb_mct(key: bytes, text: bytes, op: str, outer: int) -> list[tuple[str, str, str]]:
    """Independent AESAVS ECB MCT loop on top of `cryptography` (key, input, output per checkpoint)."""
    out = []
    for _ in range(outer):
        c = Cipher(algorithms.AES(key), modes.ECB())
        ctx = c.encryptor() if op == "encrypt" else c.decryptor()
        inp = text
        outs = []
        for _ in range(1000):
            text = ctx.update(text)
            outs.append(text)
        out.append((key.hex(), inp.hex(), text.hex()))
        tail = (outs[-2] + outs[-1])[-len(key):]
        key = bytes(a ^ b for a, b in zip(key, tail))
    return out


@pytest.mark.parametrize("outer", OUTERS)
@pytest.mark.parametrize("op", ["encrypt", "decrypt"])
@pytest.mark.parametrize("kbits", [128, 192, 256])
def test_ecb_mct_vs_cryptography(kbits: int, op: str, outer: int) -> None:
    """No ECB MCT file is installed: check the model against an independent loop, seeded like
    the ecb_mct_k* suites (COUNT = 0 of the CBCMCT file of the same key size)."""
    seed = next(r for r in all_records("mct") if len(r["key"]) * 4 == kbits and r["op"] == op)
    src, dst = ("pt", "ct") if op == "encrypt" else ("ct", "pt")
    key, text = bytes.fromhex(seed["key"]), bytes.fromhex(seed[src])
    got = mct_ecb(key, text, op, outer=outer)  # type: ignore[arg-type]
    ref = _ref_ecb_mct(key, text, op, outer)
    assert [(r["key"], r[src], r["expect"][dst]) for r in got] == ref
    if outer == 100:
        from aesforge.vectors import load_suite

        suite = [r for r in load_suite(f"ecb_mct_k{kbits}") if r["op"] == op]
        assert [_strip(r) for r in suite] == got


def test_mct_rejects_bad_args() -> None:
    with pytest.raises(ValueError, match="op must be"):
        mct_ecb(bytes(16), bytes(16), "sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="16 bytes"):
        mct_cbc(bytes(16), bytes(15), bytes(16), "encrypt")
