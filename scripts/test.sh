#!/usr/bin/env bash
# Every test: set up, check the source format, build the release and asan presets, run ctest on both.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The sources are in the format of .clang-format: a file that is not fails the run here, first.
scripts/format.sh --check
for preset in release asan; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  # The planted-bug test builds its own release tree: once is enough.
  if [ "$preset" = asan ]; then ctest --preset asan -LE mutants; else ctest --preset "$preset"; fi
done
