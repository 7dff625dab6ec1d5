#!/usr/bin/env bash
# sysim_mutants.sh [BUILD]: proves the heterogeneous sysim's checks can fail. Each mutant is
# one deliberate bug in a copy of sys_timed.c, sys_timed_cli.c, sys_sim.c or sysim_args.c, linked with BUILD's
# (default build/) libraries into a sysim and a test_sim; test_sim (the hand-worked timed
# tests) or cmodel/test_sysim_hetero.sh must fail on every one, and every check of
# test_sysim_hetero.sh and every timed test of test_sim must fail on at least one mutant.
# Prints ok / not ok per mutant and per check never failed; exits non-zero if a mutant
# survived (or a sed changed nothing) or a check never failed. MUTANT_PICK="NAME..." (env; make
# test's sample, tb/test_all.sh): only those mutants, and no check-never-failed accounting.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cflags="-O1 -std=c11 -w -D_POSIX_C_SOURCE=200809L -I$root/cmodel -I$root"
libs="$build/libsim.a $build/libcmodel.a $build/libcore.a -lyaml -ljansson -lz -lzstd"
# name | file | sed expression (must change the file)
mutants=(
  "memory_latency_is_l2s|sys_timed.c|s/return t->mem_latency;/return t->l2_latency;/"
  "l1_hit_takes_l2_latency|sys_timed.c|s/return t->l1_latency;/return t->l2_latency;/"
  "write_waits_for_memory|sys_timed.c|s/return 1; \\/\\* a posted write \\*\\//return t->mem_latency;/"
  "cpu_gap_ignored|sys_timed.c|s/now + 1 + m->t->cpu_gap;/now + 1;/"
  "gpu_mlp_ignored|sys_timed.c|s/m->inflight\\[q\\] < m->t->gpu_mlp/m->inflight[q] < 1/"
  "retired_not_passed|sys_timed.c|s/retired\\[q\\] = n;/retired[q] = 0;/"
  "share_sampled_a_cycle_early|sys_timed.c|s/(now + 1) % m->t->share_every == 0/now % m->t->share_every == 0/"
  "gpu_cores_issue_in_reverse|sys_timed.c|s/^        for (unsigned q = 0; q < m->nreq; q++) {$/        for (unsigned q = m->nreq; q-- > 0;) {/"
  "cpu_trace_not_restarted|sys_timed.c|s/if (rc == 0 \\&\\& q >= m->P \\&\\& m->t->cpu_loop)/if (0)/"
  "flush_not_refused|sys_timed.c|s/if (in->next.op == TR_FLUSH) {/if (0) {/"
  "trace_error_after_issue_dropped|sys_timed.c|s/    return rc < 0 ? -1 : 0;/    return 0;/"
  "requesters_misnamed|sys_timed.c|s/q < m.P ? \"GPU core %u\" : \"CPU port %u\"/q < m.P ? \"CPU port %u\" : \"GPU core %u\"/"
  "timing_range_unchecked|sys_timed_cli.c|s/num_parse_u64(v, opts\\[k\\].lo, opts\\[k\\].hi, \\&x)/num_parse_u64(v, 0, UINT64_MAX, \\&x)/"
  "timing_trailing_garbage_accepted|sys_timed_cli.c|s/if (num_parse_u64(v, opts\\[k\\].lo, opts\\[k\\].hi, \\&x) != 0) {/x = strtoull(v, NULL, 10); if (x < opts[k].lo || x > opts[k].hi) {/"
  "timing_value_missing_unchecked|sysim_args.c|s/\\[S_L2_LATENCY\\] = {\"--l2-latency\", \"N\", OPT_NUM}/[S_L2_LATENCY] = {\"--l2-latency\", NULL, OPT_NUM}/"
  "sacat_not_refused|sys_timed_cli.c|s/^    if (untimed) {$/    if (0) {/"
  "l2_periods_not_run|sys_timed.c|s/        cm_l2_cycle_end(l2, retired);//"
  "partitions_not_counted|sys_timed.c|s/m->st->partitions += cm_l2_ucp_of(l2) ? cm_l2_ucp_of(l2)->part : 0;//"
  "tap_decisions_not_counted|sys_timed.c|s/m->st->tap_ticks++;//"
  "tap_mask_counted_as_friendly|sys_timed.c|s/m->st->tap_friendly += k->friendly;/m->st->tap_friendly += k->rrip_mask;/"
  "tap_xsratio_summed_as_ratio_of_one|sys_timed.c|s/m->st->tap_xsratio_sum += k->xsratio;/m->st->tap_xsratio_sum += 1;/"
  "decoupled_bypass_never_completed|sys_sim.c|s/r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS/r.dec == DEC_LD_MISS/"
  "accel_gpu_trace_not_refused|sys_timed_cli.c|s/^    if (accel) {$/    if (0) {/"
  "cpu_port_as_gpu_core|sys_sim.c|s/l2_request(s, s->cores + port,/l2_request(s, port,/"
  "share_counts_every_owner|sys_sim.c|s/\\*gpu += way->valid \\&\\& way->owner == gpu_app;/*gpu += way->valid;/"
  "app_hit_always|sys_sim.c|s/app->hits += \\*hit;/app->hits += 1;/"
  "cpu_trace_count_unchecked|sys_timed_cli.c|s/if (ncpu \\&\\& ncpu != C) {/if (0) {/"
  "cpu_ports_zero_unchecked|sys_timed_cli.c|s/if (ncpu \\&\\& C == 0) {/if (0) {/"
)
for w in ${MUTANT_PICK:-}; do
  printf '%s\n' "${mutants[@]}" | cut -d'|' -f1 | grep -qx -- "$w" ||
    { echo "sysim_mutants: MUTANT_PICK names '$w', which is not a mutant of this script" >&2; exit 2; }
