# SPDX-License-Identifier: Apache-2.0
"""aesforge golden model: pure-Python AES (FIPS-197), ECB/CBC, GHASH and AES-GCM (SP 800-38D).

This package is the project's oracle: RTL simulation results and vector files are checked
against it.  Everything works on ``bytes`` (blocks, keys) or 128-bit big-endian integers
(field elements, counter blocks).
"""
from . import aes as _aes
from . import gcm as _gcm
from . import ghash as _ghash
from .aes import *  # noqa: F401,F403 - the names of each module's __all__, re-exported
from .gcm import *  # noqa: F401,F403
from .ghash import *  # noqa: F401,F403

__all__ = [*_aes.__all__, *_gcm.__all__, *_ghash.__all__]
