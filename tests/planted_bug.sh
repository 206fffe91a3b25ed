#!/usr/bin/env bash
# The planted-bug test: build the engine with mutant K planted (engine/mutants.h), run
# `hoyito verify` on it, and require that it fails, writes a disagreement transcript, and that
# `hoyito replay` on that transcript reproduces the disagreement.
# Usage: planted_bug.sh SOURCE_DIR BUILD_DIR MUTANT [verify arguments...]
set -euo pipefail
source_dir=$1 build_dir=$2 mutant=$3
shift 3
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOYITO_TESTS=OFF \
      -DHOYITO_MUTANT="$mutant" >/dev/null
cmake --build "$build_dir" --target hoyito >/dev/null
out="$build_dir/verify-out"
rm -rf "$out"
set +e
"$build_dir/hoyito" verify --out "$out" "$@" >"$build_dir/verify.log" 2>&1
code=$?
set -e
tail -5 "$build_dir/verify.log"
if [ "$code" -ne 1 ]; then echo "FAIL: verify exited $code with mutant $mutant planted, expected 1"; exit 1; fi
transcript="$out/disagreement-1.json"
if [ ! -f "$transcript" ]; then echo "FAIL: no $transcript"; exit 1; fi
set +e
"$build_dir/hoyito" replay "$transcript" >"$build_dir/replay.log" 2>&1
code=$?
set -e
cat "$build_dir/replay.log"
if [ "$code" -ne 1 ] || ! grep -q "they differ at ply" "$build_dir/replay.log"; then
  echo "FAIL: hoyito replay did not reproduce the disagreement (exit $code)"; exit 1
fi
echo "PASS: mutant $mutant caught by verify and reproduced by replay"
