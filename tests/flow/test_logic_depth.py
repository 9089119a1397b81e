# SPDX-License-Identifier: Apache-2.0
"""scripts/logic_depth.py (the pre-P&R register-to-register depth listing behind the gcm_lanes timing rounds) on a
hand-built ECP5 netlist: two flip-flops feeding a chain of two LUT4s into a third flip-flop, and one LUT4 between
the first and a fourth. The deeper path must come first, with its hop count and its two ends; --cone lists, per net
of the path, the source lines of the flip-flops behind it."""
from __future__ import annotations


def _ff(d: int, q: int, src: str) -> dict:
    return {"type": "TRELLIS_FF", "attributes": {"src": src},
            "port_directions": {"CLK": "input", "DI": "input", "Q": "output"},
            "connections": {"CLK": [1], "DI": [d], "Q": [q]}}


def _lut(ins: list[int], z: int) -> dict:
    conn = {p: [b] for p, b in zip("ABCD", ins + ["0"] * (4 - len(ins)))}
    conn["Z"] = [z]
    return {"type": "LUT4", "attributes": {},
            "port_directions": {"A": "input", "B": "input", "C": "input", "D": "input", "Z": "output"},
            "connections": conn}


def _netlist() -> dict:
    # nets: 1 clk, 2 a_q, 3 b_q, 4 l1, 5 l2, 6 c_q, 7 l3, 8 d_q, 9/10 inputs of a and b
    cells = {
        "a": _ff(9, 2, "x.v:1.1-1.9"), "b": _ff(10, 3, "x.v:2.1-2.9"),
        "l1": _lut([2, 3], 4), "l2": _lut([4, 3], 5), "c": _ff(5, 6, "x.v:3.1-3.9"),
        "l3": _lut([2], 7), "d": _ff(7, 8, "x.v:4.1-4.9"),
    }
    names = {"clk": [1], "a_q": [2], "b_q": [3], "c_q": [6], "d_q": [8], "l1": [4], "l2": [5], "l3": [7],
             "ia": [9], "ib": [10]}
    return {"modules": {"top": {"attributes": {"top": 1}, "cells": cells,
                                "netnames": {k: {"bits": v, "hide_name": 0} for k, v in names.items()}}}}


def test_deepest_path_first(load_script):
    rows = load_script("logic_depth").analyze(_netlist())
    start, end, score, hops, path, count, cones = rows[0]
    assert cones == []
    assert (start, end, hops) == ("a_q", "c_q", 2), rows[0]
    assert path[0] == "a_q" and path[-1] == "l2", path
    shallow = [r for r in rows if r[1] == "d_q"]
    assert len(shallow) == 1 and shallow[0][3] == 1 and shallow[0][2] < score, rows


def test_cone_names_the_registers_behind_each_net(load_script):
    rows = load_script("logic_depth").analyze(_netlist(), cones=1)
    start, end, _, _, path, _, cones = rows[0]
    assert (start, end) == ("a_q", "c_q")
    # path a_q > l1 > l2: l1 reads a and b; l2 reads l1 and b (so again a and b, b once as a bit)
    assert len(cones) == len(path) - 1 == 2, cones
    assert cones[0] == {"x.v:1.1-1.9": 1, "x.v:2.1-2.9": 1}, cones
    assert cones[1] == cones[0], cones
    assert rows[1][6] == [], rows[1]          # only the first group's cones were asked for
    # the shallow group a_q > l3 > d_q: l3 reads a only (b is not behind it)
    shallow = [r for r in load_script("logic_depth").analyze(_netlist(), cones=2) if r[1] == "d_q"]
    assert shallow[0][6] == [{"x.v:1.1-1.9": 1}], shallow
