# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim` / `aesforge check` never crash on malformed input (docs/sim.md, issue 20 item 5).

Every malformed input line is answered by exactly one ``error`` line (in input order, ``id`` = the input's id
when it is a non-empty string, else ``lineN`` with N the line number in the file), every good line still gets
its result, and `check` turns every malformed vector or result line into a failure with a reason, never a
traceback.

Regression tests (one per defect found by the adversarial sweep) come first, then seeded fuzz tests: hundreds
of cases through the shared reader/validator and `aesforge check` (no simulator), and one real
`aesforge sim --core aes_iter --sim icarus` run over a fuzz corpus with four good vectors (the only RTL
simulation in this file).
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from aesforge import cli, model
from aesforge.check import check, expected
from aesforge.cores import Core, get
from aesforge.sim.runner import read_vectors
from aesforge.sim.validate import validate_record

SEED = 20_05
ITER = get("aes_iter")
GCM = get("gcm_seq")
# Accepts everything the schema allows: validation below isolates the schema from core capabilities.
ANY_CORE = Core(name="any", top="any", folder="", sources=(), interface="", key_sizes=(128, 192, 256),
                modes=("ecb", "cbc", "gcm"), directions=("encrypt", "decrypt"), iv_bits="any",
                tag_lens=(4, 8, 12, 13, 14, 15, 16))

KEY128 = "000102030405060708090a0b0c0d0e0f"
PT = "00112233445566778899aabbccddeeff"
GOOD = {"id": "good", "op": "encrypt", "mode": "ecb", "key": KEY128, "pt": PT}
GOOD_CT = "69c4e0d86a7b0430d8cdb78070b4c55a"  # FIPS-197 C.1
GOOD_RES = {"id": "good", "ct": GOOD_CT, "cycles": 11, "key_cycles": 10}
GCM_GOOD = {"id": "g", "op": "encrypt", "mode": "gcm", "key": KEY128, "iv": "00" * 12, "aad": "0011", "pt": "2233"}


def _lines(path: Path, lines: list) -> Path:
    """Write `lines` (str or bytes, without newline) as a JSON-lines file."""
    path.write_bytes(b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines))
    return path


def _check(tmp_path: Path, vec_lines: list, res_lines: list, capsys, show: int = 1000) -> tuple[int, list[str]]:
    """`aesforge check` through the CLI entry point; returns (exit code, stdout lines)."""
    v, r = _lines(tmp_path / "v.jsonl", vec_lines), _lines(tmp_path / "r.jsonl", res_lines)
    capsys.readouterr()
    rc = cli.main(["check", "--vectors", str(v), "--results", str(r), "--show", str(show)])
    out = capsys.readouterr().out
    return rc, out.splitlines()


def _summary(lines: list[str]) -> str:
    assert lines, "no output"
    return lines[-1]


# ---------------------------------------------------------------------------------------------------------
# Regression tests: one per defect of the adversarial sweep (each failed on the code before the fix).

def test_reader_non_utf8_byte_is_one_bad_line(tmp_path):
    """One non-UTF-8 byte used to abort the whole file (UnicodeDecodeError): now only that line is bad."""
    p = _lines(tmp_path / "v.jsonl", [json.dumps(GOOD), b'{"id": "x\xff", "op": "encrypt"}',
                                      json.dumps({**GOOD, "id": "good2"})])
    recs = read_vectors(p)
    assert len(recs) == 3
    assert recs[0] == GOOD and recs[2] == {**GOOD, "id": "good2"}
    err = validate_record(recs[1], ITER)
    assert err is not None and "line 2" in err and "UTF-8" in err


def test_check_non_utf8_line_fails_only_that_line(tmp_path, capsys):
    rc, out = _check(tmp_path, [json.dumps(GOOD), b"\xfe\xff{}"],
                     [json.dumps(GOOD_RES), json.dumps({"id": "line2", "error": "line 2: not valid UTF-8"})], capsys)
    assert rc == 1
    assert _summary(out) == "1 passed, 1 failed"
    assert any(x.startswith("FAIL line2:") and "UTF-8" in x for x in out)


