#!/usr/bin/env bash
# Submits a `hoyito simulate` run to Slurm as a job array of M shards and a merge job that
# waits for all of them (afterok). Prints the two job ids.
#
#   scripts/slurm/submit.sh M OUTDIR RESULT.json [simulate arguments...]
#   HOYITO=$PWD/build/release/hoyito scripts/slurm/submit.sh 100 /shared/run1 /shared/run1.json \
#       --variant hoyito2 --games 100000000 --seed 2026
#
# OUTDIR and the program must be on a file system every node sees. Extra sbatch options (a
# partition, a time limit) go in SBATCH_ARGS, e.g. SBATCH_ARGS="--partition=short --time=1:00:00".
set -euo pipefail
if (($# < 3)); then
  echo "usage: $0 M OUTDIR RESULT.json [simulate arguments...]" >&2
  exit 2
fi
m=$1 out=$2 result=$3
shift 3
[[ "$m" =~ ^[1-9][0-9]*$ ]] || { echo "$0: M '$m' is not a whole number from 1" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
# shellcheck disable=SC2086  # SBATCH_ARGS is a list of options
array=$(sbatch --parsable ${SBATCH_ARGS:-} --chdir "$out" --export=ALL --array="1-$m" "$here/simulate-array.sbatch" "$out" "$@")
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} --chdir "$out" --export=ALL --dependency="afterok:${array%%;*}" \
  "$here/simulate-merge.sbatch" "$out" "$m" "$result")
echo "array job ${array%%;*} ($m shards), merge job ${merge%%;*} -> $result"
