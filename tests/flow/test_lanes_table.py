# SPDX-License-Identifier: Apache-2.0
"""The generated figures of hw/gcm_lanes (issue 19's table per configuration, `aesforge.coredefs.gcm_lanes_docs.config_table`,
a `make report` hook) and the critical path's source-line ends (`aesforge.flow.cpath`): the README block is what
the results files give, each row's cells are recomputed here from the JSON records (not typed), and a path's ends
are named by the flip-flops' `src` attributes."""
from __future__ import annotations

from pathlib import Path

import pytest

from aesforge.flow import cpath
from aesforge.flow.report import _load_results
from aesforge.coredefs import gcm_lanes_docs

ROOT = Path(__file__).resolve().parents[2]


def _block() -> str:
    text = (ROOT / "hw" / "gcm_lanes" / "README.md").read_text()
    return text.split(gcm_lanes_docs.LANES_BEGIN, 1)[1].split(gcm_lanes_docs.LANES_END, 1)[0].strip("\n")


def test_readme_block_is_generated_from_results():
    assert _block() == gcm_lanes_docs.config_table(_load_results())


def test_rows_recomputed_from_records():
    res = {r["core"]: r for r in _load_results()}
    table = gcm_lanes_docs.config_table(list(res.values()))
    main = table.split("\n\n")[1]                          # the first table (the path table follows)
    rows = {ln.split("|")[1].strip(): [c.strip() for c in ln.strip("|").split("|")]
            for ln in main.splitlines() if ln.startswith("| `gcm_lanes")}
    placed = [n for n, r in res.items() if n.startswith("gcm_lanes") and (r.get("ecp5_parts") or {}).get("85k")]
    assert placed, "no placed gcm_lanes configuration in results/"
    for name in placed:
        r = res[name]
        part = r["ecp5_parts"]["85k"]
        cells = rows[f"`{name}`"]
        seeds = " / ".join(f"{part['fmax_by_seed'][str(s)]:.2f}" for s in part["seeds"])
        assert cells[3] == f"**{part['fmax_mhz']:.2f}** ({seeds})", cells
        gbps = 128 / r["cycles"]["cycles_per_block"] * part["fmax_mhz"] / 1000
        assert cells[5].split(" / ")[0] == f"{gbps:.2f}", cells
        ns = r["cycles"]["msg64_cycles"] * 1000 / part["fmax_mhz"]
        assert cells[8].startswith(f"{r['cycles']['msg64_cycles']} cycles: {ns:,.0f}"), cells
    if {"gcm_lanes", "gcm_lanes_n1"} <= set(placed):
        g = [128 / res[n]["cycles"]["cycles_per_block"] * res[n]["ecp5_parts"]["85k"]["fmax_mhz"] / 1000
             for n in ("gcm_lanes", "gcm_lanes_n1")]
        assert f"LFE5U-85F {g[0]:.2f} / {g[1]:.2f} = {g[0] / g[1]:.2f}" in table


def test_unplaced_row_and_missing_markers(tmp_path, monkeypatch):
    r = {"core": "gcm_lanes_n4", "params": {"N": 4, "KEY_BITS": 128}, "block_bits": 128, "ecp5_parts": {},
         "ecp5": {"core": {"lut4_equiv": 7, "ff": 8, "dp16kd": 9}},
         "cycles": {"cycles_per_block": 0.25, "msg64_cycles": 37, "key_load_cycles": {"128": 125}}}
    table = gcm_lanes_docs.config_table([r])
    row = next(ln for ln in table.splitlines() if ln.startswith("| `gcm_lanes_n4`"))
    assert "| 7 / 8 / 9 | not placed | not placed | n/m | n/m | n/m | 37 cycles | 125 cycles |" in row, row
    assert "Against issue 19" not in table                 # neither N = 1 nor N = 2 in the rows
    (tmp_path / "hw" / "gcm_lanes").mkdir(parents=True)
    (tmp_path / "hw" / "gcm_lanes" / "README.md").write_text("# no markers\n")
    monkeypatch.setenv("AESFORGE_ROOT", str(tmp_path))
    with pytest.raises(ValueError, match="lanes-configs"):
        gcm_lanes_docs.readme_table([r])


def test_path_ends_name_source_lines():
    netlist = {"modules": {"aesf_flow_wrap": {
        "attributes": {"top": "00000000000000000000000000000001"},
        "netnames": {"u_core.ist_q": {"bits": [5], "hide_name": 0},
                     "u_core.iv_left_q": {"bits": [7, 8], "hide_name": 0}},
        "cells": {
            "a_TRELLIS_FF_Q": {"type": "TRELLIS_FF", "attributes": {"src": "hw/x.v:10.3-12.6|cells_map.v:1.1-2.2"},
                               "port_directions": {"Q": "output"}, "connections": {"Q": [5]}},
            "lut": {"type": "LUT4", "attributes": {}, "port_directions": {"Z": "output"}, "connections": {"Z": [6]}},
            "b_TRELLIS_FF_Q": {"type": "TRELLIS_FF", "attributes": {"src": "hw/x.v:20.3-22.6"},
                               "port_directions": {"Q": "output"}, "connections": {"Q": [8]}}}}}}
    hop = lambda t, a, b, d: {"type": t, "delay": d, "from": {"cell": a, "loc": "(1, 1)"},   # noqa: E731
                              "to": {"cell": b, "port": "DI", "loc": "(2, 2)"}}
    report = {"critical_paths": [
        {"from": "other", "to": "other", "path": [hop("logic", "x", "y", 9.0)]},
        {"from": "posedge clk", "to": "posedge clk", "path": [
            hop("clk-to-q", "a_TRELLIS_FF_Q", "a_TRELLIS_FF_Q", 0.5), hop("routing", "a_TRELLIS_FF_Q", "lut", 2.0),
            hop("logic", "lut", "lut", 0.3), hop("routing", "lut", "b_TRELLIS_FF_Q", 1.5)]}]}
    ends = cpath.path_ends(report, netlist, "clk")
    assert ends == {"start_src": "hw/x.v:10.3-12.6", "end_src": "hw/x.v:20.3-22.6",
                    "start_net": "u_core.ist_q", "end_net": "u_core.iv_left_q[1]"}, ends
    rows = cpath.path_rows(report, netlist, "clk")
    assert len(rows) == 4 and "hw/x.v:10.3-12.6" in rows[0] and rows[-1].split()[2] == "4.30", rows
    assert cpath.path_ends({"critical_paths": []}, netlist) == {}
    assert cpath.ends_from_args("--json nowhere.json --report nowhere.json", "clk") == {}
