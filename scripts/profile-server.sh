#!/usr/bin/env bash
# Instructions per request of the example services, under valgrind --tool=callgrind (counts do not
# depend on machine load, unlike the wall-clock load test):
#
#   scripts/profile-server.sh                 both frameworks, POST /issues and POST /codable/issues
#                                             (and Vapor's POST /validatable/issues)
#   options: --framework hummingbird|vapor|both   --requests N (default 200)   --keep DIR (callgrind files)
#
# Each endpoint runs in its own server: 50 warm-up requests on one keep-alive connection, counters
# zeroed, N requests, counters dumped. The table splits each request into the coders' own calls
# (ModelKit decode/encode, JSONDecoder/JSONEncoder), Triage, and the rest (framework, HTTP, tasks),
# with malloc/free instructions and malloc calls per request. Only 127.0.0.1 is contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FRAMEWORKS="hummingbird vapor"; REQUESTS=200; KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --framework) FRAMEWORKS="$2"; [ "$FRAMEWORKS" = both ] && FRAMEWORKS="hummingbird vapor"; shift ;;
        --requests) REQUESTS="$2"; shift ;;
        --keep) KEEP="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
WORK=$(mktemp -d)
VPID=""
trap '[ -n "$VPID" ] && kill "$VPID" 2>/dev/null; rm -rf "$WORK"' EXIT

# valgrind 3.19 writes into the mask given to rt_sigsuspend, and libdispatch (the Swift async
# main) passes a read-only one: valgrind crashes. The shim copies the mask to the stack first.
cc -O2 -shared -fPIC -o "$WORK/sigsuspend.so" scripts/profile/sigsuspend-shim.c

swift build --package-path Examples -c release >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
BIN_DIR=$(swift build --package-path Examples -c release --show-bin-path)

for framework in $FRAMEWORKS; do
    product=HummingbirdExample; [ "$framework" = vapor ] && product=VaporExample
    # valgrind 3.19 cannot read Swift 6's DWARF 5; the symbol table is enough for function names.
    cp "$BIN_DIR/$product" "$WORK/$product" && strip --strip-debug "$WORK/$product"
    paths="/issues /codable/issues"
    # Vapor's `Validatable` route: the same rules checked by a decode of their own, then a decode.
    [ "$framework" = vapor ] && paths="$paths /validatable/issues"
    for path in $paths; do
        label="$framework$(echo "$path" | tr / -)"
        port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
        LD_PRELOAD="$WORK/sigsuspend.so" valgrind --tool=callgrind --dump-instr=no \
            --callgrind-out-file="$WORK/callgrind.$label.%p" "$WORK/$product" "$port" >"$WORK/$label.log" 2>&1 &
        VPID=$!
        for _ in $(seq 1 600); do
            curl -s -o /dev/null "http://127.0.0.1:$port/issues/export?count=1" && break
            kill -0 "$VPID" 2>/dev/null || { cat "$WORK/$label.log"; exit 1; }
            sleep 0.5
        done
        python3 scripts/profile/post.py "$port" "$path" Examples/Fixtures/issue.json 50
        callgrind_control -z "$VPID" >/dev/null 2>&1
        python3 scripts/profile/post.py "$port" "$path" Examples/Fixtures/issue.json "$REQUESTS"
        callgrind_control -d "$VPID" >/dev/null 2>&1
        sleep 1
        kill "$VPID"; wait "$VPID" 2>/dev/null || true; VPID=""
    done
done
python3 scripts/profile/summary.py "$REQUESTS" "$WORK"/callgrind.*.1
[ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$WORK"/callgrind.*.1 "$KEEP"/
exit 0
