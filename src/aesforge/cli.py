# SPDX-License-Identifier: Apache-2.0
"""The `aesforge` command line: the front door to the cores, the vectors, the simulators and the figures.

    aesforge cores [--json]                      list the cores and what each supports
    aesforge vectors --list | --suite NAME | --ci CORE [--out F.jsonl]
    aesforge sim --core NAME --vectors IN.jsonl [--out OUT.jsonl] [--sim icarus|verilator] [--jobs N]
                 [--stall P] [--seed S] [--check] [--waves ID [--waves-out F.fst]] [--executor SPEC]
    aesforge check --vectors IN.jsonl --results OUT.jsonl
    aesforge demo [--sim icarus|verilator]
    aesforge report [--core NAME ...] [--jobs N] [--no-pnr] [--freq MHZ] [--seeds K] [--device PART ...]
                    [--executor local|dask-local[:N]|tcp://HOST:PORT]
    aesforge explore FAMILY [options]            design-space search (e.g. `aesforge explore pipelined -h`)
    aesforge regmap [--check]                    generate C headers / README register tables from the JSON maps
    aesforge leakage [--config NAME ...] [--traces N]   simulated TVLA of the masked and unmasked AES engines
"""
from __future__ import annotations

import argparse
import json
import sys


def _cmd_cores(args) -> int:
    from aesforge.cores import CORES

    if args.json:
        print(json.dumps([c.to_json() for c in CORES.values()], indent=2))
        return 0
    for c in CORES.values():
        print(f"{c.name:12s} top={c.top}  {c.summary}")
        print(f"{'':12s} interface: {c.interface}")
        print(f"{'':12s} keys: {'/'.join(map(str, c.key_sizes))}  modes: {', '.join(c.modes)}  "
              f"directions: {', '.join(c.directions)}  iv bits: {c.iv_bits}  "
              f"tag bytes: {', '.join(map(str, c.tag_lens)) or 'n/a'}")
        print(f"{'':12s} sources: {' '.join(c.sources)}")
    return 0


def _cmd_vectors(args) -> int:
    from aesforge.vectors import suites
    from aesforge.vectors.jsonl import write_jsonl

    if args.list:
        for name, desc in suites.list_suites().items():
            print(f"{name:28s} {desc}")
        return 0
    if args.ci:
        from aesforge.cores import get

        recs = get(args.ci).ci_vectors()
    elif args.suite:
        recs = suites.load_suite(args.suite)
    else:
        print("aesforge vectors: give --list, --suite NAME or --ci CORE", file=sys.stderr)
        return 2
    if args.out:
        write_jsonl(recs, args.out)
        print(f"wrote {len(recs)} vectors to {args.out}", file=sys.stderr)
    else:
        for r in recs:
            print(json.dumps(r))
    return 0


def _one_line(text: str, limit: int = 400) -> str:
    """`text` as one printable ASCII line: ids and reasons may quote any JSON string of the input files."""
    if not (text.isascii() and text.isprintable()):
        text = json.dumps(text)[1:-1]  # escapes control characters, non-ASCII and lone surrogates
    return text if len(text) <= limit else text[:limit] + "..."


def _report_check(vecs, results, show: int) -> int:
    from aesforge.check import check

    rep = check(vecs, results)
    for rid, why in rep.failures[:max(show, 0)]:
        print(f"FAIL {_one_line(str(rid), 120)}: {_one_line(str(why))}")
    if len(rep.failures) > max(show, 0):
        print(f"... and {len(rep.failures) - max(show, 0)} more failures")
    print(f"{rep.passed} passed, {rep.failed} failed")
    return 0 if rep.ok else 1


def _read_lines(path: str) -> list:
    """The shared tolerant reader; an unreadable file (missing, a folder, no permission) is a usage error."""
    from aesforge.sim.runner import read_vectors

    try:
        return read_vectors(path)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None


def _executor_spec(spec: str | None) -> str:
    from aesforge.flow.executor import spec_of

    return spec_of(spec)


def _rid(rec, i: int) -> str:
    from aesforge.sim.validate import record_id

    return record_id(rec, i)


def _cmd_sim(args) -> int:
    from aesforge.sim.runner import run_batch, write_results

    vecs = _read_lines(args.vectors)
    if args.waves is not None:
        from aesforge.sim.runner import waves_of

        results, fst = waves_of(args.core, vecs, args.waves, sim=args.sim, stall=args.stall, seed=args.seed,
                                out=args.waves_out, progress=not args.quiet)
        vecs = [v for i, v in enumerate(vecs) if _rid(v, i) == args.waves][:1]
        print(f"[sim] waveform of {args.waves!r}: {fst}\n[sim] open it with: gtkwave {fst}",
              file=sys.stderr)
    else:
        results = run_batch(args.core, vecs, sim=args.sim, jobs=args.jobs, stall=args.stall, seed=args.seed,
                            progress=not args.quiet, executor=_executor_spec(args.executor))
    try:
        write_results(results, args.out)
    except OSError as e:
        raise ValueError(f"cannot write {args.out}: {e.strerror or e}") from None
    n_err = sum(1 for r in results if "error" in r)
    print(f"[sim] {len(results)} results, {n_err} with error" + (f" -> {args.out}" if args.out else ""),
          file=sys.stderr)
    if args.check:
        return _report_check(vecs, results, args.show)
    return 0