def test_reader_deep_nesting_is_one_bad_line(tmp_path):
    """A deeply nested line used to raise RecursionError (no results at all)."""
    p = _lines(tmp_path / "v.jsonl", [json.dumps(GOOD), "[" * 100_000, '{"a":' * 100_000])
    recs = read_vectors(p)
    assert len(recs) == 3 and recs[0] == GOOD
    for n, rec in ((2, recs[1]), (3, recs[2])):
        err = validate_record(rec, ITER)
        assert err == f"line {n}: not valid JSON: nested too deeply"


def test_check_deep_nesting_in_results(tmp_path, capsys):
    rc, out = _check(tmp_path, [json.dumps(GOOD)], [json.dumps(GOOD_RES), "[" * 100_000], capsys)
    assert rc == 1
    assert _summary(out) == "1 passed, 1 failed"
    assert any("nested too deeply" in x for x in out)


@pytest.mark.parametrize("bad_id", [["a", "b"], {"k": 1}])
def test_check_unhashable_id(tmp_path, capsys, bad_id):
    """An id that is a list or an object used to crash `check` (unhashable type)."""
    vecs = [json.dumps(GOOD), json.dumps({**GOOD, "id": bad_id})]
    res = [json.dumps(GOOD_RES), json.dumps({"id": bad_id, "ct": GOOD_CT})]
    rc, out = _check(tmp_path, vecs, res, capsys)
    assert rc == 1
    # the bad vector fails (invalid id), the result line with the unusable id is a failure of its own
    assert _summary(out) == "1 passed, 2 failed"
    assert any(x.startswith("FAIL line2:") and "'id'" in x for x in out)
    assert any("malformed result line" in x for x in out)
    assert validate_record(json.loads(vecs[1]), ITER) == f"field 'id' must be a non-empty string, got a JSON " \
                                                        f"{'array' if isinstance(bad_id, list) else 'object'}"


@pytest.mark.parametrize("where", ["expect", "results"])
@pytest.mark.parametrize("field,value", [("ct", 5), ("ct", ["69"]), ("ct", None), ("ct", {"a": 1}), ("pt", 1.5),
                                         ("tag", True)])
def test_check_non_string_hex_field(tmp_path, capsys, where, field, value):
    """A non-string ct (or other field) in `expect` or in a results file used to crash `check` (AttributeError)."""
    vec = dict(GOOD, expect={"ct": GOOD_CT})
    res = dict(GOOD_RES)
    if where == "expect":
        vec["expect"] = {**vec["expect"], field: value}
    else:
        res[field] = value
    rc, out = _check(tmp_path, [json.dumps(vec)], [json.dumps(res)], capsys)
    assert rc == 1
    assert _summary(out) == "0 passed, 1 failed"
    why = out[0]
    assert why.startswith("FAIL good:") and (f"'expect.{field}'" if where == "expect" else f"'{field}'") in why, why
    assert ("invalid vector" if where == "expect" else "malformed result line") in why


@pytest.mark.parametrize("res", [{"id": "good", "ct": GOOD_CT, "auth_ok": "true"},
                                 {"id": "good", "error": {"msg": "x"}},
                                 {"id": "good", "ct": GOOD_CT.upper() + " "}])
def test_check_malformed_result_fields(tmp_path, capsys, res):
    """A result whose fields have the wrong type (or hex with spaces) fails with a reason, never passes."""
    rc, out = _check(tmp_path, [json.dumps(GOOD)], [json.dumps(res)], capsys)
    assert (rc, _summary(out)) == (1, "0 passed, 1 failed")
    assert "malformed result line" in out[0]


@pytest.mark.parametrize("line", ['"hello"', "42", "null", "true", '["id", "op"]', "1.5e3"])
def test_json_non_object_line_gets_fixed_message(tmp_path, line):
    """A JSON string line used to be echoed back as the error message; now a fixed message names the line."""
    p = _lines(tmp_path / "v.jsonl", [json.dumps(GOOD), line])
    recs = read_vectors(p)
    kind = {'"': "string", "n": "null", "t": "boolean", "[": "array"}.get(line[0], "number")
    assert validate_record(recs[1], ITER) == f"line 2: expected a JSON object, got a JSON {kind}"


