#!/usr/bin/env bash
# Load test of the example services (Examples/): the ModelKit endpoint against its Codable twin, and
# on Vapor the same rules checked while decoding (`/issues`) against Vapor's `Validatable`
# (`/validatable/issues`: validate, then decode).
#
#   scripts/loadtest.sh                      release build; Hummingbird and Vapor; 3 rounds of 10 s per endpoint
#   scripts/loadtest.sh --smoke              debug build (the one `swift build --build-tests` in Examples/
#                                            made), a few seconds: good bodies → 200 and the right JSON,
#                                            bad bodies → 400 naming the path (and the rule broken, on
#                                            both of Vapor's checked routes); fails on any mismatch
#   scripts/loadtest.sh --stream-gb 1        also upload 1 GB of JSON Lines to /issues/stream and check
#                                            the server's resident memory grows by at most 64 MB
#   options: --framework hummingbird|vapor|both   --rounds N   --duration SECONDS   --connections N
#            --scratch-path DIR (SwiftPM build directory of Examples/, default Examples/.build)
#
# Only 127.0.0.1 is ever contacted; every server started here is stopped by its PID on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swiftpm.sh
ROOT=$PWD

SCRATCH="$ROOT/Examples/.build"; SMOKE=0; STREAM_GB=0; FRAMEWORKS="hummingbird vapor"; ROUNDS=3; DURATION=10; CONNECTIONS=32
while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) SMOKE=1 ;;
        --stream-gb) STREAM_GB="$2"; shift ;;
        --framework) FRAMEWORKS="$2"; [ "$FRAMEWORKS" = both ] && FRAMEWORKS="hummingbird vapor"; shift ;;
        --rounds) ROUNDS="$2"; shift ;;
        --duration) DURATION="$2"; shift ;;
        --connections) CONNECTIONS="$2"; shift ;;
        --scratch-path) SCRATCH="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

scripts/ensure-yajl.sh >/dev/null 2>&1 || true
need() { command -v "$1" >/dev/null 2>&1; }
if [ "$SMOKE" = 0 ] && ! need wrk; then
    echo "installing wrk (apt-get)…"
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null; else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
fi
need curl || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }

CONFIG=release; [ "$SMOKE" = 1 ] && CONFIG=debug
WORK=$(mktemp -d)
SERVER_PID=""
stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=""
}
trap 'stop_server; rm -rf "$WORK"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

product_of() { case "$1" in hummingbird) echo HummingbirdExample ;; vapor) echo VaporExample ;; esac; }

start_server() { # framework
    local product; product=$(product_of "$1")
    PORT=$(free_port)
    "$BIN_DIR/$product" "$PORT" >"$WORK/$1.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 100); do
        if curl -s -o /dev/null "http://127.0.0.1:$PORT/issues/export?count=1"; then return 0; fi
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/$1.log"; echo "$product exited" >&2; exit 1; }
        sleep 0.1
    done
    echo "$product did not start on port $PORT" >&2; exit 1
}

echo "building the examples ($CONFIG)…"
for framework in $FRAMEWORKS; do
    swiftpm "$SCRATCH" swift build --package-path Examples --scratch-path "$SCRATCH" -c "$CONFIG" --product "$(product_of "$framework")" >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; exit 1; }
done
BIN_DIR=$(swift build --package-path Examples --scratch-path "$SCRATCH" -c "$CONFIG" --show-bin-path)
FIXTURE="$ROOT/Examples/Fixtures/issue.json"

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

