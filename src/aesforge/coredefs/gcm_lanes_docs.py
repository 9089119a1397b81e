# SPDX-License-Identifier: Apache-2.0
"""hw/gcm_lanes' generated figures (the report hook of the gcm_lanes cores, ``Core.report_hook``): issue 19's table
per registered configuration, both parts, from results/gcm_lanes*.json only, spliced into hw/gcm_lanes/README.md
between the lanes-configs markers by every `make report` run of a gcm_lanes core. The cycle figures are
`aesforge.sim.perf_lanes`' (its docstring defines them); nothing here is measured or typed."""
from __future__ import annotations

from aesforge import cores as _cores

LANES_BEGIN, LANES_END = "<!-- BEGIN lanes-configs -->", "<!-- END lanes-configs -->"
PARTS = (("85k", "LFE5U-85F"), ("um5g-85k", "LFE5UM5G-85F"))
# issue 19's goals (Fmax in MHz per part, by lane count; the N = 2 / N = 1 Gbps ratio; the 64-byte stream's share)
FMAX_GOALS = {1: {"85k": 150, "um5g-85k": 225}, 2: {"85k": 125, "um5g-85k": 150}}
SCALING_GOAL, STREAM_GOAL = 1.8, 0.5


def _n(v, nd: int = 0) -> str:
    return "n/m" if v is None else f"{v:,.{nd}f}"


def _gbps(r: dict, part: str) -> float | None:
    """Long-message Gbps on ``part``: block bits / cycles per block x that part's median Fmax."""
    f = ((r.get("ecp5_parts") or {}).get(part) or {}).get("fmax_mhz")
    cpb = (r.get("cycles") or {}).get("cycles_per_block")
    return None if f is None or not cpb else r.get("block_bits", 128) / cpb * f / 1000


def _src(lines: str | None) -> str:
    """Source lines as code, or what stands there when synthesis left none (e.g. a flip-flop it created)."""
    return f"`{lines}`" if lines else "(a flip-flop without source line)"


def _share(r: dict, key: str) -> str:
    """A stream's share of the long-message rate and its Gbps on each part."""
    s = (r.get("cycles") or {}).get(key)
    if s is None:
        return "n/m"
    g = _both([_n(_gbps(r, p) * s, 2) if _gbps(r, p) else "-" for p, _ in PARTS])
    return f"{100 * s:.1f} %" + (f": {g}" if g else "")


def _both(vals: list[str]) -> str:
    """'a / b' for the two parts ('-' where a part is not placed), '' when neither is."""
    return "" if all(v == "-" for v in vals) else " / ".join(vals)


def config_rows(results: list[dict]) -> list[dict]:
    """The hw/gcm_lanes rows of ``results`` (results/*.json as loaded by the report), in registry order."""
    names = [c.name for c in _cores.CORES.values() if c.folder == "hw/gcm_lanes"]
    by = {r["core"]: r for r in results}
    return [by[n] for n in names if n in by]


