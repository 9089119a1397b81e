# SPDX-License-Identifier: Apache-2.0
"""Locations inside the repository (the package is installed editable from the repo)."""
from __future__ import annotations

import os
from pathlib import Path


def repo_root() -> Path:
    """The aesforge checkout: $AESFORGE_ROOT, else the folder holding pyproject.toml above this file."""
    env = os.environ.get("AESFORGE_ROOT")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "hw").is_dir():
            return parent
    raise RuntimeError("cannot locate the aesforge repository; set AESFORGE_ROOT")


def build_dir() -> Path:
    """Scratch space for simulator builds and flow runs (git-ignored)."""
    d = repo_root() / "build"
    d.mkdir(exist_ok=True)
    return d