# ---------------------------------------------------------------- smoke: curl checks
FAILURES=0
check() { # name, condition result (0 ok)
    if [ "$2" = 0 ]; then echo "  ok    $1"; else echo "  FAIL  $1"; FAILURES=$((FAILURES + 1)); fi
}
post() { # path, body file → sets STATUS and BODY
    STATUS=$(curl -sS -o "$WORK/response" -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary "@$2" "http://127.0.0.1:$PORT$1")
    BODY=$(cat "$WORK/response")
}
mutate() { # python expression on `issue` → file
    python3 - "$FIXTURE" "$WORK/bad.json" "$1" <<'PY'
import json, sys
issue = json.load(open(sys.argv[1]))
exec(sys.argv[3])
open(sys.argv[2], "w").write(json.dumps(issue, separators=(",", ":")))
PY
}
right_json() { # response file is the fixture triaged
    python3 - "$FIXTURE" "$WORK/response" <<'PY'
import json, sys
sent, got = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
names = [label["name"] for label in got["labels"]]
ok = got["title"] == sent["title"] and got["number"] == sent["number"] and names[-1] == "triaged" \
     and got["user"]["login"] == sent["user"]["login"] and got["body"] == sent["body"] and len(names) == len(sent["labels"]) + 1
sys.exit(0 if ok else 1)
PY
}
smoke() { # framework
    echo "smoke: $1 on 127.0.0.1:$PORT"
    # Vapor also answers the issue through `Validatable` (validate, then decode): POST /validatable/issues.
    local paths="/issues /codable/issues"
    if [ "$1" = vapor ]; then paths="$paths /validatable/issues"; fi
    for path in $paths; do
        post "$path" "$FIXTURE"
        [ "$STATUS" = 200 ] && right_json; check "$1 POST $path good body → 200, triaged issue" $?
    done
    printf '{"url":"u","title":tru}' >"$WORK/bad.json"; post /issues "$WORK/bad.json"
    [ "$STATUS" = 400 ] && [[ "$BODY" == *'line 1, column'* ]]; check "$1 syntax error → 400 with line/column ($STATUS $BODY)" $?
    mutate 'issue["user"] = "octocat"'; post /issues "$WORK/bad.json"
    [ "$STATUS" = 400 ] && [[ "$BODY" == *'$.user'* ]]; check "$1 \"user\":\"octocat\" → 400 naming \$.user ($STATUS $BODY)" $?
    mutate 'issue["title"] = None'; post /issues "$WORK/bad.json"
    [ "$STATUS" = 400 ] && [[ "$BODY" == *'$.title'* ]]; check "$1 \"title\":null → 400 naming \$.title ($STATUS $BODY)" $?
    mutate 'del issue["title"]'; post /issues "$WORK/bad.json"
    [ "$STATUS" = 400 ] && [[ "$BODY" == *'title'* ]]; check "$1 missing title → 400 naming the key ($STATUS $BODY)" $?
    if [ "$1" = vapor ]; then
        mutate 'issue["number"] = 0'; post /issues "$WORK/bad.json"
        [ "$STATUS" = 400 ] && [[ "$BODY" == *'$.number'*'must be at least 1, found 0'* ]]; check "$1 POST /issues \"number\":0 → 400 naming \$.number and the rule ($STATUS $BODY)" $?
        post /validatable/issues "$WORK/bad.json"
        [ "$STATUS" = 400 ] && [[ "$BODY" == *'number is less than minimum of 1'* ]]; check "$1 POST /validatable/issues \"number\":0 → 400 naming number and the rule ($STATUS $BODY)" $?
    fi
    printf '{"name":7,"color":"f29513"}' >"$WORK/bad.json"; post /labels "$WORK/bad.json"
    [ "$STATUS" = 400 ] && [[ "$BODY" == *'$.name'* ]]; check "$1 Codable type, bad field → 400 naming \$.name ($STATUS $BODY)" $?
}

