# SPDX-License-Identifier: Apache-2.0
"""Opcodes, status bits and error codes of the aesf_gcm_spi protocol (hw/gcm_spi/doc/spi_protocol.md)."""
from __future__ import annotations


class OP:
    WRITE_KEY = 0x01      # 16/24/32 B
    WRITE_NONCE = 0x02    # 1..16 B
    WRITE_PT = 0x03       # 0..64 B (buffered text: PT to encrypt / CT to decrypt)
    WRITE_AAD = 0x04      # 0..32 B
    WRITE_TAG = 0x05      # 1..16 B (tag to verify)
    SET_TAGLEN = 0x06     # 1 B
    START_ENC = 0x10
    START_DEC = 0x11
    STREAM_START = 0x12   # 13 B: flags, tag_len, iv_len(2), aad_len(4), txt_len(5)
    STREAM_DATA = 0x13    # 1..64 B
    READ_CT = 0x20        # up to 64 B
    READ_TAG = 0x21       # up to 16 B
    ZEROIZE = 0x30
    ABORT = 0x31
    READ_STATUS = 0xF0
    CLEAR_STATUS = 0xF1
    READ_INFO = 0xF2      # 8 B


KNOWN_OPCODES = {v for k, v in vars(OP).items() if not k.startswith("_")}

# Masked configurations only (AES_IMPL 2, e.g. gcm_spi_d1_dom): 8 bytes XORed into the AES engine's mask PRNG; any
# time, changes no result. Elsewhere an unknown opcode (E_OPCODE), so it is not in OP / KNOWN_OPCODES.
OP_RESEED = 0x32


def known_opcodes(masked: bool = False) -> set[int]:
    """The opcodes a configuration answers other than with E_OPCODE (RESEED only on masked ones)."""
    return KNOWN_OPCODES | ({OP_RESEED} if masked else set())

ST_DONE = 0x01
ST_BUSY = 0x02
ST_AUTH_FAIL = 0x04
ST_KEY_OK = 0x08
ST_RDY = 0x10

E_OK, E_OPCODE, E_BUSY, E_LENGTH, E_FRAME, E_KEY, E_STATE, E_ABORTED = range(8)
ERR_NAMES = ("OK", "OPCODE", "BUSY", "LENGTH", "FRAME", "KEY", "STATE", "ABORTED")

FLAG_DECRYPT = 0x01
FLAG_RELEASE = 0x02

TXT_BUF = 64
AAD_BUF = 32
NONCE_BUF = 16
INFO = bytes([0xAE, 0x5C, 0x01, 64, 32, 16, 16])   # + DIGIT


def err_code(status: int) -> int:
    return (status >> 5) & 7


def pad16(b: bytes) -> bytes:
    return b + bytes(-len(b) % 16)


def stream_params(flags: int, tag_len: int, iv_len: int, aad_len: int, txt_len: int) -> bytes:
    return (bytes([flags, tag_len]) + iv_len.to_bytes(2, "big") + aad_len.to_bytes(4, "big")
            + txt_len.to_bytes(5, "big"))
