# SPDX-License-Identifier: Apache-2.0
"""AES block cipher golden model (FIPS-197), ECB/CBC (SP 800-38A) and the AESAVS Monte Carlo test.

Two implementations live here:

* :class:`AES` -- a fast 32-bit T-table implementation (encryption tables ``TE0..TE3``,
  equivalent-inverse-cipher decryption tables ``TD0..TD3``).  It is the workhorse used by
  the GCM model and the vector checks.
* :func:`trace_encrypt` / :func:`trace_decrypt` -- a plain byte-oriented reference that
  follows the FIPS-197 pseudo code literally and records every intermediate state in the
  format of FIPS-197 Appendix C, so RTL designers can compare their datapath round by round.

Conventions: keys and blocks are :class:`bytes`; a 128-bit block seen as an integer is
``int.from_bytes(block, "big")``; 32-bit key words ``w[i]`` are big-endian (FIPS-197 5.2).
"""
from __future__ import annotations

import struct
from typing import Literal

__all__ = [
    "SBOX",
    "INV_SBOX",
    "RCON",
    "AES",
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
]

BLOCK_BYTES = 16
KEY_LENGTHS = (16, 24, 32)


# ---------------------------------------------------------------------------------------
# GF(2^8) arithmetic and table generation (computed, not pasted, so they can be audited)
# ---------------------------------------------------------------------------------------
def _xtime(a: int) -> int:
    """Multiply by x (i.e. {02}) in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS-197 4.2.1)."""
    a <<= 1
    return (a ^ 0x11B) if a & 0x100 else a


def _gmul8(a: int, b: int) -> int:
    """Multiply two bytes in GF(2^8) (FIPS-197 4.2)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = _xtime(a)
        b >>= 1
    return r


def _build_sbox() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """S-box = affine transform of the multiplicative inverse (FIPS-197 5.1.1)."""
    inv = [0] * 256
    for a in range(1, 256):
        for b in range(1, 256):
            if _gmul8(a, b) == 1:
                inv[a] = b
                break
    sbox = [0] * 256
    for a in range(256):
        b = inv[a]
        s = 0x63
        for shift in range(5):  # b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4) ^ 0x63
            s ^= ((b << shift) | (b >> (8 - shift))) & 0xFF
        sbox[a] = s
    inv_sbox = [0] * 256
    for a, s in enumerate(sbox):
        inv_sbox[s] = a
    return tuple(sbox), tuple(inv_sbox)


SBOX, INV_SBOX = _build_sbox()
"""FIPS-197 Figure 7 S-box and Figure 14 inverse S-box, as tuples of 256 ints."""


def _build_rcon() -> tuple[int, ...]:
    """Round constants Rcon[i] = x^(i-1) for i = 1..10 (index 0 unused and set to 0x00)."""
    rc = [0x00, 0x01]
    while len(rc) < 11:
        rc.append(_xtime(rc[-1]))
    return tuple(rc)


RCON = _build_rcon()
"""``RCON[i]`` (i = 1..10) is the leftmost byte of the FIPS-197 round constant word Rcon[i]."""


def _build_ttables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Encryption T-tables (SubBytes+MixColumns) and decryption tables (InvSubBytes+InvMixColumns).

    ``TE0[a]`` is the column ``[02*S(a), S(a), S(a), 03*S(a)]`` packed big-endian; ``TEk`` is
    ``TE0`` rotated right by ``8*k`` bits.  ``TD0[a]`` is ``[0e, 09, 0d, 0b] * InvS(a)``.
    """
    te0, td0 = [], []
    for a in range(256):
        s = SBOX[a]
        te0.append((_gmul8(s, 2) << 24) | (s << 16) | (s << 8) | _gmul8(s, 3))
        i = INV_SBOX[a]
        td0.append((_gmul8(i, 14) << 24) | (_gmul8(i, 9) << 16) | (_gmul8(i, 13) << 8) | _gmul8(i, 11))

    def ror(t: list[int], n: int) -> tuple[int, ...]:
        return tuple(((w >> n) | (w << (32 - n))) & 0xFFFFFFFF for w in t)

    te = (tuple(te0), ror(te0, 8), ror(te0, 16), ror(te0, 24))
    td = (tuple(td0), ror(td0, 8), ror(td0, 16), ror(td0, 24))
    return te, td


