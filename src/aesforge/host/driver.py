# SPDX-License-Identifier: Apache-2.0
"""Async host driver for the aesf_gcm_spi device: encrypt/decrypt of arbitrary messages over the protocol.

Messages that fit the device buffers (IV <= 16 B, AAD <= 32 B, text <= 64 B) use the buffered commands
(WRITE_NONCE / WRITE_AAD / WRITE_PT [/ WRITE_TAG], START_ENC / START_DEC, READ_CT, READ_TAG): a failed
decryption is withheld and wiped by the device. Longer messages are streamed (STREAM_START + STREAM_DATA
chunks of <= 64 B); streamed decryption is verify-first and two-pass: pass 1 verifies without releasing any
plaintext, pass 2 (allowed by the device only right after a passing pass 1) releases it chunk by chunk, and
the driver drops everything if pass 2 fails (the data changed between the passes).
"""
from __future__ import annotations

from .protocol import (AAD_BUF, ERR_NAMES, FLAG_DECRYPT, FLAG_RELEASE, NONCE_BUF, OP, OP_RESEED, ST_AUTH_FAIL, ST_BUSY,
                       ST_DONE, ST_RDY, TXT_BUF, err_code, pad16, stream_params)


class GcmSpiError(RuntimeError):
    def __init__(self, status: int, what: str):
        self.status = status
        self.code = err_code(status)
        super().__init__(f"{what}: device error {self.code} ({ERR_NAMES[self.code]}), status 0x{status:02x}")


