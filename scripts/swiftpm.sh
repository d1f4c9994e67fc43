# Sourced by the scripts that build: `swiftpm SCRATCH swift build|test ...` runs the command and,
# when it fails because SwiftPM's build database still lists a source file that was moved or
# deleted since the last build in SCRATCH ("because of missing inputs", after a `git pull`), drops
# that database and the build manifests (llbuild then re-checks every output) and runs it once more.
swiftpm() {
    local scratch="$1"; shift
    local log status
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