def _cmd_check(args) -> int:
    return _report_check(_read_lines(args.vectors), _read_lines(args.results), args.show)


def _cmd_demo(args) -> int:
    from aesforge.demo import run_demo

    return run_demo(sim=args.sim)


def _cmd_report(args) -> int:
    from aesforge.flow import report

    return report.main_from_args(args)


def _cmd_explore(args) -> int:
    import importlib

    try:
        mod = importlib.import_module(f"aesforge.explore.{args.family}")
    except ModuleNotFoundError:
        from aesforge import explore

        raise ValueError(f"unknown design space '{args.family}' (known: {', '.join(explore.families())})") from None
    return mod.main(args.rest)


def _cmd_regmap(args) -> int:
    from aesforge import regmap

    return regmap.main(["--check"] if args.check else [])


def _cmd_leakage(args) -> int:
    from aesforge.sca import tvla

    return tvla.main_from_args(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="aesforge", description="aesforge: AES / AES-GCM IP family tools")
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("cores", help="list the cores and what they support")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(func=_cmd_cores)

    s = sub.add_parser("vectors", help="export NIST vector suites as JSON lines")
    s.add_argument("--list", action="store_true", help="list the named suites")
    s.add_argument("--suite", help="suite name (see --list)")
    s.add_argument("--ci", metavar="CORE", help="the deterministic CI subset for a core")
    s.add_argument("--out", help="output file (default: stdout)")
    s.set_defaults(func=_cmd_vectors)

    s = sub.add_parser("sim", help="run JSON-lines vectors through a core's RTL in simulation")
    s.add_argument("--core", required=True)
    s.add_argument("--vectors", required=True, help="input JSON lines")
    s.add_argument("--out", help="results JSON lines (default: stdout)")
    s.add_argument("--sim", default="icarus", choices=("icarus", "verilator"))
    s.add_argument("--jobs", type=int, default=1, help="parallel simulator processes (default 1)")
    s.add_argument("--stall", type=float, default=0.0,
                   help="probability of a random idle/back-pressure cycle on every valid/ready (default 0)")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--check", action="store_true", help="also compare with the expected answers")
    s.add_argument("--show", type=int, default=10, help="failures to print with --check")
    s.add_argument("--quiet", action="store_true", help="no progress lines")
    s.add_argument("--executor", metavar="SPEC", default=None,
                   help="where the --jobs shards run: local (default), dask-local[:N] or tcp://HOST:PORT (a Dask "
                        "scheduler); default $AESFORGE_EXECUTOR")
    s.add_argument("--waves", metavar="ID", help="simulate only the vector with this id and write an FST of every "
                                                 "signal (default: build/waves/CORE-SIM-ID.fst)")
    s.add_argument("--waves-out", metavar="FILE", help="where --waves writes the FST")
    s.set_defaults(func=_cmd_sim)

    s = sub.add_parser("check", help="compare sim results with the expected answers")
    s.add_argument("--vectors", required=True)
    s.add_argument("--results", required=True)
    s.add_argument("--show", type=int, default=10)
    s.set_defaults(func=_cmd_check)

    s = sub.add_parser("demo", help="run a NIST example through a core's RTL and compare with the model")
    s.add_argument("--sim", default="icarus", choices=("icarus", "verilator"))
    s.set_defaults(func=_cmd_demo)

    s = sub.add_parser("report", help="synthesis + place-and-route + cycles for every core -> docs/results.md")
    from aesforge.flow import report as _report   # one option list: the report module's own

    _report.add_arguments(s)
    s.set_defaults(func=_cmd_report)

    s = sub.add_parser("explore", help="design-space search with synthesis + P&R (e.g. pipelined)")
    s.add_argument("family", help="design space, e.g. 'pipelined'")
    s.add_argument("rest", nargs=argparse.REMAINDER, help="options of that search (see FAMILY -h)")
    s.set_defaults(func=_cmd_explore)

    s = sub.add_parser("regmap", help="generate C headers and README register tables from the JSON register maps")
    s.add_argument("--check", action="store_true", help="only check that the generated files are up to date")
    s.set_defaults(func=_cmd_regmap)

    s = sub.add_parser("leakage", help="fixed-vs-random t-test (TVLA) of the masked / unmasked AES engines in "
                                       "simulation -> results/leakage.json, docs/leakage.png")
    from aesforge.sca import tvla as _tvla   # one option list: the module's own

    _tvla.add_arguments(s)
    s.set_defaults(func=_cmd_leakage)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (KeyError, ValueError, FileNotFoundError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"aesforge {args.cmd}: error: {msg}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
