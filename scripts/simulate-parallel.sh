#!/usr/bin/env bash
# Runs one `hoyito simulate` as SHARDS shards with GNU parallel (Debian package `parallel`),
# each on its own process (here or on other machines with parallel's --sshlogin), then merges
# them: the merged JSON is byte for byte what one run with the same arguments writes.
#
#   scripts/simulate-parallel.sh SHARDS OUT.json [simulate arguments...]
#   scripts/simulate-parallel.sh 4 /tmp/all.json --variant hoyito2 --games 1000000 --seed 2026
#
# HOYITO (default build/release/hoyito) names the program; JOBS (default: the number of cores)
# how many shards run at once; each shard runs with --threads 1. The shards' files are kept
# in OUT.shards/ (shard-K.json, shard-K.log), so a failed shard can be run again by hand.
set -euo pipefail
if (($# < 2)); then
  echo "usage: $0 SHARDS OUT.json [simulate arguments...]" >&2
  exit 2
fi
shards=$1 out=$2
shift 2
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "$0: SHARDS '$shards' is not a whole number from 1" >&2; exit 2; }
hoyito=${HOYITO:-$(dirname "$0")/../build/release/hoyito}
jobs=${JOBS:-$(nproc)}
command -v parallel >/dev/null || { echo "$0: GNU parallel is missing (Debian package parallel; scripts/setup.sh)" >&2; exit 2; }
dir="$out.shards"
mkdir -p "$dir"
# --halt now,fail=1: the first failing shard stops the rest; its exit code is ours.
seq 1 "$shards" | parallel --will-cite --halt now,fail=1 --jobs "$jobs" \
  "$hoyito" simulate "$@" --threads 1 --quiet --shard "{}/$shards" --json "$dir/shard-{}.json" ">" "$dir/shard-{}.log"
files=()
for k in $(seq 1 "$shards"); do files+=("$dir/shard-$k.json"); done
"$hoyito" merge "${files[@]}" --out "$out"
echo "simulate-parallel: $shards shards merged into $out"