done
pick=" ${MUTANT_PICK:-} "
survived=0; n=0; stale=0
# shellcheck source=tb/mutant_catch.sh
. "$root/tb/mutant_catch.sh"
for m in "${mutants[@]}"; do
  IFS='|' read -r name file expr <<<"$m"
  [ -z "${MUTANT_PICK:-}" ] || [[ $pick == *" $name "* ]] || continue
  n=$((n + 1))
  mkdir -p "$work/$name"
  for f in sys_timed.c sys_timed_cli.c sys_sim.c sysim.c sysim_args.c; do cp "$root/cmodel/$f" "$work/$name/$f"; done
  sed -i "$expr" "$work/$name/$file"
  if cmp -s "$root/cmodel/$file" "$work/$name/$file"; then
    echo "not ok - $name: the sed changed nothing"; survived=$((survived + 1)); continue
  fi
  objs="$work/$name/sys_timed.c $work/$name/sys_timed_cli.c $work/$name/sys_sim.c"
  objs+=" $work/$name/sysim_args.c"
  if ! cc $cflags -o "$work/$name/sysim" "$work/$name/sysim.c" $objs $libs ||
     ! cc $cflags -o "$work/$name/test_sim" "$root/cmodel/test_sim.c" $objs $libs -lcmocka; then
    echo "not ok - $name: does not build"; survived=$((survived + 1)); continue
  fi
  caught=""
  "$work/$name/test_sim" >"$work/$name/unit.log" 2>&1 || caught="test_sim"
  grep -o '^\[  FAILED  \] test_timed[a-z_]*' "$work/$name/unit.log" | sed 's/.* /test_sim: /' >"$work/$name/failed"
  "$root/cmodel/test_sysim_hetero.sh" "$work/$name/sysim" "$build/cachesim" >"$work/$name/cli.log" 2>&1 ||
    caught="$caught${caught:+, }test_sysim_hetero ($(grep -c '^not ok' "$work/$name/cli.log") checks)"
  sed -n 's/^not ok - \(.*\)/\1/p' "$work/$name/cli.log" | sed 's/ (rc [0-9]*)$//' >>"$work/$name/failed"
  cat "$work/$name/failed" >>"$work/failed"
  if [ -n "$caught" ]; then echo "ok - $name caught by $caught"
    # the catch matrix's check: every check that failed, sorted, joined by " + "
    catch_note sysim "$name" "$(LC_ALL=C sort -u "$work/$name/failed" | sed ':a;N;$!ba;s/\n/ + /g')" ||
      stale=$((stale + 1))
  else echo "not ok - $name survived"; survived=$((survived + 1)); fi
done
echo "$((n - survived)) of $n mutants caught"
if [ -n "${MUTANT_PICK:-}" ]; then [ $survived = 0 ] && [ $stale = 0 ] && [ $n -gt 0 ]; exit; fi
# every check failed on some mutant (names as the clean build prints them)
never=0
"$build/test_sim" 2>&1 | grep -o '^\[       OK \] test_timed[a-z_]*' | sed 's/.* /test_sim: /' >"$work/checks"
"$root/cmodel/test_sysim_hetero.sh" "$build/sysim" "$build/cachesim" 2>&1 |
  sed -n 's/^ok - \(.*\)/\1/p' >>"$work/checks"
while IFS= read -r c; do
  if ! grep -qxF -- "$c" "$work/failed"; then echo "not ok - never failed: $c"; never=$((never + 1)); fi
done <"$work/checks"
echo "$(($(wc -l <"$work/checks") - never)) of $(wc -l <"$work/checks") checks failed on a mutant"
[ $survived = 0 ] && [ $never = 0 ] && [ $stale = 0 ]