@pytest.mark.parametrize("core,vec,field", [
    (ITER, {**GOOD, "key": "0011223344556677" + " " * 16}, "key"),   # 8-byte key padded to 32 characters
    (ITER, {**GOOD, "key": "\t" * 16 + "0011223344556677"}, "key"),
    (GCM, {**GCM_GOOD, "iv": "00 " * 8}, "iv"),                     # 8 bytes, 24 characters: was "96 bits"
    (GCM, {**GCM_GOOD, "aad": "00 11 22 33 "}, "aad"),
    (GCM, {**GCM_GOOD, "pt": "0011 2233 "}, "pt"),
    (GCM, {**GCM_GOOD, "op": "decrypt", "ct": "2233", "tag": "00 " * 10 + "00"}, "tag"),
])
def test_hex_with_whitespace_is_rejected(core, vec, field):
    """Whitespace inside hex used to pass (bytes.fromhex skips it) and sized fields by string length."""
    assert validate_record(vec, core) == (f"field '{field}' is not valid hex (only 0-9, a-f, A-F; "
                                          f"no spaces, no 0x prefix)")


@pytest.mark.parametrize("vec,frag", [
    ({**GOOD, "id": 7}, "field 'id' must be a non-empty string, got 7"),
    ({**GOOD, "id": True}, "field 'id' must be a non-empty string, got true"),
    ({**GOOD, "id": ""}, "field 'id' must be a non-empty string, got ''"),
    ({**GOOD, "expect": "69c4"}, "field 'expect' must be a JSON object, got '69c4'"),
    ({**GOOD, "expect": {"ct": GOOD_CT, "auth_ok": 1}}, "field 'expect.auth_ok' must be true or false, got 1"),
    ({**GCM_GOOD, "tag_len": 16.0}, "field 'tag_len' must be an integer number of bytes, got 16.0"),
    ({**GCM_GOOD, "op": "decrypt", "ct": "00", "tag": "00" * 16, "tag_len": True},
     "field 'tag_len' must be an integer number of bytes, got true"),
])
def test_field_types_are_checked(vec, frag):
    """Fields of the wrong JSON type were accepted (int/bool ids, bool tag_len, non-object expect)."""
    assert validate_record(vec, ANY_CORE) == frag


def test_check_unknown_extra_and_missing_results(tmp_path, capsys):
    """A result for an id not in the vectors, a second result for one vector and a missing result all fail."""
    good2 = {**GOOD, "id": "good2"}
    vecs = [json.dumps(GOOD), json.dumps(good2), json.dumps({**GOOD, "id": "good3"})]
    res = [json.dumps(GOOD_RES), json.dumps({**GOOD_RES, "id": "good2"}), json.dumps({**GOOD_RES, "id": "good2"}),
           json.dumps({**GOOD_RES, "id": "stranger"})]
    rc, out = _check(tmp_path, vecs, res, capsys)
    assert rc == 1
    assert _summary(out) == "2 passed, 3 failed"
    text = "\n".join(out)
    assert "FAIL good3: no result line for this vector" in text
    assert "FAIL stranger: result for an id not in the vectors" in text
    assert "FAIL good2: more result lines than vectors with this id" in text


def test_check_prints_unprintable_ids_safely(tmp_path, capsys):
    """Ids with a newline or a lone surrogate (valid JSON strings) print as one escaped line, never crash."""
    vecs = [json.dumps({**GOOD, "id": "a\nb"}), json.dumps({**GOOD, "id": "x\ud800"})]
    rc, out = _check(tmp_path, vecs, [], capsys)
    assert rc == 1 and len(out) == 3
    assert out[0] == "FAIL a\\nb: no result line for this vector"
    assert out[1] == "FAIL x\\ud800: no result line for this vector"


def test_cli_unreadable_path_is_a_usage_error(tmp_path, capsys):
    """A directory given as the vectors file is a usage error (exit 2), not a traceback."""
    assert cli.main(["check", "--vectors", str(tmp_path), "--results", str(tmp_path)]) == 2
    assert "aesforge check: error:" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------------------
