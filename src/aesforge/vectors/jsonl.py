# SPDX-License-Identifier: Apache-2.0
"""JSON Lines I/O for vector records (one JSON object per line, UTF-8).

:func:`read_jsonl_lines` is the one tolerant reader behind `aesforge sim` and `aesforge check` (vectors and
results files alike): it never raises on the file's content. Each non-blank line becomes either a
:class:`JsonLine` (a dict that remembers its line number) or a :class:`BadLine` (line number and a fixed,
one-line reason), so the caller can answer every malformed line and still process the good ones.
:func:`read_jsonl` is the strict variant for our own files: it raises on the first bad line.
"""
from __future__ import annotations

import codecs
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["BadLine", "JsonLine", "json_kind", "parse_jsonl_line", "read_jsonl", "read_jsonl_lines",
           "write_jsonl"]

# JSON's own whitespace (RFC 8259): a line of only these is blank and skipped; anything else is content.
_JSON_WS = b" \t\r\n"


@dataclass(frozen=True)
class BadLine:
    """A non-blank line that is not a JSON object: its 1-based line number in the file and why."""

    lineno: int
    reason: str

    @property
    def message(self) -> str:
        """The one-line error text, e.g. ``line 3: expected a JSON object, got a JSON string``."""
        return f"line {self.lineno}: {self.reason}"


class JsonLine(dict):
    """A JSON object read from a file; ``lineno`` is its 1-based line number (names the line in errors)."""

    __slots__ = ("lineno",)

    def __init__(self, obj: dict, lineno: int):
        super().__init__(obj)
        self.lineno = lineno


def json_kind(value: object) -> str:
    """The JSON type name of a parsed value: object, array, string, number, boolean or null."""
    if isinstance(value, dict):
        return "object"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if value is None:
        return "null"
    return type(value).__name__


def parse_jsonl_line(raw: bytes, lineno: int) -> JsonLine | BadLine | None:
    """Parse one raw line (without its line ending): None when blank, else a JsonLine or a BadLine.

    Never raises on content: invalid UTF-8, invalid JSON, nesting beyond the interpreter's recursion limit
    and oversized numbers all give a BadLine whose reason does not echo the line.
    """
    if lineno == 1 and raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    if not raw.strip(_JSON_WS):
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return BadLine(lineno, f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        return BadLine(lineno, f"not valid JSON: {exc.msg} (column {exc.colno})")
    except RecursionError:
        return BadLine(lineno, "not valid JSON: nested too deeply")
    except ValueError:  # e.g. an integer literal beyond sys.get_int_max_str_digits()
        return BadLine(lineno, "not valid JSON: a number is too long")
    if not isinstance(obj, dict):
        return BadLine(lineno, f"expected a JSON object, got a JSON {json_kind(obj)}")
    return JsonLine(obj, lineno)


def read_jsonl_lines(path: str | os.PathLike[str]) -> list[JsonLine | BadLine]:
    """Read a ``.jsonl`` file tolerantly: one entry per non-blank line, in file order.

    Lines end in LF, CRLF or CR; blank lines (JSON whitespace only) are skipped but still counted, so
    ``lineno`` is the line number an editor shows. A UTF-8 BOM at the start of the file is ignored. Raises
    only OSError (missing or unreadable file), never on the content.
    """
    data = Path(path).read_bytes()
    out: list[JsonLine | BadLine] = []
    for lineno, raw in enumerate(data.splitlines(), 1):  # bytes.splitlines: only \n, \r\n and \r
        item = parse_jsonl_line(raw, lineno)
        if item is not None:
            out.append(item)
    return out


def read_jsonl(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Read all records of a ``.jsonl`` file; blank lines are ignored.

    Raises ValueError naming the file and line for malformed lines or non-object values.
    """
    out: list[dict[str, Any]] = []
    for item in read_jsonl_lines(path):
        if isinstance(item, BadLine):
            raise ValueError(f"{path}:{item.lineno}: {item.reason}")
        out.append(dict(item))
    return out


def write_jsonl(records: Iterable[dict[str, Any]], path: str | os.PathLike[str]) -> int:
    """Write records, one compact JSON object per line; creates parent folders. Returns the count."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with p.open("w", encoding="utf-8", newline="\n") as fh:
        for rec in records:
            fh.write(json.dumps(rec, separators=(",", ":")))
            fh.write("\n")
            n += 1
    return n
