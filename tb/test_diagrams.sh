#!/usr/bin/env bash
# test_diagrams.sh WORKDIR: `make diagrams` for a user's configuration (issue 38 item 7):
# tb/timing_diagrams.sh --design on li-decoupled (a mechanism whose first load of a line
# bypasses) writes the four diagrams as JSON and SVG, and each title says what its waves show:
# the hit title's latency is the cycles from the request's id on req_id_i to the same id on
# rsp_id_o, the miss title's status is the one on rsp_status_o (BYPASS here, where fermi-l1's
# says MISS). A DEST holding other files is refused. Mutants: a hit title with another latency
# and a miss title with another status fail the check. Prints ok / not ok; exits non-zero on a
# failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: tb/test_diagrams.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
bad=0
"$root/build/cachegen" --preset li-decoupled -o "$work/rtl" >/dev/null || { echo "not ok - generate"; exit 1; }
"$root/tb/timing_diagrams.sh" --design "$work/rtl" "$work/d" >"$work/run.log" 2>&1 ||
  { tail -5 "$work/run.log"; echo "not ok - diagrams of li-decoupled"; exit 1; }
n=$(ls "$work"/d/{hit,miss,store,backpressure}.{json,svg} 2>/dev/null | wc -l)
[ "$n" = 8 ] && echo "ok - diagrams: li-decoupled's four diagrams as JSON and SVG" || { echo "not ok - diagrams: $n of 8 files"; bad=1; }
check() { # DIR: the titles against the waves
  python3 - "$1" <<'PY'
import json, re, sys
d = sys.argv[1]
def rows(name):
    j = json.load(open("%s/%s.json" % (d, name)))
    return j["head"]["text"], {r["name"]: r for r in j["signal"]}
def at(row, k):
    # the cycle of the k-th data value of a WaveDrom row ('=' starts a value)
    pos = [i for i, c in enumerate(row["wave"]) if c == "="]
    return pos[k]
bad = []
t, r = rows("hit")
first = r["req_id_i"]["data"][0]
lat = at(r["rsp_id_o"], r["rsp_id_o"]["data"].index(first)) - at(r["req_id_i"], 0)
m = re.search(r"answered (\d+) cycles later", t)
if not m or int(m.group(1)) != lat:
    bad.append("hit title '%s', waves: %d cycles" % (t, lat))
t, r = rows("miss")
st = r["rsp_status_o"]["data"][0]
if not t.endswith(", %s response" % st):
    bad.append("miss title '%s', waves: %s" % (t, st))
for b in bad:
    print("mismatch:", b)
sys.exit(1 if bad else 0)
PY
}
if check "$work/d" >"$work/check.log"; then echo "ok - diagrams: titles match the waves (hit latency, the miss's $(grep -o '[A-Z]* response' "$work/d/miss.json"))"
else echo "not ok - diagrams: $(cat "$work/check.log")"; bad=1; fi
mkdir -p "$work/busy"; touch "$work/busy/notes.txt"
if "$root/tb/timing_diagrams.sh" --design "$work/rtl" "$work/busy" >"$work/busy.log" 2>&1; then
  echo "not ok - diagrams: a DEST with other files was replaced"; bad=1
elif [ -f "$work/busy/notes.txt" ]; then echo "ok - diagrams: a DEST holding other files is refused and kept"
else echo "not ok - diagrams: a refused DEST lost its file"; bad=1; fi
for mut in 's/answered \([0-9]*\) cycles/answered 9\1 cycles/' 's/BYPASS response/MISS response/'; do
  rm -rf "$work/m"; cp -r "$work/d" "$work/m"; sed -i "$mut" "$work/m/hit.json" "$work/m/miss.json"
  if check "$work/m" >/dev/null; then echo "not ok - diagrams: mutant not caught: $mut"; bad=1
  else echo "ok - diagrams: mutant caught: $mut"; fi
done
exit $bad
