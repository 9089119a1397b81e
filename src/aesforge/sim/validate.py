# SPDX-License-Identifier: Apache-2.0
"""Check one JSON-lines vector against the schema and against what a core supports.

Every vector that a core cannot take gets a clear error message here, before any simulator runs, so
`aesforge sim` answers it with an ``error`` line instead of crashing or skipping it.

Schema (all byte strings are hex): ``id``, ``op`` ("encrypt"|"decrypt"), ``mode`` ("ecb"|"cbc"|"gcm"),
``key``; ``pt`` (encrypt) or ``ct`` (decrypt); gcm adds ``iv``, ``aad``, ``tag`` (decrypt) and optional
``tag_len`` in bytes (default: len(tag) for decrypt, 16 for encrypt); cbc adds ``iv``.
"""
from __future__ import annotations

from aesforge.cores import Core

GCM_TAG_LENS = (16, 15, 14, 13, 12, 8, 4)


def _hex(rec: dict, field: str, required: bool = True) -> str | None:
    """Return an error message if rec[field] is not a hex string (None when fine)."""
    if field not in rec:
        return f"missing field '{field}'" if required else None
    v = rec[field]
    if not isinstance(v, str):
        return f"field '{field}' must be a hex string"
    if len(v) % 2:
        return f"field '{field}' has an odd number of hex digits ({len(v)})"
    try:
        bytes.fromhex(v)
    except ValueError:
        return f"field '{field}' is not valid hex"
    return None


def tag_len_of(rec: dict) -> int:
    """The tag length in bytes requested by a gcm vector."""
    if "tag_len" in rec:
        return int(rec["tag_len"])
    if rec.get("op") == "decrypt" and isinstance(rec.get("tag"), str):
        return len(rec["tag"]) // 2
    return 16


def validate_record(rec: object, core: Core) -> str | None:
    """None if `core` can run `rec`, else a one-line reason."""
    if not isinstance(rec, dict):
        return "vector is not a JSON object"
    if not isinstance(rec.get("id"), (str, int)):
        return "missing or invalid field 'id'"
    op, mode = rec.get("op"), rec.get("mode")
    if op not in ("encrypt", "decrypt"):
        return f"field 'op' must be 'encrypt' or 'decrypt', got {op!r}"
    if mode not in ("ecb", "cbc", "gcm"):
        return f"unknown mode {mode!r} (known: ecb, cbc, gcm)"
    if mode not in core.modes:
        return f"core {core.name} does not support mode {mode} (supports: {', '.join(core.modes)})"
    if op not in core.directions:
        return f"core {core.name} does not support {op}"
    err = _hex(rec, "key")
    if err:
        return err
    kbits = len(rec["key"]) * 4
    if kbits not in (128, 192, 256):
        return f"key must be 16, 24 or 32 bytes, got {kbits // 8}"
    if kbits not in core.key_sizes:
        return f"core {core.name} does not support AES-{kbits} (supports: {', '.join(map(str, core.key_sizes))})"
    data = "pt" if op == "encrypt" else "ct"
    err = _hex(rec, data)
    if err:
        return err
    nbytes = len(rec[data]) // 2
    if mode in ("ecb", "cbc"):
        if nbytes % 16:
            return f"{mode} {data} must be a whole number of 16-byte blocks, got {nbytes} bytes"
        if mode == "cbc":
            err = _hex(rec, "iv")
            if err:
                return err
            if len(rec["iv"]) != 32:
                return "cbc iv must be 16 bytes"
        return None
    # gcm
    for f in ("iv", "aad"):
        err = _hex(rec, f, required=(f == "iv"))
        if err:
            return err
    ivbits = len(rec["iv"]) * 4
    if ivbits == 0:
        return "gcm iv must not be empty (SP 800-38D: len(IV) >= 1)"
    if core.iv_bits == "96" and ivbits != 96:
        return f"core {core.name} supports only 96-bit IVs, got {ivbits} bits"
    if "tag_len" in rec and not isinstance(rec["tag_len"], int):
        return "field 'tag_len' must be an integer number of bytes"
    tl = tag_len_of(rec)
    if tl not in GCM_TAG_LENS:
        return f"gcm tag length {tl} bytes is not allowed by SP 800-38D (allowed: {GCM_TAG_LENS})"
    if core.tag_lens and tl not in core.tag_lens:
        return f"core {core.name} does not support {tl}-byte tags"
    if op == "decrypt":
        err = _hex(rec, "tag")
        if err:
            return err
        if len(rec["tag"]) // 2 != tl:
            return f"tag is {len(rec['tag']) // 2} bytes but tag_len is {tl}"
    return None
