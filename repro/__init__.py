# SPDX-License-Identifier: Apache-2.0
"""Reproductions of the seed papers' figures (outside the aesforge library package). `make report` runs them through
the cores' `report_hook` (e.g. `repro.dam.run:reproduce`), with the repository root on the import path."""
