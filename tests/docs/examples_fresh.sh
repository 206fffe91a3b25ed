#!/usr/bin/env bash
# docs/examples/ must be what `hoyito examples` writes now: regenerate into a temporary folder and
# compare. On a difference: run `build/release/hoyito examples --out docs/examples` and commit.
set -euo pipefail
hoyito=$1 source_dir=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$hoyito" examples --out "$out" >/dev/null
if ! diff -r -q "$source_dir/docs/examples" "$out"; then
  echo "docs/examples is out of date: run \`hoyito examples --out docs/examples\` and commit the result"
  exit 1
fi
echo "docs/examples is up to date"
