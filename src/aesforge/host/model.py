# SPDX-License-Identifier: Apache-2.0
"""Frame-level model of the aesf_gcm_spi device (protocol behaviour, not timing): one call per CS frame.

Operations complete instantly, so READ_STATUS never shows BUSY. Used to test the host drivers (Python and,
through tests/sw, C) without a simulator; the RTL tests check the device itself.
"""
from __future__ import annotations

from aesforge.model import gcm

from .protocol import (E_ABORTED, E_BUSY, E_KEY, E_LENGTH, E_OPCODE, E_STATE, FLAG_DECRYPT, FLAG_RELEASE, INFO,
                       KNOWN_OPCODES, OP, OP_RESEED, ST_AUTH_FAIL, ST_DONE, ST_KEY_OK, ST_RDY, pad16)

_LEN = {OP.WRITE_KEY: (16, 24, 32), OP.WRITE_NONCE: range(1, 17), OP.WRITE_PT: range(0, 65),
        OP.WRITE_AAD: range(0, 33), OP.WRITE_TAG: range(1, 17), OP.SET_TAGLEN: (1,), OP.STREAM_START: (13,),
        OP.STREAM_DATA: range(1, 65), OP.START_ENC: (0,), OP.START_DEC: (0,), OP.ZEROIZE: (0,), OP.ABORT: (0,),
        OP.CLEAR_STATUS: (0,)}


