#!/usr/bin/env bash
# Issue 35's prototype: instructions per decode, ((N+1) − 1 decodes) ÷ N under callgrind, per mode
# and corpus file, with the driver Benchmarks/Sources/TapePrototypeDriver (release build).
#   scripts/tape-prototype-callgrind.sh [DRIVER] [MODES] [FILES]
# Prints one line per (file, mode): instructions per decode. Keeps the N+1 run's profile in
# $OUT (default /tmp/tape-prototype-callgrind) for callgrind_annotate.
set -euo pipefail
cd "$(dirname "$0")/.."
driver="${1:-Benchmarks/.build/release/TapePrototypeDriver}"
modes="${2:-model record tape bridge yajl}"
files="${3:-user twitter canada citm_catalog}"
corpus="${CORPUS:-/work/shared/corpus}"
out="${OUT:-/tmp/tape-prototype-callgrind}"
mkdir -p "$out"
# Swift seeds its hashing per process: one-time work (schemas, caches) would cost differently in
# the two runs and leave noise in the difference.
export SWIFT_DETERMINISTIC_HASHING=1
instructions() {  # the total of one callgrind run
    local file="$1"; shift
    valgrind --tool=callgrind --callgrind-out-file="$file" "$@" >/dev/null 2>&1
    grep -E '^(summary|totals):' "$file" | head -1 | awk '{print $2}'
}
for f in $files; do
    case "$f" in user) n=100 ;; twitter) n=4 ;; *) n=2 ;; esac
    for m in $modes; do
        one=$(instructions "$out/$f-$m-1.out" "$driver" "$m" "$corpus/$f.json" 1)
        many=$(instructions "$out/$f-$m-$((n + 1)).out" "$driver" "$m" "$corpus/$f.json" $((n + 1)))
        echo "$f $m $(( (many - one) / n ))"
    done
done
