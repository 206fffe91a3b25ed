#!/bin/bash
# `cmake --install` gives a program that works on its own: installed to a temporary prefix and
# run from another folder (no source tree at hand), it finds its scenarios in
# PREFIX/share/hoyito/specs and its rules text built in. Usage: install_test.sh BUILD_DIR
set -eu
build=$(readlink -f "$1")
prefix=$(mktemp -d)
elsewhere=$(mktemp -d)
trap 'rm -rf "$prefix" "$elsewhere"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
test -x "$prefix/bin/hoyito"
test -d "$prefix/share/hoyito/specs/scenarios"
cd "$elsewhere"
"$prefix/bin/hoyito" --version
"$prefix/bin/hoyito" rules | grep -q "SOW-1"
# Every default output goes to the cache folder, none to the current one.
XDG_CACHE_HOME="$elsewhere/cache" "$prefix/bin/hoyito" verify --games 4 --record-games 1 --skip limits,matches >verify.txt
grep -q "scenarios" verify.txt
test -d "$elsewhere/cache/hoyito/verify"
leftover=$(ls -A | grep -v -e '^verify.txt$' -e '^cache$' || true)
test -z "$leftover" || { echo "FAIL: default outputs in the current folder: $leftover"; exit 1; }
echo "install: the installed program ran from $elsewhere"
