# SPDX-License-Identifier: Apache-2.0
"""Helpers of the DAM cores (hw/dam) that hosts and benches need: the ASBUS state-mode byte order (:mod:`.order`).

The seed-003 paper reproduction (cycle models, docs/dam_reproduce.md) lives outside the library, in `repro/dam`."""
