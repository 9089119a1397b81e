# SPDX-License-Identifier: Apache-2.0
"""The core registry: one entry per synthesizable core.

Everything that needs to know about a core (``aesforge cores``, ``aesforge sim``, the synthesis flow, the
report) reads it from here. Each core registers itself in its own module under ``aesforge.coredefs``
(one file per core family, imported here in name order), so adding a core means adding one file.
"""
from __future__ import annotations

import functools
import re
from dataclasses import asdict, dataclass, field

# Shared primitives (repo-relative).
COMMON = "hw/common/rtl"

_INST = re.compile(r"^\s*(aesf_\w+)\s*(?:#\s*\(|\w+\s*\()", re.M)   # `aesf_x #(` or `aesf_x u_x (`
_PKG = re.compile(r"\b(aesf_\w+)::")                                  # `aesf_pkg::name`: a package reference


@functools.lru_cache(maxsize=None)
def _rtl_files() -> dict[str, str]:
    """module name -> repo-relative file: one module per file, file name = module name (hw/*/rtl/<module>.v)."""
    from aesforge.paths import repo_root

    root = repo_root()
    return {p.stem: p.relative_to(root).as_posix() for p in sorted(root.glob("hw/*/rtl/aesf_*.v"))}


@functools.lru_cache(maxsize=None)
def _instantiated(path: str) -> tuple[str, ...]:
    """The library modules a file instantiates (any generate branch) and the packages it refers to, comments
    stripped."""
    from aesforge.paths import repo_root

    text = re.sub(r"/\*.*?\*/", "", re.sub(r"//[^\n]*", "", (repo_root() / path).read_text()), flags=re.S)
    used = set(_INST.findall(text)) | set(_PKG.findall(text))
    return tuple(sorted(m for m in used if m in _rtl_files()))


def rtl_sources(top: str, *extra: str) -> tuple[str, ...]:
    """The source list of module `top`: its file and those of every library module it instantiates or package it
    refers to, transitively, leaves first (a package before its first user) and the top last, then `extra` (files
    outside hw/*/rtl, e.g. a test top). The RTL itself is the one source list: the registry, the simulators and
    the flow read it from here, and tests/flow/test_fusesoc.py checks that each .core file's filesets hold it. () for a module the library does not have (test stand-ins)."""
    files = _rtl_files()
    if top not in files:
        return tuple(extra)
    order: list[str] = []
    seen: set[str] = set()

    def visit(m: str) -> None:
        if m in seen:
            return
        seen.add(m)
        for c in _instantiated(files[m]):
            visit(c)
        order.append(files[m])

    visit(top)
    return tuple(order) + tuple(extra)


@dataclass(frozen=True)
class Core:
    name: str                      # CLI name, e.g. "aes_iter"
    top: str                       # top module of the bus-free core
    folder: str                    # hw/<core>
    interface: str                 # human description of the port protocol
    key_sizes: tuple[int, ...]     # supported key lengths in bits
    modes: tuple[str, ...]         # "ecb", "gcm", ...
    directions: tuple[str, ...]    # "encrypt", "decrypt"
    iv_bits: str = "n/a"           # GCM IV lengths supported: "any", "n/a" or comma-separated bits ("96")
    tag_lens: tuple[int, ...] = () # GCM tag lengths in bytes
    clock: str = "clk_i"           # clock port (synthesis constraints, benches)
    reset: str = "rst_ni"          # active-low reset port
    params: dict = field(default_factory=dict)   # HDL parameter overrides used by sim and flow
    bench: str = ""                # python module holding the cocotb bench used by `aesforge sim`
    block_bits: int = 128          # bits processed per block (throughput = block_bits * Fmax / cycles_per_block)
    summary: str = ""
    perf: str = ""                 # "module:function" measuring cycle figures for `make report`
                                   # (default: aesforge.sim.perf.measure, the ECB block measurement)
    rank: int = 50                 # listing order (smaller first)
    pnr_args: tuple[str, ...] = () # extra nextpnr-ecp5 options for this core (e.g. ("--router", "router2") for
                                   # large congested designs); recorded in results/<core>.json "nextpnr_args"
    pnr_pins: str = ""             # placement pin hook (aesforge.flow.pins.HOOKS) applied to the synthesized
                                   # netlist before nextpnr (BEL attributes); recorded in the P&R result "pnr_pins"
    ecp5_synth_args: tuple[str, ...] = ()  # extra synth_ecp5 options for this core (both ECP5 syntheses, e.g.
                                   # ("-nowidelut",): LUT4 only, no PFUMX/L6MUX wide functions); recorded in the
                                   # P&R result "ecp5_synth_args"
    report_hook: str = ""          # "module:function" that `make report` calls once, after writing the results rows,
                                   # with every row (a list of dicts) when it ran this core; returns the Path it
                                   # wrote (the DAM cores: the seed-003 paper reproduction, docs/dam_reproduce.md);
                                   # a module outside the package (repro/...) is found from the repository root
    sources: tuple[str, ...] = ()  # repo-relative RTL files, leaves first, top last; () = rtl_sources(top), the
                                   # registered cores' only source list (give () again when a dataclasses.replace()
                                   # changes the top); block tests with a testbench top outside hw/*/rtl list theirs
    claims: str = ""               # published figures of the seed paper (and peers), quoted for comparison in
                                   # docs/results.md; never used as a measurement

    def __post_init__(self) -> None:
        if not self.sources:
            object.__setattr__(self, "sources", rtl_sources(self.top))

    def ci_vectors(self) -> list[dict]:
        """The deterministic CI subset of the NIST vectors that this core supports."""
        from aesforge.vectors import suites

        iv = "any" if self.iv_bits in ("any", "n/a") else [int(x) for x in self.iv_bits.split(",")]
        return suites.ci_subset(modes=self.modes, key_sizes=self.key_sizes, directions=self.directions,
                                iv_bits=iv, tag_lens=self.tag_lens or None)

    def to_json(self) -> dict:
        d = asdict(self)
        d["sources"] = list(self.sources)
        return d


CORES: dict[str, Core] = {}


def register(core: Core) -> Core:
    if core.name in CORES:
        raise ValueError(f"duplicate core name {core.name}")
    CORES[core.name] = core
    return core


def get(name: str) -> Core:
    try:
        return CORES[name]
    except KeyError:
        raise KeyError(f"unknown core '{name}' (known: {', '.join(sorted(CORES))})") from None


def _load_coredefs() -> None:
    import importlib
    import pkgutil

    from aesforge import coredefs

    for m in sorted(pkgutil.iter_modules(coredefs.__path__), key=lambda m: m.name):
        importlib.import_module(f"aesforge.coredefs.{m.name}")
    ordered = sorted(CORES.values(), key=lambda c: (c.rank, c.name))
    CORES.clear()
    CORES.update((c.name, c) for c in ordered)


_load_coredefs()
