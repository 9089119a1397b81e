# SPDX-License-Identifier: Apache-2.0
"""aesf_sbox_dom (the masked S-box of aes_col32_dom, issue 24) alone: for every input byte, 16 times with random
input shares and random fresh bits in every clock, the XOR of the output shares four clocks later equals the
FIPS-197 S-box (aesf_sbox_lut as reference, driven with the unmasked delayed input), and the output shares are not
the value itself (the masks reach the output). The same bench on a copy with a wrong field constant must fail."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from aesforge.paths import build_dir, repo_root

TB = r"""
`default_nettype none
module tb;
  logic clk = 0;
  logic [7:0] a0, a1, b0, b1, ref_o;
  logic [23:0] r;
  logic [7:0] hist [0:4];
  aesf_sbox_dom u (.clk_i(clk), .a0_i(a0), .a1_i(a1), .rnd_i(r), .b0_o(b0), .b1_o(b1));
  aesf_sbox_lut ul (.data_i(hist[4]), .data_o(ref_o));
  integer i, k, seed, err = 0, plain = 0;
  initial begin
    seed = 7;
    for (i = 0; i < 4100; i++) begin
      a1 = $random(seed); a0 = i[7:0] ^ a1; r = $random(seed);
      hist[0] = i[7:0];
      #1;
      if (i >= 4) begin
        if ((b0 ^ b1) !== ref_o) err = err + 1;
        if (b0 == ref_o) plain = plain + 1;
      end
      clk = 1; #1 clk = 0;
      for (k = 4; k > 0; k--) hist[k] = hist[k-1];
    end
    $display("RESULT errors=%0d plain=%0d", err, plain);
    $finish;
  end
endmodule
"""


def _run(sbox_src: Path, tag: str) -> tuple[int, int]:
    out = build_dir() / "sbox_dom" / tag
    out.mkdir(parents=True, exist_ok=True)
    (out / "tb.v").write_text(TB)
    lut = repo_root() / "hw/common/rtl/aesf_sbox_lut.v"
    subprocess.run(["iverilog", "-g2012", "-o", str(out / "sim"), "-s", "tb", str(out / "tb.v"), str(sbox_src),
                    str(lut)], check=True, capture_output=True, text=True)
    r = subprocess.run(["vvp", "-n", str(out / "sim")], check=True, capture_output=True, text=True)
    m = re.search(r"RESULT errors=(\d+) plain=(\d+)", r.stdout)
    assert m, r.stdout
    return int(m.group(1)), int(m.group(2))


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_sbox_dom_all_inputs_random_masks():
    err, plain = _run(repo_root() / "hw/common/rtl/aesf_sbox_dom.v", "rtl")
    assert err == 0
    assert plain < 100, "share 0 equals the unmasked output too often: the masks do not reach the output"


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_sbox_dom_bench_can_fail():
    src = (repo_root() / "hw/common/rtl/aesf_sbox_dom.v").read_text()
    bad = src.replace("LAM2 = 4'hc", "LAM2 = 4'hd")
    assert bad != src
    p = build_dir() / "sbox_dom" / "bad.v"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(bad)
    err, _ = _run(p, "bad")
    assert err > 1000