(TE0, TE1, TE2, TE3), (TD0, TD1, TD2, TD3) = _build_ttables()


# ---------------------------------------------------------------------------------------
# Key schedule (FIPS-197 5.2)
# ---------------------------------------------------------------------------------------
def _check_key(key: bytes) -> None:
    if not isinstance(key, (bytes, bytearray)):
        raise TypeError(f"AES key must be bytes, got {type(key).__name__}")
    if len(key) not in KEY_LENGTHS:
        raise ValueError(
            f"invalid AES key length {len(key)} bytes ({8 * len(key)} bits); "
            "expected 16, 24 or 32 bytes (AES-128/192/256)"
        )


def num_rounds(key_len_bytes: int) -> int:
    """Nr for a key of ``key_len_bytes`` bytes: 10, 12 or 14 (FIPS-197 Figure 4)."""
    if key_len_bytes not in KEY_LENGTHS:
        raise ValueError(f"invalid AES key length {key_len_bytes} bytes; expected 16, 24 or 32")
    return key_len_bytes // 4 + 6


def _sub_word(w: int) -> int:
    return (
        (SBOX[w >> 24] << 24)
        | (SBOX[(w >> 16) & 0xFF] << 16)
        | (SBOX[(w >> 8) & 0xFF] << 8)
        | SBOX[w & 0xFF]
    )


