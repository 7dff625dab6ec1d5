#!/usr/bin/env bash
# check_layers.sh [ROOT]: the rule of core/ (SPEC 10, docs/layout.md "core/"): core/ includes
# and calls nothing of gen/, cmodel/, tb/ or synth/, and no files of core/ call each other in a
# loop. ROOT (default: this tree) holds core/ and the folders above it. Four checks, each an
# ok / not ok line naming what breaks the rule:
#   includes  every #include "X" of core/*.c and core/*.h names a file of core/ by its bare name
#             (no folder, no '..'), and no include, "X" or <X>, names a file that exists only
#             in gen/, cmodel/, tb/ or synth/;
#   compiled  each file of core/ compiles alone with no -I flag (cc -MM), pulling in headers of
#             core/ and of the system only;
#   linked    core's objects (test_*.c apart: programs) link alone into a shared object with
#             --no-undefined against libc and libyaml: no call leaves core/;
#   loops     the file call graph of those objects (nm: a file that leaves symbol S undefined
#             calls the file defining S) has no cycle; each cycle is printed with its calls.
# Prints "N passed, M failed"; exits 1 when a check fails.
set -uo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd -P)
core=$root/core
[ -d "$core" ] || { echo "check_layers: $core: no such folder" >&2; exit 2; }
cc=${CC:-cc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; [ -z "${2:-}" ] || sed 's/^/#   /' <<<"$2"; }
uppers="gen cmodel tb synth"

