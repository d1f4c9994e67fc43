#!/usr/bin/env bash
# Builds ModelKit's libFuzzer targets (package Fuzz/, scratch path Fuzz/.build) and runs them.
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer flags…]   one target for SECONDS
#   scripts/fuzz.sh all SECONDS [libFuzzer flags…]      every target in turn, SECONDS each
#   scripts/fuzz.sh TARGET -- INPUT…                    replays inputs (a finding, a seed)
# TARGET: json, model, archive, stream, differential, oracle (or the target name, e.g. FuzzModel).
# Exits non-zero on the first finding (crash, sanitizer report, leak, timeout, out-of-memory);
# libFuzzer writes the input to Fuzz/.build/findings/TARGET/. Inputs it discovers go to
# Fuzz/.build/corpus/TARGET; the committed seeds in Fuzz/Corpus/TARGET are only read.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swiftpm.sh

targets=(FuzzJSONValue FuzzModel FuzzArchive FuzzStream FuzzDifferential FuzzOracle)
usage() { echo "usage: scripts/fuzz.sh {json|model|archive|stream|differential|oracle|all} SECONDS [libFuzzer flags…]" >&2; exit 2; }
[ $# -ge 2 ] || usage
target_name() {
    case "$1" in
        json|FuzzJSONValue) echo FuzzJSONValue ;;
        model|FuzzModel) echo FuzzModel ;;
        archive|FuzzArchive) echo FuzzArchive ;;
        stream|FuzzStream) echo FuzzStream ;;
        differential|FuzzDifferential) echo FuzzDifferential ;;
        oracle|FuzzOracle) echo FuzzOracle ;;
        *) usage ;;
    esac
}
which="$1"
seconds="$2"
shift 2

scripts/ensure-yajl.sh
# libFuzzer provides main(); AddressSanitizer catches the memory errors the unsafe hot path
# could make; lld because gold fails (internal error) on these links.
swiftpm Fuzz/.build swift build -c release --package-path Fuzz --scratch-path Fuzz/.build \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
bin="$(swift build -c release --package-path Fuzz --scratch-path Fuzz/.build --show-bin-path)"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"

run() {
    local name="$1"; shift
    mkdir -p "Fuzz/.build/corpus/$name" "Fuzz/.build/findings/$name"
    echo "== $name: ${seconds}s" >&2
    # -timeout: an input taking 30 s is a hang; -rss_limit_mb: runaway memory is a finding too.
    "$bin/$name" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="Fuzz/.build/findings/$name/" "$@" \
        "Fuzz/.build/corpus/$name" "Fuzz/Corpus/$name"
}

if [ "$seconds" = "--" ]; then
    name="$(target_name "$which")"
    exec "$bin/$name" "$@"
fi
if [ "$which" = all ]; then
    # Every target runs even after one finds something, so one CI run shows all findings.
    status=0
    # FUZZ_SKIP="FuzzOracle …": targets left out of this run (CI runs the oracle on its own, seeded).
    for name in "${targets[@]}"; do
        [[ " ${FUZZ_SKIP:-} " == *" $name "* ]] && continue
        run "$name" "$@" || status=1
    done
    exit "$status"
else
    run "$(target_name "$which")" "$@"
fi
