# SPDX-License-Identifier: Apache-2.0
"""The LiteX peripheral (aesforge.litex, issue 23) in a LiteX SoC, and the README lines that show it.

* test_soc_macsec: a LiteX ``SoCMini`` (no CPU; an ECP5 platform with the Trellis toolchain, nothing run but the
  LiteX builder) gets the peripheral from the Python lines of hw/gcm_seq/README.md "LiteX" and an external
  byte-addressed Wishbone master on the top's ports; the builder (``compile_gateware=False``,
  ``compile_software=False``) writes the Verilog top, generated/mem.h and csr.json; the README's C lines compile
  against that mem.h; the top and the sources the peripheral added to the platform run on Icarus with
  tests/flow/litex_gcm_tb.py: MACsec 2.2.2 encrypt / decrypt PASS / decrypt with a corrupted tag (FAIL, nothing
  readable) through the SoC interconnect, against the golden model and the published vector.
* test_irq_hookup: on a SoC given a CPU interrupt vector, add_to_soc takes an interrupt and LiteX's finalisation
  connects the core's irq_o to that vector bit.

LiteX and Migen are pinned in requirements.txt: a missing LiteX fails here (import error), it is not skipped.
About 2 s on one CPU (LiteX generation, Icarus build and simulation).
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from litex.build.generic_platform import Pins, Subsignal
from litex.build.lattice import LatticeECP5Platform
from litex.soc.integration.builder import Builder
from litex.soc.integration.soc_core import SoCMini
from litex.soc.interconnect import wishbone
from migen import ClockDomain, Signal
from migen.fhdl.structure import _Assign, _Slice

from aesforge import cores
from aesforge.litex import AESForgeGCM, add_to_soc
from aesforge.paths import build_dir, repo_root
from aesforge.sim.runner import run_cocotb_module

ROOT = repo_root()
README = ROOT / "hw/gcm_seq/README.md"
TOP = "aesforge_litex_soc"


def _snippets() -> dict[str, str]:
    """The fenced python and c blocks of the README's "LiteX" section (one of each)."""
    sec = README.read_text().split("\n## LiteX\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(\w+)\n(.*?)```", sec, re.S)
    assert sorted(lang for lang, _ in blocks) == ["c", "python"], blocks
    return dict(blocks)


def _pins(n: int, first: int) -> Pins:
    return Pins(" ".join(f"P{first + i}" for i in range(n)))    # names only: nothing is placed


IO = [
    ("clk_i", 0, Pins("A0")),
    ("rst_ni", 0, Pins("A1")),
    ("irq_o", 0, Pins("A2")),
    ("s_wb", 0,
     Subsignal("cyc", Pins("B0")), Subsignal("stb", Pins("B1")), Subsignal("we", Pins("B2")),
     Subsignal("adr", _pins(32, 0)), Subsignal("dat_w", _pins(32, 100)), Subsignal("dat_r", _pins(32, 200)),
     Subsignal("sel", _pins(4, 300)), Subsignal("ack", Pins("B3")), Subsignal("err", Pins("B4"))),
]


class TestSoC(SoCMini):
    """No CPU: the SoC bus gets an external Wishbone master on the top's ``s_wb_*`` ports (byte addresses,
    converted by LiteX), ``clk_i`` / ``rst_ni`` (active low) drive the sys domain, ``irq_o`` is the core's."""

    __test__ = False        # not a pytest class

    def __init__(self, platform):
        self.cd_sys = ClockDomain()
        SoCMini.__init__(self, platform, clk_freq=50e6)
        self.comb += [self.cd_sys.clk.eq(platform.request("clk_i")),
                      self.cd_sys.rst.eq(~platform.request("rst_ni"))]
        ext = wishbone.Interface(data_width=32, address_width=32, addressing="byte")
        pads = platform.request("s_wb")
        self.comb += [ext.cyc.eq(pads.cyc), ext.stb.eq(pads.stb), ext.we.eq(pads.we), ext.adr.eq(pads.adr),
                      ext.dat_w.eq(pads.dat_w), ext.sel.eq(pads.sel),
                      pads.dat_r.eq(ext.dat_r), pads.ack.eq(ext.ack), pads.err.eq(ext.err)]
        self.bus.add_master(name="ext", master=ext)
        exec(compile(_snippets()["python"], str(README), "exec"), {"self": self})    # the README's lines
        self.comb += platform.request("irq_o").eq(self.aesgcm.irq)