# Seeded fuzz corpus. Every generator below returns (line bytes, valid string id or None); all "bad" lines are
# invalid whatever the core, all "good" lines are valid for ANY_CORE (and, from `good_iter`, for aes_iter).

def _rand_hex(rng: random.Random, nbytes: int) -> str:
    return rng.randbytes(nbytes).hex()


def _rand_str(rng: random.Random) -> str:
    alphabet = "ab~ \t\n\\\"'{}[]:,é€\u0000\u2028\U0001f600\ud800"
    return "~" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))


def _rand_json(rng: random.Random, depth: int = 0):
    """A random JSON value (any type, nested)."""
    k = rng.randrange(9 if depth < 4 else 6)
    if k == 0:
        return None
    if k == 1:
        return rng.choice([True, False])
    if k == 2:
        return rng.choice([0, -1, 16, 2**70, -(2**63)])
    if k == 3:
        return rng.choice([0.5, -1e300, 1e-7, 16.0])
    if k == 4:
        return _rand_str(rng)
    if k == 5:
        return rng.choice(["", "00", "zz", "encrypt", "ecb", "0x00", "0" * 33])
    if k in (6, 7):
        return [_rand_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_rand_str(rng): _rand_json(rng, depth + 1) for _ in range(rng.randrange(4))}


def _wrong_type(rng: random.Random, want: str):
    """A JSON value that is not of type `want` ("str", "int", "bool", "dict")."""
    while True:
        v = _rand_json(rng)
        if want == "str" and not isinstance(v, str):
            return v
        if want == "int" and (isinstance(v, bool) or not isinstance(v, int)):
            return v
        if want == "bool" and not isinstance(v, bool):
            return v
        if want == "dict" and not isinstance(v, dict):
            return v


def good_vector(rng: random.Random, rid: str, modes=("ecb", "cbc", "gcm"), expect: bool | None = None) -> dict:
    """A random valid vector (with an ``expect`` from the golden model or none)."""
    mode, op = rng.choice(modes), rng.choice(["encrypt", "decrypt"])
    rec = {"id": rid, "op": op, "mode": mode, "key": _rand_hex(rng, rng.choice([16, 24, 32]))}
    data = "pt" if op == "encrypt" else "ct"
    if mode in ("ecb", "cbc"):
        rec[data] = _rand_hex(rng, 16 * rng.randrange(0, 3))
        if mode == "cbc":
            rec["iv"] = _rand_hex(rng, 16)
    else:
        rec["iv"] = _rand_hex(rng, rng.choice([12, 12, 1, 16, 60]))
        if rng.random() < 0.7:
            rec["aad"] = _rand_hex(rng, rng.randrange(0, 40))
        rec[data] = _rand_hex(rng, rng.randrange(0, 40))
        tl = rng.choice([16, 15, 14, 13, 12, 8, 4])
        if op == "decrypt":
            rec["tag"] = _rand_hex(rng, tl)
            if rng.random() < 0.5:  # a tag that authenticates
                ct, tag = model.gcm_encrypt(bytes.fromhex(rec["key"]), bytes.fromhex(rec["iv"]),
                                            bytes.fromhex(rec.get("aad", "")), bytes.fromhex(rec["ct"]), tl)
                rec["ct"], rec["tag"] = ct.hex(), tag.hex()
        if op == "encrypt" or rng.random() < 0.5:
            rec["tag_len"] = tl
    if (rng.random() < 0.5) if expect is None else expect:
        rec["expect"] = expected(rec)
    return rec


def good_iter(rng: random.Random, rid: str) -> dict:
    """A short valid ECB vector for aes_iter (one block: cheap to simulate)."""
    key = _rand_hex(rng, rng.choice([16, 24, 32]))
    op = rng.choice(["encrypt", "decrypt"])
    return {"id": rid, "op": op, "mode": "ecb", "key": key, ("pt" if op == "encrypt" else "ct"): _rand_hex(rng, 16)}


HEX_FIELDS = ("key", "pt", "ct", "iv", "aad", "tag")


