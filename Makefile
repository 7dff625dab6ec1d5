# cachegen: generator, C model, lockstep and cost flows. `make demo` and `make test` each
# install missing Debian packages first (make deps), then run.
SHELL := /bin/bash
CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
B := build
PRESETS := fermi-l1 gcn-l1 fermi-l1-pric li-decoupled gcache-system tian-gcn gtx480-l1
# Generated and reported, not simulated as presets (16 L1s of 128-byte lines: a 16 Kbit system
# port; tap-rrip, tap-ucp: baseline L1s, their L2s are steps of their own, docs/tap.md
# "Presets and costs").
GEN_ONLY_PRESETS := gcache-l2-16core sacat-fermi tap-rrip tap-ucp
DEMO_PRESET := fermi-l1

DEB_PKGS := verilator yosys iverilog libyaml-dev libjansson-dev libcmocka-dev zlib1g-dev libzstd-dev \
            ccache gnuplot-nox make gcc g++
# Slurm for the regression at scale (tb/regress, tb/test_slurm.sh)
DEB_PKGS += slurmctld slurmd slurm-client munge libxml2-utils
# OpenSTA for the timing reports (synth/sta.sh)
DEB_PKGS += opensta
DEB_PKGS += python3-venv
# Python for the formal flow (tb/formal)
DEB_PKGS += python3
# FuseSoC and Edalize (gen/test_pkg.sh runs the generated .core) from PyPI, pinned with every
# dependency, in a project virtual environment of Debian's Python (never the system's site).
VENV := $(B)/venv
PY_PKGS := fusesoc==2.4.7 edalize==0.6.8 annotated-types==0.8.0 argcomplete==3.7.2 \
           attrs==26.1.0 fastjsonschema==2.22.3 Jinja2==3.1.6 MarkupSafe==3.0.4 \
           okonomiyaki==3.0.0 pydantic==2.14.3 pydantic_core==2.50.4 pyparsing==3.3.3 \
           PyYAML==6.0.3 simplesat==0.9.2 six==1.17.0 typing-inspection==0.4.5 \
           typing_extensions==4.16.0
# The shared core (core/, SPEC 10): configuration, layouts, parsers; it includes and calls
# nothing of gen/, cmodel/, tb/ or synth/ (core/check_layers.sh).
CORE_SRC := core/cfg.c core/cfg_yaml.c core/lay.c core/lay_mech.c core/lay_l2.c core/lay_l2_pol.c core/pric.c core/num.c core/ident.c core/opt.c
CORE_SRC += core/slice.c
CORE_SRC += core/closeout.c core/cfg_args.c
GEN_SRC := gen/emit.c gen/ir.c gen/ir_print.c gen/ir_lib.c gen/emit_common.c gen/emit_sram.c gen/emit_index.c gen/emit_meta.c gen/emit_ways.c gen/emit_row.c gen/emit_repl.c \
           gen/emit_repl_lru.c gen/emit_repl_plru.c gen/emit_repl_srrip.c gen/emit_repl_fifo.c gen/emit_repl_random.c gen/codes.c gen/emit_mshr.c \
           gen/emit_top.c gen/emit_pipe.c gen/emit_memq.c gen/emit_dmeta.c gen/emit_duel.c gen/emit_dwt.c gen/emit_gcache.c gen/emit_pcpred.c gen/emit_decoupled.c gen/emit_sacat.c gen/emit_fgcb.c gen/mech.c gen/emit_sys.c \
           gen/emit_l2_meta.c gen/emit_l2_top.c gen/emit_l2_ucp.c gen/emit_l2_tap.c gen/emit_l2_tap_ucp.c gen/emit_tap.c \
           gen/l2pol.c gen/emit_l2_drrip.c gen/emit_l2_pol_lru.c gen/emit_l2_pol_srrip.c gen/emit_l2_pol_drrip.c \
           gen/emit_l2_pol_ucp.c gen/emit_l2_pol_tap_rrip.c gen/emit_l2_pol_tap_ucp.c gen/emit_l2_pol_plru.c \
           gen/emit_l2_pol_fifo.c \
           gen/emit_xbar.c gen/xbar_cli.c \
           gen/emit_pkg.c gen/emit_axi.c gen/emit_readme.c gen/report.c gen/report_tap.c gen/gen_l1.c \
           gen/pric_cli.c gen/keys_cli.c gen/verify.c gen/verify_rtl.c gen/gen_args.c \
           gen/explore.c gen/explore_args.c gen/explore_grid.c gen/explore_cache.c gen/explore_point.c \
           gen/explore_sched.c gen/explore_out.c gen/explore_plot.c
