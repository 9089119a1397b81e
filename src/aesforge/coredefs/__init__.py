# SPDX-License-Identifier: Apache-2.0
"""One module per core family; each calls ``aesforge.cores.register`` at import (see aesforge/cores.py)."""
