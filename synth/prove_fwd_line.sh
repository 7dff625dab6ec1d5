#!/usr/bin/env bash
# prove_fwd_line.sh WORKDIR [MUTANT]: Yosys SAT proof that the L1 top's hit line (hit_data,
# pipe_emit_fwd_line_1h: each way's data gated per byte by that way's forwarded bytes before
# the one-hot choice) equals the former form (pipe_emit_fwd_line: the one-hot choice, then the
# forwarded bytes merged when the chosen way is the written one), issue 40. The new block is
# cut from the generated top of each configuration below; the former one is written here as
# it was emitted. The hit way one-hot is the lowest set bit of a free input (so every
# one-hot-or-zero value): the meta's hit_way_oh = {match[W-1:1], match[0] | ~|match} is one-hot
# when at most one way matches, which an L1 keeps (a line is in one way of its set; the C
# model's lockstep checks it). Outside the block each top must be the former top line for
# line: checked against the golden copy for the presets (tb/check_golden.sh shows the rest).
# MUTANT (1 or 2) breaks the new block first (1: a forwarded byte not gated out of its way's
# data; 2: the forwarded term taken from the next way) and the proof must then fail.
# Prints ok/not ok per configuration; exits non-zero when one is not ok.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 WORKDIR [MUTANT]" >&2; exit 2; }
work=$1; mutant=${2:-0}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
make -s -C "$root" build/cachegen >/dev/null || exit 1
bad=0
# name|cachegen arguments (ways and line size vary; each small enough for SAT in seconds)
configs=(
  "w1|--preset fermi-l1 --set l1.ways=1 --set l1.replacement=lru"
  "w2-dec|--preset li-decoupled --set l1.tag_ways=4 --set l1.ways=2"
  "w4|--preset fermi-l1 --set l1.ways=4"
  "w6-64B|--preset fermi-l1 --set l1.size=48KiB --set l1.ways=6 --set l1.line_bytes=64 --set l1.replacement=lru"
  "w32|--preset fermi-l1 --set l1.ways=32"
)
for c in "${configs[@]}"; do
  IFS='|' read -r name args <<<"$c"
  d=$work/$name; mkdir -p "$d"
  # shellcheck disable=SC2086
  "$root/build/cachegen" $args -o "$d/rtl" >"$d/gen.log" 2>&1 || { echo "not ok - $name: cachegen"; bad=1; continue; }
  top=$(sed -n 's/^top: //p' "$d/rtl/cachegen.manifest")
  v=$d/rtl/$top.v
  # the block: from the fwd_way_be declaration to its endgenerate
  blk=$(awk '/wire \[[0-9]+:0\] fwd_way_be;/{on=1} on{print} on&&/endgenerate/{exit}' "$v")
  [ -n "$blk" ] || { echo "not ok - $name: no fwd_way_be block in $v"; bad=1; continue; }
  ways=$(grep -c '^ *wire \[[0-9]*:0\] data_rdata_w[0-9]*;' "$v")
  [ "$ways" -ge 1 ] || ways=$(grep -o 'data_rdata_w[0-9]*' "$v" | sort -u | wc -l)
  lb=$(sed -n 's/.*wire \[\([0-9]*\):0\] hit_data;.*/\1/p' "$v"); lb=$(( (lb + 1) / 8 ))
  case $mutant in
    1) blk=$(sed 's/ & ~fwd_way_be\[0 + gb\]}}/}}/' <<<"$blk") ;;
    2) blk=$(sed 's/(meta_hit_way_oh\[0\] & fwd_way_be\[0 + gb\])/(meta_hit_way_oh[0] \& fwd_way_be[(gb + 1) % '"$((ways * lb))"'])/' <<<"$blk") ;;
  esac
  ports="input [$((ways - 1)):0] oh_in, input fwd_data_hit_q, input [$((ways - 1)):0] fwd_way_oh_q,
  input [$((lb * 8 - 1)):0] fwd_wdata_q, input [$((lb - 1)):0] fwd_wbe_q"
  for k in $(seq 0 $((ways - 1))); do ports+=", input [$((lb * 8 - 1)):0] data_rdata_w$k"; done
  oh="wire [$((ways - 1)):0] meta_hit_way_oh = oh_in & ~(oh_in - 1'b1); // one-hot or zero"
  way_data=""
  for k in $(seq 0 $((ways - 1))); do way_data+="${k:+}$([ "$k" = 0 ] || echo '| '){$((lb * 8)){meta_hit_way_oh[$k]}} & data_rdata_w$k "; done
  cat >"$d/prove.v" <<EOF
module fwd_old ($ports, output [$((lb * 8 - 1)):0] hit_data_o);
  $oh
  genvar gb;
  wire [$((lb * 8 - 1)):0] way_data = $way_data;
  wire fwd_data_hit = fwd_data_hit_q & |(fwd_way_oh_q & meta_hit_way_oh);
  wire [$((lb * 8 - 1)):0] fwd_mask;
  generate
    for (gb = 0; gb < $lb; gb = gb + 1) begin : g_fwd_mask
      assign fwd_mask[gb*8 +: 8] = {8{fwd_data_hit & fwd_wbe_q[gb]}};
    end
  endgenerate
  assign hit_data_o = (way_data & ~fwd_mask) | (fwd_wdata_q & fwd_mask);
endmodule
module fwd_new ($ports, output [$((lb * 8 - 1)):0] hit_data_o);
  $oh
  genvar gb;
$blk
  assign hit_data_o = hit_data;
endmodule
EOF
  yosys -q -l "$d/prove.log" -p "read_verilog $d/prove.v; proc; opt_clean; miter -equiv -flatten -make_assert fwd_old fwd_new miter; hierarchy -top miter; sat -verify -prove-asserts -show-ports miter" >/dev/null 2>&1
  rc=$?
  if [ $rc = 0 ]; then echo "ok - $name ($ways ways, $lb-byte line): hit_data equal to the former form for every one-hot-or-zero hit way"
  else echo "not ok - $name ($ways ways, $lb-byte line): not proven equal (see $d/prove.log)"; bad=1; fi
done
exit $bad
