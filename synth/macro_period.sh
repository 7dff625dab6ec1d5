#!/usr/bin/env bash
# macro_period.sh WORKDIR [PRESET[:KIND]...]: each top's period against the slowest SRAM macro's
# own minimum cycle (SPEC 5: within 15% of it; issue 40 item 4), as build/cost one reports it
# (JSON "macro_period"). KIND: l1 (default: the preset's L1 top), l2 (<name>_l2), sys
# (<name>_sys). Default: the L1 of every shipped preset (the Makefile's PRESETS). Per top:
# cachegen into WORKDIR/<preset>-<kind>/rtl, synth/synth.sh, cost one (DEPTH_BUDGET_OK=1: the
# depth budget is reported, its verdict in the table, not a reason to skip the period). Prints a
# Markdown table (top, period, slowest macro and its minimum cycle, ratio, within 15%, depth
# verdict); exits 1 when a top failed to cost. Report only: a top over 15% does not fail it.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 WORKDIR [PRESET[:l1|l2|sys]...]" >&2; exit 2; }
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
shift
pts=("$@")
[ ${#pts[@]} -gt 0 ] || read -ra pts < <(sed -n 's/^PRESETS := //p' "$root/Makefile")
make -s -C "$root" build/cachegen build/cost build/stanet >/dev/null || exit 1
bad=0
echo "| preset | top | period ns | slowest SRAM macro | its minimum cycle ns | period / cycle | within 15% | depth (budget 30) |"
echo "|---|---|---:|---|---:|---:|---|---|"
for pt in "${pts[@]}"; do
  p=${pt%%:*}; k=l1; [ "$pt" = "$p" ] || k=${pt#*:}
  case $k in l1|l2|sys) ;; *) echo "macro_period.sh: $pt: kind '$k'; allowed: l1, l2, sys" >&2; exit 2 ;; esac
  d=$work/$p-$k; rm -rf "$d"; mkdir -p "$d"
  if ! "$root/build/cachegen" --preset "$p" -o "$d/rtl" >"$d/gen.log" 2>&1; then
    echo "| $p | - | cachegen refused it ($(tail -1 "$d/gen.log")) | | | | | |"; bad=1; continue
  fi
  top=$(sed -n 's/^top: //p' "$d/rtl/cachegen.manifest")
  case $k in l1) t=$top ;; *) t=${top}_$k ;; esac
  if ! nice -n 10 "$root/synth/synth.sh" "$d/rtl" "$d/syn" "$t" >"$d/synth.log" 2>&1 ||
     ! DEPTH_BUDGET_OK=1 "$root/build/cost" one "$d/rtl" "$d/syn" "$d/cost.json" "$t" >"$d/cost.log" 2>&1; then
    echo "| $p | $t | synthesis or cost failed ($d/*.log) | | | | | |"; bad=1; continue
  fi
  rm -f "$d/syn/hier.json" "$d/syn/flat.json"
  python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); m = c["macro_period"]; b = c["depth_budget"]
macro = m["macro"] or "none"
cyc = "%.3f" % m["macro_min_cycle_ns"] if m["macro"] else "-"
ratio = "%.3f" % m["ratio"] if m["macro"] else "-"
within = "yes" if m["within"] else "**no**"
depth = "%d, %s" % (b["deepest"], "within" if b["within"] else "**over**")
print("| %s | %s | %.3f | %s | %s | %s | %s | %s |" % (sys.argv[2], c["top"], m["period_ns"], macro, cyc, ratio, within, depth))' \
    "$d/cost.json" "$p"
done
exit $bad