CM_SRC := cmodel/cm_l1.c cmodel/cm_mech.c cmodel/cm_l2.c cmodel/cm_l2_pol.c cmodel/cm_l2_pol_lru.c \
          cmodel/cm_l2_pol_srrip.c cmodel/cm_l2_pol_drrip.c cmodel/cm_l2_pol_ucp.c cmodel/cm_l2_pol_tap_rrip.c \
          cmodel/cm_l2_pol_tap_ucp.c cmodel/cm_l2_pol_plru.c cmodel/cm_l2_pol_fifo.c \
          cmodel/cm_gcache.c cmodel/cm_pcpred.c cmodel/cm_fgcb.c cmodel/cm_dec.c \
          cmodel/cm_duel.c cmodel/cm_dwt.c cmodel/cm_drrip.c cmodel/cm_umon.c cmodel/cm_ucp.c \
          cmodel/cm_tap.c cmodel/cm_tap_rrip.c cmodel/cm_tap_ucp.c cmodel/cm_xbar.c \
          cmodel/cm_repl.c cmodel/cm_repl_lru.c cmodel/cm_repl_plru.c \
          cmodel/cm_repl_srrip.c cmodel/cm_repl_fifo.c cmodel/cm_repl_random.c
SIM_SRC := cmodel/cachesim_args.c cmodel/cm_fast.c cmodel/sim.c cmodel/sys_sim.c cmodel/sys_timed.c cmodel/sys_timed_cli.c cmodel/sysim_args.c cmodel/trace.c cmodel/trace_io.c cmodel/trace_accel.c \
           cmodel/accel_list.c cmodel/workload.c cmodel/progress.c
LIBS := -lyaml -ljansson
SIM_LIBS := -lyaml -ljansson -lz -lzstd

.PHONY: all deps demo test soak regress test-slurm golden synth formal clean
all: $(B)/cachegen $(B)/libcmodel.a $(B)/mkstim $(B)/randcfg $(B)/test_cm_l1 $(B)/test_cm_dec \
     $(B)/test_cm_l2 $(B)/test_cm_gcache $(B)/test_cm_pcpred $(B)/test_cm_fgcb \
     $(B)/test_cm_duel $(B)/test_cm_dwt $(B)/test_bv $(B)/test_num $(B)/test_pric $(B)/test_ir_print \
     $(B)/test_cm_drrip $(B)/test_cm_umon $(B)/test_cm_ucp $(B)/test_cm_tap \
     $(B)/cost $(B)/stanet $(B)/sysim $(B)/cachesim $(B)/test_sim $(B)/test_trace_accel $(B)/test_workload

# ---- dependencies -------------------------------------------------------------------------
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	@if [ "$$(cat $(VENV)/pins 2>/dev/null)" != "$(PY_PKGS)" ]; then \
	  echo "make deps: Python venv $(VENV) (fusesoc, edalize, cocotb)"; rm -rf $(VENV); \
	  /usr/bin/python3 -m venv $(VENV) && \
	  $(VENV)/bin/pip install -q --disable-pip-version-check $(PY_PKGS) && \
	  echo "$(PY_PKGS)" > $(VENV)/pins || { rm -rf $(VENV); exit 1; }; \
	fi

# ---- C build --------------------------------------------------------------------------------
$(B)/sram_text.c: rtl/cachegen_sram_1r1w.v | $(B)
	awk 'BEGIN{print "/* generated from rtl/cachegen_sram_1r1w.v by the Makefile */"; \
	  print "const char gen_sram_text[] ="} \
	  {gsub(/\\/,"\\\\"); gsub(/"/,"\\\""); print "  \"" $$0 "\\n\""} END{print ";"}' $< > $@

$(B):
	mkdir -p $(B)

