#!/usr/bin/env bash
# ports_of.sh: the port list of one module of an RTL folder, as Verilator elaborates it, one line
# per port in declaration order: "<direction> <width> <name>" (width in bits; a port whose type
# is not a plain vector prints its type's kind instead). cachegen verify --rtl compares the
# user's tops with the configuration's through it.
# usage: tb/ports_of.sh DIR FILELIST MODULE   (FILELIST relative to DIR, as cachegen writes it)
# Exit status: 0, 1 when Verilator cannot elaborate MODULE (its messages on stderr), 2 bad usage.
set -uo pipefail
[ $# = 3 ] || { echo "usage: $0 DIR FILELIST MODULE" >&2; exit 2; }
dir=$1; list=$2; mod=$3
[[ $mod =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "$0: MODULE = $mod: not a module name" >&2; exit 2; }
xml=$(mktemp) || exit 2
trap 'rm -f "$xml"' EXIT
(cd "$dir" && verilator --xml-only -Wno-fatal -Wno-lint -Wno-style -F "$list" \
   --top-module "$mod" --xml-output "$xml") >/dev/null || exit 1
awk -v mod="$mod" '
  /<module / && /topModule="1"/ { inmod = 1; next }
  inmod && /<\/module>/ { inmod = 0 }
  inmod && /<var / && / dir="/ && / pinIndex="/ {
    name = $0; sub(/.* name="/, "", name); sub(/".*/, "", name)
    d = $0; sub(/.* dir="/, "", d); sub(/".*/, "", d)
    t = $0; sub(/.* dtype_id="/, "", t); sub(/".*/, "", t)
    pin = $0; sub(/.* pinIndex="/, "", pin); sub(/".*/, "", pin)
    port[pin + 0] = d " " t " " name; if (pin + 0 > n) n = pin + 0
  }
  /<typetable/ { intab = 1 }
  intab && /<[a-z]*dtype / && / id="/ {
    id = $0; sub(/.* id="/, "", id); sub(/".*/, "", id)
    kind = $0; sub(/^ *</, "", kind); sub(/ .*/, "", kind)
    if (kind == "basicdtype") {
      w = 1
      if ($0 ~ / left="/) {
        l = $0; sub(/.* left="/, "", l); sub(/".*/, "", l)
        r = $0; sub(/.* right="/, "", r); sub(/".*/, "", r)
        l += 0; r += 0; w = (l > r ? l - r : r - l) + 1
      }
      width[id] = w
    } else width[id] = kind
  }
  END {
    for (i = 1; i <= n; i++) if (i in port) {
      split(port[i], f, " "); print f[1], (f[2] in width ? width[f[2]] : "?"), f[3]
    }
  }' "$xml"
