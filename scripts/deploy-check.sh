#!/usr/bin/env bash
# Proves Examples/Dockerfile's layout without Docker:
#  1. builds the Hummingbird example with the Dockerfile's own BUILD_FLAGS (read from it);
#  2. copies the binary into an empty directory tree holding exactly what the runtime stage adds
#     to debian:bookworm-slim: the shared library files of the libyajl2 package;
#  3. checks with ldd that nothing else is needed: every library resolves into that tree or is
#     one the slim base image has (glibc, libgcc_s, libstdc++), none comes from the Swift toolchain;
#  4. runs it from there with LD_LIBRARY_PATH limited to the tree, checks that it answers requests
#     on 127.0.0.1 (a good body → 200, a bad one → 400), and stops it by its PID.
#   scripts/deploy-check.sh                  as above (scratch path Examples/.build-deploy)
#   scripts/deploy-check.sh --static-yajl    links libyajl statically (libyajl-dev's libyajl_s.a,
#                                            through a yajl.pc of its own; see the Deploying
#                                            article): the tree holds no libyajl
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swiftpm.sh
say() { echo "deploy-check: $*"; }
fail() { echo "deploy-check: FAIL: $*" >&2; exit 1; }

static_yajl=0
[ "${1:-}" = "--static-yajl" ] && static_yajl=1
scripts/ensure-yajl.sh
command -v curl >/dev/null || fail "curl is needed"

flags=$(sed -n 's/^ARG BUILD_FLAGS="\(.*\)"$/\1/p' Examples/Dockerfile)
[ -n "$flags" ] || fail "no ARG BUILD_FLAGS=\"…\" line in Examples/Dockerfile"
scratch=Examples/.build-deploy
work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

if [ "$static_yajl" = 1 ]; then
    # SwiftPM links what pkg-config's yajl.pc says, with its directory first (-L… -lyajl), so the
    # shared library wins over the archive beside it. A yajl.pc of our own points -L at a
    # directory holding only libyajl.a (libyajl-dev's libyajl_s.a): -lyajl then finds the archive.
    archive=$(dpkg -L libyajl-dev | grep '/libyajl_s\.a$') || fail "libyajl-dev has no libyajl_s.a"
    mkdir -p "$work/yajl-static" "$work/pkgconfig"
    ln -s "$archive" "$work/yajl-static/libyajl.a"
    printf 'Name: yajl\nDescription: yajl, linked statically\nVersion: %s\nCflags: %s\nLibs: -L%s -lyajl\n' \
        "$(pkg-config --modversion yajl)" "$(pkg-config --cflags yajl)" "$work/yajl-static" > "$work/pkgconfig/yajl.pc"
    export PKG_CONFIG_PATH="$work/pkgconfig"
    scratch=Examples/.build-deploy-static   # the yajl.pc path is part of every CYajl user's flags
fi

# shellcheck disable=SC2086 # the flags are words, as in the Dockerfile's RUN line
say "building: swift build --package-path Examples $flags$([ "$static_yajl" = 1 ] && echo " (yajl.pc: static)") (first build: NIO and Hummingbird in release, many minutes)"
# shellcheck disable=SC2086
swiftpm "$scratch" swift build --package-path Examples --scratch-path "$scratch" $flags
# shellcheck disable=SC2086
bin_dir=$(swift build --package-path Examples --scratch-path "$scratch" $flags --show-bin-path)

# The runtime tree: the binary where the image puts it, and libyajl2's files (none when static).
root="$work/root"
mkdir -p "$root/usr/local/bin"
cp "$bin_dir/HummingbirdExample" "$root/usr/local/bin/"
if [ "$static_yajl" = 0 ]; then
    dpkg-query -W libyajl2 >/dev/null 2>&1 || fail "libyajl2 is not installed here"
    version=$(dpkg-query -W -f='${Version}' libyajl2)
    dpkg --compare-versions "$version" ge 2.1.0-3+deb12u2 || fail "libyajl2 $version predates the CVE fixes (2.1.0-3+deb12u2)"
    while read -r file; do
        mkdir -p "$root$(dirname "$file")"
        cp -a "$file" "$root$file"
    done < <(dpkg -L libyajl2 | grep '\.so')
fi
libpath=$(find "$root" -name '*.so*' -printf '%h\n' | sort -u | paste -sd:)
say "runtime tree:"; (cd "$root" && find . -type f -o -type l | sed 's/^\./    /')

# What the binary needs, resolved as the tree would resolve it.
LD_LIBRARY_PATH="$libpath" ldd "$root/usr/local/bin/HummingbirdExample" > "$work/ldd"
sed 's/^/    /' "$work/ldd"
base='^(linux-vdso\.so\.1|ld-linux-x86-64\.so\.2|ld-linux-aarch64\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libutil\.so\.1|libgcc_s\.so\.1|libstdc\+\+\.so\.6)$'
yajl_found=0
while read -r name arrow path _; do
    [ -n "$name" ] || continue
    lib=$(basename "$name")
    [ "$arrow" = "=>" ] || path=$name
    [ "$path" != "not" ] || fail "$lib is not found"
    case "$lib" in
        libyajl.so*)
            [[ "$path" == "$root"/* ]] || fail "$lib resolves outside the runtime tree: $path"
            yajl_found=1 ;;
        *)
            [[ "$lib" =~ $base ]] || fail "$lib ($path) is not in the slim base image; the runtime stage would lack it"
            [[ "$path" != /opt/* && "$path" != *swift* ]] || fail "$lib comes from the Swift toolchain: $path" ;;
    esac
done < "$work/ldd"
if [ "$static_yajl" = 0 ]; then
    [ "$yajl_found" = 1 ] || fail "the binary does not link libyajl.so.2 (expected with the Dockerfile's flags)"
else
    [ "$yajl_found" = 0 ] || fail "--static-yajl: the binary still links libyajl.so"
fi
say "ldd: glibc, libgcc_s and libstdc++ from the base image$([ "$static_yajl" = 0 ] && echo ", libyajl from the tree") — nothing else"

# Run it from the tree, in an empty working directory.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
mkdir -p "$work/cwd"
(cd "$work/cwd" && exec env -i PATH=/usr/bin:/bin HOST=127.0.0.1 LD_LIBRARY_PATH="$libpath" \
    "$root/usr/local/bin/HummingbirdExample" "$port") > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/issues/export?count=1" && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; fail "the server exited"; }
    sleep 0.1
done
post() { curl -sS -o "$work/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary "$1" "http://127.0.0.1:$port/issues"; }
status=$(post @Examples/Fixtures/issue.json)
[ "$status" = 200 ] || { cat "$work/body" >&2; fail "POST /issues answered $status, expected 200"; }
grep -q '"title"' "$work/body" || fail "POST /issues: no issue in the answer"
status=$(post '{"title":12}')
[ "$status" = 400 ] || fail "a bad body answered $status, expected 400"
say "PASS: the server ran from the runtime tree on 127.0.0.1:$port (200 for an issue, 400 for a bad body: $(head -c 120 "$work/body"))"
