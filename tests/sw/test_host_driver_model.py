# SPDX-License-Identifier: Apache-2.0
"""The Python host driver (aesforge.host.GcmSpiHost) against the frame-level device model (no simulator):
random messages of every shape, buffered and streamed, decrypt with good and bad tags, device errors."""
from __future__ import annotations

import asyncio
import random

import pytest

from aesforge.host import GcmSpiError, GcmSpiHost, ModelTransport, OP
from aesforge.host.protocol import E_KEY, E_STATE, err_code, stream_params
from aesforge.model import gcm


def _run(coro):
    return asyncio.run(coro)


def test_random_messages_against_golden_model():
    async def main():
        h = GcmSpiHost(ModelTransport())
        rng = random.Random(3)
        for i in range(60):
            key = rng.randbytes(rng.choice([16, 24, 32]))
            iv = rng.randbytes(rng.choice([1, 12, 16, 17, 60, 200]))
            aad = rng.randbytes(rng.randrange(0, 150))
            pt = rng.randbytes(rng.randrange(0, 300))
            tl = rng.choice(gcm.TAG_LENGTHS)
            ct, tag = await h.encrypt(iv, aad, pt, tl, key=key)
            assert (ct, tag) == gcm.gcm_encrypt(key, iv, aad, pt, tl), i
            assert await h.decrypt(iv, aad, ct, tag) == pt
            assert await h.decrypt(iv, aad, ct, bytes([tag[0] ^ 1]) + tag[1:]) is None
            if ct:
                assert await h.decrypt(iv, aad, bytes([ct[0] ^ 1]) + ct[1:], tag) is None
    _run(main())


def test_errors_surface():
    async def main():
        h = GcmSpiHost(ModelTransport())
        with pytest.raises(GcmSpiError) as e:
            await h.encrypt(bytes(12), b"", b"abc")
        assert e.value.code == E_KEY
        await h.set_key(bytes(16))
        # releasing streamed decrypt without a passed verify-only pass is refused
        await h.clear_status()
        await h.cmd(OP.STREAM_START, stream_params(3, 16, 12, 0, 100))
        assert err_code(await h.status()) == E_STATE
        with pytest.raises(ValueError):
            await h.set_key(bytes(20))
    _run(main())
