#!/usr/bin/env bash
# base_cachegen.sh REV WORKDIR: builds the cachegen of revision REV (git archive into
# WORKDIR/base_src) for a benchmark's side-by-side run and prints its path. Sourced tools:
# bench/throughput_l2.sh and bench/throughput_sys.sh (--base REV).
set -euo pipefail
rev=$1; work=$2
rm -rf "$work/base_src"; mkdir -p "$work/base_src"
git archive "$rev" | tar -x -C "$work/base_src"
make -C "$work/base_src" -j2 build/cachegen >"$work/base_build.log" 2>&1 ||
  { cat "$work/base_build.log" >&2; exit 1; }
echo "$(cd "$work/base_src" && pwd)/build/cachegen"
