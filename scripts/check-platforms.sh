#!/usr/bin/env bash
# No macOS machine runs CI, so this checks on the sources that the declared minimum macOS holds:
#  - every API below that the sources use needs at most the macOS that Package.swift declares,
#    unless the file guards it (`@available(macOS N` or `#available(macOS N` with N high enough);
#  - Benchmarks/, Examples/ and Fuzz/ declare at least ModelKit's minimum (SwiftPM refuses a
#    dependency whose minimum is higher than the dependent package's);
#  - the CYajl system library names a Homebrew provider beside the apt one.
# Prints PASS/MISS; exit status 1 on a MISS. Run by scripts/check-surface.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

declared_of() { # manifest → its macOS major version, or 0 when it declares none
    local v; v=$(sed -n 's/.*\.macOS(\.v\([0-9][0-9]*\).*/\1/p; s/.*\.macOS("\([0-9][0-9]*\).*/\1/p' "$1" | head -1)
    echo "${v:-0}"
}
declared=$(declared_of Package.swift)
if [ "$declared" = 0 ]; then
    echo "MISS Package.swift declares no macOS minimum"; exit 1
fi

# API (extended regex on the source text) | macOS major version it needs | what it is
rules='import Synchronization|15|the Synchronization module
\bAtomic<|15|Synchronization.Atomic
\bMutex<|15|Synchronization.Mutex
\bInlineArray\b|26|InlineArray
:[ ]*UTF8Span\b|26|UTF8Span (RawSpan and Span back-deploy to macOS 10.14.4)
\bimport Observation\b|14|the Observation module
@Observable\b|14|Observation
\bContinuousClock\b|13|ContinuousClock
\bSuspendingClock\b|13|SuspendingClock
\bDuration\b|13|Duration
\bRegex<|13|Regex
URL\(filePath:|13|URL(filePath:)
\.formatted\(|12|FormatStyle'

needed=0
apis=0
while IFS='|' read -r pattern version what; do
    hits=$(grep -rlE "$pattern" Sources --include='*.swift' || true)
    for file in $hits; do
        if [ "$version" -le "$declared" ]; then
            [ "$version" -gt "$needed" ] && needed=$version
            continue
        fi
        # Guarded in the file by an availability annotation or check at that version or above?
        guard=$(grep -oE '[@#]available\(macOS [0-9]+' "$file" | grep -oE '[0-9]+$' | sort -n | tail -1 || true)
        if [ -n "$guard" ] && [ "$guard" -ge "$version" ]; then continue; fi
        echo "MISS $file uses $what (macOS $version) but Package.swift declares macOS $declared"
        apis=1
    done
done <<< "$rules"
[ "$apis" = 1 ] && status=1
[ "$apis" = 0 ] && echo "PASS the sources need macOS ${needed/#0/any}; Package.swift declares macOS $declared"

manifests=0
for manifest in Benchmarks/Package.swift Examples/Package.swift Fuzz/Package.swift; do
    [ -f "$manifest" ] || continue
    own=$(declared_of "$manifest")
    if [ "$own" -lt "$declared" ]; then
        echo "MISS $manifest declares macOS ${own/#0/nothing}, below ModelKit's $declared"
        manifests=1
    fi
done
[ "$manifests" = 1 ] && status=1
[ "$manifests" = 0 ] && echo "PASS Benchmarks, Examples and Fuzz declare at least macOS $declared"

if grep -A6 'name: "CYajl"' Package.swift | grep -q '\.brew(\["yajl"\])'; then
    echo "PASS CYajl names Homebrew's yajl as a provider"
else
    echo "MISS CYajl names no Homebrew provider (.brew([\"yajl\"]))"
    status=1
fi
exit $status