def _corrupt_hex(rng: random.Random, v: str) -> str:
    """`v` made invalid as strict hex: whitespace, a prefix, a non-hex character or an odd digit count."""
    k = rng.randrange(6)
    pos = rng.randrange(len(v) + 1)
    if k == 0:
        return v[:pos] + rng.choice([" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000"]) + v[pos:]
    if k == 1:
        return rng.choice(["0x", "0X", "\\x", "#"]) + v
    if k == 2:
        return v[:pos] + rng.choice("gGzZ-+.\u0663\uff10\uff41\u00b2") + v[pos + 1:]
    if k == 3:
        return v + rng.choice("0123456789abcdef")
    if k == 4:
        return (v or "00") + rng.choice([" ", "\t", "\n", "\x0b", "\x0c"])
    return v[:pos] + " " * 2 + v[pos:] if v else " "


def bad_line(rng: random.Random, n: int, prefix: str = "bad") -> tuple[bytes, str | None]:
    """One malformed line (invalid for every core) and the valid string id it carries (None: lineN)."""
    rid = f"{prefix}{n}"
    k = rng.randrange(12)
    if k == 0:  # random bytes, often not UTF-8
        first = bytes([rng.choice([c for c in range(0x21, 0x100) if c not in b"{"])])
        rest = bytes(b for b in rng.randbytes(rng.randrange(0, 40)) if b not in b"\r\n")
        return first + rest, None
    if k == 1:  # a valid vector with one non-UTF-8 byte inside
        line = json.dumps(good_vector(rng, rid)).encode()
        pos = rng.randrange(1, len(line))
        return line[:pos] + bytes([rng.choice([0x80, 0xc0, 0xff, 0xfe, 0xed])]) + line[pos:], None
    if k == 2:  # a JSON value that is not an object
        while isinstance(v := _rand_json(rng), dict):
            pass
        return json.dumps(v).encode(), None
    if k == 3:  # deep nesting, far beyond the recursion limit or just inside it
        depth = rng.choice([1_000, 5_000, 100_000, 300])
        opener = rng.choice(["[", '{"a":', '[{"b":'])
        if depth == 300:  # valid JSON: a nested op value
            return (f'{{"id": "{rid}", "op": ' + "[" * depth + "]" * depth + "}").encode(), rid
        return (opener * depth).encode(), None
    if k == 4:  # a random object without "op"
        obj = {_rand_str(rng): _rand_json(rng) for _ in range(rng.randrange(5))}
        if rng.random() < 0.5:
            obj["id"] = rid
        return json.dumps(obj).encode(), obj.get("id")
    rec = good_vector(rng, rid)
    if k == 5:  # wrong type for one field
        fields = ["id", "op", "mode", "expect"] + [f for f in HEX_FIELDS if f in rec]
        if rec["mode"] == "gcm":
            fields.append("tag_len")
        f = rng.choice(fields)
        rec[f] = _wrong_type(rng, {"tag_len": "int", "expect": "dict"}.get(f, "str"))
    elif k == 6:  # a bad value inside expect
        rec["expect"] = dict(rec.get("expect") or {"ct": "00"})
        f = rng.choice(["ct", "pt", "tag", "auth_ok"])
        rec["expect"][f] = _wrong_type(rng, "bool" if f == "auth_ok" else "str")
    elif k == 7:  # hex with whitespace / prefix / non-hex / odd length
        f = rng.choice([f for f in HEX_FIELDS if f in rec])
        rec[f] = _corrupt_hex(rng, rec[f])
    elif k == 8:  # bad key length (also: 8-byte key padded with spaces)
        rec["key"] = rng.choice([_rand_hex(rng, rng.choice([0, 1, 8, 15, 17, 20, 31, 33, 64])),
                                 _rand_hex(rng, 8) + " " * 16])
    elif k == 9:  # a missing required field
        req = ["id", "op", "mode", "key", "pt" if rec["op"] == "encrypt" else "ct"]
        if rec["mode"] != "ecb":
            req.append("iv")
        if rec["mode"] == "gcm" and rec["op"] == "decrypt":
            req.append("tag")
        del rec[rng.choice(req)]
    elif k == 10:  # bad op / mode / id value of the right type
        f = rng.choice(["op", "mode", "id"])
        rec[f] = {"op": rng.choice(["ENCRYPT", "encrypt ", "enc", ""]), "mode": rng.choice(["ECB", "ctr", "gcm "]),
                  "id": ""}[f]
    else:  # semantic errors: partial blocks, empty gcm iv, bad tag lengths, short cbc iv
        if rec["mode"] in ("ecb", "cbc") and rng.random() < 0.7:
            d = "pt" if rec["op"] == "encrypt" else "ct"
            rec[d] = _rand_hex(rng, rng.choice([1, 15, 17, 31]))
        elif rec["mode"] == "cbc":
            rec["iv"] = _rand_hex(rng, rng.choice([0, 8, 12, 17]))
        elif rec["mode"] == "gcm":
            c = rng.randrange(3)
            if c == 0:
                rec["iv"] = ""
            elif c == 1:
                rec["tag_len"] = rng.choice([0, 1, 3, 5, 11, 17, 32, -16])
            else:
                rec.update(op="decrypt", ct=rec.get("ct", "00"), tag="00" * 5, tag_len=16)
        else:
            rec["pt" if rec["op"] == "encrypt" else "ct"] = "00" * 15
    rid_out = rec.get("id") if isinstance(rec.get("id"), str) and rec.get("id") else None
    return json.dumps(rec).encode(), rid_out


