# SPDX-License-Identifier: Apache-2.0
"""Seed paper 003 "DAM" (DMA + AES + memory controller on AXI / ASBUS): the paper's static cycle models
(:mod:`.cycles`, Eq. 10-19 / Table I, with the paper-vs-model findings), the reproduction report generator
(:mod:`.reproduce`) and the run behind `make report` (:mod:`.run`, docs/dam_reproduce.md).

Not part of the aesforge library: the DAM cores, their bench and the ASBUS state order (`aesforge.dam.order`) are;
this tree only compares their measured cycles, Fmax and LUT4 with the paper."""
from __future__ import annotations

from .cycles import clip_p, findings, model_cycles, p_max, paper_cycles, paper_ratio_pct
from .reproduce import write_report

__all__ = ["clip_p", "findings", "model_cycles", "p_max", "paper_cycles", "paper_ratio_pct", "write_report"]
