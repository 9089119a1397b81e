# SPDX-License-Identifier: Apache-2.0
"""JSON Lines I/O for vector records (one JSON object per line, UTF-8)."""
from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["read_jsonl", "write_jsonl"]


def read_jsonl(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Read all records of a ``.jsonl`` file; blank lines are ignored.

    Raises ValueError naming the file and line for malformed lines or non-object values.
    """
    out: list[dict[str, Any]] = []
    with Path(path).open("r", encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{lineno}: invalid JSON: {exc.msg}") from None
            if not isinstance(obj, dict):
                raise ValueError(f"{path}:{lineno}: expected a JSON object, got {type(obj).__name__}")
            out.append(obj)
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
