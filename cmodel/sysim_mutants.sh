#!/usr/bin/env bash
# sysim_mutants.sh [BUILD]: proves the heterogeneous sysim's checks can fail. Each mutant is
# one deliberate bug in a copy of sys_timed.c, sys_sim.c or sysim.c, linked with BUILD's
# (default build/) libraries into a sysim and a test_sim; test_sim (the hand-worked timed
# tests) or cmodel/test_sysim_hetero.sh must fail on every one. Prints ok / not ok per mutant
# and exits non-zero if any survived (or a sed changed nothing).
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
  "cpu_port_as_gpu_core|sys_sim.c|s/l2_request(s, s->cores + port,/l2_request(s, port,/"
  "share_counts_every_owner|sys_sim.c|s/\\*gpu += way->valid \\&\\& way->owner == gpu_app;/*gpu += way->valid;/"
  "app_hit_always|sys_sim.c|s/app->hits += \\*hit;/app->hits += 1;/"
  "cpu_trace_count_unchecked|sysim.c|s/if (ncpu \\&\\& ncpu != C) {/if (0) {/"
  "cpu_ports_zero_unchecked|sysim.c|s/if (ncpu \\&\\& C == 0) {/if (0) {/"
)
survived=0; n=0
for m in "${mutants[@]}"; do
  IFS='|' read -r name file expr <<<"$m"
  n=$((n + 1))
  mkdir -p "$work/$name"
  for f in sys_timed.c sys_sim.c sysim.c; do cp "$root/cmodel/$f" "$work/$name/$f"; done
  sed -i "$expr" "$work/$name/$file"
  if cmp -s "$root/cmodel/$file" "$work/$name/$file"; then
    echo "not ok - $name: the sed changed nothing"; survived=$((survived + 1)); continue
  fi
  objs="$work/$name/sys_timed.c $work/$name/sys_sim.c"
  if ! cc $cflags -o "$work/$name/sysim" "$work/$name/sysim.c" $objs $libs ||
     ! cc $cflags -o "$work/$name/test_sim" "$root/cmodel/test_sim.c" $objs $libs -lcmocka; then
    echo "not ok - $name: does not build"; survived=$((survived + 1)); continue
  fi
  caught=""
  "$work/$name/test_sim" >"$work/$name/unit.log" 2>&1 || caught="test_sim"
  "$root/cmodel/test_sysim_hetero.sh" "$work/$name/sysim" "$build/cachesim" >"$work/$name/cli.log" 2>&1 ||
    caught="$caught${caught:+, }test_sysim_hetero ($(grep -c '^not ok' "$work/$name/cli.log") checks)"
  if [ -n "$caught" ]; then echo "ok - $name caught by $caught"
  else echo "not ok - $name survived"; survived=$((survived + 1)); fi
done
echo "$((n - survived)) of $n mutants caught"
[ $survived = 0 ]
