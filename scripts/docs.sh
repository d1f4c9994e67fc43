#!/usr/bin/env bash
# Builds the DocC documentation of ModelKitCore and ModelKit, failing on any warning (a broken
# symbol link, an unresolved <doc:> reference, an article missing from the topics).
#   scripts/docs.sh                     archives in .build/plugins/Swift-DocC/outputs/*.doccarchive
#   scripts/docs.sh --core              ModelKitCore only (every article lives there; no swift-syntax build)
#   scripts/docs.sh --static-hosting    also transformed for static hosting (e.g. GitHub Pages)
# The DocC plugin is a dependency of the package only while MODELKIT_DOCS is set (see the end of
# Package.swift), so library users never fetch it.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swiftpm.sh
scripts/ensure-yajl.sh
export MODELKIT_DOCS=1
targets=(--target ModelKitCore --target ModelKit)
extra=()
for arg in "$@"; do
    case "$arg" in
        --core) targets=(--target ModelKitCore) ;;
        --static-hosting) extra+=(--transform-for-static-hosting --hosting-base-path ModelKit) ;;
        *) echo "scripts/docs.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done
swiftpm .build swift package generate-documentation "${targets[@]}" --warnings-as-errors "${extra[@]+"${extra[@]}"}"
