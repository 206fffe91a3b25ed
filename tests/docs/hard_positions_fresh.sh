#!/usr/bin/env bash
# specs/hard-positions.json must be what `hoyito suite --search-hard` writes now (the search is
# seeded: the same vectors on any machine): regenerate into a temporary file and compare. On a
# difference: run `build/release/hoyito suite --search-hard specs/hard-positions.json` and commit.
# The search takes about a minute (release build).
set -euo pipefail
hoyito=$1 source_dir=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$hoyito" suite --search-hard "$out/hard-positions.json"
if ! cmp -s "$source_dir/specs/hard-positions.json" "$out/hard-positions.json"; then
  diff "$source_dir/specs/hard-positions.json" "$out/hard-positions.json" | head -20
  echo "specs/hard-positions.json is out of date: run \`hoyito suite --search-hard specs/hard-positions.json\` and commit it"
  exit 1
fi
echo "specs/hard-positions.json is up to date"
