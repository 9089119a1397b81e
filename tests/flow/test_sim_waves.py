# SPDX-License-Identifier: Apache-2.0
"""`aesforge sim --waves ID` (issue 23): only the named vector is simulated, and an FST of every signal is written.

The FST is read back block by block (the format's container: a type byte and a big-endian length per block):
it must start with the header block and carry a hierarchy block and value-change data; for Icarus (gzip
hierarchy) the top module's name is looked up in the hierarchy. Icarus runs in `make test`; the Verilator build
(``--trace-fst``, about 30 s) in `make test-full`.
"""
from __future__ import annotations

import gzip
import json
import struct
from pathlib import Path

import pytest

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aesforge import cli
from aesforge.cores import get

FST_HDR, FST_VCDATA, FST_VCDATA_DYN_ALIAS, FST_VCDATA_DYN_ALIAS2 = 0, 1, 5, 8
FST_HIER_GZ, FST_HIER_LZ4, FST_HIER_LZ4DUO = 4, 6, 7


def _blocks(path: Path) -> list[tuple[int, bytes]]:
    data = path.read_bytes()
    out, i = [], 0
    while i < len(data):
        kind, length = data[i], struct.unpack(">Q", data[i + 1:i + 9])[0]
        assert length >= 8 and i + 1 + length <= len(data), f"truncated FST block at {i}"
        out.append((kind, data[i + 9:i + 1 + length]))
        i += 1 + length
    return out


VECS = [
    {"id": "a", "op": "encrypt", "mode": "ecb", "key": "00" * 16, "pt": "f34481ec3cc627bacd5dc3fb08f273e6",
     "expect": {"ct": "0336763e966d92595a567cc9ce537f5e"}},
    # the vector a user wants to look at: its expected answer is wrong, so --check fails on it
    {"id": "b:bad", "op": "encrypt", "mode": "ecb", "key": "00" * 16, "pt": "9798c4640bad75c7c3227db910174e72",
     "expect": {"ct": "00" * 16}},
]


def _ecb(key: str, pt: str) -> str:
    enc = Cipher(algorithms.AES(bytes.fromhex(key)), modes.ECB()).encryptor()
    return (enc.update(bytes.fromhex(pt)) + enc.finalize()).hex()


def _write(tmp_path: Path) -> Path:
    p = tmp_path / "v.jsonl"
    p.write_text("".join(json.dumps(v) + "\n" for v in VECS))
    return p


def _waves(tmp_path, capsys, sim: str) -> None:
    vec, fst, out = _write(tmp_path), tmp_path / "w.fst", tmp_path / "r.jsonl"
    rc = cli.main(["sim", "--core", "aes_iter", "--sim", sim, "--vectors", str(vec), "--out", str(out),
                   "--waves", "b:bad", "--waves-out", str(fst), "--check", "--quiet"])
    cap = capsys.readouterr()
    assert rc == 1 and "FAIL b:bad" in cap.out and "0 passed, 1 failed" in cap.out
    assert f"gtkwave {fst}" in cap.err
    res = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in res] == ["b:bad"]                     # only the named vector ran
    assert res[0]["ct"] == _ecb(VECS[1]["key"], VECS[1]["pt"])     # the RTL's answer is the right one
    blocks = _blocks(fst)
    kinds = [k for k, _ in blocks]
    assert kinds[0] == FST_HDR
    assert {FST_HIER_GZ, FST_HIER_LZ4, FST_HIER_LZ4DUO} & set(kinds), kinds
    assert {FST_VCDATA, FST_VCDATA_DYN_ALIAS, FST_VCDATA_DYN_ALIAS2} & set(kinds), kinds
    for kind, body in blocks:
        if kind == FST_HIER_GZ:
            assert get("aes_iter").top.encode() in gzip.decompress(body[8:])


def test_waves_icarus(tmp_path, capsys):
    _waves(tmp_path, capsys, "icarus")


@pytest.mark.full
def test_waves_verilator(tmp_path, capsys):
    _waves(tmp_path, capsys, "verilator")


def test_waves_unknown_id_is_a_usage_error(tmp_path, capsys):
    rc = cli.main(["sim", "--core", "aes_iter", "--vectors", str(_write(tmp_path)), "--waves", "nope", "--quiet"])
    assert rc == 2 and "no vector with id 'nope'" in capsys.readouterr().err
