# SPDX-License-Identifier: Apache-2.0
"""A cocotb SPI mode-0 master (CPOL = 0, CPHA = 0, MSB first) that samples MISO at the real rising SCK edge.

Timing of one frame (all times in ns, configurable; the defaults follow hw/gcm_spi/doc/spi_protocol.md):

    CS low -- cs_setup -- [MOSI bit 7 valid] rising SCK (sample MISO) -- half -- falling SCK (next MOSI) ...
    ... 8 * nbytes rising edges ... last falling edge -- cs_hold -- CS high -- cs_idle --

MISO is read in the very time step in which SCK is driven high, *before* the DUT can react to that edge: this
is the value a real master latches on its rising edge (no "sample half a period later" slack). ``phase``
shifts the whole schedule against the DUT clock so that SCK edges do not coincide with clock edges.
``transfer`` clocks a whole frame (optionally cut after ``nbits`` SCK cycles); ``select`` / ``shift`` /
``deselect`` clock one frame in pieces, for drivers whose HAL transfers a frame in several calls (the C driver).
"""
from __future__ import annotations

from dataclasses import dataclass

from cocotb.triggers import Timer


@dataclass
class SpiTiming:
    period_ns: float = 100.0        # SCK period (10 MHz)
    cs_setup_ns: float | None = None  # CS low -> first rising edge (default: one period)
    cs_hold_ns: float | None = None   # last falling edge -> CS high (default: half a period)
    cs_idle_ns: float | None = None   # CS high time between frames (default: one period)

    def setup(self) -> float:
        return self.period_ns if self.cs_setup_ns is None else self.cs_setup_ns

    def hold(self) -> float:
        return self.period_ns / 2 if self.cs_hold_ns is None else self.cs_hold_ns

    def idle(self) -> float:
        return self.period_ns if self.cs_idle_ns is None else self.cs_idle_ns


class SpiMaster:
    """Drives sck/mosi/cs_n of a DUT and samples miso at the rising SCK edges."""

    def __init__(self, sck, mosi, miso, cs_n, timing: SpiTiming | None = None):
        self.sck, self.mosi, self.miso, self.cs_n = sck, mosi, miso, cs_n
        self.timing = timing or SpiTiming()
        self.sck.value = 0
        self.mosi.value = 0
        self.cs_n.value = 1
        self.bytes_sent = 0          # statistics: bytes clocked (all frames)
        self.frames = 0
        self.miso_log: list[bytes] = []   # every frame's MISO bytes (for leakage scans)
        self.busy_ns = 0.0           # time spent in frames incl. CS setup/hold/idle

    @staticmethod
    async def _wait(ns: float) -> None:
        if ns > 0:
            await Timer(round(ns * 1000), unit="ps")

    # ---- a frame in pieces (for drivers that clock a frame in several calls, e.g. the C driver's HAL) ----
    # Bit timing as in `transfer`, with the low phase first: MOSI changes (falling edge or frame start), half
    # a period low, rising edge (MISO latched in that time step), half a period high, falling edge.
    async def select(self) -> None:
        """CS low, then the CS setup time."""
        self.cs_n.value = 0
        self.mosi.value = 0
        self._open_ns = self.timing.setup()
        self._open_rx = bytearray()
        await self._wait(self.timing.setup())

    async def shift(self, tx: bytes) -> bytes:
        """Clock whole bytes inside a selected frame; return their MISO bytes."""
        half = self.timing.period_ns / 2
        rx = bytearray(len(tx))
        for i in range(8 * len(tx)):
            byte, bit = divmod(i, 8)
            self.mosi.value = (tx[byte] >> (7 - bit)) & 1
            await self._wait(half)
            v = self.miso.value
            rx[byte] |= (int(v) if v.is_resolvable else 0) << (7 - bit)
            self.sck.value = 1
            await self._wait(half)
            self.sck.value = 0
        self._open_ns += 8 * len(tx) * self.timing.period_ns
        self._open_rx += rx
        self.bytes_sent += len(tx)
        return bytes(rx)

    async def deselect(self) -> None:
        """End the frame: CS hold after the last falling edge, CS high, CS idle time."""
        t = self.timing
        await self._wait(t.hold())
        self.cs_n.value = 1
        self.mosi.value = 0
        await self._wait(t.idle())
        self.frames += 1
        self.busy_ns += self._open_ns + t.hold() + t.idle()
        self.miso_log.append(bytes(self._open_rx))

    async def transfer(self, tx: bytes, nbits: int | None = None) -> bytes:
        """One CS frame: send `tx`, return the MISO bytes. With `nbits`, CS rises after that many SCK
        cycles (an aborted frame); the returned bytes then hold the bits received so far, MSB-aligned."""
        t = self.timing
        half = t.period_ns / 2
        total = 8 * len(tx) if nbits is None else nbits
        rx = bytearray(len(tx))
        self.cs_n.value = 0
        self.mosi.value = (tx[0] >> 7) & 1 if tx else 0
        await self._wait(t.setup())
        for i in range(total):
            byte, bit = divmod(i, 8)
            # rising edge: the master latches MISO now, in the same time step as SCK rises
            v = self.miso.value
            b = int(v) if v.is_resolvable else 0
            rx[byte] |= b << (7 - bit)
            self.sck.value = 1
            await self._wait(half)
            self.sck.value = 0
            nxt = i + 1
            if nxt < total:
                nb, nbit = divmod(nxt, 8)
                self.mosi.value = (tx[nb] >> (7 - nbit)) & 1
            await self._wait(half)
        await self._wait(t.hold() - half if t.hold() > half else 0)
        self.cs_n.value = 1
        self.mosi.value = 0
        await self._wait(t.idle())
        self.frames += 1
        self.bytes_sent += len(tx) if nbits is None else (nbits + 7) // 8
        self.busy_ns += t.setup() + total * t.period_ns + max(t.hold() - half, 0) + t.idle()
        self.miso_log.append(bytes(rx))
        return bytes(rx)
