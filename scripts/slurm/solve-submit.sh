#!/usr/bin/env bash
# Submits a `hoyito solve` build of the tables up to K seeds to Slurm, layer by layer
# (docs/solve.md, "Sharding a layer"): for each layer L a job array of NB tasks builds its
# blocks (`solve --layer L --block B/NB`), then a merge job solves the layer and writes the table
# of K = L (`solve --merge-layer L`); each layer's array waits for the merge below it (afterok).
# The layers are those a game reaches, L = 4, 8, ... up to K (2x6 and 2x12 start with a multiple
# of four seeds, BRD-3, and captures take fours), or every L = 1..K with --all-layers among the
# flags. Prints the job ids. With K a multiple of four (or --all-layers) the table of K is then
# OUTDIR's *-kK.tbl, the same bytes as `hoyito solve --max-seeds K` writes in one process.
#
#   scripts/slurm/solve-submit.sh K NB OUTDIR [solve rules flags...]
#   HOYITO=$PWD/build/release/hoyito scripts/slurm/solve-submit.sh 16 64 /shared/tables --variant hoyito2
#
# OUTDIR and the program must be on a file system every node sees. Extra sbatch options (a
# partition, a time limit, memory for the merge) go in SBATCH_ARGS.
set -euo pipefail
if (($# < 3)); then
  echo "usage: $0 K NB OUTDIR [solve rules flags...]" >&2
  exit 2
fi
k=$1 nb=$2 out=$3
shift 3
[[ "$k" =~ ^[1-9][0-9]*$ ]] || { echo "$0: K '$k' is not a whole number from 1" >&2; exit 2; }
[[ "$nb" =~ ^[1-9][0-9]*$ ]] || { echo "$0: NB '$nb' is not a whole number from 1" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
step=4
for flag in "$@"; do [[ "$flag" == --all-layers ]] && step=1; done
after=""
for ((layer = step; layer <= k; layer += step)); do
  # shellcheck disable=SC2086  # SBATCH_ARGS is a list of options
  array=$(sbatch --parsable ${SBATCH_ARGS:-} --chdir "$out" --export=ALL --array="1-$nb" \
    ${after:+--dependency=afterok:$after} "$here/solve-block.sbatch" "$out" "$layer" "$@")
  # shellcheck disable=SC2086
  merge=$(sbatch --parsable ${SBATCH_ARGS:-} --chdir "$out" --export=ALL --dependency="afterok:${array%%;*}" \
    "$here/solve-merge.sbatch" "$out" "$layer" "$@")
  echo "layer $layer: array job ${array%%;*} ($nb blocks), merge job ${merge%%;*}"
  after=${merge%%;*}
done
