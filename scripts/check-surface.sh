#!/usr/bin/env bash
# Checks issue 11's public-surface targets on Sources/ModelKitCore and prints PASS/MISS:
#  - no public declaration named `_…` outside `@_spi` (declarations marked `public`/`open`, and
#    the requirements and cases of public protocols and enums, which carry no modifier);
#  - no file over 400 lines;
#  - the declared macOS minimum covers the APIs used (scripts/check-platforms.sh).
# Exit status 1 on a MISS. Run by scripts/test.sh and scripts/bench.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
sources=${1:-Sources/ModelKitCore}
status=0

hits=$(find "$sources" -name '*.swift' -print0 | xargs -0 awk '
    FNR == 1 { depth = 0; publicDepth = -1; publicKind = ""; spi = 0 }
    {
        line = $0
        sub(/\/\/.*/, "", line)
        decl = "(func|var|let|class|struct|enum|protocol|typealias|actor|subscript|associatedtype|case|init)[ \t]+_[A-Za-z]"
        if (line ~ /@_spi\(/) spi = 1
        if (!spi && line ~ ("(^|[ \t])(public|open)[ \t]+([a-z]+[ \t]+)*" decl)) print FILENAME ":" FNR ": " $0
        else if (!spi && publicDepth >= 0 && depth == publicDepth + 1 && line ~ ("^[ \t]*((static|mutating|nonmutating|override|class)[ \t]+)*" decl) \
                 && (publicKind == "protocol" || line ~ /^[ \t]*case[ \t]/)) print FILENAME ":" FNR ": " $0
        if (publicDepth < 0 && match(line, /(^|[ \t])(public|open)[ \t]+([a-z]+[ \t]+)*(protocol|enum)[ \t]/)) {
            publicDepth = depth
            publicKind = (line ~ /protocol[ \t]/) ? "protocol" : "enum"
        }
        opens = gsub(/\{/, "{", line); closes = gsub(/\}/, "}", line)
        depth += opens - closes
        if (publicDepth >= 0 && depth <= publicDepth && closes > 0) publicDepth = -1
        if (line ~ /[^ \t]/ && line !~ /^[ \t]*@/) spi = 0
    }')
if [ -z "$hits" ]; then
    echo "PASS no public declaration named _… outside @_spi in $sources"
else
    echo "MISS public declarations named _… outside @_spi in $sources ($(printf '%s\n' "$hits" | wc -l)):"
    printf '%s\n' "$hits" | sed 's/^/  /'
    status=1
fi

long=$(find "$sources" -name '*.swift' -print0 | xargs -0 wc -l | awk '$2 != "total" && $1 > 400 { print $2 " (" $1 " lines)" }')
if [ -z "$long" ]; then
    echo "PASS no file in $sources over 400 lines"
else
    echo "MISS files in $sources over 400 lines:"
    printf '%s\n' "$long" | sed 's/^/  /'
    status=1
fi
# The declared macOS minimum against the APIs the sources use (no macOS machine runs CI).
scripts/check-platforms.sh || status=1
exit $status
