# SPDX-License-Identifier: Apache-2.0
"""Placement pin hooks (aesforge.flow.pins): the DAM's and gcm_lanes' S-box RAMs on distinct EBR sites in pipeline
order; the per-core report hooks (Core.report_hook) resolve; no tool runs here."""
from __future__ import annotations

import re

import pytest

from aesforge import cores
from aesforge.flow import pins


def _dam_netlist(extra: str = "", nr: int = 10) -> dict:
    cells = {f"u_core.gen_asbus.u_front.u_core.u_{e}.gen_round[{r}].u_round.genblk3.gen_sb_rom.gen_rom[{k}]"
             f".u_sbox_rom.gen_dp16kd.u_dp16kd": {"type": "DP16KD", "attributes": {}}
             for e in ("dec", "enc") for r in range(1, nr + 1) for k in range(8)}
    cells["u_core.some_ff"] = {"type": "TRELLIS_FF", "attributes": {}}
    if extra:
        cells[extra] = {"type": "DP16KD", "attributes": {}}
    return {"modules": {"wrap": {"attributes": {"top": 1}, "cells": cells}}}


def test_dam_rounds_sites():
    nl = _dam_netlist()
    assert pins.apply("dam_rounds", nl) == 160
    cells = nl["modules"]["wrap"]["cells"]
    assert "BEL" not in cells["u_core.some_ff"]["attributes"]
    site = {n: c["attributes"]["BEL"] for n, c in cells.items() if c["type"] == "DP16KD"}
    assert len(set(site.values())) == 160
    xy = {}
    for n, b in site.items():
        m = re.fullmatch(r"X(\d+)/Y(\d+)/EBR([0-3])", b)
        assert m and int(m.group(1)) in pins.EBR_X_85K and int(m.group(2)) in pins.EBR_ROWS_85K, b
        e, r, k = re.search(r"u_(dec|enc)\.gen_round\[(\d+)\].*gen_rom\[(\d)\]", n).groups()
        xy[(e, int(r), int(k))] = (int(m.group(1)), int(m.group(2)))
    for e, (row_a, row_b) in (("dec", (22, 46)), ("enc", (82, 70))):
        # rounds 1-5 left to right on the first row, 6-10 right to left on the second, RAMs 0-7 left to right
        assert all(xy[(e, r, k)][1] == (row_a if r <= 5 else row_b) for r in range(1, 11) for k in range(8))
        assert [xy[(e, r, 0)][0] for r in range(1, 6)] == sorted(xy[(e, r, 0)][0] for r in range(1, 6))
        assert [xy[(e, r, 0)][0] for r in range(6, 11)] == sorted((xy[(e, r, 0)][0] for r in range(6, 11)),
                                                                    reverse=True)
        assert xy[(e, 5, 0)][0] == xy[(e, 6, 0)][0]      # round 6 right below / above round 5
        assert all(xy[(e, r, k)][0] < xy[(e, r, k + 1)][0] for r in range(1, 11) for k in range(7))


def test_dam_rounds_key_sizes():
    nl = _dam_netlist(nr=12)             # AES-192: six rounds per row
    assert pins.apply("dam_rounds", nl) == 192
    site = [c["attributes"]["BEL"] for c in nl["modules"]["wrap"]["cells"].values() if c["type"] == "DP16KD"]
    assert len(set(site)) == 192
    nl = _dam_netlist(nr=14)             # AES-256: 56 RAMs per row do not fit, left to the placer
    assert pins.apply("dam_rounds", nl) == 0
    assert not any("BEL" in c["attributes"] for c in nl["modules"]["wrap"]["cells"].values())
    nl = _dam_netlist(nr=0)              # no block-ROM S-boxes (SBOX_IMPL 0 / 1)
    assert pins.apply("dam_rounds", nl) == 0


def _lanes_netlist(lanes: int = 1, nr: int = 10) -> dict:
    cells = {f"u_core.gen_lane[{ln}].gen_round[{r}].u_round.genblk3.gen_sb_rom.gen_rom[{k}].u_sbox_rom.gen_dp16kd"
             f".u_dp16kd": {"type": "DP16KD", "attributes": {}}
             for ln in range(lanes) for r in range(1, nr + 1) for k in range(8)}
    return {"modules": {"wrap": {"attributes": {"top": 1}, "cells": cells}}}


def _sites(nl: dict) -> dict[tuple[int, int, int], tuple[int, int]]:
    xy = {}
    for n, c in nl["modules"]["wrap"]["cells"].items():
        m = re.fullmatch(r"X(\d+)/Y(\d+)/EBR([0-3])", c["attributes"]["BEL"])
        assert m and int(m.group(1)) in pins.EBR_X_85K and int(m.group(2)) in pins.EBR_ROWS_85K
        assert pins.EBR_X_85K.index(int(m.group(1))) % 4 == int(m.group(3))
        ln, r, k = re.search(r"gen_lane\[(\d+)\]\.gen_round\[(\d+)\].*gen_rom\[(\d)\]", n).groups()
        xy[(int(ln), int(r), int(k))] = (int(m.group(1)), int(m.group(2)))
    assert len(set(xy.values())) == len(xy)
    return xy


