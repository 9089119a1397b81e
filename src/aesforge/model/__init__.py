# SPDX-License-Identifier: Apache-2.0
"""aesforge golden model: pure-Python AES (FIPS-197), ECB/CBC, GHASH and AES-GCM (SP 800-38D).

This package is the project's oracle: RTL simulation results and vector files are checked
against it.  Everything works on ``bytes`` (blocks, keys) or 128-bit big-endian integers
(field elements, counter blocks).
"""
from .aes import (
    AES,
    INV_SBOX,
    RCON,
    SBOX,
    cbc_decrypt,
    cbc_encrypt,
    ecb_decrypt,
    ecb_encrypt,
    expand_key,
    key_words,
    mct_cbc,
    mct_ecb,
    num_rounds,
    trace_decrypt,
    trace_encrypt,
)
from .gcm import TAG_LENGTHS, gcm_decrypt, gcm_encrypt, gcm_trace, gctr, gmac, inc32, j0
from .ghash import ONE, R, GHashKey, gf_mult_bitserial, gf_mult_digit, ghash, h_powers, mulx

__all__ = [
    "AES",
    "SBOX",
    "INV_SBOX",
    "RCON",
    "num_rounds",
    "key_words",
    "expand_key",
    "trace_encrypt",
    "trace_decrypt",
    "ecb_encrypt",
    "ecb_decrypt",
    "cbc_encrypt",
    "cbc_decrypt",
    "mct_ecb",
    "mct_cbc",
    "R",
    "ONE",
    "mulx",
    "gf_mult_bitserial",
    "gf_mult_digit",
    "GHashKey",
    "ghash",
    "h_powers",
    "TAG_LENGTHS",
    "inc32",
    "j0",
    "gctr",
    "gcm_encrypt",
    "gcm_decrypt",
    "gmac",
    "gcm_trace",
]