def _platform() -> LatticeECP5Platform:
    return LatticeECP5Platform("LFE5U-85F-6BG381C", IO, toolchain="trellis")


def test_soc_macsec(monkeypatch):
    out = build_dir() / "litex" / "soc"
    shutil.rmtree(out, ignore_errors=True)
    for old in (build_dir() / "sim").glob("litex_soc-icarus-*"):   # LiteX dates the top: a new model per run
        shutil.rmtree(old, ignore_errors=True)
    platform = _platform()
    soc = TestSoC(platform)
    assert isinstance(soc.aesgcm, AESForgeGCM)
    Builder(soc, output_dir=str(out), compile_gateware=False, compile_software=False).build(build_name=TOP)

    # the region the README names, as LiteX's mem.h gives it to the firmware
    gen = out / "software" / "include" / "generated"
    m = re.search(r"#define AESGCM_BASE (0x[0-9a-f]+)L", (gen / "mem.h").read_text())
    assert m, (gen / "mem.h").read_text()
    base = int(m.group(1), 16)
    assert base == soc.bus.regions["aesgcm"].origin == 0x8200_0000
    assert soc.bus.regions["aesgcm"].size == 0x100 and not soc.bus.regions["aesgcm"].cached

    # the README's C lines against that mem.h and sw/aesf_gcm_seq_regs.h (host gcc: syntax and types)
    csrc = out / "fw.c"
    csrc.write_text(_snippets()["c"] + "\nuint32_t aesgcm_id(void) { AESGCM(IV_LEN) = 12u; return AESGCM(ID); }\n")
    cc = subprocess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-c", f"-I{gen.parent}",
                         f"-I{ROOT / 'sw'}", "-o", str(out / "fw.o"), str(csrc)], capture_output=True, text=True)
    assert cc.returncode == 0, cc.stderr

    # what the peripheral added to the platform: every registry source (+ the generated top)
    srcs = [Path(f) for f, *_ in platform.sources]
    top_v = out / "gateware" / f"{TOP}.v"
    assert top_v in srcs
    assert {ROOT / s for s in cores.get("gcm_seq_wb").sources} == set(srcs) - {top_v}
    assert "aesf_gcm_seq_wb" in top_v.read_text()

    csr = json.loads((out / "csr.json").read_text())["csr_registers"]
    monkeypatch.setenv("AESFORGE_LITEX_BASE", hex(base))
    monkeypatch.setenv("AESFORGE_LITEX_SCRATCH", hex(csr["ctrl_scratch"]["addr"]))
    sim_core = cores.Core(name="litex_soc", top=TOP, folder="build/litex", interface="LiteX SoC test top",
                          sources=tuple(str(s) for s in srcs), key_sizes=(), modes=(), directions=())
    tests, failed = run_cocotb_module(sim_core, "litex_gcm_tb", sim="icarus", pythonpath=[str(Path(__file__).parent)])
    assert (tests, failed) == (1, 0)


def test_irq_hookup():
    """A CPU interrupt vector (given to the CPU-less SoC here): add_to_soc takes an interrupt, LiteX's
    finalisation finds the peripheral's ``ev.irq`` and drives that vector bit with it."""
    platform = _platform()
    soc = SoCMini(platform, clk_freq=50e6)
    soc.cd_sys = ClockDomain()
    soc.cpu.interrupt = Signal(32)
    soc.cpu.interrupts = {}
    soc.irq.enable()
    gcm = add_to_soc(soc, name="aesgcm", origin=0x4000_0000)
    soc.finalize()
    loc = soc.irq.locs["aesgcm"]
    assert soc.constants["AESGCM_INTERRUPT"] == loc
    hooks = [(s.l.start, s.r) for s in soc._fragment.comb
             if isinstance(s, _Assign) and isinstance(s.l, _Slice) and s.l.value is soc.cpu.interrupt]
    assert len(hooks) == 1 and hooks[0][0] == loc and hooks[0][1] is gcm.irq, hooks