def test_lane_rounds_sites():
    nl = _lanes_netlist()                 # gcm_lanes_n1: 10 rounds, 5 on row 46 (left to right), 5 on row 70 back
    assert pins.apply("lane_rounds", nl) == 80
    xy = _sites(nl)
    assert all(xy[(0, r, k)][1] == (46 if r <= 5 else 70) for r in range(1, 11) for k in range(8))
    assert [xy[(0, r, 0)][0] for r in range(1, 11)] == sorted(xy[(0, r, 0)][0] for r in range(1, 6)) + \
        sorted((xy[(0, r, 0)][0] for r in range(6, 11)), reverse=True)
    assert xy[(0, 5, 0)][0] == xy[(0, 6, 0)][0]
    nl = _lanes_netlist(nr=14)            # AES-256: 5 + 5 + 4 rounds on rows 46, 70, 82, the third left to right
    assert pins.apply("lane_rounds", nl) == 112
    xy = _sites(nl)
    assert [xy[(0, r, 0)][1] for r in range(1, 15)] == [46] * 5 + [70] * 5 + [82] * 4
    assert xy[(0, 10, 0)][0] == xy[(0, 11, 0)][0] < xy[(0, 12, 0)][0]
    nl = _lanes_netlist(lanes=2)          # both lanes in block ROM: lane 0 on rows 46 / 22, lane 1 on 70 / 82
    assert pins.apply("lane_rounds", nl) == 160
    xy = _sites(nl)
    assert [xy[(0, r, 0)][1] for r in range(1, 11)] == [46] * 5 + [22] * 5
    assert [xy[(1, r, 0)][1] for r in range(1, 11)] == [70] * 5 + [82] * 5
    assert xy[(1, 1, 0)][0] == xy[(1, 10, 0)][0] == min(x for x, _ in xy.values())   # lane 1 in and out at the left
    assert len(set(xy.values())) == 160
    nl = _lanes_netlist(lanes=2, nr=14)   # two AES-256 lanes do not fit four rows: left to the placer
    assert pins.apply("lane_rounds", nl) == 0
    assert not any("BEL" in c["attributes"] for c in nl["modules"]["wrap"]["cells"].values())


def test_pins_errors():
    with pytest.raises(ValueError, match="unknown placement pin hook"):
        pins.apply("nope", _dam_netlist())
    with pytest.raises(ValueError, match="unexpected DP16KD"):
        pins.apply("dam_rounds", _dam_netlist("u_core.other_ram"))
    nl = _lanes_netlist()
    nl["modules"]["wrap"]["cells"]["u_core.u_fifo.ram"] = {"type": "DP16KD", "attributes": {}}
    with pytest.raises(ValueError, match="lane_rounds: unexpected DP16KD"):
        pins.apply("lane_rounds", nl)


def test_dam_cores_pin_their_rams():
    for name in ("dam_asbus32", "dam_asbus64", "dam_asbus128", "dam_axi32", "dam_axi64", "dam_axi128"):
        assert cores.get(name).pnr_pins == "dam_rounds"
    assert all(c.pnr_pins in ("",) + tuple(pins.HOOKS) for c in cores.CORES.values())


def test_gcm_lanes_pin_their_lanes():
    """The registered N = 1 and N = 2 (and the AXI top around N = 2) place with their block ROMs pinned (issue 19,
    twelfth and sixteenth rounds); the AES-256 ones keep the placer's choice (gcm_lanes_n1_256 pinned was measured
    without a consistent gain, gcm_lanes_256 has one block-ROM lane: hw/gcm_lanes/README.md)."""
    assert [cores.get(n).pnr_pins for n in ("gcm_lanes_n1", "gcm_lanes", "gcm_lanes_axi")] == ["lane_rounds"] * 3
    assert [cores.get(n).pnr_pins for n in ("gcm_lanes_256", "gcm_lanes_n1_256")] == ["", ""]


def test_report_hooks_resolve():
    """Every Core.report_hook names a callable (make report calls it after the rows are written); the DAM cores'
    writes the seed-003 reproduction, the gcm_lanes cores' the README's table per configuration."""
    import importlib

    hooks = {c.report_hook for c in cores.CORES.values() if c.report_hook}
    assert hooks == {"repro.dam.run:reproduce", "aesforge.coredefs.gcm_lanes_docs:readme_table"}
    for spec in hooks:
        mod, fn = spec.split(":")
        assert callable(getattr(importlib.import_module(mod), fn))
