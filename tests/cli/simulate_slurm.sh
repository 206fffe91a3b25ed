#!/usr/bin/env bash
# scripts/slurm/ against a real single-node Slurm on localhost (scripts/slurm/local-cluster.sh):
# a job array of 4 shards and the merge job give the same bytes as one run. Skipped (exit 77)
# where slurm-wlm and munge are not installed or the test does not run as root.
set -euo pipefail
source_dir=$1 binary_dir=$2
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null || [ "$(id -u)" -ne 0 ]; then
  echo "simulate_slurm: skipped (needs slurm-wlm, munge and root)"
  exit 77
fi
work=$(mktemp -d)
cluster="$work/cluster"
trap '"$source_dir/scripts/slurm/local-cluster.sh" stop "$cluster"; rm -rf "$work" || true' EXIT
eval "$("$source_dir/scripts/slurm/local-cluster.sh" start "$cluster")"
args=(--variant hoyito2 --games 4000 --seed 12)
"$binary_dir/hoyito" simulate "${args[@]}" --threads 1 --quiet --json "$work/one.json" >/dev/null
HOYITO="$binary_dir/hoyito" "$source_dir/scripts/slurm/submit.sh" 4 "$work/run" "$work/run/merged.json" "${args[@]}"
for _ in $(seq 1 240); do
  [ -z "$(squeue -h)" ] && break
  sleep 1
done
[ -z "$(squeue -h)" ] || { echo "simulate_slurm: jobs still queued after 240 s"; squeue; exit 1; }
cmp "$work/one.json" "$work/run/merged.json"
echo "simulate_slurm: a Slurm job array of 4 shards and its merge job gave the same bytes as one run"