# ---- includes ----------------------------------------------------------------------------------
# names of the files above core/ (and not in core/): including one of them is climbing up
declare -A above=()
for d in $uppers; do
  [ -d "$root/$d" ] || continue
  while IFS= read -r f; do
    n=${f##*/}
    [ -e "$core/$n" ] || above[$n]=${above[$n]:-$d/${f#"$root/$d/"}}
  done < <(find -H "$root/$d" -type f)
done
bad=""
while IFS= read -r line; do
  file=${line%%:*}; rest=${line#*:}; lno=${rest%%:*}; text=${rest#*:}
  where="core/${file##*/}:$lno"
  if [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]*)\" ]]; then
    x=${BASH_REMATCH[1]}
    if [[ $x == */* ]]; then bad+="$where: #include \"$x\": a path; core includes core files by name"$'\n'
    elif [ -n "${above[$x]:-}" ]; then bad+="$where: #include \"$x\": exists only in ${above[$x]}"$'\n'
    elif [ ! -f "$core/$x" ]; then bad+="$where: #include \"$x\": not a file of core/"$'\n'
    fi
  elif [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<([^\>]*)\> ]]; then
    x=${BASH_REMATCH[1]}
    if [[ /$x/ =~ /(\.\.|gen|cmodel|tb|synth)/ ]]; then bad+="$where: #include <$x>: a path above core/"$'\n'
    elif [ -n "${above[${x##*/}]:-}" ]; then bad+="$where: #include <$x>: exists only in ${above[${x##*/}]}"$'\n'
    fi
  elif [[ $text =~ ^[[:space:]]*#[[:space:]]*include ]]; then
    bad+="$where: $text: an include this check cannot read (a macro?); name the file"$'\n'
  fi
done < <(grep -n '^[[:space:]]*#[[:space:]]*include' "$core"/*.c "$core"/*.h)
if [ -z "$bad" ]; then ok "includes: every #include of core/ names a file of core/, none a file of $uppers"
else no "includes: core/ includes files outside core/" "${bad%$'\n'}"; fi

# ---- compiled alone ----------------------------------------------------------------------------
bad=""
for f in "$core"/*.c "$core"/*.h; do
  lang=(); [[ $f == *.h ]] && lang=(-x c)
  if ! deps=$("$cc" -std=c11 -D_POSIX_C_SOURCE=200809L "${lang[@]}" -MM "$f" 2>"$work/mm.err"); then
    bad+="core/${f##*/}: does not compile alone: $(grep -m1 -i error "$work/mm.err")"$'\n'; continue
  fi
  for d in $(sed 's/\\$//; s/^[^:]*://' <<<"$deps"); do
    p=$(realpath -- "$d")
    [[ $p == "$core"/* ]] || bad+="core/${f##*/}: pulls in $p"$'\n'
  done
done
bad=$(awk '!seen[$0]++' <<<"$bad")
if [ -z "$bad" ]; then ok "compiled: each file of core/ compiles with no -I flag on headers of core/ and the system only"
else no "compiled: core/ reaches headers outside core/" "$bad"; fi

# ---- objects: linked alone, no call loop --------------------------------------------------------
objs=() bad=""
for f in "$core"/*.c; do
  n=${f##*/}; [[ $n == test_* ]] && continue
  if "$cc" -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -fPIC -c "$f" -o "$work/${n%.c}.o" 2>"$work/cc.err"
  then objs+=("$work/${n%.c}.o")
  else bad+="core/$n does not compile: $(grep -m1 -i error "$work/cc.err")"$'\n'; fi
done
if [ -n "$bad" ]; then
  no "linked: not every file of core/ compiles (the graph below leaves them out)" "${bad%$'\n'}"
elif "$cc" -shared -Wl,--no-undefined -o "$work/core.so" "${objs[@]}" -lyaml 2>"$work/ld.err"; then
  ok "linked: core's ${#objs[@]} objects link alone (libc, libyaml): no call leaves core/"
else
  no "linked: core/ calls symbols it does not define" \
     "$(grep -o "undefined reference to \`[^']*'" "$work/ld.err" | sort -u | head -10)"
fi
# the file call graph: "CALLER CALLEE SYMBOL" for every symbol one file uses and another defines
for o in "${objs[@]}"; do
  nm -g --defined-only "$o" | awk -v f="$(basename "$o" .o)" 'NF == 3 { print "D", f, $3 }'
  nm -u "$o" | awk -v f="$(basename "$o" .o)" '{ print "U", f, $NF }'
done >"$work/syms"
awk '$1 == "D" { def[$3] = $2 } $1 == "U" { use[++n] = $2 " " $3 }
     END { for (i = 1; i <= n; i++) { split(use[i], u, " "); if (u[2] in def && def[u[2]] != u[1])
             print u[1], def[u[2]], u[2] } }' "$work/syms" | sort -u >"$work/calls"
# Tarjan's strongly connected components: a component of more than one file is a loop
loops=$(awk '
  { if (!(($1, $2) in lab)) { adj[$1] = adj[$1] " " $2; lab[$1, $2] = $3 } node[$1]; node[$2] }
  function visit(v,   i, k, w, nb, m, comp) {
    idx[v] = low[v] = ++t; stk[++sp] = v; on[v] = 1
    nb = split(adj[v], w, " ")
    for (i = 1; i <= nb; i++) {
      if (!(w[i] in idx)) { visit(w[i]); if (low[w[i]] < low[v]) low[v] = low[w[i]] }
      else if (on[w[i]] && idx[w[i]] < low[v]) low[v] = idx[w[i]]
    }
    if (low[v] == idx[v]) {
      m = 0; comp = ""
      do { k = stk[sp--]; on[k] = 0; memb[++m] = k; comp = comp " " k } while (k != v)
      if (m > 1) {
        printf "loop of %d files:%s;", m, comp
        for (i = 1; i <= m; i++) for (j = 1; j <= m; j++)
          if ((memb[i], memb[j]) in lab) printf " %s.c calls %s.c (%s);", memb[i], memb[j], lab[memb[i], memb[j]]
        printf "\n"
      }
    }
  }
  END { for (v in node) if (!(v in idx)) visit(v) }' "$work/calls")
if [ -z "$loops" ]; then
  edges=$(awk '{ print $1 "->" $2 }' "$work/calls" | sort -u)
  ok "loops: no cycle in core's file call graph ($(grep -c . <<<"$edges") caller->callee pairs: $(tr '\n' ' ' <<<"$edges" | sed 's/ $//'))"
else
  no "loops: files of core/ call each other" "$(tr ';' '\n' <<<"$loops" | sed '/^ *$/d; s/^ //')"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
