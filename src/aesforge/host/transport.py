# SPDX-License-Identifier: Apache-2.0
"""Transports: one call = one chip-select frame (MOSI bytes in, MISO bytes out)."""
from __future__ import annotations


class Transport:
    """Abstract frame transport. ``transfer`` is a coroutine so that simulation transports can wait."""

    frames = 0
    bytes_sent = 0

    async def transfer(self, tx: bytes) -> bytes:  # pragma: no cover - interface
        raise NotImplementedError

    def time_ns(self) -> float:
        """Time spent on the wire so far (0 when the transport does not model time)."""
        return 0.0


class CocotbSpiTransport(Transport):
    """Frames over the pins of a simulated device, through aesforge.sim.spi_master.SpiMaster."""

    def __init__(self, master):
        self.master = master

    async def transfer(self, tx: bytes) -> bytes:
        return await self.master.transfer(tx)

    @property
    def frames(self) -> int:  # type: ignore[override]
        return self.master.frames

    @property
    def bytes_sent(self) -> int:  # type: ignore[override]
        return self.master.bytes_sent

    def time_ns(self) -> float:
        return self.master.busy_ns


class ModelTransport(Transport):
    """Frames through the frame-level Python device model (no simulator)."""

    def __init__(self, model=None):
        from .model import GcmSpiModel

        self.model = model or GcmSpiModel()
        self.frames = 0
        self.bytes_sent = 0

    async def transfer(self, tx: bytes) -> bytes:
        self.frames += 1
        self.bytes_sent += len(tx)
        return self.model.frame(tx)