def config_table(results: list[dict]) -> str:
    """Issue 19's closing-note table per registered configuration, both parts, from the results files only:
    LUT4 / FF / EBR, Fmax (median of the seeds, every seed), Gbps on long messages, on the 64-byte and IMIX
    streams, the 64-byte latency (cycles and ns on each part), the key load; then each median placement's critical
    path on its source lines, and the figures against issue 19's goals."""
    rows = config_rows(results)
    out = ["| core | N, key | LUT4 sites / FF / EBR (ECP5 core) | Fmax LFE5U-85F (MHz) | Fmax LFE5UM5G-85F (MHz) | "
           "Gbps long (85F / UM5G) | 64-byte stream (share: Gbps) | IMIX stream | 64-byte latency | key load | measured |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    paths = []
    for r in rows:
        e, cyc, parts = (r.get("ecp5") or {}).get("core") or {}, r.get("cycles") or {}, r.get("ecp5_parts") or {}
        fm, gb, lat = [], [], []
        for p, pname in PARTS:
            pr = parts.get(p) or {}
            seeds = pr.get("fmax_by_seed") or {}
            fm.append(f"**{_n(pr.get('fmax_mhz'), 2)}** ({' / '.join(_n(v, 2) for v in seeds.values())})"
                      if pr.get("fmax_mhz") else "not placed")
            f = pr.get("fmax_mhz")
            gb.append(_n(_gbps(r, p), 2) if f else "-")
            lat.append(_n(cyc["msg64_cycles"] * 1000 / f) if f and cyc.get("msg64_cycles") else "-")
            cp = pr.get("critical_path") or {}
            if cp:
                rt = (cp.get("ns_by_type") or {}).get("routing")
                ends = (f"{_src(cp.get('start_src'))} -> {_src(cp.get('end_src'))}"
                        if cp.get("start_src") or cp.get("end_src")
                        else f"`{cp.get('start', '?')[:60]}` -> `{cp.get('end', '?')[:60]}` (cell names)")
                paths.append(f"| `{r['core']}` | {pname} seed {pr.get('median_seed')} | {ends} | "
                             f"{cp.get('logic_levels')} | {_n(cp.get('delay_ns'), 2)} ns, {_n(rt, 2)} routing "
                             f"({_n(100 * rt / cp['delay_ns'] if rt and cp.get('delay_ns') else None)} %) |")

        kl = cyc.get("key_load_cycles") or {}
        klv = next(iter(kl.values()), None)
        par = r.get("params") or {}
        out.append(f"| `{r['core']}` | {par.get('N')}, AES-{par.get('KEY_BITS', 128)} | "
                   f"{_n(e.get('lut4_equiv'))} / {_n(e.get('ff'))} / {_n(e.get('dp16kd'))} | {fm[0]} | {fm[1]} | "
                   f"{_both(gb) or 'n/m'} | {_share(r, 'stream64_share')} | {_share(r, 'imix_share')} | "
                   f"{_n(cyc.get('msg64_cycles'))} cycles{': ' + _both(lat) + ' ns' if _both(lat) else ''} | "
                   f"{_n(klv)} cycles | "
                   f"{(r.get('measured_utc') or 'n/m')[:10]} |")
    text = "\n".join(out)
    if paths:
        text += ("\n\nCritical path of each median placement (its two ends on their source lines, from the "
                 "placement's report and netlist: line numbers of the RTL the row was measured on; cell names where "
                 "the row predates that record):\n\n"
                 "| core | part | from -> to | LUT levels | delay |\n|---|---|---|---:|---|\n" + "\n".join(paths))
    by = {r["core"]: r for r in rows}
    goals = []
    for name, n in (("gcm_lanes_n1", 1), ("gcm_lanes", 2)):
        r = by.get(name)
        if r:
            got = [f"{pname} {_n(((r.get('ecp5_parts') or {}).get(p) or {}).get('fmax_mhz'), 2)} MHz "
                   f"(goal {FMAX_GOALS[n][p]})" for p, pname in PARTS]
            s = (r.get("cycles") or {}).get("stream64_share")
            goals.append(f"- `{name}` (N = {n}): {'; '.join(got)}; 64-byte stream {_n(100 * s if s else None, 1)} % "
                         f"of the long-message rate (goal {100 * STREAM_GOAL:.0f} %)")
    if "gcm_lanes_n1" in by and "gcm_lanes" in by:
        ratio = []
        for p, pname in PARTS:
            g1, g2 = _gbps(by["gcm_lanes_n1"], p), _gbps(by["gcm_lanes"], p)
            ratio.append(f"{pname} {_n(g2, 2)} / {_n(g1, 2)} = {_n(g2 / g1, 2)}" if g1 and g2 else f"{pname} n/m")
        goals.append(f"- Gbps(N = 2) / Gbps(N = 1): {'; '.join(ratio)} (goal {SCALING_GOAL})")
    if goals:
        text += "\n\nAgainst issue 19's goals:\n\n" + "\n".join(goals)
    cmd = "`aesforge report --core <core> --seeds 3 --device 85k --device um5g-85k --jobs 2`"
    return (f"_Generated by `aesforge report` from `results/gcm_lanes*.json` ({cmd} per row; the stream shares and "
            f"cycles from `aesforge.sim.perf_lanes`; Gbps = 128 bits / cycles per block x Fmax, the streams' Gbps their share of it; "
            f"`measured` = the newest tool run behind the row)._\n\n" + text)


def readme_table(results: list[dict]):
    """Report hook (Core.report_hook of the hw/gcm_lanes cores): the block between the lanes-configs markers of
    hw/gcm_lanes/README.md, regenerated from ``results``; returns the README's path."""
    from aesforge.paths import repo_root  # noqa: PLC0415

    readme = repo_root() / "hw" / "gcm_lanes" / "README.md"
    text = readme.read_text()
    if LANES_BEGIN not in text or LANES_END not in text:
        raise ValueError(f"{readme}: no {LANES_BEGIN} ... {LANES_END} block")
    head, rest = text.split(LANES_BEGIN, 1)
    _, tail = rest.split(LANES_END, 1)
    readme.write_text(f"{head}{LANES_BEGIN}\n{config_table(results)}\n{LANES_END}{tail}")
    return readme
