#!/usr/bin/env bash
# What checks cost a decode, in instructions under valgrind --tool=callgrind (counts do not depend
# on machine load): the Examples' issue body (Examples/Fixtures/issue.json, the load test's) decoded
# into the same model with no checks, with each kind of check alone, with five kinds together
# (with and without a pattern); and
# user.json's model, which has no checks.
#
#   scripts/profile/check-cost.sh                   the table above (release build of Benchmarks' CheckCost)
#   scripts/profile/check-cost.sh --against 7c4ec26 also the unchecked models built against that commit
#                                                   (a detached worktree, removed afterwards): what a
#                                                   model without checks paid before checks existed
#   options: --count N (decodes, default 200)   --keep DIR (the callgrind files, for callgrind_annotate)
#
# Each figure is (instructions of N + 1 decodes − instructions of 1 decode) ÷ N, release build,
# SWIFT_DETERMINISTIC_HASHING=1: the process's setup, the schema's construction and the first
# decode's one-time work cancel out.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/swiftpm.sh
ROOT=$PWD
COUNT=200; AGAINST=""; KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --count) COUNT="$2"; shift ;;
        --against) AGAINST="$2"; shift ;;
        --keep) KEEP="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
scripts/ensure-yajl.sh
WORK=$(mktemp -d)
BASELINE_DIR=""
cleanup() {
    if [ -n "$BASELINE_DIR" ]; then git worktree remove --force "$BASELINE_DIR" 2>/dev/null || true; git worktree prune; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

build() { # scratch path, label → copies the driver to $WORK/CheckCost-label
    swiftpm "$1" swift build -c release --package-path Benchmarks --scratch-path "$1" --product CheckCost >"$WORK/build.log" 2>&1 \
        || { tail -30 "$WORK/build.log"; exit 1; }
    # valgrind 3.19 cannot read Swift 6's DWARF 5; the symbol table is enough for function names.
    cp "$1/release/CheckCost" "$WORK/CheckCost-$2" && strip --strip-debug "$WORK/CheckCost-$2"
}
echo "building CheckCost (release)…" >&2
build Benchmarks/.build-checkcost now
if [ -n "$AGAINST" ]; then
    BASELINE_DIR="$WORK/modelkit-$AGAINST"
    git worktree add --detach "$BASELINE_DIR" "$AGAINST" >/dev/null 2>&1
    echo "building CheckCost against $AGAINST ($(git log -1 --format=%h "$AGAINST"))…" >&2
    MODELKIT_CHECKCOST_BASELINE="$BASELINE_DIR" build "Benchmarks/.build-checkcost-baseline" "$AGAINST"
fi

instructions() { # label, driver arguments… → total instructions of the run
    local label=$1; shift
    local out="$WORK/callgrind.$label"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$out" "$@" >/dev/null 2>"$WORK/valgrind.log" \
        || { cat "$WORK/valgrind.log" >&2; exit 1; }
    [ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$out" "$KEEP/"
    awk '/^(summary|totals):/ {print $2; exit}' "$out"
}
per_decode() { # label, driver, model, extra arguments… → instructions per decode
    local label=$1 driver=$2 model=$3; shift 3
    local many one
    many=$(instructions "$label.$((COUNT + 1))" "$driver" "$model" $((COUNT + 1)) "$@")
    one=$(instructions "$label.1" "$driver" "$model" 1 "$@")
    echo $(( (many - one) / COUNT ))
}

: >"$WORK/rows"
row() { # build, model, checks, instructions
    printf '%s %s %s %s\n' "$1" "$2" "$3" "$4" >>"$WORK/rows"
    printf '  %-8s %-6s %-36s %10s instructions per decode\n' "$1" "$2" "$3" "$4" >&2
}
NOW="$WORK/CheckCost-now"
echo "measuring ($COUNT decodes per figure)…" >&2
row now issue none "$(per_decode issue-none "$NOW" issue)"
for kind in range length pattern oneOf count custom; do
    row now issue "$kind" "$(per_decode "issue-$kind" "$NOW" issue --checks "$kind")"
done
row now issue all-five "$(per_decode issue-all "$NOW" issue --checks range,length,pattern,oneOf,count)"
row now issue five-without-pattern "$(per_decode issue-five "$NOW" issue --checks range,length,oneOf,count,custom)"
row now user none "$(per_decode user-none "$NOW" user)"
if [ -n "$AGAINST" ]; then
    row "$AGAINST" issue none "$(per_decode issue-baseline "$WORK/CheckCost-$AGAINST" issue)"
    row "$AGAINST" user none "$(per_decode user-baseline "$WORK/CheckCost-$AGAINST" user)"
fi

python3 - "$WORK/rows" "$AGAINST" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])]
against = sys.argv[2]
cost = {(b, m, c): int(n) for b, m, c, n in rows}
none = cost[("now", "issue", "none")]
print("\n| issue body (2 KB), checks | instructions per decode | vs no checks |")
print("|---|--:|--:|")
for b, m, c, n in rows:
    if b == "now" and m == "issue":
        n = int(n)
        print(f"| {c} | {n:,} | {'—' if c == 'none' else f'{n - none:+,} ({(n / none - 1) * 100:+.2f} %)'} |")
if against:
    print(f"\n| model without checks | at {against} | now | change |")
    print("|---|--:|--:|--:|")
    for m, name in (("issue", "issue body (2 KB)"), ("user", "user.json")):
        old, new = cost[(against, m, "none")], cost[("now", m, "none")]
        print(f"| {name} | {old:,} | {new:,} | {(new / old - 1) * 100:+.2f} % |")
print()
for label, what in (("all-five", "five checks (range, length, pattern, oneOf, count)"),
                    ("five-without-pattern", "five checks without a pattern (range, length, oneOf, count, custom)")):
    ratio = cost[("now", "issue", label)] / none
    print(f"{'PASS' if ratio <= 1.03 else 'MISS'} a model with {what} decodes within 3 % of the same model without them: {(ratio - 1) * 100:+.2f} %")
PY
