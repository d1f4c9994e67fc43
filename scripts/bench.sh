#!/usr/bin/env bash
# ModelKit's benchmark: installs what is missing (libyajl-dev), builds in release, runs.
#   scripts/bench.sh              full run (minutes); writes Benchmarks/Results/{results.md,chart.svg}
#   scripts/bench.sh --quick      smoke run (well under a minute once built)
#   scripts/bench.sh --macro      also the `@Model` contender: builds swift-syntax in release first
#                                 (about 15 more minutes on 2 cores, once); macro and hand-written
#                                 schemas compile to the same tables, so the default leaves it out
#   scripts/bench.sh FILE.json…   also benchmark these files (decoded as JSONValue)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swiftpm.sh
say() { echo "bench.sh: $*" >&2; }

args=()
scratch="Benchmarks/.build"
for arg in "$@"; do
    case "$arg" in
        --macro) export MODELKIT_BENCH_MACRO=1 ;;
        *) args+=("$arg") ;;
    esac
done

scripts/ensure-yajl.sh
if [ "${MODELKIT_BENCH_MACRO:-0}" != 0 ]; then
    scratch="Benchmarks/.build-macro"   # its own: the manifest differs with the variable
    say "building the benchmark in release WITH the @Model contender (swift-syntax in release: the slow part)…"
else
    say "building the benchmark in release (ModelKitCore, the contenders; no swift-syntax — --macro adds the @Model contender)…"
fi
[ -d "$scratch/release" ] || say "first build: a few minutes on 2 cores; later runs rebuild only what changed."
start=$(date +%s)
# SwiftPM's progress lines ("Compiling …", "[12/80] …") go to stderr, so the build is never silent.
swiftpm "$scratch" swift build -c release --package-path Benchmarks --scratch-path "$scratch" >&2
say "built in $(( $(date +%s) - start )) s; running (each table prints as soon as its contenders finish)…"
"$scratch/release/ModelKitBenchmark" "${args[@]+"${args[@]}"}"
# The public-surface targets (PASS/MISS) are checked on the sources, not measured.
scripts/check-surface.sh || true