# ---------------------------------------------------------------- hostile bodies, both frameworks
# Each body is generated on the fly and cut off at 64 MiB; the server must answer 400 or 413 with
# a short body (no echo of the input), and its resident memory must grow by at most 64 MB.
hostile_post() { # name, path, content type, expected statuses (regex), generator command
    local before peak status size
    before=$(rss_kb "$SERVER_PID")
    status=$(bash -c "$5" 2>/dev/null | head -c $((64 << 20)) | curl -sS --max-time 60 -o "$WORK/hostile" -w '%{http_code}' \
        -X POST -H "Content-Type: $3" -T - "http://127.0.0.1:$PORT$2" 2>/dev/null || true)
    peak=$(rss_kb "$SERVER_PID")
    size=$(wc -c <"$WORK/hostile" 2>/dev/null || echo 0)
    [[ "$status" =~ ^($4)$ ]] && [ "$size" -le 1024 ] && [ $(( (peak - before) / 1024 )) -le 64 ]
    check "$FRAMEWORK_NAME $1 → $status, ${size}-byte body, RSS +$(( (peak - before) / 1024 )) MB" $?
}
hostile() { # framework
    FRAMEWORK_NAME=$1
    echo "hostile bodies: $1"
    hostile_post "stream: endless number in an array" /issues/stream application/jsonl '400|413' "printf '['; yes 1111111111111111 | tr -d '\\n'"
    hostile_post "stream: endless top-level number" /issues/stream application/jsonl '400|413' "yes 1111111111111111 | tr -d '\\n'"
    hostile_post "stream: endless string" /issues/stream application/jsonl '400|413' "printf '{\"title\":\"'; yes xxxxxxxxxxxxxxxx | tr -d '\\n'"
    hostile_post "stream: endless record" /issues/stream application/jsonl '400|413' "printf '{\"labels\":['; yes '{\"name\":\"a\"},' | tr -d '\\n'"
    hostile_post "stream: endless key" /issues/stream application/jsonl '400|413' "printf '{\"'; yes kkkkkkkkkkkkkkkk | tr -d '\\n'"
    hostile_post "body: endless number" /issues application/json '400|413' "printf '{\"number\":'; yes 1111111111111111 | tr -d '\\n'"
    hostile_post "body: deeply nested" /issues application/json '400|413' "python3 -c 'print(\"[\" * 100000)'"
    hostile_post "body: many keys" /issues application/json '400|413' "python3 -c 'print(\"{\" + \",\".join(\"\\\"k%d\\\":1\" % i for i in range(500000)) + \"}\")'"
    # Two million empty models (6 MB): each becomes a model with its defaults; `.server`'s
    # maxElements stops it at the bound instead of a peak of gigabytes (issue 34).
    hostile_post "body: millions of empty models" /issues application/json '400|413' "printf '{\"title\":\"t\",\"labels\":['; yes '{},' | head -c 8000000 | tr -d '\\n'; printf '{}]}'"
    hostile_post "body: invalid UTF-8" /issues application/json '400' "printf '{\"title\":\"\\xff\\xfe\"}'"
    hostile_post "body: truncated" /issues application/json '400' "head -c 300 '$FIXTURE'"
}

# ---------------------------------------------------------------- load: wrk rounds
cat >"$WORK/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$FIXTURE", "rb"); wrk.body = f:read("*a"); f:close()
LUA
to_ms() { # wrk latency text (e.g. 812.00us, 1.20ms, 2.01s) → ms
    python3 -c 'import sys,re; v=sys.argv[1]; m=re.match(r"([0-9.]+)(us|ms|s)",v); n=float(m.group(1)); print(round(n/1000 if m.group(2)=="us" else n*1000 if m.group(2)=="s" else n, 3))' "$1"
}
run_wrk() { # framework, path → appends "framework path rps p50 p99" to results
    local out; out=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/post.lua" "http://127.0.0.1:$PORT$2")
    local rps p50 p99 bad
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p50=$(to_ms "$(awk '$1=="50%" {print $2}' <<<"$out")")
    p99=$(to_ms "$(awk '$1=="99%" {print $2}' <<<"$out")")
    bad=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
    [ -n "$bad" ] && { echo "  $2 answered $bad non-2xx responses" >&2; exit 1; }
    printf '  %-12s %-20s %10s req/s   p50 %8s ms   p99 %8s ms\n' "$1" "$2" "$rps" "$p50" "$p99"
    echo "$1 $2 $rps $p50 $p99" >>"$WORK/results"
}
report() {
    python3 - "$WORK/results" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1])]
