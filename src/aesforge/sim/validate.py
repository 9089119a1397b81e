# SPDX-License-Identifier: Apache-2.0
"""The one validator of the batch contract (docs/sim.md), shared by `aesforge sim` and `aesforge check`.

Every vector that a core cannot take gets a clear one-line message here, before any simulator runs, so
`aesforge sim` answers it with an ``error`` line instead of crashing or skipping it; `aesforge check` uses
the same checks (without a core) for the vectors and :func:`validate_result` for the results.

Schema (all byte strings are hex): ``id``, ``op`` ("encrypt"|"decrypt"), ``mode`` ("ecb"|"cbc"|"gcm"),
``key``; ``pt`` (encrypt) or ``ct`` (decrypt); gcm adds ``iv``, ``aad``, ``tag`` (decrypt) and optional
``tag_len`` in bytes (default: len(tag) for decrypt, 16 for encrypt); cbc adds ``iv``; optional ``expect``.

Strict types: ``id`` is a non-empty string; hex fields are strings of [0-9a-fA-F] only, an even number of
digits, no whitespace, no ``0x`` prefix (sizes are counted in decoded bytes); ``tag_len`` is a JSON integer
(not a boolean, not 16.0); ``expect`` is an object whose ``ct``/``pt``/``tag`` are hex strings and whose
``auth_ok`` is a boolean. Fields not in the schema are ignored. Messages never echo more than a short
excerpt of the offending value.
"""
from __future__ import annotations

import re

from aesforge.cores import Core
from aesforge.vectors.jsonl import BadLine, json_kind

GCM_TAG_LENS = (16, 15, 14, 13, 12, 8, 4)
KEY_BYTES = (16, 24, 32)
HEX_FIELDS = ("key", "pt", "ct", "iv", "aad", "tag")       # every hex input field, checked whenever present
RESULT_HEX_FIELDS = ("ct", "pt", "tag")                     # hex fields of `expect` and of a result line
_HEX = re.compile(r"[0-9a-fA-F]*")


def show(value: object, limit: int = 40) -> str:
    """A short, one-line rendering of a parsed JSON value for error messages (never the whole value)."""
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10 ** limit else "a very long number"
    if isinstance(value, float):
        return repr(value)
    return f"a JSON {json_kind(value)}"


def valid_id(value: object) -> bool:
    """True when `value` can name a vector or a result: a non-empty string."""
    return isinstance(value, str) and value != ""


def record_id(rec: object, index: int) -> str:
    """The id that names `rec` in results and reports: its ``id`` when valid, else ``lineN``.

    N is the line number in the file for records read by :func:`aesforge.vectors.jsonl.read_jsonl_lines`
    (``lineno``), else ``index + 1`` (the position in a list built in Python).
    """
    if isinstance(rec, dict) and valid_id(rec.get("id")):
        return rec["id"]
    return f"line{getattr(rec, 'lineno', index + 1)}"


def hex_error(name: str, value: object) -> str | None:
    """Why `value` (the field `name`) is not a strict hex string, or None when it is one."""
    if not isinstance(value, str):
        return f"field '{name}' must be a hex string, got {show(value)}"
    if not _HEX.fullmatch(value):
        return f"field '{name}' is not valid hex (only 0-9, a-f, A-F; no spaces, no 0x prefix)"
    if len(value) % 2:
        return f"field '{name}' has an odd number of hex digits ({len(value)})"
    return None


def _required_hex(rec: dict, name: str) -> str | None:
    """Error for a missing field (present hex fields were checked already)."""
    return None if name in rec else f"missing field '{name}'"


def tag_len_of(rec: dict) -> int:
    """The tag length in bytes requested by a (validated) gcm vector."""
    if "tag_len" in rec:
        return int(rec["tag_len"])
    if rec.get("op") == "decrypt" and isinstance(rec.get("tag"), str):
        return len(rec["tag"]) // 2
    return 16


def gcm_fields(rec: dict) -> tuple[bytes, bool, bytes, bytes, bytes, int]:
    """(key, decrypt, iv, aad, text, tag_len) of a validated gcm vector: the text is the ct to decrypt or the pt to
    encrypt; the received tag of a decrypt stays in rec["tag"]. Shared by the GCM benches."""
    dec = rec["op"] == "decrypt"
    return (bytes.fromhex(rec["key"]), dec, bytes.fromhex(rec["iv"]), bytes.fromhex(rec.get("aad", "") or ""),
            bytes.fromhex(rec["ct"] if dec else rec["pt"]), tag_len_of(rec))


def _expect_error(exp: object) -> str | None:
    if not isinstance(exp, dict):
        return f"field 'expect' must be a JSON object, got {show(exp)}"
    for f in RESULT_HEX_FIELDS:
        if f in exp:
            err = hex_error(f"expect.{f}", exp[f])
            if err:
                return err
    if "auth_ok" in exp and not isinstance(exp["auth_ok"], bool):
        return f"field 'expect.auth_ok' must be true or false, got {show(exp['auth_ok'])}"
    return None


