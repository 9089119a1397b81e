# SPDX-License-Identifier: Apache-2.0
"""Where the long jobs run: the local pool, or a Dask distributed cluster (issue 23).

`aesforge report`, `aesforge explore` and `aesforge sim` hand every tool run (synthesis, place and route, a
simulator shard, a cycle measurement) to a ``concurrent.futures.Executor`` made here from one option,
``--executor SPEC`` (default: the ``AESFORGE_EXECUTOR`` environment variable, else ``local``):

    local                   a thread pool of ``--jobs`` workers on this machine, each waiting on one tool process
    dask-local[:N]          a Dask ``LocalCluster`` of N worker processes (default ``--jobs``) on this machine:
                            the same code path as a real cluster, used by CI
    tcp://HOST:PORT         an existing Dask scheduler (``dask scheduler`` + ``dask worker`` on each machine, or
                            dask-jobqueue's SLURMCluster / PBSCluster / LSFCluster, whose ``scheduler_address``
                            is this string)

A task is a Python function of this package; it writes its outputs under the repository's build/ folder and
returns a small JSON-able dict. Remote workers therefore need the same checkout at the same path on a shared file
system (the usual NFS home of a Slurm cluster), with ``make setup`` run once, and the same OS image (a simulator
built by the client runs on the workers). The results do not depend on where a task ran: every tool runs with the
same inputs, seeds and versions, and the caches are keyed by content, so a cluster run and a local run write the
same results files (tests/flow/test_executor.py compares them). docs/flow.md shows the commands.
"""
from __future__ import annotations

import concurrent.futures as cf
import contextlib
import os
from collections.abc import Iterator

ENV = "AESFORGE_EXECUTOR"
HELP = ("where tool runs execute: 'local' (a pool of --jobs workers, default), 'dask-local[:N]' (a Dask LocalCluster "
        "of N processes) or 'tcp://HOST:PORT' (a Dask scheduler; workers share the checkout's path); default $"
        + ENV)


def spec_of(spec: str | None) -> str:
    """The effective executor spec: the option, else $AESFORGE_EXECUTOR, else 'local'; checked."""
    s = (spec or os.environ.get(ENV) or "local").strip()
    if s == "local" or s.startswith("tcp://") or s.startswith("tls://"):
        return s
    if s == "dask-local" or s.startswith("dask-local:"):
        n = s.partition(":")[2]
        if n and (not n.isdigit() or int(n) < 1):
            raise ValueError(f"executor {s!r}: the worker count after 'dask-local:' must be a positive integer")
        return s
    raise ValueError(f"unknown executor {s!r} (use local, dask-local[:N] or tcp://HOST:PORT)")


def is_local(spec: str | None) -> bool:
    return spec_of(spec) == "local"


@contextlib.contextmanager
def executor(spec: str | None, jobs: int) -> Iterator[cf.Executor]:
    """A concurrent.futures executor for ``spec`` (see the module doc); shut down (cluster closed) on exit."""
    s = spec_of(spec)
    if s == "local":
        with cf.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
            yield ex
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError as e:  # pragma: no cover - pinned in requirements.txt
        raise ValueError(f"executor {s!r} needs the 'distributed' package ({e})") from None
    cluster = None
    if s.startswith("dask-local"):
        n = int(s.partition(":")[2] or max(1, jobs))
        # one task per worker process at a time: a task is one tool process, like a --jobs slot
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(s)
    try:
        # pure=False: a task is a tool run with side effects (files), never deduplicated by Dask
        yield client.get_executor(pure=False)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
