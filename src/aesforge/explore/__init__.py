# SPDX-License-Identifier: Apache-2.0
"""Design-space searches run by `aesforge explore FAMILY`: one module per family with ``main(argv) -> int``."""
from __future__ import annotations


def families() -> list[str]:
    import pkgutil

    return sorted(m.name for m in pkgutil.iter_modules(__path__))
