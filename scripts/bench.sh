#!/usr/bin/env bash
# ModelKit's benchmark: installs what is missing (libyajl-dev), builds in release, runs.
#   scripts/bench.sh              full run (minutes); writes Benchmarks/Results/{results.md,chart.svg}
#   scripts/bench.sh --quick      smoke run (well under a minute)
#   scripts/bench.sh FILE.json…   also benchmark these files (decoded as JSONValue)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-yajl.sh
swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build >&2
Benchmarks/.build/release/ModelKitBenchmark "$@"
# The public-surface targets (PASS/MISS) are checked on the sources, not measured.
scripts/check-surface.sh || true
