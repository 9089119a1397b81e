# SPDX-License-Identifier: Apache-2.0
"""The SPI protocol is written down four times: the protocol document (hw/gcm_spi/doc/spi_protocol.md), the RTL
localparams (hw/gcm_spi/rtl/aesf_gcm_spi.v), the Python host constants (aesforge.host.protocol) and the C header
(sw/aesforge_spi.h). These tests keep opcodes, status bits and error codes identical in all four, and check that
the WaveDrom diagrams of the document are well formed and show what the RTL does (the bit-level diagram is
decoded: MOSI 0xF0, MISO status 0x09, MISO moving 2..3 T after each rising SCK edge)."""
from __future__ import annotations

import json
import re

from aesforge.host import protocol
from aesforge.paths import repo_root

ROOT = repo_root()
DOC = (ROOT / "hw/gcm_spi/doc/spi_protocol.md").read_text()
RTL = (ROOT / "hw/gcm_spi/rtl/aesf_gcm_spi.v").read_text()
HDR = (ROOT / "sw/aesforge_spi.h").read_text()


def _doc_opcodes() -> dict[str, int]:
    return {m[2]: int(m[1], 16) for m in re.finditer(r"^\| 0x([0-9A-F]{2}) \| ([A-Z_]+) \|", DOC, re.M)}


def _upper(camel: str) -> str:
    """The RTL's CamelCase constant name (OpWriteKey, ErrOpcode without the prefix) as the protocol's name."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).upper()


def test_opcodes_agree_everywhere():
    doc = _doc_opcodes()
    py = {k: v for k, v in vars(protocol.OP).items() if not k.startswith("_")}
    py["RESEED"] = protocol.OP_RESEED   # masked configurations only: kept out of OP / KNOWN_OPCODES (frame model)
    rtl = {_upper(m[1]): int(m[2], 16)
           for m in re.finditer(r"localparam logic \[7:0\] Op([A-Za-z]+)\s*= 8'h([0-9A-F]{2})", RTL)}
    c = {m[1]: int(m[2], 16) for m in re.finditer(r"AFS_OP_([A-Z_]+) = 0x([0-9A-F]{2})", HDR)}
    assert len(doc) == 18
    assert doc == py == rtl == c
    # the paper's Table 1 opcodes are untouched
    for name, op in (("WRITE_KEY", 1), ("WRITE_NONCE", 2), ("WRITE_PT", 3), ("WRITE_AAD", 4), ("START_ENC", 0x10),
                     ("READ_CT", 0x20), ("READ_TAG", 0x21), ("READ_STATUS", 0xF0)):
        assert doc[name] == op


def test_status_and_error_codes_agree_everywhere():
    status_sec, err_sec = DOC.split("## Status byte")[1].split("| ERR | name |")
    err_sec = err_sec.split("\n## ")[0]
    bits = {m[2]: 1 << int(m[1]) for m in re.finditer(r"^\| ([0-4]) \| ([A-Z_]+) \|", status_sec, re.M)}
    assert bits == {"DONE": protocol.ST_DONE, "BUSY": protocol.ST_BUSY, "AUTH_FAIL": protocol.ST_AUTH_FAIL,
                    "KEY_OK": protocol.ST_KEY_OK, "RDY": protocol.ST_RDY}
    for name, v in bits.items():
        assert re.search(rf"#define AFS_ST_{name}\s+0x{v:02X}u", HDR), name
    assert "assign status = {err_q, rdy_q, core_key_ok, auth_q, busy, done_q};" in RTL
    errs = {int(m[1]): m[2] for m in re.finditer(r"^\| ([1-7]) \| ([A-Z]+) \|", err_sec, re.M)}
    assert [errs[i] for i in range(1, 8)] == list(protocol.ERR_NAMES[1:])
    rtl = {_upper(m[1]): int(m[2]) for m in re.finditer(r"localparam logic \[2:0\] Err([A-Za-z]+)\s*= 3'd(\d)", RTL)}
    assert {v: k for k, v in rtl.items() if v} == errs


def _expand(wave: str) -> list[str]:
    out: list[str] = []
    for ch in wave:
        out.append(out[-1] if ch == "." else ch)
    return out


def _diagrams() -> list[dict]:
    blocks = re.findall(r"```wavedrom\n(.*?)```", DOC, re.S)
    assert len(blocks) == 2
    return [json.loads(b) for b in blocks]


def test_wavedrom_well_formed():
    for d in _diagrams():
        lengths = {len(s["wave"]) for s in d["signal"]}
        lengths |= {len(s["node"]) for s in d["signal"] if "node" in s}
        assert len(lengths) == 1, lengths
        for s in d["signal"]:
            assert s["wave"].count("=") == len(s.get("data", [])), s["name"]


def test_bit_level_diagram_shows_the_rtl_timing():
    """Two columns per clock: decode the diagram as a mode-0 master would, and check the MISO timing claims."""
    d = _diagrams()[0]
    sig = {s["name"]: s for s in d["signal"]}
    sck, mosi, miso = (_expand(sig[n]["wave"]) for n in ("spi_sck", "spi_mosi", "spi_miso"))
    cs = _expand(sig["spi_cs_n"]["wave"])
    rises = [i for i in range(1, len(sck)) if sck[i] == "1" and sck[i - 1] == "0"]
    assert len(rises) == 8 and all(b - a == 8 for a, b in zip(rises, rises[1:]))   # SCK period = 4 T
    assert all(r % 2 == 1 for r in rises)                                           # between clock edges
    assert int("".join(mosi[r] for r in rises), 2) == protocol.OP.READ_STATUS
    assert int("".join(miso[r - 1] for r in rises), 2) == protocol.ST_DONE | protocol.ST_KEY_OK   # 0x09
    changes = [i for i in range(1, len(miso)) if miso[i] != miso[i - 1]]
    for c in changes:
        if cs[c] == "1":
            continue
        prev = max(r for r in rises if r < c)
        assert 4 <= c - prev <= 6, (c, prev)          # (SYNC_STAGES-1)*T .. SYNC_STAGES*T after the edge
        assert c % 2 == 0                             # on a clock edge
        nxt = [r for r in rises if r > c]
        assert not nxt or nxt[0] - c >= 2             # >= 1 T before the master's next sample
    nodes = {ch: i for s in d["signal"] for i, ch in enumerate(s.get("node", "")) if ch != "."}
    assert nodes["a"] in rises and nodes["c"] == rises[rises.index(nodes["a"]) + 1]
    assert nodes["b"] in changes and nodes["a"] < nodes["b"] < nodes["c"]
