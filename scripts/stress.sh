#!/usr/bin/env bash
# The gigabyte-scale hostile-input rows (README, "Hostile input and limits"), in a release build
# (scratch path .build-release): not part of the default test run. Needs several GB of memory.
#   scripts/stress.sh                          1 GiB strings
#   MODELKIT_STRESS_BYTES=268435456 scripts/stress.sh   smaller
set -euo pipefail
cd "$(dirname "$0")/.."
export MODELKIT_STRESS=1
exec scripts/test.sh --release --filter HostileInputStressTests "$@"