$(B)/libcore.a: $(CORE_SRC) core/*.h | $(B)
	rm -f $@; for s in $(CORE_SRC); do $(CC) $(CFLAGS) -c $$s -o $(B)/$$(basename $$s .c).o || exit 1; done; \
	ar rcs $@ $(patsubst core/%.c,$(B)/%.o,$(CORE_SRC))

$(B)/libcmodel.a: $(CM_SRC) cmodel/*.h core/*.h | $(B)
	rm -f $@; for s in $(CM_SRC); do $(CC) $(CFLAGS) -c $$s -o $(B)/$$(basename $$s .c).o || exit 1; done; \
	ar rcs $@ $(patsubst cmodel/%.c,$(B)/%.o,$(CM_SRC))

# cachegen hashes every output file for its manifest (file: lines) with nettle's SHA-256.
DEB_PKGS += nettle-dev
$(B)/cachegen: gen/main.c $(GEN_SRC) $(B)/sram_text.c $(B)/libcore.a gen/*.h core/*.h
	$(CC) $(CFLAGS) -o $@ gen/main.c $(GEN_SRC) $(B)/sram_text.c $(B)/libcore.a $(LIBS) -lnettle

$(B)/mkstim: tb/mkstim.c $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml

$(B)/randcfg: tb/randcfg.c $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libcore.a -lyaml

$(B)/test_cm_l1: cmodel/test_cm_l1.c cmodel/test_cfg.h $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

$(B)/test_cm_l2: cmodel/test_cm_l2.c cmodel/test_cfg.h $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

$(B)/test_cm_gcache: cmodel/test_cm_gcache.c cmodel/test_cfg.h $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

$(B)/test_cm_fgcb: cmodel/test_cm_fgcb.c cmodel/test_cfg.h $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

$(B)/test_cm_pcpred: cmodel/test_cm_pcpred.c cmodel/test_cfg.h $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a $(SIM_LIBS) -lcmocka

$(B)/test_cm_dec: cmodel/test_cm_dec.c $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

$(B)/test_cm_duel: cmodel/test_cm_duel.c $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

$(B)/test_cm_dwt: cmodel/test_cm_dwt.c $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

# The TAP building blocks (SPEC 3.8) need no configuration: they take their parameters.
$(B)/test_cm_drrip: cmodel/test_cm_drrip.c $(B)/libcmodel.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a -lcmocka

$(B)/test_cm_umon: cmodel/test_cm_umon.c $(B)/libcmodel.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a -lcmocka

$(B)/test_cm_ucp: cmodel/test_cm_ucp.c $(B)/libcmodel.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a -lcmocka

$(B)/test_cm_tap: cmodel/test_cm_tap.c $(B)/libcmodel.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libcmodel.a -lcmocka

$(B)/test_bv: core/test_bv.c core/bv.h | $(B)
	$(CC) $(CFLAGS) -o $@ $< -lcmocka

$(B)/test_num: core/test_num.c $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libcore.a -lcmocka

all: $(B)/test_slice
$(B)/test_slice: core/test_slice.c $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libcore.a -lyaml -lcmocka

# The emitter IR's printer alone: ir.c, ir_print.c and emit.c (emit_line and emit_const).
$(B)/test_ir_print: gen/test_ir_print.c gen/ir.c gen/ir_print.c gen/emit.c gen/ir.h gen/emit.h $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< gen/ir.c gen/ir_print.c gen/emit.c $(B)/libcore.a -lnettle -lcmocka

$(B)/test_pric: gen/test_pric.c $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libcmodel.a $(B)/libcore.a -lyaml -lcmocka

COST_SRC := synth/cost.c synth/cost_mech.c synth/cost_decoupled.c synth/cost_pcpred.c \
            synth/cost_sacat.c synth/cost_l2.c synth/cost_l2_drrip.c synth/cost_l2_ucp.c \
            synth/cost_l2_tap.c synth/cost_liberty.c synth/cost_macro.c
$(B)/cost: $(COST_SRC) synth/cost.h $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $(COST_SRC) $(B)/libcore.a -lyaml -ljansson

$(B)/stanet: synth/stanet.c | $(B)
	$(CC) $(CFLAGS) -o $@ $< -ljansson

# cachesim: the C model as a trace-driven simulator (-O2; -O3 is no faster on the current fast
# path and was 15% slower on the one before, BENCHMARKS.md).
$(B)/libsim.a: $(SIM_SRC) cmodel/*.h core/*.h | $(B)
	rm -f $@; for s in $(SIM_SRC); do $(CC) $(CFLAGS) -c $$s -o $(B)/$$(basename $$s .c).o || exit 1; done; \
	ar rcs $@ $(patsubst cmodel/%.c,$(B)/%.o,$(SIM_SRC))

# sysim: the system model (P L1s and C CPU ports over the L2 slice) over traces, in program
# order or on a cycle model (sys_timed).
$(B)/sysim: cmodel/sysim.c $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a $(SIM_LIBS)

$(B)/cachesim: cmodel/cachesim.c $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a $(SIM_LIBS)

$(B)/test_sim: cmodel/test_sim.c $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libsim.a $(B)/libcmodel.a $(B)/libcore.a $(SIM_LIBS) -lcmocka

$(B)/test_trace_accel: cmodel/test_trace_accel.c $(B)/libsim.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libsim.a -lcmocka

$(B)/test_workload: cmodel/test_workload.c $(B)/libsim.a
	$(CC) $(CFLAGS) -I. -o $@ $< $(B)/libsim.a -lcmocka

# ---- fuzzing (tb/fuzz, issue 14): libFuzzer harnesses with ASan and UBSan (aborting) ------
# One archive of every source built with the sanitizers (trace buffers shrunk so small inputs
# cross every refill boundary), one binary per target in build/fuzz/. `make fuzz` runs each
# target FUZZ_SECONDS under nice; `make test` runs tb/fuzz/smoke.sh (short runs + crash replay).
DEB_PKGS += clang libfuzzer-14-dev libclang-rt-14-dev
FUZZ_TARGETS := din text binary accel container pric config argv
FUZZ_SECONDS ?= 600
FUZZ_CC := clang
FUZZ_CFLAGS := -g -O1 -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -I. \
               -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
               -DTRACE_BUF_CAP=512 -DTRACE_LINE_MAX=200 -DTIO_RAW_CAP=64 -DACCEL_IN_CAP=64 \
               -DACCEL_LINE_MAX=1024 -DACCEL_IDLE_MAX=64
FUZZ_SRC := $(CORE_SRC) $(GEN_SRC) $(SIM_SRC) $(CM_SRC) $(B)/sram_text.c
.PHONY: fuzz fuzz-bins
fuzz-bins: $(patsubst %,$(B)/fuzz/fuzz_%,$(FUZZ_TARGETS))

$(B)/fuzz/libfuzz.a: $(FUZZ_SRC) core/*.h gen/*.h cmodel/*.h
	@mkdir -p $(B)/fuzz/obj
	rm -f $@; for s in $(FUZZ_SRC); do \
	  $(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $$s -o $(B)/fuzz/obj/$$(basename $$s .c).o || exit 1; \
	done; ar rcs $@ $(B)/fuzz/obj/*.o

$(B)/fuzz/fuzz_%: tb/fuzz/fuzz_%.c tb/fuzz/fuzz_util.h $(B)/fuzz/libfuzz.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/fuzz/libfuzz.a $(SIM_LIBS) -lnettle

fuzz: deps
	$(MAKE) --no-print-directory fuzz-bins
	tb/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# ---- Python testbenches (examples/cocotb; docs/ip.md "Python testbenches (cocotb)") --------
# cocotb 1.8.1: the last release documented for both Debian's Icarus 11 and Verilator 5.006
# (1.9 wants Verilator 5.022, 2.0 5.036), pinned with its one dependency; the simulator loads
# Python's shared library (libpython3-dev brings it).
PY_PKGS += cocotb==1.8.1 find_libpython==0.5.1
# cocotbext-axi's AxiRam, the third-party AXI4 slave the <name>_axi wrapper is tested against
# (tb/cocotb/test_axi.py): 0.1.24, the release of cocotb 1.8's time that asks only cocotb >= 1.6,
# with cocotb-bus 0.2.1 (cocotb < 2.0; 0.3.0 adds scapy and aims at cocotb 2).
PY_PKGS += cocotbext-axi==0.1.24 cocotb-bus==0.2.1
# WaveDrom timing diagrams of the README, rendered to SVG (tb/timing_diagrams.sh)
PY_PKGS += wavedrom==2.0.3.post3 svgwrite==1.4.3
DEB_PKGS += libpython3-dev
# The C model and the configuration loader as one shared library behind the flat interface
# of cmodel/cm_ffi.h, for ctypes (examples/cocotb/cmodel.py).
all: $(B)/libcmodel.so
$(B)/libcmodel.so: cmodel/cm_ffi.c $(CM_SRC) $(CORE_SRC) cmodel/*.h core/*.h | $(B)
	$(CC) $(CFLAGS) -fPIC -shared -o $@ cmodel/cm_ffi.c $(CM_SRC) $(CORE_SRC) -lyaml

# The example's cocotb tests of a generated fermi-l1 on Icarus, in build/cocotb.
.PHONY: cocotb
cocotb: deps
	$(MAKE) --no-print-directory $(B)/cachegen $(B)/libcmodel.so
	examples/cocotb/run.sh $(B)/cocotb

# ---- entry points -------------------------------------------------------------------------
# The checks are one list of steps in tb/test_all.sh, in three tiers (docs/verification.md "Test
# tiers"; `tb/test_all.sh --list` shows id, tier, tags); each prints "N passed, M failed" and
# writes build/test/summary.md (each step's time) and build/test/junit.xml.
#   make check [FEATURE=tag]  the inner loop: unit, CLI and config tests, golden RTL, one short L1
#                             lockstep (about 3 min, warm build); FEATURE=ucp (any tag): that
#                             feature's steps of every tier instead
#   make test                 README's test command and CI's: every feature at smoke depth
#   make test-full [JOBS=N]   every step at full depth (every mutant, preset, cost table, formal
#                             --deep); JOBS steps at a time, or a Slurm job array (tb/regress
#                             --steps) when sbatch answers
# ONLY=ID[,ID] runs just those steps (any target); TIER= and FEATURE= combine as in test_all.sh.
# FEATURE, ONLY and JOBS reach tb/test_all.sh as environment data (checked there), never as
# shell text.
export FEATURE ONLY JOBS
.PHONY: check test-full
check: all
	@if [ -n "$$FEATURE$$ONLY" ]; then $(MAKE) --no-print-directory fuzz-bins >/dev/null; fi
	tb/test_all.sh --tier check

test: deps
	$(MAKE) --no-print-directory all fuzz-bins
	tb/test_all.sh --tier test

test-full: deps
	$(MAKE) --no-print-directory all fuzz-bins
	tb/test_all.sh --tier full

# Longer: random seeds 1..RANDOM_CONFIGS of every kind (L1, L2 slice, system) through
# tb/run_random.sh with many more requests, presets with more seeds, at full depth.
soak: deps
	$(MAKE) --no-print-directory all fuzz-bins
	RANDOM_CONFIGS=$${RANDOM_CONFIGS:-200} REQUESTS=$${REQUESTS:-1000000} PRESET_SEEDS=20 tb/test_all.sh --tier full

# ---- regression at scale (tb/regress): N random configurations x SEEDS seeds, JOBS at a time
# here, or a Slurm job array when a cluster answers; JUnit and summary in build/regress.
# (the variables reach tb/regress as words of data, as make synth's do)
export N SEEDS JOBS REQUESTS FIRST REGRESS_ARGS
regress: deps
	$(MAKE) --no-print-directory all
	@a=(); [ -z "$$N" ] || a+=(-n "$$N"); [ -z "$$SEEDS" ] || a+=(--seeds "$$SEEDS"); \
	  [ -z "$$JOBS" ] || a+=(-j "$$JOBS"); [ -z "$$REQUESTS" ] || a+=(--requests "$$REQUESTS"); \
	  [ -z "$$FIRST" ] || a+=(--first "$$FIRST"); read -ra extra <<<"$$REGRESS_ARGS"; \
	  tb/regress "$${a[@]}" "$${extra[@]}"

# A single-node Slurm (munge, slurmctld, slurmd) in a temporary directory, as root, and the
# regression through it as a job array (also a step of `make test`).
test-slurm: deps
	$(MAKE) --no-print-directory all
	tb/test_slurm.sh

# Bounded formal proofs, deeper than `make test`'s step (tb/formal/run.sh: channel rules at
# DEPTH cycles, default 32, a 2-core system top, PRIC on 5 random seeds, every mutant).
formal: deps
	$(MAKE) --no-print-directory all
	tb/formal/run.sh --deep $(B)/formal-deep

# Generate the demo preset, run it in lockstep on Verilator, print where everything is.
demo: deps
	$(MAKE) --no-print-directory all
	@rm -rf $(B)/demo; mkdir -p $(B)/demo
	@start=$$(date +%s%N); $(B)/cachegen --preset $(DEMO_PRESET) -o $(B)/demo/rtl; \
	  echo "demo: generated in $$(( ($$(date +%s%N) - start) / 1000000 )) ms"
	@tb/build_harness.sh l1 $(B)/demo/rtl $(B)/demo/vl
	@$(B)/demo/vl/Vdut +dir=$(B)/demo/rtl +seed=1 +traffic=mix +requests=200000 +cover | tee $(B)/demo/lockstep.log
	@grep -q "l1_harness: PASS" $(B)/demo/lockstep.log
	@top=$$(sed -n 's/^top: //p' $(B)/demo/rtl/cachegen.manifest); \
	  echo; echo "demo: RTL      $(CURDIR)/$(B)/demo/rtl/$$top.v (file list $$top.f)"; \
	  echo "demo: report   $(CURDIR)/$(B)/demo/rtl/$${top}_report.md (.json)"; \
	  echo "demo: lockstep $(CURDIR)/$(B)/demo/lockstep.log"

# Cost and timing report of CONFIG (a preset name or a YAML file) beside its baseline:
#   make synth CONFIG=fermi-l1-pric [SET="k=v ..."] [OUT=dir] [BASELINE=preset|yaml]
#              [TOPS="l2 sys duel dwt"] [DEPTH_BUDGET_OK=1] [DEPTH_BUDGET=levels]
#              [SRAM_LIB=your_macro.lib]
# into OUT (default build/synth/<config>); TOPS also costs those tops of the design beside their
# baseline, with their closed-form checks (OUT/tops/tops.md; the system's flops are checked
# against the L1's of this report, and without BASELINE its baseline's against the baseline L1's).
# Every stage is checked against SPEC 5's 30-level depth budget (DEPTH_BUDGET another): a stage
# over it is named in the report and fails make synth unless DEPTH_BUDGET_OK=1. SRAM_LIB: the
# Liberty of your own SRAM macro when CONFIG puts its arrays on one (sram.macro; synth.sh's
# SYNTH_SRAM_LIB, docs/ip.md "Your own SRAM macros").
# synth/report.sh, synth/tops.sh, docs/cost.md.
CONFIG ?= $(DEMO_PRESET)
# The user's variables reach the recipe as environment variables, never as text the shell
# reads again: a CONFIG, OUT or BASELINE holding quotes, ';' or '$(...)' is only a name
# (docs/security.md). SET and TOPS are split into words at blanks, as documented above.
export CONFIG BASELINE OUT SET TOPS DEPTH_BUDGET DEPTH_BUDGET_OK SRAM_LIB
synth: deps
	$(MAKE) --no-print-directory all
	@c=$$CONFIG; b=$$BASELINE; out=$$OUT; \
	  if [ -n "$$SRAM_LIB" ]; then export SYNTH_SRAM_LIB="$$SRAM_LIB"; fi; \
	  for v in CONFIG BASELINE; do p=$${!v}; \
	    case $$p in */*|*.yaml|*.yml) [ -f "$$p" ] || { echo "make synth: $$v=$$p: no such file (a preset name or a YAML file)" >&2; exit 2; };; esac; \
	  done; \
	  if [ -f "$$c" ]; then a=(--config "$$c"); else a=(--preset "$$c"); fi; \
	  read -ra kvs <<<"$$SET"; for kv in "$${kvs[@]}"; do a+=(--set "$$kv"); done; \
	  read -ra tops <<<"$$TOPS"; \
	  if [ -n "$$b" ]; then bl=(--baseline "$$b"); else bl=(); fi; \
	  out=$${out:-$(B)/synth/$$(basename -- "$$c" .yaml)}; \
	  synth/report.sh "$${bl[@]}" "$${a[@]}" -- "$$out" && \
	  if [ $${#tops[@]} -gt 0 ]; then l1=(--l1 "$$out/design.cost.json"); \
	    [ -n "$$b" ] || l1+=(--l1-baseline "$$out/baseline.cost.json"); \
	    synth/tops.sh "$${l1[@]}" "$$out/design" "$$out/tops" "$${tops[@]}"; fi

# WaveDrom timing diagrams of CONFIG's L1 (a preset name or a YAML file, SET as for synth):
#   make diagrams CONFIG=gcn-l1 [SET="k=v ..."] [OUT=dir]
# hit, miss, store and backpressure as JSON and SVG into OUT (default build/diagrams/<config>),
# from the RTL of this configuration on Verilator (tb/timing_diagrams.sh --design; docs/ip.md).
.PHONY: diagrams
diagrams: deps
	$(MAKE) --no-print-directory all
	@c=$$CONFIG; out=$$OUT; \
	  case $$c in */*|*.yaml|*.yml) [ -f "$$c" ] || { echo "make diagrams: CONFIG=$$c: no such file (a preset name or a YAML file)" >&2; exit 2; };; esac; \
	  if [ -f "$$c" ]; then a=(--config "$$c"); else a=(--preset "$$c"); fi; \
	  read -ra kvs <<<"$$SET"; for kv in "$${kvs[@]}"; do a+=(--set "$$kv"); done; \
	  out=$${out:-$(B)/diagrams/$$(basename -- "$$c" .yaml)}; rtl=$(B)/diagrams-rtl; \
	  rm -rf "$$rtl" && $(B)/cachegen "$${a[@]}" -o "$$rtl" >/dev/null && \
	  tb/timing_diagrams.sh --design "$$rtl" "$$out"

# Regenerate the shipped preset RTL under rtl/presets (checked by `make test`).
golden: all
	@for p in $(PRESETS) $(GEN_ONLY_PRESETS); do rm -rf rtl/presets/$$p; mkdir -p rtl/presets; \
	  $(B)/cachegen --preset $$p -o rtl/presets/$$p || exit 1; done

# ---- install: make install [PREFIX=/usr/local] [DESTDIR=] ------------------------------------
# PREFIX/bin: cachegen, cachesim, sysim; PREFIX/share/man/man1: their man pages (help2man, from
# each tool's --help and --version); PREFIX/share/cachegen: what `cachegen verify` runs, laid
# out as in this tree (tb/: verify.sh, the harness build scripts and sources; build/: the model
# libraries and mkstim; the core/ and cmodel/ headers) and examples/. The installed cachegen finds
# tb/ as ../share/cachegen/tb beside its own directory (gen/verify.c), so the tree works under
# any PREFIX and as staged in DESTDIR. gen/test_install.sh checks it.
DEB_PKGS += help2man man-db
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_TOOLS := cachegen cachesim sysim
MAN_PAGES := $(patsubst %,$(B)/man/%.1,$(INSTALL_TOOLS))
MAN_NAME_cachegen := GPU L1 cache Verilog generator, with lockstep verification
MAN_NAME_cachesim := trace-driven simulator of one cachegen L1 (the C model)
MAN_NAME_sysim := trace-driven simulator of a cachegen system (L1s over the L2 slice)
.PHONY: man install uninstall
man: $(MAN_PAGES)

$(MAN_PAGES): $(B)/man/%.1: $(B)/%
	@mkdir -p $(B)/man
	help2man --no-info --section=1 --name='$(MAN_NAME_$*)' --output=$@.tmp $< && mv $@.tmp $@

# The file list and the install manifest are gen/install.sh's; PREFIX and DESTDIR reach it as
# environment variables, so any name works and none reaches a shell as text (docs/security.md).
export PREFIX DESTDIR
install: $(addprefix $(B)/,$(INSTALL_TOOLS)) $(B)/libcmodel.a $(B)/libcore.a $(B)/mkstim \
         $(MAN_PAGES)
	gen/install.sh install

uninstall:
	gen/install.sh uninstall

clean:
	rm -rf $(B)
