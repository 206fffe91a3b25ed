#!/usr/bin/env bash
# scripts/slurm/solve-submit.sh against a real single-node Slurm on localhost
# (scripts/slurm/local-cluster.sh): the tables of Hoyito II 2x6 up to K = 5 (--all-layers), every layer a job
# array of 3 blocks and a merge job, chained layer after layer, give the same bytes as one
# `solve --max-seeds 5`. Fails if a layer's array starts before the merge below it (its blocks
# then find no lower table), a block is lost, or a merge reads the wrong parts. Skipped (exit 77)
# where slurm-wlm and munge are not installed or the test does not run as root.
set -euo pipefail
source_dir=$1 binary_dir=$2
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null || [ "$(id -u)" -ne 0 ]; then
  echo "solve_slurm: skipped (needs slurm-wlm, munge and root)"
  exit 77
fi
work=$(mktemp -d)
cluster="$work/cluster"
trap '"$source_dir/scripts/slurm/local-cluster.sh" stop "$cluster"; rm -rf "$work" || true' EXIT
eval "$("$source_dir/scripts/slurm/local-cluster.sh" start "$cluster")"
"$binary_dir/hoyito" solve --variant hoyito2 --max-seeds 5 --all-layers --out "$work/whole" >/dev/null
HOYITO="$binary_dir/hoyito" "$source_dir/scripts/slurm/solve-submit.sh" 5 3 "$work/run" --variant hoyito2 --all-layers
for _ in $(seq 1 300); do
  [ -z "$(squeue -h)" ] && break
  sleep 1
done
[ -z "$(squeue -h)" ] || { echo "solve_slurm: jobs still queued after 300 s"; squeue; exit 1; }
table=$(basename "$work"/whole/*.tbl)
[ -f "$work/run/$table" ] || { echo "solve_slurm: no $table written; logs:"; tail -n 5 "$work"/run/*.log; exit 1; }
cmp "$work/whole/$table" "$work/run/$table"
echo "solve_slurm: 5 layers of 3 blocks each, as Slurm job arrays and merge jobs, gave the same bytes as one build"
