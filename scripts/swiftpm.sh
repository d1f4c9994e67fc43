# Sourced by the scripts that build: `swiftpm SCRATCH swift build|test ...` runs the command. It
# drops SCRATCH's build database and manifests (llbuild then re-checks every output) before the
# build when the set of source files changed since the last build there, and after a failure
# "because of missing inputs" (a source moved or deleted since, after a `git pull`), then runs the
# command once more.
swiftpm() {
    local scratch="$1"; shift
    local log status
    # A source file added to a package another one depends on by path (the root package, for
    # Benchmarks/, Fuzz/ and Examples/) is not seen by a build database made before it: the build
    # fails on the missing symbol. The list of sources is kept beside the database; when it
    # changes, the database goes.
    local sources
    sources=$(find Sources Tests Benchmarks/Sources Fuzz/Sources Examples -name '*.swift' -not -path '*/.build*' 2>/dev/null | sort | cksum)
    if [ -d "$scratch" ] && [ "$(cat "$scratch/modelkit-sources" 2>/dev/null)" != "$sources" ]; then
        rm -f "$scratch/build.db" "$scratch"/*.yaml
        find "$scratch" -maxdepth 3 -name description.json -delete 2>/dev/null || true
    fi
    mkdir -p "$scratch" && echo "$sources" >"$scratch/modelkit-sources"
    log=$(mktemp)
    # The output stays live through `tee`; the command's status is kept beside the log.
    { "$@" 2>&1 && echo 0 >"$log.status" || echo $? >"$log.status"; } | tee "$log"
    status=$(cat "$log.status")
    if [ "$status" -ne 0 ] && grep -q "because of missing inputs" "$log"; then
        echo "note: $scratch lists sources that are gone; dropping its build database and building again" >&2
        rm -f "$scratch/build.db" "$scratch"/*.yaml
        find "$scratch" -maxdepth 3 -name description.json -delete 2>/dev/null || true
        status=0
        "$@" || status=$?
    fi
    rm -f "$log" "$log.status"
    return "$status"
}