def fuzz_corpus(rng: random.Random, n_bad: int, good: list[dict]) -> list[tuple[bytes, str | None, dict | None]]:
    """`n_bad` bad lines, the `good` vectors and a few blank lines, shuffled: (line, id or None, good vector)."""
    items: list[tuple[bytes, str | None, dict | None]] = [(*bad_line(rng, n), None) for n in range(n_bad)]
    items += [(json.dumps(g).encode(), g["id"], g) for g in good]
    items += [(rng.choice([b"", b"  ", b"\t", b" \t "]), None, None) for _ in range(3)]
    rng.shuffle(items)
    if not items[0][0].strip():  # keep line 1 non-blank (a blank first line is fine, but keeps ids simple)
        items.append(items.pop(0))
    return items


def _expected_ids(items) -> list[tuple[str, dict | None]]:
    """(output id, good vector or None) per non-blank line: the valid id, else lineN (file line number)."""
    out = []
    for n, (line, rid, good) in enumerate(items, 1):
        if line.strip(b" \t"):
            out.append((rid if rid is not None else f"line{n}", good))
    return out


def test_fuzz_reader_and_validator(tmp_path):
    """600 seeded lines through the shared reader and validator: one entry per non-blank line, an error
    message for every bad one, None (and the exact record) for every good one, no exception."""
    rng = random.Random(SEED)
    good = [good_vector(rng, f"good{n}") for n in range(60)]
    items = fuzz_corpus(rng, 540, good)
    p = _lines(tmp_path / "v.jsonl", [x[0] for x in items])
    recs = read_vectors(p)
    want = _expected_ids(items)
    assert len(recs) == len(want)
    n_bad = 0
    for rec, (rid, g) in zip(recs, want):
        for core in (ANY_CORE, ITER, GCM):
            err = validate_record(rec, core)
            if g is None:
                assert isinstance(err, str) and err and "\n" not in err and len(err) < 300, (rid, err)
        if g is None:
            n_bad += 1
        else:
            assert rec == g and validate_record(rec, ANY_CORE) is None, (rid, validate_record(rec, ANY_CORE))
    assert n_bad == 540


