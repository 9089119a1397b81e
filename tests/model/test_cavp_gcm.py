# SPDX-License-Identifier: Apache-2.0
"""Every NIST CAVP GCM vector (47,250 cases, 11,908 FAIL) through the golden model."""
from __future__ import annotations

import pytest

from aesforge.model import gcm_decrypt, gcm_encrypt
from aesforge.vectors import cavp_files, file_stem, parse_rsp

GCM_FILES = cavp_files("gcm")


def test_gcm_counts() -> None:
    """A parser that silently drops or duplicates records must fail here."""
    per_file = {file_stem(f): list(parse_rsp(f)) for f in GCM_FILES}
    assert all(len(v) == 7875 for v in per_file.values()), {k: len(v) for k, v in per_file.items()}
    recs = [r for v in per_file.values() for r in v]
    assert len(recs) == 47_250
    assert sum(r["expect"].get("auth_ok") is False for r in recs) == 11_908
    assert sum(r["op"] == "encrypt" for r in recs) == 23_625
    assert len({r["id"] for r in recs}) == len(recs)


@pytest.mark.parametrize("path", GCM_FILES, ids=file_stem)
def test_gcm_file(path) -> None:
    failures: list[str] = []
    n = 0
    for r in parse_rsp(path):
        n += 1
        key, iv, aad = (bytes.fromhex(r[f]) for f in ("key", "iv", "aad"))
        exp = r["expect"]
        if r["op"] == "encrypt":
            ct, tag = gcm_encrypt(key, iv, aad, bytes.fromhex(r["pt"]), r["tag_len"])
            if ct.hex() != exp["ct"] or tag.hex() != exp["tag"]:
                failures.append(r["id"])
        else:
            pt = gcm_decrypt(key, iv, aad, bytes.fromhex(r["ct"]), bytes.fromhex(r["tag"]))
            if exp["auth_ok"]:
                if pt is None or pt.hex() != exp["pt"]:
                    failures.append(r["id"])
            elif pt is not None:
                failures.append(r["id"] + " (FAIL not detected)")
    assert n == 7875
    assert not failures, f"{len(failures)} mismatches, first: {failures[:5]}"
