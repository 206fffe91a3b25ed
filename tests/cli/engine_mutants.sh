#!/usr/bin/env bash
# The mutants of mutants/ killed through the engine protocol: each patch is planted in a scratch
# copy of the tree (mutants/plant.sh: only what it touches rebuilds between mutants), and
# `hoyito verify --engine "<mutant build>/hoyito serve --impl engine" --fail-fast` (this tree's
# hoyito against the mutant's engine, served) must fail with a disagreement or a failed scenario.
# Prints one row per mutant: killed (and by what) or SURVIVED. Exit 1 when one survives, so the
# test fails when the protocol path (serve, the session, the lockstep through RemoteGame) stops
# seeing a bug that the in-process verify sees.
# Usage: tests/cli/engine_mutants.sh HOYITO SOURCE_DIR SCRATCH_DIR K...   (K: 01, 10, ...; engine mutants)
# All engine mutants: tests/cli/engine_mutants.sh build/release/hoyito . build/mutants-protocol \
#   $(ls mutants/[0-9][0-9]-*.patch | xargs -n1 basename | cut -c1-2)
set -uo pipefail
hoyito=$(realpath "$1")
src=$(realpath "$2")
scratch=$3
shift 3
mkdir -p "$scratch"
scratch=$(realpath "$scratch")
survived=0
printf '%-4s %-12s %-9s %-10s %s\n' K rule result seconds "first report"
for k in "$@"; do
  patches=("$src"/mutants/"$k"-*.patch)
  [ -f "${patches[0]}" ] || { echo "no mutant $k in $src/mutants"; exit 2; }
  rule=$(sed -n '/^diff --git /q; s/^Rule: //p' "${patches[0]}")
  "$src/mutants/plant.sh" "${patches[0]}" "$scratch" || { echo "$k: cannot plant (see $scratch/build.log)"; exit 2; }
  out=$scratch/verify-$k
  start=$(date +%s)
  timeout 900 "$hoyito" verify --engine "'$scratch/build/hoyito' serve --impl engine" --fail-fast --games 40 \
    --out "$out" >"$scratch/verify-$k.log" 2>&1
  code=$?
  secs=$(($(date +%s) - start))
  first=$(grep -m1 -E '^(NEW class|  FAIL|ENGINE FAILURE)' "$scratch/verify-$k.log" | cut -c1-100)
  if [ "$code" = 1 ] && [ -n "$first" ]; then result=killed; else result=SURVIVED; survived=1; fi
  printf '%-4s %-12s %-9s %-10s %s\n' "$k" "$rule" "$result" "$secs" "${first:-exit $code}"
done
exit $survived
