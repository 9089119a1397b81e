# SPDX-License-Identifier: Apache-2.0
"""`aesforge check`: compare `aesforge sim` results with the expected answers.

The expected answer of a vector is its ``expect`` object when present (CAVP vectors carry the published
values), else the golden model's answer. A result with an ``error`` is a failure (listed separately as
unsupported when the vector itself was valid input for the model). A decrypt result with ``auth_ok: false``
must carry no ``pt`` field at all.
"""
from __future__ import annotations

from dataclasses import dataclass, field


def expected(rec: dict) -> dict:
    """The reference answer for one vector: from ``expect`` or computed by the golden model."""
    if isinstance(rec.get("expect"), dict):
        return rec["expect"]
    from aesforge import model

    key = bytes.fromhex(rec["key"])
    mode, op = rec["mode"], rec["op"]
    if mode == "ecb":
        if op == "encrypt":
            return {"ct": model.ecb_encrypt(key, bytes.fromhex(rec["pt"])).hex()}
        return {"pt": model.ecb_decrypt(key, bytes.fromhex(rec["ct"])).hex()}
    if mode == "cbc":
        iv = bytes.fromhex(rec["iv"])
        if op == "encrypt":
            return {"ct": model.cbc_encrypt(key, iv, bytes.fromhex(rec["pt"])).hex()}
        return {"pt": model.cbc_decrypt(key, iv, bytes.fromhex(rec["ct"])).hex()}
    if mode == "gcm":
        iv, aad = bytes.fromhex(rec["iv"]), bytes.fromhex(rec.get("aad", ""))
        if op == "encrypt":
            ct, tag = model.gcm_encrypt(key, iv, aad, bytes.fromhex(rec["pt"]), rec.get("tag_len", 16))
            return {"ct": ct.hex(), "tag": tag.hex()}
        pt = model.gcm_decrypt(key, iv, aad, bytes.fromhex(rec["ct"]), bytes.fromhex(rec["tag"]))
        return {"auth_ok": False} if pt is None else {"auth_ok": True, "pt": pt.hex()}
    raise ValueError(f"unknown mode {mode!r}")


def compare(rec: dict, res: dict | None) -> str | None:
    """None when `res` is the right answer to `rec`, else a one-line reason."""
    if res is None:
        return "no result line for this vector"
    if "error" in res:
        return f"core reported error: {res['error']}"
    try:
        exp = expected(rec)
    except (ValueError, KeyError) as e:
        return f"no reference answer: {e}"
    for k in ("ct", "tag", "pt"):
        if k in exp and res.get(k, "").lower() != exp[k].lower():
            return f"{k} mismatch: got {res.get(k)!r}, expected {exp[k]!r}"
    if "auth_ok" in exp:
        if res.get("auth_ok") is not exp["auth_ok"]:
            return f"auth_ok mismatch: got {res.get('auth_ok')!r}, expected {exp['auth_ok']!r}"
        if exp["auth_ok"] is False and "pt" in res:
            return "plaintext released although the tag check failed"
    return None


@dataclass
class CheckReport:
    passed: int = 0
    failed: int = 0
    failures: list = field(default_factory=list)   # (id, reason)

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.passed > 0


def check(vectors: list, results: list[dict]) -> CheckReport:
    by_id: dict = {}
    for r in results:
        if isinstance(r, dict) and "id" in r:
            by_id.setdefault(r["id"], r)
    rep = CheckReport()
    seen: set = set()
    for n, rec in enumerate(vectors, 1):
        if not isinstance(rec, dict):
            rep.failed += 1
            rep.failures.append((f"line{n}", "input line is not a JSON object"))
            continue
        rid = rec.get("id")
        why = "duplicate id in the vectors" if rid in seen else compare(rec, by_id.get(rid))
        seen.add(rid)
        if why is None:
            rep.passed += 1
        else:
            rep.failed += 1
            rep.failures.append((rec.get("id"), why))
    return rep