def validate_vector(rec: object) -> str | None:
    """None if `rec` is a well-formed vector (whatever the core), else a one-line reason.

    A :class:`~aesforge.vectors.jsonl.BadLine` (unreadable line) gives its own message.
    """
    if isinstance(rec, BadLine):
        return rec.message
    if not isinstance(rec, dict):
        return f"expected a JSON object, got a JSON {json_kind(rec)}"
    if "id" not in rec:
        return "missing field 'id'"
    if not valid_id(rec["id"]):
        return f"field 'id' must be a non-empty string, got {show(rec['id'])}"
    for f in ("op", "mode"):
        if f not in rec:
            return f"missing field '{f}'"
    op, mode = rec["op"], rec["mode"]
    if not isinstance(op, str) or op not in ("encrypt", "decrypt"):
        return f"field 'op' must be 'encrypt' or 'decrypt', got {show(op)}"
    if not isinstance(mode, str) or mode not in ("ecb", "cbc", "gcm"):
        return f"unknown mode {show(mode)} (known: ecb, cbc, gcm)"
    for f in HEX_FIELDS:
        if f in rec:
            err = hex_error(f, rec[f])
            if err:
                return err
    if "tag_len" in rec and (isinstance(rec["tag_len"], bool) or not isinstance(rec["tag_len"], int)):
        return f"field 'tag_len' must be an integer number of bytes, got {show(rec['tag_len'])}"
    if "expect" in rec:
        err = _expect_error(rec["expect"])
        if err:
            return err
    err = _required_hex(rec, "key")
    if err:
        return err
    if len(rec["key"]) // 2 not in KEY_BYTES:
        return f"key must be 16, 24 or 32 bytes, got {len(rec['key']) // 2}"
    data = "pt" if op == "encrypt" else "ct"
    err = _required_hex(rec, data)
    if err:
        return err
    nbytes = len(rec[data]) // 2
    if mode in ("ecb", "cbc"):
        if nbytes % 16:
            return f"{mode} {data} must be a whole number of 16-byte blocks, got {nbytes} bytes"
        if mode == "cbc":
            err = _required_hex(rec, "iv")
            if err:
                return err
            if len(rec["iv"]) != 32:
                return f"cbc iv must be 16 bytes, got {len(rec['iv']) // 2}"
        return None
    # gcm
    err = _required_hex(rec, "iv")
    if err:
        return err
    if not rec["iv"]:
        return "gcm iv must not be empty (SP 800-38D: len(IV) >= 1)"
    tl = tag_len_of(rec)
    if tl not in GCM_TAG_LENS:
        return f"gcm tag length {tl} bytes is not allowed by SP 800-38D (allowed: {GCM_TAG_LENS})"
    if op == "decrypt":
        err = _required_hex(rec, "tag")
        if err:
            return err
        if len(rec["tag"]) // 2 != tl:
            return f"tag is {len(rec['tag']) // 2} bytes but tag_len is {tl}"
    return None


def validate_record(rec: object, core: Core) -> str | None:
    """None if `core` can run `rec`, else a one-line reason (schema first, then the core's capabilities)."""
    err = validate_vector(rec)
    if err:
        return err
    assert isinstance(rec, dict)
    op, mode = rec["op"], rec["mode"]
    if mode not in core.modes:
        return f"core {core.name} does not support mode {mode} (supports: {', '.join(core.modes)})"
    if op not in core.directions:
        return f"core {core.name} does not support {op}"
    kbits = len(rec["key"]) * 4
    if kbits not in core.key_sizes:
        return f"core {core.name} does not support AES-{kbits} (supports: {', '.join(map(str, core.key_sizes))})"
    if mode == "gcm":
        ivbits = len(rec["iv"]) * 4
        if core.iv_bits == "96" and ivbits != 96:
            return f"core {core.name} supports only 96-bit IVs, got {ivbits} bits"
        tl = tag_len_of(rec)
        if core.tag_lens and tl not in core.tag_lens:
            return f"core {core.name} does not support {tl}-byte tags"
    return None


def validate_result(res: object) -> str | None:
    """None if `res` is a well-formed result line (what `check` reads of it), else a one-line reason.

    Checked: ``id`` (non-empty string), ``error`` (string), ``ct``/``pt``/``tag`` (strict hex) and
    ``auth_ok`` (boolean). Other fields (``cycles`` ...) are not read by `check` and not checked.
    """
    if isinstance(res, BadLine):
        return res.message
    if not isinstance(res, dict):
        return f"expected a JSON object, got a JSON {json_kind(res)}"
    if "id" not in res:
        return "missing field 'id'"
    if not valid_id(res["id"]):
        return f"field 'id' must be a non-empty string, got {show(res['id'])}"
    if "error" in res:
        return None if isinstance(res["error"], str) else f"field 'error' must be a string, got {show(res['error'])}"
    for f in RESULT_HEX_FIELDS:
        if f in res:
            err = hex_error(f, res[f])
            if err:
                return err
    if "auth_ok" in res and not isinstance(res["auth_ok"], bool):
        return f"field 'auth_ok' must be true or false, got {show(res['auth_ok'])}"
    return None
