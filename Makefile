# cachegen: generator, C model, lockstep and cost flows. `make demo` and `make test` each
# install missing Debian packages first (make deps), then run.
SHELL := /bin/bash
CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
B := build
PRESETS := fermi-l1 gcn-l1
DEMO_PRESET := fermi-l1

DEB_PKGS := verilator yosys iverilog libyaml-dev libjansson-dev libcmocka-dev pkg-config make gcc g++
CORE_SRC := gen/cfg.c gen/cfg_yaml.c gen/lay.c
GEN_SRC := gen/emit.c gen/emit_common.c gen/emit_index.c gen/emit_meta.c gen/emit_mshr.c \
           gen/emit_top.c gen/report.c gen/gen_l1.c
CM_SRC := cmodel/cm_l1.c cmodel/cm_repl.c cmodel/cm_repl_lru.c cmodel/cm_repl_plru.c \
          cmodel/cm_repl_srrip.c
LIBS := -lyaml -ljansson

.PHONY: all deps demo test unit lint sim-verilator sim-icarus golden-check golden clean
all: $(B)/cachegen $(B)/libcmodel.a

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

# ---- C build --------------------------------------------------------------------------------
$(B)/sram_text.c: rtl/cachegen_sram_1r1w.v | $(B)
	awk 'BEGIN{print "/* generated from rtl/cachegen_sram_1r1w.v by the Makefile */"; \
	  print "const char gen_sram_text[] ="} \
	  {gsub(/\\/,"\\\\"); gsub(/"/,"\\\""); print "  \"" $$0 "\\n\""} END{print ";"}' $< > $@

$(B):
	mkdir -p $(B)

$(B)/libcore.a: $(CORE_SRC) gen/*.h | $(B)
	rm -f $@; for s in $(CORE_SRC); do $(CC) $(CFLAGS) -c $$s -o $(B)/$$(basename $$s .c).o || exit 1; done; \
	ar rcs $@ $(patsubst gen/%.c,$(B)/%.o,$(CORE_SRC))

$(B)/libcmodel.a: $(CM_SRC) cmodel/*.h gen/*.h | $(B)
	rm -f $@; for s in $(CM_SRC); do $(CC) $(CFLAGS) -c $$s -o $(B)/$$(basename $$s .c).o || exit 1; done; \
	ar rcs $@ $(patsubst cmodel/%.c,$(B)/%.o,$(CM_SRC))

$(B)/cachegen: gen/main.c $(GEN_SRC) $(B)/sram_text.c $(B)/libcore.a gen/*.h
	$(CC) $(CFLAGS) -o $@ gen/main.c $(GEN_SRC) $(B)/sram_text.c $(B)/libcore.a $(LIBS)

clean:
	rm -rf $(B)
