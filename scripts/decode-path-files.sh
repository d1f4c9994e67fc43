#!/usr/bin/env bash
# The source files a decode runs code from (issue 35's "bytes → Model in N files"), measured
# rather than counted by hand: under callgrind, with the instruction-count driver
# (Benchmarks/Sources/TapePrototypeDriver, release), the files of ModelKitCore whose code runs
# per decode ((N + 1) − 1 decodes: one-time work such as building schemas is left out), with
# the instructions each costs per decode. Code the optimizer inlined counts in the file it
# was written in, so small helpers (Bytes/, Unsafe/, Concurrency/) appear as files of their own.
#   scripts/decode-path-files.sh [DRIVER] [MODE] [FILE]
# MODE: model (bytes → Model, the default) or bridge (bytes → Decodable); FILE: a corpus name
# (user, the default; twitter, citm_catalog, canada, weibo) in $CORPUS (../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
driver="${1:-Benchmarks/.build/release/TapePrototypeDriver}"
mode="${2:-model}"
file="${3:-user}"
corpus="${CORPUS:-../shared/corpus}"
[ -x "$driver" ] || { echo "build the driver first: cd Benchmarks && swift build -c release --product TapePrototypeDriver" >&2; exit 2; }
[ -f "$corpus/$file.json" ] || { echo "no $corpus/$file.json (set CORPUS)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SWIFT_DETERMINISTIC_HASHING=1
n=10
for runs in 1 $((n + 1)); do
    valgrind --tool=callgrind --callgrind-out-file="$out/$runs.out" "$driver" "$mode" "$corpus/$file.json" "$runs" >/dev/null 2>&1
    # Exclusive instructions per function, "count<TAB>file:function".
    callgrind_annotate --auto=no --threshold=100 "$out/$runs.out" 2>/dev/null \
        | sed -nE 's/^ *([0-9,]+) +\( *[0-9.]+%\) +(.*)$/\1\t\2/p' | tr -d , > "$out/$runs.txt"
done
awk -F'\t' -v n="$n" '
    NR == FNR { before[$2] = $1; next }
    {
        perDecode = ($1 - before[$2]) / n
        if (perDecode < 1 || $2 !~ /^Sources\/ModelKitCore\//) next
        split($2, parts, ":")
        cost[parts[1]] += perDecode
    }
    END { for (f in cost) printf "%8.0f  %s\n", cost[f], f }
' "$out/1.txt" "$out/$((n + 1)).txt" | sort -k2 > "$out/files.txt"
cat "$out/files.txt"
echo "$(wc -l < "$out/files.txt") files ($mode, $file.json); folders in the order of the files above:"
awk '{ print $2 }' "$out/files.txt" | sed -E 's#Sources/ModelKitCore/##; s#/[^/]*$##' | uniq -c | awk '{ printf "  %s (%d)", $2, $1 } END { print "" }'
