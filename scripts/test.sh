#!/usr/bin/env bash
# Runs ModelKit's tests from a fresh clone: installs what is missing (libyajl-dev), builds, tests.
#   scripts/test.sh            all tests (debug build)
#   scripts/test.sh --asan     the same under AddressSanitizer (scratch path .build-asan)
#   scripts/test.sh --tsan     under ThreadSanitizer (scratch path .build-tsan); use with
#                              --filter Concurrency for the concurrency tests
#   scripts/test.sh --release  optimized (-c release, scratch path .build-release): the unsafe
#                              hot path runs unchecked there (unsafeDowncast, unowned references);
#                              `--asan --release` runs that optimized build under AddressSanitizer
#   scripts/test.sh --core     only the core tests: the macro targets are left out of the package,
#                              so swift-syntax is not built (combine with --asan, --tsan, --release)
#   scripts/test.sh --full-foundation   with the package trait FullFoundation (the DateFormatter
#                              strategies and ModelCoding, which need all of Foundation on Linux;
#                              their tests run only then); scratch path suffix -ff
#   scripts/test.sh --filter X passes the filter to `swift test`
#   scripts/test.sh --integrations   the trait-gated products instead: builds the Examples/ package
#                              (which turns on ModelKit's Hummingbird, Vapor and OpenAPI traits)
#                              once in debug, runs its tests (HummingbirdTesting, XCTVapor, OpenAPIKit),
#                              then the load test's smoke run against both example servers
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swiftpm.sh
scripts/ensure-yajl.sh
# The archive interoperability test reads and writes CBOR with Python's cbor2; without it the
# test is skipped with a message, so a failed install is not fatal.
if command -v python3 >/dev/null 2>&1 && ! python3 -c "import cbor2" 2>/dev/null; then
    python3 -m pip install --quiet cbor2 >/dev/null 2>&1 \
        || { [ "$(id -u)" -eq 0 ] && apt-get install -y --no-install-recommends python3-cbor2 >/dev/null 2>&1; } \
        || echo "note: python3 cbor2 unavailable; the archive interoperability test will be skipped" >&2
fi
# The JSON Schema tests validate generated schemas and documents with Python's jsonschema (with
# rfc3339-validator, so `date-time` formats are checked); without them they are skipped with a message.
if command -v python3 >/dev/null 2>&1 && ! python3 -c "import jsonschema, rfc3339_validator" 2>/dev/null; then
    python3 -m pip install --quiet jsonschema rfc3339-validator >/dev/null 2>&1 \
        || { [ "$(id -u)" -eq 0 ] && apt-get install -y --no-install-recommends python3-jsonschema python3-rfc3339-validator >/dev/null 2>&1; } \
        || echo "note: python3 jsonschema unavailable; the JSON Schema validation tests will be skipped" >&2
fi

args=()
scratch=".build"
fullFoundation=
while [ $# -gt 0 ]; do
    case "$1" in
        --asan)
            args+=(--sanitize=address)
            scratch=".build-asan"
            export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
            ;;
        --tsan)
            args+=(--sanitize=thread)
            scratch=".build-tsan"
            # halt_on_error: a report fails the run instead of scrolling by.
            export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
            ;;
        --core)
            # Core targets only (Package.swift drops the macro targets): no swift-syntax build.
            export MODELKIT_CORE_ONLY=1
            ;;
        --release)
            args+=(-c release)
            # With --asan: the optimized build under AddressSanitizer, a scratch path of its own.
            if [ "$scratch" = ".build-asan" ]; then scratch=".build-asan-release"; else scratch=".build-release"; fi
            ;;
        --full-foundation)
            # A scratch path of its own: a build with other traits would rebuild the default one's.
            args+=(--traits FullFoundation)
            fullFoundation=1
            ;;
        --integrations)
            # One debug build of Examples/ serves its tests and the smoke run (NIO, Hummingbird
            # and Vapor are slow to build: build them once).
            swiftpm Examples/.build swift build --package-path Examples --build-tests
            swift test --package-path Examples --skip-build
            exec scripts/loadtest.sh --smoke
            ;;
        *) args+=("$1") ;;
    esac
    shift
done

# Public-surface targets first (no `_` names public, no file over 400 lines): a MISS fails the run.
scripts/check-surface.sh
# The articles' and README's Swift blocks, regenerated into the test targets so the build below
# compiles them as they are now (ArticleExampleTests also fails on a stale copy without python3).
if command -v python3 >/dev/null 2>&1; then
    python3 scripts/doc-examples.py
else
    echo "note: python3 unavailable; the documentation examples are compiled as last generated" >&2
fi
if [ -n "${fullFoundation:-}" ]; then scratch="$scratch-ff"; fi
swiftpm "$scratch" swift test --scratch-path "$scratch" "${args[@]+"${args[@]}"}"