def key_words(key: bytes) -> list[int]:
    """KeyExpansion: the 4*(Nr+1) 32-bit words w[0..] of FIPS-197 5.2 (big-endian words)."""
    _check_key(key)
    nk = len(key) // 4
    nr = nk + 6
    w = list(struct.unpack(f">{nk}I", bytes(key)))
    for i in range(nk, 4 * (nr + 1)):
        temp = w[i - 1]
        if i % nk == 0:
            temp = ((temp << 8) | (temp >> 24)) & 0xFFFFFFFF  # RotWord
            temp = _sub_word(temp) ^ (RCON[i // nk] << 24)
        elif nk > 6 and i % nk == 4:
            temp = _sub_word(temp)
        w.append(w[i - nk] ^ temp)
    return w


def expand_key(key: bytes) -> list[bytes]:
    """The Nr+1 round keys (16 bytes each); round key r is w[4r..4r+3]."""
    w = key_words(key)
    return [struct.pack(">4I", *w[4 * r : 4 * r + 4]) for r in range(len(w) // 4)]


def _inv_mix_word(w: int) -> int:
    """InvMixColumns applied to one column word (used for the equivalent inverse cipher keys)."""
    # TD tables include InvSubBytes, so undo it by indexing with SBOX[byte].
    return (
        TD0[SBOX[w >> 24]]
        ^ TD1[SBOX[(w >> 16) & 0xFF]]
        ^ TD2[SBOX[(w >> 8) & 0xFF]]
        ^ TD3[SBOX[w & 0xFF]]
    )


# ---------------------------------------------------------------------------------------
# Fast T-table cipher
# ---------------------------------------------------------------------------------------
def _rounds(nr: int, k, t0, t1, t2, t3, sb, s0: int, s1: int, s2: int, s3: int) -> tuple[int, int, int, int]:
    """AddRoundKey, Nr - 1 T-table rounds and the final round (no MixColumns) on four column words; column j takes
    row r from column j + r (ShiftRows). ``k``: 4(Nr + 1) round-key words; ``t0..t3`` / ``sb``: the T-tables and
    S-box of the direction (AES.decrypt_int relabels the columns so that InvShiftRows has this pattern too)."""
    s0 ^= k[0]
    s1 ^= k[1]
    s2 ^= k[2]
    s3 ^= k[3]
    i = 4
    for _ in range(nr - 1):
        s0, s1, s2, s3 = (
            t0[s0 >> 24] ^ t1[(s1 >> 16) & 0xFF] ^ t2[(s2 >> 8) & 0xFF] ^ t3[s3 & 0xFF] ^ k[i],
            t0[s1 >> 24] ^ t1[(s2 >> 16) & 0xFF] ^ t2[(s3 >> 8) & 0xFF] ^ t3[s0 & 0xFF] ^ k[i + 1],
            t0[s2 >> 24] ^ t1[(s3 >> 16) & 0xFF] ^ t2[(s0 >> 8) & 0xFF] ^ t3[s1 & 0xFF] ^ k[i + 2],
            t0[s3 >> 24] ^ t1[(s0 >> 16) & 0xFF] ^ t2[(s1 >> 8) & 0xFF] ^ t3[s2 & 0xFF] ^ k[i + 3],
        )
        i += 4
    return (
        ((sb[s0 >> 24] << 24) | (sb[(s1 >> 16) & 0xFF] << 16) | (sb[(s2 >> 8) & 0xFF] << 8) | sb[s3 & 0xFF]) ^ k[i],
        ((sb[s1 >> 24] << 24) | (sb[(s2 >> 16) & 0xFF] << 16) | (sb[(s3 >> 8) & 0xFF] << 8) | sb[s0 & 0xFF]) ^ k[i + 1],
        ((sb[s2 >> 24] << 24) | (sb[(s3 >> 16) & 0xFF] << 16) | (sb[(s0 >> 8) & 0xFF] << 8) | sb[s1 & 0xFF]) ^ k[i + 2],
        ((sb[s3 >> 24] << 24) | (sb[(s0 >> 16) & 0xFF] << 16) | (sb[(s1 >> 8) & 0xFF] << 8) | sb[s2 & 0xFF]) ^ k[i + 3],
    )


class AES:
    """AES-128/192/256 block cipher with a precomputed key schedule.

    ``encrypt``/``decrypt`` process exactly one 16-byte block.  ``round_keys`` are the
    FIPS-197 round keys (index 0 = initial AddRoundKey); ``nr`` is the number of rounds.
    Decryption uses the FIPS-197 5.3.5 equivalent inverse cipher (InvMixColumns folded into
    the round keys 1..Nr-1), which gives the same result as the straightforward inverse.
    """

    __slots__ = ("key", "nr", "round_keys", "_ek", "_dk")

    def __init__(self, key: bytes) -> None:
        w = key_words(key)
        self.key: bytes = bytes(key)
        self.nr: int = len(key) // 4 + 6
        self.round_keys: list[bytes] = [
            struct.pack(">4I", *w[4 * r : 4 * r + 4]) for r in range(self.nr + 1)
        ]
        self._ek: tuple[int, ...] = tuple(w)
        self._dk: tuple[int, ...] | None = None  # built on first decryption (GCM never needs it)

    def _decryption_keys(self) -> tuple[int, ...]:
        """Equivalent inverse cipher keys: reverse round order, InvMixColumns on rounds 1..Nr-1, each round's
        words in the column order (0, 3, 2, 1) of ``_rounds`` (see ``decrypt_int``)."""
        w = self._ek
        dk: list[int] = []
        for r in range(self.nr, -1, -1):
            words = list(w[4 * r : 4 * r + 4])
            if 0 < r < self.nr:
                words = [_inv_mix_word(x) for x in words]
            dk.extend((words[0], words[3], words[2], words[1]))
        self._dk = tuple(dk)
        return self._dk

    def encrypt(self, block: bytes) -> bytes:
        """Cipher() of FIPS-197 on one 16-byte block."""
        return self.encrypt_int(_block_to_int(block)).to_bytes(16, "big")

    def decrypt(self, block: bytes) -> bytes:
        """InvCipher() of FIPS-197 on one 16-byte block."""
        return self.decrypt_int(_block_to_int(block)).to_bytes(16, "big")

    def encrypt_int(self, x: int) -> int:
        """Encrypt a block given as a 128-bit big-endian integer (avoids bytes conversions)."""
        s0, s1, s2, s3 = _rounds(self.nr, self._ek, TE0, TE1, TE2, TE3, SBOX,
                                 x >> 96, (x >> 64) & 0xFFFFFFFF, (x >> 32) & 0xFFFFFFFF, x & 0xFFFFFFFF)
        return (s0 << 96) | (s1 << 64) | (s2 << 32) | s3

    def decrypt_int(self, x: int) -> int:
        """Decrypt a block given as a 128-bit big-endian integer (equivalent inverse cipher).

        InvShiftRows gives column j row r from column j - r; with the columns relabelled u_j = s_(-j mod 4), i.e.
        (s0, s3, s2, s1), that is column j + r of u, the pattern of ShiftRows: so the same ``_rounds`` runs both
        directions, decryption on the relabelled state with round keys in the same order (``_decryption_keys``)."""
        k = self._dk if self._dk is not None else self._decryption_keys()
        u0, u1, u2, u3 = _rounds(self.nr, k, TD0, TD1, TD2, TD3, INV_SBOX,
                                 x >> 96, x & 0xFFFFFFFF, (x >> 32) & 0xFFFFFFFF, (x >> 64) & 0xFFFFFFFF)
        return (u0 << 96) | (u3 << 64) | (u2 << 32) | u1


def _block_to_int(block: bytes) -> int:
    if len(block) != BLOCK_BYTES:
        raise ValueError(f"AES block must be exactly 16 bytes, got {len(block)}")
    return int.from_bytes(block, "big")


# ---------------------------------------------------------------------------------------
# Plain reference with FIPS-197 Appendix C style traces
# ---------------------------------------------------------------------------------------
def _sub_bytes(s: list[int], box: tuple[int, ...]) -> list[int]:
    return [box[b] for b in s]


def _shift_rows(s: list[int], inverse: bool = False) -> list[int]:
    """State byte i is row i%4, column i//4 (FIPS-197 3.4); row r is rotated left (right) by r."""
    out = [0] * 16
    for c in range(4):
        for r in range(4):
            src = (c + r) % 4 if not inverse else (c - r) % 4
            out[4 * c + r] = s[4 * src + r]
    return out


def _mix_columns(s: list[int], inverse: bool = False) -> list[int]:
    coef = (2, 3, 1, 1) if not inverse else (14, 11, 13, 9)
    out = [0] * 16
    for c in range(4):
        col = s[4 * c : 4 * c + 4]
        for r in range(4):
            v = 0
            for k in range(4):
                v ^= _gmul8(col[k], coef[(k - r) % 4])
            out[4 * c + r] = v
    return out


def _add(s: list[int], k: bytes) -> list[int]:
    return [a ^ b for a, b in zip(s, k)]


def trace_encrypt(key: bytes, block: bytes) -> list[dict[str, int | str]]:
    """Encrypt one block with the literal FIPS-197 Cipher() and return its Appendix C trace.

    Returns one dict per round, all values lowercase hex strings of the 16-byte state:

    * round 0: ``{"round": 0, "input": ..., "k_sch": ...}``
    * rounds 1..Nr-1: ``{"round": r, "start", "s_box", "s_row", "m_col", "k_sch"}``
    * round Nr: ``{"round": Nr, "start", "s_box", "s_row", "k_sch", "output"}``

    ``start`` is the state entering the round, ``k_sch`` the round key added at its end.
    """
    rks = expand_key(key)
    nr = len(rks) - 1
    _block_to_int(block)
    s = list(block)
    trace: list[dict[str, int | str]] = [{"round": 0, "input": bytes(s).hex(), "k_sch": rks[0].hex()}]
    s = _add(s, rks[0])
    for r in range(1, nr + 1):
        row: dict[str, int | str] = {"round": r, "start": bytes(s).hex()}
        s = _sub_bytes(s, SBOX)
        row["s_box"] = bytes(s).hex()
        s = _shift_rows(s)
        row["s_row"] = bytes(s).hex()
        if r < nr:
            s = _mix_columns(s)
            row["m_col"] = bytes(s).hex()
        row["k_sch"] = rks[r].hex()
        s = _add(s, rks[r])
        if r == nr:
            row["output"] = bytes(s).hex()
        trace.append(row)
    return trace


def trace_decrypt(key: bytes, block: bytes) -> list[dict[str, int | str]]:
    """Decrypt one block with the literal FIPS-197 InvCipher() and return its Appendix C trace.

    Appendix C naming: round 0 ``{"iinput", "ik_sch"}``; rounds 1..Nr-1
    ``{"istart", "is_row", "is_box", "ik_sch", "ik_add"}``; round Nr
    ``{"istart", "is_row", "is_box", "ik_sch", "ioutput"}``.
    """
    rks = expand_key(key)
    nr = len(rks) - 1
    _block_to_int(block)
    s = list(block)
    trace: list[dict[str, int | str]] = [{"round": 0, "iinput": bytes(s).hex(), "ik_sch": rks[nr].hex()}]
    s = _add(s, rks[nr])
    for r in range(1, nr + 1):
        row: dict[str, int | str] = {"round": r, "istart": bytes(s).hex()}
        s = _shift_rows(s, inverse=True)
        row["is_row"] = bytes(s).hex()
        s = _sub_bytes(s, INV_SBOX)
        row["is_box"] = bytes(s).hex()
        row["ik_sch"] = rks[nr - r].hex()
        s = _add(s, rks[nr - r])
        if r < nr:
            row["ik_add"] = bytes(s).hex()
            s = _mix_columns(s, inverse=True)
        else:
            row["ioutput"] = bytes(s).hex()
        trace.append(row)
    return trace


# ---------------------------------------------------------------------------------------
# ECB / CBC (SP 800-38A), no padding
# ---------------------------------------------------------------------------------------
def _check_data(data: bytes, what: str) -> None:
    if len(data) % BLOCK_BYTES:
        raise ValueError(f"{what} length must be a multiple of 16 bytes (no padding), got {len(data)} bytes")


def _check_iv(iv: bytes) -> int:
    if len(iv) != BLOCK_BYTES:
        raise ValueError(f"CBC IV must be exactly 16 bytes, got {len(iv)} bytes")
    return int.from_bytes(iv, "big")


def _blocks(data: bytes) -> list[int]:
    return [int.from_bytes(data[i : i + 16], "big") for i in range(0, len(data), 16)]


def _join(blocks: list[int]) -> bytes:
    return b"".join(b.to_bytes(16, "big") for b in blocks)


def ecb_encrypt(key: bytes, data: bytes) -> bytes:
    """ECB encryption of ``data`` (a multiple of 16 bytes)."""
    aes = AES(key)
    _check_data(data, "ECB plaintext")
    return _join([aes.encrypt_int(b) for b in _blocks(data)])


def ecb_decrypt(key: bytes, data: bytes) -> bytes:
    """ECB decryption of ``data`` (a multiple of 16 bytes)."""
    aes = AES(key)
    _check_data(data, "ECB ciphertext")
    return _join([aes.decrypt_int(b) for b in _blocks(data)])


def cbc_encrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    """CBC encryption: C_i = E(P_i xor C_{i-1}), C_0 = IV."""
    aes = AES(key)
    prev = _check_iv(iv)
    _check_data(data, "CBC plaintext")
    out = []
    for b in _blocks(data):
        prev = aes.encrypt_int(b ^ prev)
        out.append(prev)
    return _join(out)


def cbc_decrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    """CBC decryption: P_i = D(C_i) xor C_{i-1}, C_0 = IV."""
    aes = AES(key)
    prev = _check_iv(iv)
    _check_data(data, "CBC ciphertext")
    out = []
    for b in _blocks(data):
        out.append(aes.decrypt_int(b) ^ prev)
        prev = b
    return _join(out)


# ---------------------------------------------------------------------------------------
# AESAVS Monte Carlo Test (AESAVS 6.4.1 / 6.4.2)
# ---------------------------------------------------------------------------------------
Op = Literal["encrypt", "decrypt"]


def _mct_next_key(key: bytes, prev: int, last: int) -> bytes:
    """Key[i+1] = Key[i] xor (the rightmost keylen bits of out[998] || out[999])."""
    cat = (prev << 128) | last
    kbits = 8 * len(key)
    mask = (1 << kbits) - 1
    return ((int.from_bytes(key, "big") ^ (cat & mask))).to_bytes(len(key), "big")


def _check_op(op: str) -> None:
    if op not in ("encrypt", "decrypt"):
        raise ValueError(f"op must be 'encrypt' or 'decrypt', got {op!r}")


def mct_ecb(key: bytes, text: bytes, op: Op, outer: int = 100, inner: int = 1000) -> list[dict[str, object]]:
    """AESAVS ECB Monte Carlo test: ``outer`` checkpoints of ``inner`` chained block operations.

    For i in 0..outer-1: record (Key[i], In[0]); In[j+1] = Out[j] = AES(Key[i], In[j]) for
    j < inner; record Out[inner-1]; Key[i+1] = Key[i] xor tail(Out[inner-2] || Out[inner-1]);
    In[0] = Out[inner-1].

    Returns one record per outer iteration in the vector schema
    (``{"count", "op", "mode", "mct", "key", "pt"|"ct", "expect": {"ct"|"pt"}}``, hex strings).
    """
    _check_op(op)
    if inner < 2:
        raise ValueError("inner must be >= 2 (the key update uses the last two outputs)")
    x = _block_to_int(text)
    src, dst = ("pt", "ct") if op == "encrypt" else ("ct", "pt")
    out: list[dict[str, object]] = []
    for i in range(outer):
        aes = AES(key)
        fn = aes.encrypt_int if op == "encrypt" else aes.decrypt_int
        rec: dict[str, object] = {"count": i, "op": op, "mode": "ecb", "mct": True, "key": key.hex(),
                                  src: f"{x:032x}"}
        prev = 0
        for _ in range(inner):
            prev, x = x, fn(x)
        rec["expect"] = {dst: f"{x:032x}"}
        out.append(rec)
        key = _mct_next_key(key, prev, x)
    return out


def mct_cbc(key: bytes, iv: bytes, text: bytes, op: Op, outer: int = 100, inner: int = 1000) -> list[dict[str, object]]:
    """AESAVS CBC Monte Carlo test (encrypt: AESAVS 6.4.2; decrypt is symmetric).

    Encrypt, for i in 0..outer-1 (CV = IV[i] initially)::

        for j in 0..inner-1:
            CT[j]   = AES(Key[i], PT[j] xor CV);  CV = CT[j]
            PT[j+1] = IV[i] if j == 0 else CT[j-1]
        Key[i+1] = Key[i] xor tail(CT[inner-2] || CT[inner-1])
        IV[i+1]  = CT[inner-1];  PT[0] = CT[inner-2]

    Decrypt is the same with PT/CT swapped and AES^-1: PT[j] = AES^-1(Key, CT[j]) xor CV,
    CV = CT[j], CT[j+1] = IV[i] if j == 0 else PT[j-1].
    Returns checkpoint records like :func:`mct_ecb`, plus ``"iv"``.
    """
    _check_op(op)
    if inner < 2:
        raise ValueError("inner must be >= 2 (the key update uses the last two outputs)")
    x = _block_to_int(text)
    ivi = _check_iv(iv)
    src, dst = ("pt", "ct") if op == "encrypt" else ("ct", "pt")
    out: list[dict[str, object]] = []
    for i in range(outer):
        aes = AES(key)
        rec: dict[str, object] = {"count": i, "op": op, "mode": "cbc", "mct": True, "key": key.hex(),
                                  "iv": f"{ivi:032x}", src: f"{x:032x}"}
        cv = ivi
        outs: list[int] = []
        if op == "encrypt":
            for j in range(inner):
                y = aes.encrypt_int(x ^ cv)
                cv = y
                outs.append(y)
                x = ivi if j == 0 else outs[j - 1]
        else:
            for j in range(inner):
                y = aes.decrypt_int(x) ^ cv
                cv = x
                outs.append(y)
                x = ivi if j == 0 else outs[j - 1]
        last, prev = outs[-1], outs[-2]
        rec["expect"] = {dst: f"{last:032x}"}
        out.append(rec)
        key = _mct_next_key(key, prev, last)
        ivi = last
        x = prev
    return out
