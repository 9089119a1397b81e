# SPDX-License-Identifier: Apache-2.0
"""Vector parsers, record schema, named suites, the CI subset and JSON Lines I/O."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from aesforge.vectors import (
    all_records,
    ci_subset,
    length_class,
    list_suites,
    load_suite,
    model_expect,
    parse_rsp,
    read_jsonl,
    write_jsonl,
)
from aesforge.vectors.cavp import read_rsp_raw

HEX = re.compile(r"^(?:[0-9a-f]{2})*$")
INPUTS = {
    ("ecb", "encrypt"): {"key", "pt"},
    ("ecb", "decrypt"): {"key", "ct"},
    ("cbc", "encrypt"): {"key", "iv", "pt"},
    ("cbc", "decrypt"): {"key", "iv", "ct"},
    ("gcm", "encrypt"): {"key", "iv", "aad", "pt", "tag_len"},
    ("gcm", "decrypt"): {"key", "iv", "aad", "ct", "tag", "tag_len"},
}
EXPECT = {
    ("ecb", "encrypt"): [{"ct"}], ("cbc", "encrypt"): [{"ct"}],
    ("ecb", "decrypt"): [{"pt"}], ("cbc", "decrypt"): [{"pt"}],
    ("gcm", "encrypt"): [{"ct", "tag"}], ("gcm", "decrypt"): [{"auth_ok", "pt"}, {"auth_ok"}],
}


def check_schema(r: dict) -> None:
    k = (r["mode"], r["op"])
    assert set(r) == {"id", "op", "mode", "expect"} | INPUTS[k], r["id"]
    assert set(r["expect"]) in EXPECT[k], r["id"]
    for name in INPUTS[k] - {"tag_len"}:
        assert HEX.match(r[name]), (r["id"], name)
    for v in r["expect"].values():
        assert isinstance(v, bool) or HEX.match(v), r["id"]
    if r["mode"] == "gcm":
        assert r["tag_len"] in (4, 8, 12, 13, 14, 15, 16)
        if r["op"] == "decrypt":
            assert len(r["tag"]) == 2 * r["tag_len"]
            assert r["expect"]["auth_ok"] is ("pt" in r["expect"])
        else:
            assert len(r["expect"]["tag"]) == 2 * r["tag_len"]


@pytest.mark.parametrize("kind", ["gcm", "ecb", "cbc"])
def test_schema_all_records(kind: str) -> None:
    recs = all_records(kind)
    for r in recs:
        check_schema(r)
    assert len({r["id"] for r in recs}) == len(recs)
    assert all(r["id"].count(":") == 2 for r in recs)


def test_ids_deterministic_and_readable() -> None:
    g = all_records("gcm")
    assert g[0]["id"] == "gcmEncryptExtIV128:k128_iv96_pt0_aad0_t128:0"
    assert all_records("ecb")[0]["id"] == "ECBGFSbox128:encrypt:0"
    assert [r["id"] for r in all_records("gcm")[:50]] == [r["id"] for r in g[:50]]


def test_cache_returns_copies() -> None:
    a = all_records("ecb")
    a[0]["key"] = "zz"
    a[0]["expect"]["ct"] = "zz"
    b = all_records("ecb")
    assert b[0]["key"] != "zz" and b[0]["expect"]["ct"] != "zz"


def test_raw_parser_handles_fail_and_empty(tmp_path) -> None:
    p = tmp_path / "gcmDecryptTiny.rsp"
    p.write_text(
        "# comment\r\n\r\n[Keylen = 128]\r\n[IVlen = 8]\r\n[PTlen = 0]\r\n[AADlen = 0]\r\n[Taglen = 32]\r\n\r\n"
        "Count = 0\r\nKey = 000102030405060708090A0B0C0D0E0F\r\nIV = 01\r\nCT = \r\nAAD = \r\n"
        "Tag = 01020304\r\nFAIL\r\n\r\nCount = 1\r\nKey = 000102030405060708090a0b0c0d0e0f\r\nIV = 02\r\n"
        "CT = \r\nAAD = \r\nTag = 01020304\r\nPT = \r\n"
    )
    recs = list(parse_rsp(p))
    assert [r["id"] for r in recs] == ["gcmDecryptTiny:k128_iv8_pt0_aad0_t32:0", "gcmDecryptTiny:k128_iv8_pt0_aad0_t32:1"]
    assert recs[0]["expect"] == {"auth_ok": False} and recs[1]["expect"] == {"auth_ok": True, "pt": ""}
    assert recs[0]["key"] == "000102030405060708090a0b0c0d0e0f" and recs[0]["tag_len"] == 4
    headers, fields = next(read_rsp_raw(p))
    assert headers["IVlen"] == "8" and ("FAIL", "") in fields


def test_parser_rejects_inconsistent_lengths(tmp_path) -> None:
    p = tmp_path / "gcmEncryptBad.rsp"
    p.write_text("[Keylen = 128]\n[IVlen = 96]\n[PTlen = 0]\n[AADlen = 0]\n[Taglen = 128]\n\nCount = 0\n"
                 "Key = 00\nIV = 000000000000000000000000\nPT = \nAAD = \nCT = \nTag = 00\n")
    with pytest.raises(ValueError, match="Key has 8 bits"):
        list(parse_rsp(p))


def test_list_and_load_suites() -> None:
    suites = list_suites()
    for name in ("gcm_all", "gcm_encrypt", "gcm_decrypt", "gcm_fail", "gcm_k128_iv96_t128", "gcm_k256_iv8_t32",
                 "gcm_k192_iv1024_t104", "ecb_kat", "ecb_mmt", "ecb_all", "ecb_k128", "cbc_kat", "cbc_mmt",
                 "cbc_k256", "ecb_mct_k128", "cbc_mct_k192", "ci_all", "ci_gcm"):
        assert name in suites and suites[name]
    sizes = {n: len(load_suite(n)) for n in suites if not n.startswith("ecb_mct")}
    assert sizes["gcm_all"] == 47_250 and sizes["gcm_fail"] == 11_908
    assert sizes["gcm_encrypt"] + sizes["gcm_decrypt"] == 47_250
    assert sum(sizes[f"gcm_k{k}_iv{i}_t{t}"] for k in (128, 192, 256) for i in (8, 96, 1024)
               for t in (128, 120, 112, 104, 96, 64, 32)) == 47_250
    assert sizes["gcm_k128_iv96_t128"] == 750  # 25 (PTlen x AADlen) groups x 15 x 2 files
    assert sizes["ecb_all"] == sizes["ecb_kat"] + sizes["ecb_mmt"] == 2138 and sizes["ecb_mmt"] == 60
    assert sizes["cbc_k128"] + sizes["cbc_k192"] + sizes["cbc_k256"] == 2138
    assert sizes["cbc_mct_k128"] == 200
    for r in load_suite("gcm_k192_iv1024_t104"):
        assert len(r["key"]) == 48 and len(r["iv"]) == 256 and r["tag_len"] == 13
    with pytest.raises(ValueError, match="unknown suite"):
        load_suite("gcm_everything")


def test_ci_subset_full_core() -> None:
    recs = ci_subset()
    assert ci_subset() == recs  # deterministic
    by_mode = Counter(r["mode"] for r in recs)
    assert by_mode["ecb"] == by_mode["cbc"] == 2138
    gcm = [r for r in recs if r["mode"] == "gcm"]
    assert 150 <= len(gcm) <= 300
    assert len(gcm) == 270  # pinned: a change in the selection algorithm must be deliberate
    combos = {(len(r["key"]) * 4, len(r["iv"]) * 4, 8 * r["tag_len"], r["op"]) for r in gcm}
    assert len(combos) == 3 * 3 * 7 * 2
    assert sum(r["expect"].get("auth_ok") is False for r in gcm) >= 63
    text = {length_class(len(r.get("pt", r.get("ct", ""))) // 2) for r in gcm}
    aad = {length_class(len(r["aad"]) // 2) for r in gcm}
    assert text == {"empty", "partial", "single", "multi", "multi_partial"}
    assert aad == {"empty", "single", "multi", "multi_partial"}
    for r in recs:
        check_schema(r)
        assert model_expect(r) == r["expect"], r["id"]


def test_ci_subset_restricted_cores() -> None:
    ecb = ci_subset(modes=("ecb",))
    assert len(ecb) == 2138 and {r["mode"] for r in ecb} == {"ecb"}
    enc128 = ci_subset(modes=("gcm", "ecb"), key_sizes=(128,), directions=("encrypt",))
    assert enc128 and all(len(r["key"]) == 32 and r["op"] == "encrypt" for r in enc128)
    iv96 = ci_subset(modes=("gcm",), iv_bits=(96,), tag_lens=(16, 12))
    assert iv96 and all(len(r["iv"]) == 24 and r["tag_len"] in (16, 12) for r in iv96)
    assert {(len(r["key"]) * 4, r["op"], r["expect"].get("auth_ok")) for r in iv96} >= {
        (k, "decrypt", False) for k in (128, 192, 256)}
    with pytest.raises(ValueError, match="BYTES"):
        ci_subset(modes=("gcm",), tag_lens=(128,))
    with pytest.raises(ValueError, match="bits"):
        ci_subset(key_sizes=(16,))


def test_model_expect_mct() -> None:
    rec = load_suite("cbc_mct_k128")[3]
    assert model_expect(rec) == rec["expect"]
    wrong = dict(rec, key="00" * 16)
    assert model_expect(wrong) != rec["expect"]


def test_jsonl_roundtrip(tmp_path) -> None:
    recs = load_suite("ci_gcm")[:20] + load_suite("ecb_mmt")[:3]
    path = tmp_path / "sub" / "v.jsonl"
    assert write_jsonl(recs, path) == 23
    lines = path.read_text().splitlines()
    assert len(lines) == 23 and lines[0].startswith("{")
    assert read_jsonl(path) == recs
    path.write_text(lines[0] + "\n\n[1]\n")
    with pytest.raises(ValueError, match=":3: expected a JSON object"):
        read_jsonl(path)