def test_fuzz_check(tmp_path, capsys):
    """`aesforge check` over a fuzzed vectors file and a fuzzed results file: every vector and every stray
    result line is counted exactly once, only good vectors with a right, well-formed result pass."""
    rng = random.Random(SEED + 1)
    good = [good_vector(rng, f"good{n}") for n in range(80)]
    items = fuzz_corpus(rng, 320, good)
    res_lines: list[bytes] = []
    n_pass = n_fail = 0
    failing_ids: set[str] = set()
    for rid, g in _expected_ids(items):
        if g is None:  # a bad vector: the error line `sim` writes for it, or no line at all
            n_fail += 1
            failing_ids.add(rid)
            if rng.random() < 0.8:
                res_lines.append(json.dumps({"id": rid, "error": "malformed input"}).encode())
            continue
        right = {"id": rid, **expected(g)}
        fate = rng.choice(["right"] * 5 + ["dup", "missing", "error", "wrong", "badtype", "badhex", "bytes"])
        if fate in ("right", "dup"):
            n_pass += 1
            res_lines.append(json.dumps(right).encode())
            if fate == "dup":  # a second line for the same vector: a stray failure of its own
                n_fail += 1
                res_lines.append(json.dumps(right).encode())
            continue
        n_fail += 1
        failing_ids.add(rid)
        if fate == "error":
            res_lines.append(json.dumps({"id": rid, "error": "timeout"}).encode())
        elif fate == "wrong":
            res_lines.append(json.dumps({**right, "auth_ok": not right["auth_ok"]} if "auth_ok" in right else
                                        {**right, **{k: "00" + v for k, v in right.items()
                                                     if k in ("ct", "pt", "tag")}}).encode())
        elif fate == "badtype":
            f = rng.choice([k for k in right if k != "id"])
            res_lines.append(json.dumps({**right, f: _wrong_type(rng, "bool" if f == "auth_ok" else "str")}).encode())
        elif fate == "badhex":
            f = rng.choice([k for k in right if k in ("ct", "pt", "tag")] or ["ct"])
            res_lines.append(json.dumps({**right, f: _corrupt_hex(rng, right.get(f, ""))}).encode())
        elif fate == "bytes":  # the result line is damaged beyond use: a stray failure as well
            n_fail += 1
            res_lines.append(json.dumps(right).encode()[:-5] + b"\xff\xfe")
    # stray result lines: garbage, non-objects, unusable ids, ids not in the vectors
    for n in range(60):
        k = rng.randrange(4)
        if k == 0:
            res_lines.append(bad_line(rng, n, "stray")[0] if rng.random() < 0.5 else b"[" * 50_000)
            if not res_lines[-1].strip(b" \t"):
                res_lines.pop()
                continue
        elif k == 1:
            res_lines.append(json.dumps(_wrong_type(rng, "dict")).encode())
        elif k == 2:
            res_lines.append(json.dumps({"id": _wrong_type(rng, "str"), "ct": "00"}).encode())
        else:
            res_lines.append(json.dumps({"id": f"stranger{n}", "ct": "00"}).encode())
        n_fail += 1
    rng.shuffle(res_lines)

    rc, out = _check(tmp_path, [x[0] for x in items], res_lines, capsys, show=100_000)
    assert _summary(out) == f"{n_pass} passed, {n_fail} failed"
    assert rc == (0 if n_fail == 0 and n_pass else 1)
    assert len(out) == n_fail + 1 and all(x.startswith("FAIL ") for x in out[:-1])
    assert all(x.isascii() and x.isprintable() for x in out), [x for x in out if not x.isprintable()][:3]
    # the same through the library call: every failing vector is named by its id (or lineN)
    rep = check(read_vectors(tmp_path / "v.jsonl"), read_vectors(tmp_path / "r.jsonl"))
    assert (rep.passed, rep.failed) == (n_pass, n_fail)
    assert failing_ids <= {fid for fid, _ in rep.failures}


# ---------------------------------------------------------------------------------------------------------
# The real thing: one `aesforge sim` run (aes_iter on Icarus, 4 one-block vectors simulated) over the
# regression lines and a fuzz corpus, then `aesforge check` on its output.

SIM_GOOD = [dict(GOOD, id="fips-c1"), {"id": "fips-c1-dec", "op": "decrypt", "mode": "ecb", "key": KEY128,
                                       "ct": GOOD_CT}]
