# SPDX-License-Identifier: Apache-2.0
"""Parsers for NIST CAVP ``.rsp`` response files (AESAVS KAT/MMT/MCT and GCMVS).

Output records follow the aesforge vector schema (see ``vectors/README.md``); every byte
string is a lowercase hex string, possibly empty::

    {"id": "<file-stem>:<section>:<count>", "op": "encrypt"|"decrypt", "mode": "ecb"|"cbc"|"gcm",
     "key": hex, "iv": hex (cbc, gcm), "aad": hex (gcm), "pt": hex (encrypt input),
     "ct": hex (decrypt input), "tag": hex (gcm decrypt input), "tag_len": bytes (gcm),
     "expect": {...}}

``expect`` is ``{"ct"}`` (ECB/CBC encrypt), ``{"ct", "tag"}`` (GCM encrypt), ``{"pt"}``
(ECB/CBC decrypt), ``{"auth_ok": True, "pt"}`` or ``{"auth_ok": False}`` (GCM decrypt).

Sections: AESAVS files use ``[ENCRYPT]``/``[DECRYPT]`` (section ``encrypt``/``decrypt``); GCMVS
files use ``[Keylen = ..] [IVlen = ..] [PTlen = ..] [AADlen = ..] [Taglen = ..]`` groups
(section ``k128_iv96_pt0_aad0_t128``), ``Count`` restarts in every section.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Union

__all__ = ["PathLike", "read_rsp_raw", "parse_rsp", "parse_mct", "file_stem"]

PathLike = Union[str, "os.PathLike[str]", Traversable]
Record = dict[str, Any]


def file_stem(path: PathLike) -> str:
    """File name without the ``.rsp`` suffix (the first component of record ids)."""
    name = path.name if not isinstance(path, str) else os.path.basename(path)
    return name[:-4] if name.endswith(".rsp") else name


def _open_lines(path: PathLike) -> list[str]:
    p: Any = Path(path) if isinstance(path, (str, os.PathLike)) else path
    with p.open("r", encoding="ascii") as fh:
        return fh.read().splitlines()


def read_rsp_raw(path: PathLike) -> Iterator[tuple[dict[str, str], list[tuple[str, str]]]]:
    """Yield ``(headers, fields)`` per test case of a ``.rsp`` file.

    ``headers`` are the bracketed lines in force (``[ENCRYPT]`` becomes ``{"ENCRYPT": ""}``,
    ``[Keylen = 128]`` becomes ``{"Keylen": "128"}``); a header line after a test case starts
    a new header group.  ``fields`` are ``(NAME, value)`` pairs in file order; a bare ``FAIL``
    line becomes ``("FAIL", "")``.  Comment (``#``) and blank lines are skipped.
    """
    headers: dict[str, str] = {}
    fresh_group = True  # the next header line starts a new group
    fields: list[tuple[str, str]] = []
    for raw in _open_lines(path):
        line = raw.strip()
        if not line or line.startswith("#"):
            if fields and not line:
                yield dict(headers), fields
                fields = []
            continue
        if line.startswith("["):
            if fields:
                yield dict(headers), fields
                fields = []
            if fresh_group:
                headers = {}
                fresh_group = False
            body = line.strip("[]")
            name, _, value = body.partition("=")
            headers[name.strip()] = value.strip()
            continue
        fresh_group = True
        if line == "FAIL":
            fields.append(("FAIL", ""))
            continue
        name, eq, value = line.partition("=")
        if not eq:
            raise ValueError(f"{file_stem(path)}: cannot parse line {raw!r}")
        name = name.strip()
        if name.upper() == "COUNT" and fields:
            # A new case without a separating blank line.
            yield dict(headers), fields
            fields = []
        fields.append((name, value.strip().lower()))
    if fields:
        yield dict(headers), fields


def _hexlen_bits(value: str) -> int:
    return 4 * len(value)


def _gcm_record(stem: str, headers: dict[str, str], fields: list[tuple[str, str]]) -> Record:
    f = dict(fields)
    names = [n for n, _ in fields]
    try:
        kbits, ivbits, ptbits = int(headers["Keylen"]), int(headers["IVlen"]), int(headers["PTlen"])
        aadbits, tbits = int(headers["AADlen"]), int(headers["Taglen"])
    except KeyError as exc:
        raise ValueError(f"{stem}: GCM section without {exc} header") from None
    section = f"k{kbits}_iv{ivbits}_pt{ptbits}_aad{aadbits}_t{tbits}"
    rid = f"{stem}:{section}:{f['Count']}"
    fail = "FAIL" in f
    # Encrypt files list PT before CT; decrypt files list CT first and end with PT or FAIL.
    decrypt = fail or names.index("CT") < names.index("PT")
    checks = [("Key", kbits), ("IV", ivbits), ("AAD", aadbits), ("Tag", tbits), ("CT", ptbits)]
    if not fail:
        checks.append(("PT", ptbits))
    for name, bits in checks:
        if _hexlen_bits(f[name]) != bits:
            raise ValueError(f"{rid}: {name} has {_hexlen_bits(f[name])} bits, header says {bits}")
    rec: Record = {"id": rid, "op": "decrypt" if decrypt else "encrypt", "mode": "gcm", "key": f["Key"],
                   "iv": f["IV"], "aad": f["AAD"], "tag_len": tbits // 8}
    if decrypt:
        rec["ct"] = f["CT"]
        rec["tag"] = f["Tag"]
        rec["expect"] = {"auth_ok": False} if fail else {"auth_ok": True, "pt": f["PT"]}
    else:
        rec["pt"] = f["PT"]
        rec["expect"] = {"ct": f["CT"], "tag": f["Tag"]}
    return rec


def _aes_mode(stem: str) -> str:
    up = stem.upper()
    for mode in ("ECB", "CBC"):
        if up.startswith(mode):
            return mode.lower()
    raise ValueError(f"{stem}: only ECB, CBC and GCM response files are supported")


def _aes_record(stem: str, mode: str, headers: dict[str, str], fields: list[tuple[str, str]],
                mct: bool) -> Record:
    f = {k.upper(): v for k, v in fields}
    if "ENCRYPT" in headers:
        op, src, dst = "encrypt", "PLAINTEXT", "CIPHERTEXT"
    elif "DECRYPT" in headers:
        op, src, dst = "decrypt", "CIPHERTEXT", "PLAINTEXT"
    else:
        raise ValueError(f"{stem}: test case outside an [ENCRYPT]/[DECRYPT] section")
    rid = f"{stem}:{op}:{f['COUNT']}"
    if len(f["KEY"]) not in (32, 48, 64):
        raise ValueError(f"{rid}: bad key length")
    if len(f[src]) != len(f[dst]) or len(f[src]) % 32:
        raise ValueError(f"{rid}: text lengths are not equal multiples of 16 bytes")
    rec: Record = {"id": rid, "op": op, "mode": mode, "key": f["KEY"]}
    if mct:
        rec["count"] = int(f["COUNT"])
        rec["mct"] = True
    if mode == "cbc":
        rec["iv"] = f["IV"]
    elif "IV" in f:
        raise ValueError(f"{rid}: unexpected IV in an ECB file")
    short = {"PLAINTEXT": "pt", "CIPHERTEXT": "ct"}
    rec[short[src]] = f[src]
    rec["expect"] = {short[dst]: f[dst]}
    return rec


def parse_rsp(path: PathLike) -> Iterator[Record]:
    """Parse a GCMVS (``gcm*.rsp``) or AESAVS ECB/CBC KAT/MMT response file into schema records."""
    stem = file_stem(path)
    if "MCT" in stem.upper():
        raise ValueError(f"{stem}: Monte Carlo files hold checkpoints, not single operations; use parse_mct()")
    gcm = stem.lower().startswith("gcm")
    mode = "gcm" if gcm else _aes_mode(stem)
    for headers, fields in read_rsp_raw(path):
        if gcm:
            yield _gcm_record(stem, headers, fields)
        else:
            yield _aes_record(stem, mode, headers, fields, mct=False)


def parse_mct(path: PathLike) -> Iterator[Record]:
    """Parse an AESAVS ECB/CBC Monte Carlo file (``ECBMCT128.rsp``, ``CBCMCT256.rsp`` ...).

    Each record is one outer-iteration checkpoint: inputs (``key``, ``iv``, ``pt``/``ct``)
    and ``expect`` = the output after 1000 chained inner operations (see
    :func:`aesforge.model.mct_ecb`).  Records carry ``"mct": True`` and the integer ``count``.
    """
    stem = file_stem(path)
    mode = _aes_mode(stem)
    for headers, fields in read_rsp_raw(path):
        yield _aes_record(stem, mode, headers, fields, mct=True)
