# SPDX-License-Identifier: Apache-2.0
"""Compile the C driver (sw/aesforge_spi.c) and its unit test (tests/sw/test_afs.c) with gcc and run it against
a stubbed transport: every chip-select frame goes over a pipe to the frame-level device model
(aesforge.host.model.GcmSpiModel); every result the C test reports is checked against the golden model.
A sabotaged model (one flipped ciphertext bit) must make the test fail."""
from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path

import pytest

from aesforge.host.model import GcmSpiModel
from aesforge.model import gcm
from aesforge.paths import repo_root

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def binary(tmp_path_factory) -> Path:
    if not shutil.which("gcc"):
        pytest.skip("gcc not installed")
    out = tmp_path_factory.mktemp("csw") / "test_afs"
    sw = repo_root() / "sw"
    subprocess.run(["gcc", "-std=c99", "-O1", "-Wall", "-Wextra", "-pedantic", "-Werror", f"-I{sw}",
                    str(sw / "aesforge_spi.c"), str(HERE / "test_afs.c"), "-o", str(out)], check=True)
    return out


class Sabotaged(GcmSpiModel):
    def frame(self, tx: bytes) -> bytes:
        rx = super().frame(tx)
        if tx and tx[0] == 0x20 and len(rx) > 3:
            rx = rx[:3] + bytes([rx[3] ^ 1]) + rx[4:]
        return rx


def run(binary: Path, model: GcmSpiModel) -> tuple[int, list[str], int]:
    """Serve the C test's frames from `model`; return (exit code, failed R checks, R lines)."""
    p = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    bad: list[str] = []
    n_r = 0
    assert p.stdin and p.stdout
    for line in p.stdout:
        kind, _, arg = line.strip().partition(" ")
        if kind == "P":
            reply = copy.deepcopy(model).frame(bytes.fromhex(arg)).hex()
        elif kind == "F":
            model.frame(bytes.fromhex(arg))
            reply = "ok"
        elif kind == "R":
            n_r += 1
            name, key, iv, aad, pt, tl, ct, tag = arg.split(" ")
            h = [bytes.fromhex("" if x == "-" else x) for x in (key, iv, aad, pt, ct, tag)]
            ref = gcm.gcm_encrypt(h[0], h[1], h[2], h[3], int(tl))
            if (h[4], h[5]) != ref:
                bad.append(name)
            reply = "ok"
        elif kind == "END":
            break
        else:
            raise AssertionError(f"unexpected line from the C test: {line!r}")
        p.stdin.write(reply + "\n")
        p.stdin.flush()
    p.stdin.close()
    return p.wait(timeout=60), bad, n_r


def test_c_driver_against_model(binary):
    rc, bad, n_r = run(binary, GcmSpiModel())
    assert n_r == 9
    assert bad == []
    assert rc == 0


def test_c_driver_test_can_fail(binary):
    rc, bad, _ = run(binary, Sabotaged())
    assert rc != 0 or bad
