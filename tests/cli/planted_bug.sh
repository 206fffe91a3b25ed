#!/usr/bin/env bash
# The planted-bug test: plant mutant NN (the patch mutants/NN-*.patch, applied to a scratch copy
# of the tree in SCRATCH_DIR/src and built in SCRATCH_DIR/build by mutants/plant.sh), run
# `hoyito verify` on it, and require that it fails, writes a disagreement transcript, and that
# `hoyito replay` on that transcript reproduces the disagreement and `hoyito show` prints its game.
# Usage: planted_bug.sh SOURCE_DIR SCRATCH_DIR NN [verify arguments...]
set -euo pipefail
source_dir=$1 scratch_dir=$2 mutant=$3
shift 3
patches=("$source_dir"/mutants/"$mutant"-*.patch)
if [ ! -f "${patches[0]}" ]; then echo "FAIL: no mutant $mutant in $source_dir/mutants"; exit 1; fi
"$source_dir/mutants/plant.sh" "${patches[0]}" "$scratch_dir"
build_dir=$scratch_dir/build
out="$scratch_dir/verify-out"
rm -rf "$out"
set +e
"$build_dir/hoyito" verify --out "$out" "$@" >"$scratch_dir/verify.log" 2>&1
code=$?
set -e
tail -5 "$scratch_dir/verify.log"
if [ "$code" -ne 1 ]; then echo "FAIL: verify exited $code with mutant $mutant planted, expected 1"; exit 1; fi
transcript="$out/disagreement-1.json"
if [ ! -f "$transcript" ]; then echo "FAIL: no $transcript"; exit 1; fi
set +e
"$build_dir/hoyito" replay "$transcript" >"$scratch_dir/replay.log" 2>&1
code=$?
set -e
cat "$scratch_dir/replay.log"
if [ "$code" -ne 1 ] || ! grep -q "they differ at ply" "$scratch_dir/replay.log"; then
  echo "FAIL: hoyito replay did not reproduce the disagreement (exit $code)"; exit 1
fi
# `hoyito show` prints the game the transcript describes: the model's plies up to the differing one.
if ! "$build_dir/hoyito" show "$transcript" >"$scratch_dir/show.log" 2>&1 ||
   ! grep -q "^Disagreement: model and engine differ in '.*' at ply" "$scratch_dir/show.log" ||
   ! grep -q "^South  \[" "$scratch_dir/show.log"; then
  cat "$scratch_dir/show.log"; echo "FAIL: hoyito show did not print the disagreement's game"; exit 1
fi
cat "$scratch_dir/show.log"
echo "PASS: mutant $mutant caught by verify, reproduced by replay and shown by show"
