# SPDX-License-Identifier: Apache-2.0
"""Seed paper 003 "DAM" (DMA + AES + memory controller on AXI / ASBUS): the paper's static cycle models
(:mod:`.cycles`, Eq. 10-19 / Table I, with the paper-vs-model findings) and the reproduction report generator
(:mod:`.reproduce`).

Pure Python: nothing here runs a simulator; the RTL cycle counts are measured elsewhere and passed in."""
from __future__ import annotations

from .cycles import clip_p, findings, model_cycles, p_max, paper_cycles, paper_ratio_pct
from .reproduce import write_report

__all__ = ["clip_p", "findings", "model_cycles", "p_max", "paper_cycles", "paper_ratio_pct", "write_report"]
