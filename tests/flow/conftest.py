# SPDX-License-Identifier: Apache-2.0
"""Shared fixture of the flow tests: `load_script(name)` imports scripts/<name>.py (the scripts are not a package)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def load_script():
    def _load(name: str):
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    return _load
