#!/usr/bin/env bash
# test_cli.sh: command-line tests of cachegen. Bad input must be refused with a non-zero exit
# status and one error on stderr naming the key, the value and what is allowed, and must leave
# no output (nor temporary) directory behind; good input must produce complete, deterministic
# output directories that replace earlier cachegen output as a whole.
#
# usage: gen/test_cli.sh [path/to/cachegen]     (default build/cachegen)
# Runs in a fresh temporary directory (removed on exit); prints "ok N - ..." or "not ok N - ..."
# per case and ends with the line "N passed, M failed"; exits non-zero if anything failed.
set -u

bin=${1:-build/cachegen}
if [ ! -x "$bin" ]; then
    echo "test_cli.sh: $bin: not an executable; build it with make build/cachegen" >&2
    exit 2
fi
bin_abs="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
srcdir="$(cd "$(dirname "$0")/../core" && pwd)"   # core/: ident.c holds the reserved-word tables

work=$(mktemp -d "${TMPDIR:-/tmp}/cachegen_cli.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
# A private copy, so that a concurrent rebuild cannot change the binary under the test.
cp "$bin_abs" ./cachegen || exit 2
CG="$work/cachegen"

n=0
passed=0
failed=0
ALLOWED_RE='allowed|expected'

pass() {
    n=$((n + 1)); passed=$((passed + 1))
    echo "ok $n - $1"
}

# fail DESCRIPTION REASON [STDERR_FILE]
fail() {
    n=$((n + 1)); failed=$((failed + 1))
    echo "not ok $n - $1"
    echo "#   $2"
    if [ -n "${3:-}" ] && [ -s "$3" ]; then
        sed 's/^/#   stderr: /' "$3"
    fi
}

# Flatten a config.yaml of nested mappings into "dotted.key=value" lines.
yaml_flat() {
    awk '
        /^[[:space:]]*(#|$)/ { next }
        /^[^ ]/ {
            k = $0; sub(/:.*/, "", k); v = $0; sub(/^[^:]*:[ ]*/, "", v)
            if (v == "") sec = k; else { sec = ""; print k "=" v }
            next
        }
        {
            k = $0; sub(/^ +/, "", k); v = k; sub(/:.*/, "", k); sub(/^[^:]*:[ ]*/, "", v)
            print (sec == "" ? "" : sec ".") k "=" v
        }' "$1"
}

# ---- bad input -------------------------------------------------------------------------------
# bad DESCRIPTION NEEDLE... -- ARG...
# Runs `cachegen ARG... -o out` in a fresh case directory (files named by FILES, written before
# the call, live there too). Every NEEDLE must occur in stderr as a whole word (fixed string, or
# an extended regex when written re:REGEX), as must a word saying what is allowed. The exit
# status must be a clean error (1..127, not a crash) and nothing named out* may remain.
declare -A FILES=()

# shellcheck source=tb/last_wins.sh
. "$srcdir/../tb/last_wins.sh" # last_wins: a base --set list, then overrides

bad() {
    local desc=$1; shift
    local needles=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do needles+=("$1"); shift; done
    shift
    local dir="case$((n + 1))"
    mkdir "$dir"
    local f
    for f in "${!FILES[@]}"; do printf '%s' "${FILES[$f]}" > "$dir/$f"; done
    FILES=()
    local rc
    # A hang (an alias bomb) is killed and counts as a crash (status 137).
    (cd "$dir" && timeout -s KILL 30 "$CG" "$@" -o out > stdout.txt 2> stderr.txt)
    rc=$?
    local err="$dir/stderr.txt"
    if [ "$rc" -eq 0 ]; then
        fail "$desc" "exit status 0, expected an error" "$err"; return
    fi
    if [ "$rc" -ge 128 ]; then
        fail "$desc" "exit status $rc: crashed instead of reporting an error" "$err"; return
    fi
    local left
    left=$(cd "$dir" && compgen -G 'out*' | tr '\n' ' ')
    if [ -n "$left" ]; then
        fail "$desc" "left behind: $left" "$err"; return
    fi
    if [ ! -s "$err" ]; then
        fail "$desc" "nothing on stderr" "$err"; return
    fi
    local miss=()
    for f in "${needles[@]}"; do
        if [[ $f == re:* ]]; then
            grep -qwE -- "${f#re:}" "$err" || miss+=("/${f#re:}/")
        else
            grep -qwF -- "$f" "$err" || miss+=("'$f'")
        fi
    done
    grep -qiwE -- "$ALLOWED_RE" "$err" || miss+=("what is allowed (/$ALLOWED_RE/)")
    if [ ${#miss[@]} -gt 0 ]; then
        fail "$desc" "stderr lacks ${miss[*]}" "$err"; return
    fi
    pass "$desc"
}

# Per-key ranges.
# l1.size / l2.size: an alternative to sets (hand-worked: 4 ways x 128 B = 512 B a set)
bad "l1.size=24KiB (48 sets, not a power of two)" l1.size 24KiB "48 sets" -- --preset fermi-l1 --set l1.size=24KiB
bad "l1.size=1000 (not whole sets of 512 B)" l1.size 1000 512 -- --preset fermi-l1 --set l1.size=1000
bad "l1.size=16KB (unit not KiB or MiB)" l1.size 16KB KiB -- --set l1.size=16KB
bad "l1.size=5000MiB (over 4 GiB)" l1.size 5000MiB "4 GiB" -- --set l1.size=5000MiB
bad "l1.size=32KiB with l1.sets=32 (64 sets)" l1.size l1.sets "64 sets" -- --preset fermi-l1 --set l1.sets=32 --set l1.size=32KiB
bad "l1.size=16MiB (32768 sets; 16384 at most)" l1.size 16MiB 16384 -- --preset fermi-l1 --set l1.size=16MiB
bad "l2.size=3MiB with 16 ways of 128 B (1536 sets)" l2.size 3MiB "1536 sets" -- --preset gcache-system --set l2.size=3MiB
# the SRAM macro section (docs/ip.md "Your own SRAM macros")
bad "sram.mask=none on a 32-bit macro (a store would need a read first)" sram.width 32 sram.mask \
  -- --preset fermi-l1 --set sram.macro=M32 --set sram.mask=none
bad "sram.mask=byte on a 12-bit macro" sram.width 12 byte -- --preset fermi-l1 --set sram.macro=M12 \
  --set sram.width=12 --set sram.mask=byte
bad "sram.depth=48 (not a power of two)" sram.depth 48 -- --set sram.macro=M --set sram.depth=48
bad "sram.pin_we names the read enable's port" sram.pin_we re_i sram.pin_re -- --set sram.macro=M \
  --set sram.pin_we=re_i
bad "sram.macro=wire (a keyword)" sram.macro wire keyword -- --set sram.macro=wire
bad "sram.macro=cache_x (the design's own prefix)" sram.macro cache_x name -- --set sram.macro=cache_x
bad "sram.macro=cachegen_sram_1r1w" sram.macro cachegen_sram_1r1w -- --set sram.macro=cachegen_sram_1r1w
bad "sram.pin_wdata=cg_d (the stand-in's own prefix)" sram.pin_wdata cg_d -- --set sram.macro=M \
  --set sram.pin_wdata=cg_d
bad "sram.pin_clk=2clk (not an identifier)" sram.pin_clk 2clk -- --set sram.macro=M --set sram.pin_clk=2clk
bad "l1.sets=48 (not a power of two)" l1.sets 48 -- --set l1.sets=48
bad "l1.sets=0" l1.sets 0 -- --set l1.sets=0
bad "l1.sets=32768 (too large)" l1.sets 32768 -- --set l1.sets=32768
bad "l1.sets=99999999999999999999 (overflows)" l1.sets 99999999999999999999 \
    -- --set l1.sets=99999999999999999999
bad "l1.ways=0" l1.ways 0 -- --set l1.ways=0
bad "l1.ways=33" l1.ways 33 -- --set l1.ways=33
bad "l1.line_bytes=8 (too small)" l1.line_bytes 8 -- --set l1.line_bytes=8
bad "l1.line_bytes=48 (not a power of two)" l1.line_bytes 48 -- --set l1.line_bytes=48
bad "l1.line_bytes=512 (too large)" l1.line_bytes 512 -- --set l1.line_bytes=512
bad "l1.addr_bits=65" l1.addr_bits 65 -- --set l1.addr_bits=65
bad "l1.replacement=lfu (unknown policy)" l1.replacement lfu -- --set l1.replacement=lfu
bad "l1.index=hash (unknown index function)" l1.index hash -- --set l1.index=hash
bad "l1.mode=rrip (unknown mode)" l1.mode rrip -- --set l1.mode=rrip
bad "l1.write_evict=maybe (not a boolean)" l1.write_evict maybe -- --set l1.write_evict=maybe
bad "l1.counter_bits=7" l1.counter_bits 7 -- --set l1.counter_bits=7
bad "l1.ways=four (not a number)" l1.ways four -- --set l1.ways=four
bad "l1.mshrs=-1 (negative)" l1.mshrs -1 -- --set l1.mshrs=-1
bad "l1.ways= (empty value)" l1.ways -- --set l1.ways=

# Combinations.
bad "l1.addr_bits=12 too small for 1024 sets of 256-byte lines" l1.addr_bits 12 \
    -- --set l1.sets=1024 --set l1.line_bytes=256 --set l1.addr_bits=12
bad "l1.addr_bits=20 too small for xor index over 1024 sets of 128-byte lines" l1.addr_bits 20 \
    xor -- --set l1.sets=1024 --set l1.line_bytes=128 --set l1.index=xor --set l1.addr_bits=20
bad "plru with 3 ways" l1.replacement plru l1.ways 3 \
    -- --set l1.ways=3 --set l1.replacement=plru
bad "plru with 1 way" l1.replacement plru l1.ways 1 \
    -- --set l1.ways=1 --set l1.replacement=plru

# Unknown keys and names.
bad "unknown key l1.colour" l1.colour red -- --set l1.colour=red
bad "unknown top-level key colour" colour red -- --set colour=red
bad "name=Module (not lower_snake_case)" name Module -- --set name=Module
bad "name=module (Verilog keyword)" name module -- --set name=module
bad "name=1abc (starts with a digit)" name 1abc -- --set name=1abc
bad "name=class (C++ keyword)" name class -- --set name=class
bad "unknown preset" preset no-such-l1 -- --preset no-such-l1
bad "--set without '='" --set l1.ways -- --set l1.ways
bad "unknown option --colour" --colour -- --colour

# YAML files.
FILES[unbalanced.yaml]=$'name: yaml_cache\nl1:\n  sets: [32, 64\n  ways: 4\n'
bad "YAML with unbalanced brackets" 're:unbalanced\.yaml:[0-9]+' -- --config unbalanced.yaml
FILES[indent.yaml]=$'l1:\n  sets: 32\n ways: 4\n'
bad "YAML with bad indentation" 're:indent\.yaml:[0-9]+' -- --config indent.yaml
FILES[list.yaml]=$'name: yaml_cache\nl1:\n  ways:\n    - 4\n    - 8\n'
bad "YAML with a list where a scalar is expected" list.yaml:3 l1.ways list \
    -- --config list.yaml
FILES[flow_list.yaml]=$'l1:\n  sets: 32\n  ways: [4, 8]\n'
bad "YAML with a flow list where a scalar is expected" flow_list.yaml:3 l1.ways list \
    -- --config flow_list.yaml
FILES[bad_value.yaml]=$'# a comment\nname: yaml_cache\nl1:\n  sets: 64\n  ways: 33\n'
bad "YAML key with a bad value names file and line" bad_value.yaml:5 l1.ways 33 \
    -- --config bad_value.yaml
FILES[unknown_key.yaml]=$'l1:\n  sets: 64\n  colour: red\n'
bad "YAML with unknown key l1.colour" unknown_key.yaml:3 l1.colour red \
    -- --config unknown_key.yaml
FILES[top_list.yaml]=$'- l1.sets\n- l1.ways\n'
bad "YAML document that is a list, not a mapping" top_list.yaml:1 -- --config top_list.yaml
FILES[combo.yaml]=$'l1:\n  ways: 3\n  replacement: plru\n'
bad "YAML: plru with 3 ways" l1.replacement plru l1.ways 3 -- --config combo.yaml
FILES[good.yaml]=$'l1:\n  sets: 64\n'
bad "--set after YAML with a bad value" l1.line_bytes 48 \
    -- --config good.yaml --set l1.line_bytes=48

# Decoupled tag store: its keys' ranges and combinations.
bad "l1.mode=victim (unknown mode)" l1.mode victim decoupled -- --set l1.mode=victim
bad "decoupled: tag ways not above data ways" l1.tag_ways 4 l1.ways \
    -- --set l1.mode=decoupled --set l1.ways=4 --set l1.tag_ways=4
bad "decoupled: direct-mapped data store" l1.ways 1 \
    -- --set l1.mode=decoupled --set l1.ways=1
bad "decoupled: threshold beyond the RC width" l1.threshold 8 l1.rc_bits \
    -- --set l1.mode=decoupled --set l1.rc_bits=3 --set l1.threshold=8
bad "l1.tag_ways=33 (too many)" l1.tag_ways 33 -- --set l1.tag_ways=33
bad "l1.rc_bits=0" l1.rc_bits 0 -- --set l1.rc_bits=0
bad "l1.duel_margin=101" l1.duel_margin 101 -- --set l1.duel_margin=101
bad "l1.duel_interval=0" l1.duel_interval 0 -- --set l1.duel_interval=0

# G-Cache L1 keys: ranges and combinations (SPEC 3.5).
gc="--set l1.mode=gcache --set l1.replacement=srrip --set l1.rrpv_bits=3"
# shellcheck disable=SC2086
{
bad "gcache with lru replacement" l1.replacement lru gcache srrip \
    -- --set l1.mode=gcache --set l1.replacement=lru
bad "gcache with plru replacement" l1.replacement plru srrip \
    -- --set l1.mode=gcache --set l1.ways=4 --set l1.replacement=plru
bad "gcache direct mapped" l1.ways 1 gcache -- $gc --set l1.ways=1
bad "gcache TH_hot beyond 3-bit RRPVs" l1.gc_th_hot 8 l1.rrpv_bits -- $gc --set l1.gc_th_hot=8
# shellcheck disable=SC2086
last_wins $gc --set l1.rrpv_bits=2 --set l1.gc_th_victim=4
bad "gcache TH_victim beyond 2-bit RRPVs" l1.gc_th_victim 4 l1.rrpv_bits -- "${LW[@]}"
bad "l1.gc_th_hot=256" l1.gc_th_hot 256 -- --set l1.gc_th_hot=256
bad "l1.gc_bypass_age_every=0" l1.gc_bypass_age_every 0 -- --set l1.gc_bypass_age_every=0
bad "l1.gc_bypass_age_every=256" l1.gc_bypass_age_every 256 \
    -- --set l1.gc_bypass_age_every=256
bad "l1.gc_switch_reset_period=2147483648" l1.gc_switch_reset_period 2147483648 \
    -- --set l1.gc_switch_reset_period=2147483648
}

# PC bypass predictor keys: ranges and combinations (SPEC 3.6).
pc="--set l1.mode=pcpred --report-only"
# shellcheck disable=SC2086
{
bad "l1.pc_entries=96 (not a power of two)" l1.pc_entries 96 -- --set l1.pc_entries=96
bad "l1.pc_entries=1" l1.pc_entries 1 -- --set l1.pc_entries=1
bad "l1.pc_entries=8192 (too many)" l1.pc_entries 8192 -- --set l1.pc_entries=8192
bad "l1.pc_counter_bits=0" l1.pc_counter_bits 0 -- --set l1.pc_counter_bits=0
bad "l1.pc_counter_bits=9" l1.pc_counter_bits 9 -- --set l1.pc_counter_bits=9
bad "l1.pc_threshold=256" l1.pc_threshold 256 -- --set l1.pc_threshold=256
bad "l1.pc_hash_shift=64" l1.pc_hash_shift 64 -- --set l1.pc_hash_shift=64
bad "pcpred: threshold 4 beyond 2-bit counters" l1.pc_threshold 4 l1.pc_counter_bits \
    -- $pc --set l1.pc_counter_bits=2 --set l1.pc_threshold=4
bad "pcpred: default threshold 8 beyond 3-bit counters" l1.pc_threshold 8 l1.pc_counter_bits \
    -- $pc --set l1.pc_counter_bits=3
bad "pcpred: hash shift 16 shifts out a 16-bit PC" l1.pc_hash_shift 16 l1.pc_bits \
    -- $pc --set l1.pc_bits=16 --set l1.pc_hash_shift=16
}

# System and L2 keys: ranges and combinations (SPEC 3.2).
bad "system.cores=0" system.cores 0 -- --set system.cores=0
bad "system.cores=65" system.cores 65 -- --set system.cores=65
bad "system.cores=5 with 2-bit core ids" system.cores 5 l1.core_bits \
    -- --set l1.core_bits=2 --set system.cores=5
bad "system.cpu_cores=16" system.cpu_cores 16 -- --set system.cpu_cores=16
bad "system.cpu_cores=13 beside 4 L1s in 4-bit core ids" system.cpu_cores 13 l1.core_bits \
    -- --set system.cpu_cores=13
bad "l2.duel_leaders=4 over 16 sets with 3 applications" l2.duel_leaders 4 applications \
    -- --set system.cpu_cores=2 --set l2.replacement=drrip --set l2.sets=16 \
       --set l2.duel_leaders=4
bad "l2.sets=1" l2.sets 1 -- --set l2.sets=1
bad "l2.sets=96 (not a power of two)" l2.sets 96 -- --set l2.sets=96
bad "l2.sets=131072 (too large)" l2.sets 131072 -- --set l2.sets=131072
bad "l2.ways=0" l2.ways 0 -- --set l2.ways=0
bad "l2.ways=33" l2.ways 33 -- --set l2.ways=33
bad "l2.replacement=random (not offered in the L2)" l2.replacement random \
    -- --set l2.replacement=random
bad "l2.replacement=plru with 6 ways (not a power of two)" l2.replacement plru \
    -- --set l2.ways=6 --set l2.replacement=plru
bad "l2.replacement=plru direct mapped" l2.replacement plru \
    -- --set l2.ways=1 --set l2.replacement=plru
bad "l2.rrpv_bits=9" l2.rrpv_bits 9 -- --set l2.rrpv_bits=9
bad "l2.index=hash" l2.index hash -- --set l2.index=hash
bad "l2.mshrs=0" l2.mshrs 0 -- --set l2.mshrs=0
bad "l2.mshrs=65" l2.mshrs 65 -- --set l2.mshrs=65
bad "l2.victim_share=0" l2.victim_share 0 -- --set l2.victim_share=0
bad "l2.victim_share=3 does not divide 4 cores" l2.victim_share 3 system.cores \
    -- --set system.cores=4 --set l2.victim_share=3
bad "l2.victim_share=8 above 4 cores" l2.victim_share 8 -- --set l2.victim_share=8
bad "l2.sets=65536 leaves no tag bit in 23-bit addresses" l2.sets 65536 l1.addr_bits \
    -- --set l1.addr_bits=23 --set l2.sets=65536
bad "l2 xor index over 4096 sets in 24-bit addresses" l2.sets 4096 xor \
    -- --set l1.addr_bits=24 --set l2.index=xor --set l2.sets=4096
bad "l2.pric_poly without l2.index=pric" l2.pric_poly 37 -- --set l2.pric_poly=37
bad "l2.pric_poly of the wrong degree" l2.pric_poly 37 l2.sets \
    -- --set l2.index=pric --set l2.sets=256 --set l2.pric_poly=37
bad "l2.pric_poly reducible" l2.pric_poly 257 \
    -- --set l2.index=pric --set l2.sets=256 --set l2.pric_poly=257
bad "l2 PRIC beyond 16384 sets" l2.sets 32768 pric \
    -- --set l2.index=pric --set l2.sets=32768
bad "L2 row wider than 4096 bits" l2.ways 32 \
    -- --set l1.addr_bits=64 --set l1.line_bytes=16 --set l2.sets=2 --set l2.ways=32 \
       --set l2.replacement=srrip --set l2.rrpv_bits=8 --set l1.core_bits=6 \
       --set system.cores=64
# l2.replacement = drrip (SPEC 3.8): PSEL width, leaders vs sets (S = sets / L >= 2 x apps)
bad "l2.replacement=brrip (not offered)" l2.replacement brrip drrip -- --set l2.replacement=brrip
bad "l2.psel_bits=0" l2.psel_bits 0 -- --set l2.replacement=drrip --set l2.psel_bits=0
bad "l2.psel_bits=17" l2.psel_bits 17 -- --set l2.replacement=drrip --set l2.psel_bits=17
bad "l2.duel_leaders=24 (not a power of two)" l2.duel_leaders 24 \
    -- --set l2.replacement=drrip --set l2.duel_leaders=24
bad "drrip: 32 leaders over 32 sets leave S = 1" l2.duel_leaders 32 "1 to 16" \
    -- --set l2.replacement=drrip --set l2.sets=32
bad "drrip: 4 leaders over 4 sets" l2.duel_leaders 4 "1 to 2" \
    -- --set l2.replacement=drrip --set l2.sets=4 --set l2.duel_leaders=4
bad "drrip in a direct-mapped L2" l2.ways 1 drrip \
    -- --set l2.replacement=drrip --set l2.ways=1
# l2.replacement = ucp (SPEC 3.8): needs CPU ports, ways, UMON sets a power of two <= sets
bad "ucp without CPU ports" l2.replacement ucp system.cpu_cores -- --set l2.replacement=ucp
bad "ucp: 24 UMON sets" l2.umon_sets 24 "power of two" \
    -- --set l2.replacement=ucp --set system.cpu_cores=1 --set l2.umon_sets=24
bad "ucp: 512 UMON sets over 256 sets" l2.umon_sets 512 "1 to 256" \
    -- --set l2.replacement=ucp --set system.cpu_cores=1 --set l2.umon_sets=512
bad "ucp in a direct-mapped L2" l2.ways 1 ucp \
    -- --set l2.replacement=ucp --set system.cpu_cores=1 --set l2.ways=1
bad "tap.period=0" tap.period 0 -- --set l2.replacement=ucp --set system.cpu_cores=1 \
    --set tap.period=0
bad "tap.period=2^31+1" tap.period 2147483649 -- --set tap.period=2147483649
bad "l2.umon_counter_bits=17" l2.umon_counter_bits 17 -- --set l2.umon_counter_bits=17
# l2.replacement = tap_rrip (SPEC 3.8): tap_check's rule, the error naming the key
tapargs=(--set l2.replacement=tap_rrip --set l2.sets=16 --set l2.duel_leaders=2 --set system.cores=3
         --set system.cpu_cores=2)
last_wins "${tapargs[@]}" --set system.cores=2
bad "tap_rrip with 2 GPU cores" system.cores 2 "3..64" -- "${LW[@]}"
last_wins "${tapargs[@]}" --set system.cpu_cores=0 --set l2.sets=16 --set l2.duel_leaders=4
bad "tap_rrip without CPU ports" system.cpu_cores 0 "1..15" -- "${LW[@]}"
bad "tap.period=11 (below the decision's 12 cycles)" tap.period 11 "12..2147483648" \
    -- "${tapargs[@]}" --set tap.period=11
bad "tap_rrip: tap.period=0" tap.period 0 "1..2147483648" -- "${tapargs[@]}" --set tap.period=0
bad "tap.alpha=101" tap.alpha 101 "0..100" -- "${tapargs[@]}" --set tap.alpha=101
bad "tap.txs=0" tap.txs 0 "1..1023" -- "${tapargs[@]}" --set tap.txs=0
bad "tap_rrip: 8 leaders over 16 sets with 3 apps" l2.duel_leaders 8 -- "${tapargs[@]}" \
    --set l2.duel_leaders=8
# l2.replacement = tap_ucp: tap_rrip's controller rule (tap_check) and ucp's (umon_check)
tuargs=(--set l2.replacement=tap_ucp --set l2.sets=16 --set system.cores=3 --set system.cpu_cores=2)
last_wins "${tuargs[@]}" --set system.cores=2
bad "tap_ucp with 2 GPU cores" system.cores 2 "3..64" -- "${LW[@]}"
last_wins "${tuargs[@]}" --set system.cpu_cores=0
bad "tap_ucp without CPU ports" system.cpu_cores 0 "1..15" -- "${LW[@]}"
bad "tap_ucp: tap.period=11" tap.period 11 "12..2147483648" -- "${tuargs[@]}" --set tap.period=11
bad "tap_ucp: 32 UMON sets over 16 sets" l2.umon_sets 32 "1 to 16" -- "${tuargs[@]}" \
    --set l2.umon_sets=32
bad "tap_ucp in a direct-mapped L2" l2.ways 1 tap_ucp -- "${tuargs[@]}" --set l2.ways=1
FILES[l2.yaml]=$'system:\n  cores: 8\nl2:\n  sets: 128\n  victim_share: 3\n'
bad "YAML: l2.victim_share=3 with 8 cores" l2.victim_share 3 -- --config l2.yaml
FILES[l2key.yaml]=$'l2:\n  colour: red\n'
bad "YAML with unknown key l2.colour" l2key.yaml:2 l2.colour red -- --config l2key.yaml

# ---- identifiers (issue 14): one definition shared by validation and the emitter ------------
# Spot checks typed here, independent of core/ident.c: Verilog-2005 net types, SystemVerilog
# 1800-2017 words, C++ keywords and alternative tokens, words Verilator keeps out of its C++.
for kw in wand wor tri tri0 trireg supply0 uwire pulsestyle_onevent always_ff logic bit int \
          final unique0 s_until_with interface delete co_await char8_t and_eq xor_eq \
          thread_local vector map; do
    bad "name=$kw (reserved word)" name "$kw" re:keyword\|reserves -- --set "name=$kw"
done
bad "name=foo_ (trailing underscore: foo__meta would be its module)" name foo_ \
    -- --set name=foo_
bad "name=a__b (double underscore)" name a__b -- --set name=a__b
FILES[kw.yaml]=$'name: wand\nl1:\n  ways: 4\n'
bad "YAML name: wand (Verilog-2005 keyword)" kw.yaml:1 name wand -- --config kw.yaml

# Every word of every table in core/ident.c is refused as name, cleanly; every name built from
# the words holding '_' (their prefixes, e.g. wait of wait_order, and the words with a suffix)
# that validation accepts also generates (the emitter never aborts on a validated name).
desc="every reserved word of core/ident.c is refused as name with a named error"
words=$(awk '/^static const char \*const kw_/ { on = 1 } on { print } /NULL};/ { on = 0 }' \
        "$srcdir/ident.c" | grep -o '"[^"]*"' | tr -d '"' | sort -u)
nwords=$(wc -w <<< "$words")
crash="" accepted="" unnamed=""
if [ "$nwords" -lt 300 ]; then
    fail "$desc" "only $nwords words read from $srcdir/ident.c"
else
    for kw in $words; do
        "$CG" --set "name=$kw" -o kw_out > /dev/null 2> kw_err.txt
        rc=$?
        if [ "$rc" -ge 128 ]; then crash+=" $kw($rc)"
        elif [ "$rc" -eq 0 ]; then accepted+=" $kw"; rm -rf kw_out
        elif ! grep -qF "name = $kw: not allowed" kw_err.txt; then unnamed+=" $kw"
        fi
    done
    if [ -n "$crash$accepted$unnamed" ]; then
        fail "$desc" "crashed:$crash; accepted:$accepted; message lacks the name:$unnamed"
    else
        pass "$desc ($nwords words)"
    fi
fi

desc="a name validation accepts always generates (names around the reserved words)"
cands=$(for kw in $words; do
            case $kw in *_*) echo "${kw%%_*}"; echo "${kw%_*}"; echo "${kw}_x";; esac
        done | grep -E '^[a-z][a-z0-9_]*$' | sort -u)
crash="" nacc=0 nref=0
for nm in $cands; do
    rm -rf nm_out
    "$CG" --set "name=$nm" -o nm_out > /dev/null 2> nm_err.txt
    rc=$?
    if [ "$rc" -ge 128 ] || { [ "$rc" -ne 0 ] && ! grep -qF "name = $nm: not allowed" nm_err.txt; }
    then crash+=" $nm($rc)"
    elif [ "$rc" -eq 0 ] && [ ! -f "nm_out/$nm.v" ]; then crash+=" $nm(no $nm.v)"
    elif [ "$rc" -eq 0 ]; then nacc=$((nacc + 1))
    else nref=$((nref + 1)); fi
done
rm -rf nm_out
if [ -n "$crash" ]; then fail "$desc" "neither generated nor cleanly refused:$crash"
elif [ "$nacc" -lt 40 ] || [ "$nref" -lt 10 ]; then
    fail "$desc" "only $nacc accepted and $nref refused names tried"
else pass "$desc ($nacc generated, $nref refused)"; fi

# ---- numbers and lengths (issue 14): nothing cut, nothing read past its end -----------------
long=$(printf 'a%.0s' $(seq 600))
bad "name of 600 characters: refused, its length named" name '600 characters' \
    -- --set "name=$long"
zeros=$(printf '0%.0s' $(seq 600))
bad "--set with a key of 70 characters" --set -- --set "$(printf 'k%.0s' $(seq 70))=1"
printf 'l1:\n  ways: "8\\0garbage"\n' > nul_tmp.yaml
FILES[nul.yaml]=$(cat nul_tmp.yaml)
bad "YAML scalar with a NUL inside (\"8\\0garbage\") is not read as 8" nul.yaml:2 l1.ways \
    're:8\\x00garbage' -- --config nul.yaml
FILES[hex.yaml]=$'l1:\n  ways: 0x8\n'
bad "YAML ways: 0x8 (not decimal)" hex.yaml:2 l1.ways 0x8 -- --config hex.yaml
FILES[plus.yaml]=$'l1:\n  ways: "+8"\n'
bad "YAML ways: \"+8\" (a sign)" plus.yaml:2 l1.ways -- --config plus.yaml

# cachegen pric: every number through num.h (strtoull took "+64" and " 128").
bad_pric() { # bad_pric DESCRIPTION NEEDLE -- ARG...
    local desc=$1 needle=$2; shift 3
    local rc
    timeout -s KILL 30 "$CG" pric "$@" > pric_out.txt 2> pric_err.txt
    rc=$?
    if [ "$rc" -eq 0 ] || [ "$rc" -ge 128 ]; then
        fail "$desc" "exit status $rc, expected a clean error" pric_err.txt
    elif [ -s pric_out.txt ]; then
        fail "$desc" "printed equations anyway" pric_err.txt
    elif ! grep -qF -- "$needle" pric_err.txt || ! grep -qiwE -- "$ALLOWED_RE" pric_err.txt; then
        fail "$desc" "stderr lacks '$needle' or what is allowed" pric_err.txt
    else
        pass "$desc"
    fi
}
bad_pric "pric --sets +64 (a sign)" "--sets = +64" -- --sets +64 --line-bytes 128 --addr-bits 32
bad_pric "pric --line-bytes ' 128' (a space)" "--line-bytes =  128" \
    -- --sets 64 --line-bytes " 128" --addr-bits 32
bad_pric "pric --addr-bits 99999999999999999999 (overflows)" "--addr-bits = 9999" \
    -- --sets 64 --line-bytes 128 --addr-bits 99999999999999999999
bad_pric "pric --top-bit 0x1f (not decimal)" "--top-bit = 0x1f" \
    -- --sets 64 --line-bytes 128 --addr-bits 32 --top-bit 0x1f

# ---- YAML structure (issue 14): bounded work, one document, each key once ---------------------
FILES[loop.yaml]=$'l1: &a {ways: 4, b: *a}\n'
bad "YAML alias cycle inside a section" loop.yaml:1 l1.b cycle -- --config loop.yaml
FILES[self.yaml]=$'a: &a {b: *a}\n'
bad "YAML alias cycle a: &a {b: *a}" self.yaml:1 a -- --config self.yaml
FILES[root.yaml]=$'&r {l1: *r}\n'
bad "YAML alias of the whole document" root.yaml:1 l1 cycle -- --config root.yaml
FILES[deep.yaml]="l1: $(printf '{a: %.0s' $(seq 10000))1$(printf '}%.0s' $(seq 10000))"
bad "YAML with 10,000 nested mappings" deep.yaml:1 nesting -- --config deep.yaml
bomb='a0: &a0 {}'
for i in $(seq 1 30); do
    bomb+=$'\n'"a$i: &a$i {k0: *a$((i-1)), k1: *a$((i-1)), k2: *a$((i-1)), k3: *a$((i-1)), "
    bomb+="k4: *a$((i-1)), k5: *a$((i-1)), k6: *a$((i-1)), k7: *a$((i-1))}"
done
FILES[bomb.yaml]=$bomb$'\n'
bad "YAML alias bomb (8^30 expansions) ends at once" bomb.yaml:1 a0 -- --config bomb.yaml
bomb_l=$(sed 's/^a0:/l1:/; s/^a[0-9]*:/l2:/' <<< "$bomb")
FILES[bomb_l2.yaml]=$bomb_l$'\n'
bad "YAML alias bomb under known sections ends at once" bomb_l2.yaml:1 l1 -- --config bomb_l2.yaml
FILES[dup.yaml]=$'l1:\n  ways: 4\n  sets: 64\n  ways: 8\n'
bad "YAML duplicate key l1.ways" dup.yaml:4 l1.ways duplicate -- --config dup.yaml
FILES[dupsec.yaml]=$'l1:\n  ways: 4\nl1:\n  sets: 64\n'
bad "YAML duplicate section l1" dupsec.yaml:3 l1 duplicate -- --config dupsec.yaml
FILES[doc2.yaml]=$'l1:\n  ways: 4\n---\nl1:\n  ways: 8\n'
bad "YAML second document" doc2.yaml:3 document -- --config doc2.yaml
FILES[empty_unknown.yaml]=$'l1:\n  ways: 4\nfoo: {}\n'
bad "YAML empty unknown section foo: {}" empty_unknown.yaml:3 foo section \
    -- --config empty_unknown.yaml
FILES[empty_l2.yaml]=$'l1:\n  ways: 4\nl2: {}\n'
bad "YAML empty section l2: {}" empty_l2.yaml:3 l2 empty -- --config empty_l2.yaml
FILES[empty_l2b.yaml]=$'l2:\nl1:\n  ways: 4\n'
bad "YAML empty section l2: (no value)" empty_l2b.yaml:1 l2 empty -- --config empty_l2b.yaml
FILES[nested.yaml]=$'l1:\n  ways:\n    deep: 4\n'
bad "YAML mapping below a section" nested.yaml:2 l1.ways mapping -- --config nested.yaml

# An existing directory (or file) that cachegen did not write must be refused and kept as is.
existing_not_ours() {
    local desc=$1 kind=$2
    local dir="case$((n + 1))"
    mkdir "$dir"
    if [ "$kind" = dir ]; then
        mkdir "$dir/out"
        echo "precious" > "$dir/out/sentinel.txt"
    else
        echo "precious" > "$dir/out"
    fi
    local rc
    (cd "$dir" && "$CG" --preset fermi-l1 -o out > stdout.txt 2> stderr.txt)
    rc=$?
    local err="$dir/stderr.txt"
    if [ "$rc" -eq 0 ] || [ "$rc" -ge 128 ]; then
        fail "$desc" "exit status $rc, expected a clean error" "$err"; return
    fi
    if [ "$kind" = dir ]; then
        local listing
        listing=$(cd "$dir/out" && ls -A | tr '\n' ' ')
        if [ "$listing" != "sentinel.txt " ] ||
           [ "$(cat "$dir/out/sentinel.txt")" != precious ]; then
            fail "$desc" "directory was changed: now holds: $listing" "$err"; return
        fi
    elif [ ! -f "$dir/out" ] || [ "$(cat "$dir/out")" != precious ]; then
        fail "$desc" "file was changed" "$err"; return
    fi
    local left
    left=$(cd "$dir" && compgen -G 'out?*' | tr '\n' ' ')
    if [ -n "$left" ]; then
        fail "$desc" "left behind: $left" "$err"; return
    fi
    local miss=()
    grep -qwF -- "-o" "$err" || miss+=("'-o'")
    grep -qwF -- "out" "$err" || miss+=("'out'")
    grep -qiwE -- "$ALLOWED_RE" "$err" || miss+=("what is allowed (/$ALLOWED_RE/)")
    if [ ${#miss[@]} -gt 0 ]; then
        fail "$desc" "stderr lacks ${miss[*]}" "$err"; return
    fi
    pass "$desc"
}
existing_not_ours "-o an existing non-cachegen directory is refused and left untouched" dir
existing_not_ours "-o an existing regular file is refused and left untouched" file

# ---- good input ------------------------------------------------------------------------------
# run_ok DESCRIPTION ARG...: run cachegen in the top directory; on failure report and return 1.
run_ok() {
    local desc=$1; shift
    if ! "$CG" "$@" > last_stdout.txt 2> last_stderr.txt; then
        fail "$desc" "cachegen $* exited non-zero" last_stderr.txt
        return 1
    fi
}

# --help exits 0 and documents every key that config.yaml holds.
desc="--help exits 0 and names every key of the generated config.yaml"
if run_ok "$desc" --help && cp last_stdout.txt help.txt && run_ok "$desc" -o help_out; then
    yaml_flat help_out/config.yaml | cut -d= -f1 > help_keys.txt
    missing=$(while read -r k; do grep -qwF -- "$k" help.txt || echo "$k"; done < help_keys.txt)
    if [ "$(wc -l < help_keys.txt)" -lt 10 ]; then
        fail "$desc" "config.yaml holds only $(wc -l < help_keys.txt) keys"
    elif [ -n "$missing" ]; then
        fail "$desc" "help lacks: $(tr "\n" " " <<< "$missing")"
    else
        pass "$desc"
    fi
fi

desc="--list-presets exits 0 and lists fermi-l1, gcn-l1, the G-Cache presets, tian-gcn and tap-rrip"
if run_ok "$desc" --list-presets; then
    if grep -qw fermi-l1 last_stdout.txt && grep -qw gcn-l1 last_stdout.txt &&
       grep -qw gcache-system last_stdout.txt && grep -qw gcache-l2-16core last_stdout.txt &&
       grep -qw tian-gcn last_stdout.txt && grep -qw tap-rrip last_stdout.txt; then
        pass "$desc"
    else
        fail "$desc" "list lacks a preset: $(tr '\n' '|' < last_stdout.txt)"
    fi
fi

# CPU ports beside L1s of every l1.mode (SPEC 3.1: the L2's policy with any L1 mode).
for p in gcache-system li-decoupled tian-gcn sacat-fermi; do
    desc="system.cpu_cores=1 and l2.replacement=ucp beside the $p preset's L1s"
    if run_ok "$desc" --preset "$p" --set system.cpu_cores=1 --set l2.replacement=ucp \
              --set tap.period=2000 -o "cpu_$p"; then
        if grep -q '^  cpu_cores: 1$' "cpu_$p/config.yaml" &&
           grep -q 'cpu_req_valid_i' "cpu_$p"/*_sys.v; then
            pass "$desc"
        else
            fail "$desc" "no CPU port in cpu_$p"
        fi
    fi
done

# Every preset generates, and its config.yaml reloads to the same bytes.
for p in fermi-l1 gcn-l1 li-decoupled; do
    desc="--preset $p generates; its config.yaml regenerates identical output"
    if run_ok "$desc" --preset "$p" -o "preset_$p" &&
       run_ok "$desc" --config "preset_$p/config.yaml" -o "reload_$p"; then
        if d=$(diff -r "preset_$p" "reload_$p" 2>&1); then
            pass "$desc"
        else
            fail "$desc" "outputs differ: $(echo "$d" | head -5 | tr '\n' '|')"
        fi
    fi
done

# config.yaml is one mapping per section: a repeated key would be a YAML duplicate.
desc="config.yaml opens every mapping once (no duplicate keys)"
if run_ok "$desc" --preset li-decoupled -o dupcheck; then
    dups=$(grep -E '^[a-z_0-9]+:' dupcheck/config.yaml | cut -d: -f1 | sort | uniq -d)
    if [ -z "$dups" ]; then pass "$desc"; else fail "$desc" "repeated: $dups"; fi
fi

# A YAML config of nested mappings: config.yaml holds exactly the values given.
cat > good.yaml <<'EOF'
# cachegen test configuration
name: yaml_cache
l1:
  sets: 64
  ways: 8
  line_bytes: 64
  addr_bits: 40
  mshrs: 16
  replacement: plru
  index: xor
  write_evict: true
  counter_bits: 48
EOF
check_values() { # check_values DESC DIR KEY=VALUE...
    local desc=$1 dir=$2; shift 2
    local flat miss=() kv
    flat=$(yaml_flat "$dir/config.yaml")
    for kv in "$@"; do
        grep -qxF -- "$kv" <<< "$flat" || miss+=("$kv")
    done
    if [ ${#miss[@]} -gt 0 ]; then
        fail "$desc" "config.yaml lacks ${miss[*]} (has: $(tr "\n" " " <<< "$flat"))"
    else
        pass "$desc"
    fi
}
desc="--config YAML (nested l1: mapping) generates config.yaml with the values given"
if run_ok "$desc" --config good.yaml -o yaml_out; then
    if [ ! -f yaml_out/yaml_cache.v ] || [ ! -f yaml_out/yaml_cache.f ]; then
        fail "$desc" "yaml_out lacks yaml_cache.v or yaml_cache.f: $(ls yaml_out | tr '\n' ' ')"
    else
        check_values "$desc" yaml_out name=yaml_cache l1.sets=64 l1.ways=8 l1.line_bytes=64 \
            l1.addr_bits=40 l1.mshrs=16 l1.replacement=plru l1.index=xor l1.write_evict=true \
            l1.counter_bits=48
    fi
fi

desc="--set overrides a value from the YAML file"
if run_ok "$desc" --config good.yaml --set l1.ways=2 --set l1.replacement=srrip -o set_out; then
    check_values "$desc" set_out name=yaml_cache l1.sets=64 l1.ways=2 l1.replacement=srrip \
        l1.index=xor
fi

desc="system: and l2: keys from YAML land in config.yaml"
cat > l2good.yaml <<'EOF'
system:
  cores: 8
l2:
  sets: 128
  ways: 8
  replacement: srrip
  rrpv_bits: 3
  index: pric
  pric_poly: 131
  mshrs: 16
  victim_share: 2
EOF
if run_ok "$desc" --config l2good.yaml -o l2_out; then
    check_values "$desc" l2_out system.cores=8 l2.sets=128 l2.ways=8 l2.replacement=srrip \
        l2.rrpv_bits=3 l2.index=pric l2.pric_poly=131 l2.mshrs=16 l2.victim_share=2
fi

desc="every output holds the L2 slice, listed after the L1 top, named in the manifest"
if [ -d l2_out ]; then
    top=$(sed -n 's/^top: //p' l2_out/cachegen.manifest)
    l2=$(sed -n 's/^l2: //p' l2_out/cachegen.manifest)
    order=$(grep -nxE "$top\.v|${top}_l2(_index|_meta|_mshr|_memq)?\.v" "l2_out/$top.f" | cut -d: -f2 |
            tr '\n' ' ')
    want="$top.v ${top}_l2_index.v ${top}_l2_meta.v ${top}_l2_mshr.v ${top}_l2_memq.v ${top}_l2.v "
    if [ "$l2" != "${top}_l2" ] || [ "$order" != "$want" ]; then
        fail "$desc" "manifest l2: '$l2'; file list order: $order"
    elif ! grep -q "^module ${top}_l2 (" "l2_out/${top}_l2.v"; then
        fail "$desc" "l2_out/${top}_l2.v does not define module ${top}_l2"
    else
        pass "$desc"
    fi
fi

desc="gcache-l2-16core's L2 report: exactly 131,072 victim bits (16 L1s x 512 sets x 16 ways)"
if run_ok "$desc" --preset gcache-l2-16core -o l2_16; then
    if grep -q '"victim_bits": 131072,' l2_16/gcache_l2_16core_report.json &&
       grep -q '| L2 rows: G-Cache victim bits | sram | 131072 |' l2_16/gcache_l2_16core_report.md
    then
        pass "$desc"
    else
        fail "$desc" "report lacks 131072 victim bits: $(grep -i victim l2_16/*.md | head -3)"
    fi
fi

desc="tian-gcn --report-only: 512 table bits, 256 lines x 7 hash bits, 4,096 L2 bypass bits, no RTL"
if run_ok "$desc" --preset tian-gcn --report-only -o tian; then
    md=tian/tian_gcn_report.md json=tian/tian_gcn_report.json
    if compgen -G 'tian/*.v' > /dev/null; then
        fail "$desc" "Verilog written: $(cd tian && ls ./*.v | head -3 | tr '\n' ' ')"
    elif grep -q '| PC predictor table (saturating counters) | flops | 512 |' "$md" &&
         grep -q '| metadata rows: per-line PC hashes (hpc) | sram | 1792 |' "$md" &&
         grep -q '| L2 rows: PC-predictor bypass bits | sram | 4096 |' "$md" &&
         grep -q '256 lines x 7 bits' "$md" && grep -q '"table_bits": 512,' "$json" &&
         grep -q '"line_hash_bits": 1792,' "$json" && grep -q '"l2_bypass_bits": 4096$' "$json" &&
         grep -qx '| w7.hpc | \[231:225\] |' "$md" && grep -qx '| w15.bypass | \[527:527\] |' "$md"
    then
        pass "$desc"
    else
        fail "$desc" "report lacks a pcpred number: $(grep -iE 'hpc|predictor|bypass' "$md" | head -4 | tr '\n' '|')"
    fi
fi

desc="tian-gcn --report-only: config.yaml regenerates the identical report-only output"
if [ -d tian ] && run_ok "$desc" --config tian/config.yaml --report-only -o tian_reload; then
    if d=$(diff -r tian tian_reload 2>&1); then pass "$desc"
    else fail "$desc" "outputs differ: $(echo "$d" | head -5 | tr '\n' '|')"; fi
fi

desc="--set applies after the preset (a key set twice is refused: gen/test_options.sh)"
if run_ok "$desc" --preset gcn-l1 --set l1.ways=16 -o order_out; then
    check_values "$desc" order_out l1.ways=16
fi

desc="the same config twice into two directories gives byte-identical trees"
mkdir -p det_a det_b/nested
if run_ok "$desc" --config good.yaml -o det_a/first &&
   run_ok "$desc" --config good.yaml -o det_b/nested/second; then
    if d=$(diff -r det_a/first det_b/nested/second 2>&1); then
        pass "$desc"
    else
        fail "$desc" "trees differ: $(echo "$d" | head -5 | tr '\n' '|')"
    fi
fi

# (A file a user added there makes cachegen refuse instead: gen/test_outdir.sh.)
desc="regenerating into an existing cachegen output directory replaces it as a whole"
mkdir regen
if run_ok "$desc" --preset fermi-l1 -o regen/out &&
   run_ok "$desc" --preset gcn-l1 -o regen/out; then
    left=$(cd regen && compgen -G 'out?*' | tr '\n' ' ')
    if [ -n "$left" ]; then
        fail "$desc" "left behind: $left"
    elif [ -e regen/out/fermi_l1.v ] || [ ! -f regen/out/gcn_l1.v ]; then
        fail "$desc" "holds: $(ls regen/out | tr '\n' ' ')"
    elif ! diff -r regen/out preset_gcn-l1 > /dev/null 2>&1; then
        fail "$desc" "differs from a fresh gcn-l1 output"
    else
        check_values "$desc" regen/out name=gcn_l1 l1.ways=8 l1.line_bytes=64
    fi
fi

desc="a failed regeneration leaves the earlier cachegen output untouched"
mkdir keep
if run_ok "$desc" --preset fermi-l1 -o keep/out; then
    cp -r keep/out keep_copy
    if "$CG" --preset gcn-l1 --set l1.ways=33 -o keep/out > /dev/null 2> keep_err.txt; then
        fail "$desc" "cachegen accepted l1.ways=33"
    elif ! diff -r keep/out keep_copy > /dev/null 2>&1; then
        fail "$desc" "keep/out changed" keep_err.txt
    elif [ -n "$(cd keep && compgen -G 'out?*')" ]; then
        fail "$desc" "left behind: $(cd keep && compgen -G 'out?*' | tr '\n' ' ')" keep_err.txt
    else
        pass "$desc"
    fi
fi

desc="l1.size=32KiB on fermi-l1 (4 ways x 128 B) gives 64 sets; l2.size=1MiB on gcache-system 512"
if run_ok "$desc" --preset gcache-system --set l1.size=32KiB --set l2.size=1MiB -o size_out; then
    check_values "$desc" size_out l1.sets=64 l2.sets=512
fi
desc="l1.size before l1.ways: 64KiB with 8 ways of 128 B is 64 sets; l1.size=16KiB with l1.sets=32 agrees"
if run_ok "$desc" --set l1.size=64KiB --set l1.ways=8 -o size2_out &&
   run_ok "$desc" --preset fermi-l1 --set l1.sets=32 --set "l1.size=16KiB" -o size3_out; then
    check_values "$desc" size2_out l1.sets=64 l1.ways=8 && check_values "$desc" size3_out l1.sets=32
fi
desc="a --set value of 606 characters is read whole (l1.duel_margin=000...05 is 5)"
if run_ok "$desc" --set l1.mode=decoupled --set "l1.duel_margin=${zeros}05" -o long_out; then
    check_values "$desc" long_out l1.duel_margin=5
fi
desc="YAML aliases of scalars are read (l2.ways: *w takes l1.ways: &w 8)"
printf 'l1:\n  mode: decoupled\n  ways: &w 8\n  tag_ways: 16\nl2:\n  ways: *w\n' > alias_ok.yaml
if run_ok "$desc" --config alias_ok.yaml -o alias_out; then
    check_values "$desc" alias_out l1.ways=8 l2.ways=8 l1.tag_ways=16
fi

# ---- corner configurations of every mode (issue 14): none may abort ----------------------------
# Legal extremes: sets up to 1024 (and the L1's 16384), 32 ways, 256-byte lines, 64 address
# bits, 64 MSHRs, wide counters, every index, L2 and system keys at their limits. Each must
# generate completely (manifest, file list, system top) with exit 0 and leave nothing beside.
gcx="--set l1.mode=gcache --set l1.replacement=srrip --set l1.rrpv_bits=8"
gcx+=" --set l1.gc_th_hot=255 --set l1.gc_th_victim=0 --set l1.gc_bypass_age_every=255"
gcx+=" --set l1.gc_switch_reset_period=2147483647"
dcx="--set l1.mode=decoupled --set l1.ways=31 --set l1.tag_ways=32 --set l1.rc_bits=8"
dcx+=" --set l1.threshold=255 --set l1.duel_interval=65535 --set l1.duel_margin=100"
pcx="--set l1.mode=pcpred --set l1.pc_entries=4096 --set l1.pc_counter_bits=8"
pcx+=" --set l1.pc_threshold=255 --set l1.pc_bits=64 --set l1.pc_hash_shift=63"
big="--set l1.sets=1024 --set l1.ways=32 --set l1.line_bytes=256 --set l1.addr_bits=64"
big+=" --set l1.mshrs=64 --set l1.counter_bits=64 --set l1.id_bits=16 --set l1.core_bits=8"
l2x="--set system.cores=64 --set l2.sets=65536 --set l2.ways=32 --set l2.replacement=srrip"
l2x+=" --set l2.rrpv_bits=8 --set l2.mshrs=64 --set l2.victim_share=64"
corners=(
    "--preset gcache-system --set l1.sets=128"
    "--preset gcache-system --set l1.sets=1024 --set l2.sets=65536"
    "$gcx $big --set l1.index=modulo"
    "$gcx $big --set l1.index=xor"
    "$gcx $big --set l1.index=pric"
    "$gcx --set l1.sets=16384 --set l1.ways=2 --set l1.line_bytes=16 --set l1.index=pric"
    "$gcx --set l1.sets=2 --set l1.ways=2 --set l1.line_bytes=16 --set l1.mshrs=1"
    "$gcx $big $l2x --set l2.index=xor"
    "$big --set l1.index=modulo"
    "$big --set l1.index=xor --set l1.replacement=plru"
    "$big --set l1.index=pric --set l1.replacement=srrip --set l1.rrpv_bits=8"
    "$big --set l1.ways=1 --set l1.mshrs=1 --set l1.write_evict=true"
    "$big $l2x --set l2.index=pric --set l2.sets=16384"
    "$big --set system.cores=1 --set l2.sets=2 --set l2.ways=1 --set l2.mshrs=1"
    "$dcx $big --set l1.ways=31 --set l1.index=modulo"
    "$dcx $big --set l1.ways=31 --set l1.index=xor"
    "$dcx $big --set l1.ways=31 --set l1.index=pric --set l1.replacement=srrip"
    "$dcx --set l1.sets=2 --set l1.ways=2 --set l1.tag_ways=3 --set l1.rc_bits=1
     --set l1.threshold=1"
    "$pcx $big --set l1.index=modulo"
    "$pcx $big --set l1.index=xor --set l1.replacement=plru"
    "$pcx $big --set l1.index=pric $l2x"
    "$pcx --set l1.sets=2 --set l1.ways=1 --set l1.pc_entries=2 --set l1.pc_counter_bits=1
     --set l1.pc_threshold=0 --set l1.pc_bits=1 --set l1.pc_hash_shift=0"
    "--set system.cores=3 --set system.cpu_cores=1 --set l2.sets=4 --set l2.ways=2
     --set l2.replacement=ucp --set l2.umon_sets=4 --set l2.umon_counter_bits=1 --set tap.period=1"
    "--set system.cores=3 --set system.cpu_cores=15 --set l1.core_bits=5 --set l2.sets=2048
     --set l2.ways=32 --set l2.replacement=ucp --set l2.umon_sets=2048 --set tap.period=2147483648"
)
desc="corner configurations of every mode generate without an abort (${#corners[@]} configs)"
cfails=""
k=0
for args in "${corners[@]}"; do
    k=$((k + 1))
    rm -rf "corner$k"
    # shellcheck disable=SC2086
    last_wins $args --set "name=corner$k"
    timeout -s KILL 120 "$CG" "${LW[@]}" -o "corner$k" > /dev/null 2> "corner$k.err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        cfails+=" #$k: exit $rc ($(head -c 200 "corner$k.err")) for: $args;"
    elif [ ! -f "corner$k/cachegen.manifest" ] || [ ! -f "corner$k/corner${k}_sys.v" ]; then
        cfails+=" #$k: incomplete output for: $args;"
    elif [ -n "$(compgen -G "corner$k?*" | grep -v '\.err$')" ]; then
        cfails+=" #$k: left behind: $(compgen -G "corner$k?*" | tr '\n' ' ');"
    fi
done
if [ -n "$cfails" ]; then fail "$desc" "$cfails"; else pass "$desc"; fi

# The switch vector of a G-Cache L1 is one bit a set: its reset constant is as wide as the set
# count, past 64 bits (128 sets) and past a bit vector's 4096 bits (16384 sets).
desc="G-Cache switch vectors reset with constants of the set count's width (128, 16384 bits)"
if grep -qxF "      gc_switch_q <= 128'h0;" corner1/corner1.v 2> /dev/null &&
   grep -qxF "      gc_switch_q <= 16384'h0;" corner6/corner6.v 2> /dev/null &&
   grep -qF "gc_switch_d = 16384'h0;" corner6/corner6.v; then
    pass "$desc"
else
    fail "$desc" "corner1.v: $(grep -hF 'gc_switch_q <=' corner1/corner1.v 2>&1 | head -2 |
        tr '\n' '|') corner6.v: $(grep -hF 'gc_switch_q <=' corner6/corner6.v 2>&1 | head -2 |
        tr '\n' '|')"
fi

# Some of them through Verilator's lint (-Wall, with the generated waivers), the whole system:
# #23 is UCP's least L2 (2 ways: 1-bit ATD ranks; 1-bit hit counters, which halve to 0).
if command -v verilator > /dev/null; then
    for k in 3 19 23; do
        desc="corner config #$k lints clean with verilator --lint-only -Wall (system top)"
        if [ ! -f "corner$k/corner$k.f" ]; then fail "$desc" "not generated"; continue; fi
        if msg=$(cd "corner$k" && timeout -s KILL 300 verilator --lint-only -Wall -f "corner$k.f" \
                 "corner${k}_lint.vlt" --top-module "corner${k}_sys" 2>&1); then
            pass "$desc"
        else
            fail "$desc" "$(head -c 600 <<< "$msg")"
        fi
    done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
