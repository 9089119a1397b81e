# SPDX-License-Identifier: Apache-2.0
"""Cycle measurement of the paper's three tests on the DAM RTL (seed 003, Section 5/7), through the pyuvm
environment of this package.

``measure(core, test=..., P=..., n=..., sim="icarus") -> list[dict]``, one record per (test, P, direction):
``{"bus", "W", "test": "linear"|"block"|"cipher", "dir": "write"|"read", "P", "n", "cycles", "note"}``.
One simulator build per (bus, W, sim) (cached by the runner), ONE simulation for all the (test, P) points of
a call: they run one after the other inside one cocotb test, which writes the records to a JSON file read here.

Semantics
---------
- Sizes ``n``: linear = beats (W-bit words; paper Section 6.1: 40), block = (rows, beats per row) or "HxW"
  (paper: 10x4; an int n means n rows of 4 beats), cipher = AES states (paper: 10). The record's ``n`` is the
  int (linear, cipher) or the string "HxW" (block).
- Units: linear: AXI bursts of XS = 16 beats, ASBUS one command per 1024 beats; block: AXI one burst per row
  (rows at BLOCK_PITCH = max(64, beats*W/8) bytes), ASBUS one block command; cipher: one unit per state, AXI
  one 16-byte burst per state in the cipher window (as the paper's model), ASBUS consecutive back-to-back
  states merged into one state-mode command.
- Back-to-back: between consecutive units exactly round(P*(n_units-1)) (half up) boundaries are back-to-back,
  spread evenly (Bresenham, :func:`aesforge.sim.dam_uvm.b2b_schedule`): the next command is presented as early
  as the protocol allows (ASBUS: req kept high with the next command in the cycle after the gnt; AXI: the next
  AW/AR in the cycle after the previous address handshake, its W beats right after the previous wlast). At the
  other boundaries the next command waits until the previous unit is complete (write: AXI B received, ASBUS
  the last byte written to memory as seen by the memory monitor; read: the last beat received), and is then
  presented in the very next cycle.
- Write phase: "usb" (master 0 / the AXI master) writes the payload (cipher: ciphertext, decrypted into memory);
  read phase, after the write phase is complete: "wifi" (master 1 / the AXI master) reads it back (cipher:
  encrypted again). Both are checked by the scoreboard and end to end.
- ``cycles`` = clock cycles from the first cycle a command is on the bus (any asb_req_i / s_axi_awvalid /
  s_axi_arvalid high) to the cycle in which the last data beat of the direction completes (write: the last
  memory write granted on mem_*; read: the last read beat, resp[2m] / rvalid && rready), both inclusive.
- Memory with gnt always 1 and read latency 1, no master stalls, AES-128 key loaded before the first point.

Cycle counts are exact and deterministic for a given RTL.
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import random
import tempfile
from pathlib import Path

TESTS = ("linear", "block", "cipher")
PAPER_N = {"linear": 40, "block": (10, 4), "cipher": 10}     # Section 6.1
KEY = bytes.fromhex("000102030405060708090a0b0c0d0e0f")


def _norm_n(test: str, n):
    if n is None:
        return PAPER_N[test]
    if test == "block":
        if isinstance(n, str):
            h, w = n.lower().split("x")
            return int(h), int(w)
        if isinstance(n, int):
            return n, 4
        return tuple(int(x) for x in n)
    return int(n)


def _n_rec(test: str, n):
    return f"{n[0]}x{n[1]}" if test == "block" else n


def _pitch(W: int, n) -> int:
    nb = W // 8
    return max(64, n[1] * nb)


def core_for(bus: str, W: int, params: dict | None = None):
    """The registered core dam_<bus><W>, else an unregistered Core over hw/dam (before the coredef exists)."""
    from aesforge import cores

    name = f"dam_{bus}{W}"
    if name in cores.CORES:
        return cores.CORES[name]
    from aesforge.cores import Core

    p = {"W": W, "MEM_AW": 8, **({"NM": 2} if bus == "asbus" else {}), **(params or {})}
    return Core(name=f"blk_{name}", top=f"aesf_dam_{bus}", folder="hw/dam", interface=bus,
                key_sizes=(128,), modes=(), directions=(), params=p)


@contextlib.contextmanager
def sim_lock(core, module: str, sim: str):
    """Serialize runs of one cocotb module on one core build: the runner's test directory (results.xml) is
    shared by every run of (core, parameters, module), e.g. pytest-xdist workers or measure() callers."""
    from aesforge.paths import build_dir

    d = build_dir() / "sim"
    d.mkdir(parents=True, exist_ok=True)
    with open(d / f".lock-{core.name}-{sim}-{module}", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def measure(core=None, bus: str | None = None, W: int | None = None, test="all", P=(0.0, 0.95), n=None,
            sim: str = "icarus", params: dict | None = None) -> list[dict]:
    """Measure the paper's tests on one DAM instance.

    ``core``: a registered core name ("dam_asbus32", ...), a Core, a dict of HDL parameters (with ``bus``), or
    None (then ``bus`` and ``W``); ``params`` override HDL parameters of the build; ``test``:
    one name, a list, or "all"; ``P``: one value or a list; ``n``: one size for every test, or a dict
    test -> size (default: the paper's 40 / 10x4 / 10). Returns the records described in the module docstring,
    in order test, P, write then read.
    """
    from aesforge import cores
    from aesforge.sim.runner import run_cocotb_module

    if isinstance(core, dict):      # parameters (W, MEM_AW, ...) of an instance on ``bus``
        params = {**core, **(params or {})}
        W = W or int(params.get("W", 32))
        core = core_for(bus, W, params)
    elif isinstance(core, str):
        core = cores.get(core)
    if core is not None:
        bus = bus or ("asbus" if "asbus" in core.top else "axi")
        W = W or int({**core.params, **(params or {})}.get("W", 32))
    else:
        core = core_for(bus, W, params)
    tests = list(TESTS) if test in ("all", None) else ([test] if isinstance(test, str) else list(test))
    ps = [float(P)] if isinstance(P, (int, float)) else [float(x) for x in P]
    points = []
    for t in tests:
        nn = _norm_n(t, n.get(t) if isinstance(n, dict) else n)
        for p in ps:
            points.append({"test": t, "P": p, "n": nn})
    with tempfile.TemporaryDirectory(prefix="dam_measure_") as td:
        fin, fout = Path(td) / "points.json", Path(td) / "records.json"
        fin.write_text(json.dumps(points))
        old = {k: os.environ.get(k) for k in ("AESFORGE_DAM_MEASURE_IN", "AESFORGE_DAM_MEASURE_OUT")}
        os.environ["AESFORGE_DAM_MEASURE_IN"] = str(fin)
        os.environ["AESFORGE_DAM_MEASURE_OUT"] = str(fout)
        try:
            with sim_lock(core, "measure", sim):
                ntests, failed = run_cocotb_module(core, "aesforge.sim.dam_uvm.measure", sim=sim,
                                                   params={**core.params, **(params or {})})
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        if not fout.is_file() or failed:
            raise RuntimeError(f"DAM measurement failed ({failed} of {ntests} cocotb tests; see build/sim/"
                               f"{core.name}-{sim}-*/test-aesforge.sim.dam_uvm.measure)")
        recs = json.loads(fout.read_text())
    return recs


# =============================================================================================================
# The cocotb side (runs inside the simulator)
# =============================================================================================================
try:
    import cocotb
except ImportError:  # pragma: no cover
    cocotb = None

if cocotb is not None:
    from .env import DamBaseTest

    class MeasureTest(DamBaseTest):
        def make_cfg(self):
            from .agents import DamCfg

            p = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
            from aesforge.sim.benches.dam import dam_is_axi

            bus = "axi" if dam_is_axi(cocotb.top) else "asbus"
            return DamCfg(bus=bus, W=int(p.get("W", 32)), MEM_AW=int(p.get("MEM_AW", 8)), NM=int(p.get("NM", 2)))

        async def body(self):
            from cocotb.triggers import ClockCycles

            from . import b2b_count
            from .seqs import PacedSeq, Units, load_key, set_pitch

            points = json.loads(Path(os.environ["AESFORGE_DAM_MEASURE_IN"]).read_text())
            clk = cocotb.top.clk_i
            env, cfg = self.env, self.cfg
            await load_key(env, KEY)
            recs = []
            rng = random.Random(3)
            for pt in points:
                t, p = pt["test"], pt["P"]
                nn = tuple(pt["n"]) if t == "block" else pt["n"]
                pitch = _pitch(cfg.W, nn) if t == "block" else 64
                if pitch != env.sb.pitch:
                    await set_pitch(env, pitch)
                u = Units(cfg.bus, t, cfg.W, nn, p, 0, pitch, rng)
                for d in ("write", "read"):
                    items, b2b = (u.write_items, u.write_b2b) if d == "write" else (u.read_items, u.read_b2b)
                    await ClockCycles(clk, 3)
                    assert env.sb.idle()
                    env.arm()
                    env.mem.monitor.last_write_cycle = None
                    await PacedSeq(items, b2b).start(self.seqr("usb" if d == "write" else "wifi"))
                    if d == "write":
                        for _ in range(1000):
                            if env.sb.idle():
                                break
                            await ClockCycles(clk, 1)
                        last = env.mem.monitor.last_write_cycle
                    else:
                        last = max(it.last_cycle for it in items)
                    first = env.first_cmd_cycle()
                    nunits = len(u._chunks())
                    k = b2b_count(nunits, p)
                    note = (f"{len(items)} command(s), {nunits} unit(s), {k} back-to-back boundar{'y' if k == 1 else 'ies'}"
                            + (" (merged into state-mode commands)" if k and cfg.bus == "asbus" and t == "cipher" else "")
                            + (f", pitch {pitch} B" if t == "block" else ""))
                    recs.append({"bus": cfg.bus, "W": cfg.W, "test": t, "dir": d, "P": p, "n": _n_rec(t, nn),
                                 "cycles": last - first + 1, "note": note})
                u.check()
            Path(os.environ["AESFORGE_DAM_MEASURE_OUT"]).write_text(json.dumps(recs, indent=1))

    @cocotb.test()
    async def dam_measure(dut):
        """All requested measurement points in one simulation (AESFORGE_DAM_MEASURE_IN / _OUT)."""
        from pyuvm import uvm_root

        await uvm_root().run_test(MeasureTest)
