#!/usr/bin/env bash
# Every test: set up, check the source format, build the release and asan presets, and run ctest
# on both, tier by tier (quick, full, long: docs/reference.md "Test tiers"); prints each tier's
# wall time at the end. Exit 1 if any test failed (every tier still runs).
#   scripts/test.sh --quick   build the release preset and run the quick tier only (`ctest -L quick`),
#                             the check to run at each commit (under a minute on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
tiers=(quick full long)
if [ "${1:-}" = --quick ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release
  exec ctest --preset release -L '^quick$'
elif [ $# -gt 0 ]; then
  echo "scripts/test.sh: unknown argument '$1' (usage: scripts/test.sh [--quick])" >&2
  exit 2
fi
scripts/setup.sh
# ccache (when present) keyed by paths relative to this tree: the planted-mutant builds under
# build/ then reuse the release build's objects (mutants/plant.sh).
export CCACHE_BASEDIR=$PWD
# The sources are in the format of .clang-format: a file that is not fails the run here, first.
scripts/format.sh --check
status=0
times=()
for preset in release asan; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  # A test in no tier would run in none of the loops below.
  untiered=$(ctest --preset "$preset" -N -LE '^(quick|full|long)$' | sed -n 's/^Total Tests: //p')
  if [ "$untiered" != 0 ]; then
    echo "scripts/test.sh: $untiered $preset test(s) without a tier label (quick, full or long; tests/CMakeLists.txt):" >&2
    ctest --preset "$preset" -N -LE '^(quick|full|long)$' | grep 'Test *#' >&2
    exit 1
  fi
  # The planted-bug tests build their own release tree: once is enough.
  exclude=()
  if [ "$preset" = asan ]; then exclude=(-LE mutants); fi
  for tier in "${tiers[@]}"; do
    start=$SECONDS
    ctest --preset "$preset" -L "^$tier\$" "${exclude[@]}" || status=1
    times+=("$(printf '%-8s %-6s %5d s' "$preset" "$tier" $((SECONDS - start)))")
  done
done
echo "Test time by tier (wall clock, ctest -j2):"
printf '  %s\n' "${times[@]}"
exit "$status"
