# SPDX-License-Identifier: Apache-2.0
"""The executor option of the long jobs (issue 23, aesforge.flow.executor): the same command on the local pool and
on a Dask LocalCluster (worker processes, the code path of a real cluster) gives identical results.

In `make test`: option parsing, and `aesforge sim` in 2 shards on a 2-process LocalCluster against the local pool
(aes_iter on Icarus, a few seconds). In `make test-full`: the explore smoke sweep (synthesis of 2 reduced
configurations, fresh caches) on a LocalCluster against `--jobs 2`, every figure compared.
"""
from __future__ import annotations

import json
import shutil
import uuid

import pytest

from aesforge import cli
from aesforge.flow import executor as ex
from aesforge.cores import get
from aesforge.paths import build_dir


def test_spec_parsing(monkeypatch):
    monkeypatch.delenv(ex.ENV, raising=False)
    assert ex.spec_of(None) == "local" and ex.is_local(None)
    assert ex.spec_of("dask-local:3") == "dask-local:3" and not ex.is_local("dask-local")
    assert ex.spec_of("tcp://10.0.0.1:8786") == "tcp://10.0.0.1:8786"
    monkeypatch.setenv(ex.ENV, "dask-local")
    assert ex.spec_of(None) == "dask-local" and ex.spec_of("local") == "local"   # the option wins
    for bad in ("dask-local:0", "dask-local:x", "ssh://h", "threads"):
        with pytest.raises(ValueError):
            ex.spec_of(bad)


def test_bad_executor_is_a_usage_error(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(ex.ENV, raising=False)
    assert cli.main(["report", "--core", "aes_iter", "--no-pnr", "--executor", "nope"]) == 2
    assert "unknown executor 'nope'" in capsys.readouterr().out
    v = tmp_path / "v.jsonl"
    v.write_text("")
    assert cli.main(["sim", "--core", "aes_iter", "--vectors", str(v), "--executor", "nope", "--quiet"]) == 2
    assert "unknown executor 'nope'" in capsys.readouterr().err


def _vectors(tmp_path):
    recs = get("aes_iter").ci_vectors()[::50]
    p = tmp_path / "v.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return p, len(recs)


def test_sim_on_local_cluster_matches_local(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(ex.ENV, raising=False)
    vec, n = _vectors(tmp_path)
    outs = {}
    for spec in ("local", "dask-local:2"):
        out = tmp_path / f"r-{spec.replace(':', '_')}.jsonl"
        rc = cli.main(["sim", "--core", "aes_iter", "--vectors", str(vec), "--out", str(out), "--jobs", "2",
                       "--stall", "0.3", "--executor", spec, "--check", "--quiet"])
        assert rc == 0 and f"{n} passed, 0 failed" in capsys.readouterr().out
        outs[spec] = out.read_text()
    assert outs["local"] == outs["dask-local:2"]     # same answers, same cycle counts, same order


@pytest.mark.full
def test_explore_smoke_on_local_cluster(capsys):
    from aesforge.explore import pipelined as ep

    d = build_dir() / "flow-test" / f"executor-{uuid.uuid4().hex[:8]}"
    rows = {}
    for spec in ("local", "dask-local:2"):
        out = d / spec.replace(":", "_") / "e.json"
        rc = ep.main(["--smoke", "--synth-only", "--jobs", "2", "--executor", spec,
                      "--cache-dir", str(out.parent / "cache"), "--out", str(out)])
        assert rc == 0
        # every figure, but not the tools' run times (pnr_seconds)
        rows[spec] = [{k: v for k, v in r.items() if k != "pnr_seconds"} for r in json.loads(out.read_text())["rows"]]
    assert "executor dask-local:2" in capsys.readouterr().out
    assert len(rows["local"]) == 2 and rows["local"] == rows["dask-local:2"]
    shutil.rmtree(d, ignore_errors=True)
