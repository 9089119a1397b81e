# SPDX-License-Identifier: Apache-2.0
"""RTL simulation harness: run JSON-lines vectors through a core's RTL (cocotb on Icarus or Verilator)."""
from aesforge.sim.validate import validate_record, validate_result, validate_vector  # noqa: F401