class GcmSpiHost:
    def __init__(self, transport, poll_limit: int = 100_000):
        self.t = transport
        self.poll_limit = poll_limit
        self.polls = 0

    # ---- frames ----
    async def cmd(self, op: int, payload: bytes = b"") -> bytes:
        return await self.t.transfer(bytes([op]) + bytes(payload))

    async def read(self, op: int, n: int) -> bytes:
        return (await self.t.transfer(bytes([op]) + bytes(n)))[1:]

    async def status(self) -> int:
        self.polls += 1
        return (await self.read(OP.READ_STATUS, 1))[0]

    async def clear_status(self) -> None:
        await self.cmd(OP.CLEAR_STATUS)

    async def zeroize(self) -> None:
        await self.cmd(OP.ZEROIZE)

    async def info(self) -> bytes:
        return await self.read(OP.READ_INFO, 8)

    async def reseed(self, seed: bytes) -> None:
        """RESEED (masked configurations, AES_IMPL 2): 8 bytes into the mask PRNG; after every reset and ZEROIZE."""
        if len(seed) != 8:
            raise ValueError("RESEED takes exactly 8 bytes")
        await self.cmd(OP_RESEED, seed)
        await self.check("RESEED")

    async def wait(self, mask: int, what: str) -> int:
        """Poll READ_STATUS until any bit of `mask` is set; raise on an error code."""
        for _ in range(self.poll_limit):
            st = await self.status()
            if err_code(st):
                raise GcmSpiError(st, what)
            if st & mask:
                return st
        raise TimeoutError(f"{what}: status bits 0x{mask:02x} not seen")

    async def wait_not_busy(self, what: str) -> int:
        for _ in range(self.poll_limit):
            st = await self.status()
            if err_code(st):
                raise GcmSpiError(st, what)
            if not st & ST_BUSY:
                return st
        raise TimeoutError(f"{what}: still busy")

    async def check(self, what: str) -> int:
        st = await self.status()
        if err_code(st):
            raise GcmSpiError(st, what)
        return st

    # ---- the paper's Table 1 sequence, byte for byte ----
    async def table1_encrypt(self, key: bytes, nonce: bytes, pt: bytes, aad: bytes) -> tuple[bytes, bytes]:
        await self.cmd(OP.WRITE_KEY, key)
        await self.cmd(OP.WRITE_NONCE, nonce)
        await self.cmd(OP.WRITE_PT, pt)
        await self.cmd(OP.WRITE_AAD, aad)
        await self.cmd(OP.START_ENC)
        await self.wait(ST_DONE, "START_ENC")
        ct = await self.read(OP.READ_CT, len(pt))
        tag = await self.read(OP.READ_TAG, 16)
        return ct, tag

    # ---- messages ----
    async def set_key(self, key: bytes) -> None:
        if len(key) not in (16, 24, 32):
            raise ValueError("key must be 16, 24 or 32 bytes")
        await self.cmd(OP.WRITE_KEY, key)

    @staticmethod
    def fits(iv: bytes, aad: bytes, text: bytes) -> bool:
        return 1 <= len(iv) <= NONCE_BUF and len(aad) <= AAD_BUF and len(text) <= TXT_BUF

    async def encrypt(self, iv: bytes, aad: bytes, pt: bytes, tag_len: int = 16, key: bytes | None = None,
                      stream: bool | None = None) -> tuple[bytes, bytes]:
        await self.clear_status()
        if key is not None:
            await self.set_key(key)
        if stream is None:
            stream = not self.fits(iv, aad, pt)
        if not stream:
            await self.cmd(OP.SET_TAGLEN, bytes([tag_len]))
            await self.cmd(OP.WRITE_NONCE, iv)
            await self.cmd(OP.WRITE_AAD, aad)
            await self.cmd(OP.WRITE_PT, pt)
            await self.check("buffer writes")
            await self.cmd(OP.START_ENC)
            await self.wait(ST_DONE, "START_ENC")
            ct = await self.read(OP.READ_CT, len(pt)) if pt else b""
            tag = (await self.read(OP.READ_TAG, 16))[:tag_len]
            return ct, tag
        ct = await self._stream(0, iv, aad, pt, b"", tag_len)
        tag = (await self.read(OP.READ_TAG, 16))[:tag_len]
        return ct, tag

    async def decrypt(self, iv: bytes, aad: bytes, ct: bytes, tag: bytes, key: bytes | None = None,
                      stream: bool | None = None) -> bytes | None:
        """Plaintext, or None when the tag does not verify."""
        await self.clear_status()
        if key is not None:
            await self.set_key(key)
        if stream is None:
            stream = not self.fits(iv, aad, ct)
        if not stream:
            await self.cmd(OP.WRITE_NONCE, iv)
            await self.cmd(OP.WRITE_AAD, aad)
            await self.cmd(OP.WRITE_PT, ct)
            await self.cmd(OP.WRITE_TAG, tag)
            await self.check("buffer writes")
            await self.cmd(OP.START_DEC)
            st = await self.wait(ST_DONE, "START_DEC")
            if st & ST_AUTH_FAIL:
                return None
            return await self.read(OP.READ_CT, len(ct)) if ct else b""
        # verify-first two-pass streamed decryption
        await self._stream(FLAG_DECRYPT, iv, aad, ct, tag, len(tag))
        if self.last_status & ST_AUTH_FAIL:
            return None
        pt = await self._stream(FLAG_DECRYPT | FLAG_RELEASE, iv, aad, ct, tag, len(tag))
        if self.last_status & ST_AUTH_FAIL:
            return None
        return pt

    async def _stream(self, flags: int, iv: bytes, aad: bytes, text: bytes, tag: bytes, tag_len: int) -> bytes:
        release = not (flags & FLAG_DECRYPT) or bool(flags & FLAG_RELEASE)
        await self.cmd(OP.STREAM_START, stream_params(flags, tag_len, len(iv), len(aad), len(text)))
        data = pad16(iv) + pad16(aad)
        t0 = len(data)
        data += pad16(text)
        t1 = t0 + len(pad16(text))
        if flags & FLAG_DECRYPT:
            data += pad16(tag)
        out = bytearray()
        await self.wait(ST_RDY, "STREAM_START")
        for c0 in range(0, len(data), TXT_BUF):
            c1 = min(c0 + TXT_BUF, len(data))
            last = c1 == len(data)
            await self.cmd(OP.STREAM_DATA, data[c0:c1])
            st = await self.wait(ST_DONE if last else ST_RDY, "STREAM_DATA")
            n = max(0, min(c1, t1) - max(c0, t0))
            if n and release:
                out += await self.read(OP.READ_CT, n)
        self.last_status = st
        return bytes(out[:len(text)])

    last_status = 0