print("\n| framework | endpoint | req/s (median) | p50 ms | p99 ms |")
print("|---|---|---:|---:|---:|")
med = {}
for fw in dict.fromkeys(r[0] for r in rows):
    for ep in dict.fromkeys(r[1] for r in rows if r[0] == fw):
        sel = [r for r in rows if r[0] == fw and r[1] == ep]
        m = tuple(statistics.median(float(r[i]) for r in sel) for i in (2, 3, 4))
        med[(fw, ep)] = m
        print(f"| {fw} | `{ep}` | {m[0]:.0f} | {m[1]:.3f} | {m[2]:.3f} |")
print()
for fw in dict.fromkeys(r[0] for r in rows):
    mk, cd, va = med.get((fw, "/issues")), med.get((fw, "/codable/issues")), med.get((fw, "/validatable/issues"))
    if mk and cd:
        print(f"{fw}: ModelKit/Codable req/s ×{mk[0]/cd[0]:.2f} (target ≥ 2), p99 ratio {mk[2]/cd[2]:.2f} (target ≤ 0.5), p50 ratio {mk[1]/cd[1]:.2f}")
    if mk and va:
        print(f"{fw}: checks while decoding/Validatable req/s ×{mk[0]/va[0]:.2f} (target ≥ 1.5), p99 ratio {mk[2]/va[2]:.2f}, p50 ratio {mk[1]/va[1]:.2f}")
PY
}

# ---------------------------------------------------------------- streaming upload: resident memory
stream_check() { # framework
    local line count before peak pid
    line=$(python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(",",":")))' "$FIXTURE")
    count=$(( STREAM_GB * 1024 * 1024 * 1024 / (${#line} + 1) ))
    # Warm the server up first, so the first requests' one-time allocations are not counted.
    { yes "$line" || true; } | head -n 1000 | curl -sS -o /dev/null -X POST -H 'Content-Type: application/jsonl' -T - "http://127.0.0.1:$PORT/issues/stream"
    before=$(rss_kb "$SERVER_PID"); peak=$before
    { yes "$line" || true; } | head -n "$count" | curl -sS -o "$WORK/summary" -X POST -H 'Content-Type: application/jsonl' -T - "http://127.0.0.1:$PORT/issues/stream" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        now=$(rss_kb "$SERVER_PID"); [ "$now" -gt "$peak" ] && peak=$now
        sleep 0.2
    done
    wait "$pid"
    local growth=$(( (peak - before) / 1024 ))
    echo "  $1: streamed $count issues (${STREAM_GB} GB): $(cat "$WORK/summary")"
    echo "  $1: resident memory ${before} kB before, ${peak} kB peak: growth ${growth} MB (target ≤ 64 MB)"
    grep -q "\"count\":$count" "$WORK/summary"; check "$1 stream: every issue counted" $?
    [ "$growth" -le 64 ]; check "$1 stream: memory growth ≤ 64 MB" $?
}

: >"$WORK/results"
for framework in $FRAMEWORKS; do
    start_server "$framework"
    if [ "$SMOKE" = 1 ]; then
        smoke "$framework"
        hostile "$framework"
    else
        smoke "$framework"
        echo "load: $framework, $ROUNDS rounds × ${DURATION}s per endpoint, $CONNECTIONS connections, interleaved"
        for round in $(seq 1 "$ROUNDS"); do
            run_wrk "$framework" /issues
            run_wrk "$framework" /codable/issues
            if [ "$framework" = vapor ]; then run_wrk "$framework" /validatable/issues; fi
        done
    fi
    [ "$STREAM_GB" != 0 ] && stream_check "$framework"
    stop_server
done
[ "$SMOKE" = 0 ] && report
echo "$FAILURES failed"
[ "$FAILURES" = 0 ]
