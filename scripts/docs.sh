#!/usr/bin/env bash
# Builds the DocC documentation of ModelKitCore and ModelKit.
#   scripts/docs.sh                     archives in .build/plugins/Swift-DocC/outputs/*.doccarchive
#   scripts/docs.sh --static-hosting    also transformed for static hosting (e.g. GitHub Pages)
# The DocC plugin is a dependency of the package only while MODELKIT_DOCS is set (see the end of
# Package.swift), so library users never fetch it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-yajl.sh
export MODELKIT_DOCS=1
extra=()
if [ "${1:-}" = "--static-hosting" ]; then
    extra=(--transform-for-static-hosting --hosting-base-path ModelKit)
fi
swift package generate-documentation --target ModelKitCore --target ModelKit "${extra[@]}"