REGRESSION_LINES: list[tuple[bytes, str]] = [   # (line, fragment of its error message)
    (b'{"id": "utf8", "op": "encrypt\xff", "mode": "ecb"}', "not valid UTF-8"),
    (b"[" * 100_000, "nested too deeply"),
    (json.dumps({**GOOD, "id": ["a", "b"]}).encode(), "field 'id' must be a non-empty string"),
    (json.dumps({**GOOD, "id": {"k": 1}}).encode(), "field 'id' must be a non-empty string"),
    (b'"hello"', "expected a JSON object, got a JSON string"),
    (json.dumps({**GOOD, "id": "key8", "key": "0011223344556677" + " " * 16}).encode(), "field 'key' is not valid hex"),
    (json.dumps({**GCM_GOOD, "id": "gcm"}).encode(), "does not support mode gcm"),
    (json.dumps(dict(GOOD, id="fips-c1")).encode(), "duplicate id"),
]


@pytest.fixture(scope="module")
def sim_run(tmp_path_factory):
    """Run `aesforge sim` once; return (input items, completed process, result lines or None)."""
    tmp = tmp_path_factory.mktemp("sim")
    rng = random.Random(SEED + 2)
    good = SIM_GOOD + [good_iter(rng, f"iter{n}") for n in range(2)]
    items = fuzz_corpus(rng, 150, good[1:])
    items.insert(0, (json.dumps(good[0]).encode(), good[0]["id"], good[0]))   # first: the duplicate comes later
    items[40:40] = [(line, None, None) for line, _ in REGRESSION_LINES]
    # regression lines with a valid id keep it
    ids = {0: None, 1: None, 2: None, 3: None, 4: None, 5: "key8", 6: "gcm", 7: "fips-c1"}
    for j, rid in ids.items():
        items[40 + j] = (items[40 + j][0], rid, None)
    inp, out = _lines(tmp / "in.jsonl", [x[0] for x in items]), tmp / "out.jsonl"
    cmd = [sys.executable, "-m", "aesforge.cli", "sim", "--core", "aes_iter", "--sim", "icarus", "--jobs", "1",
           "--vectors", str(inp), "--out", str(out), "--quiet"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    res = out.read_text().splitlines() if out.is_file() else None
    return items, proc, res, inp, out


def test_sim_one_line_per_input_line(sim_run):
    items, proc, res, _, _ = sim_run
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    want = _expected_ids(items)
    assert res is not None and len(res) == len(want)
    n_good = 0
    for line, (rid, g) in zip(res, want):
        r = json.loads(line)
        assert r["id"] == rid, (r, rid)
        if g is None:
            assert set(r) == {"id", "error"} and isinstance(r["error"], str) and r["error"], r
        else:
            n_good += 1
            assert "error" not in r, r
            assert {k: r[k] for k in ("ct", "pt") if k in r} == expected(g), (r, g)
            assert r["cycles"] == {16: 10, 24: 12, 32: 14}[len(g["key"]) // 2] + 1
    assert n_good == 4


@pytest.mark.parametrize("j", range(len(REGRESSION_LINES)))
def test_sim_regression_line(sim_run, j):
    """Each defect's line gets its own error line in `aesforge sim`; the good vectors still run."""
    items, proc, res, _, _ = sim_run
    assert proc.returncode == 0 and res is not None, proc.stderr[-2000:]
    want = _expected_ids(items)
    k = [n for n, (line, _, _) in enumerate(items) if line.strip(b" \t")].index(40 + j)
    r = json.loads(res[k])
    assert r["id"] == want[k][0]
    assert REGRESSION_LINES[j][1] in r["error"], r
    if j in (0, 1, 2, 3, 4):  # no usable id: named after its line in the file
        assert r["id"] == f"line{41 + j}"


def test_check_on_sim_output(sim_run, capsys):
    items, proc, res, inp, out = sim_run
    assert res is not None, proc.stderr[-2000:]
    capsys.readouterr()
    rc = cli.main(["check", "--vectors", str(inp), "--results", str(out), "--show", "0"])
    n_bad = len(_expected_ids(items)) - 4
    assert capsys.readouterr().out.splitlines()[-1] == f"4 passed, {n_bad} failed"
    assert rc == 1
