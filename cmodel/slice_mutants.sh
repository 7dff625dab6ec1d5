#!/usr/bin/env bash
# slice_mutants.sh [BUILD]: proves the L2 slice checks can fail (issue 39). Each mutant is one
# deliberate bug in a copy of core/slice.c or core/slice.h (built into a test_slice, which must
# fail) or of the system model cmodel/sys_sim.c, sys_timed.c or sysim.c (built with BUILD's,
# default build/, libraries into a sysim, which cmodel/test_sysim_slices.sh must fail). Prints
# ok / not ok per mutant with the checks that failed; exits non-zero if a mutant survived, did
# not build or its sed changed nothing.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cflags="-O1 -std=c11 -w -D_POSIX_C_SOURCE=200809L -I$root/cmodel -I$root -I$root/core"
libs="$build/libsim.a $build/libcmodel.a $build/libcore.a -lyaml -ljansson -lz -lzstd"
# name | file | sed expression (must change the file)
mutants=(
  "xor_folds_two_fields_only|slice.c|s/m->mask\\[i % k\\] |= UINT64_C(1) << i;/if (i < 2 * k) m->mask[i % k] |= UINT64_C(1) << i;/"
  "pric_top_bit_unhashed|slice.c|s/pric_columns(m->poly, m->line_bits, col);/pric_columns(m->poly, m->line_bits, col); col[m->line_bits - 1] = 0;/"
  "pric_modulus_reducible|slice.c|s/m->poly = pric_smallest(k);/m->poly = (UINT64_C(1) << k) | 1u;/"
  "inverse_ignores_hash|slice.c|s/return high | (uint64_t)(slice ^ slice_of(m, high));/return high | (uint64_t)slice;/"
  "pow2_hash_unchecked|slice.c|s/if (fn != INDEX_MODULO \\&\\& !cfg_is_pow2(S)) {/if (0) {/"
  "rtl_accepts_slices|slice.c|s/    if (c->sys.l2_slices == 1)/    if (c->sys.l2_slices >= 1)/"
  "modulo_of_half_line|slice.h|s/(unsigned)(line % m->n)/(unsigned)((line >> 1) % m->n)/"
  "in_slice_keeps_slice_bits|slice.h|s/return m->pow2 ? line >> m->bits : line \\/ m->n;/return m->pow2 ? line : line \\/ m->n;/"
  "parity_skips_upper_word|slice.h|/v ^= v >> 32;/d"
  "route_all_to_slice_0|sys_sim.c|s/unsigned k = slice_of(\\&s->map, line);/unsigned k = 0;/"
  "global_line_into_slice|sys_sim.c|s/cm_l2_access_noalloc(l2, core, store, slice_line(\\&s->map, line),/cm_l2_access_noalloc(l2, core, store, line,/"
  "owners_of_slice_0_only|sys_sim.c|s/\\&s->l2\\[k\\]->rows/\\&s->l2[0]->rows/"
  "slice_requests_not_counted|sys_sim.c|s/    s->st.slice\\[k\\].accesses++;//"
  "one_slice_built|sys_sim.c|s/s->slices = s->map.n;/s->slices = 1;/"
  "periods_in_slice_0_only|sys_timed.c|s/for (unsigned s = 0; s < m->s->slices; s++) {/for (unsigned s = 0; s < 1; s++) {/"
  "slices_not_reported|sysim.c|s/    if (s->slices == 1)$/    if (s->slices >= 1)/"
)
survived=0; n=0
for m in "${mutants[@]}"; do
  IFS='|' read -r name file expr <<<"$m"
  n=$((n + 1))
  d=$work/$name; mkdir -p "$d"
  case $file in slice.*) src=$root/core ;; *) src=$root/cmodel ;; esac
  for f in slice.c slice.h test_slice.c; do cp "$root/core/$f" "$d/$f"; done
  for f in sys_timed.c sys_timed_cli.c sys_sim.c sysim.c sysim_args.c; do cp "$root/cmodel/$f" "$d/$f"; done
  sed -i "$expr" "$d/$file"
  if cmp -s "$src/$file" "$d/$file"; then
    echo "not ok - $name: the sed changed nothing"; survived=$((survived + 1)); continue
  fi
  if [ "$src" = "$root/core" ]; then # the map: test_slice on the broken copy
    if ! cc $cflags -o "$d/test_slice" "$d/test_slice.c" "$d/slice.c" "$build/libcore.a" -lyaml -lcmocka; then
      echo "not ok - $name: does not build"; survived=$((survived + 1)); continue
    fi
    if "$d/test_slice" >"$d/log" 2>&1; then echo "not ok - $name survived"; survived=$((survived + 1))
    else echo "ok - $name caught by test_slice: $(grep -o '^\[  FAILED  \] test_[a-z_]*' "$d/log" | sed 's/.* //' | sort -u | paste -sd, -)"; fi
    continue
  fi
  if ! cc $cflags -o "$d/sysim" "$d/sysim.c" "$d/sys_timed.c" "$d/sys_timed_cli.c" "$d/sys_sim.c" \
         "$d/sysim_args.c" $libs; then
    echo "not ok - $name: does not build"; survived=$((survived + 1)); continue
  fi
  if "$root/cmodel/test_sysim_slices.sh" "$d/sysim" "$build/cachegen" >"$d/log" 2>&1; then
    echo "not ok - $name survived"; survived=$((survived + 1))
  else echo "ok - $name caught by test_sysim_slices: $(grep -c '^not ok' "$d/log") checks, first: $(grep -m1 '^not ok' "$d/log" | cut -c10-90)"; fi
done
echo "$((n - survived)) of $n mutants caught"
[ $survived = 0 ]
