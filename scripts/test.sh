#!/usr/bin/env bash
# Runs ModelKit's tests from a fresh clone: installs what is missing (libyajl-dev), builds, tests.
#   scripts/test.sh            all tests (debug build)
#   scripts/test.sh --asan     the same under AddressSanitizer
#   scripts/test.sh --filter X passes the filter to `swift test`
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-yajl.sh

args=()
scratch=".build"
while [ $# -gt 0 ]; do
    case "$1" in
        --asan)
            args+=(--sanitize=address)
            scratch=".build-asan"
            export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
            ;;
        *) args+=("$1") ;;
    esac
    shift
done

swift test --scratch-path "$scratch" "${args[@]+"${args[@]}"}"
