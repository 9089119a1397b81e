# SPDX-License-Identifier: Apache-2.0
"""Side-channel evaluation in simulation (issue 24)."""
