#!/usr/bin/env bash
# scripts/simulate-parallel.sh with GNU parallel: 3 shards merged are the same bytes as one run.
set -euo pipefail
source_dir=$1 binary_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=(--variant hoyito3 --games 3000 --seed 11 --players greedy,random --paired)
"$binary_dir/hoyito" simulate "${args[@]}" --threads 1 --quiet --json "$work/one.json" >/dev/null
HOYITO="$binary_dir/hoyito" JOBS=2 "$source_dir/scripts/simulate-parallel.sh" 3 "$work/merged.json" "${args[@]}"
cmp "$work/one.json" "$work/merged.json"
echo "simulate_parallel: 3 shards under GNU parallel merged to the same bytes as one run"