class GcmSpiModel:
    def __init__(self, digit: int = 8, masked: bool = False):
        self.digit = digit
        self.masked = masked      # AES_IMPL 2: RESEED (0x32) is known
        self.reset()

    def reset(self) -> None:
        self.key = None
        self.txt = bytes(64)
        self.txt_len = 0
        self.txt_v = self.aad_v = True
        self.aad = b""
        self.nonce = None
        self.tag_in = None
        self.tag_len = 16
        self.tag = bytes(16)
        self.done = self.auth = self.rd_ok = self.tag_ok = self.armed = False
        self.err = 0
        self.stream = None   # dict while a streamed operation runs
        self.irq = False

    def status(self) -> int:
        return (self.err << 5 | (ST_RDY if self.stream else 0) | (ST_KEY_OK if self.key else 0)
                | (ST_AUTH_FAIL if self.auth else 0) | (ST_DONE if self.done else 0)
                | (0x02 if self.stream else 0))

    def _error(self, code: int) -> None:
        self.err = code
        self.irq = True

    def frame(self, tx: bytes) -> bytes:
        rx = bytearray(len(tx))
        if not tx:
            return bytes(rx)
        rx[0] = self.status()
        op, pay = tx[0], tx[1:]
        ok_read = {OP.READ_CT: self.rd_ok, OP.READ_TAG: self.tag_ok}
        if op == OP_RESEED and self.masked:   # accepted at any time; exactly 8 bytes
            if len(pay) != 8:
                self._error(E_LENGTH)
            return bytes(rx)
        if op not in KNOWN_OPCODES:
            self._error(E_OPCODE)
            return bytes(rx)
        busy = self.stream is not None
        writes = (OP.WRITE_KEY, OP.WRITE_NONCE, OP.WRITE_PT, OP.WRITE_AAD, OP.WRITE_TAG, OP.SET_TAGLEN,
                  OP.START_ENC, OP.START_DEC, OP.STREAM_START, OP.READ_TAG)
        if (op in writes and busy) or (op == OP.READ_CT and busy and not self.stream):
            self._error(E_BUSY)
            return bytes(rx)
        if op == OP.STREAM_DATA and not busy:
            self._error(E_STATE)
            return bytes(rx)
        if op in ok_read and not ok_read[op]:
            self._error(E_STATE)
            return bytes(rx)
        # reads
        if op == OP.READ_STATUS:
            st = self.status()
            for i in range(1, len(tx)):
                rx[i] = st
            return bytes(rx)
        if op in (OP.READ_CT, OP.READ_TAG, OP.READ_INFO):
            src = {OP.READ_CT: self.txt, OP.READ_TAG: self.tag, OP.READ_INFO: INFO + bytes([self.digit])}[op]
            for i in range(1, len(tx)):
                rx[i] = src[i - 1] if i - 1 < len(src) else 0
            return bytes(rx)
        # accepted: WRITE_KEY stages the key in the AAD buffer, STREAM_START invalidates the nonce buffer
        if op == OP.WRITE_KEY:
            self.aad, self.aad_v = b"", False
        elif op == OP.STREAM_START:
            self.nonce, self.txt_v = None, False   # nonce buffer invalidated; text buffer reused
        if len(pay) not in _LEN[op]:
            self._error(E_LENGTH)
            self._invalidate(op)
            return bytes(rx)
        getattr(self, f"_op_{op:02x}")(bytes(pay))
        return bytes(rx)

    def _invalidate(self, op: int) -> None:
        """A write frame that failed (length, CS mid-byte) leaves its buffer invalid, as the RTL does."""
        if op == OP.WRITE_PT:
            self.txt, self.txt_len, self.txt_v, self.rd_ok = bytes(64), 0, False, False
        elif op == OP.STREAM_DATA:
            self.txt, self.rd_ok = bytes(64), False
        elif op == OP.WRITE_NONCE:
            self.nonce = None
        elif op == OP.WRITE_AAD:
            self.aad, self.aad_v = b"", False
        elif op == OP.WRITE_TAG:
            self.tag_in = None

    # writes
    def _op_01(self, p):
        self.key, self.armed, self.tag_ok = p, False, False

    def _op_02(self, p):
        self.nonce = p

    def _op_03(self, p):
        self.txt, self.txt_len, self.rd_ok, self.txt_v = p.ljust(64, b"\0"), len(p), False, True

    def _op_04(self, p):
        self.aad, self.aad_v = p, True

    def _op_05(self, p):
        self.tag_in = p

    def _op_06(self, p):
        if 1 <= p[0] <= 16:
            self.tag_len = p[0]
        else:
            self._error(E_LENGTH)

    def _start(self):
        self.done = self.auth = self.rd_ok = self.tag_ok = self.armed = False

    def _finish(self, err=0, auth=False, release=True, dec=False):
        self.done, self.irq, self.auth = True, True, auth
        if err:
            self._error(err)
        self.rd_ok = release and not err and not auth
        self.tag_ok = not dec and not err
        if auth or err:
            self.txt, self.txt_v = bytes(64), False

    def _op_10(self, p, dec=False):
        if self.key is None:
            return self._error(E_KEY)
        if self.nonce is None or not self.txt_v or not self.aad_v or (dec and self.tag_in is None):
            return self._error(E_STATE)
        self._start()
        text = self.txt[:self.txt_len]
        tl = len(self.tag_in) if dec else self.tag_len
        if tl not in gcm.TAG_LENGTHS:
            return self._finish(E_LENGTH, dec=dec)
        if dec:
            pt = gcm.gcm_decrypt(self.key, self.nonce, self.aad, text, self.tag_in)
            if pt is None:
                return self._finish(auth=True, dec=True)
            self.txt = pt.ljust(64, b"\0")
            return self._finish(dec=True)
        ct, tag = gcm.gcm_encrypt(self.key, self.nonce, self.aad, text, tl)
        self.txt, self.tag = ct.ljust(64, b"\0"), tag.ljust(16, b"\0")
        self._finish()

    def _op_11(self, p):
        self._op_10(p, dec=True)

    def _op_12(self, p):
        flags, tl = p[0], p[1]
        iv_len, aad_len, txt_len = (int.from_bytes(p[2:4], "big"), int.from_bytes(p[4:8], "big"),
                                    int.from_bytes(p[8:13], "big"))
        if self.key is None:
            return self._error(E_KEY)
        if txt_len >> 36 or flags & ~(FLAG_DECRYPT | FLAG_RELEASE):
            return self._error(E_LENGTH)        # a field the device cannot represent: refused, never truncated
        dec, rel = bool(flags & FLAG_DECRYPT), bool(flags & FLAG_RELEASE)
        if dec and rel and not self.armed:
            return self._error(E_STATE)
        self._start()
        self.txt = bytes(64)
        self.stream = dict(dec=dec, vonly=dec and not rel, tl=tl, iv=iv_len, aad=aad_len, n=txt_len, data=b"")
        if iv_len == 0 or tl not in gcm.TAG_LENGTHS:
            self.stream = None
            self._finish(E_LENGTH, dec=dec)

    def _op_13(self, p):
        s = self.stream
        a0 = len(pad16(bytes(s["iv"])))
        t0 = a0 + len(pad16(bytes(s["aad"])))
        t1 = t0 + len(pad16(bytes(s["n"])))
        total = t1 + (16 if s["dec"] else 0)
        c0 = len(s["data"])
        s["data"] += p
        d = s["data"]
        iv, aad = d[:s["iv"]], d[a0:a0 + s["aad"]]
        # output of this chunk's text beats, in slots 0..
        lo, hi = max(c0, t0), min(len(d), t1)
        out = b""
        if hi > lo and not s["vonly"]:
            aes = gcm.AES(self.key)
            h = aes.encrypt_int(0)
            icb = gcm.inc32(gcm.j0(h, iv))
            ks_text = gcm.gctr(aes, icb, d[t0:hi])
            out = ks_text[lo - t0:]
            end = min(hi, t0 + s["n"]) - t0
            out = ks_text[lo - t0:end] if end > lo - t0 else b""
        self.txt = out.ljust(64, b"\0")[:64]
        if len(d) >= total:
            text = d[t0:t0 + s["n"]]
            dec = s["dec"]
            self.stream = None
            if dec:
                tag = d[t1:t1 + s["tl"]]
                ok = gcm.gcm_decrypt(self.key, iv, aad, text, tag) is not None
                if ok and s["vonly"]:
                    self._finish(release=False, dec=True)
                    self.armed = True
                else:
                    self._finish(auth=not ok, release=not s["vonly"], dec=True)
            else:
                _, tag = gcm.gcm_encrypt(self.key, iv, aad, text, s["tl"])
                self.tag = tag.ljust(16, b"\0")
                self._finish()
        else:
            self.rd_ok = not s["vonly"]

    def _op_30(self, p):
        self.reset()

    def _op_31(self, p):
        if self.stream:
            self.stream = None
            self.txt, self.txt_v = bytes(64), False
            self.done = True
            self._error(E_ABORTED)

    def _op_f1(self, p):
        self.done = self.auth = False
        self.err = 0
        self.irq = False
