# SPDX-License-Identifier: Apache-2.0
# aesforge: the commands a user and CI run. See README.md.
SHELL := /bin/bash
VENV  := $(CURDIR)/.venv
export PATH := $(VENV)/bin:$(PATH)
JOBS  ?= 2
PYTEST = $(VENV)/bin/python -m pytest

# Every RTL file of the library (lint covers shared blocks and all cores).
RTL_DIRS := $(sort $(dir $(wildcard hw/*/rtl/*.v)))
RTL      := hw/aes/rtl/aesf_pkg.v $(filter-out hw/aes/rtl/aesf_pkg.v,$(wildcard hw/*/rtl/*.v))  # the package first
LINT_WAIVERS := $(wildcard hw/lint/*.vlt)

.PHONY: help setup test test-full lint report explore-pipelined demo clean distclean

help:
	@echo "make setup      install system packages + pinned venv (.venv), warm YoWASP (once; re-run is fast)"
	@echo "make test       CI suite: lint, model vs all NIST GCM/AES vectors, RTL vector suites, formal, flow smoke"
	@echo "make test-full  everything, including long suites (MCT through RTL, all GCM vectors on every core)"
	@echo "make report     synthesis + P&R + cycles for every core -> results/*.json, docs/results.md; leakage test"
	@echo "make explore-pipelined  seed-002 register-placement sweep with P&R (hours; resumes from cache)"
	@echo "make demo       aesforge demo"

setup:
	bash scripts/setup.sh

# Verilator lint with -Wall over every RTL file, once with Debian's Verilator (what most users have) on the
# synthesized view, and once with the venv's (the one cocotb uses) with -DFORMAL: the view every Verilator
# simulation compiles, the RTL's assertion blocks included. Waiver: -Wno-MULTITOP, because all cores are linted
# in one run and each core is its own top.
lint:
	@for v in /usr/bin/verilator "$(VENV)/bin/verilator -DFORMAL"; do \
	  [ -x $${v%% *} ] || continue; \
	  echo "lint: $$v $$($${v%% *} --version | head -1)"; \
	  $$v --lint-only -Wall -Wno-MULTITOP $(LINT_WAIVERS) $(addprefix -y ,$(RTL_DIRS)) $(RTL) || exit 1; \
	done

test: lint
	$(PYTEST) -n $(JOBS) -q -ra --durations=20

test-full: lint
	$(PYTEST) -n $(JOBS) -q -ra -m "full or not full"

# the figures' standard: the lower median of 3 placement seeds, on the project's part (LFE5U-85F speed 6) and on the
# part of the peer comparisons (LFE5UM5G-85F speed 8); `make report REPORT_SEEDS=1 REPORT_DEVICES=85k` is the quick run
REPORT_SEEDS   ?= 3
REPORT_DEVICES ?= 85k um5g-85k
report:
	$(VENV)/bin/aesforge report --jobs $(JOBS) --seeds $(REPORT_SEEDS) $(addprefix --device ,$(REPORT_DEVICES))
	$(VENV)/bin/aesforge leakage

explore-pipelined:
	$(VENV)/bin/aesforge explore pipelined --jobs $(JOBS)

demo:
	$(VENV)/bin/aesforge demo

clean:
	rm -rf build .pytest_cache

distclean: clean
	rm -rf .venv
