#!/usr/bin/env bash
# check_axi_lockstep.sh WORKDIR [SEEDS]: the L1's AXI4 wrapper <name>_axi in lockstep with the C
# model behind an AXI4 slave and protocol monitor of the harness's own (tb/axi_harness.cpp;
# docs/ip.md "AXI4 memory side"): SEEDS seeds (default 2) of 20,000 requests on each of three
# configurations (fermi-l1 with merging: 64-bit data, 16 beats, 4 writes; li-decoupled with
# 128-bit data and one write outstanding: the decoupled store's failed reads; gcache-system's L1
# with 32-bit data, 32 beats), every bin hit. Then each mutant of fermi-l1's wrapper must be
# caught, each by the check tb/catch_matrix.tsv names (family axi, step axi-lockstep): the
# read-after-write hold removed, the error bit dropped, WLAST a beat early, ARLEN a beat short,
# ARVALID withdrawn when an R beat arrives. MUTANT_PICK="NAME..." (env): only those mutants.
# Prints ok / not ok lines; exits non-zero on a failure.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 WORKDIR [SEEDS]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
seeds=${2:-2}
bad=0
# shellcheck source=tb/mutant_catch.sh
. "$root/tb/mutant_catch.sh"

# build NAME CACHEGEN_ARGS...: generate and build into WORKDIR/NAME
build() {
  local d=$work/$1; shift
  rm -rf "$d"; mkdir -p "$d"
  "$root/build/cachegen" "$@" -o "$d/rtl" >/dev/null && tb_build "$d" || return 1
}
tb_build() { "$root/tb/build_harness.sh" axi "$1/rtl" "$1/vl" >"$1/build.out" 2>&1 || { tail -20 "$1/build.out"; return 1; }; }

configs=(
  "fermi|--preset fermi-l1 --set axi.enable=true --set l1.mshr_merge=2"
  "decoupled|--preset li-decoupled --set axi.enable=true --set axi.data_bits=128 --set axi.max_writes=1"
  "gcache|--preset gcache-system --set l1.mshrs=8 --set axi.enable=true --set axi.data_bits=32"
)
for c in "${configs[@]}"; do
  name=${c%%|*}; IFS=' ' read -ra args <<<"${c#*|}"
  if ! build "$name" "${args[@]}"; then echo "not ok - $name: build"; bad=1; continue; fi
  for s in $(seq 1 "$seeds"); do
    if "$work/$name/vl/Vaxi" +dir="$work/$name/rtl" +seed="$s" +requests=20000 >"$work/$name/seed$s.log" 2>&1; then
      echo "ok - $name seed $s: $(grep -o 'fill_err=[0-9]*' "$work/$name/seed$s.log") $(grep -o '[0-9]* events' "$work/$name/seed$s.log" | head -1)"
    else
      echo "not ok - $name seed $s"; tail -8 "$work/$name/seed$s.log"; bad=1
    fi
  done
done

# name | sed expression on fermi-l1's wrapper (must change it)
mutants=(
  "hazard_hold_removed|s/ \\& ~rd_hazard;/;/"
  "error_bit_dropped|s/if (m_axi_rresp\\[1\\]) rerr_d/if (1'b0) rerr_d/"
  "wlast_a_beat_early|s/assign m_axi_wlast = w_beat_q == 4'd15;/assign m_axi_wlast = w_beat_q == 4'd14;/"
  "arlen_a_beat_short|s/assign m_axi_arlen = 8'd15;/assign m_axi_arlen = 8'd14;/"
  "arvalid_withdrawn|s/assign m_axi_arvalid = \\(.*\\);/assign m_axi_arvalid = \\1 \\& ~m_axi_rvalid;/"
)
names=" "; for mt in "${mutants[@]}"; do names+="${mt%%|*} "; done
for p in ${MUTANT_PICK:-}; do
  [[ $names == *" $p "* ]] || { echo "not ok - MUTANT_PICK names $p, not a mutant here"; exit 1; }
done
for mt in "${mutants[@]}"; do
  name=${mt%%|*}; expr=${mt#*|}
  [ -z "${MUTANT_PICK:-}" ] || [[ " $MUTANT_PICK " == *" $name "* ]] || continue
  d=$work/m_$name
  rm -rf "$d"; mkdir -p "$d"; cp -r "$work/fermi/rtl" "$d/rtl" 2>/dev/null ||
    { echo "not ok - mutant $name: no fermi output"; bad=1; continue; }
  f=$d/rtl/fermi_l1_axi.v
  sed -i "$expr" "$f"
  if cmp -s "$f" "$work/fermi/rtl/fermi_l1_axi.v"; then echo "not ok - mutant $name: the edit did not apply"; bad=1; continue; fi
  if ! tb_build "$d"; then echo "not ok - mutant $name: build"; bad=1; continue; fi
  "$d/vl/Vaxi" +dir="$d/rtl" +seed=1 +requests=20000 >"$d/run.log" 2>&1
  chk=$(catch_check_of "$d/run.log")
  if [ -n "$chk" ]; then
    echo "ok - mutant $name caught: $(grep -m1 '^MISMATCH' "$d/run.log")"
    catch_note axi "$name" "$chk" || bad=1
  else
    echo "not ok - mutant $name survived"; tail -4 "$d/run.log"; bad=1
  fi
done
exit $bad
