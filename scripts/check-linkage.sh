#!/usr/bin/env bash
# Issue 36's linkage check: a small release program that decodes and encodes a model through
# ModelKitCore (scripts/linkage/, ModelKitProgram) is built with --static-swift-stdlib and
# stripped; it must link no FoundationInternationalization and no ICU, and be at most 2 MB larger
# than the same program on FoundationEssentials' JSONDecoder/JSONEncoder (JSONDecoderProgram).
# Prints both sizes and PASS/MISS lines; exit status 1 on a MISS. Run by .ci/run.
#   scripts/check-linkage.sh                  this tree
#   MODELKIT_PATH=/other/tree scripts/check-linkage.sh   another ModelKit tree (to measure an older one)
# Linux only (static Swift runtime and ELF symbols).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swiftpm.sh
scripts/ensure-yajl.sh
package=scripts/linkage
scratch=${LINKAGE_SCRATCH:-$package/.build}
# Only ModelKitCore is used: no swift-syntax.
export MODELKIT_CORE_ONLY=1
if [ -n "${MODELKIT_PATH:-}" ]; then export MODELKIT_PATH; fi
build=(swift build -c release --static-swift-stdlib --package-path "$package" --scratch-path "$scratch")
log=$(mktemp)
if ! swiftpm "$scratch" "${build[@]}" >"$log" 2>&1; then
    cat "$log"; echo "MISS the linkage programs did not build"; exit 1
fi
rm -f "$log"
bin=$("${build[@]}" --show-bin-path)
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1000000 }'; }
status=0
# What a linked ICU or FoundationInternationalization leaves in the symbol table (before stripping).
icu_pattern='_FoundationICU|FoundationInternationalization|icu_[0-9]|^u(col|loc|num|cal|dat|brk|trans|regex|set|str|norm2|text|enum|res|data)_'
declare -A size
for program in ModelKitProgram JSONDecoderProgram; do
    # JSONEncoder's key order is unspecified: both members, in either order.
    output=$("$bin/$program" '{"name":"linkage","count":2}')
    if [[ "$output" != *'"name":"linkage"'* || "$output" != *'"count":3'* || ${#output} -ne 28 ]]; then
        echo "MISS $program printed $output"; status=1
    fi
    symbols=$(nm "$bin/$program" 2>/dev/null | awk '{ print $NF }' | grep -cE "$icu_pattern" || true)
    strip -o "$bin/$program.stripped" "$bin/$program"
    size[$program]=$(stat -c %s "$bin/$program.stripped")
    echo "$program: $(mb "${size[$program]}") stripped (${size[$program]} bytes), $symbols ICU/FoundationInternationalization symbols"
    if [ "$program" = ModelKitProgram ] && [ "$symbols" -gt 0 ]; then
        echo "MISS ModelKitProgram links ICU or FoundationInternationalization, e.g.:"
        nm "$bin/$program" | awk '{ print $NF }' | grep -E "$icu_pattern" | head -5 | sed 's/^/  /'
        status=1
    fi
done
difference=$((size[ModelKitProgram] - size[JSONDecoderProgram]))
if [ "$difference" -le 2000000 ]; then
    echo "PASS ModelKitProgram is $(mb "$difference") larger than JSONDecoderProgram (at most 2 MB); no ICU linked"
else
    echo "MISS ModelKitProgram is $(mb "$difference") larger than JSONDecoderProgram (more than 2 MB)"; status=1
fi
exit $status
