# SPDX-License-Identifier: Apache-2.0
"""`aesforge check`: compare `aesforge sim` results with the expected answers.

The expected answer of a vector is its ``expect`` object when present (CAVP vectors carry the published
values), else the golden model's answer. A result with an ``error`` is a failure. A decrypt result with
``auth_ok: false`` must carry no ``pt`` field at all.

Both files are checked with the validator of `aesforge sim` (:mod:`aesforge.sim.validate`): a malformed
vector, a malformed result line, a missing result and a result nobody asked for are failures with a
one-line reason, never an exception.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from aesforge.sim.validate import record_id, valid_id, validate_result, validate_vector


def expected(rec: dict) -> dict:
    """The reference answer for one (valid) vector: from ``expect`` or computed by the golden model."""
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
    """None when `res` is the right answer to the (valid) vector `rec`, else a one-line reason."""
    if res is None:
        return "no result line for this vector"
    err = validate_result(res)
    if err:
        return f"malformed result line: {err}"
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

    def fail(self, rid: str, why: str) -> None:
        self.failed += 1
        self.failures.append((rid, why))


def check(vectors: list, results: list) -> CheckReport:
    """Compare `results` with `vectors` (both as read by :func:`aesforge.sim.runner.read_vectors`, or lists of
    dicts). Never raises on malformed input.

    Results are matched to vectors by id (a vector without a valid id by ``lineN``, as `aesforge sim` names
    its error line); the k-th result with an id answers the k-th vector with that id, so order does not
    matter otherwise. Failures, each counted once: a malformed vector, a repeated vector id, a missing,
    malformed, erroneous or wrong result; then every result line left over: a line without a usable id, an id
    not in the vectors, more results than vectors for an id.
    """
    rep = CheckReport()
    pending: dict[str, deque] = {}
    for res in results:
        if isinstance(res, dict) and valid_id(res.get("id")):
            pending.setdefault(res["id"], deque()).append(res)
    keys: set[str] = set()
    seen: set[str] = set()
    for i, rec in enumerate(vectors):
        key = record_id(rec, i)
        keys.add(key)
        queue = pending.get(key)
        res = queue.popleft() if queue else None
        err = validate_vector(rec)
        if err:
            why: str | None = f"invalid vector: {err}"
        elif key in seen:
            why = "duplicate id in the vectors"
        else:
            why = compare(rec, res)
        if err is None:
            seen.add(key)
        if why is None:
            rep.passed += 1
        else:
            rep.fail(key, why)
    for j, res in enumerate(results):
        if not (isinstance(res, dict) and valid_id(res.get("id"))):
            rep.fail(f"results:line{getattr(res, 'lineno', j + 1)}", f"malformed result line: {validate_result(res)}")
    for rid, queue in pending.items():
        for _ in queue:
            rep.fail(rid, "more result lines than vectors with this id" if rid in keys
                     else "result for an id not in the vectors")
    return rep
