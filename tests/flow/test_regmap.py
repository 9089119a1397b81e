# SPDX-License-Identifier: Apache-2.0
"""The register maps have one source (JSON); the C header and the README tables generated from it are up to
date, and the header compiles cleanly with gcc and gives the documented addresses."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from aesforge import regmap
from aesforge.paths import repo_root


def test_generated_files_up_to_date():
    assert regmap.generate(check=True) == [], "run `aesforge regmap` and commit the result"


def test_check_detects_a_stale_header(tmp_path, monkeypatch):
    src, hdr, readme = regmap.MAPS[0]
    root = repo_root()
    stale = tmp_path / "h.h"
    stale.write_text((root / hdr).read_text().replace("0x1Cu", "0x20u", 1))
    monkeypatch.setattr(regmap, "MAPS", [(src, str(stale), readme)])
    assert regmap.generate(check=True) == [str(stale)]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")
def test_c_header_compiles_and_matches(tmp_path):
    root = repo_root()
    d = regmap.load(regmap.MAPS[0][0])
    regs = {r["name"]: r["offset"] for r in regmap.expand(d)}
    prog = tmp_path / "t.c"
    prog.write_text(
        '#include <stdio.h>\n#include "aesf_gcm_lanes_regs.h"\n'
        "int main(void) {\n"
        '  printf("%u %u %u %u\\n", AESF_GCM_STATUS, AESF_GCM_KEY(3), AESF_GCM_CFG_TAG_LEN_LSB, '
        "AESF_GCM_STATUS_ERR_MASK);\n  return 0;\n}\n")
    exe = tmp_path / "t"
    subprocess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", str(root / "sw"), str(prog), "-o",
                    str(exe)], check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split()
    assert [int(x) for x in out] == [regs["STATUS"], regs["KEY3"], 8, 0xF0]


def test_cli_regmap_check():
    from aesforge import cli

    assert cli.main(["regmap", "--check"]) == 0
