# SPDX-License-Identifier: Apache-2.0
"""Test vectors: NIST CAVP parsers, named suites and JSON Lines I/O.

Records use one schema everywhere (also the input of ``aesforge sim``); see
:mod:`aesforge.vectors.cavp` and ``vectors/README.md``.
"""
from .cavp import file_stem, parse_mct, parse_rsp, read_rsp_raw
from .jsonl import BadLine, JsonLine, read_jsonl, read_jsonl_lines, write_jsonl
from .suites import all_records, cavp_files, ci_subset, length_class, list_suites, load_suite, model_expect

__all__ = [
    "parse_rsp",
    "parse_mct",
    "read_rsp_raw",
    "file_stem",
    "read_jsonl",
    "read_jsonl_lines",
    "BadLine",
    "JsonLine",
    "write_jsonl",
    "list_suites",
    "load_suite",
    "all_records",
    "ci_subset",
    "cavp_files",
    "length_class",
    "model_expect",
]
